//! `ingest-bench [--seconds S] [--concurrency C] [--stores N]`: the ingest benchmark. It starts
//! the real server on a fresh SQLite file (WAL) on a loopback port, sends batches of 100 events
//! from `C` concurrent keep-alive clients in this process for `S` seconds, then checks that
//! every acknowledged event is stored and the rollups count every session, and prints events
//! per second and acknowledgement latencies (p50, p99, max) as JSON.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::http::{Method, Request, StatusCode, header};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use serde_json::json;

use super::percentile;
use server::analytics::ingest::MAX_EVENTS;
use server::config::Config;
use server::db::now_ms;
use server::state::AppState;

const BROWSER: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

/// Events per session in the generated batches: a page view, a product view, an add to cart
/// and another page view.
const KINDS: [&str; 4] = ["page_view", "view_content", "add_to_cart", "page_view"];

#[derive(Debug, Default)]
struct Tally {
    latencies_ms: Vec<f64>,
    accepted: u64,
    sessions: u64,
    refused: u64,
}

fn batch(store: usize, client: usize, n: u64) -> Vec<u8> {
    let now = now_ms();
    let sessions = MAX_EVENTS / KINDS.len();
    let events: Vec<_> = (0..sessions)
        .flat_map(|s| {
            KINDS.iter().enumerate().map(move |(i, kind)| {
                json!({"type": kind, "sessionId": format!("c{client}n{n}s{s}"),
                    "at": now - 1_000 + i as i64, "page": format!("/products/p{}", s % 40)})
            })
        })
        .collect();
    json!({"storeKey": format!("store-{store}"), "events": events})
        .to_string()
        .into_bytes()
}

/// Runs the command with its arguments (after `ingest-bench`).
pub async fn command(args: &[String]) -> Result<(), Box<dyn std::error::Error>> {
    let (mut seconds, mut concurrency, mut stores) = (10_u64, 32_usize, 50_usize);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let value = args
            .next()
            .and_then(|v| v.parse::<u64>().ok())
            .filter(|v| *v > 0)
            .ok_or_else(|| format!("{arg} takes a positive number"))?;
        match arg.as_str() {
            "--seconds" => seconds = value,
            "--concurrency" => concurrency = usize::try_from(value)?,
            "--stores" => stores = usize::try_from(value)?,
            other => return Err(format!("unknown argument {other:?}").into()),
        }
    }
    let dir = std::env::temp_dir().join(format!("storeloom-ingest-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let url = format!("sqlite://{}", dir.join("ingest.db").display());
    let db = server::db::connect(&url).await?;
    server::db::bench::add_stores(&db, stores).await?;
    let mut config = Config::for_tests(&url);
    config.seed_demo = false;
    config.trust_proxy_headers = true;
    let state = AppState::new(db.clone(), config).await?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let address = listener.local_addr()?;
    let app = server::app(state).into_make_service_with_connect_info::<SocketAddr>();
    tokio::spawn(async move { axum::serve(listener, app).await });

    let client: Client<_, Full<Bytes>> = Client::builder(TokioExecutor::new())
        .pool_max_idle_per_host(concurrency)
        .build_http();
    let started = Instant::now();
    let deadline = started + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for id in 0..concurrency {
        let client = client.clone();
        tasks.push(tokio::spawn(async move {
            let mut tally = Tally::default();
            let mut n = 0_u64;
            while Instant::now() < deadline {
                n += 1;
                let store = (id + usize::try_from(n).unwrap_or(0)) % stores;
                // Addresses of a proxy's clients, spread over 4,096 shoppers.
                let forwarded = format!("10.{}.{}.{}", id % 256, (n / 256) % 16, n % 256);
                let request = Request::builder()
                    .method(Method::POST)
                    .uri(format!("http://{address}/api/storefront/events"))
                    .header(header::CONTENT_TYPE, "application/json")
                    .header(header::USER_AGENT, BROWSER)
                    .header("x-forwarded-for", forwarded)
                    .body(Full::new(Bytes::from(batch(store, id, n))))?;
                let sent = Instant::now();
                let response = client.request(request).await?;
                let status = response.status();
                let body = response.into_body().collect().await?.to_bytes();
                tally
                    .latencies_ms
                    .push(sent.elapsed().as_secs_f64() * 1000.0);
                if status == StatusCode::ACCEPTED {
                    let receipt: shared_types::IngestReceipt = serde_json::from_slice(&body)?;
                    tally.accepted += u64::from(receipt.accepted);
                    tally.sessions += (MAX_EVENTS / KINDS.len()) as u64;
                } else {
                    tally.refused += 1;
                }
            }
            Ok::<Tally, Box<dyn std::error::Error + Send + Sync>>(tally)
        }));
    }
    let mut total = Tally::default();
    for task in tasks {
        let tally = task.await?.map_err(|e| e.to_string())?;
        total.latencies_ms.extend(tally.latencies_ms);
        total.accepted += tally.accepted;
        total.sessions += tally.sessions;
        total.refused += tally.refused;
    }
    let elapsed = started.elapsed().as_secs_f64();
    total.latencies_ms.sort_by(f64::total_cmp);
    let (stored, visitors) = server::db::bench::ingest_totals(&db).await?;
    let consistent =
        u64::try_from(stored)? == total.accepted && u64::try_from(visitors)? == total.sessions;
    let report = json!({
        "seconds": elapsed,
        "concurrency": concurrency,
        "stores": stores,
        "requests": total.latencies_ms.len(),
        "refused": total.refused,
        "events_accepted": total.accepted,
        "events_per_second": total.accepted as f64 / elapsed,
        "ack_ms": {
            "p50": percentile(&total.latencies_ms, 0.5),
            "p99": percentile(&total.latencies_ms, 0.99),
            "max": total.latencies_ms.last().copied().unwrap_or(0.0),
        },
        "events_stored": stored,
        "rollup_visitors": visitors,
        "sessions_sent": total.sessions,
        "consistent": consistent,
    });
    println!("{report}");
    let _ = std::fs::remove_dir_all(&dir);
    if !consistent {
        return Err("the stored events or the rollups do not match what was acknowledged".into());
    }
    Ok(())
}
