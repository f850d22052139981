//! The selling rules: addresses, discounts, shipping and what an order may still ship, refund
//! or cancel.

use core_wasm::commerce::discounts::refusal;
use core_wasm::commerce::orders::{cancel_refund, financial_after_refund};
use core_wasm::commerce::{
    DiscountRule, LineState, OrderState, TaxPlace, address_problems, apply_discounts, check_cancel,
    check_fulfilment, country, fulfillment_status, quote_refund, taxed_totals, totals,
};
use shared_types::commerce::{
    Address, FulfillmentInput, LineQuantity, RefundInput, TaxRate, TaxSettings,
};

fn address(country: &str, postcode: &str) -> Address {
    Address {
        name: "Ann Lee".to_owned(),
        line1: "1 Main St".to_owned(),
        city: "Springfield".to_owned(),
        region: "IL".to_owned(),
        postcode: postcode.to_owned(),
        country: country.to_owned(),
        phone: "+1 217 555 0100".to_owned(),
        ..Address::default()
    }
}

const USD: core_wasm::formats::Currency = core_wasm::formats::CURRENCIES[0];

#[test]
fn an_address_needs_a_known_country_and_its_postcode_where_the_country_uses_one() {
    assert!(address_problems("Shipping", &address("US", "62701"), true).is_empty());
    assert!(address_problems("Shipping", &address("us", "62701-1234"), true).is_empty());
    assert!(address_problems("Shipping", &address("VN", "100000"), true).is_empty());
    assert!(address_problems("Shipping", &address("GB", "SW1A 1AA"), true).is_empty());
    let mut ottawa = address("CA", "K1A 0B1");
    ottawa.region = "ON".to_owned();
    assert!(address_problems("Shipping", &ottawa, true).is_empty());
    // Ireland and Hong Kong addresses carry no postcode.
    assert!(address_problems("Shipping", &address("HK", ""), true).is_empty());
    assert_eq!(
        address_problems("Shipping", &address("US", ""), true),
        ["Shipping: enter the postcode."]
    );
    assert_eq!(
        address_problems("Shipping", &address("US", "ABCDE"), true),
        ["Shipping: this is not a postcode of United States."]
    );
    assert_eq!(
        address_problems("Shipping", &address("XX", "1"), true),
        ["Shipping: choose a country from the list."]
    );
    let mut no_phone = address("VN", "100000");
    no_phone.phone = String::new();
    assert!(address_problems("Billing", &no_phone, false).is_empty());
    assert_eq!(
        address_problems("Shipping", &no_phone, true),
        ["Shipping: enter a phone number."]
    );
    let mut long = address("US", "62701");
    long.line1 = "x".repeat(201);
    long.region = String::new();
    assert_eq!(
        address_problems("Shipping", &long, true),
        [
            "Shipping: the address is at most 200 characters.",
            "Shipping: enter the region."
        ]
    );
    // A US state, a Canadian province or an Australian state is one of the list, by code or
    // name, and is kept as its code.
    let mut named = address("US", "62701");
    named.region = "illinois".to_owned();
    assert!(address_problems("Shipping", &named, true).is_empty());
    assert_eq!(core_wasm::commerce::normalized(&named).region, "IL");
    named.region = "Springfield".to_owned();
    assert_eq!(
        address_problems("Shipping", &named, true),
        ["Shipping: \"Springfield\" is not a state of United States."]
    );
    assert_eq!(country("vn").map(|c| c.1), Some("Vietnam"));
    assert_eq!(core_wasm::commerce::country_list().len(), 249);
}

fn rule(method: &str, code: &str, value_type: &str, value: i64) -> DiscountRule {
    DiscountRule {
        id: code.to_owned(),
        method: method.to_owned(),
        code: code.to_owned(),
        value_type: value_type.to_owned(),
        value,
        is_active: true,
        ..DiscountRule::default()
    }
}

#[test]
fn the_best_automatic_discount_applies_then_the_code_on_what_is_left() {
    let rules = [
        rule("automatic", "Small", "amount", 100),
        rule("automatic", "Summer weekend", "percent", 1500),
        rule("code", "SAVE10", "percent", 1000),
        rule("code", "SHIPFREE", "free_shipping", 0),
    ];
    // 40.00: the automatic 15 % (6.00) beats 1.00; then 10 % of 34.00.
    let cart = apply_discounts(&rules, Some("save10"), 4_000, 499, 0, USD);
    assert_eq!(cart.applied.len(), 2);
    assert_eq!(cart.applied[0].rule.code, "Summer weekend");
    assert_eq!(cart.applied[0].amount_minor, 600);
    assert_eq!(cart.applied[1].amount_minor, 340);
    assert_eq!(cart.merchandise_minor, 940);
    assert_eq!(cart.code_problem, None);
    // Free shipping takes the shipping.
    let free = apply_discounts(&rules, Some("SHIPFREE"), 4_000, 499, 0, USD);
    assert_eq!((free.merchandise_minor, free.shipping_minor), (600, 499));
    // An unknown code takes nothing and says why.
    let unknown = apply_discounts(&rules, Some("NOPE"), 4_000, 499, 0, USD);
    assert_eq!(unknown.applied.len(), 1);
    assert_eq!(
        unknown.code_problem.as_deref(),
        Some("The code NOPE does not exist.")
    );
    // Nothing takes more than the merchandise.
    let big = [rule("code", "BIG", "amount", 10_000)];
    assert_eq!(
        apply_discounts(&big, Some("BIG"), 2_500, 0, 0, USD).merchandise_minor,
        2_500
    );
}

#[test]
fn a_code_applies_only_within_its_dates_limits_and_minimum() {
    let base = rule("code", "X", "percent", 1000);
    let now = 1_000;
    assert_eq!(refusal(&base, 100, now, USD), None);
    let cases = [
        (
            DiscountRule {
                starts_at: Some(2_000),
                ..base.clone()
            },
            "This code is not valid yet.",
        ),
        (
            DiscountRule {
                ends_at: Some(1_000),
                ..base.clone()
            },
            "This code has expired.",
        ),
        (
            DiscountRule {
                usage_limit: Some(3),
                used: 3,
                ..base.clone()
            },
            "This code has reached its usage limit.",
        ),
        (
            DiscountRule {
                per_customer_limit: Some(1),
                used_by_customer: 1,
                ..base.clone()
            },
            "You have already used this code.",
        ),
        (
            DiscountRule {
                min_subtotal_minor: Some(5_000),
                ..base.clone()
            },
            "This code needs a subtotal of at least 50.00.",
        ),
        (
            DiscountRule {
                is_active: false,
                ..base.clone()
            },
            "This code is not active.",
        ),
    ];
    for (rule, says) in cases {
        assert_eq!(refusal(&rule, 100, now, USD).as_deref(), Some(says));
    }
}

fn order() -> OrderState {
    // Two lines (20.00 x 2, 10.00 x 1), 5.00 off the merchandise, 4.99 shipping: "49.99".parse().expect("money") paid.
    OrderState {
        lines: vec![
            LineState {
                quantity: 2,
                price_minor: 2_000,
                ..LineState::default()
            },
            LineState {
                quantity: 1,
                price_minor: 1_000,
                ..LineState::default()
            },
        ],
        subtotal_minor: 5_000,
        shipping_minor: 499,
        merchandise_discount_minor: 500,
        grand_total_minor: 4_999,
        financial_status: "paid".to_owned(),
        ..OrderState::default()
    }
}

fn lines(list: &[(u32, i64)]) -> Vec<LineQuantity> {
    list.iter()
        .map(|(line, quantity)| LineQuantity {
            line: *line,
            quantity: *quantity,
        })
        .collect()
}

#[test]
fn a_fulfilment_ships_no_more_than_is_left_of_a_paid_order() {
    let mut state = order();
    let input = |l: &[(u32, i64)], carrier: &str, tracking: &str| FulfillmentInput {
        lines: lines(l),
        carrier: carrier.to_owned(),
        tracking_number: tracking.to_owned(),
        notify_customer: None,
    };
    assert_eq!(
        check_fulfilment(&state, &input(&[(0, 2)], "UPS", "1Z999")),
        Ok(vec![(0, 2)])
    );
    assert!(check_fulfilment(&state, &input(&[(0, 3)], "", "")).is_err());
    assert!(check_fulfilment(&state, &input(&[(2, 1)], "", "")).is_err());
    // The largest line number a client can send is refused, not counted past.
    assert_eq!(
        check_fulfilment(&state, &input(&[(u32::MAX, 1), (u32::MAX, 1)], "", "")),
        Err(vec![
            "The order has no line 4294967296.".to_owned(),
            "The order has no line 4294967296.".to_owned()
        ])
    );
    assert!(check_fulfilment(&state, &input(&[(0, 0)], "", "")).is_err());
    assert!(check_fulfilment(&state, &input(&[], "", "")).is_err());
    assert_eq!(
        check_fulfilment(&state, &input(&[(0, 1)], "", "1Z999")),
        Err(vec!["Name the carrier of the tracking number.".to_owned()])
    );
    state.lines[0].fulfilled = 2;
    assert_eq!(fulfillment_status(&state.lines), "partial");
    state.lines[1].refunded = 1;
    assert_eq!(fulfillment_status(&state.lines), "fulfilled");
    state.lines[0].fulfilled = 0;
    state.lines[0].refunded = 2;
    assert_eq!(fulfillment_status(&state.lines), "closed");
    let mut pending = order();
    pending.financial_status = "pending".to_owned();
    assert!(check_fulfilment(&pending, &input(&[(0, 1)], "", "")).is_err());
}

#[test]
fn a_refund_gives_back_each_line_less_its_share_of_the_discount_and_never_more_than_was_paid() {
    let state = order();
    let refund = |l: &[(u32, i64)], shipping: &str| RefundInput {
        lines: lines(l),
        shipping: shipping.parse().expect("money"),
        restock: false,
        reason: String::new(),
    };
    // Line 2 (10.00) carries 1.00 of the 5.00 discount.
    assert_eq!(
        quote_refund(&state, &refund(&[(1, 1)], "0.0"))
            .expect("refund")
            .total_minor,
        900
    );
    // Everything left gives back exactly what was paid.
    assert_eq!(
        quote_refund(&state, &refund(&[(0, 2), (1, 1)], "4.99"))
            .expect("refund")
            .total_minor,
        4_999
    );
    for bad in [
        refund(&[(1, -1)], "0.0"),
        refund(&[(1, 2)], "0.0"),
        refund(&[(9, 1)], "0.0"),
        refund(&[], "-1.0"),
        refund(&[], "5.0"),
        refund(&[], "0.0"),
        refund(&[(1, 1), (1, 1)], "0.0"),
    ] {
        assert!(quote_refund(&state, &bad).is_err(), "{bad:?}");
    }
    let mut refunded = order();
    refunded.financial_status = "refunded".to_owned();
    assert!(quote_refund(&refunded, &refund(&[(1, 1)], "0.0")).is_err());
    assert_eq!(financial_after_refund(4_999, 900), "partially_refunded");
    assert_eq!(financial_after_refund(4_999, 4_999), "refunded");
}

#[test]
fn an_order_is_cancelled_once_and_only_before_anything_shipped() {
    let mut state = order();
    assert_eq!(check_cancel(&state), Ok(()));
    let all = cancel_refund(&state, true, "");
    assert_eq!(quote_refund(&state, &all).expect("all").total_minor, 4_999);
    state.lines[0].fulfilled = 1;
    assert!(check_cancel(&state).is_err());
    state.lines[0].fulfilled = 0;
    state.cancelled = true;
    assert!(check_cancel(&state).is_err());
}

fn taxes(included: bool, shipping: bool, rates: &[(&str, &str, &str)]) -> TaxSettings {
    TaxSettings {
        prices_include_tax: included,
        tax_shipping: shipping,
        rates: rates
            .iter()
            .map(|(country, region, percent)| TaxRate {
                country: (*country).to_owned(),
                region: (*region).to_owned(),
                percent: percent.parse().expect("a percent"),
            })
            .collect(),
    }
}

fn taxed(totals: &core_wasm::commerce::Totals) -> &core_wasm::commerce::TaxBreakdown {
    totals.tax.as_ref().expect("counted at an address")
}

fn refund(lines_of: &[(u32, i64)], shipping: &str) -> RefundInput {
    RefundInput {
        lines: lines(lines_of),
        shipping: shipping.parse().expect("an amount"),
        restock: false,
        reason: String::new(),
    }
}

#[test]
fn a_checkouts_tax_comes_after_its_discounts_and_shipping_and_its_lines_add_up() {
    // New York, 8.875 % added, shipping taxed: 19.99 + 2 × 12.50 less 10 % (4.50, shared
    // 2.00 and 2.50 by value), shipping 4.99 (free from 50.00). Taxed: 17.99, 22.50 and 4.99,
    // 45.48 in all, whose tax is 4.036… → 4.04: 1.60 and 2.00 on the lines, 0.44 on shipping.
    let us = taxes(false, true, &[("US", "NY", "8.875"), ("US", "", "4")]);
    let rules = [rule("code", "SAVE10", "percent", 1000)];
    let ny = taxed_totals(
        &[1999, 2500],
        Some(499),
        &rules,
        Some("SAVE10"),
        0,
        USD,
        TaxPlace {
            settings: &us,
            country: "us",
            region: " ny",
        },
    );
    assert_eq!(ny.discounts.merchandise_minor, 450);
    assert_eq!(ny.shipping_minor, 499);
    assert_eq!(
        (taxed(&ny).lines.clone(), taxed(&ny).shipping),
        (vec![160, 200], 44)
    );
    assert_eq!(taxed(&ny).total, 404);
    assert!(!taxed(&ny).included);
    assert_eq!(ny.total_minor, 4499 + 499 - 450 + 404);
    // Another state takes the country's rate; before an address is known there is no tax.
    let oregon = TaxPlace {
        settings: &us,
        country: "US",
        region: "OR",
    };
    let or = taxed_totals(
        &[1999, 2500],
        Some(499),
        &rules,
        Some("SAVE10"),
        0,
        USD,
        oregon,
    );
    assert_eq!(taxed(&or).total, 182);
    let cart = totals(&[1999, 2500], Some(499), &rules, Some("SAVE10"), 0, USD);
    assert_eq!((cart.tax.is_none(), cart.total_minor), (true, 4548));

    // Germany, 19 % in the prices: 119.00 + 59.50 ship free; the tax is the part above
    // price / 1.19, 19.00 and 9.50, and the total stays what the shopper saw.
    let de = taxes(true, true, &[("DE", "", "19")]);
    let berlin = taxed_totals(
        &[11_900, 5_950],
        Some(0),
        &[],
        None,
        0,
        core_wasm::formats::currency_or_default("EUR"),
        TaxPlace {
            settings: &de,
            country: "DE",
            region: "",
        },
    );
    assert_eq!(
        (taxed(&berlin).lines.clone(), taxed(&berlin).shipping),
        (vec![1_900, 950], 0)
    );
    assert_eq!((taxed(&berlin).total, berlin.total_minor), (2_850, 17_850));
    assert!(taxed(&berlin).included);

    // Yen have no decimals: 10 % of ¥1,980 is ¥198, untaxed shipping of ¥500.
    let jp = taxes(false, false, &[("JP", "", "10")]);
    let tokyo = taxed_totals(
        &[1_980],
        Some(500),
        &[],
        None,
        0,
        core_wasm::formats::currency_or_default("JPY"),
        TaxPlace {
            settings: &jp,
            country: "JP",
            region: "",
        },
    );
    assert_eq!((taxed(&tokyo).total, taxed(&tokyo).shipping), (198, 0));
    assert_eq!(tokyo.total_minor, 1_980 + 500 + 198);
}

#[test]
fn a_refund_gives_back_its_share_of_the_tax_and_everything_gives_back_all_of_it() {
    // The New York order above: 19.99 (tax 1.60) and 2 × 12.50 (tax 2.00), 4.50 off, shipping
    // 4.99 taxed 0.44; 49.52 paid.
    let mut order = OrderState {
        lines: vec![
            LineState {
                quantity: 1,
                price_minor: 1999,
                tax_minor: 160,
                ..LineState::default()
            },
            LineState {
                quantity: 2,
                price_minor: 1250,
                tax_minor: 200,
                ..LineState::default()
            },
        ],
        subtotal_minor: 4499,
        shipping_minor: 499,
        merchandise_discount_minor: 450,
        grand_total_minor: 4952,
        tax_minor: 404,
        shipping_tax_minor: 44,
        financial_status: "paid".to_owned(),
        currency: USD,
        ..OrderState::default()
    };
    // One of the two 12.50: 12.50 less its 1.25 of the discount, and half the line's tax.
    let one = quote_refund(&order, &refund(&[(1, 1)], "0")).expect("a refund");
    assert_eq!(
        (one.lines_minor, one.tax_minor, one.total_minor),
        (1125, 100, 1225)
    );
    order.lines[1].refunded = 1;
    order.refunded_minor = 1225;
    order.financial_status = "partially_refunded".to_owned();
    // Half the shipping gives back half its tax.
    let half = quote_refund(&order, &refund(&[], "2.50")).expect("a refund");
    assert_eq!(
        (half.shipping_minor, half.tax_minor, half.total_minor),
        (250, 22, 272)
    );
    // The rest: exactly what is left, 3.04 of it tax.
    let rest = quote_refund(&order, &refund(&[(0, 1), (1, 1)], "4.99")).expect("a refund");
    assert_eq!((rest.tax_minor, rest.total_minor), (304, 4952 - 1225));
    assert_eq!(rest.lines_minor, 1799 + 1125);
    // With the tax in the prices, it is part of what the lines give back, not added.
    order.taxes_included = true;
    let inside = quote_refund(&order, &refund(&[(0, 1)], "0")).expect("a refund");
    assert_eq!((inside.tax_minor, inside.total_minor), (160, 1799));
}
