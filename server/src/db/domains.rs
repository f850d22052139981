//! A store's domains and its claims of custom domains (issue 24). `domains` holds the hosts that
//! route (system domains and verified custom domains, one store per host); `domain_claims` holds
//! custom domains added but not verified, which route nothing and block nobody, and count for
//! 72 hours (the core's rule).

use core_wasm::shell::addresses::oldest_live_claim;
use sqlx::AnyPool;

use super::notifications as notify;
use super::{new_id, now_ms};
use crate::error::ApiError;

/// A domain or claim as listed.
#[derive(Debug, Clone)]
pub struct DomainRow {
    pub id: String,
    pub host: String,
    pub domain_type: String,
    pub is_primary: bool,
    pub is_checkout: bool,
    /// When its DNS was seen pointing at us; `None` for a claim.
    pub verified_at: Option<i64>,
    /// A claim's token (its TXT record proves it); `None` for a domain that routes.
    pub token: Option<String>,
}

type Row = (String, String, String, i64, i64, Option<i64>);

impl From<Row> for DomainRow {
    fn from((id, host, domain_type, is_primary, is_checkout, verified_at): Row) -> Self {
        DomainRow {
            id,
            host,
            domain_type,
            is_primary: is_primary == 1,
            is_checkout: is_checkout == 1,
            verified_at,
            token: None,
        }
    }
}

/// The store's domains, its system domain first, then its live claims of hosts no store holds
/// (a claim made while another store was verifying the host), each by age.
pub async fn list(db: &AnyPool, store_id: &str) -> Result<Vec<DomainRow>, sqlx::Error> {
    let mut rows: Vec<DomainRow> = sqlx::query_as::<_, Row>(
        "SELECT id, host, domain_type, is_primary, is_checkout, verified_at FROM domains WHERE store_id = $1 \
         ORDER BY CASE WHEN domain_type = 'SystemDefault' THEN 0 ELSE 1 END, created_at",
    )
    .bind(store_id)
    .fetch_all(db)
    .await?
    .into_iter()
    .map(DomainRow::from)
    .collect();
    let claims: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT id, host, token FROM domain_claims c WHERE store_id = $1 AND created_at > $2 \
         AND NOT EXISTS (SELECT 1 FROM domains d WHERE d.host = c.host) ORDER BY created_at",
    )
    .bind(store_id)
    .bind(oldest_live_claim(now_ms()))
    .fetch_all(db)
    .await?;
    rows.extend(claims.into_iter().map(|(id, host, token)| DomainRow {
        id,
        host,
        domain_type: "Custom".to_owned(),
        is_primary: false,
        is_checkout: false,
        verified_at: None,
        token: Some(token),
    }));
    Ok(rows)
}

/// The store that holds `host` (its system domain or a verified custom domain), if any.
pub async fn holder(db: &AnyPool, host: &str) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as("SELECT store_id FROM domains WHERE host = $1")
        .bind(host)
        .fetch_optional(db)
        .await?;
    Ok(row.map(|(store,)| store))
}

/// Claims `host` for a store: refused when a store holds it (409), or when this store already
/// has a live claim of it. An expired claim of the store is replaced; expired claims of the
/// host are dropped. `token` is the claim's own (its TXT record proves it). Returns the new
/// claim's id.
pub async fn claim(
    db: &AnyPool,
    store_id: &str,
    host: &str,
    token: &str,
) -> Result<String, ApiError> {
    match holder(db, host).await? {
        Some(owner) if owner == store_id => {
            return Err(ApiError::Conflict(format!("{host} is already added.")));
        }
        Some(_) => {
            return Err(ApiError::Conflict(format!(
                "{host} belongs to another store."
            )));
        }
        None => {}
    }
    let now = now_ms();
    let mut tx = super::begin_write(db).await?;
    sqlx::query("DELETE FROM domain_claims WHERE host = $1 AND created_at <= $2")
        .bind(host)
        .bind(oldest_live_claim(now))
        .execute(&mut *tx)
        .await?;
    let id = new_id();
    let inserted = sqlx::query(
        "INSERT INTO domain_claims (id, store_id, host, created_at, token) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (store_id, host) DO NOTHING",
    )
    .bind(&id)
    .bind(store_id)
    .bind(host)
    .bind(now)
    .bind(token)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    tx.commit().await?;
    if inserted == 0 {
        return Err(ApiError::Conflict(format!("{host} is already added.")));
    }
    Ok(id)
}

/// The token of the store's live claim of `host`, if it has one.
pub async fn claim_token(
    db: &AnyPool,
    store_id: &str,
    host: &str,
) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT token FROM domain_claims WHERE store_id = $1 AND host = $2 AND created_at > $3",
    )
    .bind(store_id)
    .bind(host)
    .bind(oldest_live_claim(now_ms()))
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(token,)| token))
}

/// Removes a store's custom domain or claim by id; whether there was one.
pub async fn remove(db: &AnyPool, store_id: &str, id: &str) -> Result<bool, sqlx::Error> {
    let mut tx = super::begin_write(db).await?;
    let mut removed = 0;
    for sql in [
        "DELETE FROM domains WHERE id = $1 AND store_id = $2 AND domain_type <> 'SystemDefault'",
        "DELETE FROM domain_claims WHERE id = $1 AND store_id = $2",
    ] {
        removed += sqlx::query(sql)
            .bind(id)
            .bind(store_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    }
    tx.commit().await?;
    Ok(removed > 0)
}

/// Verifies the store's live claim of `host`, whose DNS was just seen pointing at us with the
/// claim's TXT record: in one
/// transaction the claim becomes the store's domain (keeping its id) unless another store got
/// there first, every other store's claim of the host is dropped, and each store is told.
/// Whether this store now holds the host because of this call.
pub async fn verify(db: &AnyPool, store_id: &str, host: &str) -> Result<bool, ApiError> {
    let now = now_ms();
    let mut tx = super::begin_write(db).await?;
    let claim: Option<(String, i64)> = sqlx::query_as(
        "SELECT id, created_at FROM domain_claims WHERE store_id = $1 AND host = $2 AND created_at > $3",
    )
    .bind(store_id)
    .bind(host)
    .bind(oldest_live_claim(now))
    .fetch_optional(&mut *tx)
    .await?;
    let Some((id, claimed_at)) = claim else {
        return Ok(false);
    };
    let won = sqlx::query(
        "INSERT INTO domains (id, store_id, host, domain_type, is_primary, created_at, verified_at) \
         VALUES ($1, $2, $3, 'Custom', 0, $4, $5) ON CONFLICT (host) DO NOTHING",
    )
    .bind(&id)
    .bind(store_id)
    .bind(host)
    .bind(claimed_at)
    .bind(now)
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1;
    if !won {
        return Ok(false);
    }
    let losers: Vec<(String,)> =
        sqlx::query_as("SELECT store_id FROM domain_claims WHERE host = $1 AND store_id <> $2")
            .bind(host)
            .bind(store_id)
            .fetch_all(&mut *tx)
            .await?;
    sqlx::query("DELETE FROM domain_claims WHERE host = $1")
        .bind(host)
        .execute(&mut *tx)
        .await?;
    let shown = notify::escape(host);
    notify::notify(
        &mut *tx,
        store_id,
        "domain_verified",
        "Your domain is connected",
        &format!("<p><strong>{shown}</strong> now points at your store.</p>"),
    )
    .await?;
    for (loser,) in losers {
        notify::notify(
            &mut *tx,
            &loser,
            "domain_lost",
            "A domain you added went to another store",
            &format!(
                "<p><strong>{shown}</strong> was verified by another store first, so it was removed from your domains.</p>"
            ),
        )
        .await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// Makes domain `id` the store's checkout domain, and no other (in the caller's transaction).
pub async fn set_checkout(
    conn: &mut sqlx::AnyConnection,
    store_id: &str,
    id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE domains SET is_checkout = 0 WHERE store_id = $1")
        .bind(store_id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("UPDATE domains SET is_checkout = 1 WHERE id = $1 AND store_id = $2")
        .bind(id)
        .bind(store_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// A domain waiting to be bought: id, host, years, price in minor units, created at.
pub type PendingRow = (String, String, i64, i64, i64);

/// Keeps a domain the store wants to buy; false when the store already waits for that host.
pub async fn add_pending(
    db: &AnyPool,
    store_id: &str,
    row: &PendingRow,
) -> Result<bool, sqlx::Error> {
    let (id, host, years, price_minor, created_at) = row;
    let inserted = sqlx::query(
        "INSERT INTO pending_domains (id, store_id, host, years, price_minor, created_at) VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (store_id, host) DO NOTHING",
    )
    .bind(id)
    .bind(store_id)
    .bind(host)
    .bind(years)
    .bind(price_minor)
    .bind(created_at)
    .execute(db)
    .await?
    .rows_affected();
    Ok(inserted > 0)
}

/// The domains the store waits to buy, oldest first.
pub async fn pending(db: &AnyPool, store_id: &str) -> Result<Vec<PendingRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, host, years, price_minor, created_at FROM pending_domains WHERE store_id = $1 ORDER BY created_at",
    )
    .bind(store_id)
    .fetch_all(db)
    .await
}

/// The store's custom domains, lower-case.
pub async fn hosts<'e, E>(db: E, store_id: &str) -> Result<Vec<String>, sqlx::Error>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT LOWER(host) FROM domains WHERE store_id = $1")
            .bind(store_id)
            .fetch_all(db)
            .await?;
    Ok(rows.into_iter().map(|(host,)| host).collect())
}

/// The subdomain of the enabled store a request's host routes to: only a verified custom
/// domain (or the store's system default) routes; claims live in `domain_claims` and never do.
pub async fn routed(db: &AnyPool, host: &str) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT s.subdomain FROM domains d JOIN stores s ON s.id = d.store_id \
         WHERE d.host = $1 AND s.is_enabled = 1 AND (d.verified_at IS NOT NULL OR d.domain_type = 'SystemDefault')",
    )
    .bind(host)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(s,)| s))
}
