//! Storefront events in the database: the raw events (`analytics_events`), the first event of
//! each kind per session (`analytics_firsts`) and what those firsts add to the rollups, written
//! in the caller's transaction by the ingest, the checkout and the demo traffic.

use std::collections::BTreeMap;

use sqlx::AnyConnection;

use super::rollups::Deltas;
use super::{is_sqlite, row_marks};

/// Raw events per INSERT statement (7 values each).
const EVENTS_PER_STATEMENT: usize = 400;

/// An event that passed the edge checks, ready to store.
#[derive(Debug, Clone)]
pub struct Event {
    /// The shopper's session, as the storefront names it.
    pub session_id: String,
    /// The kind's code (1 to 5, or `rollups::TEST_CONVERSION_KIND`).
    pub kind: i64,
    /// When it happened, in ms.
    pub at: i64,
    /// The page's path.
    pub page: String,
    /// The country of the visit, from the connection ("" when unknown).
    pub country: String,
}

/// Stores events of any stores (raw, firsts) and adds what they change to the rollups, in the
/// caller's transaction.
pub async fn store_events(
    conn: &mut AnyConnection,
    events: &[(&str, &Event)],
    now: i64,
) -> Result<(), sqlx::Error> {
    insert_events(conn, events, now).await?;
    let mut deltas = Deltas::default();
    insert_firsts(conn, events, &mut deltas).await?;
    if !deltas.is_empty() {
        deltas.write(conn).await?;
    }
    Ok(())
}

/// Inserts the raw events, `now` as their time of receipt.
async fn insert_events(
    conn: &mut AnyConnection,
    events: &[(&str, &Event)],
    now: i64,
) -> Result<(), sqlx::Error> {
    let sqlite = is_sqlite(conn);
    // In the order of `analytics_events_by_store_time`, each row's index entry lands next to
    // the one before instead of anywhere among the stores. The statement for 6,400 events of
    // 50 stores takes about half the time on SQLite; the whole ingest gains within the noise
    // (BENCHMARKS.md, "Issue 30's rows not met").
    let mut events = events.to_vec();
    events.sort_unstable_by_key(|(store_id, event)| (*store_id, event.at));
    for chunk in events.chunks(EVENTS_PER_STATEMENT) {
        let rows: Vec<String> = (0..chunk.len())
            .map(|i| row_marks(sqlite, i * 7 + 1, 7))
            .collect();
        let sql = format!(
            "INSERT INTO analytics_events (store_id, session_id, kind, occurred_at, page, country, received_at) \
             VALUES {}",
            rows.join(", ")
        );
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for (store_id, event) in chunk {
            query = query
                .bind(*store_id)
                .bind(event.session_id.as_str())
                .bind(event.kind)
                .bind(event.at)
                .bind(event.page.as_str())
                .bind(event.country.as_str())
                .bind(now);
        }
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

/// A first as the upsert returns it: store, kind, time and country now, and before a move.
type FirstRow = (String, i64, i64, String, Option<i64>, Option<String>);

/// Records the first event of each kind per session; those that really were first (the
/// database says so, whatever other processes wrote) go into the rollups. A session counts at
/// its earliest event, whatever order its batches arrive in: an event older than the first
/// kept moves the first back (and the rollup counts with it, from the old hour and country to
/// the new), in the same statement, so parallel batches cannot count a session twice.
async fn insert_firsts(
    conn: &mut AnyConnection,
    events: &[(&str, &Event)],
    deltas: &mut Deltas,
) -> Result<(), sqlx::Error> {
    // The earliest of each (store, session, kind) in this group.
    let mut firsts: BTreeMap<(&str, &str, i64), (i64, &str)> = BTreeMap::new();
    for (store_id, event) in events {
        let key = (*store_id, event.session_id.as_str(), event.kind);
        let entry = firsts
            .entry(key)
            .or_insert((event.at, event.country.as_str()));
        if event.at < entry.0 {
            *entry = (event.at, event.country.as_str());
        }
    }
    let firsts: Vec<_> = firsts.into_iter().collect();
    let sqlite = is_sqlite(conn);
    for chunk in firsts.chunks(EVENTS_PER_STATEMENT) {
        let rows: Vec<String> = (0..chunk.len())
            .map(|i| row_marks(sqlite, i * 5 + 1, 5))
            .collect();
        let sql = format!(
            "INSERT INTO analytics_firsts (store_id, session_id, kind, occurred_at, country) VALUES {} \
             ON CONFLICT (store_id, session_id, kind) DO UPDATE SET \
             moved_from_at = analytics_firsts.occurred_at, moved_from_country = analytics_firsts.country, \
             occurred_at = excluded.occurred_at, country = excluded.country \
             WHERE excluded.occurred_at < analytics_firsts.occurred_at \
             RETURNING store_id, kind, occurred_at, country, moved_from_at, moved_from_country",
            rows.join(", ")
        );
        let mut query = sqlx::query_as::<_, FirstRow>(sqlx::AssertSqlSafe(sql));
        for ((store, session, kind), (at, country)) in chunk {
            query = query
                .bind(*store)
                .bind(*session)
                .bind(*kind)
                .bind(*at)
                .bind(*country);
        }
        for (store, kind, at, country, moved_from_at, moved_from_country) in
            query.fetch_all(&mut *conn).await?
        {
            // An inserted row has no `moved_from_*` (a new row's columns are NULL); an updated
            // one has the time and country it was counted at until now.
            if let Some(moved_from_at) = moved_from_at {
                let from_country = moved_from_country.unwrap_or_default();
                deltas.unfirst(&store, kind, moved_from_at, &from_country);
            }
            deltas.first(&store, kind, at, &country);
        }
    }
    Ok(())
}
