//! The store's discounts as the core applies them to a cart.

use core_wasm::commerce::DiscountRule;
use sqlx::AnyPool;

use crate::error::ApiError;

type RuleRow = (
    String,
    String,
    String,
    String,
    i64,
    Option<i64>,
    Option<i64>,
    i64,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    i64,
    Option<i64>,
);

/// Every discount of the store with its use so far, and `email`'s use of each (0 without an
/// e-mail). Inactive ones too: the core says why a typed code does not apply.
pub async fn rules(
    db: &AnyPool,
    store_id: &str,
    email: Option<&str>,
) -> Result<Vec<DiscountRule>, ApiError> {
    let rows: Vec<RuleRow> = sqlx::query_as(
        "SELECT d.id, d.method, d.code, d.value_type, d.value, d.starts_at, d.ends_at, d.is_active, \
         d.min_subtotal_minor, d.usage_limit, d.per_customer_limit, d.used, \
         (SELECT u.used FROM discount_customer_uses u WHERE u.discount_id = d.id AND u.email = $2) \
         FROM discounts d WHERE d.store_id = $1 ORDER BY d.created_at, d.id",
    )
    .bind(store_id)
    .bind(email.unwrap_or(""))
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(
            |(
                id,
                method,
                code,
                value_type,
                value,
                starts_at,
                ends_at,
                active,
                min_subtotal_minor,
                usage_limit,
                per_customer_limit,
                used,
                used_by_customer,
            )| DiscountRule {
                id,
                method,
                code,
                value_type,
                value,
                starts_at,
                ends_at,
                is_active: active == 1,
                min_subtotal_minor,
                usage_limit,
                per_customer_limit,
                used,
                used_by_customer: used_by_customer.unwrap_or(0),
            },
        )
        .collect())
}
