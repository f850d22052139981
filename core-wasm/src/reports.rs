//! Report rules of the analytics family (shell.md §2 names the screens, not their content; the
//! choices are in docs/decisions.md, "Reports"): sales grouped by day, product, country or
//! payment method; estimated profit with the merchant's unit costs and the payout balance's fee
//! rule; UTM attribution from landing pages; the UTM link builder; tracking pixel ids; CSV. Money
//! is in integer minor units until it leaves as a decimal number.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use serde::{Deserialize, Serialize};
use shared_types::reports::{
    PixelIds, ProfitProduct, ProfitRow, SalesGroup, SalesRow, UtmGroup, UtmLinkInput, UtmRow,
    UtmValues,
};

use crate::analytics::{conversion_rate, country_name};
use crate::payouts::{fees_minor, to_major};

/// The largest unit cost: 1,000,000.00.
pub const MAX_UNIT_COST_MINOR: i64 = 100_000_000;
/// The longest UTM value the link builder takes.
pub const MAX_UTM_VALUE: usize = 100;

/// Why a report input was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum ReportError {
    #[error("The unit cost must be a number from 0 to 1,000,000.00 with at most 2 decimals.")]
    UnitCost,
    #[error("A Facebook pixel id is 15 or 16 digits.")]
    FacebookPixel,
    #[error("A TikTok pixel code is 20 capital letters and digits.")]
    TiktokPixel,
    #[error(
        "A Google tag is G- followed by 6 to 12 capital letters or digits, or AW- followed by 9 to 11 digits."
    )]
    GoogleTag,
    #[error("The store address must start with https:// or http:// and contain no spaces.")]
    LinkBase,
    #[error("The page must be a path on the store that starts with / and contains no spaces.")]
    LinkPath,
    #[error("The campaign source is required (at most 100 characters).")]
    UtmSource,
    #[error("The campaign medium is required (at most 100 characters).")]
    UtmMedium,
    #[error("The campaign name is required (at most 100 characters).")]
    UtmCampaign,
    #[error("The campaign term and content are at most 100 characters each.")]
    UtmOptional,
}

impl ReportError {
    /// A stable machine code for the UI.
    pub fn code(&self) -> &'static str {
        match self {
            ReportError::UnitCost => "reports.unitCost",
            ReportError::FacebookPixel => "reports.facebookPixel",
            ReportError::TiktokPixel => "reports.tiktokPixel",
            ReportError::GoogleTag => "reports.googleTag",
            ReportError::LinkBase => "reports.linkBase",
            ReportError::LinkPath => "reports.linkPath",
            ReportError::UtmSource => "reports.utmSource",
            ReportError::UtmMedium => "reports.utmMedium",
            ReportError::UtmCampaign => "reports.utmCampaign",
            ReportError::UtmOptional => "reports.utmOptional",
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Orders and how their money is shared out.

/// A line item of a paid order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderLine {
    /// `""` when the line names no product.
    pub product_id: String,
    /// `""` when the line names no variant.
    pub variant_id: String,
    pub title: String,
    pub quantity: i64,
    pub price_minor: i64,
}

/// A paid order as the reports read it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PaidOrder {
    pub id: String,
    pub captured_at: i64,
    pub subtotal_minor: i64,
    pub shipping_minor: i64,
    pub discount_minor: i64,
    pub grand_total_minor: i64,
    /// `""` when unknown.
    pub country: String,
    /// `""` when unknown.
    pub payment: String,
    pub lines: Vec<OrderLine>,
}

/// A local day of a report: `YYYY-MM-DD` and the instant it starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReportDay {
    pub key: String,
    pub start_ms: i64,
}

/// The local days of a range, by the chart's bucket rule: the day buckets of a longer range,
/// the one day of a single-day range (whose chart buckets are 4-hour ones).
#[cfg(feature = "tz")]
pub fn report_days(
    range: &shared_types::DateRange,
) -> Result<Vec<ReportDay>, crate::analytics::AnalyticsError> {
    let buckets = crate::analytics::buckets(range)?;
    let starts: Vec<i64> = match buckets.size {
        shared_types::BucketSize::Day => buckets.starts.clone(),
        _ => buckets.starts.first().copied().into_iter().collect(),
    };
    let mut day = chrono::NaiveDate::parse_from_str(&range.from, "%Y-%m-%d")
        .map_err(|_| crate::analytics::AnalyticsError::InvalidDate(range.from.clone()))?;
    let mut days = Vec::with_capacity(starts.len());
    for start_ms in starts {
        days.push(ReportDay {
            key: day.to_string(),
            start_ms,
        });
        day = day.succ_opt().unwrap_or(day);
    }
    Ok(days)
}

/// The longest "last N days" preset.
pub const MAX_LAST_DAYS: u32 = 366;
/// A report's range when none is asked for: the last 30 days.
pub const DEFAULT_LAST_DAYS: u32 = 30;
/// The ranges the report screens offer, in days.
pub const LAST_DAYS_PRESETS: [u32; 4] = [1, 7, 30, 90];

/// The last `days` local days of the zone, today included (a report's preset range).
#[cfg(feature = "tz")]
pub fn last_days(
    days: u32,
    zone: &str,
    now_ms: i64,
) -> Result<shared_types::DateRange, crate::analytics::AnalyticsError> {
    let today = crate::analytics::today(zone, now_ms)?;
    let to = chrono::NaiveDate::parse_from_str(&today.to, "%Y-%m-%d")
        .map_err(|_| crate::analytics::AnalyticsError::InvalidDate(today.to.clone()))?;
    let from = to
        .checked_sub_days(chrono::Days::new(u64::from(
            days.clamp(1, MAX_LAST_DAYS) - 1,
        )))
        .unwrap_or(to);
    crate::analytics::range(&from.to_string(), &today.to, zone, now_ms)
}

/// The day an instant falls in (`end_ms` exclusive), or `None` outside the range.
pub fn day_of(days: &[ReportDay], end_ms: i64, instant_ms: i64) -> Option<usize> {
    let first = days.first()?;
    if instant_ms < first.start_ms || instant_ms >= end_ms {
        return None;
    }
    Some(days.partition_point(|day| day.start_ms <= instant_ms) - 1)
}

/// Shares `total` out in proportion to `weights` by largest remainder, so the shares always add
/// up to `total` exactly; equal shares when every weight is zero.
pub fn allocate(total: i64, weights: &[i64]) -> Vec<i64> {
    if weights.is_empty() {
        return Vec::new();
    }
    let clean: Vec<i128> = weights.iter().map(|w| i128::from((*w).max(0))).collect();
    let sum: i128 = clean.iter().sum();
    let clean = if sum == 0 {
        vec![1; weights.len()]
    } else {
        clean
    };
    let sum: i128 = clean.iter().sum();
    let total_wide = i128::from(total);
    let mut shares: Vec<i128> = clean
        .iter()
        .map(|w| (total_wide * w).div_euclid(sum))
        .collect();
    let mut left = total_wide - shares.iter().sum::<i128>();
    // The largest remainders get one unit more, the earliest first on a tie.
    let mut order: Vec<usize> = (0..clean.len()).collect();
    order.sort_by_key(|i| {
        (
            std::cmp::Reverse((total_wide * clean[*i]).rem_euclid(sum)),
            *i,
        )
    });
    for i in order {
        if left <= 0 {
            break;
        }
        shares[i] += 1;
        left -= 1;
    }
    shares
        .into_iter()
        .map(|share| i64::try_from(share).unwrap_or(0))
        .collect()
}

/// One product's part of an order: its units and its shares of the order's money.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderPart {
    pub product_id: String,
    pub variant_id: String,
    pub title: String,
    pub units: i64,
    pub gross_minor: i64,
    pub discount_minor: i64,
    pub shipping_minor: i64,
    /// The payment fee of the order (the payout balance's rule on its grand total), shared out
    /// by what each part sold for.
    pub fee_minor: i64,
}

impl OrderPart {
    /// What shoppers paid for the part: gross less discount plus shipping.
    pub fn sales_minor(&self) -> i64 {
        self.gross_minor - self.discount_minor + self.shipping_minor
    }
}

/// The parts of an order: one per line, the subtotal, discount and shipping shared out by line
/// value; a single part without a product when the order has no lines.
pub fn order_parts(order: &PaidOrder) -> Vec<OrderPart> {
    let lines: Vec<OrderLine> = if order.lines.is_empty() {
        vec![OrderLine::default()]
    } else {
        order.lines.clone()
    };
    let weights: Vec<i64> = lines
        .iter()
        .map(|l| l.quantity.max(0).saturating_mul(l.price_minor.max(0)))
        .collect();
    let gross = allocate(order.subtotal_minor, &weights);
    let discount = allocate(order.discount_minor, &weights);
    let shipping = allocate(order.shipping_minor, &weights);
    let sales: Vec<i64> = (0..lines.len())
        .map(|i| gross[i] - discount[i] + shipping[i])
        .collect();
    let fees = allocate(fees_minor(order.grand_total_minor.max(0), 1), &sales);
    lines
        .into_iter()
        .enumerate()
        .map(|(i, line)| OrderPart {
            product_id: line.product_id,
            variant_id: line.variant_id,
            title: line.title,
            units: line.quantity.max(0),
            gross_minor: gross[i],
            discount_minor: discount[i],
            shipping_minor: shipping[i],
            fee_minor: fees[i],
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Sales.

/// A sales row in minor units.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SalesFigures {
    pub key: String,
    pub label: String,
    pub orders: u64,
    pub gross_minor: i64,
    pub discount_minor: i64,
    pub shipping_minor: i64,
}

impl SalesFigures {
    pub fn net_minor(&self) -> i64 {
        self.gross_minor - self.discount_minor
    }

    pub fn total_minor(&self) -> i64 {
        self.net_minor() + self.shipping_minor
    }

    /// The row as the wire carries it.
    pub fn to_row(&self) -> SalesRow {
        SalesRow {
            key: self.key.clone(),
            label: self.label.clone(),
            orders: self.orders,
            gross_sales: to_major(self.gross_minor),
            discounts: to_major(self.discount_minor),
            shipping: to_major(self.shipping_minor),
            net_sales: to_major(self.net_minor()),
            total_sales: to_major(self.total_minor()),
        }
    }

    fn add(&mut self, gross: i64, discount: i64, shipping: i64) {
        self.gross_minor += gross;
        self.discount_minor += discount;
        self.shipping_minor += shipping;
    }
}

/// A sales report's rows and the totals of every order once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SalesTable {
    pub rows: Vec<SalesFigures>,
    pub totals: SalesFigures,
}

/// The sales of `orders` grouped by `group`. Days: every day of the range, in order, orders
/// outside it left out. Otherwise: most total sales first, then by key.
pub fn sales_table(
    orders: &[PaidOrder],
    days: &[ReportDay],
    end_ms: i64,
    group: SalesGroup,
) -> SalesTable {
    let mut rows: BTreeMap<String, SalesFigures> = BTreeMap::new();
    let mut totals = SalesFigures::default();
    if group == SalesGroup::Day {
        for day in days {
            rows.insert(
                day.key.clone(),
                SalesFigures {
                    key: day.key.clone(),
                    label: day.key.clone(),
                    ..SalesFigures::default()
                },
            );
        }
    }
    for order in orders {
        let Some(day) = day_of(days, end_ms, order.captured_at) else {
            continue;
        };
        totals.orders += 1;
        totals.add(
            order.subtotal_minor,
            order.discount_minor,
            order.shipping_minor,
        );
        let whole = |key: &str, label: &str| SalesFigures {
            key: key.to_owned(),
            label: label.to_owned(),
            ..SalesFigures::default()
        };
        match group {
            SalesGroup::Day | SalesGroup::Country | SalesGroup::Payment => {
                let (key, label) = match group {
                    SalesGroup::Day => (days[day].key.clone(), days[day].key.clone()),
                    SalesGroup::Country => {
                        let code = order.country.trim().to_ascii_uppercase();
                        let label = if code.is_empty() {
                            String::new()
                        } else {
                            country_name(&code).to_owned()
                        };
                        (code, label)
                    }
                    _ => (
                        order.payment.trim().to_owned(),
                        order.payment.trim().to_owned(),
                    ),
                };
                let row = rows
                    .entry(key.clone())
                    .or_insert_with(|| whole(&key, &label));
                row.orders += 1;
                row.add(
                    order.subtotal_minor,
                    order.discount_minor,
                    order.shipping_minor,
                );
            }
            SalesGroup::Product => {
                let mut seen = HashSet::new();
                for part in order_parts(order) {
                    let row = rows
                        .entry(part.product_id.clone())
                        .or_insert_with(|| whole(&part.product_id, &part.title));
                    if row.label.is_empty() {
                        row.label = part.title.clone();
                    }
                    if seen.insert(part.product_id.clone()) {
                        row.orders += 1;
                    }
                    row.add(part.gross_minor, part.discount_minor, part.shipping_minor);
                }
            }
        }
    }
    let mut rows: Vec<SalesFigures> = rows.into_values().collect();
    if group != SalesGroup::Day {
        rows.sort_by(|a, b| {
            b.total_minor()
                .cmp(&a.total_minor())
                .then_with(|| a.key.cmp(&b.key))
        });
    }
    SalesTable { rows, totals }
}

/// `text` as a spreadsheet reads it as text: a leading `= + - @` would start a formula, so it
/// gets a `'` before it. Every CSV the product writes goes through this.
pub fn defused(text: &str) -> std::borrow::Cow<'_, str> {
    if text.starts_with(['=', '+', '-', '@']) {
        std::borrow::Cow::Owned(format!("'{text}"))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// A CSV field: quoted when it must be, and never read as a formula by a spreadsheet.
pub fn csv_field(text: &str) -> String {
    let text = defused(text).into_owned();
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// Minor units as an exact decimal amount (`-12345` is `-123.45`).
pub fn csv_amount(minor: i64) -> String {
    let sign = if minor < 0 { "-" } else { "" };
    let abs = minor.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

/// The sales table as CSV: a header, the rows, and a last row with the totals.
pub fn sales_csv(table: &SalesTable, group: SalesGroup) -> String {
    let first = match group {
        SalesGroup::Day => "day",
        SalesGroup::Product => "product",
        SalesGroup::Country => "country",
        SalesGroup::Payment => "payment_method",
    };
    let mut csv = format!(
        "{first},{},orders,gross_sales,discounts,shipping,net_sales,total_sales\n",
        if group == SalesGroup::Product || group == SalesGroup::Country {
            "name"
        } else {
            "label"
        }
    );
    let line = |key: &str, row: &SalesFigures| {
        format!(
            "{},{},{},{},{},{},{},{}\n",
            csv_field(key),
            csv_field(&row.label),
            row.orders,
            csv_amount(row.gross_minor),
            csv_amount(row.discount_minor),
            csv_amount(row.shipping_minor),
            csv_amount(row.net_minor()),
            csv_amount(row.total_minor()),
        )
    };
    for row in &table.rows {
        csv.push_str(&line(&row.key, row));
    }
    let totals = SalesFigures {
        label: String::new(),
        ..table.totals.clone()
    };
    csv.push_str(&line("Total", &totals));
    csv
}

// ---------------------------------------------------------------------------------------------
// Estimated profit.

/// Unit costs by (product id, variant id); `""` as the variant is the product's own cost.
pub type UnitCosts = HashMap<(String, String), i64>;

/// The unit cost of a part: its variant's, else its product's, else unknown.
pub fn unit_cost(costs: &UnitCosts, product_id: &str, variant_id: &str) -> Option<i64> {
    if product_id.is_empty() {
        return None;
    }
    costs
        .get(&(product_id.to_owned(), variant_id.to_owned()))
        .or_else(|| costs.get(&(product_id.to_owned(), String::new())))
        .copied()
}

#[derive(Debug, Clone, Default)]
struct ProfitSums {
    orders: u64,
    sales: i64,
    cogs: i64,
    fees: i64,
    shipping: i64,
    unknown_units: u64,
    unknown_sales: i64,
}

impl ProfitSums {
    /// Adds a part: sales always; costs, fees and shipping only when its unit cost is known,
    /// so that `profit = sales - unknown sales - cost of goods - fees - shipping` holds.
    fn add(&mut self, part: &OrderPart, cost: Option<i64>) {
        self.sales += part.sales_minor();
        match cost {
            Some(cost) => {
                self.cogs += cost.saturating_mul(part.units);
                self.fees += part.fee_minor;
                self.shipping += part.shipping_minor;
            }
            None => {
                self.unknown_units += u64::try_from(part.units).unwrap_or(0);
                self.unknown_sales += part.sales_minor();
            }
        }
    }

    fn row(&self, key: &str) -> ProfitRow {
        ProfitRow {
            key: key.to_owned(),
            orders: self.orders,
            sales: to_major(self.sales),
            cost_of_goods: to_major(self.cogs),
            payment_fees: to_major(self.fees),
            shipping_costs: to_major(self.shipping),
            profit: to_major(
                self.sales - self.unknown_sales - self.cogs - self.fees - self.shipping,
            ),
            unknown_cost_units: self.unknown_units,
            unknown_cost_sales: to_major(self.unknown_sales),
        }
    }
}

/// The estimated profit of a range.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfitTable {
    pub days: Vec<ProfitRow>,
    pub products: Vec<ProfitProduct>,
    pub totals: ProfitRow,
}

/// Profit = sales - cost of goods - payment fees - shipping costs, per day and per product.
/// Sales are what shoppers paid (net sales plus shipping); the shipping cost of a part is the
/// shipping it charged; a part without a unit cost is left out of the profit and reported as
/// unknown, never counted as free.
pub fn profit_table(
    orders: &[PaidOrder],
    days: &[ReportDay],
    end_ms: i64,
    costs: &UnitCosts,
) -> ProfitTable {
    let mut per_day = vec![ProfitSums::default(); days.len()];
    let mut totals = ProfitSums::default();
    #[derive(Default)]
    struct Product {
        title: String,
        units: i64,
        sales: i64,
        fees: i64,
        shipping: i64,
    }
    let mut products: BTreeMap<(String, String), Product> = BTreeMap::new();
    for order in orders {
        let Some(day) = day_of(days, end_ms, order.captured_at) else {
            continue;
        };
        per_day[day].orders += 1;
        totals.orders += 1;
        for part in order_parts(order) {
            let cost = unit_cost(costs, &part.product_id, &part.variant_id);
            per_day[day].add(&part, cost);
            totals.add(&part, cost);
            let product = products
                .entry((part.product_id.clone(), part.variant_id.clone()))
                .or_default();
            if product.title.is_empty() {
                product.title = part.title.clone();
            }
            product.units += part.units;
            product.sales += part.sales_minor();
            product.fees += part.fee_minor;
            product.shipping += part.shipping_minor;
        }
    }
    let mut products: Vec<(i64, ProfitProduct)> = products
        .into_iter()
        .map(|((product_id, variant_id), p)| {
            let cost = unit_cost(costs, &product_id, &variant_id);
            let cogs = cost.map(|c| c.saturating_mul(p.units));
            (
                p.sales,
                ProfitProduct {
                    profit: cogs.map(|cogs| to_major(p.sales - cogs - p.fees - p.shipping)),
                    unit_cost: cost.map(to_major),
                    cost_of_goods: cogs.map(to_major),
                    product_id,
                    variant_id,
                    title: p.title,
                    units: u64::try_from(p.units).unwrap_or(0),
                    sales: to_major(p.sales),
                    payment_fees: to_major(p.fees),
                    shipping_costs: to_major(p.shipping),
                },
            )
        })
        .collect();
    products.sort_by(|(a_sales, a), (b_sales, b)| {
        b_sales
            .cmp(a_sales)
            .then_with(|| a.title.cmp(&b.title))
            .then_with(|| a.product_id.cmp(&b.product_id))
    });
    ProfitTable {
        days: days
            .iter()
            .zip(&per_day)
            .map(|(day, sums)| sums.row(&day.key))
            .collect(),
        products: products.into_iter().map(|(_, p)| p).collect(),
        totals: totals.row(""),
    }
}

/// A unit cost as typed: 0 to 1,000,000.00 with at most 2 decimals, in minor units.
pub fn unit_cost_minor(amount: f64) -> Result<i64, ReportError> {
    if !amount.is_finite() || amount < 0.0 {
        return Err(ReportError::UnitCost);
    }
    let cents = (amount * 100.0).round();
    if ((amount * 100.0) - cents).abs() > 1e-6 || cents > MAX_UNIT_COST_MINOR as f64 {
        return Err(ReportError::UnitCost);
    }
    // In range by the checks above, so the conversion is exact.
    Ok(cents as i64)
}

// ---------------------------------------------------------------------------------------------
// UTM.

fn hex(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// A query-string value decoded: `+` is a space, `%XX` a byte; bad escapes are kept as typed.
pub fn decode_component(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(high), Some(low)) => {
                    out.push(high * 16 + low);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            other => out.push(other),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The first value of a query parameter of a page (`/path?a=1&b=2#x`), decoded and trimmed;
/// `""` when absent.
pub fn query_value(page: &str, name: &str) -> String {
    let Some((_, query)) = page.split_once('?') else {
        return String::new();
    };
    let query = query.split('#').next().unwrap_or("");
    for pair in query.split('&') {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        if decode_component(key) == name {
            let value = decode_component(value);
            return value.trim().chars().take(MAX_UTM_VALUE).collect();
        }
    }
    String::new()
}

/// The UTM values of a landing page. Sources and mediums compare without regard to case
/// (`Facebook` and `facebook` are one source), so they are lower-cased; campaigns are kept.
pub fn utm_values(page: &str) -> UtmValues {
    UtmValues {
        source: query_value(page, "utm_source").to_lowercase(),
        medium: query_value(page, "utm_medium").to_lowercase(),
        campaign: query_value(page, "utm_campaign"),
    }
}

/// The key of a session's values in a grouping.
pub fn utm_key(values: &UtmValues, group: UtmGroup) -> &str {
    match group {
        UtmGroup::Source => &values.source,
        UtmGroup::Medium => &values.medium,
        UtmGroup::Campaign => &values.campaign,
    }
}

/// The order a checkout-completion page names: its `order` parameter, else the last segment
/// of a `/thank-you/{order id}` path (the storefront's thank-you page).
pub fn completed_order(page: &str) -> String {
    let named = query_value(page, "order");
    if !named.is_empty() {
        return named;
    }
    let path = page.split(['?', '#']).next().unwrap_or("");
    match path.rsplit_once("/thank-you/") {
        Some((_, id)) if !id.is_empty() && !id.contains('/') => id.to_owned(),
        _ => String::new(),
    }
}

#[derive(Debug, Clone, Default)]
struct UtmSums {
    sessions: u64,
    conversions: u64,
    orders: u64,
    revenue: i64,
}

impl UtmSums {
    fn row(&self, key: &str) -> UtmRow {
        UtmRow {
            key: key.to_owned(),
            sessions: self.sessions,
            conversions: self.conversions,
            conversion_rate: conversion_rate(self.conversions, self.sessions),
            orders: self.orders,
            revenue: to_major(self.revenue),
        }
    }
}

/// The UTM report's rows (most sessions first, then by key) and totals.
///
/// `landings` are the sessions that started in the range with their landing page (those without
/// UTM values may be left out: `total_sessions` counts every session); `completions` the
/// sessions that completed checkout in the range with the completion page; `paid` the paid
/// orders of the range by id with their grand totals. A session's conversion and order go to
/// its landing page's row; sessions without UTM values, or not among `landings`, to the `""`
/// row. An order is counted once, for the first session that names it.
pub fn utm_table(
    landings: &[(String, String)],
    total_sessions: u64,
    completions: &[(String, String)],
    paid: &HashMap<String, i64>,
    group: UtmGroup,
) -> (Vec<UtmRow>, UtmRow) {
    let mut rows: BTreeMap<String, UtmSums> = BTreeMap::new();
    let mut session_key: HashMap<&str, String> = HashMap::new();
    let mut tagged = 0_u64;
    for (session, page) in landings {
        if session_key.contains_key(session.as_str()) {
            continue;
        }
        let key = utm_key(&utm_values(page), group).to_owned();
        if !key.is_empty() {
            tagged += 1;
            rows.entry(key.clone()).or_default().sessions += 1;
        }
        session_key.insert(session, key);
    }
    let untagged = total_sessions.saturating_sub(tagged);
    if untagged > 0 {
        rows.entry(String::new()).or_default().sessions += untagged;
    }
    let mut counted: BTreeSet<String> = BTreeSet::new();
    let mut converted: HashSet<&str> = HashSet::new();
    for (session, page) in completions {
        if !converted.insert(session) {
            continue;
        }
        let key = session_key
            .get(session.as_str())
            .cloned()
            .unwrap_or_default();
        let row = rows.entry(key).or_default();
        row.conversions += 1;
        let order = completed_order(page);
        if let Some(total) = paid.get(&order)
            && counted.insert(order)
        {
            row.orders += 1;
            row.revenue += total;
        }
    }
    let mut totals = UtmSums::default();
    for sums in rows.values() {
        totals.sessions += sums.sessions;
        totals.conversions += sums.conversions;
        totals.orders += sums.orders;
        totals.revenue += sums.revenue;
    }
    let mut list: Vec<UtmRow> = rows.iter().map(|(key, sums)| sums.row(key)).collect();
    list.sort_by(|a, b| {
        b.sessions
            .cmp(&a.sessions)
            .then_with(|| (a.key.is_empty()).cmp(&b.key.is_empty()))
            .then_with(|| a.key.cmp(&b.key))
    });
    (list, totals.row(""))
}

/// A query-string value encoded as `encodeURIComponent` does.
pub fn encode_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// The campaign link for a store page, or every problem with what was typed.
pub fn utm_link(input: &UtmLinkInput) -> Result<String, Vec<ReportError>> {
    let mut problems = Vec::new();
    let base = input.base.trim().trim_end_matches('/');
    let base_ok = (base.starts_with("https://") || base.starts_with("http://"))
        && base.len() > "https://".len()
        && !base.contains(|c: char| c.is_whitespace() || c == '?' || c == '#');
    if !base_ok {
        problems.push(ReportError::LinkBase);
    }
    let path = input.path.trim();
    if !path.is_empty() && (!path.starts_with('/') || path.contains(char::is_whitespace)) {
        problems.push(ReportError::LinkPath);
    }
    let required = |value: &str, problem: ReportError, problems: &mut Vec<ReportError>| {
        let value = value.trim();
        if value.is_empty() || value.chars().count() > MAX_UTM_VALUE {
            problems.push(problem);
        }
    };
    required(&input.source, ReportError::UtmSource, &mut problems);
    required(&input.medium, ReportError::UtmMedium, &mut problems);
    required(&input.campaign, ReportError::UtmCampaign, &mut problems);
    if input.term.trim().chars().count() > MAX_UTM_VALUE
        || input.content.trim().chars().count() > MAX_UTM_VALUE
    {
        problems.push(ReportError::UtmOptional);
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let (path, fragment) = path.split_once('#').unwrap_or((path, ""));
    let path = if path.is_empty() { "/" } else { path };
    let mut params = vec![
        ("utm_source", input.source.trim()),
        ("utm_medium", input.medium.trim()),
        ("utm_campaign", input.campaign.trim()),
    ];
    for (name, value) in [("utm_term", &input.term), ("utm_content", &input.content)] {
        if !value.trim().is_empty() {
            params.push((name, value.trim()));
        }
    }
    let query: Vec<String> = params
        .iter()
        .map(|(name, value)| format!("{name}={}", encode_component(value)))
        .collect();
    let joiner = if path.contains('?') { '&' } else { '?' };
    let mut link = format!("{base}{path}{joiner}{}", query.join("&"));
    if !fragment.is_empty() {
        link.push('#');
        link.push_str(fragment);
    }
    Ok(link)
}

// ---------------------------------------------------------------------------------------------
// Tracking pixels.

fn all_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

fn capitals_and_digits(text: &str) -> bool {
    !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || b.is_ascii_uppercase())
}

fn facebook_ok(id: &str) -> bool {
    (15..=16).contains(&id.len()) && all_digits(id)
}

fn tiktok_ok(id: &str) -> bool {
    id.len() == 20 && capitals_and_digits(id)
}

fn google_ok(id: &str) -> bool {
    if let Some(rest) = id.strip_prefix("G-") {
        (6..=12).contains(&rest.len()) && capitals_and_digits(rest)
    } else if let Some(rest) = id.strip_prefix("AW-") {
        (9..=11).contains(&rest.len()) && all_digits(rest)
    } else {
        false
    }
}

/// The pixel ids trimmed (an empty one is none), or every problem with them.
pub fn check_pixels(ids: &PixelIds) -> Result<PixelIds, Vec<ReportError>> {
    let clean = |value: &Option<String>| {
        value
            .as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_owned)
    };
    let checked = PixelIds {
        facebook: clean(&ids.facebook),
        tiktok: clean(&ids.tiktok).map(|v| v.to_ascii_uppercase()),
        google: clean(&ids.google).map(|v| v.to_ascii_uppercase()),
    };
    let mut problems = Vec::new();
    if checked
        .facebook
        .as_deref()
        .is_some_and(|id| !facebook_ok(id))
    {
        problems.push(ReportError::FacebookPixel);
    }
    if checked.tiktok.as_deref().is_some_and(|id| !tiktok_ok(id)) {
        problems.push(ReportError::TiktokPixel);
    }
    if checked.google.as_deref().is_some_and(|id| !google_ok(id)) {
        problems.push(ReportError::GoogleTag);
    }
    if problems.is_empty() {
        Ok(checked)
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(key: &str, start_ms: i64) -> ReportDay {
        ReportDay {
            key: key.to_owned(),
            start_ms,
        }
    }

    fn line(product: &str, quantity: i64, price: i64) -> OrderLine {
        OrderLine {
            product_id: product.to_owned(),
            variant_id: String::new(),
            title: format!("Product {product}"),
            quantity,
            price_minor: price,
        }
    }

    fn order(at: i64, lines: Vec<OrderLine>, discount: i64, shipping: i64) -> PaidOrder {
        let subtotal = lines
            .iter()
            .map(|l| l.quantity * l.price_minor)
            .sum::<i64>();
        PaidOrder {
            id: format!("o{at}"),
            captured_at: at,
            subtotal_minor: subtotal,
            shipping_minor: shipping,
            discount_minor: discount,
            grand_total_minor: subtotal - discount + shipping,
            country: "VN".to_owned(),
            payment: "Card".to_owned(),
            lines,
        }
    }

    #[test]
    fn allocation_adds_up_and_follows_the_weights() {
        assert_eq!(allocate(100, &[1, 1, 1]), vec![34, 33, 33]);
        assert_eq!(allocate(10, &[3, 1]), vec![8, 2]);
        assert_eq!(allocate(7, &[0, 0]), vec![4, 3]);
        assert_eq!(allocate(-5, &[1, 1]), vec![-2, -3]);
        assert!(allocate(5, &[]).is_empty());
        let shares = allocate(999_999, &[7, 13, 29, 51]);
        assert_eq!(shares.iter().sum::<i64>(), 999_999);
    }

    #[test]
    fn an_order_is_shared_out_by_line_value_and_pays_the_payout_fee() {
        // 2 x 30.00 + 1 x 40.00 = 100.00, 10.00 off, 5.00 shipping: paid 95.00.
        let o = order(0, vec![line("a", 2, 3000), line("b", 1, 4000)], 1000, 500);
        let parts = order_parts(&o);
        assert_eq!(parts[0].gross_minor, 6000);
        assert_eq!(parts[0].discount_minor, 600);
        assert_eq!(parts[0].shipping_minor, 300);
        assert_eq!(parts[1].discount_minor, 400);
        // The fee of 95.00: 2.9 % (2.755 -> 2.76) + 0.30 = 3.06, shared 57:38.
        let fee: i64 = parts.iter().map(|p| p.fee_minor).sum();
        assert_eq!(fee, fees_minor(9500, 1));
        assert_eq!(fee, 306);
        assert_eq!(parts[0].fee_minor, 184);
    }

    #[test]
    fn sales_by_day_keep_empty_days_and_totals_count_each_order_once() {
        let days = [day("2026-11-01", 0), day("2026-11-02", 100)];
        let orders = [
            order(10, vec![line("a", 1, 1000), line("b", 1, 500)], 100, 200),
            order(20, vec![line("a", 2, 1000)], 0, 0),
            // Outside the range.
            order(200, vec![line("a", 1, 1000)], 0, 0),
        ];
        let table = sales_table(&orders, &days, 200, SalesGroup::Day);
        assert_eq!(table.rows.len(), 2);
        assert_eq!(table.rows[0].orders, 2);
        assert_eq!(table.rows[0].gross_minor, 3500);
        assert_eq!(table.rows[1].orders, 0);
        assert_eq!(table.totals.orders, 2);
        assert_eq!(table.totals.net_minor(), 3400);
        assert_eq!(table.totals.total_minor(), 3600);
        let products = sales_table(&orders, &days, 200, SalesGroup::Product);
        assert_eq!(products.rows[0].key, "a");
        assert_eq!(products.rows[0].orders, 2);
        assert_eq!(products.rows[0].gross_minor, 3000);
        let sum: i64 = products.rows.iter().map(SalesFigures::total_minor).sum();
        assert_eq!(sum, products.totals.total_minor());
        let countries = sales_table(&orders, &days, 200, SalesGroup::Country);
        assert_eq!(countries.rows[0].label, "Vietnam");
    }

    #[test]
    fn csv_ends_with_the_totals_and_defuses_formulas() {
        let days = [day("2026-11-01", 0)];
        let mut o = order(1, vec![line("a", 1, 1234)], 0, 0);
        o.payment = "=cmd".to_owned();
        let table = sales_table(&[o], &days, 100, SalesGroup::Payment);
        let csv = sales_csv(&table, SalesGroup::Payment);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[1], "'=cmd,'=cmd,1,12.34,0.00,0.00,12.34,12.34");
        assert_eq!(lines[2], "Total,,1,12.34,0.00,0.00,12.34,12.34");
        assert_eq!(csv_amount(-5), "-0.05");
    }

    #[test]
    fn profit_leaves_products_without_a_cost_out_and_reports_them() {
        let days = [day("2026-11-01", 0)];
        // 100.00 of a (cost 20.00 each x 2) and 50.00 of b (no cost); no discount or shipping.
        let orders = [order(1, vec![line("a", 2, 5000), line("b", 1, 5000)], 0, 0)];
        let mut costs = UnitCosts::new();
        costs.insert(("a".to_owned(), String::new()), 2000);
        let table = profit_table(&orders, &days, 100, &costs);
        // Fee of 150.00: 4.35 + 0.30 = 4.65, a's share 2/3 = 3.10.
        let a = &table.products[0];
        assert_eq!(a.product_id, "a");
        assert_eq!(a.cost_of_goods, Some(40.0));
        assert_eq!(a.payment_fees, 3.10);
        assert_eq!(a.profit, Some(100.0 - 40.0 - 3.10));
        let b = &table.products[1];
        assert_eq!(b.profit, None);
        assert_eq!(b.unit_cost, None);
        assert_eq!(table.totals.unknown_cost_units, 1);
        assert_eq!(table.totals.unknown_cost_sales, 50.0);
        assert_eq!(table.totals.sales, 150.0);
        assert_eq!(table.totals.profit, 56.9);
        assert_eq!(table.days[0].profit, 56.9);
        // A variant's own cost wins over the product's.
        costs.insert(("a".to_owned(), "v".to_owned()), 100);
        assert_eq!(unit_cost(&costs, "a", "v"), Some(100));
        assert_eq!(unit_cost(&costs, "a", "w"), Some(2000));
        assert_eq!(unit_cost(&costs, "", ""), None);
    }

    #[test]
    fn unit_costs_are_money() {
        assert_eq!(unit_cost_minor(12.5), Ok(1250));
        assert_eq!(unit_cost_minor(0.0), Ok(0));
        assert_eq!(unit_cost_minor(1_000_000.0), Ok(100_000_000));
        for bad in [-1.0, 1.234, f64::NAN, 1_000_000.01] {
            assert_eq!(unit_cost_minor(bad), Err(ReportError::UnitCost), "{bad}");
        }
    }

    #[test]
    fn utm_values_come_from_the_landing_query_string() {
        let values = utm_values(
            "/products/x?utm_source=Facebook&utm_medium=cpc&utm_campaign=Black%20Friday+26#top",
        );
        assert_eq!(values.source, "facebook");
        assert_eq!(values.medium, "cpc");
        assert_eq!(values.campaign, "Black Friday 26");
        assert_eq!(utm_values("/products/x"), UtmValues::default());
        assert_eq!(query_value("/?a=%zz", "a"), "%zz");
        assert_eq!(query_value("/?a=50%", "a"), "50%");
        assert_eq!(completed_order("/checkout/thank-you?order=abc"), "abc");
        assert_eq!(completed_order("/s/demo/thank-you/o-123"), "o-123");
        assert_eq!(
            completed_order("/s/demo/thank-you/o-123?utm_source=x"),
            "o-123"
        );
        assert_eq!(completed_order("/s/demo/products/shirt"), "");
    }

    #[test]
    fn the_utm_table_attributes_conversions_and_orders_to_the_landing_row() {
        let landings = vec![
            ("s1".to_owned(), "/?utm_source=google".to_owned()),
            ("s2".to_owned(), "/?utm_source=google".to_owned()),
            ("s3".to_owned(), "/?utm_source=tiktok".to_owned()),
        ];
        let completions = vec![
            ("s1".to_owned(), "/checkout/thank-you?order=o1".to_owned()),
            // The same order again: counted once.
            ("s2".to_owned(), "/checkout/thank-you?order=o1".to_owned()),
            // A session not among the tagged ones.
            ("s9".to_owned(), "/checkout/thank-you?order=o2".to_owned()),
        ];
        let paid: HashMap<String, i64> = [("o1".to_owned(), 5000), ("o2".to_owned(), 2500)].into();
        let (rows, totals) = utm_table(&landings, 10, &completions, &paid, UtmGroup::Source);
        assert_eq!(rows[0].key, "");
        assert_eq!(rows[0].sessions, 7);
        assert_eq!(rows[0].revenue, 25.0);
        assert_eq!(rows[1].key, "google");
        assert_eq!(rows[1].sessions, 2);
        assert_eq!(rows[1].conversions, 2);
        assert_eq!(rows[1].conversion_rate, 100.0);
        assert_eq!(rows[1].orders, 1);
        assert_eq!(rows[1].revenue, 50.0);
        assert_eq!(totals.sessions, 10);
        assert_eq!(totals.orders, 2);
        assert_eq!(totals.revenue, 75.0);
    }

    #[test]
    fn the_link_builder_encodes_values_and_names_every_problem() {
        let input = UtmLinkInput {
            base: "https://demo.storeloom.dev/".to_owned(),
            path: "/products/linen?color=blue".to_owned(),
            source: "newsletter".to_owned(),
            medium: "email".to_owned(),
            campaign: "Black Friday & more".to_owned(),
            term: String::new(),
            content: "hero".to_owned(),
        };
        assert_eq!(
            utm_link(&input).expect("link"),
            "https://demo.storeloom.dev/products/linen?color=blue&utm_source=newsletter&utm_medium=email&utm_campaign=Black%20Friday%20%26%20more&utm_content=hero"
        );
        let bare = UtmLinkInput {
            path: String::new(),
            ..input.clone()
        };
        assert!(
            utm_link(&bare)
                .expect("link")
                .starts_with("https://demo.storeloom.dev/?utm_source=")
        );
        let bad = UtmLinkInput {
            base: "demo.storeloom.dev".to_owned(),
            path: "products".to_owned(),
            source: " ".to_owned(),
            ..UtmLinkInput::default()
        };
        assert_eq!(
            utm_link(&bad),
            Err(vec![
                ReportError::LinkBase,
                ReportError::LinkPath,
                ReportError::UtmSource,
                ReportError::UtmMedium,
                ReportError::UtmCampaign
            ])
        );
    }

    #[test]
    fn pixel_ids_have_their_formats() {
        let good = PixelIds {
            facebook: Some(" 123456789012345 ".to_owned()),
            tiktok: Some("c4abcdefghij12345678".to_owned()),
            google: Some("G-AB12CD34EF".to_owned()),
        };
        let checked = check_pixels(&good).expect("good");
        assert_eq!(checked.facebook.as_deref(), Some("123456789012345"));
        assert_eq!(checked.tiktok.as_deref(), Some("C4ABCDEFGHIJ12345678"));
        assert!(
            check_pixels(&PixelIds {
                google: Some("AW-123456789".to_owned()),
                facebook: Some(String::new()),
                tiktok: None,
            })
            .is_ok_and(|ids| ids.facebook.is_none())
        );
        let bad = PixelIds {
            facebook: Some("12345".to_owned()),
            tiktok: Some("C4ABC".to_owned()),
            google: Some("UA-1234-1".to_owned()),
        };
        assert_eq!(
            check_pixels(&bad),
            Err(vec![
                ReportError::FacebookPixel,
                ReportError::TiktokPixel,
                ReportError::GoogleTag
            ])
        );
    }

    #[test]
    fn report_days_follow_the_bucket_rule() {
        let range = crate::analytics::range("2026-11-01", "2026-11-03", "Asia/Ho_Chi_Minh", 0)
            .expect("range");
        let days = report_days(&range).expect("days");
        assert_eq!(days.len(), 3);
        assert_eq!(days[2].key, "2026-11-03");
        assert_eq!(days[1].start_ms - days[0].start_ms, 86_400_000);
        let one = crate::analytics::range("2026-11-01", "2026-11-01", "Asia/Ho_Chi_Minh", 0)
            .expect("range");
        let days = report_days(&one).expect("days");
        assert_eq!(days.len(), 1);
        assert_eq!(day_of(&days, one.end_ms, one.end_ms - 1), Some(0));
        assert_eq!(day_of(&days, one.end_ms, one.end_ms), None);
        // 2026-11-22 12:00 UTC: the last 7 days in Ho Chi Minh City end on the 22nd.
        let week = last_days(7, "Asia/Ho_Chi_Minh", 1_795_348_800_000).expect("week");
        assert_eq!(
            (week.from.as_str(), week.to.as_str()),
            ("2026-11-16", "2026-11-22")
        );
        assert!(!week.today_mode);
        let today = last_days(1, "Asia/Ho_Chi_Minh", 1_795_348_800_000).expect("today");
        assert!(today.today_mode);
    }
}
