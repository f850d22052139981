//! A store's settings in the database (`store_settings`, one JSON value per store and name), and
//! the traits that name the kinds of records and settings the store keeps as JSON: their names
//! in the tables, the core's check, and what the server adds before one is stored.

use std::future::Future;

use serde::Serialize;
use serde::de::DeserializeOwned;
use sqlx::{AnyConnection, AnyPool};

use core_wasm::formats::{Currency, currency_or_default};

use super::now_ms;
use crate::error::ApiError;

/// A kind of record or setting: its name, the core's check, and what the server adds before it
/// is stored (references checked against the store's own data, results of the change).
pub trait Kind: Serialize + DeserializeOwned + Send + Sync + 'static {
    /// The kind's name in the table and in the core's `problems_of`.
    const KIND: &'static str;
    /// How a message names one ("size chart").
    const NOUN: &'static str;
    /// What the core finds wrong with the value of a store in `currency` (none when it may be
    /// stored).
    fn problems(&self, currency: Currency) -> Vec<String>;
    /// Checks what the core cannot (that referenced records are the store's) and fills what the
    /// server computes; runs in the transaction that stores the record.
    fn prepare<'a>(
        self,
        _conn: &'a mut AnyConnection,
        _store_id: &'a str,
    ) -> impl Future<Output = Result<Self, ApiError>> + Send + 'a
    where
        Self: Sized,
    {
        async move { Ok(self) }
    }
}

/// A kind kept as one setting per store.
pub trait Setting: Kind {
    /// The setting's value before the merchant saved one, for a store in `currency`.
    fn initial(currency: Currency) -> Self;
}

/// The store's setting of kind `K`: the saved one, or the initial value when none was saved.
pub async fn read_setting<K: Setting>(db: &AnyPool, store_id: &str) -> Result<K, ApiError> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT data FROM store_settings WHERE store_id = $1 AND name = $2")
            .bind(store_id)
            .bind(K::KIND)
            .fetch_optional(db)
            .await?;
    match row {
        Some((data,)) => serde_json::from_str(&data).map_err(ApiError::internal),
        None => Ok(K::initial(currency_or_default(
            &super::store_currency(db, store_id).await?,
        ))),
    }
}

/// Saves the store's setting of kind `K` (replacing the one saved before), on `conn`: the
/// caller's transaction, once the value is checked and prepared.
pub async fn save_setting<K: Setting>(
    conn: &mut AnyConnection,
    store_id: &str,
    value: &K,
) -> Result<(), ApiError> {
    let text = serde_json::to_string(value).map_err(ApiError::internal)?;
    let now = now_ms();
    sqlx::query(
        "INSERT INTO store_settings (store_id, name, data, updated_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (store_id, name) DO UPDATE SET data = $3, updated_at = $4",
    )
    .bind(store_id)
    .bind(K::KIND)
    .bind(&text)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
