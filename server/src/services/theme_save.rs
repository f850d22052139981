//! Saving a theme as a workflow, called by the theme routes: the editor's offline batch replayed
//! on the current version (commands on paths nobody changed since the batch's base merge; a
//! command on a changed path is reported, not applied), saved as the next version in one
//! transaction with the saver's draft, and tried again when someone else saved meanwhile.

use core_wasm::theme::{self as engine, ThemeDoc};
use serde_json::Value;
use shared_types::catalog::{BatchOutcome, CommandBatch};
use shared_types::theme::ThemeFamily;
use sqlx::AnyPool;

use crate::db::theme_drafts::{self, DraftKey};
use crate::db::themes::{self as store_themes, Author, Save, Summary};
use crate::error::ApiError;

/// How many times a batch is tried against a theme others keep saving before it answers 409.
const BATCH_ATTEMPTS: usize = 20;

/// The theme's current config: (version, config text).
pub async fn current_config(db: &AnyPool, theme_id: &str) -> Result<(i64, String), ApiError> {
    store_themes::current_config(db, theme_id)
        .await?
        .ok_or(ApiError::NotFound)
}

/// The name a family is stored under.
pub fn family_name(family: ThemeFamily) -> &'static str {
    match family {
        ThemeFamily::Hydro => "hydro",
        ThemeFamily::Newchick => "newchick",
    }
}

/// A config that passes every rule of the engine; 400 with each problem otherwise.
pub fn accept_doc(doc: ThemeDoc) -> Result<ThemeDoc, ApiError> {
    let problems = engine::validate(doc.value());
    if problems.is_empty() {
        Ok(doc)
    } else {
        Err(ApiError::theme(&problems, None))
    }
}

/// The history's summary of a batch whose commands have no words of their own.
fn summary_of(commands: &[Value], applied: &[u32]) -> String {
    let mut kinds: Vec<(String, usize)> = Vec::new();
    for i in applied {
        let kind = commands
            .get(*i as usize)
            .and_then(|c| c.get("kind"))
            .and_then(Value::as_str)
            .unwrap_or("command")
            .to_owned();
        match kinds.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n += 1,
            None => kinds.push((kind, 1)),
        }
    }
    let parts: Vec<String> = kinds
        .into_iter()
        .map(|(k, n)| if n == 1 { k } else { format!("{k} x{n}") })
        .collect();
    format!(
        "{} command{} replayed: {}",
        applied.len(),
        if applied.len() == 1 { "" } else { "s" },
        parts.join(", ")
    )
}

/// The answer already given to batch `batch_id` of the theme, marked `repeated`.
async fn stored_batch(
    db: &AnyPool,
    theme_id: &str,
    batch_id: &str,
) -> Result<Option<BatchOutcome>, ApiError> {
    let row = store_themes::batch_outcome(db, theme_id, batch_id).await?;
    match row {
        Some(outcome) => {
            let mut outcome: BatchOutcome =
                serde_json::from_str(&outcome).map_err(ApiError::internal)?;
            outcome.repeated = true;
            Ok(Some(outcome))
        }
        None => Ok(None),
    }
}

/// Replays `batch` (id `batch_id`) on the theme and saves the result as the next version, with
/// `draft` deleted in the same transaction; a retried batch gets its first answer. Tries again
/// while others save meanwhile, up to `BATCH_ATTEMPTS`, then 409.
pub async fn save_batch(
    db: &AnyPool,
    theme_id: &str,
    batch_id: &str,
    batch: &CommandBatch,
    draft: DraftKey<'_>,
    author: Author<'_>,
) -> Result<BatchOutcome, ApiError> {
    for _ in 0..BATCH_ATTEMPTS {
        if let Some(outcome) = stored_batch(db, theme_id, batch_id).await? {
            return Ok(outcome);
        }
        let (current_version, current) = current_config(db, theme_id).await?;
        let base = store_themes::version_config(db, theme_id, batch.base_version).await?;
        let Some(base) = base else {
            return Err(ApiError::stale(current_version));
        };
        // A base whose later versions are no longer all kept cannot be merged onto: the editor
        // starts again from the current version (as from a base no longer kept).
        let changed =
            store_themes::paths_changed_since(db, theme_id, batch.base_version, current_version)
                .await?
                .ok_or_else(|| ApiError::stale(current_version))?;
        let mut changed_paths: Vec<String> = Vec::new();
        for paths in changed {
            let paths: Vec<String> = serde_json::from_str(&paths).map_err(ApiError::internal)?;
            changed_paths.extend(paths);
        }
        let base = ThemeDoc::parse(&base).map_err(ApiError::internal)?;
        let current_doc = ThemeDoc::parse(&current).map_err(ApiError::internal)?;
        let replayed = engine::replay_batch(&base, &current_doc, &changed_paths, &batch.commands)
            .map_err(|(index, error)| ApiError::theme(&[error], Some(index)))?;
        let doc = accept_doc(replayed.doc)?;
        let report = replayed.report;
        if report.applied.is_empty() {
            // Nothing to save: keep the answer for retries without making a version.
            let outcome = BatchOutcome {
                version: current_version,
                report,
                repeated: false,
            };
            let text = serde_json::to_string(&outcome).map_err(ApiError::internal)?;
            let mut tx = crate::db::begin_write(db).await?;
            let recorded =
                match store_themes::record_batch(&mut tx, theme_id, batch_id, &text).await {
                    Ok(()) => theme_drafts::delete(&mut *tx, draft).await,
                    Err(error) => Err(error),
                };
            if recorded.is_ok() && tx.commit().await.is_ok() {
                return Ok(outcome);
            }
            continue;
        }
        let outcome = BatchOutcome {
            version: current_version + 1,
            report,
            repeated: false,
        };
        let text = serde_json::to_string(&outcome).map_err(ApiError::internal)?;
        let paths = serde_json::to_string(&outcome.report.paths).map_err(ApiError::internal)?;
        // What the applied commands changed, in words (the admin translates them; the summary
        // is their English).
        let applied: Vec<shared_types::theme::ThemeCommand> = outcome
            .report
            .applied
            .iter()
            .filter_map(|i| batch.commands.get(*i as usize))
            .filter_map(|c| serde_json::from_value(c.clone()).ok())
            .collect();
        let described = core_wasm::theme::describe::describe(current_doc.value(), &applied);
        let summary = if described.is_empty() {
            summary_of(&batch.commands, &outcome.report.applied)
        } else {
            core_wasm::theme::describe::in_english(&described)
        };
        let changes = serde_json::to_string(&described).map_err(ApiError::internal)?;
        let saved = store_themes::save(
            db,
            &Save {
                theme_id,
                expected_version: current_version,
                config: &doc.to_json(),
                family: family_name(doc.family()),
                summary: Summary {
                    text: &summary,
                    paths: &paths,
                    changes: &changes,
                    authors: "[]",
                },
                batch: Some((batch_id, &text)),
                draft: Some(draft),
                live_seq: None,
            },
            author,
        )
        .await;
        match saved {
            Ok(Ok(_)) => return Ok(outcome),
            // Someone saved meanwhile, or a retry of this batch won: look again.
            Ok(Err(_)) | Err(_) => continue,
        }
    }
    Err(ApiError::Conflict(
        "The theme is being saved by others right now. Please try again.".to_owned(),
    ))
}
