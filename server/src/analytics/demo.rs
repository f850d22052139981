//! Realistic storefront traffic for demo stores: sessions spread over the day as real shops see
//! them (quiet at night in the store's zone, busy in the evening, busier at weekends), a funnel
//! with plausible drop-offs, countries in proportions a small international shop sees, and every
//! paid order of the store as the checkout of one session, so the funnel and the sales agree.
//! `fill` writes past days in one go; `trickle` keeps a few shoppers browsing while the server
//! runs, now and then buying, so the live view and auto-refresh move.

use std::time::Duration;

use chrono::{TimeZone, Timelike};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sqlx::AnyPool;

use crate::db::demo_traffic;
use crate::db::events::{Event, store_events};
use crate::db::now_ms;
use crate::db::rollups::{DAY_MS, Deltas, HOUR_MS, rebuild};

/// Countries and their weights.
const COUNTRIES: [(&str, u32); 16] = [
    ("US", 340),
    ("GB", 80),
    ("CA", 70),
    ("VN", 60),
    ("AU", 50),
    ("DE", 50),
    ("FR", 40),
    ("NL", 25),
    ("JP", 25),
    ("BR", 20),
    ("IN", 20),
    ("SG", 15),
    ("MX", 15),
    ("ES", 15),
    ("SE", 10),
    ("", 15),
];

/// Relative visits per local hour (0 to 23).
const HOURLY: [u32; 24] = [
    3, 2, 1, 1, 1, 2, 4, 6, 8, 9, 10, 10, 11, 10, 10, 10, 11, 13, 15, 16, 15, 12, 8, 5,
];

/// Sessions per paid order: a 2.5 % conversion rate.
const SESSIONS_PER_ORDER: u64 = 40;

fn pick<'a>(rng: &mut StdRng, items: &'a [(&'a str, u32)]) -> &'a str {
    let total: u32 = items.iter().map(|(_, w)| w).sum();
    let mut roll = rng.random_range(0..total);
    for (item, weight) in items {
        if roll < *weight {
            return item;
        }
        roll -= weight;
    }
    items[0].0
}

fn session_id(rng: &mut StdRng) -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    (0..16)
        .map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())]))
        .collect()
}

/// A local hour drawn from the day's curve.
fn hour(rng: &mut StdRng) -> i64 {
    let total: u32 = HOURLY.iter().sum();
    let mut roll = rng.random_range(0..total);
    for (hour, weight) in HOURLY.iter().enumerate() {
        if roll < *weight {
            return i64::try_from(hour).unwrap_or(0);
        }
        roll -= weight;
    }
    12
}

/// The store's product paths, for page views.
async fn product_pages(db: &AnyPool, store_id: &str) -> Result<Vec<String>, sqlx::Error> {
    let mut pages: Vec<String> = demo_traffic::product_handles(db, store_id)
        .await?
        .into_iter()
        .map(|h| format!("/products/{h}"))
        .collect();
    if pages.is_empty() {
        pages.push("/products".to_owned());
    }
    Ok(pages)
}

/// One shopper's visit starting at `start`: a page view, then as far down the funnel as
/// `depth` (0 browse only, 1 viewed a product, 2 added to cart, 3 reached checkout,
/// 4 bought, ending at `end` when given).
fn session(
    rng: &mut StdRng,
    pages: &[String],
    start: i64,
    depth: u8,
    end: Option<i64>,
) -> Vec<Event> {
    let id = session_id(rng);
    let country = pick(rng, &COUNTRIES).to_owned();
    let product = pages[rng.random_range(0..pages.len())].clone();
    let mut at = start;
    let mut events = vec![];
    let mut push = |kind: i64, at: i64, page: &str| {
        events.push(Event {
            session_id: id.clone(),
            kind,
            at,
            page: page.to_owned(),
            country: country.clone(),
        });
    };
    push(1, at, if rng.random_bool(0.6) { "/" } else { &product });
    for _ in 0..rng.random_range(0..3) {
        at += rng.random_range(10_000..90_000);
        push(1, at, "/collections/all");
    }
    let steps: [(i64, &str); 4] = [
        (2, product.as_str()),
        (3, product.as_str()),
        (4, "/checkout"),
        (5, "/thank-you"),
    ];
    for (step, (kind, page)) in steps.iter().enumerate() {
        if usize::from(depth) <= step {
            break;
        }
        at += rng.random_range(15_000..120_000);
        if *kind == 5
            && let Some(end) = end
        {
            at = end.max(at - 60_000);
        }
        if *kind == 2 {
            push(1, at, page);
        }
        push(*kind, at, page);
    }
    events
}

/// How far a shopper who does not buy gets: most browse, few reach the checkout.
fn depth(rng: &mut StdRng) -> u8 {
    match rng.random_range(0..100) {
        0..=44 => 0,
        45..=84 => 1,
        85..=94 => 2,
        _ => 3,
    }
}

/// Fills `days` days before now with traffic for a store whose events are empty, matching its
/// orders: each paid or refunded order is one session's checkout, each pending or voided one a
/// session that reached the checkout, and forty browsing sessions per order besides. Returns
/// the number of events written.
pub async fn fill(db: &AnyPool, store_id: &str, days: i64, seed: u64) -> Result<u64, sqlx::Error> {
    if demo_traffic::event_count(db, store_id).await? > 0 {
        return Ok(0);
    }
    let now = now_ms();
    let since = now - days * DAY_MS;
    let zone = crate::db::stores::zone(db, store_id).await?;
    let zone: chrono_tz::Tz = zone.parse().unwrap_or(chrono_tz::America::Los_Angeles);
    let pages = product_pages(db, store_id).await?;
    let orders = demo_traffic::orders_since(db, store_id, since).await?;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut events = Vec::new();
    for (created, captured, status) in &orders {
        let paid = matches!(status.as_str(), "paid" | "refunded");
        let end = captured.unwrap_or(*created);
        let start = end - rng.random_range(4..25) * 60_000;
        events.extend(session(
            &mut rng,
            &pages,
            start,
            if paid { 4 } else { 3 },
            paid.then_some(end),
        ));
    }
    // Browsing sessions: per order, spread over the days with the local day's curve.
    let browsing =
        (orders.len() as u64).max(u64::try_from(days).unwrap_or(1) * 3) * SESSIONS_PER_ORDER;
    for _ in 0..browsing {
        let day = since + rng.random_range(0..days.max(1)) * DAY_MS;
        let local_hour = hour(&mut rng);
        let current = zone
            .timestamp_millis_opt(day)
            .single()
            .map(|t| i64::from(t.hour()))
            .unwrap_or(0);
        let weekend = chrono::DateTime::from_timestamp_millis(day)
            .map(|t| t.format("%u").to_string())
            .is_some_and(|d| d == "6" || d == "7");
        if !weekend && rng.random_range(0..10) == 0 {
            continue; // weekdays are a little quieter
        }
        let start =
            day + (local_hour - current).rem_euclid(24) * HOUR_MS + rng.random_range(0..HOUR_MS);
        if start >= now {
            continue;
        }
        let depth = depth(&mut rng);
        events.extend(session(&mut rng, &pages, start, depth, None));
    }
    events.retain(|e| e.at < now);
    let written = events.len() as u64;
    let mut tx = db.begin().await?;
    let rows: Vec<(&str, &Event)> = events.iter().map(|e| (store_id, e)).collect();
    for chunk in rows.chunks(5_000) {
        store_events(&mut tx, chunk, now).await?;
    }
    rebuild(&mut tx, Some(store_id)).await?;
    tx.commit().await?;
    Ok(written)
}

/// Keeps a few shoppers browsing `store_id` while the server runs: every few seconds a visit
/// starts or goes one step further, and about one in forty ends in a paid order.
pub fn trickle(db: AnyPool, store_id: String) {
    tokio::spawn(async move {
        let mut rng = StdRng::seed_from_u64(now_ms().unsigned_abs());
        let Ok(pages) = product_pages(&db, &store_id).await else {
            return;
        };
        loop {
            tokio::time::sleep(Duration::from_millis(rng.random_range(2_000..6_000))).await;
            let now = now_ms();
            let depth = if rng.random_range(0..40) == 0 {
                4
            } else {
                depth(&mut rng)
            };
            let start = now - rng.random_range(60_000..240_000);
            let events = session(&mut rng, &pages, start, depth, (depth == 4).then_some(now));
            if let Err(error) = trickle_once(&db, &store_id, &events, depth == 4, &mut rng).await {
                tracing::warn!(%error, "demo traffic");
            }
        }
    });
}

async fn trickle_once(
    db: &AnyPool,
    store_id: &str,
    events: &[Event],
    buys: bool,
    rng: &mut StdRng,
) -> Result<(), sqlx::Error> {
    let now = now_ms();
    let mut tx = db.begin().await?;
    let rows: Vec<(&str, &Event)> = events.iter().map(|e| (store_id, e)).collect();
    store_events(&mut tx, &rows, now).await?;
    if buys {
        let product_offset = rng.random_range(0..20_i64);
        let customer_offset = rng.random_range(0..20_i64);
        let country = events
            .first()
            .map(|e| e.country.clone())
            .unwrap_or_default();
        if let Some(price) = demo_traffic::place_order(
            &mut tx,
            store_id,
            product_offset,
            customer_offset,
            &country,
            now,
        )
        .await?
        {
            let mut deltas = Deltas::default();
            deltas.order(store_id, now, price, 1);
            deltas.write(&mut tx).await?;
        }
    }
    tx.commit().await
}
