//! The database: one `AnyPool` over SQLite or PostgreSQL, chosen by the URL, with the migrations
//! embedded in the binary. Queries are written once in SQL both databases accept.

/// A column of the currency code of the store whose id is in column `$store` (`USD` without a
/// preference), named `currency`: rows shown in money read their currency's minor units by it.
/// `$store` names its table (`p.store_id`, `payout_requests.store_id`): a bare `store_id` would
/// be the preference row's own inside the subquery.
macro_rules! currency_column {
    ($store:literal) => {
        concat!(
            "COALESCE((SELECT sp.currency FROM store_preferences sp WHERE sp.store_id = ",
            $store,
            "), 'USD') AS currency"
        )
    };
}
pub(crate) use currency_column;

pub mod abandoned;
pub mod accounts;
pub mod backup;
pub mod bench;
pub mod catalog;
pub mod catalog_seed;
pub mod checkout;
pub mod customers;
pub mod demo_traffic;
pub mod designs;
pub mod discounts;
pub mod domains;
pub mod events;
pub mod inventory;
pub mod listing;
pub mod login_failures;
pub mod menus;
pub mod money_units;
pub mod notifications;
pub mod onboarding;
pub mod order_mail;
pub mod orders;
pub mod outbox;
pub mod overview;
pub mod pages;
pub mod payouts;
pub mod personalize;
pub mod plan_limits;
pub mod proxies;
pub mod rates;
pub mod records;
pub mod reports;
pub mod retention;
pub mod reviews;
pub mod rollups;
pub mod seed;
pub mod server_secrets;
pub mod sessions;
pub mod settings;
pub mod shipping;
pub mod staff;
pub mod stores;
pub mod subscriptions;
pub mod theme_drafts;
pub mod theme_live;
pub mod themes;
pub mod uploads;
pub mod user_tokens;

use std::str::FromStr;
use std::time::{SystemTime, UNIX_EPOCH};

use sqlx::AnyPool;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};

/// The migrations of `server/migrations`, compiled in.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// The kind of database behind the pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// The backend a URL names.
    pub fn of(url: &str) -> Backend {
        if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else {
            Backend::Postgres
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }
}

/// Opens the database named by `url` (creating a SQLite file and its folder when missing) and
/// brings its schema up to date.
pub async fn connect(url: &str) -> Result<AnyPool, sqlx::Error> {
    sqlx::any::install_default_drivers();
    let backend = Backend::of(url);
    let url = match backend {
        Backend::Sqlite => sqlite_url(url)?,
        Backend::Postgres => url.to_owned(),
    };
    let options = AnyConnectOptions::from_str(&url)?;
    let pool = AnyPoolOptions::new()
        .max_connections(match backend {
            Backend::Sqlite => 4,
            Backend::Postgres => 10,
        })
        // A pooled SQLite connection is a file handle in this process: it cannot have dropped
        // while idle, so the ping before each use (a round trip to its worker thread, as long as
        // a small query) only doubles every query's cost. A PostgreSQL connection can break
        // while idle (a restart, a proxy's timeout), so it is still tested.
        .test_before_acquire(backend == Backend::Postgres)
        .after_connect(move |conn, _meta| {
            Box::pin(async move {
                if backend == Backend::Sqlite {
                    // Readers do not block the writer, and a busy writer is waited for.
                    sqlx::query("PRAGMA journal_mode = WAL")
                        .execute(&mut *conn)
                        .await?;
                    // Every commit reaches the disk before it is acknowledged (WAL's default,
                    // NORMAL, may lose the last commits on a power cut): payouts must not vanish.
                    sqlx::query("PRAGMA synchronous = FULL")
                        .execute(&mut *conn)
                        .await?;
                    sqlx::query("PRAGMA foreign_keys = ON")
                        .execute(&mut *conn)
                        .await?;
                    sqlx::query("PRAGMA busy_timeout = 5000")
                        .execute(&mut *conn)
                        .await?;
                    // 16 MiB of page cache per connection (the default is 2 MiB): the
                    // analytics tables take inserts all over their keys, and reports read
                    // months of rollups; more would hold the process above its memory goal
                    // (100 MB under load with its 4 connections, BENCHMARKS.md).
                    sqlx::query("PRAGMA cache_size = -16384")
                        .execute(&mut *conn)
                        .await?;
                    // A checkpoint (services::retention) leaves at most 64 MiB of log file.
                    sqlx::query("PRAGMA journal_size_limit = 67108864")
                        .execute(&mut *conn)
                        .await?;
                }
                Ok(())
            })
        })
        .connect_with(options)
        .await?;
    MIGRATOR.run(&pool).await?;
    money_units::finish_moves(&pool).await?;
    shipping::finish_zones(&pool).await?;
    Ok(pool)
}

/// Begins a transaction that writes. On SQLite it takes the write lock at once (`BEGIN
/// IMMEDIATE`, waiting for another writer up to the busy timeout): a transaction that reads
/// first and writes later would otherwise fail at its first write with "database is locked"
/// whenever another connection wrote meanwhile, because SQLite cannot wait there without risking
/// a deadlock. PostgreSQL's transactions wait for the rows they need, so a plain `BEGIN` does.
pub async fn begin_write(
    db: &AnyPool,
) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
    if is_sqlite_pool(db) {
        db.begin_with("BEGIN IMMEDIATE").await
    } else {
        db.begin().await
    }
}

/// Whether `db` is a SQLite database (one statement's text may differ between the two).
pub fn is_sqlite_pool(db: &AnyPool) -> bool {
    db.connect_options().database_url.scheme() == "sqlite"
}

/// Whether a connection is SQLite's.
pub(crate) fn is_sqlite(conn: &sqlx::AnyConnection) -> bool {
    conn.backend_name() == "SQLite"
}

/// `($first, $first+1, ...)`: `count` numbered placeholders, for a list bound one by one.
pub(crate) fn placeholders(first: usize, count: usize) -> String {
    let list: Vec<String> = (first..first + count).map(|i| format!("${i}")).collect();
    format!("({})", list.join(", "))
}

/// `count` placeholders numbered from `first` for PostgreSQL, or as many anonymous `?` for
/// SQLite, whose named placeholders cost a linear search each (a 2,800-value insert spends most
/// of its time there). One statement must not mix the two.
pub(crate) fn row_marks(sqlite: bool, first: usize, count: usize) -> String {
    if sqlite {
        format!("({})", vec!["?"; count].join(", "))
    } else {
        placeholders(first, count)
    }
}

/// Makes sure a SQLite file can be created: its folder exists and the URL asks for creation.
fn sqlite_url(url: &str) -> Result<String, sqlx::Error> {
    let rest = url.trim_start_matches("sqlite:").trim_start_matches("//");
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    if path != ":memory:"
        && !path.is_empty()
        && let Some(parent) = std::path::Path::new(path).parent()
        && !parent.as_os_str().is_empty()
    {
        std::fs::create_dir_all(parent).map_err(sqlx::Error::Io)?;
    }
    Ok(if query.contains("mode=") {
        url.to_owned()
    } else if query.is_empty() {
        format!("{url}?mode=rwc")
    } else {
        format!("{url}&mode=rwc")
    })
}

/// Milliseconds since the Unix epoch, the unit of every time column.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// A time in ms as RFC 3339 text (UTC), as the API shows dates.
pub fn rfc3339(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
        .unwrap_or_default()
}

/// Deletes the row `id` of `table` if it belongs to `store_id`; `NotFound` otherwise (another
/// store's row answers as a missing one).
pub async fn delete_in_store(
    db: &AnyPool,
    table: &'static str,
    id: &str,
    store_id: &str,
) -> Result<(), crate::error::ApiError> {
    let sql = format!("DELETE FROM {table} WHERE id = $1 AND store_id = $2");
    let deleted = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(store_id)
        .execute(db)
        .await?
        .rows_affected();
    if deleted == 0 {
        return Err(crate::error::ApiError::NotFound);
    }
    Ok(())
}

/// Whether another row of `table` in the store (not `except`) already uses `handle`.
pub async fn handle_taken(
    db: &AnyPool,
    table: &'static str,
    store_id: &str,
    handle: &str,
    except: &str,
) -> Result<bool, crate::error::ApiError> {
    let sql = format!("SELECT id FROM {table} WHERE store_id = $1 AND handle = $2 AND id <> $3");
    let row: Option<(String,)> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(handle)
        .bind(except)
        .fetch_optional(db)
        .await?;
    Ok(row.is_some())
}

/// Whether the database answers a query.
pub async fn ping(db: &AnyPool) -> Result<bool, sqlx::Error> {
    let (one,): (i64,) = sqlx::query_as("SELECT CAST(1 AS BIGINT)")
        .fetch_one(db)
        .await?;
    Ok(one == 1)
}

/// An uploaded file as it is recorded: its id, path under the upload folder, type, size and
/// who sent it.
#[derive(Debug)]
pub struct Upload<'a> {
    pub id: &'a str,
    pub path: &'a str,
    pub content_type: &'a str,
    pub size_bytes: i64,
    pub uploaded_by: &'a str,
    /// The picture's size in pixels, when it is one the server reads (not an SVG).
    pub pixels: Option<(u32, u32)>,
}

/// Records a file stored for the store when the store's uploads stay within `quota` bytes with
/// it; otherwise records nothing and gives the bytes the store keeps already. The store's row is
/// held while its uploads are summed, so parallel uploads cannot pass the quota together.
pub async fn record_upload(
    db: &AnyPool,
    store_id: &str,
    upload: &Upload<'_>,
    quota: i64,
) -> Result<Result<(), i64>, sqlx::Error> {
    let mut tx = begin_write(db).await?;
    sqlx::query("UPDATE stores SET id = id WHERE id = $1")
        .bind(store_id)
        .execute(&mut *tx)
        .await?;
    let (used,): (i64,) = sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(size_bytes), 0) AS BIGINT) FROM uploads WHERE store_id = $1",
    )
    .bind(store_id)
    .fetch_one(&mut *tx)
    .await?;
    if used.saturating_add(upload.size_bytes) > quota {
        tx.rollback().await?;
        return Ok(Err(used));
    }
    sqlx::query(
        "INSERT INTO uploads (id, store_id, path, content_type, size_bytes, uploaded_by, created_at, width, height) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(upload.id)
    .bind(store_id)
    .bind(upload.path)
    .bind(upload.content_type)
    .bind(upload.size_bytes)
    .bind(upload.uploaded_by)
    .bind(now_ms())
    .bind(upload.pixels.map(|(w, _)| i64::from(w)))
    .bind(upload.pixels.map(|(_, h)| i64::from(h)))
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// A `LIKE` pattern (with `ESCAPE '!'`) matching `needle` anywhere.
pub fn contains_pattern(needle: &str) -> String {
    let escaped = needle
        .replace('!', "!!")
        .replace('%', "!%")
        .replace('_', "!_");
    format!("%{escaped}%")
}

/// A new time-ordered id.
pub fn new_id() -> String {
    uuid::Uuid::now_v7().to_string()
}

/// The store's currency code (the preference; `USD` when the store has none).
pub async fn store_currency<'e, E>(executor: E, store_id: &str) -> Result<String, sqlx::Error>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let (code,): (String,) = sqlx::query_as(
        "SELECT COALESCE((SELECT currency FROM store_preferences WHERE store_id = $1), $2)",
    )
    .bind(store_id)
    .bind(core_wasm::limits::DEFAULT_CURRENCY_CODE)
    .fetch_one(executor)
    .await?;
    Ok(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_urls_ask_for_creation_once() {
        assert_eq!(
            sqlite_url("sqlite::memory:").expect("url"),
            "sqlite::memory:?mode=rwc"
        );
        assert_eq!(
            sqlite_url("sqlite::memory:?cache=shared").expect("url"),
            "sqlite::memory:?cache=shared&mode=rwc"
        );
        assert_eq!(
            sqlite_url("sqlite:x.db?mode=ro").expect("url"),
            "sqlite:x.db?mode=ro"
        );
    }
}
