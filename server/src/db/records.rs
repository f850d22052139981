//! The store's smaller records (`store_records`: one JSON document per kind and id): the
//! records' own list, reads and writes, generic over the kind, and the read other routes need.

use shared_types::records::{RecordList, StoreRecord};
use sqlx::{AnyConnection, AnyPool};

use crate::db::settings::Kind;
use crate::error::ApiError;

/// A record's columns: id, JSON, created and updated.
type RecordRow = (String, String, i64, i64);

fn record<K: Kind>(
    (id, data, created_at, updated_at): RecordRow,
) -> Result<StoreRecord<K>, ApiError> {
    Ok(StoreRecord {
        id,
        data: serde_json::from_str(&data).map_err(ApiError::internal)?,
        created_at,
        updated_at,
    })
}

fn to_text<K: Kind>(value: &K) -> Result<String, ApiError> {
    serde_json::to_string(value).map_err(ApiError::internal)
}

/// Record `id` of kind `K` of the store; `NotFound` when there is none.
pub async fn by_id<K: Kind>(
    conn: &mut AnyConnection,
    store_id: &str,
    id: &str,
) -> Result<StoreRecord<K>, ApiError> {
    let row: Option<RecordRow> = sqlx::query_as(
        "SELECT id, data, created_at, updated_at FROM store_records \
         WHERE store_id = $1 AND kind = $2 AND id = $3",
    )
    .bind(store_id)
    .bind(K::KIND)
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(record).ok_or(ApiError::NotFound)?
}

/// One page of the store's records of kind `K`, newest first, and how many there are.
pub async fn list<K: Kind>(
    db: &AnyPool,
    store_id: &str,
    limit: u32,
    offset: i64,
) -> Result<RecordList<K>, ApiError> {
    let rows: Vec<RecordRow> = sqlx::query_as(
        "SELECT id, data, created_at, updated_at FROM store_records \
         WHERE store_id = $1 AND kind = $2 ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4",
    )
    .bind(store_id)
    .bind(K::KIND)
    .bind(i64::from(limit))
    .bind(offset)
    .fetch_all(db)
    .await?;
    let (total,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM store_records WHERE store_id = $1 AND kind = $2")
            .bind(store_id)
            .bind(K::KIND)
            .fetch_one(db)
            .await?;
    Ok(RecordList {
        records: rows.into_iter().map(record).collect::<Result<_, _>>()?,
        total,
    })
}

/// Writes a new record `id` of kind `K` (in the caller's transaction).
pub async fn insert<K: Kind>(
    conn: &mut AnyConnection,
    store_id: &str,
    id: &str,
    value: &K,
    now: i64,
) -> Result<(), ApiError> {
    sqlx::query(
        "INSERT INTO store_records (id, store_id, kind, data, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $5)",
    )
    .bind(id)
    .bind(store_id)
    .bind(K::KIND)
    .bind(to_text(value)?)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Replaces record `id` of kind `K` (in the caller's transaction).
pub async fn update<K: Kind>(
    conn: &mut AnyConnection,
    store_id: &str,
    id: &str,
    value: &K,
    now: i64,
) -> Result<(), ApiError> {
    sqlx::query(
        "UPDATE store_records SET data = $1, updated_at = $2 \
         WHERE store_id = $3 AND kind = $4 AND id = $5",
    )
    .bind(to_text(value)?)
    .bind(now)
    .bind(store_id)
    .bind(K::KIND)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Deletes record `id` of kind `K`; whether there was one.
pub async fn delete<K: Kind>(db: &AnyPool, store_id: &str, id: &str) -> Result<bool, sqlx::Error> {
    let deleted =
        sqlx::query("DELETE FROM store_records WHERE store_id = $1 AND kind = $2 AND id = $3")
            .bind(store_id)
            .bind(K::KIND)
            .bind(id)
            .execute(db)
            .await?;
    Ok(deleted.rows_affected() > 0)
}

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
