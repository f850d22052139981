//! The metrics' names and the calls that count them, through the `metrics` facade: one recorder
//! for the process (`install`), rendered by `serve` at each scrape. Every name starts with
//! `storeloom_` except the process's resident memory, which takes the name every Prometheus
//! client gives it.

use std::sync::OnceLock;
use std::time::Duration;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Requests answered, by route template, method and status (counter).
pub const HTTP_REQUESTS: &str = "storeloom_http_requests_total";
/// Seconds from a request's arrival to its answer's head, by route template and method
/// (histogram).
pub const HTTP_DURATION: &str = "storeloom_http_request_duration_seconds";
/// Database connections open, by `state` (`idle`, `in_use`) (gauge, read at scrape).
pub const DB_CONNECTIONS: &str = "storeloom_db_pool_connections";
/// The most connections the pool opens (gauge, read at scrape).
pub const DB_MAX_CONNECTIONS: &str = "storeloom_db_pool_max_connections";
/// Requests that gave up waiting for a database connection (counter, `error::POOL_TIMEOUTS`).
pub const DB_POOL_TIMEOUTS: &str = crate::error::POOL_TIMEOUTS;
/// Storefront event batches, by `outcome`: `stored`, `throttled`, `unknown_store`, `failed`,
/// `queue_full`, `timeout` (counter).
pub const INGEST_BATCHES: &str = "storeloom_ingest_batches_total";
/// Storefront events, by `outcome`: `accepted` (stored) or `dropped` at the edge (too old, too
/// new, a browser's conversion) (counter).
pub const INGEST_EVENTS: &str = "storeloom_ingest_events_total";
/// Batches waiting for the analytics writer (gauge, read at scrape).
pub const INGEST_QUEUE_DEPTH: &str = "storeloom_ingest_queue_depth";
/// The most batches that may wait before new ones are answered 503 (gauge).
pub const INGEST_QUEUE_CAPACITY: &str = "storeloom_ingest_queue_capacity";
/// Unsent e-mail still being tried (gauge, one query at scrape).
pub const OUTBOX_PENDING: &str = "storeloom_outbox_pending";
/// Unsent e-mail given up on after its last attempt (gauge, same query).
pub const OUTBOX_GIVEN_UP: &str = "storeloom_outbox_given_up";
/// The age of the oldest e-mail still being tried, 0 when none is (gauge, same query).
pub const OUTBOX_OLDEST_SECONDS: &str = "storeloom_outbox_oldest_pending_seconds";
/// E-mail deliveries by this process, by `outcome`: `sent` or `failed` (counter).
pub const MAIL_DELIVERIES: &str = "storeloom_mail_deliveries_total";
/// Sign-ins refused for a wrong e-mail or password (counter).
pub const LOGIN_FAILURES: &str = "storeloom_login_failures_total";
/// Sign-ins refused because the account or the address is locked out (counter).
pub const LOGIN_LOCKOUTS: &str = "storeloom_login_lockouts_total";
/// The analytics index's estimated size in memory (gauge, read at scrape).
pub const ROLLUP_INDEX_BYTES: &str = "storeloom_rollup_index_bytes";
/// Stores the analytics index holds a copy of (gauge, read at scrape).
pub const ROLLUP_INDEX_STORES: &str = "storeloom_rollup_index_stores";
/// Scrapes that could not read a gauge from the database in time; the gauge keeps its last
/// value (counter).
pub const SCRAPE_ERRORS: &str = "storeloom_metrics_scrape_errors_total";
/// The process's resident memory (gauge, `/proc/self/status` at scrape, Linux only).
pub const RESIDENT_MEMORY: &str = "process_resident_memory_bytes";

/// The request latency histogram's bucket bounds, in seconds (Prometheus' defaults).
const DURATION_BUCKETS: [f64; 11] = [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// How often the recorder folds recent histogram samples in (its upkeep), so that they do not
/// pile up between scrapes.
const UPKEEP_EVERY: Duration = Duration::from_secs(5);

/// The process's recorder, once installed.
static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();

/// Installs the process's recorder on first call and returns its handle; `None` when another
/// recorder was installed first (then nothing is rendered).
pub fn install() -> Option<&'static PrometheusHandle> {
    HANDLE
        .get_or_init(|| {
            let handle = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Full(HTTP_DURATION.to_owned()), &DURATION_BUCKETS)
                .and_then(PrometheusBuilder::install_recorder);
            match handle {
                Ok(handle) => {
                    describe();
                    let upkeep = handle.clone();
                    // A thread, not a task: the recorder outlives any one runtime (tests run
                    // one per test).
                    let spawned = std::thread::Builder::new()
                        .name("metrics-upkeep".to_owned())
                        .spawn(move || {
                            loop {
                                std::thread::sleep(UPKEEP_EVERY);
                                upkeep.run_upkeep();
                            }
                        });
                    if let Err(error) = spawned {
                        tracing::warn!(%error, "metrics upkeep not started");
                    }
                    Some(handle)
                }
                Err(error) => {
                    tracing::warn!(%error, "metrics recorder not installed");
                    None
                }
            }
        })
        .as_ref()
}

/// The installed recorder's handle, if any: whether metrics are being recorded.
pub fn handle() -> Option<&'static PrometheusHandle> {
    HANDLE.get().and_then(Option::as_ref)
}

/// Gives each metric its help text (`# HELP` lines).
fn describe() {
    use metrics::{Unit, describe_counter, describe_gauge, describe_histogram};
    describe_counter!(
        HTTP_REQUESTS,
        "Requests answered, by route template (unmatched for none), method and status."
    );
    describe_histogram!(
        HTTP_DURATION,
        Unit::Seconds,
        "Time to answer a request's head, by route template and method."
    );
    describe_gauge!(DB_CONNECTIONS, "Database connections open, by state.");
    describe_gauge!(DB_MAX_CONNECTIONS, "The most connections the pool opens.");
    describe_counter!(
        DB_POOL_TIMEOUTS,
        "Requests that gave up waiting for a database connection."
    );
    describe_counter!(INGEST_BATCHES, "Storefront event batches, by outcome.");
    describe_counter!(
        INGEST_EVENTS,
        "Storefront events stored (accepted) or dropped at the edge."
    );
    describe_gauge!(
        INGEST_QUEUE_DEPTH,
        "Event batches waiting for the analytics writer."
    );
    describe_gauge!(
        INGEST_QUEUE_CAPACITY,
        "Event batches that may wait before new ones are refused."
    );
    describe_gauge!(OUTBOX_PENDING, "Unsent e-mail still being tried.");
    describe_gauge!(OUTBOX_GIVEN_UP, "Unsent e-mail given up on.");
    describe_gauge!(
        OUTBOX_OLDEST_SECONDS,
        Unit::Seconds,
        "Age of the oldest e-mail still being tried."
    );
    describe_counter!(
        MAIL_DELIVERIES,
        "E-mail delivery attempts by this process, by outcome."
    );
    describe_counter!(LOGIN_FAILURES, "Sign-ins refused for wrong credentials.");
    describe_counter!(LOGIN_LOCKOUTS, "Sign-ins refused by a lockout.");
    describe_gauge!(
        ROLLUP_INDEX_BYTES,
        Unit::Bytes,
        "Estimated memory of the analytics rollup index."
    );
    describe_gauge!(
        ROLLUP_INDEX_STORES,
        "Stores held by the analytics rollup index."
    );
    describe_counter!(
        SCRAPE_ERRORS,
        "Scrapes that could not read a database gauge in time."
    );
    describe_gauge!(
        RESIDENT_MEMORY,
        Unit::Bytes,
        "Resident memory of the process."
    );
}

/// Counts one answered request and its time. `route` is a route template, never a raw path.
pub fn request(route: &str, method: &'static str, status: u16, elapsed: Duration) {
    metrics::counter!(
        HTTP_REQUESTS,
        "route" => route.to_owned(),
        "method" => method,
        "status" => status.to_string(),
    )
    .increment(1);
    metrics::histogram!(HTTP_DURATION, "route" => route.to_owned(), "method" => method)
        .record(elapsed);
}

/// Counts one storefront event batch by its outcome, and its events when it was stored.
pub fn ingest_batch(outcome: &'static str, accepted: u32, dropped: u32) {
    metrics::counter!(INGEST_BATCHES, "outcome" => outcome).increment(1);
    if accepted > 0 {
        metrics::counter!(INGEST_EVENTS, "outcome" => "accepted").increment(u64::from(accepted));
    }
    if dropped > 0 {
        metrics::counter!(INGEST_EVENTS, "outcome" => "dropped").increment(u64::from(dropped));
    }
}

/// Counts one e-mail delivery attempt.
pub fn mail_delivery(sent: bool) {
    let outcome = if sent { "sent" } else { "failed" };
    metrics::counter!(MAIL_DELIVERIES, "outcome" => outcome).increment(1);
}

/// Counts a sign-in refused for wrong credentials.
pub fn login_failure() {
    metrics::counter!(LOGIN_FAILURES).increment(1);
}

/// Counts a sign-in refused by a lockout.
pub fn login_lockout() {
    metrics::counter!(LOGIN_LOCKOUTS).increment(1);
}
