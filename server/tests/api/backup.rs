//! Backups: a copy taken while the server serves restores into a fresh database with its
//! uploads; a restore refuses a live database without `force` and a copy made by a newer server;
//! only one process claims a scheduled backup's period.

use server::config::Config;
use server::services::backup::{self, BackupError};

use crate::helpers::{add_order, new_database, spawn_app};

/// A fresh, empty place to restore into: a configuration naming a new database and uploads
/// folder, and the SQLite file to remove after.
async fn empty_target(from: &Config) -> (Config, Option<std::path::PathBuf>) {
    let name = format!(
        "storeloom_restore_{}",
        server::db::new_id().replace('-', "")
    );
    let (url, file) = new_database(&name).await;
    let mut config = from.clone();
    config.database_url = url;
    config.upload_dir = std::env::temp_dir().join(format!("{name}_uploads"));
    (config, file)
}

fn folder() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("storeloom_backup_{}", server::db::new_id()))
}

async fn count(db: &sqlx::AnyPool, sql: &'static str) -> i64 {
    let (n,): (i64,) = sqlx::query_as(sql).fetch_one(db).await.expect(sql);
    n
}

fn clean_up(folder: &std::path::Path, target: &Config, file: Option<std::path::PathBuf>) {
    let _ = std::fs::remove_dir_all(folder);
    let _ = std::fs::remove_dir_all(&target.upload_dir);
    if let Some(file) = file {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", file.display()));
        }
    }
}

#[tokio::test]
async fn a_backup_restores_into_a_fresh_database_with_its_uploads() {
    let app = spawn_app().await;
    let store = app.store_id("demo").await;
    add_order(&app, &store, 7001, 4_200, "paid", None).await;
    std::fs::write(app.state.config.upload_dir.join("kept.txt"), "a picture").expect("upload");
    // A file still being written (renamed when whole) is no upload yet.
    std::fs::write(app.state.config.upload_dir.join("half.jpg.part"), "half").expect("part");
    let orders = count(&app.state.db, "SELECT CAST(COUNT(*) AS BIGINT) FROM orders").await;
    let folder = folder();
    let manifest = backup::backup(&app.state.config, &folder)
        .await
        .expect("backup");
    assert!(folder.join(backup::MANIFEST).is_file() && manifest.upload_files >= 1);
    assert!(
        backup::backup(&app.state.config, &folder).await.is_err(),
        "a second backup into the same folder"
    );

    let (target, file) = empty_target(&app.state.config).await;
    let restored = backup::restore(&target, &folder, false)
        .await
        .expect("restore");
    assert!(!restored.replaced_live);
    assert_eq!(restored.from_migration, restored.to_migration);
    let db = server::db::connect(&target.database_url)
        .await
        .expect("restored database");
    assert_eq!(
        count(&db, "SELECT CAST(COUNT(*) AS BIGINT) FROM orders").await,
        orders
    );
    assert_eq!(
        std::fs::read_to_string(target.upload_dir.join("kept.txt")).expect("restored upload"),
        "a picture"
    );
    // The seeded pictures come back as originals; their widths (made from them) stayed out of
    // the backup and are the job's to make again.
    let (picture,): (String,) =
        sqlx::query_as("SELECT path FROM uploads WHERE store_id = $1 ORDER BY path LIMIT 1")
            .bind(&store)
            .fetch_one(&app.state.db)
            .await
            .expect("a seeded picture");
    let width = format!("{picture}.w320.webp");
    assert!(
        app.state.config.upload_dir.join(&width).is_file(),
        "made before the backup"
    );
    assert!(
        !folder.join(backup::UPLOADS).join(&width).exists(),
        "left out of the backup"
    );
    assert!(target.upload_dir.join(&picture).is_file());
    assert!(!target.upload_dir.join("half.jpg.part").exists());
    assert!(!target.upload_dir.join(&width).exists());
    let due = server::db::uploads::widths_due(&db, server::services::pictures::MAX_ATTEMPTS, 1000)
        .await
        .expect("due");
    assert!(due.iter().any(|u| u.path == picture), "{due:?}");
    db.close().await;
    clean_up(&folder, &target, file);
}

#[tokio::test]
async fn a_restore_replaces_a_live_database_only_when_forced() {
    let app = spawn_app().await;
    let folder = folder();
    backup::backup(&app.state.config, &folder)
        .await
        .expect("backup");
    let store = app.store_id("demo").await;
    add_order(&app, &store, 7002, 1_000, "paid", None).await;
    let orders = count(&app.state.db, "SELECT CAST(COUNT(*) AS BIGINT) FROM orders").await;
    let refused = backup::restore(&app.state.config, &folder, false).await;
    assert!(
        matches!(&refused, Err(BackupError::Refused(why)) if why.contains("--force")),
        "{refused:?}"
    );
    assert_eq!(
        count(&app.state.db, "SELECT CAST(COUNT(*) AS BIGINT) FROM orders").await,
        orders,
        "a refused restore wrote nothing"
    );
    let mut config = Config::clone(&app.state.config);
    config.upload_dir =
        std::env::temp_dir().join(format!("storeloom_forced_{}", server::db::new_id()));
    app.state.db.close().await;
    let restored = backup::restore(&config, &folder, true)
        .await
        .expect("forced restore");
    assert!(restored.replaced_live);
    let db = server::db::connect(&config.database_url)
        .await
        .expect("restored database");
    assert_eq!(
        count(&db, "SELECT CAST(COUNT(*) AS BIGINT) FROM orders").await,
        orders - 1,
        "the database is the backup's again"
    );
    db.close().await;
    clean_up(&folder, &config, None);
}

#[tokio::test]
async fn a_copy_made_by_a_newer_server_is_refused() {
    let app = spawn_app().await;
    let checksum = if server::db::is_sqlite_pool(&app.state.db) {
        "X'00'"
    } else {
        "'\\x00'::bytea"
    };
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (99990001, 'from the future', TRUE, {checksum}, 0)"
    )))
    .execute(&app.state.db)
    .await
    .expect("a newer migration");
    let folder = folder();
    backup::backup(&app.state.config, &folder)
        .await
        .expect("backup");
    let (target, file) = empty_target(&app.state.config).await;
    let refused = backup::restore(&target, &folder, false).await;
    assert!(
        matches!(&refused, Err(BackupError::Refused(why)) if why.contains("newer server")),
        "{refused:?}"
    );
    clean_up(&folder, &target, file);
}

#[tokio::test]
async fn only_one_process_claims_a_scheduled_period() {
    let app = spawn_app().await;
    let db = &app.state.db;
    let now = server::db::now_ms();
    let claims = futures_util::future::join_all(
        (0..4).map(|_| server::db::backup::claim_slot(db, 1_000, now)),
    )
    .await;
    let won = claims
        .into_iter()
        .filter(|c| *c.as_ref().expect("claim"))
        .count();
    assert_eq!(won, 1, "one claim of four");
    // While that backup is being written, the next periods are skipped: backups never overlap
    // (a newer one finished first would have its prune remove the folder still being written).
    assert!(
        !server::db::backup::claim_slot(db, 1_001, now + 5_000)
            .await
            .expect("claim")
    );
    // A claim left unfinished that long is a process that stopped: it no longer holds others.
    let later = now + server::db::backup::SLOT_STALE_MS + 1;
    assert!(
        server::db::backup::claim_slot(db, 1_002, later)
            .await
            .expect("claim")
    );
    server::db::backup::fail_slot(db, 1_002, later)
        .await
        .expect("failed");
    server::db::backup::finish_slot(db, 1_000, now, "storeloom-x", 7)
        .await
        .expect("finish");
    assert!(
        server::db::backup::claim_slot(db, 1_003, later)
            .await
            .expect("next period")
    );
    assert_eq!(
        server::db::backup::finished_slots(db).await.expect("slots"),
        vec![(1_000, "storeloom-x".to_owned())]
    );
}
