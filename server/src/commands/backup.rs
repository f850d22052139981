//! `server backup PATH` and `server restore PATH [--force]`: the operator's side of
//! `server::services::backup`, with what each did printed on one line (README, "Backup and
//! restore").

use std::path::Path;
use std::time::Instant;

use server::config::Config;
use server::services::backup;

/// `server backup PATH`: writes a backup of `DATABASE_URL` and `UPLOAD_DIR` into the new folder
/// `PATH` while the servers keep serving.
pub async fn backup(config: &Config, args: &[String]) -> Result<(), Box<dyn std::error::Error>> {
    let [folder] = args else {
        return Err("usage: server backup PATH (a folder that does not exist yet)".into());
    };
    let started = Instant::now();
    let manifest = backup::backup(config, Path::new(folder)).await?;
    println!(
        "backup written to {folder}: {} database at migration {} ({} bytes), {} uploaded files ({} bytes), in {:.1} s",
        manifest.database,
        manifest.migration,
        manifest.database_bytes,
        manifest.upload_files,
        manifest.upload_bytes,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `server restore PATH [--force]`: checks the backup in `PATH` and brings it back into
/// `DATABASE_URL` and `UPLOAD_DIR`; `--force` replaces a live database.
pub async fn restore(config: &Config, args: &[String]) -> Result<(), Box<dyn std::error::Error>> {
    let force = args.iter().any(|a| a == "--force");
    let folders: Vec<&String> = args.iter().filter(|a| *a != "--force").collect();
    let [folder] = folders[..] else {
        return Err("usage: server restore PATH [--force]".into());
    };
    let started = Instant::now();
    let restored = backup::restore(config, Path::new(folder), force).await?;
    println!(
        "restored {folder} (taken {}) into the {} database{}: migration {} brought to {}, {} uploaded files{}, in {:.1} s",
        restored.manifest.created_at,
        restored.manifest.database,
        if restored.replaced_live {
            ", replacing the live one"
        } else {
            ""
        },
        restored.from_migration,
        restored.to_migration,
        restored.manifest.upload_files,
        restored
            .uploads_moved_to
            .map(|p| format!(" (the earlier uploads moved to {})", p.display()))
            .unwrap_or_default(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
