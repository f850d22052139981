//! The product reviews a storefront shows: the Product Reviews app's switch and the store's
//! reviews, read for the core's rating summaries (`core_wasm::records::rating_summaries`).

use shared_types::records::{AppSwitches, Review};
use sqlx::AnyPool;

use crate::db::settings::{Kind, read_setting};
use crate::error::ApiError;
use core_wasm::records::{RatingSummary, rating_summaries, reviews_on};

/// The rating of each of a store's products with published reviews; none while the Product
/// Reviews app is off (the reviews are then not read at all).
pub async fn ratings(db: &AnyPool, store_id: &str) -> Result<Vec<RatingSummary>, ApiError> {
    let apps: AppSwitches = read_setting(db, store_id).await?;
    if !reviews_on(&apps) {
        return Ok(Vec::new());
    }
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT data FROM store_records WHERE store_id = $1 AND kind = $2")
            .bind(store_id)
            .bind(Review::KIND)
            .fetch_all(db)
            .await?;
    // A record that no longer reads as a review (an older shape) is left out, not an error.
    let reviews: Vec<Review> = rows
        .iter()
        .filter_map(|(data,)| serde_json::from_str(data).ok())
        .collect();
    Ok(rating_summaries(&apps, &reviews))
}
