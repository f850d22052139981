//! Outgoing e-mail. Messages are written to the `outbox` table in the same transaction as the
//! change that causes them, so none is lost and none is sent for a change that rolled back.
//! With `SMTP_URL`, a delivery loop in each server process claims pending messages one by one
//! (a claim is a conditional update, so two processes never send the same message) and sends
//! them; a failure is recorded and retried with a growing pause. Without `SMTP_URL` nothing is
//! sent: each message is logged and kept for the development mailbox page
//! (`/api/dev/mailbox`), so every flow can be finished in a browser.

use std::time::Duration;

use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
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

/// A claim older than this is taken for a crashed sender, and the message is tried again.
const CLAIM_TIMEOUT_MS: i64 = 60_000;
/// Give up on a message after this many failed attempts.
const MAX_ATTEMPTS: i64 = 8;

/// Why delivery could not start.
#[derive(Debug, thiserror::Error)]
pub enum SmtpSetupError {
    #[error("SMTP_URL is not usable: {0}")]
    Url(String),
    #[error("SMTP_FROM is not an address: {0}")]
    From(String),
}

/// Sends outbox messages through one SMTP server.
#[derive(Clone)]
pub struct Sender {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl std::fmt::Debug for Sender {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sender(..)")
    }
}

impl Sender {
    /// A sender for `SMTP_URL` and `SMTP_FROM`.
    pub fn new(url: &str, from: &str) -> Result<Self, SmtpSetupError> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| SmtpSetupError::Url(e.to_string()))?
            .timeout(Some(Duration::from_secs(20)))
            .build();
        let from = from
            .parse()
            .map_err(|e: lettre::address::AddressError| SmtpSetupError::From(e.to_string()))?;
        Ok(Sender { transport, from })
    }

    /// Sends every message that is due, one by one; returns how many were sent.
    pub async fn deliver_pending(&self, db: &AnyPool) -> Result<usize, ApiError> {
        let now = now_ms();
        let due: Vec<(String, String, String, String, i64, Option<i64>)> = sqlx::query_as(
            "SELECT id, to_address, subject, body, attempts, claimed_at FROM outbox \
             WHERE sent_at IS NULL AND attempts < $1 ORDER BY created_at LIMIT 50",
        )
        .bind(MAX_ATTEMPTS)
        .fetch_all(db)
        .await?;
        let mut sent = 0;
        for (id, to, subject, body, attempts, claimed_at) in due {
            // A claim is held for a minute; after a failure the pause doubles with each attempt.
            let wait = CLAIM_TIMEOUT_MS.max(1000 * (1_i64 << attempts.clamp(0, 12)));
            if claimed_at.is_some_and(|at| now - at < wait) {
                continue;
            }
            // Claim the message as it was read; another process that claimed it first wins.
            let claim = match claimed_at {
                None => sqlx::query(
                    "UPDATE outbox SET claimed_at = $1 WHERE id = $2 AND sent_at IS NULL AND claimed_at IS NULL",
                )
                .bind(now)
                .bind(&id),
                Some(at) => sqlx::query(
                    "UPDATE outbox SET claimed_at = $1 WHERE id = $2 AND sent_at IS NULL AND claimed_at = $3",
                )
                .bind(now)
                .bind(&id)
                .bind(at),
            };
            let claimed = claim.execute(db).await?.rows_affected();
            if claimed != 1 {
                continue;
            }
            match self.send(&to, &subject, &body).await {
                Ok(()) => {
                    sqlx::query("UPDATE outbox SET sent_at = $1, last_error = NULL WHERE id = $2")
                        .bind(now_ms())
                        .bind(&id)
                        .execute(db)
                        .await?;
                    sent += 1;
                }
                Err(error) => {
                    tracing::warn!(%to, %error, "e-mail delivery failed");
                    sqlx::query(
                        "UPDATE outbox SET attempts = attempts + 1, last_error = $1 WHERE id = $2",
                    )
                    .bind(&error)
                    .bind(&id)
                    .execute(db)
                    .await?;
                }
            }
        }
        Ok(sent)
    }

    async fn send(&self, to: &str, subject: &str, body: &str) -> Result<(), String> {
        let to: Mailbox = to
            .parse()
            .map_err(|e: lettre::address::AddressError| e.to_string())?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(subject)
            .body(body.to_owned())
            .map_err(|e| e.to_string())?;
        self.transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// Delivers pending mail every few seconds, for as long as the server runs.
    pub fn spawn(self, db: AnyPool) {
        tokio::spawn(async move {
            loop {
                if let Err(error) = self.deliver_pending(&db).await {
                    tracing::warn!(%error, "e-mail delivery loop");
                }
                tokio::time::sleep(Duration::from_secs(3)).await;
            }
        });
    }
}
