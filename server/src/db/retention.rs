//! What only grows, pruned: raw storefront events no report reads any more, theme and checkout
//! drafts left alone, mail sent (or given up on), ended sessions and spent tokens, old sign-in
//! failures, live editing's old commands and presence, and SQLite's write-ahead log. Each
//! function deletes what is older than the `before` it is given (ms) and returns how many rows
//! went; `services::retention` says when and with which settings.

use sqlx::AnyPool;

use super::is_sqlite_pool;

/// Raw events of each store that occurred before `before`, except each session's first event of
/// each kind (`analytics_firsts` points at it: the UTM report reads its page). The funnel, the
/// sales and the locations come from the firsts and the rollups, which are kept; the live view
/// reads the last minutes only. One statement per store, so no transaction holds the database
/// for all of them.
pub async fn analytics_events(db: &AnyPool, before: i64) -> Result<u64, sqlx::Error> {
    let stores: Vec<(String,)> = sqlx::query_as("SELECT id FROM stores")
        .fetch_all(db)
        .await?;
    let mut deleted = 0;
    for (store_id,) in stores {
        deleted += sqlx::query(
            "DELETE FROM analytics_events WHERE store_id = $1 AND occurred_at < $2 \
             AND NOT EXISTS (SELECT 1 FROM analytics_firsts f WHERE f.store_id = analytics_events.store_id \
             AND f.session_id = analytics_events.session_id AND f.kind = analytics_events.kind \
             AND f.occurred_at = analytics_events.occurred_at)",
        )
        .bind(&store_id)
        .bind(before)
        .execute(db)
        .await?
        .rows_affected();
    }
    Ok(deleted)
}

/// Users' theme drafts last written before `before`.
pub async fn theme_drafts(db: &AnyPool, before: i64) -> Result<u64, sqlx::Error> {
    Ok(
        sqlx::query("DELETE FROM theme_drafts WHERE updated_at < $1")
            .bind(before)
            .execute(db)
            .await?
            .rows_affected(),
    )
}

/// Checkout drafts (open, abandoned or completed) last changed before `before`: they leave the
/// abandoned checkouts' list; the orders they became stay.
pub async fn checkout_drafts(db: &AnyPool, before: i64) -> Result<u64, sqlx::Error> {
    Ok(
        sqlx::query("DELETE FROM checkout_drafts WHERE updated_at < $1")
            .bind(before)
            .execute(db)
            .await?
            .rows_affected(),
    )
}

/// Mail sent before `before`, and mail written before it that was given up on (`max_attempts`
/// failures). Mail still to be sent is kept, unless nothing sends mail (`delivering` false: it
/// is only logged and shown on the development mailbox), when it goes by its age too.
pub async fn sent_mail(
    db: &AnyPool,
    before: i64,
    max_attempts: i64,
    delivering: bool,
) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query(
        "DELETE FROM outbox WHERE sent_at < $1 \
         OR (sent_at IS NULL AND created_at < $1 AND (attempts >= $2 OR $3 = 0))",
    )
    .bind(before)
    .bind(max_attempts)
    .bind(i64::from(delivering))
    .execute(db)
    .await?
    .rows_affected())
}

/// Sessions that expired or were revoked before `before` (their refresh tokens go with them),
/// one-time tokens spent or expired before it, and sign-in failures and their lock rows older
/// than `failures_before` (which the caller keeps behind the lockout's window).
pub async fn ended_access(
    db: &AnyPool,
    before: i64,
    failures_before: i64,
) -> Result<u64, sqlx::Error> {
    let mut deleted = 0;
    for (sql, before) in [
        (
            "DELETE FROM refresh_tokens WHERE session_id IN (SELECT id FROM sessions \
             WHERE expires_at < $1 OR revoked_at < $1)",
            before,
        ),
        (
            "DELETE FROM sessions WHERE expires_at < $1 OR revoked_at < $1",
            before,
        ),
        (
            "DELETE FROM user_tokens WHERE expires_at < $1 OR used_at < $1",
            before,
        ),
        (
            "DELETE FROM login_failures WHERE failed_at < $1",
            failures_before,
        ),
        ("DELETE FROM login_keys WHERE touched < $1", failures_before),
    ] {
        deleted += sqlx::query(sql)
            .bind(before)
            .execute(db)
            .await?
            .rows_affected();
    }
    Ok(deleted)
}

/// Live editing's commands stored before `before` that no editor can still need: at or before
/// both the session's snapshot and its last save, more than `catch_up` commands behind its head
/// (an editor that far behind joins again), and not an editor's last command (its number keeps
/// a batch sent twice from being stored twice). Presence rows not renewed since `before` go too.
pub async fn live_commands(db: &AnyPool, before: i64, catch_up: i64) -> Result<u64, sqlx::Error> {
    let mut deleted = sqlx::query(
        "DELETE FROM theme_live_commands WHERE created_at < $1 \
         AND EXISTS (SELECT 1 FROM theme_live l WHERE l.theme_id = theme_live_commands.theme_id \
           AND theme_live_commands.seq <= l.snapshot_seq AND theme_live_commands.seq <= l.saved_seq \
           AND theme_live_commands.seq <= l.head - $2) \
         AND EXISTS (SELECT 1 FROM theme_live_commands later \
           WHERE later.theme_id = theme_live_commands.theme_id \
           AND later.author_id = theme_live_commands.author_id \
           AND later.client_id = theme_live_commands.client_id \
           AND later.client_seq > theme_live_commands.client_seq)",
    )
    .bind(before)
    .bind(catch_up)
    .execute(db)
    .await?
    .rows_affected();
    deleted += sqlx::query("DELETE FROM theme_live_presence WHERE updated_at < $1")
        .bind(before)
        .execute(db)
        .await?
        .rows_affected();
    Ok(deleted)
}

/// The tables the pruning deletes from.
pub const PRUNED_TABLES: [&str; 10] = [
    "analytics_events",
    "theme_drafts",
    "checkout_drafts",
    "outbox",
    "refresh_tokens",
    "sessions",
    "user_tokens",
    "login_failures",
    "theme_live_commands",
    "theme_live_presence",
];

/// After a run that deleted rows: on SQLite, moves the write-ahead log into the database and
/// truncates it (a no-op while a reader holds it; the next run tries again), so freed pages are
/// reused; on PostgreSQL, vacuums the pruned tables so their freed space is reused at once
/// rather than when autovacuum comes by (a plain VACUUM: reads and writes go on meanwhile).
pub async fn reclaim(db: &AnyPool) -> Result<(), sqlx::Error> {
    if is_sqlite_pool(db) {
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(db)
            .await?;
    } else {
        for table in PRUNED_TABLES {
            sqlx::query(sqlx::AssertSqlSafe(format!("VACUUM {table}")))
                .execute(db)
                .await?;
        }
    }
    Ok(())
}
