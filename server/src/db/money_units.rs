//! Amounts in the minor units of their currency (`core_wasm::money`): a store's amounts moved
//! when its currency's decimals change (Preferences, before its first real order) and the
//! one-time move of the stores that were kept in hundredths before amounts followed their
//! currency (migration 0036).

use core_wasm::formats::{Currency, currency_or_default};
use core_wasm::money::rounded_to;
use serde_json::Value;
use shared_types::Money;
use sqlx::{AnyConnection, AnyPool};

use super::orders::StoredLine;

/// The integer columns of a store's amounts, by table, with the rows of each that are money
/// (a percent discount's value is hundredths of a percent, not money).
const COLUMNS: &[(&str, &[&str], &str)] = &[
    ("products", &["price_minor", "compare_at_minor"], ""),
    ("discounts", &["value"], " AND value_type = 'amount'"),
    ("discounts", &["min_subtotal_minor"], ""),
    ("payout_configs", &["minimum_minor"], ""),
    ("payout_requests", &["amount_minor"], ""),
    ("product_costs", &["unit_cost_minor"], ""),
    ("analytics_hourly", &["sales_minor", "test_sales_minor"], ""),
    (
        "orders",
        &[
            "subtotal_minor",
            "shipping_minor",
            "discount_minor",
            "grand_total_minor",
            "refunded_minor",
            "tax_minor",
            "shipping_tax_minor",
        ],
        "",
    ),
    (
        "order_refunds",
        &[
            "shipping_minor",
            "amount_minor",
            "tax_minor",
            "shipping_tax_minor",
        ],
        "",
    ),
    ("checkout_drafts", &["subtotal_minor"], ""),
];

/// SQL for `column` moved from `from` to `to` decimals, as `core_wasm::money::rescaled` moves
/// one amount: multiplied when `to` has more, else divided and rounded half away from zero in
/// integers (no float on money; NULL stays NULL).
fn moved(column: &str, from: u32, to: u32) -> String {
    if to >= from {
        format!("{column} * {}", 10_i64.pow(to - from))
    } else {
        let divisor = 10_i64.pow(from - to);
        let half = divisor / 2;
        format!(
            "CASE WHEN {column} >= 0 THEN ({column} + {half}) / {divisor} \
             ELSE -((-{column} + {half}) / {divisor}) END"
        )
    }
}

/// Moves every amount of the store from `from`'s minor units to `to`'s and names `to` on its
/// orders and abandoned checkouts (in the caller's transaction). The caller moves the store's
/// analytics version on, so no cached Overview keeps the old units.
pub async fn move_store(
    conn: &mut AnyConnection,
    store_id: &str,
    from: Currency,
    to: Currency,
) -> Result<(), sqlx::Error> {
    let (from_digits, to_digits) = (from.digits, to.digits);
    if from_digits != to_digits {
        for (table, columns, rows) in COLUMNS {
            let sets: Vec<String> = columns
                .iter()
                .map(|c| format!("{c} = {}", moved(c, from_digits, to_digits)))
                .collect();
            let sql = format!(
                "UPDATE {table} SET {} WHERE store_id = $1{rows}",
                sets.join(", ")
            );
            sqlx::query(sqlx::AssertSqlSafe(sql))
                .bind(store_id)
                .execute(&mut *conn)
                .await?;
        }
        for table in ["orders", "checkout_drafts"] {
            move_lines(conn, table, store_id, from_digits, to_digits).await?;
        }
        move_amounts_in_json(conn, store_id, to).await?;
    }
    for table in ["orders", "checkout_drafts"] {
        let sql = format!("UPDATE {table} SET currency = $2 WHERE store_id = $1");
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(store_id)
            .bind(to.code)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// The lines' prices (`priceMinor` in the JSON of `line_items`) of the store's rows of `table`
/// moved from `from` to `to` decimals. Lines that do not read are left as they are.
async fn move_lines(
    conn: &mut AnyConnection,
    table: &str,
    store_id: &str,
    from: u32,
    to: u32,
) -> Result<(), sqlx::Error> {
    let sql = format!("SELECT id, line_items FROM {table} WHERE store_id = $1");
    let rows: Vec<(String, String)> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .fetch_all(&mut *conn)
        .await?;
    let update = format!("UPDATE {table} SET line_items = $1 WHERE id = $2");
    for (id, column) in rows {
        let Ok(mut lines) = serde_json::from_str::<Vec<StoredLine>>(&column) else {
            continue;
        };
        for line in &mut lines {
            line.price_minor = core_wasm::money::rescaled(line.price_minor, from, to);
            line.tax_minor = core_wasm::money::rescaled(line.tax_minor, from, to);
        }
        let Ok(json) = serde_json::to_string(&lines) else {
            continue;
        };
        sqlx::query(sqlx::AssertSqlSafe(update.clone()))
            .bind(json)
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// The amounts the store keeps as JSON numbers in major units (its variants' prices and its
/// shipping settings) rounded to `to`'s decimals, as its columns are: a variant of $19.99 is ¥20
/// beside its product's ¥20, and the form does not refuse what the merchant never typed.
async fn move_amounts_in_json(
    conn: &mut AnyConnection,
    store_id: &str,
    to: Currency,
) -> Result<(), sqlx::Error> {
    let places = [
        (
            "SELECT id, variants FROM products WHERE store_id = $1",
            "UPDATE products SET variants = $1 WHERE id = $2 AND store_id = $3",
            &["price", "compareAtPrice"][..],
        ),
        (
            "SELECT name, data FROM store_settings WHERE store_id = $1 AND name = 'shipping'",
            "UPDATE store_settings SET data = $1 WHERE name = $2 AND store_id = $3",
            &[
                "rate",
                "freeShippingOver",
                "price",
                "minSubtotal",
                "maxSubtotal",
            ][..],
        ),
    ];
    for (select, update, keys) in places {
        let rows: Vec<(String, String)> = sqlx::query_as(select)
            .bind(store_id)
            .fetch_all(&mut *conn)
            .await?;
        for (id, column) in rows {
            let Ok(mut value) = serde_json::from_str::<Value>(&column) else {
                continue;
            };
            round_amounts(&mut value, keys, to);
            sqlx::query(update)
                .bind(value.to_string())
                .bind(id)
                .bind(store_id)
                .execute(&mut *conn)
                .await?;
        }
    }
    Ok(())
}

/// The amounts under `keys` of an object, or of the objects nested in it at any depth (a
/// zone's rates), rounded to the currency's decimals; other values are left as they are.
fn round_amounts(value: &mut Value, keys: &[&str], to: Currency) {
    match value {
        Value::Array(items) => items.iter_mut().for_each(|v| round_amounts(v, keys, to)),
        Value::Object(fields) => {
            for (key, field) in fields.iter_mut() {
                if !keys.contains(&key.as_str()) {
                    round_amounts(field, keys, to);
                } else if let Ok(amount) = serde_json::from_value::<Money>(field.clone())
                    && let Ok(rounded) = serde_json::to_value(rounded_to(amount, to))
                {
                    *field = rounded;
                }
            }
        }
        _ => {}
    }
}

/// Finishes the moves migration 0036 listed: each store in a transaction of its own that first
/// takes its row, so of several processes starting at once exactly one moves each store.
pub async fn finish_moves(pool: &AnyPool) -> Result<(), sqlx::Error> {
    let waiting: Vec<(String, i64, i64)> =
        sqlx::query_as("SELECT store_id, from_digits, to_digits FROM money_unit_moves")
            .fetch_all(pool)
            .await?;
    for (store_id, from, to) in waiting {
        let mut tx = super::begin_write(pool).await?;
        let taken = sqlx::query("DELETE FROM money_unit_moves WHERE store_id = $1")
            .bind(&store_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if taken == 1 {
            let code = super::store_currency(&mut *tx, &store_id).await?;
            let to_currency = currency_or_default(&code);
            let digits = |d: i64| u32::try_from(d).unwrap_or(2);
            let from_currency = Currency {
                digits: digits(from),
                ..to_currency
            };
            let to_currency = Currency {
                digits: digits(to),
                ..to_currency
            };
            move_store(&mut tx, &store_id, from_currency, to_currency).await?;
            super::rollups::touch(&mut tx, [store_id.as_str()]).await?;
        }
        tx.commit().await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sql_moves_amounts_as_the_core_does() {
        assert_eq!(moved("x", 2, 3), "x * 10");
        assert!(moved("x", 2, 0).contains("(x + 50) / 100"));
        let mut variants =
            serde_json::json!([{"price": 19.99, "compareAtPrice": null, "sku": "A"}]);
        round_amounts(
            &mut variants,
            &["price", "compareAtPrice"],
            currency_or_default("JPY"),
        );
        assert_eq!(
            variants,
            serde_json::json!([{"price": 20, "compareAtPrice": null, "sku": "A"}])
        );
    }
}
