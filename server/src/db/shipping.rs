//! Shipping zones (migration 0038): a store's flat rate from before zones becomes one zone for
//! the whole world with that rate and its free-shipping threshold, so no store's checkout
//! changes until its owner edits the zones. The settings are JSON, so the move is Rust's, run
//! at start; each row is rewritten only while it still holds what was read, so several
//! processes starting at once write it once.

use serde::Deserialize;
use shared_types::Money;
use sqlx::AnyPool;

/// The shipping settings as they were kept before zones.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FlatRate {
    rate: Money,
    #[serde(default)]
    free_shipping_over: Option<Money>,
}

/// Moves every store's flat-rate shipping settings to the one-zone shape.
pub async fn finish_zones(pool: &AnyPool) -> Result<(), sqlx::Error> {
    let rows: Vec<(String, String)> = sqlx::query_as(
        "SELECT store_id, data FROM store_settings WHERE name = 'shipping' AND data NOT LIKE '%\"zones\"%'",
    )
    .fetch_all(pool)
    .await?;
    for (store_id, data) in rows {
        let Ok(flat) = serde_json::from_str::<FlatRate>(&data) else {
            continue;
        };
        let zones = core_wasm::commerce::shipping::single_zone(flat.rate, flat.free_shipping_over);
        let Ok(json) = serde_json::to_string(&zones) else {
            continue;
        };
        sqlx::query(
            "UPDATE store_settings SET data = $1 WHERE store_id = $2 AND name = 'shipping' AND data = $3",
        )
        .bind(json)
        .bind(&store_id)
        .bind(&data)
        .execute(pool)
        .await?;
    }
    Ok(())
}
