//! The store's smaller records (`store_records`: one JSON document per kind and id), read where
//! a route other than the records' own needs one.

use sqlx::AnyPool;

/// Record `id` of `kind` with the store that holds it and its JSON, of any store or, with
/// `store_id`, of that store only.
pub async fn find(
    db: &AnyPool,
    kind: &str,
    id: &str,
    store_id: Option<&str>,
) -> Result<Option<(String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT store_id, data FROM store_records WHERE kind = $1 AND id = $2 \
         AND ($3 = '' OR store_id = $3)",
    )
    .bind(kind)
    .bind(id)
    .bind(store_id.unwrap_or(""))
    .fetch_optional(db)
    .await
}
