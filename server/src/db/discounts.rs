//! The store's discounts: as the core applies them to a cart, and the admin's list, reads and
//! writes of them once the core has checked them.

use core_wasm::catalog::{CheckedDiscount, Paging, minor_to_money};
use core_wasm::commerce::DiscountRule;
use shared_types::catalog::{Discount, DiscountInput};
use sqlx::AnyPool;

use crate::db::{contains_pattern, now_ms};
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

/// A discount as `DISCOUNT_COLUMNS` reads it.
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
}

const DISCOUNT_COLUMNS: &str = "id, method, code, value_type, value, starts_at, ends_at, is_active, \
    created_at, updated_at, min_subtotal_minor, usage_limit, per_customer_limit, used";

/// The list's filter: the store, words in the code (`$2`, lower-case) and the method (`$4`).
const LIST_FILTER: &str =
    "store_id = $1 AND ($2 = '' OR LOWER(code) LIKE $3 ESCAPE '!') AND ($4 = '' OR method = $4)";

fn discount(row: DiscountRow) -> Discount {
    Discount {
        id: row.id,
        method: row.method,
        code: row.code,
        value_type: row.value_type,
        value: minor_to_money(row.value),
        starts_at: row.starts_at,
        ends_at: row.ends_at,
        is_active: row.is_active == 1,
        created_at: row.created_at,
        updated_at: row.updated_at,
        min_subtotal: row.min_subtotal_minor.map(minor_to_money),
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
    let sql = format!("SELECT {DISCOUNT_COLUMNS} FROM discounts WHERE store_id = $1 AND id = $2");
    let row: Option<DiscountRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(id)
        .fetch_optional(db)
        .await?;
    Ok(row.map(discount))
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
    let search = search.trim().to_lowercase();
    let pattern = contains_pattern(&search);
    let sql = format!(
        "SELECT {DISCOUNT_COLUMNS} FROM discounts WHERE {LIST_FILTER} ORDER BY created_at DESC, id DESC LIMIT $5 OFFSET $6"
    );
    let rows: Vec<DiscountRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(&search)
        .bind(&pattern)
        .bind(method)
        .bind(i64::from(paging.limit))
        .bind(paging.offset)
        .fetch_all(db)
        .await?;
    let (total,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM discounts WHERE {LIST_FILTER}"
    )))
    .bind(store_id)
    .bind(&search)
    .bind(&pattern)
    .bind(method)
    .fetch_one(db)
    .await?;
    Ok((rows.into_iter().map(discount).collect(), total))
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

/// Writes a new discount `id` from the core's `checked` values and the rest of `input`.
pub async fn create(
    db: &AnyPool,
    store_id: &str,
    id: &str,
    input: &DiscountInput,
    checked: &CheckedDiscount,
) -> Result<(), ApiError> {
    check_code_free(db, store_id, checked, "").await?;
    sqlx::query(
        "INSERT INTO discounts (id, store_id, method, code, value_type, value, starts_at, ends_at, is_active, created_at, \
         updated_at, min_subtotal_minor, usage_limit, per_customer_limit) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12, $13)",
    )
    .bind(id)
    .bind(store_id)
    .bind(&checked.method)
    .bind(&checked.code)
    .bind(&input.value_type)
    .bind(checked.value)
    .bind(input.starts_at)
    .bind(input.ends_at)
    .bind(i64::from(input.is_active.unwrap_or(true)))
    .bind(now_ms())
    .bind(checked.min_subtotal_minor)
    .bind(checked.usage_limit)
    .bind(checked.per_customer_limit)
    .execute(db)
    .await?;
    Ok(())
}

/// Replaces discount `id` with the core's `checked` values and the rest of `input`.
pub async fn update(
    db: &AnyPool,
    store_id: &str,
    id: &str,
    input: &DiscountInput,
    checked: &CheckedDiscount,
) -> Result<(), ApiError> {
    check_code_free(db, store_id, checked, id).await?;
    sqlx::query(
        "UPDATE discounts SET method = $1, code = $2, value_type = $3, value = $4, starts_at = $5, ends_at = $6, \
         is_active = $7, updated_at = $8, min_subtotal_minor = $11, usage_limit = $12, per_customer_limit = $13 \
         WHERE id = $9 AND store_id = $10",
    )
    .bind(&checked.method)
    .bind(&checked.code)
    .bind(&input.value_type)
    .bind(checked.value)
    .bind(input.starts_at)
    .bind(input.ends_at)
    .bind(i64::from(input.is_active.unwrap_or(true)))
    .bind(now_ms())
    .bind(id)
    .bind(store_id)
    .bind(checked.min_subtotal_minor)
    .bind(checked.usage_limit)
    .bind(checked.per_customer_limit)
    .execute(db)
    .await?;
    Ok(())
}
