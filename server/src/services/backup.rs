//! Backups that restore. `backup` writes a consistent copy of the database and of the uploads
//! folder into a new folder while the server keeps serving; `restore` checks such a folder and
//! brings it back into `DATABASE_URL` and `UPLOAD_DIR`, refusing to replace a live database
//! unless told to and refusing a copy made by a newer server; `spawn_schedule` takes a backup
//! every `BACKUP_EVERY` in one of the server processes on the database and keeps the newest
//! `BACKUP_KEEP` (docs/decisions.md, "Backups that restore").
//!
//! A backup folder holds `manifest.json` (what made it), the database (`database.sqlite`, a
//! `VACUUM INTO` copy, or `database.pgdump`, `pg_dump`'s custom format) and `uploads/`. It is
//! written as `FOLDER.partial` and renamed when complete, so a folder under its own name is whole.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use serde::{Deserialize, Serialize};
use sqlx::{AnyPool, Connection};

use crate::config::{BackupSchedule, Config};
use crate::db::{self, Backend, backup as queries};

/// The manifest's name inside a backup folder.
pub const MANIFEST: &str = "manifest.json";
/// The SQLite copy's name inside a backup folder.
pub const SQLITE_FILE: &str = "database.sqlite";
/// The PostgreSQL dump's name inside a backup folder.
pub const POSTGRES_FILE: &str = "database.pgdump";
/// The uploads' folder inside a backup folder.
pub const UPLOADS: &str = "uploads";
/// The layout of the backup folder this server writes (and the newest it reads).
pub const FORMAT: i64 = 1;

/// What a backup folder says of itself (`manifest.json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    /// The folder's layout (`FORMAT`).
    pub format: i64,
    /// `sqlite` or `postgres`: a copy goes back into the same kind of database.
    pub database: String,
    /// The newest migration the copied database had.
    pub migration: i64,
    /// When the copy was taken (RFC 3339, UTC): the database as it was at that moment or later.
    pub created_at: String,
    /// The server that wrote it (`server` and its version).
    pub written_by: String,
    /// The files and bytes of the uploads folder copied.
    pub upload_files: u64,
    pub upload_bytes: u64,
    /// The database file's bytes.
    pub database_bytes: u64,
}

/// Why a backup or a restore did not happen.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// Refused on purpose, with the reason and what to do.
    #[error("{0}")]
    Refused(String),
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("{0}")]
    Io(String),
    /// `pg_dump` or `pg_restore` missing or failing.
    #[error("{0}")]
    Tool(String),
}

/// An IO error with what was being done.
fn io(what: impl std::fmt::Display) -> impl FnOnce(std::io::Error) -> BackupError {
    move |error| BackupError::Io(format!("{what}: {error}"))
}

/// What a restore did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restored {
    /// The manifest of the folder restored.
    pub manifest: Manifest,
    /// The newest migration of the copy, and of the database after the restore migrated it.
    pub from_migration: i64,
    pub to_migration: i64,
    /// Whether a live database was replaced (`--force`).
    pub replaced_live: bool,
    /// Where the uploads folder's earlier files were moved, if it had any.
    pub uploads_moved_to: Option<PathBuf>,
}

/// Writes a backup of the database of `config` and its uploads folder into `folder`, which must
/// not exist, while the server keeps serving. The database is copied first, then the uploads,
/// so that every file the copied rows name is in the folder (a newer file may be there too).
///
/// The work runs at the idle scheduling class (`yielding`): requests served meanwhile keep
/// their latency (BENCHMARKS.md, "The Overview while a backup is written").
pub async fn backup(config: &Config, folder: &Path) -> Result<Manifest, BackupError> {
    let (config, folder) = (config.clone(), folder.to_owned());
    yielding(async move { backup_now(&config, &folder).await }).await?
}

async fn backup_now(config: &Config, folder: &Path) -> Result<Manifest, BackupError> {
    if folder.exists() {
        return Err(BackupError::Refused(format!(
            "{} exists already: a backup goes into a new folder",
            folder.display()
        )));
    }
    let partial = partial_of(folder);
    let _ = std::fs::remove_dir_all(&partial);
    std::fs::create_dir_all(&partial).map_err(io(format!("create {}", partial.display())))?;
    let backend = Backend::of(&config.database_url);
    let (file, migration) = match backend {
        Backend::Sqlite => {
            let file = partial.join(SQLITE_FILE);
            queries::sqlite_copy(&config.database_url, &file).await?;
            let mut copy = queries::open_as_is(&sqlite_url(&file), true).await?;
            let migrations = queries::applied_migrations(&mut copy).await?;
            copy.close().await?;
            (file, migrations.last().copied().unwrap_or(0))
        }
        Backend::Postgres => {
            let file = partial.join(POSTGRES_FILE);
            let url = config.database_url.clone();
            let target = file.clone();
            blocking(move || {
                run_tool(
                    "pg_dump",
                    &url,
                    &[
                        "--format=custom".into(),
                        format!("--file={}", target.display()),
                    ],
                )
            })
            .await?;
            let migrations = dump_migrations(&file).await?;
            (file, migrations.last().copied().unwrap_or(0))
        }
    };
    let uploads_from = config.upload_dir.clone();
    let uploads_to = partial.join(UPLOADS);
    let (upload_files, upload_bytes) = blocking(move || {
        std::fs::create_dir_all(&uploads_to).map_err(io("create the uploads' copy"))?;
        if uploads_from.is_dir() {
            copy_tree(&uploads_from, &uploads_to)
        } else {
            Ok((0, 0))
        }
    })
    .await?;
    let database_bytes = std::fs::metadata(&file)
        .map_err(io("read the copy's size"))?
        .len();
    let manifest = Manifest {
        format: FORMAT,
        database: backend.name().to_owned(),
        migration,
        created_at: db::rfc3339(db::now_ms()),
        written_by: format!("server {}", env!("CARGO_PKG_VERSION")),
        upload_files,
        upload_bytes,
        database_bytes,
    };
    let text =
        serde_json::to_string_pretty(&manifest).map_err(|e| BackupError::Io(e.to_string()))?;
    let folder_owned = folder.to_owned();
    blocking(move || {
        std::fs::write(partial.join(MANIFEST), text + "\n").map_err(io("write the manifest"))?;
        sync_tree(&partial)?;
        std::fs::rename(&partial, &folder_owned).map_err(io(format!(
            "rename {} to {}",
            partial.display(),
            folder_owned.display()
        )))?;
        sync_parent(&folder_owned)
    })
    .await?;
    Ok(manifest)
}

/// Checks the backup in `folder` and brings it back into the database of `config` and its
/// uploads folder, then migrates the database up to this server's schema. Refused: a folder
/// without a readable manifest, a copy of the other kind of database, a SQLite copy that fails
/// its integrity or foreign key check, a copy made by a newer server (a migration this one does
/// not know), and, unless `force`, a live database (`db::backup::is_live`) as the target.
/// The servers on the target database must be stopped first.
pub async fn restore(config: &Config, folder: &Path, force: bool) -> Result<Restored, BackupError> {
    if folder.extension().is_some_and(|e| e == "partial") {
        return Err(BackupError::Refused(format!(
            "{} is a backup that was not completed",
            folder.display()
        )));
    }
    let manifest_text = std::fs::read_to_string(folder.join(MANIFEST)).map_err(|e| {
        BackupError::Refused(format!(
            "{} is not a backup folder (no readable {MANIFEST}: {e})",
            folder.display()
        ))
    })?;
    let manifest: Manifest = serde_json::from_str(&manifest_text)
        .map_err(|e| BackupError::Refused(format!("{MANIFEST} cannot be read: {e}")))?;
    if manifest.format > FORMAT {
        return Err(BackupError::Refused(format!(
            "the folder's layout is format {}, newer than this server's ({FORMAT}): restore it with a newer server",
            manifest.format
        )));
    }
    let backend = Backend::of(&config.database_url);
    if manifest.database != backend.name() {
        return Err(BackupError::Refused(format!(
            "the backup is of a {} database and DATABASE_URL names a {} one",
            manifest.database,
            backend.name()
        )));
    }
    // The copy: whole, and of a schema this server knows.
    let copied = match backend {
        Backend::Sqlite => {
            let file = folder.join(SQLITE_FILE);
            if !file.is_file() {
                return Err(BackupError::Refused(format!(
                    "{} is missing",
                    file.display()
                )));
            }
            let (problems, migrations) = check_sqlite_copy(&file)
                .await
                .map_err(|e| BackupError::Refused(format!("the copy cannot be read: {e}")))?;
            if !problems.is_empty() {
                return Err(BackupError::Refused(format!(
                    "the copy fails SQLite's checks: {}",
                    problems.join("; ")
                )));
            }
            migrations
        }
        Backend::Postgres => {
            let file = folder.join(POSTGRES_FILE);
            if !file.is_file() {
                return Err(BackupError::Refused(format!(
                    "{} is missing",
                    file.display()
                )));
            }
            dump_migrations(&file).await?
        }
    };
    let Some(&from_migration) = copied.last() else {
        return Err(BackupError::Refused(
            "the copy has no Storeloom schema (no migrations)".to_owned(),
        ));
    };
    let known: Vec<i64> = db::MIGRATOR.iter().map(|m| m.version).collect();
    if let Some(unknown) = copied.iter().find(|v| !known.contains(v)) {
        return Err(BackupError::Refused(format!(
            "the copy was made by a newer server: it has migration {unknown}, and this server knows up to {}; restore it with that server or a newer one",
            known.last().copied().unwrap_or(0)
        )));
    }
    // The target: replaced only when it is not live, or when told to.
    let mut replaced_live = false;
    match backend {
        Backend::Sqlite => {
            let target = queries::sqlite_file(&config.database_url).ok_or_else(|| {
                BackupError::Refused("DATABASE_URL names no SQLite file".to_owned())
            })?;
            if target.exists() {
                let mut conn = queries::open_as_is(&config.database_url, false).await?;
                replaced_live = queries::is_live(&mut conn).await?;
                conn.close().await?;
                refuse_live(replaced_live, force)?;
            }
            let from = folder.join(SQLITE_FILE);
            blocking(move || put_sqlite_file(&from, &target)).await?;
        }
        Backend::Postgres => {
            let mut conn = queries::open_as_is(&config.database_url, false).await?;
            replaced_live = queries::is_live(&mut conn).await?;
            refuse_live(replaced_live, force)?;
            queries::clear_postgres_schema(&mut conn).await?;
            conn.close().await?;
            let url = config.database_url.clone();
            let dump = folder.join(POSTGRES_FILE);
            blocking(move || {
                run_tool(
                    "pg_restore",
                    &url,
                    &[
                        "--no-owner".into(),
                        "--no-privileges".into(),
                        "--exit-on-error".into(),
                        "--single-transaction".into(),
                        dump.display().to_string(),
                    ],
                )
            })
            .await?;
        }
    }
    let uploads_from = folder.join(UPLOADS);
    let uploads_to = config.upload_dir.clone();
    let uploads_moved_to = blocking(move || put_uploads(&uploads_from, &uploads_to)).await?;
    // Migrated up to this server's schema, as a server start would; the pictures' widths,
    // which the backup leaves out, to be made again by the job.
    let pool = db::connect(&config.database_url).await?;
    db::uploads::widths_to_make_again(&pool).await?;
    let mut conn = pool.acquire().await?.detach();
    let to_migration = queries::applied_migrations(&mut conn)
        .await?
        .last()
        .copied()
        .unwrap_or(0);
    conn.close().await?;
    pool.close().await;
    Ok(Restored {
        manifest,
        from_migration,
        to_migration,
        replaced_live,
        uploads_moved_to,
    })
}

/// A SQLite copy's problems (integrity and foreign keys) and its migrations.
async fn check_sqlite_copy(file: &Path) -> Result<(Vec<String>, Vec<i64>), sqlx::Error> {
    let mut copy = queries::open_as_is(&sqlite_url(file), true).await?;
    let problems = queries::sqlite_problems(&mut copy).await?;
    let migrations = queries::applied_migrations(&mut copy).await?;
    copy.close().await?;
    Ok((problems, migrations))
}

/// Refuses to replace a live database unless told to.
fn refuse_live(live: bool, force: bool) -> Result<(), BackupError> {
    if live && !force {
        return Err(BackupError::Refused(
            "DATABASE_URL holds a live database (accounts or stores): stop its servers and add --force to replace it"
                .to_owned(),
        ));
    }
    Ok(())
}

/// Starts the scheduled backups of `config` (none without `BACKUP_DIR`) in this serving process.
/// At the start of every period of `BACKUP_EVERY` each process on the database tries to claim
/// the period in the database (`backup_runs`); the one that claims it takes the backup into
/// `BACKUP_DIR/storeloom-<period start>` and then keeps the newest `BACKUP_KEEP` folders.
pub fn spawn_schedule(db: AnyPool, config: Config) {
    let Some(schedule) = config.backups.clone() else {
        return;
    };
    tokio::spawn(async move {
        let every = i64::try_from(schedule.every.as_millis()).unwrap_or(i64::MAX);
        loop {
            let now = db::now_ms();
            let slot = now / every + 1;
            let wait = u64::try_from(slot * every - now).unwrap_or(0);
            tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
            match queries::claim_slot(&db, slot, db::now_ms()).await {
                Ok(true) => scheduled_backup(&db, &config, &schedule, slot, every).await,
                Ok(false) => tracing::debug!(
                    slot,
                    "scheduled backup taken by another process, or one is still being written"
                ),
                Err(error) => tracing::warn!(%error, "scheduled backup: the claim failed"),
            }
        }
    });
}

/// The scheduled backup of period `slot`, claimed by this process.
async fn scheduled_backup(
    db: &AnyPool,
    config: &Config,
    schedule: &BackupSchedule,
    slot: i64,
    every: i64,
) {
    let started = Instant::now();
    let name = scheduled_name(slot * every);
    let folder = schedule.dir.join(&name);
    match backup(config, &folder).await {
        Ok(manifest) => {
            let keep = i64::try_from(schedule.keep).unwrap_or(i64::MAX);
            if let Err(error) = queries::finish_slot(db, slot, db::now_ms(), &name, keep).await {
                tracing::warn!(%error, "scheduled backup: could not record it");
            }
            let dir = schedule.dir.clone();
            let keep = schedule.keep;
            let removed = blocking(move || prune(&dir, keep)).await;
            tracing::info!(
                folder = %folder.display(),
                migration = manifest.migration,
                upload_files = manifest.upload_files,
                seconds = started.elapsed().as_secs_f64(),
                removed = ?removed,
                "scheduled backup"
            );
        }
        Err(error) => {
            tracing::error!(%error, folder = %folder.display(), "scheduled backup failed");
            if let Err(error) = queries::fail_slot(db, slot, db::now_ms()).await {
                tracing::warn!(%error, "scheduled backup: could not record the failure");
            }
        }
    }
}

/// A scheduled backup's folder name: `storeloom-` and its period's start in UTC
/// (`storeloom-20260301T060000Z`), so that names sort as times.
pub fn scheduled_name(start_ms: i64) -> String {
    let start = chrono::DateTime::from_timestamp_millis(start_ms).unwrap_or_default();
    format!("storeloom-{}", start.format("%Y%m%dT%H%M%SZ"))
}

/// Removes the scheduled backups of `dir` but the newest `keep` (complete folders named
/// `storeloom-...`), and the unfinished ones (`storeloom-....partial`) older than the newest
/// complete one: a process stopped while writing them (scheduled backups never overlap, see
/// `db::backup::claim_slot`). Anything else is left alone, and so is
/// an unfinished one newer than every complete one (another process may be writing it). The
/// names removed.
pub fn prune(dir: &Path, keep: usize) -> Result<Vec<String>, BackupError> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map_err(io(format!("read {}", dir.display())))?
        .filter_map(Result::ok)
        .filter(|entry| entry.path().is_dir())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("storeloom-"))
        .collect();
    names.sort();
    let (partial, mut complete): (Vec<String>, Vec<String>) = names
        .into_iter()
        .partition(|name| name.ends_with(".partial"));
    let newest = complete.last().cloned();
    let remove = complete.len().saturating_sub(keep);
    let mut removed: Vec<String> = complete.drain(..remove).collect();
    removed.extend(partial.into_iter().filter(|name| {
        newest
            .as_deref()
            .is_some_and(|newest| name.as_str() < newest)
    }));
    for name in &removed {
        std::fs::remove_dir_all(dir.join(name)).map_err(io(format!("remove {name}")))?;
    }
    Ok(removed)
}

/// `folder.partial`: where a backup is written before it is complete.
fn partial_of(folder: &Path) -> PathBuf {
    let mut name = folder.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// The URL of a SQLite file.
fn sqlite_url(file: &Path) -> String {
    format!("sqlite://{}", file.display())
}

/// Runs `work` on a thread of its own, with a runtime of its own, in Linux's idle scheduling
/// class (`SCHED_IDLE`; elsewhere at the usual priority): the thread gets a
/// core only when no request wants one. The database connection the work opens (SQLite's
/// worker thread), the threads it hands blocking work to and the tools it starts (`pg_dump`)
/// are made from that thread and inherit its class. Where the class cannot be set, the work
/// runs at the usual priority.
async fn yielding<T: Send + 'static>(
    work: impl std::future::Future<Output = T> + Send + 'static,
) -> Result<T, BackupError> {
    let (done, answer) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("storeloom-backup".to_owned())
        .spawn(move || {
            lowest_priority();
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build();
            let _ = done.send(runtime.map(|runtime| runtime.block_on(work)));
        })
        .map_err(io("start the backup's thread"))?;
    answer
        .await
        .map_err(|_| BackupError::Io("the backup's thread stopped".to_owned()))?
        .map_err(io("start the backup's runtime"))
}

/// Puts the calling thread (and the threads and processes it starts) in the idle class.
fn lowest_priority() {
    #[cfg(target_os = "linux")]
    if let Err(error) = thread_priority::unix::set_thread_priority_and_policy(
        thread_priority::unix::thread_native_id(),
        thread_priority::ThreadPriority::Min,
        thread_priority::unix::ThreadSchedulePolicy::Normal(
            thread_priority::unix::NormalThreadSchedulePolicy::Idle,
        ),
    ) {
        tracing::warn!(?error, "backup: could not lower the thread's priority");
    }
}

/// Runs file work off the async threads.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, BackupError> + Send + 'static,
) -> Result<T, BackupError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| BackupError::Io(format!("a backup task stopped: {e}")))?
}

/// Puts the SQLite copy `from` in place of `target`: copied beside it, synced, the target's
/// journal files removed, and renamed over it.
fn put_sqlite_file(from: &Path, target: &Path) -> Result<(), BackupError> {
    if let Some(parent) = target.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(io(format!("create {}", parent.display())))?;
    }
    let mut staged = target.as_os_str().to_owned();
    staged.push(".restoring");
    let staged = PathBuf::from(staged);
    std::fs::copy(from, &staged).map_err(io(format!("copy to {}", staged.display())))?;
    sync_file(&staged)?;
    for suffix in ["-wal", "-shm", "-journal"] {
        let mut journal = target.as_os_str().to_owned();
        journal.push(suffix);
        let journal = PathBuf::from(journal);
        if journal.exists() {
            std::fs::remove_file(&journal).map_err(io(format!("remove {}", journal.display())))?;
        }
    }
    std::fs::rename(&staged, target).map_err(io(format!("rename onto {}", target.display())))?;
    sync_parent(target)
}

/// Puts the backup's uploads in place of the folder `target`: an earlier non-empty folder is
/// moved aside to `target.before-restore-<ms>` (its path returned), never deleted.
fn put_uploads(from: &Path, target: &Path) -> Result<Option<PathBuf>, BackupError> {
    let mut staged = target.as_os_str().to_owned();
    staged.push(".restoring");
    let staged = PathBuf::from(staged);
    let _ = std::fs::remove_dir_all(&staged);
    std::fs::create_dir_all(&staged).map_err(io(format!("create {}", staged.display())))?;
    if from.is_dir() {
        copy_tree(from, &staged)?;
    }
    sync_tree(&staged)?;
    let mut moved = None;
    if target.exists() {
        let empty = std::fs::read_dir(target)
            .map_err(io(format!("read {}", target.display())))?
            .next()
            .is_none();
        if empty {
            std::fs::remove_dir(target).map_err(io(format!("remove {}", target.display())))?;
        } else {
            let mut aside = target.as_os_str().to_owned();
            aside.push(format!(".before-restore-{}", db::now_ms()));
            let aside = PathBuf::from(aside);
            std::fs::rename(target, &aside)
                .map_err(io(format!("move {} aside", target.display())))?;
            moved = Some(aside);
        }
    }
    std::fs::rename(&staged, target).map_err(io(format!("rename onto {}", target.display())))?;
    sync_parent(target)?;
    Ok(moved)
}

/// Copies the folder `from` into `to` (which exists); the files and bytes copied. A picture's
/// widths (`{upload}.w640.webp`) are made from the upload and stay out: a backup holds the
/// originals, and the job makes the widths again after a restore. Files still being written
/// stay out too.
fn copy_tree(from: &Path, to: &Path) -> Result<(u64, u64), BackupError> {
    let mut files = 0;
    let mut bytes = 0;
    for entry in std::fs::read_dir(from).map_err(io(format!("read {}", from.display())))? {
        let entry = entry.map_err(io(format!("read {}", from.display())))?;
        let kind = entry.file_type().map_err(io("read a file's type"))?;
        let target = to.join(entry.file_name());
        if kind.is_dir() {
            std::fs::create_dir_all(&target).map_err(io(format!("create {}", target.display())))?;
            let (f, b) = copy_tree(&entry.path(), &target)?;
            files += f;
            bytes += b;
        } else if kind.is_file()
            && !is_picture_width(&entry.path())
            && !is_being_written(&entry.path())
        {
            bytes += std::fs::copy(entry.path(), &target)
                .map_err(io(format!("copy {}", entry.path().display())))?;
            files += 1;
        }
    }
    Ok((files, bytes))
}

/// Whether `path` is a file still being written (`db::uploads::write_file` writes `*.part` and
/// renames it when whole): no row names it, and it may be gone by the time it is copied.
fn is_being_written(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "part")
}

/// Whether `path` is a width the pictures job made of an upload beside it.
fn is_picture_width(path: &Path) -> bool {
    path.file_name()
        .and_then(|name| name.to_str())
        .is_some_and(|name| {
            core_wasm::catalog::picture_original(&format!("/uploads/s/{name}")).is_some()
        })
}

/// Syncs every file and folder under `dir` (and `dir`) to the disk.
fn sync_tree(dir: &Path) -> Result<(), BackupError> {
    for entry in std::fs::read_dir(dir).map_err(io(format!("read {}", dir.display())))? {
        let entry = entry.map_err(io(format!("read {}", dir.display())))?;
        if entry
            .file_type()
            .map_err(io("read a file's type"))?
            .is_dir()
        {
            sync_tree(&entry.path())?;
        } else {
            sync_file(&entry.path())?;
        }
    }
    sync_file(dir)
}

/// Syncs one file (or folder) to the disk.
fn sync_file(path: &Path) -> Result<(), BackupError> {
    std::fs::File::open(path)
        .and_then(|f| f.sync_all())
        .map_err(io(format!("sync {}", path.display())))
}

/// Syncs the folder holding `path`, so that a rename into it is on the disk.
fn sync_parent(path: &Path) -> Result<(), BackupError> {
    match path.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(parent) => sync_file(parent),
        None => sync_file(Path::new(".")),
    }
}

/// The newest migrations recorded in a `pg_dump` archive, read from its `_sqlx_migrations` rows
/// through `pg_restore` (which also proves the archive readable).
async fn dump_migrations(dump: &Path) -> Result<Vec<i64>, BackupError> {
    let dump = dump.to_owned();
    let text = blocking(move || {
        let tool = pg_tool("pg_restore")?;
        let out = Command::new(&tool)
            .args(["--data-only", "--table=_sqlx_migrations", "--file=-"])
            .arg(&dump)
            .output()
            .map_err(io(format!("run {}", tool.display())))?;
        if !out.status.success() {
            return Err(BackupError::Refused(format!(
                "pg_restore cannot read {}: {}",
                dump.display(),
                String::from_utf8_lossy(&out.stderr).trim()
            )));
        }
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    })
    .await?;
    Ok(copied_migrations(&text))
}

/// The successful migrations' versions in `pg_restore`'s text of the `_sqlx_migrations` table
/// (`COPY ... (version, description, installed_on, success, ...) FROM stdin;`, rows, `\.`).
fn copied_migrations(text: &str) -> Vec<i64> {
    let mut versions = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let Some(columns) = line
            .strip_prefix("COPY ")
            .filter(|l| l.contains("_sqlx_migrations"))
            .and_then(|l| l.split_once('('))
            .and_then(|(_, rest)| rest.split_once(')'))
            .map(|(columns, _)| columns)
        else {
            continue;
        };
        let names: Vec<&str> = columns.split(',').map(str::trim).collect();
        let version_at = names.iter().position(|n| *n == "version");
        let success_at = names.iter().position(|n| *n == "success");
        for row in lines.by_ref() {
            if row == "\\." {
                break;
            }
            let fields: Vec<&str> = row.split('\t').collect();
            let ok = success_at.is_none_or(|at| fields.get(at) == Some(&"t"));
            if let Some(version) = version_at
                .and_then(|at| fields.get(at))
                .and_then(|v| v.parse::<i64>().ok())
                && ok
            {
                versions.push(version);
            }
        }
    }
    versions.sort_unstable();
    versions
}

/// The path of a PostgreSQL client tool: the newest of `/usr/lib/postgresql/*/bin` (Debian's
/// packages; `pg_dump` must be as new as the server), else the one on `PATH`.
fn pg_tool(name: &str) -> Result<PathBuf, BackupError> {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let version = entry.file_name().to_string_lossy().parse::<u32>().ok()?;
            let tool = entry.path().join("bin").join(name);
            tool.is_file().then_some((version, tool))
        })
        .collect();
    versions.sort();
    if let Some((_, tool)) = versions.pop() {
        return Ok(tool);
    }
    std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|dir| dir.join(name))
        .find(|tool| tool.is_file())
        .ok_or_else(|| {
            BackupError::Tool(format!(
                "{name} is missing: install PostgreSQL's client tools (Debian: postgresql-client)"
            ))
        })
}

/// Runs `pg_dump` or `pg_restore` on the database of `url` with `args`. The password goes in
/// the environment (`PGPASSWORD`), not in the arguments, which other users may list.
fn run_tool(name: &str, url: &str, args: &[String]) -> Result<(), BackupError> {
    let tool = pg_tool(name)?;
    let (without_password, password) = split_password(url);
    let mut command = Command::new(&tool);
    command
        .arg(format!("--dbname={without_password}"))
        .args(args);
    if let Some(password) = password {
        command.env("PGPASSWORD", password);
    }
    let out = command
        .output()
        .map_err(io(format!("run {}", tool.display())))?;
    if !out.status.success() {
        return Err(BackupError::Tool(format!(
            "{name} failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(())
}

/// A `postgres://user:password@host/db` URL without its password, and the password decoded.
fn split_password(url: &str) -> (String, Option<String>) {
    let Some((scheme, rest)) = url.split_once("://") else {
        return (url.to_owned(), None);
    };
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    let Some((userinfo, host)) = authority.rsplit_once('@') else {
        return (url.to_owned(), None);
    };
    let Some((user, password)) = userinfo.split_once(':') else {
        return (url.to_owned(), None);
    };
    (
        format!("{scheme}://{user}@{host}{tail}"),
        Some(percent_decode(password)),
    )
}

/// `%XX` escapes decoded (as a URL's user information writes them).
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(byte) = text
                .get(i + 1..i + 3)
                .and_then(|hex| u8::from_str_radix(hex, 16).ok())
        {
            out.push(byte);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The backup's work, and a thread it starts (as SQLite's connection starts its worker),
    /// run in the idle class; the caller's thread keeps its own.
    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn a_backup_runs_in_the_idle_class() {
        use thread_priority::unix::{
            NormalThreadSchedulePolicy, ThreadSchedulePolicy, thread_schedule_policy,
        };
        let idle = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
        let (own, started) = yielding(async {
            let own = thread_schedule_policy().expect("the policy");
            let started = std::thread::spawn(|| thread_schedule_policy().expect("the policy"))
                .join()
                .expect("the thread");
            (own, started)
        })
        .await
        .expect("the backup's thread");
        assert_eq!(own, idle);
        assert_eq!(started, idle);
        assert_ne!(thread_schedule_policy().expect("the policy"), idle);
    }

    #[test]
    fn the_password_leaves_the_url_decoded() {
        assert_eq!(
            split_password("postgres://app:s%40cret@db.internal:5432/shop?sslmode=require"),
            (
                "postgres://app@db.internal:5432/shop?sslmode=require".to_owned(),
                Some("s@cret".to_owned())
            )
        );
        assert_eq!(
            split_password("postgres://postgres@127.0.0.1:5432/x"),
            ("postgres://postgres@127.0.0.1:5432/x".to_owned(), None)
        );
    }

    #[test]
    fn the_migrations_are_read_from_the_dump_text() {
        let text = "SET x = 1;\n\nCOPY public._sqlx_migrations (version, description, installed_on, success, checksum, execution_time) FROM stdin;\n\
                    1\taccounts\t2026-01-01\tt\t\\\\x00\t5\n2\tflows\t2026-01-01\tt\t\\\\x00\t5\n3\tbroken\t2026-01-01\tf\t\\\\x00\t5\n\\.\n\n";
        assert_eq!(copied_migrations(text), vec![1, 2]);
        assert!(copied_migrations("").is_empty());
    }

    #[test]
    fn scheduled_folders_sort_as_times_and_the_oldest_go() {
        assert_eq!(scheduled_name(0), "storeloom-19700101T000000Z");
        let dir = std::env::temp_dir().join(format!("storeloom-prune-{}", db::new_id()));
        for hour in 0..5 {
            std::fs::create_dir_all(dir.join(scheduled_name(hour * 3_600_000))).expect("mkdir");
        }
        std::fs::create_dir_all(dir.join("storeloom-29990101T000000Z.partial")).expect("mkdir");
        // Left by a process stopped while writing it: older than a complete one.
        std::fs::create_dir_all(dir.join("storeloom-19700101T013000Z.partial")).expect("mkdir");
        std::fs::create_dir_all(dir.join("keep-me")).expect("mkdir");
        let removed = prune(&dir, 2).expect("prune");
        assert_eq!(removed.len(), 4);
        let mut left: Vec<String> = std::fs::read_dir(&dir)
            .expect("read")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                "keep-me",
                "storeloom-19700101T030000Z",
                "storeloom-19700101T040000Z",
                "storeloom-29990101T000000Z.partial"
            ]
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
