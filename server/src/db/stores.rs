//! A store's own rows: the lookups that many screens share, its first-run survey and its page
//! preference.

use std::collections::HashSet;

use shared_types::{PagePreference, PaymentChoice};
use sqlx::{Any, AnyConnection, AnyPool, Executor};

use super::placeholders;

/// The store's system subdomain (its storefront is `/s/{subdomain}/`); `None` for no such store.
pub async fn subdomain<'e, E>(db: E, store_id: &str) -> Result<Option<String>, sqlx::Error>
where
    E: Executor<'e, Database = Any>,
{
    let row: Option<(String,)> = sqlx::query_as("SELECT subdomain FROM stores WHERE id = $1")
        .bind(store_id)
        .fetch_optional(db)
        .await?;
    Ok(row.map(|(subdomain,)| subdomain))
}

/// Whether the store's first-run survey is done.
pub async fn survey_done(db: &AnyPool, store_id: &str) -> Result<bool, sqlx::Error> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT store_id FROM store_surveys WHERE store_id = $1")
            .bind(store_id)
            .fetch_optional(db)
            .await?;
    Ok(row.is_some())
}

/// The store's standard time zone; empty when the store has none (the core then reads
/// America/Los_Angeles).
pub async fn zone<'e, E>(db: E, store_id: &str) -> Result<String, sqlx::Error>
where
    E: Executor<'e, Database = Any>,
{
    let (zone,): (String,) = sqlx::query_as(
        "SELECT COALESCE((SELECT standard_timezone FROM store_preferences WHERE store_id = $1), '')",
    )
    .bind(store_id)
    .fetch_one(db)
    .await?;
    Ok(zone)
}

/// The store's country (an ISO code); empty when it has none.
pub async fn country<'e, E>(db: E, store_id: &str) -> Result<String, sqlx::Error>
where
    E: Executor<'e, Database = Any>,
{
    let (country,): (String,) = sqlx::query_as(
        "SELECT COALESCE((SELECT country FROM store_preferences WHERE store_id = $1), '')",
    )
    .bind(store_id)
    .fetch_one(db)
    .await?;
    Ok(country)
}

/// The store's page preference; `None` for no such store.
pub async fn preferences(
    db: &AnyPool,
    store_id: &str,
) -> Result<Option<PagePreference>, sqlx::Error> {
    let row: Option<(String, String, String, String, String, String)> = sqlx::query_as(
        "SELECT standard_timezone, business_type, payment_choice_type, store_front_default_theme, currency, \
             country FROM store_preferences WHERE store_id = $1",
    )
    .bind(store_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(
        |(standard_timezone, business_type, kind, store_front_default_theme, currency, country)| {
            PagePreference {
                standard_timezone,
                business_type,
                payment_choice: PaymentChoice { kind },
                store_front_default_theme,
                currency: Some(currency),
                country: Some(country),
            }
        },
    ))
}

/// How many real (not test) orders the store has taken.
pub async fn real_orders<'e, E>(db: E, store_id: &str) -> Result<i64, sqlx::Error>
where
    E: Executor<'e, Database = Any>,
{
    let (count,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM orders WHERE store_id = $1 AND is_test = 0")
            .bind(store_id)
            .fetch_one(db)
            .await?;
    Ok(count)
}

/// Writes the store's page preference with `currency`, updated at `now` (its country only when
/// the preference names one); whether the store had one to change.
pub async fn save_preferences<'e, E>(
    db: E,
    store_id: &str,
    value: &PagePreference,
    currency: &str,
    now: i64,
) -> Result<bool, sqlx::Error>
where
    E: Executor<'e, Database = Any>,
{
    let updated = sqlx::query(
        "UPDATE store_preferences SET standard_timezone = $1, business_type = $2, payment_choice_type = $3, \
         store_front_default_theme = $4, currency = $5, updated_at = $6, \
         country = COALESCE($8, country) WHERE store_id = $7",
    )
    .bind(&value.standard_timezone)
    .bind(&value.business_type)
    .bind(&value.payment_choice.kind)
    .bind(&value.store_front_default_theme)
    .bind(currency)
    .bind(now)
    .bind(store_id)
    .bind(value.country.as_deref())
    .execute(db)
    .await?
    .rows_affected();
    Ok(updated > 0)
}

/// A store's row as its status reads it, with its preferences (absent before they are written)
/// and the custom domain shoppers reach it at (a verified one, the primary first).
#[derive(Debug)]
pub struct StatusRow {
    pub id: String,
    pub name: String,
    pub subdomain: String,
    pub is_enabled: bool,
    pub business_type: Option<String>,
    pub currency: Option<String>,
    pub timezone: Option<String>,
    pub custom_host: Option<String>,
}

/// The store's status row; `None` for no such store.
pub async fn status(db: &AnyPool, store_id: &str) -> Result<Option<StatusRow>, sqlx::Error> {
    type Row = (
        String,
        String,
        String,
        i64,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
    );
    let row: Option<Row> = sqlx::query_as(
        "SELECT s.id, s.name, s.subdomain, s.is_enabled, p.business_type, p.currency, \
         p.standard_timezone, \
         (SELECT d.host FROM domains d WHERE d.store_id = s.id \
           AND d.domain_type <> 'SystemDefault' AND d.verified_at IS NOT NULL \
           ORDER BY d.is_primary DESC, d.created_at LIMIT 1) \
         FROM stores s LEFT JOIN store_preferences p ON p.store_id = s.id WHERE s.id = $1",
    )
    .bind(store_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(
        |(id, name, subdomain, enabled, business_type, currency, timezone, custom_host)| {
            StatusRow {
                id,
                name,
                subdomain,
                is_enabled: enabled == 1,
                business_type,
                currency,
                timezone,
                custom_host,
            }
        },
    ))
}

/// Enables or disables the store; whether there is such a store.
pub async fn set_enabled(db: &AnyPool, store_id: &str, enabled: bool) -> Result<bool, sqlx::Error> {
    let changed = sqlx::query("UPDATE stores SET is_enabled = $1 WHERE id = $2")
        .bind(i64::from(enabled))
        .bind(store_id)
        .execute(db)
        .await?
        .rows_affected();
    Ok(changed > 0)
}

/// The store's subdomain and whether it is enabled; `None` for no such store.
pub async fn subdomain_enabled(
    db: &AnyPool,
    store_id: &str,
) -> Result<Option<(String, bool)>, sqlx::Error> {
    let row: Option<(String, i64)> =
        sqlx::query_as("SELECT subdomain, is_enabled FROM stores WHERE id = $1")
            .bind(store_id)
            .fetch_optional(db)
            .await?;
    Ok(row.map(|(subdomain, enabled)| (subdomain, enabled == 1)))
}

/// Moves the store's cache stamp on to `now`: every cached storefront answer of the store is
/// fetched again.
pub async fn renew_cache_stamp<'e, E>(db: E, store_id: &str, now: i64) -> Result<(), sqlx::Error>
where
    E: Executor<'e, Database = Any>,
{
    sqlx::query("UPDATE stores SET cache_stamp = $1 WHERE id = $2")
        .bind(now)
        .bind(store_id)
        .execute(db)
        .await?;
    Ok(())
}

/// The store's name.
pub async fn name(db: &AnyPool, store_id: &str) -> Result<String, sqlx::Error> {
    let (name,): (String,) = sqlx::query_as("SELECT name FROM stores WHERE id = $1")
        .bind(store_id)
        .fetch_one(db)
        .await?;
    Ok(name)
}

/// Sets the theme family the store's new themes are made from.
pub async fn set_default_theme(
    db: &AnyPool,
    store_id: &str,
    family: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE store_preferences SET store_front_default_theme = $1, updated_at = $2 WHERE store_id = $3",
    )
    .bind(family)
    .bind(super::now_ms())
    .bind(store_id)
    .execute(db)
    .await?;
    Ok(())
}

/// The id of the enabled store with `subdomain` (lower-case), if any.
pub async fn enabled_by_subdomain(
    db: &AnyPool,
    subdomain: &str,
) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT id FROM stores WHERE subdomain = $1 AND is_enabled = 1")
            .bind(subdomain)
            .fetch_optional(db)
            .await?;
    Ok(row.map(|(id,)| id))
}

/// How many of the store's real orders are not shipped yet (the orders list's Unfulfilled
/// filter without test orders).
pub async fn open_orders(db: &AnyPool, store_id: &str) -> Result<i64, sqlx::Error> {
    let (open,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM orders WHERE store_id = $1 AND fulfillment_status = 'unfulfilled' \
         AND is_test = 0",
    )
    .bind(store_id)
    .fetch_one(db)
    .await?;
    Ok(open)
}

/// Every store's id and subdomain, by subdomain.
pub async fn subdomains(db: &AnyPool) -> Result<Vec<(String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT id, subdomain FROM stores ORDER BY subdomain")
        .fetch_all(db)
        .await
}

/// The id of the store at `subdomain`, if there is one.
pub async fn id_by_subdomain(db: &AnyPool, subdomain: &str) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as("SELECT id FROM stores WHERE subdomain = $1")
        .bind(subdomain)
        .fetch_optional(db)
        .await?;
    Ok(row.map(|(id,)| id))
}

/// An enabled store as its storefront reads it: id, name, subdomain, shipping settings (JSON
/// text), currency, country and tax settings (JSON text).
pub type ShopRow = (
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
);

/// The enabled store at `subdomain`, as its storefront reads it.
pub async fn shop(db: &AnyPool, subdomain: &str) -> Result<Option<ShopRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT s.id, s.name, s.subdomain, (SELECT data FROM store_settings WHERE store_id = s.id AND name = 'shipping'), \
         (SELECT currency FROM store_preferences WHERE store_id = s.id), \
         (SELECT country FROM store_preferences WHERE store_id = s.id), \
         (SELECT data FROM store_settings WHERE store_id = s.id AND name = 'taxes') \
         FROM stores s WHERE s.subdomain = $1 AND s.is_enabled = 1",
    )
    .bind(subdomain)
    .fetch_optional(db)
    .await
}

/// The enabled stores among `named`, in the caller's transaction.
pub async fn enabled_among(
    conn: &mut AnyConnection,
    named: &[&str],
) -> Result<HashSet<String>, sqlx::Error> {
    let mut known = HashSet::new();
    for chunk in named.chunks(500) {
        let sql = format!(
            "SELECT id FROM stores WHERE is_enabled = 1 AND id IN {}",
            placeholders(1, chunk.len())
        );
        let mut query = sqlx::query_as::<_, (String,)>(sqlx::AssertSqlSafe(sql));
        for id in chunk {
            query = query.bind(*id);
        }
        known.extend(
            query
                .fetch_all(&mut *conn)
                .await?
                .into_iter()
                .map(|(id,)| id),
        );
    }
    Ok(known)
}
