//! Metrics of the Overview page (editor-and-analytics.md §4, §9): conversion rate, average order
//! value, percent change against yesterday, chart values and revenue axis labels.

use shared_types::{ChangeKind, ConversionResult, FunnelStep, OverviewChanges, OverviewPeriod};

use shared_types::Money;

use crate::formats::Currency;
use crate::limits::{CHART_DECIMALS, REVENUE_CHANGE_DECIMALS, STAT_CARD_CHANGE_DECIMALS};
use crate::money::{stored, stored_minor};
use crate::numbers::{ratio, round_to};

/// Conversion rate = session_converted / vistors x 100, rounded to 2 decimals; 0 without
/// visitors.
pub fn conversion_rate(session_converted: u64, vistors: u64) -> f64 {
    round_to(exact_conversion_rate(session_converted, vistors), 2)
}

fn exact_conversion_rate(session_converted: u64, vistors: u64) -> f64 {
    if vistors == 0 {
        return 0.0;
    }
    session_converted as f64 / vistors as f64 * 100.0
}

/// Average order value = total sales / total orders, rounded half away from zero to the
/// currency's minor unit (the cent, the whole yen); 0 without orders.
pub fn aov(total_sales: Money, total_orders: u64, currency: Currency) -> Money {
    if total_orders == 0 {
        return Money::ZERO;
    }
    let total = stored_minor(total_sales, currency);
    stored(ratio(total, 1, i128::from(total_orders)), currency)
}

fn exact_aov(total_sales: Money, total_orders: u64) -> f64 {
    if total_orders == 0 {
        return 0.0;
    }
    total_sales.approximate() / total_orders as f64
}

/// The change of every Overview figure from `previous` to `current`; all 0 unless `compare`.
/// The conversion rate's and the average order value's changes are computed from the exact
/// ratios, not from the two-decimal values shown: rounding both first can move a change by
/// half a point (a CR change of -12.74 % read from 1.37 and 1.57, against an exact -13.31 %).
pub fn changes(
    current: &OverviewPeriod,
    previous: &OverviewPeriod,
    compare: bool,
) -> OverviewChanges {
    let card = |now: u64, before: u64| {
        percent_change(now as f64, before as f64, ChangeKind::StatCard, compare)
    };
    let revenue = |now: f64, before: f64| percent_change(now, before, ChangeKind::Revenue, compare);
    let rate = |period: &OverviewPeriod| {
        exact_conversion_rate(
            period.conversion.session_converted.value,
            period.conversion.vistors.value,
        )
    };
    let average =
        |period: &OverviewPeriod| exact_aov(period.sales.total_sales, period.orders.total_orders);
    let (c, p) = (&current.conversion, &previous.conversion);
    OverviewChanges {
        vistors: card(c.vistors.value, p.vistors.value),
        view_content: card(c.view_content.value, p.view_content.value),
        add_to_cart: card(c.add_to_cart.value, p.add_to_cart.value),
        reached_checkout: card(c.reached_checkout.value, p.reached_checkout.value),
        total_sales: revenue(
            current.sales.total_sales.approximate(),
            previous.sales.total_sales.approximate(),
        ),
        total_orders: revenue(
            current.orders.total_orders as f64,
            previous.orders.total_orders as f64,
        ),
        aov: revenue(average(current), average(previous)),
        conversion_rate: revenue(rate(current), rate(previous)),
    }
}

/// The percent change of `current` against `previous`: 2 decimals for revenue, 1 for the stat
/// cards; 0 outside today mode. When yesterday was 0 the change is 0 if today is 0 too, and
/// +100 (or -100 for a negative today) otherwise: "all of it is new", rather than an infinity.
pub fn percent_change(current: f64, previous: f64, kind: ChangeKind, today_mode: bool) -> f64 {
    if !today_mode || !current.is_finite() || !previous.is_finite() {
        return 0.0;
    }
    let decimals = match kind {
        ChangeKind::Revenue => REVENUE_CHANGE_DECIMALS,
        ChangeKind::StatCard => STAT_CARD_CHANGE_DECIMALS,
    };
    if previous == 0.0 {
        return if current == 0.0 {
            0.0
        } else {
            100.0_f64.copysign(current)
        };
    }
    let change = round_to((current - previous) / previous.abs() * 100.0, decimals);
    // Never show "-0".
    if change == 0.0 { 0.0 } else { change }
}

/// A chart value, rounded to 2 decimals.
pub fn chart_value(value: f64) -> f64 {
    if value.is_finite() {
        round_to(value, CHART_DECIMALS)
    } else {
        0.0
    }
}

/// A revenue axis label: thousands abbreviated as `k` with at most one decimal (`1.5k`,
/// `12k`), smaller values as they are (`950`, `12.5`).
pub fn axis_label(value: f64) -> String {
    if !value.is_finite() {
        return "0".to_owned();
    }
    let trim = |text: String| {
        if text.contains('.') {
            text.trim_end_matches('0').trim_end_matches('.').to_owned()
        } else {
            text
        }
    };
    if value.abs() >= 1000.0 {
        format!("{}k", trim(format!("{:.1}", round_to(value / 1000.0, 1))))
    } else {
        trim(format!("{:.2}", round_to(value, 2)))
    }
}

/// The conversion funnel from its five counts (visitors, view content, added to cart, reached
/// checkout, converted). A step's previous action counts as tracked when the step before it
/// saw any session in the range: a storefront that never sends `view_content` shows its
/// add-to-cart step without a drop-off from a step it does not track. Visitors have no step
/// before them.
pub fn funnel(counts: [u64; 5]) -> ConversionResult {
    let step = |i: usize| FunnelStep {
        value: counts[i],
        is_tracked_previous_action: i > 0 && counts[i - 1] > 0,
    };
    ConversionResult {
        vistors: step(0),
        view_content: step(1),
        add_to_cart: step(2),
        reached_checkout: step(3),
        session_converted: step(4),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn funnel_marks_a_step_tracked_when_the_one_before_saw_sessions() {
        let result = funnel([10, 0, 3, 2, 1]);
        assert!(!result.vistors.is_tracked_previous_action);
        assert!(result.view_content.is_tracked_previous_action);
        assert!(!result.add_to_cart.is_tracked_previous_action);
        assert!(result.reached_checkout.is_tracked_previous_action);
        assert_eq!(result.session_converted.value, 1);
    }
}
