//! The store's discounts: as the core applies them to a cart, and the admin's list, reads and
//! writes of them once the core has checked them.

use core_wasm::catalog::{CheckedDiscount, Paging};
use core_wasm::commerce::DiscountRule;
use core_wasm::money::stored;
use shared_types::catalog::{Discount, DiscountInput};
use sqlx::AnyPool;

use crate::db::listing::{Changes, Search, Table, Target};
use crate::db::now_ms;
use crate::error::ApiError;

/// A discount as the core applies it: the discount and the use of the e-mail `$2` (none
/// without one), as `RULES` reads it.
#[derive(Debug, sqlx::FromRow)]
struct RuleRow {
    #[sqlx(flatten)]
    discount: DiscountRow,
    used_by_customer: Option<i64>,
}

/// The columns of a discount.
macro_rules! discount_columns {
    () => {
        "id, method, code, value_type, value, starts_at, ends_at, is_active, created_at, \
         updated_at, min_subtotal_minor, usage_limit, per_customer_limit, used"
    };
}

const RULES: Table<RuleRow, DiscountRule> = Table {
    columns: concat!(
        discount_columns!(),
        ", (SELECT u.used FROM discount_customer_uses u WHERE u.discount_id = d.id AND u.email = $2) \
         AS used_by_customer, ",
        super::currency_column!("d.store_id")
    ),
    from: "discounts d",
    show: rule,
};

fn rule(
    RuleRow {
        discount,
        used_by_customer,
    }: RuleRow,
) -> DiscountRule {
    DiscountRule {
        is_active: discount.is_active == 1,
        used_by_customer: used_by_customer.unwrap_or(0),
        id: discount.id,
        method: discount.method,
        code: discount.code,
        value_type: discount.value_type,
        value: discount.value,
        starts_at: discount.starts_at,
        ends_at: discount.ends_at,
        min_subtotal_minor: discount.min_subtotal_minor,
        usage_limit: discount.usage_limit,
        per_customer_limit: discount.per_customer_limit,
        used: discount.used,
    }
}

/// Every discount of the store with its use so far, and `email`'s use of each (0 without an
/// e-mail). Inactive ones too: the core says why a typed code does not apply.
pub async fn rules(
    db: &AnyPool,
    store_id: &str,
    email: Option<&str>,
) -> Result<Vec<DiscountRule>, ApiError> {
    let binds = [store_id.into(), email.unwrap_or("").into()];
    Ok(RULES
        .select("store_id = $1", &binds)
        .order_by("created_at, id")
        .all(db)
        .await?)
}

/// A discount as `DISCOUNTS` reads it.
#[derive(Debug, sqlx::FromRow)]
struct DiscountRow {
    id: String,
    method: String,
    code: String,
    value_type: String,
    value: i64,
    starts_at: Option<i64>,
    ends_at: Option<i64>,
    is_active: i64,
    created_at: i64,
    updated_at: i64,
    min_subtotal_minor: Option<i64>,
    usage_limit: Option<i64>,
    per_customer_limit: Option<i64>,
    used: i64,
    currency: String,
}

const DISCOUNTS: Table<DiscountRow, Discount> = Table {
    columns: concat!(
        discount_columns!(),
        ", ",
        super::currency_column!("discounts.store_id")
    ),
    from: "discounts",
    show: discount,
};

/// The list's filter: the store, words in the code (`$2`, lower-case) and the method (`$4`).
const LIST_FILTER: &str =
    "store_id = $1 AND ($2 = '' OR LOWER(code) LIKE $3 ESCAPE '!') AND ($4 = '' OR method = $4)";

fn discount(row: DiscountRow) -> Discount {
    let currency = core_wasm::formats::currency_or_default(&row.currency);
    // A percent is kept in hundredths of a percent, an amount in the currency's minor units.
    let value = if row.value_type == "percent" {
        shared_types::Money::from_minor(row.value, 2)
    } else {
        stored(row.value, currency)
    };
    Discount {
        id: row.id,
        method: row.method,
        code: row.code,
        value_type: row.value_type,
        value,
        starts_at: row.starts_at,
        ends_at: row.ends_at,
        is_active: row.is_active == 1,
        created_at: row.created_at,
        updated_at: row.updated_at,
        min_subtotal: row.min_subtotal_minor.map(|m| stored(m, currency)),
        usage_limit: row.usage_limit,
        per_customer_limit: row.per_customer_limit,
        used: row.used,
    }
}

/// Discount `id` of the store, if any.
pub async fn by_id(
    db: &AnyPool,
    store_id: &str,
    id: &str,
) -> Result<Option<Discount>, sqlx::Error> {
    DISCOUNTS.by_id(db, store_id, id).await
}

/// One page of the store's discounts, newest first, whose code holds `search` and whose method
/// is `method` (any when empty), and how many match in all.
pub async fn list(
    db: &AnyPool,
    store_id: &str,
    search: &str,
    method: &str,
    paging: Paging,
) -> Result<(Vec<Discount>, i64), sqlx::Error> {
    let search = Search::new(search);
    let binds = [
        store_id.into(),
        search.words(),
        search.pattern(),
        method.into(),
    ];
    DISCOUNTS
        .select(LIST_FILTER, &binds)
        .order_by("created_at DESC, id DESC")
        .page(db, paging)
        .await
}

/// 409 when another discount of the store (not `except`) has the method and code.
async fn check_code_free(
    db: &AnyPool,
    store_id: &str,
    checked: &CheckedDiscount,
    except: &str,
) -> Result<(), ApiError> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT id FROM discounts WHERE store_id = $1 AND method = $2 AND code = $3 AND id <> $4",
    )
    .bind(store_id)
    .bind(&checked.method)
    .bind(&checked.code)
    .bind(except)
    .fetch_optional(db)
    .await?;
    match row {
        Some(_) => Err(ApiError::Conflict(format!(
            "The discount {} already exists.",
            checked.code
        ))),
        None => Ok(()),
    }
}

/// Writes the `target` discount from the core's `checked` values and the rest of `input`; 409
/// when another discount of the store has its method and code.
pub async fn save(
    db: &AnyPool,
    store_id: &str,
    target: Target<'_>,
    input: &DiscountInput,
    checked: &CheckedDiscount,
) -> Result<(), ApiError> {
    check_code_free(db, store_id, checked, target.other_than()).await?;
    Changes::new("discounts", now_ms())
        .set("method", &checked.method)
        .set("code", &checked.code)
        .set("value_type", &input.value_type)
        .set("value", checked.value)
        .set("starts_at", input.starts_at)
        .set("ends_at", input.ends_at)
        .set("is_active", input.is_active.unwrap_or(true))
        .set("min_subtotal_minor", checked.min_subtotal_minor)
        .set("usage_limit", checked.usage_limit)
        .set("per_customer_limit", checked.per_customer_limit)
        .save(db, store_id, target)
        .await?;
    Ok(())
}
