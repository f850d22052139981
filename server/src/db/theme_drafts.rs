//! The theme editor's unsaved drafts on the server, one per theme and user (migration 0016):
//! read, written over, deleted. Every query names the store, the theme and the user, so a draft
//! is only ever reached by its own author through a theme of their store.

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
    /// The commands as JSON text (an array), as they were checked.
    pub commands: String,
    pub updated_at: i64,
}

/// The user's draft of the theme, if they have one.
pub async fn find(db: &AnyPool, key: DraftKey<'_>) -> Result<Option<DraftRow>, sqlx::Error> {
    let row: Option<(i64, String, i64)> = sqlx::query_as(
        "SELECT base_version, commands, updated_at FROM theme_drafts \
         WHERE store_id = $1 AND theme_id = $2 AND user_id = $3",
    )
    .bind(key.store_id)
    .bind(key.theme_id)
    .bind(key.user_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(base_version, commands, updated_at)| DraftRow {
        base_version,
        commands,
        updated_at,
    }))
}

/// Keeps `commands` (JSON text, already checked by the core) as the user's draft of the theme,
/// over the one before. Answers the row as stored.
pub async fn put(
    db: &AnyPool,
    key: DraftKey<'_>,
    base_version: i64,
    commands: &str,
) -> Result<DraftRow, sqlx::Error> {
    let now = now_ms();
    sqlx::query(
        "INSERT INTO theme_drafts (theme_id, user_id, store_id, base_version, commands, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (theme_id, user_id) DO UPDATE SET store_id = excluded.store_id, \
         base_version = excluded.base_version, commands = excluded.commands, updated_at = excluded.updated_at",
    )
    .bind(key.theme_id)
    .bind(key.user_id)
    .bind(key.store_id)
    .bind(base_version)
    .bind(commands)
    .bind(now)
    .execute(db)
    .await?;
    Ok(DraftRow {
        base_version,
        commands: commands.to_owned(),
        updated_at: now,
    })
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
