//! The outbox: e-mail written in the same transaction as the change that causes it, and its
//! delivery state (claims, attempts, errors) as the senders of `mail` record it.

use sqlx::{Any, AnyPool, Executor};

use super::{new_id, now_ms};
use crate::error::ApiError;

/// One message.
#[derive(Debug, Clone)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
    /// The HTML part, sent beside `body` (the text part) when there is one.
    pub html: Option<String>,
}

/// Queues a message in the outbox.
pub async fn queue<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    mail: &Mail,
) -> Result<(), ApiError> {
    sqlx::query("INSERT INTO outbox (id, to_address, subject, body, html, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(new_id())
        .bind(&mail.to)
        .bind(&mail.subject)
        .bind(&mail.body)
        .bind(mail.html.as_deref())
        .bind(now_ms())
        .execute(executor)
        .await?;
    tracing::info!(to = %mail.to, subject = %mail.subject, "e-mail queued");
    Ok(())
}

/// A message as the mailbox page lists it.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueuedMail {
    pub to: String,
    pub subject: String,
    pub body: String,
    /// The HTML part, when the message has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub html: Option<String>,
    pub created_at: i64,
}

/// The newest messages, newest first.
pub async fn recent(db: &AnyPool, limit: i64) -> Result<Vec<QueuedMail>, ApiError> {
    let rows: Vec<(String, String, String, Option<String>, i64)> =
        sqlx::query_as("SELECT to_address, subject, body, html, created_at FROM outbox ORDER BY created_at DESC, id DESC LIMIT $1")
            .bind(limit)
            .fetch_all(db)
            .await?;
    Ok(rows
        .into_iter()
        .map(|(to, subject, body, html, created_at)| QueuedMail {
            to,
            subject,
            body,
            html,
            created_at,
        })
        .collect())
}

/// A message due for delivery, as it was read.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Due {
    pub id: String,
    pub to: String,
    pub subject: String,
    pub body: String,
    pub html: Option<String>,
    /// Failed attempts so far.
    pub attempts: i64,
    /// When a sender last claimed it (ms), if one did.
    pub claimed_at: Option<i64>,
}

/// Up to `limit` unsent messages with fewer than `max_attempts` failures, oldest first.
pub async fn due(db: &AnyPool, max_attempts: i64, limit: i64) -> Result<Vec<Due>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, to_address AS \"to\", subject, body, html, attempts, claimed_at FROM outbox \
         WHERE sent_at IS NULL AND attempts < $1 ORDER BY created_at LIMIT $2",
    )
    .bind(max_attempts)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// Claims message `id` at `now` if it is still as it was read (unsent, and claimed at
/// `claimed_at`): of senders in several processes, one wins.
pub async fn claim(
    db: &AnyPool,
    id: &str,
    claimed_at: Option<i64>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let claim = match claimed_at {
        None => sqlx::query(
            "UPDATE outbox SET claimed_at = $1 WHERE id = $2 AND sent_at IS NULL AND claimed_at IS NULL",
        )
        .bind(now)
        .bind(id),
        Some(at) => sqlx::query(
            "UPDATE outbox SET claimed_at = $1 WHERE id = $2 AND sent_at IS NULL AND claimed_at = $3",
        )
        .bind(now)
        .bind(id)
        .bind(at),
    };
    Ok(claim.execute(db).await?.rows_affected() == 1)
}

/// Records message `id` as sent.
pub async fn sent(db: &AnyPool, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE outbox SET sent_at = $1, last_error = NULL WHERE id = $2")
        .bind(now_ms())
        .bind(id)
        .execute(db)
        .await?;
    Ok(())
}

/// Records a failed attempt to send message `id`.
pub async fn failed(db: &AnyPool, id: &str, error: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE outbox SET attempts = attempts + 1, last_error = $1 WHERE id = $2")
        .bind(error)
        .bind(id)
        .execute(db)
        .await?;
    Ok(())
}

/// The unsent part of the outbox, as the metrics report it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backlog {
    /// Unsent messages with fewer failed attempts than the limit: still being tried.
    pub pending: i64,
    /// Unsent messages at the limit: given up on.
    pub given_up: i64,
    /// When the oldest pending message was queued (ms), if there is one.
    pub oldest_pending_at: Option<i64>,
}

/// Counts the unsent messages in one read of the pending index (`outbox_pending`), split at
/// `max_attempts` failed attempts.
pub async fn backlog(db: &AnyPool, max_attempts: i64) -> Result<Backlog, sqlx::Error> {
    let (pending, given_up, oldest_pending_at): (i64, i64, Option<i64>) = sqlx::query_as(
        "SELECT COUNT(CASE WHEN attempts < $1 THEN 1 END), COUNT(CASE WHEN attempts >= $1 THEN 1 END), \
         MIN(CASE WHEN attempts < $1 THEN created_at END) FROM outbox WHERE sent_at IS NULL",
    )
    .bind(max_attempts)
    .fetch_one(db)
    .await?;
    Ok(Backlog {
        pending,
        given_up,
        oldest_pending_at,
    })
}
