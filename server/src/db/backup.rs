//! The queries of backups and restores: SQLite's online copy (`VACUUM INTO`), the checks of a
//! copy (integrity, foreign keys, the migrations it had), whether a database is live, the
//! clearing of a PostgreSQL schema before a restore, and the claim of a scheduled backup's
//! period, which lets only one server process on a database take it.

use std::path::{Path, PathBuf};

use sqlx::{AnyConnection, AnyPool, Connection, Row};

use super::Backend;

/// The file of a `sqlite:` URL (`sqlite://data/storeloom.db?mode=rwc` is `data/storeloom.db`);
/// `None` for an in-memory database or another backend.
pub fn sqlite_file(url: &str) -> Option<PathBuf> {
    if Backend::of(url) != Backend::Sqlite {
        return None;
    }
    let rest = url.trim_start_matches("sqlite:").trim_start_matches("//");
    let path = rest.split_once('?').map_or(rest, |(path, _)| path);
    (!path.is_empty() && path != ":memory:").then(|| PathBuf::from(path))
}

/// Opens one connection to the database of `url` as it is, without migrating it: for looking at
/// a copy, or at a restore's target before anything is written. A SQLite file is opened
/// read-only with `read_only`, and never created.
pub async fn open_as_is(url: &str, read_only: bool) -> Result<AnyConnection, sqlx::Error> {
    sqlx::any::install_default_drivers();
    let url = match sqlite_file(url) {
        Some(file) => format!(
            "sqlite://{}?mode={}",
            file.display(),
            if read_only { "ro" } else { "rw" }
        ),
        None => url.to_owned(),
    };
    let mut conn = AnyConnection::connect(&url).await?;
    if super::is_sqlite(&conn) {
        sqlx::query("PRAGMA busy_timeout = 5000")
            .execute(&mut conn)
            .await?;
    }
    Ok(conn)
}

/// Writes a consistent copy of the SQLite database of `url` to `file` (which must not exist),
/// while the server keeps writing: `VACUUM INTO` reads one snapshot of the database (WAL lets
/// writers go on meanwhile) and writes it compacted into a new file.
pub async fn sqlite_copy(url: &str, file: &Path) -> Result<(), sqlx::Error> {
    let mut conn = open_as_is(url, false).await?;
    sqlx::query("VACUUM INTO $1")
        .bind(file.to_string_lossy().into_owned())
        .execute(&mut conn)
        .await?;
    conn.close().await
}

/// The problems SQLite's `PRAGMA integrity_check` and `PRAGMA foreign_key_check` find in the
/// database of `conn`, one sentence each (none: an empty list).
pub async fn sqlite_problems(conn: &mut AnyConnection) -> Result<Vec<String>, sqlx::Error> {
    let verdicts: Vec<(String,)> = sqlx::query_as("PRAGMA integrity_check")
        .fetch_all(&mut *conn)
        .await?;
    let mut problems: Vec<String> = verdicts
        .into_iter()
        .map(|(verdict,)| verdict)
        .filter(|verdict| verdict != "ok")
        .collect();
    for row in sqlx::query("PRAGMA foreign_key_check")
        .fetch_all(&mut *conn)
        .await?
    {
        let table: String = row.try_get(0)?;
        let parent: String = row.try_get(2)?;
        problems.push(format!("a row of {table} names a missing row of {parent}"));
    }
    Ok(problems)
}

/// Whether the database of `conn` has Storeloom's schema (the migrations' own table).
pub async fn has_schema(conn: &mut AnyConnection) -> Result<bool, sqlx::Error> {
    let sql = if super::is_sqlite(conn) {
        "SELECT CAST(COUNT(*) AS BIGINT) FROM sqlite_master \
         WHERE type = 'table' AND name = '_sqlx_migrations'"
    } else {
        "SELECT CAST(COUNT(*) AS BIGINT) FROM information_schema.tables \
         WHERE table_schema = current_schema() AND table_name = '_sqlx_migrations'"
    };
    let (count,): (i64,) = sqlx::query_as(sql).fetch_one(&mut *conn).await?;
    Ok(count > 0)
}

/// The versions of the migrations applied to the database of `conn`, in order (empty without
/// the schema).
pub async fn applied_migrations(conn: &mut AnyConnection) -> Result<Vec<i64>, sqlx::Error> {
    if !has_schema(conn).await? {
        return Ok(Vec::new());
    }
    let rows: Vec<(i64,)> =
        sqlx::query_as("SELECT version FROM _sqlx_migrations WHERE success ORDER BY version")
            .fetch_all(&mut *conn)
            .await?;
    Ok(rows.into_iter().map(|(version,)| version).collect())
}

/// Whether the database of `conn` is live: it has the schema and holds an account or a store.
/// A restore replaces a live database only when told to (`--force`).
pub async fn is_live(conn: &mut AnyConnection) -> Result<bool, sqlx::Error> {
    if !has_schema(conn).await? {
        return Ok(false);
    }
    let (live,): (i64,) = sqlx::query_as(
        "SELECT CAST(CASE WHEN EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM stores) \
         THEN 1 ELSE 0 END AS BIGINT)",
    )
    .fetch_one(&mut *conn)
    .await?;
    Ok(live == 1)
}

/// Drops every table of the PostgreSQL schema in use (and what depends on them), so that a
/// dump can be restored into it; the number of tables dropped. The restore calls it for an
/// empty schema, or for a live one when told to replace it.
pub async fn clear_postgres_schema(conn: &mut AnyConnection) -> Result<usize, sqlx::Error> {
    let tables: Vec<(String,)> = sqlx::query_as(
        "SELECT CAST(table_name AS TEXT) FROM information_schema.tables \
         WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
    )
    .fetch_all(&mut *conn)
    .await?;
    if tables.is_empty() {
        return Ok(0);
    }
    let names: Vec<String> = tables
        .iter()
        .map(|(name,)| format!("\"{}\"", name.replace('"', "\"\"")))
        .collect();
    let sql = format!("DROP TABLE IF EXISTS {} CASCADE", names.join(", "));
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .execute(&mut *conn)
        .await?;
    Ok(tables.len())
}

/// A claim this old whose backup has not finished is a process that stopped while writing it.
pub const SLOT_STALE_MS: i64 = 15 * 60 * 1000;

/// Claims the scheduled backup of period `slot` (the period's start divided by its length) for
/// this process: true for the one process whose claim is recorded first, and only while no
/// other scheduled backup is being written (a claim not finished, younger than
/// [`SLOT_STALE_MS`]), so that backups never overlap; a period that comes while one is written
/// is skipped.
pub async fn claim_slot(db: &AnyPool, slot: i64, now: i64) -> Result<bool, sqlx::Error> {
    let claimed = sqlx::query(
        "INSERT INTO backup_runs (slot, claimed_at) SELECT $1, $2 WHERE NOT EXISTS \
         (SELECT 1 FROM backup_runs WHERE finished_at IS NULL AND claimed_at > $3) \
         ON CONFLICT (slot) DO NOTHING",
    )
    .bind(slot)
    .bind(now)
    .bind(now - SLOT_STALE_MS)
    .execute(db)
    .await?
    .rows_affected();
    Ok(claimed == 1)
}

/// Records that the scheduled backup of `slot` failed: it holds no folder, and the next period
/// may be claimed.
pub async fn fail_slot(db: &AnyPool, slot: i64, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE backup_runs SET finished_at = $2 WHERE slot = $1")
        .bind(slot)
        .bind(now)
        .execute(db)
        .await?;
    Ok(())
}

/// Records the scheduled backup of `slot` as complete in `folder`, and forgets the claims of
/// periods more than `keep` periods before it.
pub async fn finish_slot(
    db: &AnyPool,
    slot: i64,
    now: i64,
    folder: &str,
    keep: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE backup_runs SET finished_at = $2, folder = $3 WHERE slot = $1")
        .bind(slot)
        .bind(now)
        .bind(folder)
        .execute(db)
        .await?;
    sqlx::query("DELETE FROM backup_runs WHERE slot < $1")
        .bind(slot.saturating_sub(keep))
        .execute(db)
        .await?;
    Ok(())
}

/// The scheduled backups recorded as complete: each period's slot and folder, oldest first.
pub async fn finished_slots(db: &AnyPool) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT slot, folder FROM backup_runs WHERE finished_at IS NOT NULL AND folder IS NOT NULL \
         ORDER BY slot",
    )
    .fetch_all(db)
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sqlite_url_names_its_file() {
        assert_eq!(
            sqlite_file("sqlite://data/storeloom.db?mode=rwc"),
            Some(PathBuf::from("data/storeloom.db"))
        );
        assert_eq!(
            sqlite_file("sqlite:/tmp/x.db"),
            Some(PathBuf::from("/tmp/x.db"))
        );
        assert_eq!(sqlite_file("sqlite::memory:"), None);
        assert_eq!(sqlite_file("postgres://u@h/db"), None);
    }
}
