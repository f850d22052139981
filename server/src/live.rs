//! Live co-editing on the server's side: the working drafts this process has read, and the wake-up
//! of the streams that follow a session.
//!
//! Nothing here is needed by another process. The sessions, their commands and who is there live
//! in the database (`db::theme_live`); a process only keeps
//! - the working draft at some sequence number, checked against the session's head on every use
//!   (commands after it are applied, or it is read again from the session's copy), and
//! - one `watch` channel per theme followed by its open streams, woken after a write here and, on
//!   PostgreSQL, by the `theme_live` notifications of every process's writes. A stream re-reads
//!   the database when woken, and at least every few seconds, so a lost wake-up only delays.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use core_wasm::theme::{ThemeDoc, collab};
use sqlx::AnyPool;
use tokio::sync::watch;

use crate::db::theme_live::{self, CHANNEL, SessionRow};
use crate::error::ApiError;

/// The most working drafts a process keeps (a 1 MiB config at most each).
const DRAFTS_KEPT: u64 = 64;

/// This process's part of live co-editing.
#[derive(Debug, Clone)]
pub struct LiveHub {
    drafts: moka::sync::Cache<String, Arc<(i64, ThemeDoc)>>,
    wakers: Arc<Mutex<HashMap<String, watch::Sender<u64>>>>,
}

impl Default for LiveHub {
    fn default() -> Self {
        LiveHub {
            drafts: moka::sync::Cache::new(DRAFTS_KEPT),
            wakers: Arc::new(Mutex::new(HashMap::new())),
        }
    }
}

impl LiveHub {
    /// A receiver that changes whenever the theme's session may have changed.
    pub fn follow(&self, theme_id: &str) -> watch::Receiver<u64> {
        let mut wakers = self.wakers.lock().unwrap_or_else(|e| e.into_inner());
        wakers.retain(|_, sender| sender.receiver_count() > 0);
        wakers
            .entry(theme_id.to_owned())
            .or_insert_with(|| watch::channel(0).0)
            .subscribe()
    }

    /// Wakes the streams of the theme's session in this process.
    pub fn wake(&self, theme_id: &str) {
        let wakers = self.wakers.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(sender) = wakers.get(theme_id) {
            sender.send_modify(|n| *n = n.wrapping_add(1));
        }
    }

    /// Wakes every stream of this process (after a lost connection to the notifications).
    fn wake_all(&self) {
        let wakers = self.wakers.lock().unwrap_or_else(|e| e.into_inner());
        for sender in wakers.values() {
            sender.send_modify(|n| *n = n.wrapping_add(1));
        }
    }

    /// The session's working draft at its head `session.head`, taken out of this process's
    /// copies (no copy of the document is made when one is kept): give it back with
    /// [`LiveHub::keep`] at the sequence number it is then at.
    pub async fn take_draft(
        &self,
        db: &AnyPool,
        theme_id: &str,
        session: &SessionRow,
    ) -> Result<ThemeDoc, ApiError> {
        let kept = self
            .drafts
            .remove(theme_id)
            .filter(|kept| kept.0 <= session.head && kept.0 >= session.snapshot_seq);
        let (mut seq, mut doc) = match kept {
            Some(kept) => match Arc::try_unwrap(kept) {
                Ok(owned) => owned,
                Err(shared) => (shared.0, shared.1.clone()),
            },
            None => (
                session.snapshot_seq,
                ThemeDoc::parse(&session.snapshot).map_err(ApiError::internal)?,
            ),
        };
        while seq < session.head {
            // Only up to the head read: a command stored since is not in `session`.
            let batch = theme_live::commands_after(
                db,
                theme_id,
                seq,
                session.head,
                i64::try_from(core_wasm::limits::LIVE_BEHIND_MAX_COMMANDS).unwrap_or(500),
            )
            .await?;
            let Some(last) = batch.last().map(|c| c.seq) else {
                break;
            };
            let commands = batch
                .into_iter()
                .map(|c| core_wasm::theme::parse_command(c.command))
                .collect::<Result<Vec<_>, _>>()
                .map_err(ApiError::internal)?;
            collab::accept_in_place(&mut doc, &commands);
            seq = last;
        }
        Ok(doc)
    }

    /// Keeps the working draft at `seq`.
    pub fn keep(&self, theme_id: &str, seq: i64, doc: ThemeDoc) {
        self.drafts
            .insert(theme_id.to_owned(), Arc::new((seq, doc)));
    }

    /// On PostgreSQL, follows the `theme_live` notifications of every process for as long as the
    /// process runs, reconnecting after a failure (and then waking every stream, which re-reads).
    pub fn listen(&self, database_url: &str) {
        let hub = self.clone();
        let url = database_url.to_owned();
        tokio::spawn(async move {
            loop {
                match sqlx::postgres::PgListener::connect(&url).await {
                    Ok(mut listener) => {
                        if let Err(error) = listener.listen(CHANNEL).await {
                            tracing::warn!(%error, "live editing: cannot listen");
                        } else {
                            hub.wake_all();
                            loop {
                                match listener.try_recv().await {
                                    Ok(Some(note)) => hub.wake(note.payload()),
                                    // The connection was lost; `try_recv` reconnects next time.
                                    Ok(None) => hub.wake_all(),
                                    Err(error) => {
                                        tracing::warn!(%error, "live editing: notifications");
                                        break;
                                    }
                                }
                            }
                        }
                    }
                    Err(error) => tracing::warn!(%error, "live editing: cannot connect to listen"),
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        });
    }
}
