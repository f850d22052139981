//! The reports' rows: paid orders of a range, the merchant's unit costs, the sessions' landing
//! pages for UTM attribution, and the shared tracking pixels. Every figure is made from these
//! by the core's `reports` module.

use core_wasm::reports::{OrderLine, PaidOrder, ReportRefund, UnitCosts};
use shared_types::reports::{PixelIds, PixelStore};
use sqlx::AnyPool;

use crate::db::now_ms;
use crate::db::orders::stored_lines;
use crate::db::placeholders;

/// An order as `ORDER_COLUMNS` reads it.
#[derive(Debug, sqlx::FromRow)]
struct OrderRow {
    id: String,
    captured_at: i64,
    subtotal_minor: i64,
    shipping_minor: i64,
    discount_minor: i64,
    grand_total_minor: i64,
    country: Option<String>,
    payment_name: Option<String>,
    line_items: String,
    tax_minor: i64,
    shipping_tax_minor: i64,
    taxes_included: i64,
}

/// A refund with its order.
#[derive(Debug, sqlx::FromRow)]
struct RefundRow {
    refund_at: i64,
    refund_amount: i64,
    refund_shipping: i64,
    refund_tax: i64,
    refund_shipping_tax: i64,
    #[sqlx(flatten)]
    order: OrderRow,
}

/// Binds `stores` as `$1..$n`, then `start` and `end`.
fn bind_range<'q, O>(
    mut query: sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments>,
    stores: &'q [String],
    start: i64,
    end: i64,
) -> sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments> {
    for store in stores {
        query = query.bind(store.as_str());
    }
    query.bind(start).bind(end)
}

/// The columns of an order as the reports read it, `o` being the order.
const ORDER_COLUMNS: &str = "o.id, o.captured_at, o.subtotal_minor, o.shipping_minor, o.discount_minor, \
     o.grand_total_minor, o.country, o.payment_name, o.line_items, o.tax_minor, o.shipping_tax_minor, \
     o.taxes_included";

fn paid_order(row: OrderRow) -> PaidOrder {
    PaidOrder {
        id: row.id,
        captured_at: row.captured_at,
        subtotal_minor: row.subtotal_minor,
        shipping_minor: row.shipping_minor,
        discount_minor: row.discount_minor,
        grand_total_minor: row.grand_total_minor,
        country: row.country.unwrap_or_default(),
        payment: row.payment_name.unwrap_or_default(),
        lines: stored_lines(&row.line_items)
            .into_iter()
            .map(|l| OrderLine {
                product_id: l.product_id.unwrap_or_default(),
                variant_id: l.variant_id.unwrap_or_default(),
                title: l.title,
                quantity: l.quantity,
                price_minor: l.price_minor,
                tax_minor: l.tax_minor,
            })
            .collect(),
        tax_minor: row.tax_minor,
        shipping_tax_minor: row.shipping_tax_minor,
        taxes_included: row.taxes_included == 1,
    }
}

/// The orders of `stores` captured in `[start, end)` whose payment is in `statuses` (an SQL
/// list of literals), oldest first (test orders took no money: not these).
async fn captured_orders(
    db: &AnyPool,
    stores: &[String],
    start: i64,
    end: i64,
    statuses: &str,
) -> Result<Vec<PaidOrder>, sqlx::Error> {
    let n = stores.len();
    let sql = format!(
        "SELECT {ORDER_COLUMNS} FROM orders o WHERE o.store_id IN {} \
         AND o.financial_status IN {statuses} AND o.is_test = 0 AND o.captured_at >= ${} AND o.captured_at < ${} \
         ORDER BY o.captured_at",
        placeholders(1, n),
        n + 1,
        n + 2
    );
    let rows: Vec<OrderRow> =
        bind_range(sqlx::query_as(sqlx::AssertSqlSafe(sql)), stores, start, end)
            .fetch_all(db)
            .await?;
    Ok(rows.into_iter().map(paid_order).collect())
}

/// The paid orders of `stores` captured in `[start, end)`, oldest first (test orders took no
/// money: not these).
pub async fn paid_orders(
    db: &AnyPool,
    stores: &[String],
    start: i64,
    end: i64,
) -> Result<Vec<PaidOrder>, sqlx::Error> {
    captured_orders(db, stores, start, end, "('paid')").await
}

/// Every sale of `stores` captured in `[start, end)`, refunded since or not (the sales report
/// takes refunds off on their own day, as the Overview does), oldest first.
pub async fn sold_orders(
    db: &AnyPool,
    stores: &[String],
    start: i64,
    end: i64,
) -> Result<Vec<PaidOrder>, sqlx::Error> {
    captured_orders(
        db,
        stores,
        start,
        end,
        "('paid', 'partially_refunded', 'refunded')",
    )
    .await
}

/// The refunds `stores` gave in `[start, end)` on real orders, oldest first, each with its order.
pub async fn refunds(
    db: &AnyPool,
    stores: &[String],
    start: i64,
    end: i64,
) -> Result<Vec<ReportRefund>, sqlx::Error> {
    let n = stores.len();
    let sql = format!(
        "SELECT r.created_at AS refund_at, r.amount_minor AS refund_amount, r.shipping_minor AS refund_shipping, \
         r.tax_minor AS refund_tax, r.shipping_tax_minor AS refund_shipping_tax, {ORDER_COLUMNS} \
         FROM order_refunds r JOIN orders o ON o.id = r.order_id \
         WHERE r.store_id IN {} AND r.is_test = 0 AND r.created_at >= ${} AND r.created_at < ${} \
         ORDER BY r.created_at, r.id",
        placeholders(1, n),
        n + 1,
        n + 2
    );
    let rows: Vec<RefundRow> =
        bind_range(sqlx::query_as(sqlx::AssertSqlSafe(sql)), stores, start, end)
            .fetch_all(db)
            .await?;
    Ok(rows
        .into_iter()
        .map(|row| ReportRefund {
            at: row.refund_at,
            amount_minor: row.refund_amount,
            shipping_minor: row.refund_shipping,
            tax_minor: row.refund_tax,
            shipping_tax_minor: row.refund_shipping_tax,
            order: paid_order(row.order),
        })
        .collect())
}

/// The unit costs the merchants of `stores` entered, by product and variant.
pub async fn unit_costs(db: &AnyPool, stores: &[String]) -> Result<UnitCosts, sqlx::Error> {
    let sql = format!(
        "SELECT product_id, variant_id, unit_cost_minor FROM product_costs WHERE store_id IN {}",
        placeholders(1, stores.len())
    );
    let mut query = sqlx::query_as::<_, (String, String, i64)>(sqlx::AssertSqlSafe(sql));
    for store in stores {
        query = query.bind(store.as_str());
    }
    Ok(query
        .fetch_all(db)
        .await?
        .into_iter()
        .map(|(product, variant, cost)| ((product, variant), cost))
        .collect())
}

/// A product as the costs screen reads it: id, title, variants (JSON) and price in minor
/// units.
pub type CostProduct = (String, String, String, i64);

/// The store's products that are not archived, by title.
pub async fn cost_products(db: &AnyPool, store_id: &str) -> Result<Vec<CostProduct>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, title, variants, price_minor FROM products WHERE store_id = $1 \
         AND status <> 'archived' ORDER BY title, id",
    )
    .bind(store_id)
    .fetch_all(db)
    .await
}

/// Product `id` of the store as the costs screen reads it, if any.
pub async fn cost_product(
    db: &AnyPool,
    store_id: &str,
    id: &str,
) -> Result<Option<CostProduct>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, title, variants, price_minor FROM products WHERE id = $1 AND store_id = $2",
    )
    .bind(id)
    .bind(store_id)
    .fetch_optional(db)
    .await
}

/// Sets the unit cost of a product (`variant_id` empty) or variant, or removes it with `None`.
pub async fn set_unit_cost(
    db: &AnyPool,
    store_id: &str,
    product_id: &str,
    variant_id: &str,
    cost_minor: Option<i64>,
) -> Result<(), sqlx::Error> {
    match cost_minor {
        Some(cost) => {
            sqlx::query(
                "INSERT INTO product_costs (store_id, product_id, variant_id, unit_cost_minor, updated_at) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (store_id, product_id, variant_id) \
                 DO UPDATE SET unit_cost_minor = excluded.unit_cost_minor, updated_at = excluded.updated_at",
            )
            .bind(store_id)
            .bind(product_id)
            .bind(variant_id)
            .bind(cost)
            .bind(now_ms())
            .execute(db)
            .await?;
        }
        None => {
            sqlx::query(
                "DELETE FROM product_costs WHERE store_id = $1 AND product_id = $2 AND variant_id = $3",
            )
            .bind(store_id)
            .bind(product_id)
            .bind(variant_id)
            .execute(db)
            .await?;
        }
    }
    Ok(())
}

/// The sessions of `stores` that started in `[start, end)`: the landing page of each whose
/// first page view carries a query string (the others have no UTM values), the first page of
/// each that completed a checkout, and how many sessions started in all.
#[allow(clippy::type_complexity)]
pub async fn utm_sessions(
    db: &AnyPool,
    stores: &[String],
    start: i64,
    end: i64,
) -> Result<(Vec<(String, String)>, Vec<(String, String)>, i64), sqlx::Error> {
    let n = stores.len();
    let in_stores = placeholders(1, n);
    let (from, to) = (format!("${}", n + 1), format!("${}", n + 2));
    let first_pages = |kind: i64, tagged_only: bool| {
        format!(
            "SELECT f.session_id, e.page FROM analytics_firsts f JOIN analytics_events e \
             ON e.store_id = f.store_id AND e.session_id = f.session_id AND e.kind = f.kind \
             AND e.occurred_at = f.occurred_at \
             WHERE f.store_id IN {in_stores} AND f.kind = {kind} AND f.occurred_at >= {from} \
             AND f.occurred_at < {to} {} ORDER BY f.occurred_at, f.session_id",
            if tagged_only {
                "AND e.page LIKE '%?%'"
            } else {
                ""
            }
        )
    };
    let landings: Vec<(String, String)> = bind_range(
        sqlx::query_as(sqlx::AssertSqlSafe(first_pages(1, true))),
        stores,
        start,
        end,
    )
    .fetch_all(db)
    .await?;
    let completions: Vec<(String, String)> = bind_range(
        sqlx::query_as(sqlx::AssertSqlSafe(first_pages(5, false))),
        stores,
        start,
        end,
    )
    .fetch_all(db)
    .await?;
    let sql = format!(
        "SELECT COUNT(*) FROM analytics_firsts WHERE store_id IN {in_stores} AND kind = 1 \
         AND occurred_at >= {from} AND occurred_at < {to}"
    );
    let (total,): (i64,) = bind_range(sqlx::query_as(sqlx::AssertSqlSafe(sql)), stores, start, end)
        .fetch_one(db)
        .await?;
    Ok((landings, completions, total))
}

fn pixel_store((store_id, name, subdomain): (String, String, String)) -> PixelStore {
    PixelStore {
        store_id,
        name,
        subdomain,
    }
}

/// The stores `user_id` owns other than `store_id`, by name.
pub async fn owned_stores(
    db: &AnyPool,
    user_id: &str,
    store_id: &str,
) -> Result<Vec<PixelStore>, sqlx::Error> {
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT id, name, subdomain FROM stores WHERE owner_id = $1 AND id <> $2 ORDER BY name, id",
    )
    .bind(user_id)
    .bind(store_id)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(pixel_store).collect())
}

/// The store's pixel ids and the stores they are shared with, by name.
pub async fn pixels(
    db: &AnyPool,
    store_id: &str,
) -> Result<(PixelIds, Vec<PixelStore>), sqlx::Error> {
    let row: Option<(Option<String>, Option<String>, Option<String>)> = sqlx::query_as(
        "SELECT facebook_pixel, tiktok_pixel, google_tag FROM store_pixels WHERE store_id = $1",
    )
    .bind(store_id)
    .fetch_optional(db)
    .await?;
    let (facebook, tiktok, google) = row.unwrap_or_default();
    let shared: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT s.id, s.name, s.subdomain FROM pixel_shares p JOIN stores s ON s.id = p.shared_with \
         WHERE p.store_id = $1 ORDER BY s.name, s.id",
    )
    .bind(store_id)
    .fetch_all(db)
    .await?;
    Ok((
        PixelIds {
            facebook,
            tiktok,
            google,
        },
        shared.into_iter().map(pixel_store).collect(),
    ))
}

/// Sets the store's pixel ids (checked by the core).
pub async fn save_pixels(db: &AnyPool, store_id: &str, ids: PixelIds) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO store_pixels (store_id, facebook_pixel, tiktok_pixel, google_tag, updated_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (store_id) DO UPDATE SET \
         facebook_pixel = excluded.facebook_pixel, tiktok_pixel = excluded.tiktok_pixel, \
         google_tag = excluded.google_tag, updated_at = excluded.updated_at",
    )
    .bind(store_id)
    .bind(ids.facebook)
    .bind(ids.tiktok)
    .bind(ids.google)
    .bind(now_ms())
    .execute(db)
    .await?;
    Ok(())
}

/// Shares the store's pixels with `target` (nothing changes when they are shared already).
pub async fn share_pixels(db: &AnyPool, store_id: &str, target: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO pixel_shares (store_id, shared_with, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (store_id, shared_with) DO NOTHING",
    )
    .bind(store_id)
    .bind(target)
    .bind(now_ms())
    .execute(db)
    .await?;
    Ok(())
}

/// Stops sharing the store's pixels with `target`; whether they were shared.
pub async fn unshare_pixels(
    db: &AnyPool,
    store_id: &str,
    target: &str,
) -> Result<bool, sqlx::Error> {
    let removed = sqlx::query("DELETE FROM pixel_shares WHERE store_id = $1 AND shared_with = $2")
        .bind(store_id)
        .bind(target)
        .execute(db)
        .await?;
    Ok(removed.rows_affected() > 0)
}
