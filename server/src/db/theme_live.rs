//! Live co-editing sessions (migration 0033): one per theme, the shared working draft as a copy
//! of its config at some sequence number (`snapshot`, `snapshot_seq`) plus the commands after it,
//! each with its author and the editor that sent it, and who is in the editor. Every query names
//! the theme, reached only through a theme of the caller's store.
//!
//! The order is taken with one compare-and-set on the session's head: a batch is stored only when
//! the head is still the one its editor had, so of two editors sending at once exactly one wins
//! and the other hears what it missed. On PostgreSQL the write notifies `theme_live` with the
//! theme's id in its transaction, so the processes that stream the session wake when it commits.

use shared_types::live::{LiveCommand, LivePresence};
use sqlx::{Any, AnyPool, Executor, Transaction};

use super::{is_sqlite_pool, now_ms};

/// The PostgreSQL channel a session's writes notify, with the theme's id as the payload.
pub const CHANNEL: &str = "theme_live";

/// A session as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionRow {
    pub base_version: i64,
    pub head: i64,
    pub snapshot: String,
    pub snapshot_seq: i64,
    /// The sequence number the working draft was last saved at.
    pub saved_seq: i64,
    /// The sequence number of the last restart on a save made outside the session.
    pub reset_seq: i64,
}

/// The theme's session, if it has one.
pub async fn session(db: &AnyPool, theme_id: &str) -> Result<Option<SessionRow>, sqlx::Error> {
    let row: Option<(i64, i64, String, i64, i64, i64)> = sqlx::query_as(
        "SELECT base_version, head, snapshot, snapshot_seq, saved_seq, reset_seq \
         FROM theme_live WHERE theme_id = $1",
    )
    .bind(theme_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(
        |(base_version, head, snapshot, snapshot_seq, saved_seq, reset_seq)| SessionRow {
            base_version,
            head,
            snapshot,
            snapshot_seq,
            saved_seq,
            reset_seq,
        },
    ))
}

/// Starts the theme's session on its saved config, unless one is there already (two editors
/// opening at once start one); answers the session as stored.
pub async fn start(
    db: &AnyPool,
    store_id: &str,
    theme_id: &str,
    base_version: i64,
    config: &str,
) -> Result<SessionRow, sqlx::Error> {
    sqlx::query(
        "INSERT INTO theme_live \
         (theme_id, store_id, base_version, head, snapshot, snapshot_seq, updated_at) \
         VALUES ($1, $2, $3, 0, $4, 0, $5) ON CONFLICT (theme_id) DO NOTHING",
    )
    .bind(theme_id)
    .bind(store_id)
    .bind(base_version)
    .bind(config)
    .bind(now_ms())
    .execute(db)
    .await?;
    session(db, theme_id).await?.ok_or(sqlx::Error::RowNotFound)
}

type CommandRow = (i64, String, String, String, i64, String);

fn command_of(row: CommandRow) -> Result<LiveCommand, sqlx::Error> {
    let (seq, author_id, author_name, client_id, client_seq, command) = row;
    Ok(LiveCommand {
        seq,
        author_id,
        author_name,
        client_id,
        client_seq,
        command: serde_json::from_str(&command).map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
    })
}

/// The session's commands after `after` and up to `upto`, in order, at most `limit`. A reader
/// that read the head names it as `upto`: commands stored since are not part of what it read.
pub async fn commands_after(
    db: &AnyPool,
    theme_id: &str,
    after: i64,
    upto: i64,
    limit: i64,
) -> Result<Vec<LiveCommand>, sqlx::Error> {
    let rows: Vec<CommandRow> = sqlx::query_as(
        "SELECT seq, author_id, author_name, client_id, client_seq, command \
         FROM theme_live_commands WHERE theme_id = $1 AND seq > $2 AND seq <= $3 \
         ORDER BY seq LIMIT $4",
    )
    .bind(theme_id)
    .bind(after)
    .bind(upto)
    .bind(limit)
    .fetch_all(db)
    .await?;
    rows.into_iter().map(command_of).collect()
}

/// A command to store: its text (checked and cleaned) and the editor's own number of it.
#[derive(Debug, Clone)]
pub struct NewCommand {
    pub client_seq: i64,
    pub command: String,
}

/// Who sends a batch.
#[derive(Debug, Clone, Copy)]
pub struct Sender<'a> {
    pub user_id: &'a str,
    pub name: &'a str,
    pub client_id: &'a str,
}

/// The highest number the editor gave a command it sent, in the transaction of a batch (0 when
/// none): a batch must number its commands after it.
pub async fn last_client_seq(
    tx: &mut Transaction<'static, Any>,
    theme_id: &str,
    sender: Sender<'_>,
) -> Result<i64, sqlx::Error> {
    let (last,): (Option<i64>,) = sqlx::query_as(
        "SELECT MAX(client_seq) FROM theme_live_commands \
         WHERE theme_id = $1 AND author_id = $2 AND client_id = $3",
    )
    .bind(theme_id)
    .bind(sender.user_id)
    .bind(sender.client_id)
    .fetch_one(&mut **tx)
    .await?;
    Ok(last.unwrap_or(0))
}

/// Moves the head from `base` on by the batch, in the batch's transaction; `false` (nothing
/// written) when the head is no longer `base`. The first statement of the transaction, so on
/// PostgreSQL the row is held until the batch commits.
pub async fn take_head(
    tx: &mut Transaction<'static, Any>,
    theme_id: &str,
    base: i64,
    count: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE theme_live SET head = head + $1, updated_at = $2 WHERE theme_id = $3 AND head = $4",
    )
    .bind(count)
    .bind(now_ms())
    .bind(theme_id)
    .bind(base)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Stores a batch's commands after `base` (whose head [`take_head`] took), and answers them as
/// stored. When `snapshot` is given, it becomes the session's copy at the batch's last command.
/// `postgres`: the database is PostgreSQL, whose other processes are notified.
#[allow(clippy::too_many_arguments)]
pub async fn append(
    tx: &mut Transaction<'static, Any>,
    postgres: bool,
    theme_id: &str,
    base: i64,
    sender: Sender<'_>,
    commands: &[NewCommand],
    snapshot: Option<&str>,
) -> Result<Vec<LiveCommand>, sqlx::Error> {
    let now = now_ms();
    let mut stored = Vec::with_capacity(commands.len());
    for (i, command) in commands.iter().enumerate() {
        let seq = base + 1 + i64::try_from(i).unwrap_or(i64::MAX - base - 1);
        sqlx::query(
            "INSERT INTO theme_live_commands \
             (theme_id, seq, author_id, author_name, client_id, client_seq, command, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(theme_id)
        .bind(seq)
        .bind(sender.user_id)
        .bind(sender.name)
        .bind(sender.client_id)
        .bind(command.client_seq)
        .bind(&command.command)
        .bind(now)
        .execute(&mut **tx)
        .await?;
        stored.push(command_of((
            seq,
            sender.user_id.to_owned(),
            sender.name.to_owned(),
            sender.client_id.to_owned(),
            command.client_seq,
            command.command.clone(),
        ))?);
    }
    if let (Some(snapshot), Some(last)) = (snapshot, stored.last()) {
        sqlx::query("UPDATE theme_live SET snapshot = $1, snapshot_seq = $2 WHERE theme_id = $3")
            .bind(snapshot)
            .bind(last.seq)
            .bind(theme_id)
            .execute(&mut **tx)
            .await?;
    }
    if postgres {
        notify(&mut **tx, theme_id).await?;
    }
    Ok(stored)
}

/// A save of the theme, as the live session hears it in the save's transaction.
#[derive(Debug, Clone, Copy)]
pub struct Saved<'a> {
    pub theme_id: &'a str,
    /// The version saved, and its config.
    pub version: i64,
    pub config: &'a str,
    /// The session's sequence number whose working draft was saved; `None` for a save made
    /// outside the session.
    pub seq: Option<i64>,
}

/// The theme was saved: the session's working draft continues the new version. A save of the
/// working draft marks its sequence number saved. Any other save (a restore, a whole config, an
/// offline batch) restarts the working draft on the saved config, which takes the next sequence
/// number (`reset_seq`): the session's editors hear it and join again. Nothing when the theme
/// has no session.
pub async fn saved(
    tx: &mut Transaction<'static, Any>,
    postgres: bool,
    save: &Saved<'_>,
) -> Result<(), sqlx::Error> {
    let done = match save.seq {
        Some(seq) => {
            sqlx::query(
                "UPDATE theme_live SET base_version = $1, saved_seq = $2, updated_at = $3 \
                 WHERE theme_id = $4",
            )
            .bind(save.version)
            .bind(seq)
            .bind(now_ms())
            .bind(save.theme_id)
            .execute(&mut **tx)
            .await?
        }
        None => {
            sqlx::query(
                "UPDATE theme_live SET base_version = $1, snapshot = $2, head = head + 1, \
                 snapshot_seq = head + 1, saved_seq = head + 1, reset_seq = head + 1, updated_at = $3 \
                 WHERE theme_id = $4",
            )
            .bind(save.version)
            .bind(save.config)
            .bind(now_ms())
            .bind(save.theme_id)
            .execute(&mut **tx)
            .await?
        }
    };
    if postgres && done.rows_affected() > 0 {
        notify(&mut **tx, save.theme_id).await?;
    }
    Ok(())
}

/// The names of who made the session's commands after `after` and up to `upto`, A to Z.
pub async fn authors(
    db: &AnyPool,
    theme_id: &str,
    after: i64,
    upto: i64,
) -> Result<Vec<String>, sqlx::Error> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT DISTINCT author_name FROM theme_live_commands \
         WHERE theme_id = $1 AND seq > $2 AND seq <= $3 ORDER BY author_name",
    )
    .bind(theme_id)
    .bind(after)
    .bind(upto)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|(name,)| name).collect())
}

/// Tells the processes that stream the theme's session that it changed (PostgreSQL, when the
/// transaction commits; a SQLite database has one process, which wakes its streams itself).
async fn notify<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    theme_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(theme_id)
        .execute(executor)
        .await?;
    Ok(())
}

/// Keeps where the editor `client_id` of a user is, and when; an id another user took stays
/// theirs. Answers whether it was kept.
pub async fn put_presence(
    db: &AnyPool,
    store_id: &str,
    theme_id: &str,
    sender: Sender<'_>,
    section: Option<&str>,
    field: Option<&str>,
) -> Result<bool, sqlx::Error> {
    let mut tx = super::begin_write(db).await?;
    let done = sqlx::query(
        "INSERT INTO theme_live_presence \
         (theme_id, client_id, store_id, user_id, name, section, field, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
         ON CONFLICT (theme_id, client_id) DO UPDATE SET name = excluded.name, \
         section = excluded.section, field = excluded.field, updated_at = excluded.updated_at \
         WHERE theme_live_presence.user_id = excluded.user_id",
    )
    .bind(theme_id)
    .bind(sender.client_id)
    .bind(store_id)
    .bind(sender.user_id)
    .bind(sender.name)
    .bind(section)
    .bind(field)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
    let kept = done.rows_affected() == 1;
    if kept && !is_sqlite_pool(db) {
        notify(&mut *tx, theme_id).await?;
    }
    tx.commit().await?;
    Ok(kept)
}

type PresenceRow = (String, String, String, Option<String>, Option<String>, i64);

/// Who was in the theme's editor since `since` (ms), by their last activity, newest first.
pub async fn presence(
    db: &AnyPool,
    theme_id: &str,
    since: i64,
) -> Result<Vec<LivePresence>, sqlx::Error> {
    let rows: Vec<PresenceRow> = sqlx::query_as(
        "SELECT client_id, user_id, name, section, field, updated_at FROM theme_live_presence \
         WHERE theme_id = $1 AND updated_at >= $2 ORDER BY updated_at DESC LIMIT 50",
    )
    .bind(theme_id)
    .bind(since)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(
            |(client_id, user_id, name, section, field, updated_at)| LivePresence {
                client_id,
                user_id,
                name,
                section,
                field,
                updated_at,
            },
        )
        .collect())
}
