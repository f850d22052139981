//! The theme editor's unsaved drafts on the server, one per theme and user (migrations 0016 and
//! 0027): read, written over whole, continued at a known revision, deleted. Every query names
//! the store, the theme and the user, so a draft is only ever reached by its own author through
//! a theme of their store.

use sqlx::{Any, AnyPool, Executor};

use super::now_ms;

/// Whose draft of which theme: the theme's store, the theme, the signed-in user.
#[derive(Debug, Clone, Copy)]
pub struct DraftKey<'a> {
    pub store_id: &'a str,
    pub theme_id: &'a str,
    pub user_id: &'a str,
}

/// A draft as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct DraftRow {
    pub base_version: i64,
    /// Adds one at every write (1 for a new draft), so a writer can tell whether the draft is
    /// still the one it last saw.
    pub revision: i64,
    /// The commands as JSON text (an array), as they were checked.
    pub commands: String,
    pub updated_at: i64,
}

/// The user's draft of the theme, if they have one.
pub async fn find(db: &AnyPool, key: DraftKey<'_>) -> Result<Option<DraftRow>, sqlx::Error> {
    let row: Option<(i64, i64, String, i64)> = sqlx::query_as(
        "SELECT base_version, revision, commands, updated_at FROM theme_drafts \
         WHERE store_id = $1 AND theme_id = $2 AND user_id = $3",
    )
    .bind(key.store_id)
    .bind(key.theme_id)
    .bind(key.user_id)
    .fetch_optional(db)
    .await?;
    Ok(
        row.map(|(base_version, revision, commands, updated_at)| DraftRow {
            base_version,
            revision,
            commands,
            updated_at,
        }),
    )
}

/// Keeps `commands` (JSON text, already checked by the core) as the user's draft of the theme,
/// over the one before, whatever its revision. Answers the row as stored: revision 1 for a new
/// draft, else one more than the one it replaced. One statement, so two writers racing each get
/// a revision of their own.
pub async fn put(
    db: &AnyPool,
    key: DraftKey<'_>,
    base_version: i64,
    commands: &str,
) -> Result<DraftRow, sqlx::Error> {
    let now = now_ms();
    let (revision,): (i64,) = sqlx::query_as(
        "INSERT INTO theme_drafts \
         (theme_id, user_id, store_id, base_version, commands, updated_at, revision) \
         VALUES ($1, $2, $3, $4, $5, $6, 1) \
         ON CONFLICT (theme_id, user_id) DO UPDATE SET store_id = excluded.store_id, \
         base_version = excluded.base_version, commands = excluded.commands, \
         updated_at = excluded.updated_at, revision = theme_drafts.revision + 1 \
         RETURNING revision",
    )
    .bind(key.theme_id)
    .bind(key.user_id)
    .bind(key.store_id)
    .bind(base_version)
    .bind(commands)
    .bind(now)
    .fetch_one(db)
    .await?;
    Ok(DraftRow {
        base_version,
        revision,
        commands: commands.to_owned(),
        updated_at: now,
    })
}

/// Replaces the commands of the user's draft with `commands` (JSON text, already checked by the
/// core) only if the draft is still at `expected_revision` and made against `base_version`, and
/// adds one to its revision. Answers the row as stored, or `None` when no draft matched: there
/// is none, or another write came first since the caller read it.
pub async fn replace_if(
    db: &AnyPool,
    key: DraftKey<'_>,
    expected_revision: i64,
    base_version: i64,
    commands: &str,
) -> Result<Option<DraftRow>, sqlx::Error> {
    let now = now_ms();
    let revision: Option<(i64,)> = sqlx::query_as(
        "UPDATE theme_drafts SET commands = $1, updated_at = $2, revision = revision + 1 \
         WHERE store_id = $3 AND theme_id = $4 AND user_id = $5 \
         AND revision = $6 AND base_version = $7 \
         RETURNING revision",
    )
    .bind(commands)
    .bind(now)
    .bind(key.store_id)
    .bind(key.theme_id)
    .bind(key.user_id)
    .bind(expected_revision)
    .bind(base_version)
    .fetch_optional(db)
    .await?;
    Ok(revision.map(|(revision,)| DraftRow {
        base_version,
        revision,
        commands: commands.to_owned(),
        updated_at: now,
    }))
}

/// Deletes the user's draft of the theme (nothing when there is none); with a transaction, as
/// part of a save.
pub async fn delete<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    key: DraftKey<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM theme_drafts WHERE store_id = $1 AND theme_id = $2 AND user_id = $3")
        .bind(key.store_id)
        .bind(key.theme_id)
        .bind(key.user_id)
        .execute(executor)
        .await?;
    Ok(())
}
