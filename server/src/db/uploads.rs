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
