//! The rules of the store's smaller records and settings.

use core_wasm::records::{
    bulk_price, chat_id_ok, option_set_problems, patch_problems, problems_of, purge_target,
    size_chart_problems, stock_problems,
};
use serde_json::json;
use shared_types::records::{BulkUpdate, OptionSet, ProductPatch, SizeChart, StockChange};

fn chart(columns: &[&str], rows: &[&[&str]]) -> SizeChart {
    SizeChart {
        name: "Tees".to_owned(),
        unit: "cm".to_owned(),
        columns: columns.iter().map(|c| (*c).to_owned()).collect(),
        rows: rows
            .iter()
            .map(|r| r.iter().map(|c| (*c).to_owned()).collect())
            .collect(),
        collection_ids: Vec::new(),
    }
}

const USD: core_wasm::formats::Currency = core_wasm::formats::CURRENCIES[0];

#[test]
fn a_size_chart_needs_one_cell_per_column_and_its_limits() {
    assert!(size_chart_problems(&chart(&["Size", "Chest"], &[&["S", "88"]])).is_empty());
    assert_eq!(
        size_chart_problems(&chart(&["Size", "Chest"], &[&["S"]])),
        ["Every row has one cell per column."]
    );
    let eleven = ["c"; 11];
    let row = ["x"; 11];
    assert!(
        size_chart_problems(&chart(&eleven, &[&row]))
            .contains(&"A size chart has 1 to 10 columns.".to_owned())
    );
    assert!(
        size_chart_problems(&chart(&["Size"], &[]))
            .contains(&"A size chart has 1 to 30 rows.".to_owned())
    );
}

#[test]
fn option_values_are_unique_ignoring_case() {
    let set = |values: &[&str]| OptionSet {
        name: "Size".to_owned(),
        display: "buttons".to_owned(),
        values: values.iter().map(|v| (*v).to_owned()).collect(),
    };
    assert!(option_set_problems(&set(&["S", "M"])).is_empty());
    assert_eq!(
        option_set_problems(&set(&["S", "s"])),
        ["Every value appears once."]
    );
}

#[test]
fn purge_targets_are_paths_or_http_addresses() {
    assert_eq!(purge_target("/products/a"), Some((None, "/products/a")));
    assert_eq!(
        purge_target("https://shop.example.com"),
        Some((Some("shop.example.com"), "/"))
    );
    for bad in [
        "//evil.com/x",
        "ftp://x/y",
        "javascript:alert(1)",
        "",
        "/a b",
    ] {
        assert_eq!(purge_target(bad), None, "{bad}");
    }
}

#[test]
fn bulk_prices_round_to_the_cent_and_stay_in_range() {
    let update = |operation: &str, amount: &str| BulkUpdate {
        collection_id: None,
        field: "price".to_owned(),
        operation: operation.to_owned(),
        amount: amount.parse().expect("money"),
        status: None,
        affected: None,
    };
    assert_eq!(
        bulk_price(&update("increasePercent", "10.0"), 1250, USD),
        1375
    );
    assert_eq!(
        bulk_price(&update("decreasePercent", "33.0"), 1000, USD),
        670
    );
    assert_eq!(bulk_price(&update("set", "19.99"), 1, USD), 1999);
    assert_eq!(
        bulk_price(&update("increasePercent", "1000.0"), 100_000_000_000, USD),
        100_000_000_000
    );
    // Whole yen: 10 % off ¥1,255 is ¥1,129.5, rounded away from zero to ¥1,130.
    let jpy = core_wasm::formats::currency_or_default("JPY");
    assert_eq!(
        bulk_price(&update("decreasePercent", "10.0"), 1255, jpy),
        1130
    );
    assert_eq!(bulk_price(&update("set", "1999"), 1, jpy), 1999);
}

#[test]
fn telegram_chats_are_ids_or_channel_names() {
    for good in ["123", "-1001234567890", "@storeloom_bot"] {
        assert!(chat_id_ok(good), "{good}");
    }
    for bad in ["", "-", "@abc", "@1abcde", "12a", "@has space"] {
        assert!(!chat_id_ok(bad), "{bad}");
    }
}

#[test]
fn batches_refuse_duplicates_and_out_of_range_values() {
    let change = |variant: &str, stock: i64| StockChange {
        product_id: "p".to_owned(),
        variant_id: variant.to_owned(),
        stock,
    };
    assert!(stock_problems(&[change("a", 1), change("b", 0)]).is_empty());
    assert!(!stock_problems(&[change("a", 1), change("a", 2)]).is_empty());
    assert!(!stock_problems(&[change("a", -1)]).is_empty());
    assert!(!stock_problems(&[]).is_empty());
    let patch = |id: &str, price: &str| ProductPatch {
        id: id.to_owned(),
        title: None,
        price: Some(price.parse().expect("money")),
        compare_at_price: None,
        status: None,
    };
    assert!(patch_problems(&[patch("a", "1.5")], USD).is_empty());
    assert!(!patch_problems(&[patch("a", "-1.0")], USD).is_empty());
    assert!(!patch_problems(&[patch("a", "1.0"), patch("a", "2.0")], USD).is_empty());
}

#[test]
fn the_check_by_kind_reads_json_and_names_unknown_kinds() {
    let online = problems_of("sales-channels", json!({"enabled": ["online_store"]}), USD);
    assert_eq!(online, Some(Ok(Vec::new())));
    let missing = problems_of("sales-channels", json!({"enabled": ["google"]}), USD);
    assert_eq!(
        missing,
        Some(Ok(vec!["The online store is always on.".to_owned()]))
    );
    assert!(matches!(
        problems_of("telegram", json!({}), USD),
        Some(Err(_))
    ));
    assert_eq!(problems_of("nope", json!({}), USD), None);
}
