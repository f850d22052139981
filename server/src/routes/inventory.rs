//! Changes to many products at once: stock per variant (inventory), the bulk editor's rows, and
//! bulk updates of prices or status over a collection or the whole catalog. Each call is one
//! transaction: every row is checked (by the core, then against the store's products) and
//! either all are written or none.

use axum::extract::State;
use shared_types::ApiErrorBody;
use shared_types::records::{BulkUpdate, Changed, ProductPatches, StockChanges};
use sqlx::AnyConnection;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::store::{StoreAccess, routes::BulkEdit, routes::Inventory};
use crate::db::catalog::tag_pattern;
use crate::db::{inventory, now_ms};
use crate::error::{ApiError, Json};
use crate::state::AppState;
use core_wasm::catalog::{check_title, money_to_minor};
use core_wasm::formats::currency_or_default;
use core_wasm::records as rules;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(put_stock))
        .routes(routes!(put_products))
}

/// Sets the stock of variants; an unknown product or variant refuses the whole batch.
#[utoipa::path(put, path = "/stores/inventory", tag = "catalog", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = StockChanges,
    responses((status = 200, body = Changed), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn put_stock(
    State(state): State<AppState>,
    access: StoreAccess<Inventory>,
    Json(input): Json<StockChanges>,
) -> Result<Json<Changed>, ApiError> {
    let problems = rules::stock_problems(&input.changes);
    if !problems.is_empty() {
        return Err(ApiError::Invalid(problems));
    }
    let mut tx = crate::db::begin_write(&state.db).await?;
    let mut by_product: Vec<(&str, Vec<(&str, i64)>)> = Vec::new();
    for change in &input.changes {
        match by_product
            .iter_mut()
            .find(|(id, _)| *id == change.product_id)
        {
            Some((_, list)) => list.push((&change.variant_id, change.stock)),
            None => by_product.push((&change.product_id, vec![(&change.variant_id, change.stock)])),
        }
    }
    let now = now_ms();
    for (product_id, changes) in &by_product {
        let Some(mut row) = inventory::priced(&mut tx, &access.store_id, product_id).await? else {
            return Err(ApiError::Invalid(vec![format!(
                "There is no product {product_id} in the store."
            )]));
        };
        for (variant_id, stock) in changes {
            let Some(variant) = row.variants.iter_mut().find(|v| v.id == *variant_id) else {
                return Err(ApiError::Invalid(vec![format!(
                    "The product has no variant {variant_id}."
                )]));
            };
            variant.stock = *stock;
        }
        inventory::set_variants(&mut tx, &access.store_id, product_id, &row.variants, now).await?;
    }
    tx.commit().await?;
    Ok(Json(Changed {
        changed: u32::try_from(input.changes.len()).unwrap_or(u32::MAX),
    }))
}

/// Saves the bulk editor's rows: title, price, compare-at price and status per product.
#[utoipa::path(put, path = "/stores/products/bulk", tag = "catalog", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = ProductPatches,
    responses((status = 200, body = Changed), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn put_products(
    State(state): State<AppState>,
    access: StoreAccess<BulkEdit>,
    Json(input): Json<ProductPatches>,
) -> Result<Json<Changed>, ApiError> {
    let mut tx = crate::db::begin_write(&state.db).await?;
    let currency =
        currency_or_default(&crate::db::store_currency(&mut *tx, &access.store_id).await?);
    let problems = rules::patch_problems(&input.products, currency);
    if !problems.is_empty() {
        return Err(ApiError::Invalid(problems));
    }
    let now = now_ms();
    for patch in &input.products {
        let Some(row) = inventory::priced(&mut tx, &access.store_id, &patch.id).await? else {
            return Err(ApiError::Invalid(vec![format!(
                "There is no product {} in the store.",
                patch.id
            )]));
        };
        // Checked above; the conversions cannot fail here.
        let title = patch
            .title
            .as_deref()
            .map(|t| check_title("A product's title", t))
            .transpose()
            .map_err(|m| ApiError::Invalid(vec![m]))?;
        let price = patch
            .price
            .map(|p| money_to_minor("The price", p, currency))
            .transpose()
            .map_err(|m| ApiError::Invalid(vec![m]))?
            .unwrap_or(row.price_minor);
        let compare_at = match patch.compare_at_price {
            Some(p) => Some(
                money_to_minor("The compare-at price", p, currency)
                    .map_err(|m| ApiError::Invalid(vec![m]))?,
            ),
            None => row.compare_at_minor,
        };
        let write = inventory::Patch {
            title: title.as_deref(),
            price_minor: price,
            compare_at_minor: compare_at,
            status: patch.status.as_deref(),
        };
        inventory::patch(&mut tx, &access.store_id, &patch.id, &write, now).await?;
    }
    tx.commit().await?;
    Ok(Json(Changed {
        changed: u32::try_from(input.products.len()).unwrap_or(u32::MAX),
    }))
}

/// Applies a bulk update (checked by the core) to the store's matching products, on the
/// caller's transaction; the number of products changed.
pub(crate) async fn bulk_update(
    conn: &mut AnyConnection,
    store_id: &str,
    update: &BulkUpdate,
) -> Result<u32, ApiError> {
    let (mut in_collection, mut with_tag) = (String::new(), String::new());
    if let Some(id) = update.collection_id.as_deref().filter(|id| !id.is_empty()) {
        let (kind, tag) = inventory::collection_rule(conn, store_id, id)
            .await?
            .ok_or(ApiError::NotFound)?;
        match (kind.as_str(), tag) {
            ("manual", _) => in_collection = id.to_owned(),
            (_, Some(tag)) => with_tag = tag_pattern(&tag),
            _ => return Ok(0),
        }
    }
    let ids = inventory::product_ids(conn, store_id, &in_collection, &with_tag).await?;
    let currency = currency_or_default(&crate::db::store_currency(&mut *conn, store_id).await?);
    let now = now_ms();
    for id in &ids {
        let Some(mut row) = inventory::priced(conn, store_id, id).await? else {
            continue;
        };
        let minor = |amount| core_wasm::money::stored_minor(amount, currency);
        let major = |minor| core_wasm::money::stored(minor, currency);
        match update.field.as_str() {
            "status" => {
                let status = update.status.as_deref().unwrap_or("active");
                inventory::set_status(conn, store_id, id, status, now).await?;
                continue;
            }
            "price" => {
                row.price_minor = rules::bulk_price(update, row.price_minor, currency);
                for variant in &mut row.variants {
                    variant.price =
                        major(rules::bulk_price(update, minor(variant.price), currency));
                }
            }
            _ => {
                row.compare_at_minor = Some(rules::bulk_price(
                    update,
                    row.compare_at_minor.unwrap_or(row.price_minor),
                    currency,
                ));
                for variant in &mut row.variants {
                    let current = minor(variant.compare_at_price.unwrap_or(variant.price));
                    variant.compare_at_price =
                        Some(major(rules::bulk_price(update, current, currency)));
                }
            }
        }
        inventory::set_prices(conn, store_id, id, &row, now).await?;
    }
    Ok(u32::try_from(ids.len()).unwrap_or(u32::MAX))
}
