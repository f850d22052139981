//! A store's own row: the lookups that many screens share.

use sqlx::{Any, Executor};

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
