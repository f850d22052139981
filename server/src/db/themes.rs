//! Themes and their configs in the database: the templates that ship with the product, creating
//! a theme with its first version, and saving a new version with optimistic locking (the
//! editor's Save deleting the saver's draft in the same transaction).

use shared_types::catalog::{Theme, ThemeVersion};
use sqlx::{Any, AnyPool, Transaction};

use super::{is_sqlite_pool, new_id, now_ms};

/// A template a theme can be made from. The configs are the theme engine's own fixtures, so the
/// configs that ship are the ones the engine is tested on.
#[derive(Debug, Clone, Copy)]
pub struct Template {
    pub id: &'static str,
    pub name: &'static str,
    pub family: &'static str,
    pub description: &'static str,
    pub config: &'static str,
}

/// The templates: hydro (shown as DEFAULT) and newchick (shown as FASHION).
pub const TEMPLATES: [Template; 2] = [
    Template {
        id: "hydro",
        name: "Hydro",
        family: "hydro",
        description: "The default theme: a clean storefront for any kind of shop.",
        config: include_str!("../../../core-wasm/tests/fixtures/hydro.json"),
    },
    Template {
        id: "newchick",
        name: "Newchick",
        family: "newchick",
        description: "The fashion theme: style collections, flash deals, wider grids.",
        config: include_str!("../../../core-wasm/tests/fixtures/newchick.json"),
    },
];

/// The template with this id.
pub fn template(id: &str) -> Option<&'static Template> {
    TEMPLATES.iter().find(|t| t.id == id)
}

/// Who saves: the user's id and display name.
#[derive(Debug, Clone, Copy)]
pub struct Author<'a> {
    pub user_id: Option<&'a str>,
    pub name: Option<&'a str>,
}

/// A theme to create.
#[derive(Debug)]
pub struct NewTheme<'a> {
    pub store_id: &'a str,
    pub name: &'a str,
    pub family: &'a str,
    pub source: &'a str,
    /// The config as JSON text, already accepted by the theme engine.
    pub config: &'a str,
    pub active: bool,
    pub summary: &'a str,
}

/// Creates a theme with its config at version 1 and that first version in the history.
/// Returns the theme id. Activating a theme here deactivates the store's others.
pub async fn create_theme(
    tx: &mut Transaction<'_, Any>,
    theme: &NewTheme<'_>,
    author: Author<'_>,
) -> Result<String, sqlx::Error> {
    let id = new_id();
    let now = now_ms();
    if theme.active {
        sqlx::query("UPDATE themes SET is_active = 0 WHERE store_id = $1")
            .bind(theme.store_id)
            .execute(&mut **tx)
            .await?;
    }
    sqlx::query(
        "INSERT INTO themes (id, store_id, name, family, source, is_active, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
    )
    .bind(&id)
    .bind(theme.store_id)
    .bind(theme.name)
    .bind(theme.family)
    .bind(theme.source)
    .bind(i64::from(theme.active))
    .bind(now)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO theme_configs (id, theme_id, store_id, version, config, updated_at, updated_by) \
         VALUES ($1, $2, $3, 1, $4, $5, $6)",
    )
    .bind(new_id())
    .bind(&id)
    .bind(theme.store_id)
    .bind(theme.config)
    .bind(now)
    .bind(author.user_id)
    .execute(&mut **tx)
    .await?;
    let first = Summary {
        text: theme.summary,
        paths: "[]",
        changes: "[]",
        authors: "[]",
    };
    insert_version(tx, &id, 1, theme.config, &first, author, now).await?;
    if theme.active {
        // Made active (published) with its first version: that version is kept.
        sqlx::query("UPDATE theme_versions SET published = 1 WHERE theme_id = $1")
            .bind(&id)
            .execute(&mut **tx)
            .await?;
    }
    Ok(id)
}

/// What a version says about itself: its summary, the paths it changed and its changes in
/// words (JSON arrays).
#[derive(Debug, Clone, Copy)]
pub struct Summary<'a> {
    pub text: &'a str,
    pub paths: &'a str,
    pub changes: &'a str,
    /// A JSON array of names: who made a live session's commands the save publishes.
    pub authors: &'a str,
}

async fn insert_version(
    tx: &mut Transaction<'_, Any>,
    theme_id: &str,
    version: i64,
    config: &str,
    summary: &Summary<'_>,
    author: Author<'_>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO theme_versions (id, theme_id, version, config, summary, paths, changes, saved_by, saved_by_name, saved_at, authors) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(new_id())
    .bind(theme_id)
    .bind(version)
    .bind(config)
    .bind(summary.text)
    .bind(summary.paths)
    .bind(summary.changes)
    .bind(author.user_id)
    .bind(author.name)
    .bind(now)
    .bind(summary.authors)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Gives a new store one theme of each template: hydro active, newchick unpublished.
pub async fn create_default_themes(
    tx: &mut Transaction<'_, Any>,
    store_id: &str,
) -> Result<(), sqlx::Error> {
    for template in &TEMPLATES {
        create_theme(
            tx,
            &NewTheme {
                store_id,
                name: template.name,
                family: template.family,
                source: template.id,
                config: template.config,
                active: template.id == "hydro",
                summary: "Created from the template",
            },
            Author {
                user_id: None,
                name: None,
            },
        )
        .await?;
    }
    Ok(())
}

/// A save to make.
#[derive(Debug)]
pub struct Save<'a> {
    pub theme_id: &'a str,
    /// The version the save is based on; the save happens only if it is still current.
    pub expected_version: i64,
    pub config: &'a str,
    pub family: &'a str,
    pub summary: Summary<'a>,
    /// An offline batch's id and the outcome to keep for its retries.
    pub batch: Option<(&'a str, &'a str)>,
    /// The editor's Save: the saver's draft, deleted in the save's transaction.
    pub draft: Option<super::theme_drafts::DraftKey<'a>>,
    /// A save of the live session's working draft at this sequence number. Any other save
    /// restarts the session's working draft on what it saved (`theme_live::saved`).
    pub live_seq: Option<i64>,
}

/// Renames a theme of the store (its config and versions stay as they are); false when the store
/// has no such theme.
pub async fn rename(
    db: &sqlx::AnyPool,
    store_id: &str,
    theme_id: &str,
    name: &str,
) -> Result<bool, sqlx::Error> {
    let renamed = sqlx::query("UPDATE themes SET name = $1 WHERE id = $2 AND store_id = $3")
        .bind(name)
        .bind(theme_id)
        .bind(store_id)
        .execute(db)
        .await?;
    Ok(renamed.rows_affected() > 0)
}

/// Saves a new version when `expected_version` is still current: `Ok(new version)`, or
/// `Err(current version)` when someone saved meanwhile. The compare-and-set is one UPDATE, the
/// first statement of the transaction, so concurrent saves on SQLite and PostgreSQL alike are
/// serialized by the database and exactly one of two saves on the same version wins.
pub async fn save(
    db: &sqlx::AnyPool,
    save: &Save<'_>,
    author: Author<'_>,
) -> Result<Result<i64, i64>, sqlx::Error> {
    let now = now_ms();
    let mut tx = crate::db::begin_write(db).await?;
    let updated = sqlx::query(
        "UPDATE theme_configs SET config = $1, version = version + 1, updated_at = $2, updated_by = $3 \
         WHERE theme_id = $4 AND version = $5",
    )
    .bind(save.config)
    .bind(now)
    .bind(author.user_id)
    .bind(save.theme_id)
    .bind(save.expected_version)
    .execute(&mut *tx)
    .await?;
    if updated.rows_affected() == 0 {
        tx.rollback().await?;
        let current: Option<(i64,)> =
            sqlx::query_as("SELECT version FROM theme_configs WHERE theme_id = $1")
                .bind(save.theme_id)
                .fetch_optional(db)
                .await?;
        return Ok(Err(current.map_or(0, |(v,)| v)));
    }
    let version = save.expected_version + 1;
    insert_version(
        &mut tx,
        save.theme_id,
        version,
        save.config,
        &save.summary,
        author,
        now,
    )
    .await?;
    // Retention: the last versions the core keeps, and every version the theme was published
    // with.
    sqlx::query(
        "DELETE FROM theme_versions WHERE theme_id = $1 AND version <= $2 AND published = 0",
    )
    .bind(save.theme_id)
    .bind(version - core_wasm::limits::THEME_VERSIONS_KEPT)
    .execute(&mut *tx)
    .await?;
    sqlx::query("UPDATE themes SET family = $1, updated_at = $2 WHERE id = $3")
        .bind(save.family)
        .bind(now)
        .bind(save.theme_id)
        .execute(&mut *tx)
        .await?;
    if let Some((batch_id, outcome)) = save.batch {
        record_batch(&mut tx, save.theme_id, batch_id, outcome).await?;
    }
    if let Some(draft) = save.draft {
        super::theme_drafts::delete(&mut *tx, draft).await?;
    }
    let live = super::theme_live::Saved {
        theme_id: save.theme_id,
        version,
        config: save.config,
        seq: save.live_seq,
    };
    super::theme_live::saved(&mut tx, !is_sqlite_pool(db), &live).await?;
    tx.commit().await?;
    Ok(Ok(version))
}

/// Keeps an offline batch's outcome so that a retry is answered with it.
pub async fn record_batch(
    tx: &mut Transaction<'_, Any>,
    theme_id: &str,
    batch_id: &str,
    outcome: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO theme_batches (theme_id, batch_id, outcome, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(theme_id)
    .bind(batch_id)
    .bind(outcome)
    .bind(now_ms())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The config text of the theme's saved `version`, if there is one.
pub async fn version_config(
    db: &sqlx::AnyPool,
    theme_id: &str,
    version: i64,
) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT config FROM theme_versions WHERE theme_id = $1 AND version = $2")
            .bind(theme_id)
            .bind(version)
            .fetch_optional(db)
            .await?;
    Ok(row.map(|(config,)| config))
}

type ThemeRow = (String, String, String, String, i64, String, i64, i64, i64);

const THEME_SELECT: &str = "SELECT t.id, t.name, t.family, t.source, t.is_active, c.id, c.version, \
     t.created_at, t.updated_at FROM themes t JOIN theme_configs c ON c.theme_id = t.id WHERE t.store_id = $1";

fn theme(
    (id, name, family, source, active, config_id, version, created_at, updated_at): ThemeRow,
) -> Theme {
    Theme {
        id,
        name,
        family,
        source,
        is_active: active == 1,
        status: if active == 1 {
            "published"
        } else {
            "unpublished"
        }
        .to_owned(),
        config_id,
        version,
        created_at,
        updated_at,
    }
}

/// Theme `id` of the store, if any.
pub async fn by_id(db: &AnyPool, store_id: &str, id: &str) -> Result<Option<Theme>, sqlx::Error> {
    let sql = format!("{THEME_SELECT} AND t.id = $2");
    let row: Option<ThemeRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(id)
        .fetch_optional(db)
        .await?;
    Ok(row.map(theme))
}

/// The store's themes: the active one first, then in the order they were made.
pub async fn list(db: &AnyPool, store_id: &str) -> Result<Vec<Theme>, sqlx::Error> {
    let sql = format!("{THEME_SELECT} ORDER BY t.is_active DESC, t.created_at, t.id");
    let rows: Vec<ThemeRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .fetch_all(db)
        .await?;
    Ok(rows.into_iter().map(theme).collect())
}

/// The theme's current config: (version, config text).
pub async fn current_config(
    db: &AnyPool,
    theme_id: &str,
) -> Result<Option<(i64, String)>, sqlx::Error> {
    sqlx::query_as("SELECT version, config FROM theme_configs WHERE theme_id = $1")
        .bind(theme_id)
        .fetch_optional(db)
        .await
}

/// The theme's config row: id, version, config text, when and by whom it was saved.
pub type ConfigRow = (String, i64, String, i64, Option<String>);

/// The theme's config row, if any.
pub async fn config_row(db: &AnyPool, theme_id: &str) -> Result<Option<ConfigRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, version, config, updated_at, updated_by FROM theme_configs WHERE theme_id = $1",
    )
    .bind(theme_id)
    .fetch_optional(db)
    .await
}

/// Config `config_id` with its theme's id, when that theme is the store's (§7 "Config fetch by
/// a fixed id"): another store's id reads as none.
pub async fn store_config_row(
    db: &AnyPool,
    store_id: &str,
    config_id: &str,
) -> Result<Option<(String, ConfigRow)>, sqlx::Error> {
    let row: Option<(String, String, i64, String, i64, Option<String>)> = sqlx::query_as(
        "SELECT c.theme_id, c.id, c.version, c.config, c.updated_at, c.updated_by \
         FROM theme_configs c JOIN themes t ON t.id = c.theme_id \
         WHERE c.id = $1 AND t.store_id = $2",
    )
    .bind(config_id)
    .bind(store_id)
    .fetch_optional(db)
    .await?;
    Ok(
        row.map(|(theme_id, id, version, config, updated_at, updated_by)| {
            (theme_id, (id, version, config, updated_at, updated_by))
        }),
    )
}

/// Deletes theme `id` of the store unless it is the active one; whether it was deleted.
pub async fn delete_inactive(db: &AnyPool, store_id: &str, id: &str) -> Result<bool, sqlx::Error> {
    let deleted =
        sqlx::query("DELETE FROM themes WHERE id = $1 AND store_id = $2 AND is_active = 0")
            .bind(id)
            .bind(store_id)
            .execute(db)
            .await?;
    Ok(deleted.rows_affected() > 0)
}

/// Makes theme `id` the store's active theme and every other inactive, in one statement.
pub async fn activate(db: &AnyPool, store_id: &str, id: &str) -> Result<(), sqlx::Error> {
    let mut tx = super::begin_write(db).await?;
    sqlx::query(
        "UPDATE themes SET is_active = CASE WHEN id = $1 THEN 1 ELSE 0 END WHERE store_id = $2",
    )
    .bind(id)
    .bind(store_id)
    .execute(&mut *tx)
    .await?;
    // The version it is published with is kept whatever is saved after.
    sqlx::query(
        "UPDATE theme_versions SET published = 1 WHERE theme_id = $1 \
         AND version = (SELECT c.version FROM theme_configs c JOIN themes t ON t.id = c.theme_id \
         WHERE c.theme_id = $1 AND t.store_id = $2)",
    )
    .bind(id)
    .bind(store_id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

/// The kept outcome of offline batch `batch_id` of the theme, if it was applied.
pub async fn batch_outcome(
    db: &AnyPool,
    theme_id: &str,
    batch_id: &str,
) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT outcome FROM theme_batches WHERE theme_id = $1 AND batch_id = $2")
            .bind(theme_id)
            .bind(batch_id)
            .fetch_optional(db)
            .await?;
    Ok(row.map(|(outcome,)| outcome))
}

/// The paths (JSON arrays, one per version) changed by the versions saved after `version`, up
/// to `current`; `None` when some of those versions are no longer kept (retention removed them),
/// so what they changed is unknown.
pub async fn paths_changed_since(
    db: &AnyPool,
    theme_id: &str,
    version: i64,
    current: i64,
) -> Result<Option<Vec<String>>, sqlx::Error> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT paths FROM theme_versions WHERE theme_id = $1 AND version > $2 AND version <= $3",
    )
    .bind(theme_id)
    .bind(version)
    .bind(current)
    .fetch_all(db)
    .await?;
    let whole = i64::try_from(rows.len()).unwrap_or(i64::MAX) == current - version;
    Ok(whole.then(|| rows.into_iter().map(|(paths,)| paths).collect()))
}

/// The columns of a `VersionRow`, in its order.
const VERSION_COLUMNS: &str =
    "version, summary, paths, changes, saved_by, saved_by_name, saved_at, authors";

type VersionRow = (
    i64,
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    i64,
    String,
);

fn version_of(
    (version, summary, paths, changes, saved_by, saved_by_name, saved_at, authors): VersionRow,
) -> ThemeVersion {
    ThemeVersion {
        version,
        summary,
        paths: serde_json::from_str(&paths).unwrap_or_default(),
        changes: serde_json::from_str(&changes).unwrap_or_default(),
        saved_by,
        saved_by_name,
        saved_at,
        authors: serde_json::from_str(&authors).unwrap_or_default(),
    }
}

/// Every saved version of the theme's config, newest first.
pub async fn versions(db: &AnyPool, theme_id: &str) -> Result<Vec<ThemeVersion>, sqlx::Error> {
    let sql = format!(
        "SELECT {VERSION_COLUMNS} FROM theme_versions WHERE theme_id = $1 ORDER BY version DESC"
    );
    let rows: Vec<VersionRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(theme_id)
        .fetch_all(db)
        .await?;
    Ok(rows.into_iter().map(version_of).collect())
}

/// Saved `version` of the theme's config with its config text, if there is one.
pub async fn version(
    db: &AnyPool,
    theme_id: &str,
    version: i64,
) -> Result<Option<(ThemeVersion, String)>, sqlx::Error> {
    type Row = (
        i64,
        String,
        String,
        String,
        Option<String>,
        Option<String>,
        i64,
        String,
        String,
    );
    let sql = format!(
        "SELECT {VERSION_COLUMNS}, config FROM theme_versions WHERE theme_id = $1 AND version = $2"
    );
    let row: Option<Row> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(theme_id)
        .bind(version)
        .fetch_optional(db)
        .await?;
    Ok(row.map(
        |(v, summary, paths, changes, by, by_name, at, authors, config)| {
            (
                version_of((v, summary, paths, changes, by, by_name, at, authors)),
                config,
            )
        },
    ))
}

/// The store's active theme: id, name, family, config version and config text.
pub async fn active(
    db: &AnyPool,
    store_id: &str,
) -> Result<Option<(String, String, String, i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT t.id, t.name, t.family, c.version, c.config FROM themes t JOIN theme_configs c ON c.theme_id = t.id \
         WHERE t.store_id = $1 AND t.is_active = 1",
    )
    .bind(store_id)
    .fetch_optional(db)
    .await
}

/// The config of the store's active (published) theme, if it has one.
pub async fn published_config(db: &AnyPool, store_id: &str) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT c.config FROM themes t JOIN theme_configs c ON c.theme_id = t.id \
         WHERE t.store_id = $1 AND t.is_active = 1 ORDER BY t.updated_at DESC LIMIT 1",
    )
    .bind(store_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(config,)| config))
}

/// The saved config (JSON text) of the store's theme `theme_id`.
pub async fn saved_config(
    db: &AnyPool,
    store_id: &str,
    theme_id: &str,
) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT c.config FROM themes t JOIN theme_configs c ON c.theme_id = t.id \
         WHERE t.store_id = $1 AND t.id = $2",
    )
    .bind(store_id)
    .bind(theme_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(config,)| config))
}
