//! The analytics pipeline: hand-computed fixtures (a 25-hour day in America/Los_Angeles, a
//! midnight in Asia/Kolkata and Asia/Ho_Chi_Minh, a store with no traffic), both read paths
//! agreeing, CSV totals equal to the endpoints', the ingest endpoint's limits (size, floods,
//! bots, the payload's country), and which stores a caller may report on.

use axum::body::Body;
use axum::http::{Method, StatusCode};
use serde_json::{Value, json};
use server::analytics::query::{self, Source, TestOrders};
use server::db::events::{Event, store_events};

use crate::helpers::{
    ORDERS_STAFF_EMAIL, OWNER_EMAIL, SELLER_EMAIL, TestApp, add_order, fresh_store, spawn_app,
    spawn_app_configured,
};

const BROWSER: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/// ms since the epoch of an RFC 3339 time.
fn at(text: &str) -> i64 {
    chrono::DateTime::parse_from_rfc3339(text)
        .expect("time")
        .timestamp_millis()
}

/// Writes events straight to the store, as the writer does after the edge checks (the
/// fixtures' days are older than the ingest endpoint's clock window).
async fn events(app: &TestApp, store_id: &str, list: &[(&str, i64, &str, &str)]) {
    let events: Vec<Event> = list
        .iter()
        .map(|(session, kind, time, country)| Event {
            session_id: (*session).to_owned(),
            kind: *kind,
            at: at(time),
            page: "/".to_owned(),
            country: (*country).to_owned(),
        })
        .collect();
    let rows: Vec<(&str, &Event)> = events.iter().map(|e| (store_id, e)).collect();
    let mut tx = app.state.db.begin().await.expect("transaction");
    store_events(&mut tx, &rows, server::db::now_ms())
        .await
        .expect("events");
    tx.commit().await.expect("commit");
}

async fn report(app: &TestApp, token: &str, store: &str, path: &str) -> Value {
    let reply = app.get(path).token(token).store(store).send().await;
    assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.text);
    reply.json
}

fn funnel(conversion: &Value) -> Vec<u64> {
    [
        "vistors",
        "view_content",
        "add_to_cart",
        "reached_checkout",
        "session_converted",
    ]
    .iter()
    .map(|step| conversion[step]["value"].as_u64().expect("value"))
    .collect()
}

/// The figures of one store over a range, read from `source` by `state` (one process).
async fn figures_of(
    state: &server::state::AppState,
    store: &str,
    (from, to, zone): (&str, &str, &str),
    source: Source,
    tests: TestOrders,
) -> query::Figures {
    let range = query::range(from, to, zone, server::db::now_ms()).expect("range");
    let buckets = query::buckets(&range).expect("buckets");
    query::figures(
        &state.db,
        &state.rollups,
        &[store.to_owned()],
        &buckets,
        Some(source),
        query::Countries::Read,
        tests,
    )
    .await
    .expect("figures")
}

/// Every read path gives the same figures for a range (the rollups in SQL and through the
/// in-memory index where they fit), with and without test orders.
async fn paths_agree(app: &TestApp, store: &str, from: &str, to: &str, zone: &str) {
    let range = query::range(from, to, zone, server::db::now_ms()).expect("range");
    let buckets = query::buckets(&range).expect("buckets");
    for tests in [TestOrders::Exclude, TestOrders::Include] {
        let raw = figures_of(&app.state, store, (from, to, zone), Source::Raw, tests).await;
        if query::rollups_fit(&buckets) {
            for source in [Source::Rollup, Source::Index] {
                let rollup = figures_of(&app.state, store, (from, to, zone), source, tests).await;
                assert_eq!(raw, rollup, "{from}..{to} in {zone}, {source:?}, {tests:?}");
            }
        }
    }
}

#[tokio::test]
async fn each_process_s_rollup_index_follows_the_database() {
    let app = spawn_app().await;
    let (_, store) = fresh_store(&app).await;
    // A second process on the same database: a state of its own, so an index of its own.
    let other = server::state::AppState::new(app.state.db.clone(), (*app.state.config).clone())
        .await
        .expect("second state");
    let day = ("2026-11-02", "2026-11-02", "UTC");
    let read = |state: &server::state::AppState| {
        let state = state.clone();
        let store = store.clone();
        async move {
            let index = figures_of(&state, &store, day, Source::Index, TestOrders::Exclude).await;
            let raw = figures_of(&state, &store, day, Source::Raw, TestOrders::Exclude).await;
            assert_eq!(index, raw, "the index against the raw rows");
            (index.funnel_total(), index.countries)
        }
    };
    events(&app, &store, &[("s1", 1, "2026-11-02T10:00:00Z", "DE")]).await;
    // Both processes fill their copies.
    let (funnel, countries) = read(&app.state).await;
    assert_eq!(funnel, [1, 0, 0, 0, 0]);
    assert_eq!(countries.get("DE"), Some(&1));
    assert_eq!(read(&other).await.0, funnel);
    // More events through the first process: the second reads only the rows written since its
    // version, in the same hour (a row it holds) and a new one.
    events(
        &app,
        &store,
        &[
            ("s2", 1, "2026-11-02T10:20:00Z", "US"),
            ("s1", 2, "2026-11-02T10:25:00Z", "DE"),
            ("s3", 1, "2026-11-02T08:00:00Z", "US"),
        ],
    )
    .await;
    let (funnel, countries) = read(&other).await;
    assert_eq!(funnel, [3, 1, 0, 0, 0]);
    assert_eq!(countries.get("US"), Some(&2));
    // A late event moves s2 to the day before: a row of this day loses a session.
    events(&app, &store, &[("s2", 1, "2026-11-01T23:00:00Z", "US")]).await;
    let (funnel, countries) = read(&app.state).await;
    assert_eq!(funnel, [2, 1, 0, 0, 0]);
    assert_eq!(countries.get("US"), Some(&1));
    assert_eq!(read(&other).await.0, funnel);
    // A rebuild deletes the rows and writes them again: both copies are read again whole.
    let mut tx = app.state.db.begin().await.expect("transaction");
    server::db::rollups::rebuild(&mut tx, Some(&store))
        .await
        .expect("rebuild");
    tx.commit().await.expect("commit");
    events(&app, &store, &[("s4", 1, "2026-11-02T12:00:00Z", "VN")]).await;
    assert_eq!(read(&app.state).await.0, [3, 1, 0, 0, 0]);
    assert_eq!(read(&other).await.0, [3, 1, 0, 0, 0]);
}

#[tokio::test]
async fn a_25_hour_day_in_los_angeles_gives_the_hand_computed_overview() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    // 2026-11-01 in Los Angeles runs from 07:00Z to 08:00Z the next day (clocks fall back at
    // 02:00 PDT). Its six buckets start at local 00, 04, 08, 12, 16, 20: 07Z, 12Z, 16Z, 20Z,
    // 00Z and 04Z; the first is five hours long.
    events(
        &app,
        &store,
        &[
            // s1: 01:30 PDT, browses, views, adds to cart, views a page again.
            ("s1", 1, "2026-11-01T08:30:00Z", "US"),
            ("s1", 2, "2026-11-01T08:35:00Z", "US"),
            ("s1", 3, "2026-11-01T08:40:00Z", "US"),
            ("s1", 1, "2026-11-01T08:45:00Z", "US"),
            ("s1", 3, "2026-11-01T08:50:00Z", "US"),
            // s2: 01:30 PST, the hour that happens twice.
            ("s2", 1, "2026-11-01T09:30:00Z", "VN"),
            // s3: the last instant of the first bucket, buying in the second.
            ("s3", 1, "2026-11-01T11:59:59.999Z", ""),
            ("s3", 2, "2026-11-01T12:01:00Z", ""),
            ("s3", 3, "2026-11-01T12:03:00Z", ""),
            ("s3", 4, "2026-11-01T12:06:00Z", ""),
            ("s3", 5, "2026-11-01T12:10:00Z", ""),
            // s4: 23:59 PST, the day's last minute.
            ("s4", 1, "2026-11-02T07:59:00Z", "US"),
            // Outside: the next local day, and the day before.
            ("s5", 1, "2026-11-02T08:00:00Z", "US"),
            ("s6", 1, "2026-11-01T06:59:59.999Z", "GB"),
        ],
    )
    .await;
    add_order(
        &app,
        &store,
        1001,
        10_010,
        "paid",
        Some(at("2026-11-01T12:10:00Z")),
    )
    .await;
    add_order(
        &app,
        &store,
        1002,
        2_000,
        "paid",
        Some(at("2026-11-02T07:30:00Z")),
    )
    .await;
    add_order(
        &app,
        &store,
        1003,
        5_000,
        "refunded",
        Some(at("2026-11-01T13:00:00Z")),
    )
    .await;
    add_order(&app, &store, 1004, 7_000, "pending", None).await;
    add_order(
        &app,
        &store,
        1005,
        999,
        "paid",
        Some(at("2026-11-02T08:00:00Z")),
    )
    .await;

    let query = "fromTime=2026-11-01&toTime=2026-11-01&timezone=America/Los_Angeles";
    let overview = report(
        &app,
        &token,
        &store,
        &format!("/api/stores/analytics/overview?{query}"),
    )
    .await;
    let current = &overview["current"];
    assert_eq!(funnel(&current["conversion"]), vec![4, 2, 2, 1, 1]);
    assert_eq!(
        current["conversion"]["vistors"]["is_tracked_previous_action"],
        false
    );
    assert_eq!(
        current["conversion"]["session_converted"]["is_tracked_previous_action"],
        true
    );
    assert_eq!(current["sales"]["total_sales"], 120.10);
    let labels: Vec<i64> = [
        "2026-11-01T07:00:00Z",
        "2026-11-01T12:00:00Z",
        "2026-11-01T16:00:00Z",
        "2026-11-01T20:00:00Z",
        "2026-11-02T00:00:00Z",
        "2026-11-02T04:00:00Z",
    ]
    .iter()
    .map(|t| at(t))
    .collect();
    assert_eq!(current["sales"]["details"]["labels"], json!(labels));
    assert_eq!(
        current["sales"]["details"]["dataset"],
        json!([0.0, 100.1, 0.0, 0.0, 0.0, 20.0])
    );
    assert_eq!(current["orders"]["total_orders"], 2);
    assert_eq!(current["aov"]["aov"], 60.05);
    assert_eq!(current["conversion_rate"], 25.0);
    assert_eq!(
        current["locations"],
        json!([
            {"key": "US", "session_count": {"value": 2}},
            {"key": "", "session_count": {"value": 1}},
            {"key": "VN", "session_count": {"value": 1}},
        ])
    );
    // Not today: the cards show no change; the previous day (31 October) had one session.
    assert_eq!(overview["changes"]["vistors"], 0.0);
    assert_eq!(overview["previous"]["range"]["from"], "2026-10-31");
    assert_eq!(
        funnel(&overview["previous"]["conversion"]),
        vec![1, 0, 0, 0, 0]
    );
    assert_eq!(overview["period_changes"]["vistors"], 300.0);
    assert_eq!(overview["period_changes"]["total_sales"], 100.0);

    // The single-figure calls say the same.
    let sales = report(
        &app,
        &token,
        &store,
        &format!("/api/stores/analytics/sales?{query}"),
    )
    .await;
    assert_eq!(sales, current["sales"]);
    let conversion = report(
        &app,
        &token,
        &store,
        &format!("/api/stores/analytics/conversion?{query}"),
    )
    .await;
    assert_eq!(conversion, current["conversion"]);
    let orders = report(
        &app,
        &token,
        &store,
        &format!("/api/stores/analytics/orders?{query}"),
    )
    .await;
    assert_eq!(orders, json!({"total_orders": 2}));
    let aov = report(
        &app,
        &token,
        &store,
        &format!("/api/stores/analytics/aov?{query}"),
    )
    .await;
    assert_eq!(aov, json!({"aov": 60.05}));
    let locations = report(
        &app,
        &token,
        &store,
        &format!("/api/stores/analytics/locations?{query}"),
    )
    .await;
    assert_eq!(locations, current["locations"]);

    // The paid-orders table: the two paid orders, newest first.
    let table = report(
        &app,
        &token,
        &store,
        "/api/stores/analytics/paid-orders?page=1&limit=10&startDate=2026-11-01&endDate=2026-11-01&timezone=America/Los_Angeles&financialStatus=paid",
    )
    .await;
    let names: Vec<&str> = table["orders"]
        .as_array()
        .expect("orders")
        .iter()
        .map(|o| o["orderName"].as_str().expect("name"))
        .collect();
    assert_eq!(names, ["#1002", "#1001"]);
    assert_eq!(table["total"], 2);

    paths_agree(
        &app,
        &store,
        "2026-11-01",
        "2026-11-01",
        "America/Los_Angeles",
    )
    .await;
    paths_agree(
        &app,
        &store,
        "2026-10-25",
        "2026-11-03",
        "America/Los_Angeles",
    )
    .await;
    paths_agree(&app, &store, "2026-10-31", "2026-11-02", "UTC").await;
}

#[tokio::test]
async fn midnight_in_kolkata_and_ho_chi_minh_splits_the_days_exactly() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    // Kolkata's midnight of 11 November is 18:30Z on the 10th, inside a UTC hour, so only the
    // raw path can split it; Ho Chi Minh City's is 17:00Z.
    events(
        &app,
        &store,
        &[
            ("a", 1, "2026-11-10T16:59:00Z", "IN"),
            ("b", 1, "2026-11-10T17:00:00Z", "IN"),
            ("c", 1, "2026-11-10T18:29:59Z", "IN"),
            ("d", 1, "2026-11-10T18:30:00Z", "VN"),
            ("d", 5, "2026-11-10T18:40:00Z", "VN"),
        ],
    )
    .await;
    add_order(
        &app,
        &store,
        2001,
        1_500,
        "paid",
        Some(at("2026-11-10T18:29:00Z")),
    )
    .await;
    add_order(
        &app,
        &store,
        2002,
        2_500,
        "paid",
        Some(at("2026-11-10T18:40:00Z")),
    )
    .await;

    let kolkata = report(
        &app,
        &token,
        &store,
        "/api/stores/analytics/overview?fromTime=2026-11-10&toTime=2026-11-11&timezone=Asia/Kolkata",
    )
    .await;
    let current = &kolkata["current"];
    assert_eq!(
        current["sales"]["details"]["labels"],
        json!([at("2026-11-09T18:30:00Z"), at("2026-11-10T18:30:00Z")])
    );
    assert_eq!(current["sales"]["details"]["dataset"], json!([15.0, 25.0]));
    assert_eq!(funnel(&current["conversion"]), vec![4, 0, 0, 0, 1]);
    let day_one = report(
        &app,
        &token,
        &store,
        "/api/stores/analytics/overview?fromTime=2026-11-10&toTime=2026-11-10&timezone=Asia/Kolkata",
    )
    .await;
    assert_eq!(
        funnel(&day_one["current"]["conversion"]),
        vec![3, 0, 0, 0, 0]
    );
    assert_eq!(day_one["current"]["sales"]["total_sales"], 15.0);

    let saigon = report(
        &app,
        &token,
        &store,
        "/api/stores/analytics/overview?fromTime=2026-11-10&toTime=2026-11-11&timezone=Asia/Ho_Chi_Minh",
    )
    .await;
    let current = &saigon["current"];
    assert_eq!(
        current["sales"]["details"]["labels"],
        json!([at("2026-11-09T17:00:00Z"), at("2026-11-10T17:00:00Z")])
    );
    assert_eq!(current["sales"]["details"]["dataset"], json!([0.0, 40.0]));
    let day_two = report(
        &app,
        &token,
        &store,
        "/api/stores/analytics/locations?fromTime=2026-11-11&toTime=2026-11-11&timezone=Asia/Ho_Chi_Minh",
    )
    .await;
    assert_eq!(
        day_two,
        json!([
            {"key": "IN", "session_count": {"value": 2}},
            {"key": "VN", "session_count": {"value": 1}},
        ])
    );
    paths_agree(&app, &store, "2026-11-10", "2026-11-11", "Asia/Ho_Chi_Minh").await;
    paths_agree(&app, &store, "2026-11-11", "2026-11-11", "Asia/Ho_Chi_Minh").await;
}

#[tokio::test]
async fn a_store_with_no_traffic_gives_zeros_and_empty_lists() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    let overview = report(&app, &token, &store, "/api/stores/analytics/overview").await;
    let current = &overview["current"];
    assert_eq!(funnel(&current["conversion"]), vec![0, 0, 0, 0, 0]);
    assert_eq!(
        current["conversion"]["view_content"]["is_tracked_previous_action"],
        false
    );
    assert_eq!(current["sales"]["total_sales"], 0.0);
    assert_eq!(
        current["sales"]["details"]["dataset"],
        json!([0.0, 0.0, 0.0, 0.0, 0.0, 0.0])
    );
    assert_eq!(current["aov"]["aov"], 0.0);
    assert_eq!(current["conversion_rate"], 0.0);
    assert_eq!(current["locations"], json!([]));
    assert_eq!(current["range"]["todayMode"], true);
    assert_eq!(overview["changes"]["total_sales"], 0.0);
    let table = report(&app, &token, &store, "/api/stores/analytics/paid-orders").await;
    assert_eq!(table["orders"], json!([]));
    assert_eq!(table["total"], 0);
    let live = report(&app, &token, &store, "/api/stores/analytics/live").await;
    assert_eq!(live["activeSessions"], 0);
    let csv = app
        .get("/api/stores/analytics/export?report=paid-orders")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(
        csv.text,
        "order,customer,paid_at,amount,currency,payment_method,card,discount,tax,taxes_included,refunded,ship_to,note\nTotal,,,0.00,,,,,,,,,\n"
    );
}

#[tokio::test]
async fn csv_exports_total_the_endpoints_to_the_cent() {
    let app = spawn_app().await;
    let (token, _, demo) = app.session_of(OWNER_EMAIL).await;
    let demo = demo.expect("store");
    // Amounts whose float sums drift: 0.1 + 0.2 and friends.
    let now = server::db::now_ms();
    for (i, cents) in [10, 20, 30, 1_999, 333, 1].iter().enumerate() {
        add_order(
            &app,
            &demo,
            5000 + i as i64,
            *cents,
            "paid",
            Some(now - 60_000),
        )
        .await;
    }
    let filters = "fromTime=2026-01-01&toTime=2026-12-31&timezone=UTC";
    let overview = report(
        &app,
        &token,
        &demo,
        &format!("/api/stores/analytics/overview?{filters}"),
    )
    .await;
    let total_sales = overview["current"]["sales"]["total_sales"]
        .as_f64()
        .expect("sales");
    let total_orders = overview["current"]["orders"]["total_orders"]
        .as_u64()
        .expect("orders");
    assert!(total_orders >= 6);

    let csv = |report_name: &'static str| {
        let app = &app;
        let token = token.clone();
        let demo = demo.clone();
        async move {
            let reply = app
                .get(&format!(
                    "/api/stores/analytics/export?report={report_name}&{filters}"
                ))
                .token(&token)
                .store(&demo)
                .send()
                .await;
            assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
            assert!(
                reply.headers["content-type"]
                    .to_str()
                    .expect("type")
                    .starts_with("text/csv")
            );
            reply.text
        }
    };
    let overview_csv = csv("overview").await;
    let total = overview_csv.lines().last().expect("total row");
    let fields: Vec<&str> = total.split(',').collect();
    assert_eq!(fields[0], "Total");
    assert_eq!(fields[7], format!("{total_sales:.2}"));
    assert_eq!(fields[6], total_orders.to_string());
    // The buckets add up to the total row.
    let rows: Vec<Vec<&str>> = overview_csv
        .lines()
        .skip(1)
        .filter(|l| !l.starts_with("Total"))
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(rows.len(), 365);
    let cents: i64 = rows
        .iter()
        .map(|r| {
            let (whole, part) = r[7].split_once('.').expect("amount");
            whole.parse::<i64>().expect("whole") * 100 + part.parse::<i64>().expect("cents")
        })
        .sum();
    assert_eq!(format!("{}.{:02}", cents / 100, cents % 100), fields[7]);

    let orders_csv = csv("paid-orders").await;
    let lines: Vec<&str> = orders_csv.lines().collect();
    assert_eq!(lines.len() as u64, total_orders + 2);
    assert_eq!(
        lines.last().expect("total"),
        &format!("Total,,,{total_sales:.2},,,,,,,,,")
    );
    let count = report(
        &app,
        &token,
        &demo,
        "/api/stores/analytics/paid-orders/count?startDate=2026-01-01&endDate=2026-12-31&timezone=UTC",
    )
    .await;
    assert_eq!(count["count"].as_u64(), Some(total_orders));

    // The home dashboard's totals are the Overview's.
    let today = report(&app, &token, &demo, "/api/stores/analytics/overview").await;
    let totals = report(&app, &token, &demo, "/api/stores/dashboard/totals").await;
    assert_eq!(
        totals["total_sales"],
        today["current"]["sales"]["total_sales"]
    );
    assert_eq!(
        totals["total_orders"],
        today["current"]["orders"]["total_orders"]
    );

    let unknown = app
        .get("/api/stores/analytics/export?report=everything")
        .token(&token)
        .store(&demo)
        .send()
        .await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
}

async fn send_batch(
    app: &TestApp,
    body: &Value,
    headers: &[(&str, &str)],
) -> crate::helpers::Reply {
    let mut call = app.post("/api/storefront/events").json(body);
    for &(name, value) in headers {
        call = call.header(name, value);
    }
    call.send().await
}

fn batch(store: &str, session: &str, kinds: &[&str]) -> Value {
    let now = server::db::now_ms();
    json!({
        "storeKey": store,
        "events": kinds.iter().enumerate().map(|(i, kind)| json!({
            "type": kind, "sessionId": session, "at": now - 1_000 + i as i64, "page": "/products/shirt",
            "country": "US",
        })).collect::<Vec<_>>(),
    })
}

#[tokio::test]
async fn ingested_events_reach_the_overview_and_the_live_view_once_per_session() {
    let app = spawn_app_configured(|config| config.trust_proxy_headers = true).await;
    let (token, store) = fresh_store(&app).await;
    let headers = [
        ("user-agent", BROWSER),
        ("x-forwarded-for", "198.51.100.7"),
        ("cf-ipcountry", "DE"),
    ];
    let first = send_batch(
        &app,
        &batch(
            &store,
            "visit-1",
            &["page_view", "view_content", "add_to_cart", "add_to_cart"],
        ),
        &headers,
    )
    .await;
    assert_eq!(first.status, StatusCode::ACCEPTED, "{}", first.text);
    assert_eq!(first.json, json!({"accepted": 4, "dropped": 0}));
    // The same session again, and an event from last month (dropped, not refused).
    let mut second = batch(&store, "visit-1", &["page_view", "reached_checkout"]);
    second["events"]
        .as_array_mut()
        .expect("events")
        .push(json!({"type": "page_view", "sessionId": "old", "at": server::db::now_ms() - 30 * 86_400_000_i64}));
    let second = send_batch(&app, &second, &headers).await;
    assert_eq!(second.json, json!({"accepted": 2, "dropped": 1}));

    let overview = report(
        &app,
        &token,
        &store,
        "/api/stores/analytics/overview?timezone=UTC",
    )
    .await;
    assert_eq!(
        funnel(&overview["current"]["conversion"]),
        vec![1, 1, 1, 1, 0]
    );
    // The payload said US; the trusted proxy said DE.
    assert_eq!(
        overview["current"]["locations"],
        json!([{"key": "DE", "session_count": {"value": 1}}])
    );
    let live = report(&app, &token, &store, "/api/stores/analytics/live").await;
    assert_eq!(live["activeSessions"], 1);
    assert_eq!(
        live["pages"],
        json!([{"key": "/products/shirt", "sessions": 1}])
    );
    assert_eq!(live["countries"], json!([{"key": "DE", "sessions": 1}]));
    let (raw,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM analytics_events WHERE store_id = $1")
            .bind(&store)
            .fetch_one(&app.state.db)
            .await
            .expect("count");
    assert_eq!(raw, 6);

    // Without a trusted proxy, the payload's country is still not taken.
    let untrusted = spawn_app().await;
    let (token, store) = fresh_store(&untrusted).await;
    let reply = send_batch(
        &untrusted,
        &batch(&store, "visit-2", &["page_view"]),
        &[("user-agent", BROWSER), ("cf-ipcountry", "DE")],
    )
    .await;
    assert_eq!(reply.status, StatusCode::ACCEPTED);
    let locations = report(
        &untrusted,
        &token,
        &store,
        "/api/stores/analytics/locations?timezone=UTC",
    )
    .await;
    assert_eq!(
        locations,
        json!([{"key": "", "session_count": {"value": 1}}])
    );
}

#[tokio::test]
async fn a_repeated_overview_is_answered_from_the_cache_until_its_data_changes() {
    let app = spawn_app_configured(|config| config.trust_proxy_headers = true).await;
    let (token, store) = fresh_store(&app).await;
    let path = "/api/stores/analytics/overview?timezone=UTC";
    let headers = [("user-agent", BROWSER), ("x-forwarded-for", "198.51.100.8")];
    let visitors = |overview: &Value| funnel(&overview["current"]["conversion"])[0];
    let empty = report(&app, &token, &store, path).await;
    assert_eq!(visitors(&empty), 0);
    assert_eq!(report(&app, &token, &store, path).await, empty);
    let again = app
        .get(path)
        .token(&token)
        .store(store.as_str())
        .header("cache-control", "no-cache")
        .send()
        .await;
    assert_eq!(again.json, empty);
    app.state.overview_cache.run_pending_tasks();
    assert_eq!(app.state.overview_cache.entry_count(), 1);

    // An event, then a paid order: each answer after them counts them.
    let sent = send_batch(&app, &batch(&store, "visit-9", &["page_view"]), &headers).await;
    assert_eq!(sent.status, StatusCode::ACCEPTED, "{}", sent.text);
    assert_eq!(visitors(&report(&app, &token, &store, path).await), 1);
    crate::helpers::paid_orders(&app, &store, 1, 2_500).await;
    let paid = report(&app, &token, &store, path).await;
    assert_eq!(
        paid["current"]["sales"]["total_sales"],
        json!(25.0),
        "{paid}"
    );

    // Fulfilling the order changes the paid orders shown, so the cache moves on too.
    let (order,): (String,) = sqlx::query_as("SELECT id FROM orders WHERE store_id = $1")
        .bind(&store)
        .fetch_one(&app.state.db)
        .await
        .expect("order");
    let before =
        server::analytics::index::Versions::read(&app.state.db, std::slice::from_ref(&store))
            .await
            .expect("version")
            .total();
    let fulfilled = app
        .post(&format!("/api/stores/orders/{order}/fulfillments"))
        .json(&json!({"lines": [{"line": 0, "quantity": 1}], "carrier": "UPS", "trackingNumber": "1Z999"}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(fulfilled.status, StatusCode::CREATED, "{}", fulfilled.text);
    let after =
        server::analytics::index::Versions::read(&app.state.db, std::slice::from_ref(&store))
            .await
            .expect("version")
            .total();
    assert!(after > before, "{before} -> {after}");
}

#[tokio::test]
async fn bad_batches_are_refused_with_a_reason_and_nothing_kept() {
    let app = spawn_app().await;
    let (_, store) = fresh_store(&app).await;
    let agent = [("user-agent", BROWSER)];
    // 413 beyond 64 KiB, whether declared or not.
    let mut big = batch(&store, "s", &["page_view"]);
    big["events"][0]["page"] = json!("x".repeat(70 * 1024));
    let reply = send_batch(&app, &big, &agent).await;
    assert_eq!(reply.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(reply.messages(), ["A batch is at most 64 KiB."]);
    // More than 100 events.
    let many = batch(&store, "s", &["page_view"; 101]);
    let reply = send_batch(&app, &many, &agent).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert_eq!(reply.messages(), ["At most 100 events in one batch."]);
    // A session id of the wrong shape, an unknown type, broken JSON, an unknown store.
    let reply = send_batch(
        &app,
        &batch(&store, "no spaces please", &["page_view"]),
        &agent,
    )
    .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert!(
        reply.messages()[0].contains("sessionId"),
        "{:?}",
        reply.messages()
    );
    let reply = send_batch(&app, &batch(&store, "s", &["purchase"]), &agent).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    let reply = app
        .post("/api/storefront/events")
        .body("{\"storeKey\":")
        .header("user-agent", BROWSER)
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    let reply = send_batch(&app, &batch("no-such-store", "s", &["page_view"]), &agent).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert_eq!(reply.messages(), ["No store has this key."]);
    // Known bots are answered and dropped.
    for bot in [
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
        "python-requests/2.31.0",
        "",
    ] {
        let reply = send_batch(
            &app,
            &batch(&store, "bot", &["page_view", "view_content"]),
            &[("user-agent", bot)],
        )
        .await;
        assert_eq!(reply.status, StatusCode::ACCEPTED, "{bot}");
        assert_eq!(reply.json, json!({"accepted": 0, "dropped": 2}), "{bot}");
    }
    let (kept,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM analytics_events WHERE store_id = $1")
            .bind(&store)
            .fetch_one(&app.state.db)
            .await
            .expect("count");
    assert_eq!(kept, 0);
}

#[tokio::test]
async fn a_flood_from_one_address_is_throttled_while_another_store_passes() {
    let app = spawn_app_configured(|config| config.trust_proxy_headers = true).await;
    let (_, flooded) = fresh_store(&app).await;
    let other = app.store_id("demo").await;
    // Three seconds' allowance at once: however slow the machine, the batches land in at most
    // a few one-second windows, so one window gets more than the limit.
    let mut tasks = Vec::new();
    for n in 0..(3 * server::analytics::ingest::ADDRESS_LIMIT_PER_SECOND) {
        let router = app.router.clone();
        let body = batch(&flooded, &format!("f{n}"), &["page_view"]).to_string();
        tasks.push(tokio::spawn(async move {
            use tower::ServiceExt;
            let request = axum::http::Request::builder()
                .method(Method::POST)
                .uri("/api/storefront/events")
                .header("user-agent", BROWSER)
                .header("x-forwarded-for", "203.0.113.66")
                .header("content-type", "application/json")
                .body(Body::from(body))
                .expect("request");
            let response = router.oneshot(request).await.expect("response");
            let retry = response
                .headers()
                .get("retry-after")
                .map(|v| v.to_str().unwrap_or("").to_owned());
            (response.status(), retry)
        }));
    }
    let mut throttled = 0;
    for task in tasks {
        let (status, retry) = task.await.expect("task");
        match status {
            StatusCode::ACCEPTED => {}
            StatusCode::TOO_MANY_REQUESTS => {
                assert_eq!(retry.as_deref(), Some("1"));
                throttled += 1;
            }
            other => panic!("unexpected {other}"),
        }
    }
    assert!(throttled > 0, "the flood was throttled");
    // Meanwhile a shopper of another store, from another address, is served.
    let reply = send_batch(
        &app,
        &batch(&other, "shopper", &["page_view"]),
        &[("user-agent", BROWSER), ("x-forwarded-for", "192.0.2.1")],
    )
    .await;
    assert_eq!(reply.status, StatusCode::ACCEPTED, "{}", reply.text);
}

#[tokio::test]
async fn reports_cover_only_stores_the_caller_may_see() {
    let app = spawn_app().await;
    let (owner, _, demo) = app.session_of(OWNER_EMAIL).await;
    let demo = demo.expect("store");
    let sams = app.store_id("sams-goods").await;
    // Another owner's store in the list: as if it did not exist.
    let reply = app
        .get(&format!(
            "/api/stores/analytics/overview?stores={demo},{sams}"
        ))
        .token(&owner)
        .store(&demo)
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    // The orders clerk has no `dashboards` scope.
    let (clerk, _, _) = app.session_of(ORDERS_STAFF_EMAIL).await;
    let reply = app
        .get("/api/stores/analytics/overview")
        .token(&clerk)
        .store(&demo)
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::FORBIDDEN);
    // The seller's two stores together: figures of both.
    let (seller, _, _) = app.session_of(SELLER_EMAIL).await;
    let (_, fresh) = fresh_store(&app).await;
    add_order(
        &app,
        &fresh,
        1001,
        4_200,
        "paid",
        Some(server::db::now_ms() - 1_000),
    )
    .await;
    let one = report(&app, &seller, &sams, "/api/stores/analytics/orders").await;
    let both = report(
        &app,
        &seller,
        &sams,
        &format!("/api/stores/analytics/orders?stores={sams},{fresh}"),
    )
    .await;
    assert_eq!(
        both["total_orders"].as_u64(),
        one["total_orders"].as_u64().map(|n| n + 1)
    );
    // Bad ranges are the core's messages.
    let reply = app
        .get("/api/stores/analytics/overview?fromTime=2026-11-30&toTime=2026-11-01")
        .token(&seller)
        .store(&sams)
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    let reply = app
        .get("/api/stores/analytics/overview?timezone=Mars/Olympus")
        .token(&seller)
        .store(&sams)
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert!(
        reply.messages()[0].contains("Mars/Olympus"),
        "{:?}",
        reply.messages()
    );
}

/// The Overview of one UTC day.
fn day_overview(date: &str) -> String {
    format!("/api/stores/analytics/overview?fromTime={date}&toTime={date}&timezone=UTC")
}

/// The rollups kept on the way equal the ones rebuilt from the firsts and the orders.
async fn rollups_equal_a_rebuild(app: &TestApp, store: &str) {
    let kept = rollup_rows(app, store).await;
    let mut tx = app.state.db.begin().await.expect("transaction");
    server::db::rollups::rebuild(&mut tx, Some(store))
        .await
        .expect("rebuild");
    tx.commit().await.expect("commit");
    assert_eq!(kept, rollup_rows(app, store).await);
}

/// The rollups of a store as rows with something in them, to compare with a rebuild.
async fn rollup_rows(
    app: &TestApp,
    store: &str,
) -> (Vec<(i64, i64, i64)>, Vec<(i64, String, i64)>) {
    let hourly: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT hour_start, vistors, view_content FROM analytics_hourly \
         WHERE store_id = $1 AND (vistors <> 0 OR view_content <> 0) ORDER BY hour_start",
    )
    .bind(store)
    .fetch_all(&app.state.db)
    .await
    .expect("hourly");
    let countries: Vec<(i64, String, i64)> = sqlx::query_as(
        "SELECT day_start, country, sessions FROM analytics_daily_countries \
         WHERE store_id = $1 AND sessions <> 0 ORDER BY day_start, country",
    )
    .bind(store)
    .fetch_all(&app.state.db)
    .await
    .expect("countries");
    (hourly, countries)
}

#[tokio::test]
async fn a_late_batch_with_an_older_event_moves_the_session_to_its_earliest_time() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    // The second day's batch arrives first...
    events(
        &app,
        &store,
        &[
            ("s1", 1, "2026-11-02T10:00:00Z", "DE"),
            ("s1", 2, "2026-11-02T10:05:00Z", "DE"),
            ("s2", 1, "2026-11-02T11:00:00Z", "US"),
            ("s3", 1, "2026-11-02T12:30:00Z", "US"),
        ],
    )
    .await;
    // ...then one sent the evening before (retried late, from another connection's country),
    // a later view (no move) and an earlier event within the same hour (a move to nowhere new).
    events(
        &app,
        &store,
        &[
            ("s1", 1, "2026-11-01T23:30:00Z", "VN"),
            ("s1", 2, "2026-11-02T10:06:00Z", "VN"),
            ("s2", 1, "2026-11-02T11:10:00Z", "GB"),
            ("s3", 1, "2026-11-02T12:10:00Z", "US"),
        ],
    )
    .await;
    let first = report(&app, &token, &store, &day_overview("2026-11-01")).await;
    assert_eq!(funnel(&first["current"]["conversion"]), vec![1, 0, 0, 0, 0]);
    assert_eq!(
        first["current"]["locations"],
        json!([{"key": "VN", "session_count": {"value": 1}}])
    );
    let second = report(&app, &token, &store, &day_overview("2026-11-02")).await;
    assert_eq!(
        funnel(&second["current"]["conversion"]),
        vec![2, 1, 0, 0, 0]
    );
    assert_eq!(
        second["current"]["locations"],
        json!([{"key": "US", "session_count": {"value": 2}}])
    );
    // Both read paths agree, in whole-hour and quarter-hour zones.
    for zone in ["UTC", "Asia/Ho_Chi_Minh", "Asia/Kathmandu"] {
        paths_agree(&app, &store, "2026-11-01", "2026-11-02", zone).await;
    }
    rollups_equal_a_rebuild(&app, &store).await;
}

#[tokio::test]
async fn the_migration_moves_firsts_kept_before_the_rule_to_their_earliest_event() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    events(&app, &store, &[("s1", 1, "2026-11-02T10:00:00Z", "DE")]).await;
    // What the ingest used to leave: an older event of the session stored, the first unmoved.
    sqlx::query(
        "INSERT INTO analytics_events (store_id, session_id, kind, occurred_at, page, country, received_at) \
         VALUES ($1, 's1', 1, $2, '/', 'VN', $3)",
    )
    .bind(&store)
    .bind(at("2026-11-01T23:30:00Z"))
    .bind(server::db::now_ms())
    .execute(&app.state.db)
    .await
    .expect("old event");
    // Migration 0021's data part (its columns exist already).
    let migration = include_str!("../../migrations/0021_earliest_firsts.sql");
    let data: String = migration
        .split(';')
        .filter(|statement| !statement.contains("ALTER TABLE"))
        .collect::<Vec<_>>()
        .join(";");
    sqlx::raw_sql(sqlx::AssertSqlSafe(data))
        .execute(&app.state.db)
        .await
        .expect("migration");
    let first = report(&app, &token, &store, &day_overview("2026-11-01")).await;
    assert_eq!(funnel(&first["current"]["conversion"]), vec![1, 0, 0, 0, 0]);
    assert_eq!(
        first["current"]["locations"],
        json!([{"key": "VN", "session_count": {"value": 1}}])
    );
    let second = report(&app, &token, &store, &day_overview("2026-11-02")).await;
    assert_eq!(
        funnel(&second["current"]["conversion"]),
        vec![0, 0, 0, 0, 0]
    );
    rollups_equal_a_rebuild(&app, &store).await;
}

#[tokio::test]
async fn a_cached_overview_is_gzipped_once_for_the_clients_that_take_it() {
    use std::io::Read;
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    let path = "/api/stores/analytics/overview?timezone=UTC";
    let plain = report(&app, &token, &store, path).await;
    // Computed, then from the cache: both gzipped, both the same JSON.
    for _ in 0..2 {
        let reply = app
            .get(path)
            .token(&token)
            .store(&store)
            .header("accept-encoding", "br;q=1, gzip;q=0.8")
            .send()
            .await;
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(reply.headers["content-encoding"], "gzip");
        assert_eq!(reply.headers["vary"], "accept-encoding");
        let mut json = String::new();
        flate2::read::GzDecoder::new(&reply.bytes[..])
            .read_to_string(&mut json)
            .expect("gzip");
        assert_eq!(serde_json::from_str::<Value>(&json).expect("json"), plain);
    }
    // `q=0` refuses gzip: the answer comes as it is.
    let refused = app
        .get(path)
        .token(&token)
        .store(&store)
        .header("accept-encoding", "gzip;q=0")
        .send()
        .await;
    assert!(refused.headers.get("content-encoding").is_none());
    assert_eq!(refused.json, plain);
}

/// The paid-orders page reads each store's listed orders in the page's order from the partial
/// index of migration 0023, so a page costs the rows it shows, not every order of the range.
#[tokio::test]
async fn a_page_of_paid_orders_reads_each_store_through_its_partial_index() {
    let app = spawn_app().await;
    let mut conn = app.state.db.acquire().await.expect("connection");
    let postgres = std::env::var("TEST_DATABASE_URL").is_ok_and(|url| url.starts_with("postgres"));
    for tests in [TestOrders::Exclude, TestOrders::Include] {
        let sql = server::db::overview::paid_orders_sql(2, tests);
        // PostgreSQL's plan is one line a row; SQLite's line is the fourth column.
        let (explain, column) = if postgres {
            // The tables are tiny here, so scans that read everything would win on cost; with
            // them off, the plan shows which index the page's order can come from.
            for setting in ["SET enable_seqscan = off", "SET enable_bitmapscan = off"] {
                sqlx::query(setting)
                    .execute(&mut *conn)
                    .await
                    .expect("setting");
            }
            ("EXPLAIN", 0)
        } else {
            ("EXPLAIN QUERY PLAN", 3)
        };
        let plan: Vec<String> = sqlx::query(sqlx::AssertSqlSafe(format!("{explain} {sql}")))
            .bind(0_i64)
            .bind(1_i64)
            .bind(10_i64)
            .bind(10_i64)
            .bind("a")
            .bind("b")
            .bind(0_i64)
            .fetch_all(&mut *conn)
            .await
            .expect("plan")
            .iter()
            .map(|row| sqlx::Row::get::<String, _>(row, column))
            .collect();
        // Every read of `orders` but the page's own rows by their key (`id`).
        let reads: Vec<&String> = plan
            .iter()
            .filter(|line| line.contains("orders"))
            .filter(|line| {
                line.contains("SEARCH") || line.contains("SCAN") || line.contains("Scan")
            })
            .filter(|line| !line.contains("(id=?)") && !line.contains("orders_pkey"))
            .collect();
        assert_eq!(reads.len(), 2, "{tests:?}: {plan:#?}");
        for read in reads {
            assert!(
                read.contains("orders_paid_by_capture"),
                "{tests:?}: {plan:#?}"
            );
        }
        if postgres {
            // Each store's rows come in the page's order: no sort of a store's orders.
            assert!(
                plan.iter()
                    .any(|line| line.contains("Scan Backward using orders_paid_by_capture")),
                "{tests:?}: {plan:#?}"
            );
        }
    }
}

/// The count under the paid-orders table reads SQLite's `orders` only through the partial
/// index, which holds `is_test`, not through `orders_by_store_paid` and every order's row.
#[tokio::test]
async fn the_paid_order_count_reads_sqlite_s_partial_index_only() {
    if std::env::var("TEST_DATABASE_URL").is_ok_and(|url| url.starts_with("postgres")) {
        return;
    }
    let app = spawn_app().await;
    for tests in [TestOrders::Exclude, TestOrders::Include] {
        let sql = server::db::overview::paid_order_count_sql(2, tests, true);
        let plan: Vec<String> =
            sqlx::query(sqlx::AssertSqlSafe(format!("EXPLAIN QUERY PLAN {sql}")))
                .bind("a")
                .bind("b")
                .bind(0_i64)
                .bind(1_i64)
                .fetch_all(&app.state.db)
                .await
                .expect("plan")
                .iter()
                .map(|row| sqlx::Row::get::<String, _>(row, 3))
                .collect();
        let reads: Vec<&String> = plan.iter().filter(|line| line.contains("orders")).collect();
        assert!(!reads.is_empty(), "{tests:?}: {plan:#?}");
        for read in reads {
            assert!(
                read.contains("orders_paid_by_capture"),
                "{tests:?}: {plan:#?}"
            );
        }
    }
}

/// The bundled SQLite is built with its query planner stability guarantee
/// (`.cargo/config.toml`): a bound value never makes it prepare a statement again, which cost
/// the Overview's statements several times their run (docs/decisions.md).
#[tokio::test]
async fn sqlite_keeps_a_statement_s_plan_whatever_is_bound() {
    if std::env::var("TEST_DATABASE_URL").is_ok_and(|url| url.starts_with("postgres")) {
        return;
    }
    let app = spawn_app().await;
    let (used,): (i64,) = sqlx::query_as("SELECT sqlite_compileoption_used('ENABLE_QPSG')")
        .fetch_one(&app.state.db)
        .await
        .expect("compile option");
    assert_eq!(used, 1, "SQLite is built without SQLITE_ENABLE_QPSG");
}
