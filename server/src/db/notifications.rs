//! Notifications in the database: written by the events that cause them (a payout paid, a
//! domain verified, a staff member joined) and by operator broadcasts; a store's, a page at a
//! time with the read filter; marking one read; the broadcasts to every store
//! (`public_notifications`). Bodies are HTML, cleaned on write so that nothing a sender writes
//! can run in the admin.

use shared_types::Notification;
use sqlx::{Any, AnyPool, Executor};

use super::{new_id, now_ms, rfc3339};
use crate::error::ApiError;

/// The longest notification body accepted, in bytes of HTML.
pub const BODY_MAX_BYTES: usize = 20_000;
/// The longest title.
pub const TITLE_MAX_CHARS: usize = 200;

/// HTML with only harmless tags and attributes left (no scripts, no event handlers, safe links).
pub fn sanitize(html: &str) -> String {
    ammonia::clean(html)
}

/// Records a notification for a store.
pub async fn notify<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    store_id: &str,
    kind: &str,
    title: &str,
    body_html: &str,
) -> Result<(), ApiError> {
    sqlx::query(
        "INSERT INTO notifications (id, store_id, kind, title, body, status, created_at) VALUES ($1, $2, $3, $4, $5, 1, $6)",
    )
    .bind(new_id())
    .bind(store_id)
    .bind(kind)
    .bind(title)
    .bind(sanitize(body_html))
    .bind(now_ms())
    .execute(executor)
    .await?;
    Ok(())
}

/// Escapes text for inclusion in a notification's HTML.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A notification's columns: id, title, body, created_at, status.
type Row = (String, String, String, i64, i64);

/// A row as the API shows it (status 1 unread, 2 read).
fn notification((id, title, body, created_at, status): Row) -> Notification {
    Notification {
        id,
        title,
        body,
        created_date: rfc3339(created_at),
        status: u8::try_from(status).unwrap_or(1),
    }
}

/// A broadcast as the API shows it: always unread (the browser keeps its own read mark).
pub fn broadcast(id: String, title: String, body: String, created_at: i64) -> Notification {
    notification((id, title, body, created_at, 1))
}

/// One page of the store's notifications, newest first (`status`: 1 unread or 2 read only, all
/// with `None`), leaving out the kinds that start with `hidden_prefix` (those the member may not
/// read), and how many there are in all.
pub async fn page(
    db: &AnyPool,
    store_id: &str,
    status: Option<i64>,
    hidden_prefix: Option<&str>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Notification>, i64), sqlx::Error> {
    let mut filter = String::new();
    let mut at = 1;
    if status.is_some() {
        at += 1;
        filter.push_str(&format!(" AND status = ${at}"));
    }
    if hidden_prefix.is_some() {
        at += 1;
        filter.push_str(&format!(" AND kind NOT LIKE ${at}"));
    }
    let hidden = hidden_prefix.map(|prefix| format!("{prefix}%"));
    let count_sql = format!("SELECT COUNT(*) FROM notifications WHERE store_id = $1{filter}");
    let mut count = sqlx::query_as::<_, (i64,)>(sqlx::AssertSqlSafe(count_sql)).bind(store_id);
    if let Some(s) = status {
        count = count.bind(s);
    }
    if let Some(h) = &hidden {
        count = count.bind(h.clone());
    }
    let (total,) = count.fetch_one(db).await?;
    let rows_sql = format!(
        "SELECT id, title, body, created_at, status FROM notifications WHERE store_id = $1{filter} \
         ORDER BY created_at DESC, id DESC LIMIT ${} OFFSET ${}",
        at + 1,
        at + 2
    );
    let mut rows = sqlx::query_as::<_, Row>(sqlx::AssertSqlSafe(rows_sql)).bind(store_id);
    if let Some(s) = status {
        rows = rows.bind(s);
    }
    if let Some(h) = hidden {
        rows = rows.bind(h);
    }
    let rows = rows.bind(limit).bind(offset).fetch_all(db).await?;
    Ok((rows.into_iter().map(notification).collect(), total))
}

/// The kind of the store's notification `id`, if there is one.
pub async fn kind(db: &AnyPool, store_id: &str, id: &str) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT kind FROM notifications WHERE id = $1 AND store_id = $2")
            .bind(id)
            .bind(store_id)
            .fetch_optional(db)
            .await?;
    Ok(row.map(|(kind,)| kind))
}

/// The operator's latest `count` broadcasts, newest first.
pub async fn latest_broadcasts(db: &AnyPool, count: i64) -> Result<Vec<Notification>, sqlx::Error> {
    let rows: Vec<(String, String, String, i64)> = sqlx::query_as(
        "SELECT id, title, body, created_at FROM public_notifications \
         ORDER BY created_at DESC, id DESC LIMIT $1",
    )
    .bind(count)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, title, body, created_at)| broadcast(id, title, body, created_at))
        .collect())
}

/// Marks the store's notification `id` read (status 2); the notification, if there is one.
pub async fn mark_read(
    db: &AnyPool,
    store_id: &str,
    id: &str,
) -> Result<Option<Notification>, sqlx::Error> {
    sqlx::query("UPDATE notifications SET status = 2 WHERE id = $1 AND store_id = $2")
        .bind(id)
        .bind(store_id)
        .execute(db)
        .await?;
    let row: Option<Row> = sqlx::query_as(
        "SELECT id, title, body, created_at, status FROM notifications WHERE id = $1 AND store_id = $2",
    )
    .bind(id)
    .bind(store_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(notification))
}

/// Keeps a broadcast of the operator `created_by`, sent at `now`.
pub async fn insert_broadcast(
    db: &AnyPool,
    id: &str,
    title: &str,
    body: &str,
    created_by: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO public_notifications (id, title, body, created_by, created_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(id)
    .bind(title)
    .bind(body)
    .bind(created_by)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}
