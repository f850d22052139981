//! Uploaded files under `UPLOAD_DIR` (their rows are in the tables beside), written whole or
//! not at all.

/// Writes `bytes` to `dir/relative` through a temporary file and a rename.
pub async fn write_file(
    dir: &std::path::Path,
    relative: &str,
    bytes: &[u8],
) -> std::io::Result<std::path::PathBuf> {
    let path = dir.join(relative);
    if let Some(parent) = path.parent() {
        tokio::fs::create_dir_all(parent).await?;
    }
    let partial = path.with_extension("part");
    tokio::fs::write(&partial, bytes).await?;
    if let Err(error) = tokio::fs::rename(&partial, &path).await {
        let _ = tokio::fs::remove_file(&partial).await;
        return Err(error);
    }
    Ok(path)
}

/// An upload whose widths are still to make, as it was read.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct WidthsDue {
    pub id: String,
    /// Under `UPLOAD_DIR`.
    pub path: String,
    pub attempts: i64,
    /// When a process last claimed it (ms), if one did.
    pub claimed_at: Option<i64>,
}

/// Up to `limit` pictures (PNG, JPEG, WebP) whose widths are not made yet, oldest first, with
/// fewer than `max_attempts` failures.
pub async fn widths_due(
    db: &sqlx::AnyPool,
    max_attempts: i64,
    limit: i64,
) -> Result<Vec<WidthsDue>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, path, widths_attempts AS attempts, widths_claimed_at AS claimed_at FROM uploads \
         WHERE widths_made_at IS NULL AND widths_attempts < $1 \
         AND content_type IN ($3, $4, $5) ORDER BY created_at, id LIMIT $2",
    )
    .bind(max_attempts)
    .bind(limit)
    .bind(core_wasm::catalog::PICTURE_WIDTH_TYPES[0])
    .bind(core_wasm::catalog::PICTURE_WIDTH_TYPES[1])
    .bind(core_wasm::catalog::PICTURE_WIDTH_TYPES[2])
    .fetch_all(db)
    .await
}

/// Claims upload `id`'s widths at `now` if it is still as it was read (not made, and claimed at
/// `claimed_at`); false when another process claimed it first.
pub async fn claim_widths(
    db: &sqlx::AnyPool,
    id: &str,
    claimed_at: Option<i64>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let claim = match claimed_at {
        None => sqlx::query(
            "UPDATE uploads SET widths_claimed_at = $1 \
             WHERE id = $2 AND widths_made_at IS NULL AND widths_claimed_at IS NULL",
        )
        .bind(now)
        .bind(id),
        Some(at) => sqlx::query(
            "UPDATE uploads SET widths_claimed_at = $1 \
             WHERE id = $2 AND widths_made_at IS NULL AND widths_claimed_at = $3",
        )
        .bind(now)
        .bind(id)
        .bind(at),
    };
    Ok(claim.execute(db).await?.rows_affected() == 1)
}

/// Records upload `id`'s widths as made, with the original's size in pixels.
pub async fn widths_made(
    db: &sqlx::AnyPool,
    id: &str,
    width: u32,
    height: u32,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE uploads SET widths_made_at = $1, widths_error = NULL, width = $2, height = $3 WHERE id = $4",
    )
    .bind(super::now_ms())
    .bind(i64::from(width))
    .bind(i64::from(height))
    .bind(id)
    .execute(db)
    .await?;
    Ok(())
}

/// Records a failed attempt at upload `id`'s widths. Its claim stays: it is tried again once
/// the claim has expired, up to the attempts allowed.
pub async fn widths_failed(db: &sqlx::AnyPool, id: &str, error: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE uploads SET widths_attempts = widths_attempts + 1, widths_error = $1 WHERE id = $2",
    )
    .bind(error.chars().take(500).collect::<String>())
    .bind(id)
    .execute(db)
    .await?;
    Ok(())
}

/// Every upload's widths to be made again (after a restore, whose copy holds the originals
/// only); the job takes them as it takes new ones.
pub async fn widths_to_make_again(db: &sqlx::AnyPool) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query(
        "UPDATE uploads SET widths_made_at = NULL, widths_claimed_at = NULL, widths_attempts = 0, \
         widths_error = NULL WHERE widths_made_at IS NOT NULL",
    )
    .execute(db)
    .await?
    .rows_affected())
}
