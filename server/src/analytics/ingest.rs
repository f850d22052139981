//! The writer behind the public endpoint storefronts send their events to (`routes::events`).
//!
//! A request is checked at the edge (size, shape, bots, clock) and handed to the process's
//! writer, which commits every batch waiting at that moment in one transaction: the rate
//! counters, the raw events, the first event of each kind per session, and the rollups. The
//! request is answered 202 only after that commit, so an acknowledged event is durable; when
//! the database cannot take it, the answer is 503 and nothing was kept. Between requests the
//! writer holds nothing: counters and data live in the database, so several server processes
//! can share one PostgreSQL.

use std::collections::{BTreeMap, HashSet};
use std::sync::LazyLock;
use std::time::Duration;

use axum::http::StatusCode;
use shared_types::{EventBatch, EventKind, IngestReceipt};
use sqlx::{AnyConnection, AnyPool};
use tokio::sync::{mpsc, oneshot};

use crate::db::events::{Event, store_events};
use crate::db::{now_ms, rates, stores};
use crate::error::ApiError;
use crate::metrics::record;

/// The largest batch body: 64 KiB.
pub const MAX_BATCH_BYTES: usize = 64 * 1024;
/// The most events in one batch.
pub const MAX_EVENTS: usize = 100;
/// Batches one address may send per second by default (a shopper's browser sends one every few
/// seconds); `INGEST_ADDRESS_LIMIT` changes it.
pub const ADDRESS_LIMIT_PER_SECOND: i64 = 50;
/// Batches one store may receive per second, from all its shoppers together.
pub const STORE_LIMIT_PER_SECOND: i64 = 5_000;
/// Events older than this are dropped: a batch leaves the browser within seconds, so an older
/// event is a replay or a backdated one (issue 24).
pub const MAX_AGE_MS: i64 = 5 * 60_000;
/// Events further in the future than this are dropped (a wrong clock).
pub const MAX_AHEAD_MS: i64 = 5 * 60_000;
/// The longest page path kept; longer ones are cut.
pub const MAX_PAGE_CHARS: usize = 512;
/// Batches waiting for the writer before new ones are turned away with 503.
const QUEUE_CAPACITY: usize = 20_000;
/// Batches committed together at most.
const MAX_JOBS_PER_COMMIT: usize = 1_000;
/// How long a request waits for its commit before answering 503.
const COMMIT_TIMEOUT: Duration = Duration::from_secs(10);

static BOTS: LazyLock<isbot::Bots> = LazyLock::new(isbot::Bots::default);

#[derive(Debug)]
struct Job {
    store_id: String,
    address: String,
    events: Vec<Event>,
    dropped: u32,
    reply: oneshot::Sender<Verdict>,
}

/// What the writer made of a batch.
#[derive(Debug)]
enum Verdict {
    Stored(IngestReceipt),
    Throttled,
    UnknownStore,
    Failed(String),
}

/// The handle request handlers give batches to.
#[derive(Debug, Clone)]
pub struct Ingestor {
    jobs: mpsc::Sender<Job>,
}

impl Ingestor {
    /// Starts the writer on `db`, allowing `address_limit` batches per address and second; it
    /// stops when the last handle is dropped.
    pub fn spawn(db: AnyPool, address_limit: i64) -> Ingestor {
        let (jobs, receiver) = mpsc::channel(QUEUE_CAPACITY);
        tokio::spawn(writer(db, receiver, address_limit));
        Ingestor { jobs }
    }

    /// Batches waiting for the writer now.
    pub fn queue_depth(&self) -> usize {
        self.jobs.max_capacity() - self.jobs.capacity()
    }

    /// The most batches that may wait before new ones are turned away.
    pub fn queue_capacity(&self) -> usize {
        self.jobs.max_capacity()
    }
}

async fn writer(db: AnyPool, mut receiver: mpsc::Receiver<Job>, address_limit: i64) {
    let mut last_sweep = 0_i64;
    while let Some(first) = receiver.recv().await {
        let mut jobs = vec![first];
        while jobs.len() < MAX_JOBS_PER_COMMIT {
            match receiver.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        let now = now_ms();
        let sweep = now - last_sweep > 60_000;
        match commit(&db, &jobs, now, sweep, address_limit).await {
            Ok(verdicts) => {
                if sweep {
                    last_sweep = now;
                }
                for (job, verdict) in jobs.into_iter().zip(verdicts) {
                    let _ = job.reply.send(verdict);
                }
            }
            Err(error) => {
                for job in jobs {
                    let _ = job.reply.send(Verdict::Failed(error.to_string()));
                }
            }
        }
    }
}

/// Commits one group of batches; returns a verdict per batch, in order.
async fn commit(
    db: &AnyPool,
    jobs: &[Job],
    now: i64,
    sweep: bool,
    address_limit: i64,
) -> Result<Vec<Verdict>, sqlx::Error> {
    let mut tx = db.begin().await?;
    let window = now.div_euclid(1000);
    let allowed = rate_check(&mut tx, jobs, window, address_limit).await?;
    let known = known_stores(&mut tx, jobs).await?;
    let mut verdicts = Vec::with_capacity(jobs.len());
    let mut stored: Vec<(&str, &Event)> = Vec::new();
    for (job, allowed) in jobs.iter().zip(allowed) {
        if !allowed {
            verdicts.push(Verdict::Throttled);
        } else if !known.contains(job.store_id.as_str()) {
            verdicts.push(Verdict::UnknownStore);
        } else {
            stored.extend(
                job.events
                    .iter()
                    .map(|event| (job.store_id.as_str(), event)),
            );
            verdicts.push(Verdict::Stored(IngestReceipt {
                accepted: u32::try_from(job.events.len()).unwrap_or(u32::MAX),
                dropped: job.dropped,
            }));
        }
    }
    store_events(&mut tx, &stored, now).await?;
    if sweep {
        // Every counter whose own window ended over a minute ago (db/rates.rs keeps longer ones).
        rates::sweep(&mut tx, window - 60).await?;
    }
    tx.commit().await?;
    Ok(verdicts)
}

/// Counts each batch against its address and its store for this second; a batch over either
/// limit is refused. Refused batches still count, so a flood stays throttled.
async fn rate_check(
    conn: &mut AnyConnection,
    jobs: &[Job],
    window: i64,
    address_limit: i64,
) -> Result<Vec<bool>, sqlx::Error> {
    let keys = |job: &Job| {
        [
            (format!("ingest-address:{}", job.address), address_limit),
            (
                format!("ingest-store:{}", job.store_id),
                STORE_LIMIT_PER_SECOND,
            ),
        ]
    };
    let mut asked: BTreeMap<String, i64> = BTreeMap::new();
    for job in jobs {
        for (key, _) in keys(job) {
            *asked.entry(key).or_default() += 1;
        }
    }
    // The count before this group, per key: one statement for all keys.
    let asked: Vec<(String, i64)> = asked.into_iter().collect();
    let mut used = rates::add_many(conn, &asked, window).await?;
    Ok(jobs
        .iter()
        .map(|job| {
            let mut allowed = true;
            for (key, limit) in keys(job) {
                let count = used.entry(key).or_default();
                *count += 1;
                allowed &= *count <= limit;
            }
            allowed
        })
        .collect())
}

/// The enabled stores among those the batches name.
async fn known_stores(
    conn: &mut AnyConnection,
    jobs: &[Job],
) -> Result<HashSet<String>, sqlx::Error> {
    let named: Vec<&str> = jobs
        .iter()
        .map(|job| job.store_id.as_str())
        .collect::<HashSet<_>>()
        .into_iter()
        .collect();
    stores::enabled_among(conn, &named).await
}

/// Whether a session id has the allowed shape: the checkout's (1 to 64 letters, digits, `-`
/// or `_`), which records the same session's conversion.
fn valid_session(id: &str) -> bool {
    use core_wasm::commerce::checkout::{SESSION_ID_LENGTH, is_token};
    is_token(id, SESSION_ID_LENGTH)
}

/// Checks a batch at the edge: its events, or the messages that refuse it. Events outside the
/// clock window, and conversions (the server's to record), are dropped, not refused.
pub fn check(
    batch: EventBatch,
    now: i64,
    country: &str,
) -> Result<(String, Vec<Event>, u32), ApiError> {
    let mut problems = Vec::new();
    if batch.store_key.trim().is_empty() {
        problems.push("storeKey is required.".to_owned());
    }
    if batch.events.len() > MAX_EVENTS {
        problems.push(format!("At most {MAX_EVENTS} events in one batch."));
    }
    let mut events = Vec::with_capacity(batch.events.len());
    let mut dropped = 0_u32;
    for (index, event) in batch.events.into_iter().enumerate() {
        if !valid_session(&event.session_id) {
            problems.push(format!(
                "events[{index}].sessionId must be 1 to 64 letters, digits, - or _."
            ));
            continue;
        }
        // A conversion is the server's own: it records `checkout_completed` when it places the
        // order, so one sent by a browser is dropped (anyone can send one).
        if event.kind == EventKind::CheckoutCompleted
            || event.at < now - MAX_AGE_MS
            || event.at > now + MAX_AHEAD_MS
        {
            dropped += 1;
            continue;
        }
        let page: String = event.page.chars().take(MAX_PAGE_CHARS).collect();
        events.push(Event {
            session_id: event.session_id,
            kind: event.kind.code(),
            at: event.at,
            page,
            country: country.to_owned(),
        });
    }
    if !problems.is_empty() {
        problems.truncate(5);
        return Err(ApiError::Invalid(problems));
    }
    Ok((batch.store_key.trim().to_owned(), events, dropped))
}

/// The answer to a batch over the limit.
pub fn too_large() -> ApiError {
    ApiError::Unreadable {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        message: format!("A batch is at most {} KiB.", MAX_BATCH_BYTES / 1024),
    }
}

/// Whether a batch comes from a crawler (or from no browser at all): it is answered and dropped.
pub fn is_bot(agent: &str) -> bool {
    agent.trim().is_empty() || BOTS.is_bot(agent)
}

impl Ingestor {
    /// Hands checked events of `store_id` from `address` to the writer and waits for their
    /// commit: the receipt once they are durable; 429 when the address or the store sends too
    /// much, 404 for an unknown store key, 503 when the queue is full or the commit fails or
    /// takes too long (nothing was kept then).
    pub async fn submit(
        &self,
        store_id: String,
        address: String,
        events: Vec<Event>,
        dropped: u32,
    ) -> Result<IngestReceipt, ApiError> {
        let (reply, verdict) = oneshot::channel();
        let job = Job {
            store_id,
            address,
            events,
            dropped,
            reply,
        };
        self.jobs.try_send(job).map_err(|_| {
            record::ingest_batch("queue_full", 0, 0);
            ApiError::Unavailable("the ingest queue is full".to_owned())
        })?;
        let verdict = tokio::time::timeout(COMMIT_TIMEOUT, verdict)
            .await
            .map_err(|_| {
                record::ingest_batch("timeout", 0, 0);
                ApiError::Unavailable("the commit took too long".to_owned())
            })?
            .map_err(|_| {
                record::ingest_batch("failed", 0, 0);
                ApiError::Unavailable("the writer stopped".to_owned())
            })?;
        match verdict {
            Verdict::Stored(receipt) => {
                record::ingest_batch("stored", receipt.accepted, receipt.dropped);
                Ok(receipt)
            }
            Verdict::Throttled => {
                record::ingest_batch("throttled", 0, 0);
                Err(ApiError::Throttled {
                    message: "Too many batches; slow down.".to_owned(),
                    retry_after: 1,
                })
            }
            Verdict::UnknownStore => {
                record::ingest_batch("unknown_store", 0, 0);
                Err(ApiError::NotFoundWith("No store has this key.".to_owned()))
            }
            Verdict::Failed(cause) => {
                record::ingest_batch("failed", 0, 0);
                Err(ApiError::Unavailable(cause))
            }
        }
    }
}
