//! Notifications to a store, written by the events that cause them (a payout paid, a domain
//! verified, a staff member joined) and by operator broadcasts. Bodies are HTML, sanitized on
//! write so that nothing a sender writes can run in the admin.

use sqlx::{Any, Executor};

use crate::db::{new_id, now_ms};
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
