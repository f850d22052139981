//! The discounts a cart earns: the best automatic discount the cart qualifies for, then the
//! code the shopper typed, each checked for its dates, minimum subtotal and usage limits.
//! One function prices the cart page, the checkout and the order, so they always agree.

use shared_types::commerce::TaxSettings;

use super::tax::{TaxBreakdown, cart_tax, rate_for, shares};
use crate::formats::Currency;

/// A discount as the store keeps it, with its usage so far.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DiscountRule {
    pub id: String,
    /// code or automatic.
    pub method: String,
    /// The code (upper case) or the automatic discount's title.
    pub code: String,
    /// percent (value in hundredths of a percent), amount (minor units) or free_shipping.
    pub value_type: String,
    pub value: i64,
    pub starts_at: Option<i64>,
    pub ends_at: Option<i64>,
    pub is_active: bool,
    pub min_subtotal_minor: Option<i64>,
    pub usage_limit: Option<i64>,
    pub per_customer_limit: Option<i64>,
    /// Orders that used it.
    pub used: i64,
    /// Orders of this shopper (by e-mail) that used it; 0 when the shopper is not known yet.
    pub used_by_customer: i64,
}

/// A discount the cart earned and what it took off, in minor units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    pub rule: DiscountRule,
    pub amount_minor: i64,
}

/// The discounts of a cart.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CartDiscounts {
    pub applied: Vec<Applied>,
    /// Off the merchandise.
    pub merchandise_minor: i64,
    /// Off the shipping.
    pub shipping_minor: i64,
    /// Why the typed code does not apply; `None` when it does or none was typed.
    pub code_problem: Option<String>,
}

impl CartDiscounts {
    /// All that came off.
    pub fn total_minor(&self) -> i64 {
        self.merchandise_minor + self.shipping_minor
    }
}

/// Why `rule` does not apply to a cart of `subtotal_minor` at `now` (`None`: it applies).
pub fn refusal(
    rule: &DiscountRule,
    subtotal_minor: i64,
    now: i64,
    currency: Currency,
) -> Option<String> {
    if !rule.is_active {
        return Some("This code is not active.".to_owned());
    }
    if rule.starts_at.is_some_and(|start| now < start) {
        return Some("This code is not valid yet.".to_owned());
    }
    if rule.ends_at.is_some_and(|end| now >= end) {
        return Some("This code has expired.".to_owned());
    }
    if rule.usage_limit.is_some_and(|limit| rule.used >= limit) {
        return Some("This code has reached its usage limit.".to_owned());
    }
    if rule
        .per_customer_limit
        .is_some_and(|limit| rule.used_by_customer >= limit)
    {
        return Some("You have already used this code.".to_owned());
    }
    if let Some(min) = rule.min_subtotal_minor
        && subtotal_minor < min
    {
        return Some(format!(
            "This code needs a subtotal of at least {}.",
            crate::reports::csv_amount(min, currency)
        ));
    }
    None
}

/// What `rule` takes off a cart whose merchandise still costs `remaining_minor` and whose
/// shipping costs `shipping_minor`: (off the merchandise, off the shipping). A percent rounds
/// half up to a cent; nothing takes more than what is left.
fn saving(rule: &DiscountRule, remaining_minor: i64, shipping_minor: i64) -> (i64, i64) {
    match rule.value_type.as_str() {
        "percent" => {
            let off = (i128::from(remaining_minor) * i128::from(rule.value.clamp(0, 10_000))
                + 5_000)
                / 10_000;
            (i64::try_from(off).unwrap_or(0).min(remaining_minor), 0)
        }
        "amount" => (rule.value.clamp(0, remaining_minor), 0),
        "free_shipping" => (0, shipping_minor),
        _ => (0, 0),
    }
}

/// The discounts of a cart of `subtotal_minor` with `shipping_minor` shipping at `now`: the
/// automatic discount that saves most (of those that apply), then the discount whose code is
/// `code` (any case) on what is left. A code that is unknown or does not apply is reported in
/// `code_problem` and takes nothing off.
pub fn apply_discounts(
    rules: &[DiscountRule],
    code: Option<&str>,
    subtotal_minor: i64,
    shipping_minor: i64,
    now: i64,
    currency: Currency,
) -> CartDiscounts {
    let mut result = CartDiscounts::default();
    let best = rules
        .iter()
        .filter(|r| r.method == "automatic" && refusal(r, subtotal_minor, now, currency).is_none())
        .map(|r| (r, saving(r, subtotal_minor, shipping_minor)))
        .filter(|(_, (m, s))| m + s > 0)
        .max_by(|(a, (am, ash)), (b, (bm, bsh))| {
            (am + ash).cmp(&(bm + bsh)).then_with(|| b.id.cmp(&a.id))
        });
    if let Some((rule, (merchandise, shipping))) = best {
        result.merchandise_minor += merchandise;
        result.shipping_minor += shipping;
        result.applied.push(Applied {
            rule: rule.clone(),
            amount_minor: merchandise + shipping,
        });
    }
    let code = code.map(str::trim).filter(|c| !c.is_empty());
    if let Some(code) = code {
        let typed = code.to_uppercase();
        match rules
            .iter()
            .find(|r| r.method == "code" && r.code.to_uppercase() == typed)
        {
            None => result.code_problem = Some(format!("The code {code} does not exist.")),
            Some(rule) => match refusal(rule, subtotal_minor, now, currency) {
                Some(problem) => result.code_problem = Some(problem),
                None => {
                    let (merchandise, shipping) = saving(
                        rule,
                        subtotal_minor - result.merchandise_minor,
                        shipping_minor - result.shipping_minor,
                    );
                    result.merchandise_minor += merchandise;
                    result.shipping_minor += shipping;
                    result.applied.push(Applied {
                        rule: rule.clone(),
                        amount_minor: merchandise + shipping,
                    });
                }
            },
        }
    }
    result
}

/// What a cart comes to, in minor units.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Totals {
    pub subtotal_minor: i64,
    /// The shipping rate before any discount (0 while it is not known).
    pub shipping_minor: i64,
    /// Shipping depends on the address, not known yet: the total leaves it out.
    pub shipping_pending: bool,
    pub discounts: CartDiscounts,
    /// The tax at the shopper's address, added to the total unless the prices included it;
    /// `None` before the address is known (the cart says where tax stands in words).
    pub tax: Option<TaxBreakdown>,
    pub total_minor: i64,
}

/// Where a cart's tax is counted: the store's settings and the shopper's address.
#[derive(Debug, Clone, Copy)]
pub struct TaxPlace<'a> {
    pub settings: &'a TaxSettings,
    pub country: &'a str,
    pub region: &'a str,
}

/// The totals of a cart whose lines cost `lines` (each line's price × quantity, in minor
/// units) with `shipping_minor` for shipping (`None`: it depends on an address not known yet)
/// and the store's discounts: merchandise, then discounts, then shipping, and no tax (the cart
/// before the checkout knows where it goes; `taxed_totals` adds it).
pub fn totals(
    lines: &[i64],
    shipping_minor: Option<i64>,
    rules: &[DiscountRule],
    code: Option<&str>,
    now: i64,
    currency: Currency,
) -> Totals {
    let subtotal_minor: i64 = lines.iter().sum();
    let (shipping_minor, shipping_pending) = match shipping_minor {
        Some(price) => (price, false),
        None => (0, true),
    };
    let discounts = apply_discounts(rules, code, subtotal_minor, shipping_minor, now, currency);
    Totals {
        subtotal_minor,
        shipping_minor,
        shipping_pending,
        total_minor: subtotal_minor + shipping_minor - discounts.total_minor(),
        discounts,
        tax: None,
    }
}

/// The totals of `totals` (a cart whose lines cost `lines`) with the tax of the address in
/// `place`: counted on each line after its share of the merchandise discount and on the
/// shipping paid, rounded per line with the remainder on the last (`cart_tax`), so the lines'
/// taxes add up to the order's; added to the total unless the prices include it. The
/// checkout's summary and the order are priced by `totals` then this, always together.
pub fn taxed_totals(
    lines: &[i64],
    shipping_minor: Option<i64>,
    rules: &[DiscountRule],
    code: Option<&str>,
    now: i64,
    currency: Currency,
    place: TaxPlace<'_>,
) -> Totals {
    let mut totals = totals(lines, shipping_minor, rules, code, now, currency);
    let shares = shares(lines, totals.discounts.merchandise_minor);
    let bases: Vec<i64> = lines.iter().zip(&shares).map(|(l, s)| l - s).collect();
    let tax = cart_tax(
        &bases,
        totals.shipping_minor - totals.discounts.shipping_minor,
        rate_for(place.settings, place.country, place.region),
        place.settings.prices_include_tax,
        place.settings.tax_shipping,
    );
    if !tax.included {
        totals.total_minor += tax.total;
    }
    totals.tax = Some(tax);
    totals
}

/// The discounts as an order keeps them.
pub fn applied(
    discounts: &CartDiscounts,
    currency: Currency,
) -> Vec<shared_types::commerce::AppliedDiscount> {
    discounts
        .applied
        .iter()
        .map(|a| shared_types::commerce::AppliedDiscount {
            discount_id: Some(a.rule.id.clone()),
            method: a.rule.method.clone(),
            code: a.rule.code.clone(),
            value_type: a.rule.value_type.clone(),
            amount: crate::money::stored(a.amount_minor, currency),
        })
        .collect()
}
