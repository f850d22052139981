//! Bounded growth: every `MAINTENANCE_EVERY`, one server process (whichever counts the window's
//! first request in `rate_counters`, so several processes on one database prune once) deletes
//! what the retention settings no longer keep (`config::Retention`, README "Retention") and
//! reclaims the space (SQLite: a checkpoint of its write-ahead log; PostgreSQL: a vacuum).

use std::time::Duration;

use sqlx::AnyPool;

use crate::config::Retention;
use crate::db::{login_failures, now_ms, rates, retention};

/// Rows deleted by one run, by kind.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Pruned {
    pub analytics_events: u64,
    pub theme_drafts: u64,
    pub checkout_drafts: u64,
    pub sent_mail: u64,
    pub ended_access: u64,
    pub live_commands: u64,
}

fn ms(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

/// Deletes what `settings` no longer keeps at `now` (ms), then reclaims the space.
/// `delivering`: a sender sends the outbox (`SMTP_URL`); without one, mail only waits to be
/// read on the development mailbox and goes by its age.
pub async fn prune(
    db: &AnyPool,
    settings: &Retention,
    delivering: bool,
    now: i64,
) -> Result<Pruned, sqlx::Error> {
    let before = |keep: Duration| now.saturating_sub(ms(keep));
    let pruned = Pruned {
        analytics_events: retention::analytics_events(db, before(settings.analytics_events))
            .await?,
        theme_drafts: retention::theme_drafts(db, before(settings.theme_drafts)).await?,
        checkout_drafts: retention::checkout_drafts(db, before(settings.checkout_drafts)).await?,
        sent_mail: retention::sent_mail(
            db,
            before(settings.sent_mail),
            crate::mail::MAX_ATTEMPTS,
            delivering,
        )
        .await?,
        // Never a sign-in failure still inside the lockout's window.
        ended_access: retention::ended_access(
            db,
            before(settings.ended_access),
            before(settings.ended_access).min(now - login_failures::WINDOW_MS),
        )
        .await?,
        live_commands: retention::live_commands(
            db,
            before(settings.live_commands),
            i64::try_from(core_wasm::limits::LIVE_BEHIND_MAX_COMMANDS).unwrap_or(i64::MAX),
        )
        .await?,
    };
    retention::reclaim(db).await?;
    Ok(pruned)
}

/// Prunes every `settings.every` for as long as the server runs, in one process per window.
pub fn spawn(db: AnyPool, settings: Retention, delivering: bool) {
    tokio::spawn(async move {
        let seconds = i64::try_from(settings.every.as_secs())
            .unwrap_or(i64::MAX)
            .max(1);
        loop {
            tokio::time::sleep(settings.every).await;
            let now = now_ms();
            // The window's first process to count it prunes; the others skip it.
            match rates::claim_window(&db, "maintenance:retention", now, seconds).await {
                Ok(true) => match prune(&db, &settings, delivering, now).await {
                    Ok(pruned) => tracing::info!(?pruned, "retention"),
                    Err(error) => tracing::warn!(%error, "retention"),
                },
                Ok(false) => {}
                Err(error) => tracing::warn!(%error, "retention claim"),
            }
        }
    });
}
