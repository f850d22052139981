//! Outgoing e-mail. Messages are written to the `outbox` table in the same transaction as the
//! change that causes them, so none is lost and none is sent for a change that rolled back.
//! Without `SMTP_URL` nothing is sent: each message is logged and kept for the development
//! mailbox page (`/api/dev/mailbox`), so every flow can be finished in a browser.

use sqlx::{Any, AnyPool, Executor};

use crate::db::{new_id, now_ms};
use crate::error::ApiError;

/// One message.
#[derive(Debug, Clone)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
}

/// Queues a message in the outbox.
pub async fn queue<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    mail: &Mail,
) -> Result<(), ApiError> {
    sqlx::query("INSERT INTO outbox (id, to_address, subject, body, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(new_id())
        .bind(&mail.to)
        .bind(&mail.subject)
        .bind(&mail.body)
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
    pub created_at: i64,
}

/// The newest messages, newest first.
pub async fn recent(db: &AnyPool, limit: i64) -> Result<Vec<QueuedMail>, ApiError> {
    let rows: Vec<(String, String, String, i64)> =
        sqlx::query_as("SELECT to_address, subject, body, created_at FROM outbox ORDER BY created_at DESC, id DESC LIMIT $1")
            .bind(limit)
            .fetch_all(db)
            .await?;
    Ok(rows
        .into_iter()
        .map(|(to, subject, body, created_at)| QueuedMail {
            to,
            subject,
            body,
            created_at,
        })
        .collect())
}
