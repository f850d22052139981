//! The benchmarks' data (`analytics-bench`, `ingest-bench`): the analytics harness's reference
//! file copied into a Storeloom database with its rollups built, the ingest benchmark's stores,
//! and the totals the ingest benchmark checks what it was told against.

use std::path::Path;

use sqlx::{AnyConnection, AnyPool};

use super::rollups::rebuild;

/// Copies the harness's SQLite file at `source` (events with their first-of-kind flag, orders)
/// into the empty SQLite database of `conn`: one user, a store per store id, the first events,
/// the orders and a refund of each refunded order; then builds the rollups and the planner's
/// statistics. Foreign keys and synchronous writes stay off on this connection.
pub async fn load_reference(conn: &mut AnyConnection, source: &Path) -> Result<(), sqlx::Error> {
    sqlx::query("PRAGMA foreign_keys = OFF")
        .execute(&mut *conn)
        .await?;
    sqlx::query("PRAGMA synchronous = OFF")
        .execute(&mut *conn)
        .await?;
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "ATTACH DATABASE '{}' AS src",
        source.display().to_string().replace('\'', "''")
    )))
    .execute(&mut *conn)
    .await?;
    let statements = [
        "INSERT INTO users (id, email, password_hash, created_at, updated_at) \
         VALUES ('bench', 'bench@example.com', '', 0, 0)",
        "INSERT INTO stores (id, name, subdomain, owner_id, created_at) \
         SELECT CAST(store_id AS TEXT), 'Store ' || store_id, 'store' || store_id, 'bench', 0 \
         FROM (SELECT store_id FROM src.orders UNION SELECT store_id FROM src.events)",
        "INSERT INTO analytics_firsts (store_id, session_id, kind, occurred_at, country) \
         SELECT CAST(store_id AS TEXT), CAST(session_id AS TEXT), kind, at, country \
         FROM src.events WHERE first = 1",
        "INSERT INTO orders (id, store_id, order_number, order_name, customer_name, customer_email, currency, \
         subtotal_minor, shipping_minor, discount_minor, grand_total_minor, financial_status, fulfillment_status, \
         line_items, created_at, captured_at) \
         SELECT printf('%012d', id), CAST(store_id AS TEXT), id, order_name, customer_name, '', 'USD', \
         total_minor, 0, 0, total_minor, financial_status, 'unfulfilled', '[]', COALESCE(paid_at, 0), paid_at \
         FROM src.orders",
        // A refunded order's refund, all of it at its capture, as migration 0017 records them:
        // the sales (captured orders less refunds) stay the reference's paid sales.
        "INSERT INTO order_refunds (id, store_id, order_id, lines, shipping_minor, amount_minor, restock, reason, \
         is_test, created_at) SELECT id, store_id, id, '[]', 0, grand_total_minor, 0, '', 0, captured_at \
         FROM orders WHERE financial_status = 'refunded' AND captured_at IS NOT NULL",
    ];
    for sql in statements {
        sqlx::query(sql).execute(&mut *conn).await?;
    }
    sqlx::query("DETACH DATABASE src")
        .execute(&mut *conn)
        .await?;
    rebuild(conn, None).await?;
    sqlx::query("ANALYZE").execute(&mut *conn).await?;
    Ok(())
}

/// Adds the ingest benchmark's user and its `count` stores, `store-0` onwards (each store's key
/// is its id).
pub async fn add_stores(db: &AnyPool, count: usize) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO users (id, email, password_hash, created_at, updated_at) \
         VALUES ('bench', 'bench@example.com', '', 0, 0)",
    )
    .execute(db)
    .await?;
    for store in 0..count {
        sqlx::query(
            "INSERT INTO stores (id, name, subdomain, owner_id, created_at) VALUES ($1, $2, $3, 'bench', 0)",
        )
        .bind(format!("store-{store}"))
        .bind(format!("Store {store}"))
        .bind(format!("store{store}"))
        .execute(db)
        .await?;
    }
    Ok(())
}

/// The events stored in all, and the visitors all the hourly rollups count.
pub async fn ingest_totals(db: &AnyPool) -> Result<(i64, i64), sqlx::Error> {
    let (stored,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM analytics_events")
        .fetch_one(db)
        .await?;
    let (visitors,): (i64,) =
        sqlx::query_as("SELECT CAST(COALESCE(SUM(vistors), 0) AS BIGINT) FROM analytics_hourly")
            .fetch_one(db)
            .await?;
    Ok((stored, visitors))
}
