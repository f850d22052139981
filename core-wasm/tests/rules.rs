//! The shell and analytics rules, case by case, from the JSON vectors under
//! `tests/vectors/shell/` and `tests/vectors/analytics/`. Each file names the function it tests
//! and lists cases `{name, args, expected}` or `{name, args, error}` (the error's code). The UI's
//! Vitest suite runs the same files through the WebAssembly build with the same dispatch, so
//! both targets give the same answers.

use core_wasm::{analytics, shell};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

fn arg<T: DeserializeOwned>(args: &[Value], i: usize) -> T {
    serde_json::from_value(args[i].clone())
        .unwrap_or_else(|e| panic!("argument {i} of {args:?}: {e}"))
}

fn ok<T: serde::Serialize>(value: T) -> Result<Value, String> {
    Ok(serde_json::to_value(value).expect("serializable"))
}

/// Calls the core function a vector file names, as the WASM facade would.
fn call(function: &str, args: &[Value]) -> Result<Value, String> {
    match function {
        "mayOpen" => ok(shell::menu::may_open(
            &arg::<String>(args, 0),
            &arg::<Vec<String>>(args, 1),
        )),
        "menu" => ok(shell::menu::menu(&arg(args, 0))),
        "landingPath" => ok(shell::menu::landing_path(&arg(args, 0))),
        "returnPath" => ok(shell::return_path(&arg::<String>(args, 0))),
        "judgeSession" => ok(shell::judge_session(&arg(args, 0))),
        "accessRenewDue" => ok(shell::access_renew_due(
            &arg::<String>(args, 0),
            arg(args, 1),
            arg(args, 2),
        )),
        "money" => ok(shell::money(arg(args, 0), &arg(args, 1))),
        "moneyWithCode" => ok(shell::money_with_code(arg(args, 0), &arg(args, 1))),
        "notificationTime" => {
            shell::notification_time(&arg::<String>(args, 0), &arg::<String>(args, 1))
                .map(Value::from)
                .map_err(|e| e.code().to_owned())
        }
        "zoneChoice" => shell::zone_choice(&arg::<String>(args, 0), arg(args, 1))
            .map(|choice| json!(choice))
            .map_err(|e| e.code().to_owned()),
        "searchZones" => ok(shell::search_zones(&arg::<String>(args, 0))),
        "pageTitle" => ok(shell::page_title(&arg::<String>(args, 0))),
        "subdomainFor" => ok(shell::addresses::subdomain_for(&arg::<String>(args, 0))),
        "reservedSubdomainOf" => ok(shell::addresses::reserved_subdomain_of(&arg::<String>(
            args, 0,
        ))),
        "onboardingView" => ok(shell::onboarding_view(
            &arg(args, 0),
            &arg::<String>(args, 1),
        )),
        "rankBadge" => ok(shell::rank_badge(&arg::<String>(args, 0))),
        "checkRegister" => ok(shell::check_register(&arg(args, 0))),
        "checkForgotPassword" => ok(shell::check_forgot_password(&arg(args, 0))),
        "checkResetPassword" => ok(shell::check_reset_password(&arg(args, 0))),
        "checkChangePassword" => ok(shell::check_change_password(&arg(args, 0))),
        "checkStaffInvitation" => ok(shell::check_staff_invitation(&arg(args, 0))),
        "analyticsRange" => analytics::range(
            &arg::<String>(args, 0),
            &arg::<String>(args, 1),
            &arg::<String>(args, 2),
            arg(args, 3),
        )
        .map(|r| json!(r))
        .map_err(|e| e.code().to_owned()),
        "analyticsToday" => analytics::today(&arg::<String>(args, 0), arg(args, 1))
            .map(|r| json!(r))
            .map_err(|e| e.code().to_owned()),
        "analyticsYesterday" => analytics::yesterday(&arg::<String>(args, 0), arg(args, 1))
            .map(|r| json!(r))
            .map_err(|e| e.code().to_owned()),
        "analyticsBuckets" => analytics::buckets(&arg(args, 0))
            .map(|b| json!(b))
            .map_err(|e| e.code().to_owned()),
        "bucketIndex" => ok(analytics::bucket_index(&arg(args, 0), arg(args, 1))),
        "conversionRate" => ok(analytics::conversion_rate(arg(args, 0), arg(args, 1))),
        "cartTax" => ok(core_wasm::commerce::cart_tax(
            &arg::<Vec<i64>>(args, 0),
            arg(args, 1),
            core_wasm::commerce::rate_ppm(arg::<String>(args, 2).parse().expect("a rate"))
                .expect("a valid rate"),
            arg(args, 3),
            arg(args, 4),
        )),
        "refundTax" => ok(core_wasm::commerce::refund_tax(
            arg(args, 0),
            arg(args, 1),
            arg(args, 2),
            arg(args, 3),
        )),
        "aov" => ok(analytics::aov(
            arg(args, 0),
            arg(args, 1),
            core_wasm::formats::currency_or_default(
                args.get(2).and_then(Value::as_str).unwrap_or("USD"),
            ),
        )),
        "percentChange" => ok(analytics::percent_change(
            arg(args, 0),
            arg(args, 1),
            arg(args, 2),
            arg(args, 3),
        )),
        "chartValue" => ok(analytics::chart_value(arg(args, 0))),
        "axisLabel" => ok(analytics::axis_label(arg(args, 0))),
        "countryName" => ok(analytics::country_name(&arg::<String>(args, 0))),
        "pageAfter" => ok(analytics::page_after(arg(args, 0), arg(args, 1))),
        other => panic!("no function {other} in the vector dispatch"),
    }
}

/// Numbers compare as numbers: `7` and `7.0` are the same answer.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

fn run(file: &str) {
    let path = format!("{}/tests/vectors/{file}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {path}: {e}"));
    let vectors: Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("parse {path}: {e}"));
    let function = vectors["fn"].as_str().expect("fn");
    let cases = vectors["cases"].as_array().expect("cases");
    assert!(!cases.is_empty(), "{file} has no cases");
    let mut failures = Vec::new();
    for case in cases {
        let name = case["name"].as_str().unwrap_or("?");
        let args = case["args"].as_array().expect("args");
        let got = call(function, args);
        let expected = match case.get("error") {
            Some(code) => Err(code.as_str().expect("error code").to_owned()),
            None => Ok(case["expected"].clone()),
        };
        let pass = match (&got, &expected) {
            (Ok(g), Ok(e)) => same(g, e),
            (Err(g), Err(e)) => g == e,
            _ => false,
        };
        if !pass {
            failures.push(format!(
                "{name}:\n  got      {got:?}\n  expected {expected:?}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{file}: {} of {} cases failed\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

macro_rules! rules {
    ($($test:ident => $file:literal,)*) => {
        $(#[test] fn $test() { run($file); })*
    };
}

rules! {
    every_route_is_open_only_with_its_role_key => "shell/may_open",
    the_menu_has_the_specs_groups_for_each_variant_and_scope => "shell/menu",
    the_session_is_kept_renewed_or_ended_by_its_tokens => "shell/judge_session",
    a_token_is_renewed_ahead_by_its_lifetime_on_the_device => "shell/access_renew_due",
    staff_land_on_the_first_screen_their_scopes_open => "shell/landing_path",
    only_a_safe_admin_path_is_returned_to_after_sign_in => "shell/return_path",
    money_shows_the_sign_and_two_decimals => "shell/money",
    money_in_the_order_table_shows_the_code => "shell/money_with_code",
    notification_times_read_dd_mm_yyyy_hh_mm_ss_in_the_zone => "shell/notification_time",
    a_zone_choice_is_the_canonical_zone_with_its_offset_then => "shell/zone_choice",
    the_zone_search_finds_cities_former_names_and_utc => "shell/search_zones",
    the_page_title_is_the_capitalised_subdomain_and_product => "shell/page_title",
    a_new_store_never_gets_a_reserved_subdomain => "shell/subdomain_for",
    the_create_store_form_knows_a_reserved_subdomain => "shell/reserved_subdomain_of",
    the_onboarding_popup_truncates_at_50_and_fills_the_domain => "shell/onboarding_view",
    the_rank_badge_is_the_code_without_prefix_and_suffix => "shell/rank_badge",
    the_register_form_has_clear_messages => "shell/check_register",
    the_forgot_password_form_checks_the_email => "shell/check_forgot_password",
    the_reset_password_form_checks_confirmation_and_token => "shell/check_reset_password",
    the_change_password_form_needs_a_different_new_password => "shell/check_change_password",
    the_staff_invitation_needs_known_scopes => "shell/check_staff_invitation",
    ranges_are_local_days_in_the_store_zone => "analytics/range",
    today_is_today_in_the_store_zone => "analytics/today",
    yesterday_is_the_day_before_in_the_store_zone => "analytics/yesterday",
    a_day_has_six_four_hour_buckets_even_on_dst_days => "analytics/buckets",
    an_instant_falls_in_one_bucket => "analytics/bucket_index",
    conversion_rate_is_converted_over_vistors_times_100 => "analytics/conversion_rate",
    aov_is_sales_over_orders => "analytics/aov",
    tax_is_computed_after_discounts_per_line_adding_up => "commerce/cart_tax",
    a_refund_gives_back_its_share_of_tax_to_the_minor_unit => "commerce/refund_tax",
    percent_change_is_against_yesterday_in_today_mode_only => "analytics/percent_change",
    chart_values_round_to_two_decimals => "analytics/chart_value",
    axis_labels_abbreviate_thousands_as_k => "analytics/axis_label",
    countries_without_a_name_are_unknown => "analytics/country_name",
    the_order_table_pages_within_bounds_and_not_while_loading => "analytics/page_after",
}

#[test]
fn a_discount_is_checked_by_its_method_and_type() {
    let usd = core_wasm::formats::Currency::default;
    use core_wasm::catalog::check_discount;
    use shared_types::catalog::DiscountInput;
    let input = |method: Option<&str>, code: &str, value_type: &str, value: &str| DiscountInput {
        method: method.map(str::to_owned),
        code: code.to_owned(),
        value_type: value_type.to_owned(),
        value: value.parse().expect("an amount"),
        starts_at: None,
        ends_at: None,
        is_active: None,
        min_subtotal: None,
        usage_limit: None,
        per_customer_limit: None,
    };
    let ok = check_discount(&input(None, " spring-10 ", "percent", "10.0"), usd()).expect("valid");
    assert_eq!(
        (ok.method.as_str(), ok.code.as_str(), ok.value),
        ("code", "SPRING-10", 1000)
    );
    assert!(
        check_discount(
            &input(Some("automatic"), "Free shipping week", "amount", "5.0"),
            usd()
        )
        .is_ok()
    );
    assert!(check_discount(&input(Some("gift"), "X", "amount", "5.0"), usd()).is_err());
    assert!(check_discount(&input(None, "no spaces", "amount", "5.0"), usd()).is_err());
    assert!(check_discount(&input(None, "OK", "percent", "101.0"), usd()).is_err());
    let mut late = input(None, "LATE", "amount", "1.0");
    late.starts_at = Some(10);
    late.ends_at = Some(10);
    assert_eq!(
        check_discount(&late, usd()).err().as_deref(),
        Some("A discount ends after it starts.")
    );
}

/// The conversion rate's and the average order value's changes come from the exact ratios:
/// 11 of 800 sessions (1.375 %) against 19 of 1,200 (1.5833 %) is -13.16 %, where the rounded
/// 1.38 and 1.58 would give -12.66 %.
#[test]
fn rate_and_average_changes_are_computed_from_exact_values() {
    use shared_types::{AovResult, OrdersResult, OverviewPeriod, SalesResult};
    let period = |visitors: u64, converted: u64, sales: &str, orders: u64| OverviewPeriod {
        range: analytics::range("2026-11-02", "2026-11-02", "UTC", 1793620800000).expect("range"),
        conversion: analytics::funnel([visitors, 0, 0, 0, converted]),
        sales: SalesResult {
            total_sales: sales.parse().expect("an amount"),
            details: Default::default(),
        },
        orders: OrdersResult {
            total_orders: orders,
        },
        aov: AovResult {
            aov: analytics::aov(
                sales.parse().expect("an amount"),
                orders,
                core_wasm::formats::Currency::default(),
            ),
        },
        conversion_rate: analytics::conversion_rate(converted, visitors),
        locations: Vec::new(),
    };
    // AOV: 0.125 (0.13 shown) against 0.135 (0.14 shown): exact -7.41 %, rounded -7.14 %.
    let current = period(800, 11, "0.125", 1);
    let previous = period(1_200, 19, "0.135", 1);
    assert_eq!(
        (current.conversion_rate, previous.conversion_rate),
        (1.38, 1.58)
    );
    let changes = analytics::changes(&current, &previous, true);
    assert_eq!(changes.conversion_rate, -13.16);
    assert_eq!(changes.aov, -7.41);
    assert_eq!(changes.vistors, -33.3);
    // Outside today mode, nothing is compared.
    assert_eq!(
        analytics::changes(&current, &previous, false).conversion_rate,
        0.0
    );
}
