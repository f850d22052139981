//! A cart priced from the database: the shopper's lines (as the browser keeps them) merged,
//! checked against the core's cart limits, and priced at the store's current prices and stock.
//! A personalized product's values are checked against its set-up by the core
//! (`core_wasm::personalize::check_values`); the same product and variant with other values is
//! another line. The cart page, the checkout drafts and the checkout all price a cart here.

use axum::http::StatusCode;
use core_wasm::formats::Currency;
use core_wasm::limits::CART_QUANTITY_MAX;
use core_wasm::money::stored_minor;
use core_wasm::personalize::{Filled, check_values};
use core_wasm::storefront::Line;
use serde_json::{Value, json};

use crate::db::catalog::product_where;
use crate::error::ApiError;
use crate::state::AppState;

pub use crate::services::checkout::ItemInput;

/// A priced line as the browser keeps it again (the cart page writes these back).
pub fn browser_line(line: &Line) -> Value {
    let mut out = json!({"productId": line.product_id, "variantId": line.variant_id, "quantity": line.quantity});
    if !line.personalization.is_empty() {
        out["personalization"] = json!(
            line.personalization
                .iter()
                .map(Filled::entry)
                .collect::<Vec<_>>()
        );
    }
    out
}

/// Prices the lines from the database in `currency`, the store's. `strict` (the checkout) refuses the whole cart on the
/// first problem (400 for personalization values its set-up refuses); otherwise (the cart
/// page) a line that cannot be bought is dropped or reduced and the problem is reported.
pub async fn price_lines(
    state: &AppState,
    store_id: &str,
    items: &[ItemInput],
    strict: bool,
    currency: Currency,
) -> Result<(Vec<Line>, Vec<String>), ApiError> {
    let mut merged: Vec<ItemInput> = Vec::new();
    for item in items {
        if item.product_id.trim().is_empty()
            || item.product_id.len() > core_wasm::commerce::checkout::ID_MAX
        {
            return Err(ApiError::Invalid(vec![
                "Each line needs a product id.".to_owned(),
            ]));
        }
        if let Some(problem) = core_wasm::personalize::entries_problem(&item.personalization) {
            return Err(ApiError::Invalid(vec![problem]));
        }
        if strict && !(1..=CART_QUANTITY_MAX).contains(&item.quantity) {
            return Err(ApiError::Invalid(vec![format!(
                "A quantity is from 1 to {CART_QUANTITY_MAX}."
            )]));
        }
        // Ids are compared trimmed, so one product under ids with spaces around is one line
        // and its quantity meets the per-line cap.
        let item = ItemInput {
            product_id: item.product_id.trim().to_owned(),
            variant_id: item
                .variant_id
                .as_deref()
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(str::to_owned),
            quantity: item.quantity,
            personalization: item.personalization.clone(),
        };
        match merged.iter_mut().find(|m| {
            m.product_id == item.product_id
                && m.variant_id == item.variant_id
                && m.personalization == item.personalization
        }) {
            Some(m) => m.quantity = m.quantity.saturating_add(item.quantity),
            None => merged.push(item),
        }
    }
    // Each line names a real variant of its product, or none for a product without variants:
    // a made-up variant id is refused, not taken for the product. Lines are merged again by
    // what they resolve to, so the per-line cap holds per product and variant.
    let mut problems = Vec::new();
    type Resolved = (
        shared_types::catalog::Product,
        Option<usize>,
        Vec<Filled>,
        i64,
    );
    let mut resolved: Vec<Resolved> = Vec::new();
    for item in merged {
        let product = match product_where(&state.db, store_id, "id", item.product_id.trim()).await {
            Ok(p) if p.status == "active" => p,
            Ok(_) | Err(ApiError::NotFound) => {
                problems.push("A product in the cart is no longer available.".to_owned());
                continue;
            }
            Err(e) => return Err(e),
        };
        let variant = match item.variant_id.as_deref() {
            Some(id) => product.variants.iter().position(|v| v.id == id),
            None if product.variants.len() == 1 => Some(0),
            None => None,
        };
        let names_missing_variant = item.variant_id.is_some() && variant.is_none();
        if names_missing_variant || (!product.variants.is_empty() && variant.is_none()) {
            problems.push(format!("{}: choose an available option.", product.title));
            continue;
        }
        let layers = crate::db::personalize::layers_of(&state.db, store_id, &product.id).await?;
        let filled = match check_values(&product.title, layers.as_deref(), &item.personalization) {
            Ok(filled) => filled,
            Err(errors) if strict => return Err(ApiError::Invalid(errors)),
            Err(errors) => {
                problems.extend(errors);
                continue;
            }
        };
        match resolved
            .iter_mut()
            .find(|(p, v, f, _)| p.id == product.id && *v == variant && *f == filled)
        {
            Some((_, _, _, quantity)) => *quantity = quantity.saturating_add(item.quantity),
            None => resolved.push((product, variant, filled, item.quantity)),
        }
    }
    let mut lines = Vec::new();
    for (product, variant, personalization, asked) in resolved {
        let variant = variant.map(|at| &product.variants[at]);
        let quantity = asked.clamp(0, CART_QUANTITY_MAX);
        if strict && asked > CART_QUANTITY_MAX {
            problems.push(format!(
                "{}: at most {CART_QUANTITY_MAX} per order.",
                product.title
            ));
            continue;
        }
        let (price, stock, variant_id, variant_title) = match variant {
            Some(v) => (v.price, v.stock, v.id.clone(), v.title.clone()),
            None => (product.price, i64::MAX, String::new(), String::new()),
        };
        if stock <= 0 {
            problems.push(format!("{} is sold out.", product.title));
            continue;
        }
        let quantity = if quantity > stock {
            problems.push(format!("{}: only {stock} left.", product.title));
            if strict {
                continue;
            }
            stock
        } else {
            quantity
        };
        if quantity <= 0 {
            continue;
        }
        lines.push(Line {
            product_id: product.id.clone(),
            variant_id,
            title: product.title.clone(),
            variant_title,
            handle: product.handle.clone(),
            image: product
                .images
                .first()
                .map(|i| i.src.clone())
                .unwrap_or_default(),
            quantity,
            price_minor: stored_minor(price, currency),
            stock,
            weight_grams: product.weight_grams.unwrap_or(0),
            personalization,
        });
    }
    if strict && !problems.is_empty() {
        return Err(ApiError::Detailed {
            status: StatusCode::CONFLICT,
            messages: problems,
            details: serde_json::Map::new(),
        });
    }
    Ok((lines, problems))
}
