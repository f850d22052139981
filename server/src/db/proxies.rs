//! Payment gateways ("proxies") in the database: the platform's gateways and groups, and the
//! ones each store uses. Changes of one store's gateways hold the store's row, so two of them
//! run one after the other.

use shared_types::{Proxy, ProxyGroup};
use sqlx::AnyPool;

type ProxyRow = (String, String, String, Option<String>);

fn proxy((id, name, provider, group_id): ProxyRow) -> Proxy {
    Proxy {
        id,
        name,
        provider,
        group_id,
    }
}

const ASSIGNED: &str = "SELECT p.id, p.name, p.provider, p.group_id FROM proxies p \
    JOIN store_proxies s ON s.proxy_id = p.id WHERE s.store_id = $1";
const UNASSIGNED: &str = "SELECT p.id, p.name, p.provider, p.group_id FROM proxies p \
    WHERE NOT EXISTS (SELECT 1 FROM store_proxies s WHERE s.proxy_id = p.id AND s.store_id = $1)";

async fn proxies(db: &AnyPool, sql: &str, store_id: &str) -> Result<Vec<Proxy>, sqlx::Error> {
    let rows: Vec<ProxyRow> = sqlx::query_as(sqlx::AssertSqlSafe(format!("{sql} ORDER BY p.name")))
        .bind(store_id)
        .fetch_all(db)
        .await?;
    Ok(rows.into_iter().map(proxy).collect())
}

/// Every group of gateways with its gateways, or with `only_store` the groups it has taken.
pub async fn groups(
    db: &AnyPool,
    only_store: Option<&str>,
) -> Result<Vec<ProxyGroup>, sqlx::Error> {
    let rows: Vec<(String, String)> = match only_store {
        Some(store_id) => sqlx::query_as(
            "SELECT g.id, g.name FROM proxy_groups g JOIN store_proxy_groups s ON s.group_id = g.id \
             WHERE s.store_id = $1 ORDER BY g.name",
        )
        .bind(store_id)
        .fetch_all(db)
        .await?,
        None => sqlx::query_as("SELECT id, name FROM proxy_groups ORDER BY name").fetch_all(db).await?,
    };
    let members: Vec<ProxyRow> = sqlx::query_as(
        "SELECT id, name, provider, group_id FROM proxies WHERE group_id IS NOT NULL ORDER BY name",
    )
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, name)| ProxyGroup {
            proxies: members
                .iter()
                .filter(|m| m.3.as_deref() == Some(id.as_str()))
                .cloned()
                .map(proxy)
                .collect(),
            id,
            name,
        })
        .collect())
}

/// The gateways the store uses, by name.
pub async fn assigned(db: &AnyPool, store_id: &str) -> Result<Vec<Proxy>, sqlx::Error> {
    proxies(db, ASSIGNED, store_id).await
}

/// The gateways the store does not use yet, by name.
pub async fn unassigned(db: &AnyPool, store_id: &str) -> Result<Vec<Proxy>, sqlx::Error> {
    proxies(db, UNASSIGNED, store_id).await
}

/// Every gateway's id and group.
pub async fn gateway_groups(db: &AnyPool) -> Result<Vec<(String, Option<String>)>, sqlx::Error> {
    sqlx::query_as("SELECT id, group_id FROM proxies")
        .fetch_all(db)
        .await
}

/// Whether group `id` exists.
pub async fn group_exists(db: &AnyPool, id: &str) -> Result<bool, sqlx::Error> {
    let found: Option<(String,)> = sqlx::query_as("SELECT id FROM proxy_groups WHERE id = $1")
        .bind(id)
        .fetch_optional(db)
        .await?;
    Ok(found.is_some())
}

/// Opens a write transaction that holds the store's row: two changes of one store's gateways
/// run one after the other (on PostgreSQL a second replace would otherwise insert rows the first
/// had just inserted and fail; SQLite's `BEGIN IMMEDIATE` already serialises writers).
async fn begin_store_write(
    db: &AnyPool,
    store_id: &str,
) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query("UPDATE stores SET test_mode = test_mode WHERE id = $1")
        .bind(store_id)
        .execute(&mut *tx)
        .await?;
    Ok(tx)
}

/// Takes group `group_id` for the store: it uses every gateway in it.
pub async fn take_group(db: &AnyPool, store_id: &str, group_id: &str) -> Result<(), sqlx::Error> {
    let mut tx = begin_store_write(db, store_id).await?;
    sqlx::query("INSERT INTO store_proxy_groups (store_id, group_id) VALUES ($1, $2) ON CONFLICT (store_id, group_id) DO NOTHING")
        .bind(store_id)
        .bind(group_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO store_proxies (store_id, proxy_id) SELECT $1, id FROM proxies WHERE group_id = $2 \
         ON CONFLICT (store_id, proxy_id) DO NOTHING",
    )
    .bind(store_id)
    .bind(group_id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

/// Leaves group `group_id`: the store stops using its gateways.
pub async fn leave_group(db: &AnyPool, store_id: &str, group_id: &str) -> Result<(), sqlx::Error> {
    let mut tx = begin_store_write(db, store_id).await?;
    sqlx::query("DELETE FROM store_proxy_groups WHERE store_id = $1 AND group_id = $2")
        .bind(store_id)
        .bind(group_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM store_proxies WHERE store_id = $1 AND proxy_id IN (SELECT id FROM proxies WHERE group_id = $2)")
        .bind(store_id)
        .bind(group_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await
}

/// Replaces the store's gateways (all of them, or those of `group`) with `ids`, in one
/// transaction, and answers the store's list.
pub async fn replace(
    db: &AnyPool,
    store_id: &str,
    group: Option<&str>,
    ids: &[String],
) -> Result<Vec<Proxy>, sqlx::Error> {
    let mut tx = begin_store_write(db, store_id).await?;
    match group {
        None => sqlx::query("DELETE FROM store_proxies WHERE store_id = $1").bind(store_id),
        Some(group) => sqlx::query(
            "DELETE FROM store_proxies WHERE store_id = $1 AND proxy_id IN (SELECT id FROM proxies WHERE group_id = $2)",
        )
        .bind(store_id)
        .bind(group),
    }
    .execute(&mut *tx)
    .await?;
    for id in ids {
        sqlx::query("INSERT INTO store_proxies (store_id, proxy_id) VALUES ($1, $2)")
            .bind(store_id)
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    assigned(db, store_id).await
}
