//! Outgoing e-mail. Messages are written to the `outbox` table in the same transaction as the
//! change that causes them, so none is lost and none is sent for a change that rolled back.
//! With `SMTP_URL`, a delivery loop in each server process claims pending messages one by one
//! (a claim is a conditional update, so two processes never send the same message) and sends
//! them; a failure is recorded and retried with a growing pause. Without `SMTP_URL` nothing is
//! sent: each message is logged and kept for the development mailbox page
//! (`/api/dev/mailbox`), so every flow can be finished in a browser.

use std::time::Duration;

use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sqlx::AnyPool;

pub use crate::db::outbox::{Mail, QueuedMail, queue, recent};
use crate::db::{now_ms, outbox};
use crate::error::ApiError;

/// A claim older than this is taken for a crashed sender, and the message is tried again.
const CLAIM_TIMEOUT_MS: i64 = 60_000;
/// Give up on a message after this many failed attempts.
pub const MAX_ATTEMPTS: i64 = 8;

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
        let due = outbox::due(db, MAX_ATTEMPTS, 50).await?;
        let mut sent = 0;
        for message in due {
            // A claim is held for a minute; after a failure the pause doubles with each attempt.
            let wait = CLAIM_TIMEOUT_MS.max(1000 * (1_i64 << message.attempts.clamp(0, 12)));
            if message.claimed_at.is_some_and(|at| now - at < wait) {
                continue;
            }
            // Claim the message as it was read; another process that claimed it first wins.
            if !outbox::claim(db, &message.id, message.claimed_at, now).await? {
                continue;
            }
            match self
                .send(
                    &message.to,
                    &message.subject,
                    &message.body,
                    message.html.as_deref(),
                )
                .await
            {
                Ok(()) => {
                    crate::metrics::record::mail_delivery(true);
                    outbox::sent(db, &message.id).await?;
                    sent += 1;
                }
                Err(error) => {
                    crate::metrics::record::mail_delivery(false);
                    tracing::warn!(to = %message.to, %error, "e-mail delivery failed");
                    outbox::failed(db, &message.id, &error).await?;
                }
            }
        }
        Ok(sent)
    }

    /// Sends one message: plain text, or text and HTML as alternatives when it has both.
    async fn send(
        &self,
        to: &str,
        subject: &str,
        body: &str,
        html: Option<&str>,
    ) -> Result<(), String> {
        let to: Mailbox = to
            .parse()
            .map_err(|e: lettre::address::AddressError| e.to_string())?;
        let builder = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(subject);
        let message = match html {
            Some(html) => builder.multipart(MultiPart::alternative_plain_html(
                body.to_owned(),
                html.to_owned(),
            )),
            None => builder.body(body.to_owned()),
        }
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

/// The outbox's backlog now (one query): messages still being tried, those given up after the
/// last attempt (`MAX_ATTEMPTS`), and when the oldest still being tried was queued.
pub async fn backlog(db: &AnyPool) -> Result<outbox::Backlog, sqlx::Error> {
    outbox::backlog(db, MAX_ATTEMPTS).await
}
