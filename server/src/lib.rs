//! The Storeloom server: the JSON API under `/api`, the built admin UI under `/admin`.
//! `app` builds the router (tests drive it directly); `serve` opens the database and listens.

pub mod analytics;
pub mod auth;
pub mod client;
pub mod config;
pub mod db;
pub mod dns;
pub mod error;
pub mod live;
pub mod mail;
pub mod metrics;
pub mod paging;
pub mod routes;
pub mod services;
pub mod state;
pub mod storefront;
pub mod telemetry;

#[cfg(test)]
mod layers;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{DefaultPredicate, Predicate, SizeAbove};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use crate::config::Config;
use crate::error::ApiError;
use crate::state::AppState;

/// The admin's Content-Security-Policy: its own scripts and the core's WebAssembly
/// (`'wasm-unsafe-eval'`, nothing broader), inline styles (Mantine sets style attributes and
/// its CSS variables), the theme fonts' stylesheets and files from Google Fonts (the typography
/// picker shows a sample in the chosen font), pictures from anywhere on the web (product images
/// may be addresses), calls and frames to itself only (the storefront preview is on the same
/// origin), and no framing of the admin by anyone.
pub const ADMIN_CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
    style-src 'self' 'unsafe-inline' https://fonts.googleapis.com; \
    img-src 'self' data: blob: http: https:; font-src 'self' data: https://fonts.gstatic.com; \
    connect-src 'self'; frame-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; \
    form-action 'self'; frame-ancestors 'none'";

/// The largest request body any route reads: 1 MiB.
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

/// The whole application as one router.
pub fn app(state: AppState) -> Router {
    let index = state.config.static_dir.join("index.html");
    // The admin runs only its own scripts and the core's WebAssembly, frames only its own
    // storefront preview, and is never framed itself.
    // The build writes a Brotli and a gzip copy of every file beside it; they are sent to
    // browsers that take them.
    let admin = tower::ServiceBuilder::new()
        .layer(axum::middleware::from_fn(no_overlong_file_names))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(ADMIN_CSP),
        ))
        .service(
            ServeDir::new(&state.config.static_dir)
                .precompressed_br()
                .precompressed_gzip()
                .fallback(ServeFile::new(index)),
        );
    // The built files' names carry their content's hash: a browser keeps them for a year.
    let assets = tower::ServiceBuilder::new()
        .layer(axum::middleware::from_fn(no_overlong_file_names))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(ADMIN_CSP),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        ))
        .service(
            ServeDir::new(state.config.static_dir.join("assets"))
                .precompressed_br()
                .precompressed_gzip(),
        );
    let (api, _) = routes::router();
    // A picture's width the background job has not made yet (`x.jpg.w640.webp`) is served by
    // its original (`x.jpg`), not to be kept by caches, so the page shows the picture meanwhile.
    let picture_originals = tower::ServiceBuilder::new()
        .map_request(|mut request: axum::http::Request<axum::body::Body>| {
            let original = core_wasm::catalog::picture_original(request.uri().path())
                .and_then(|original| format!("/{original}").parse().ok());
            if let Some(uri) = original {
                *request.uri_mut() = uri;
            }
            request
        })
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ))
        .service(ServeDir::new(&state.config.upload_dir));
    // Uploaded images: never run as a page (no script, no plugin), even if a file were one.
    let uploads = tower::ServiceBuilder::new()
        .layer(axum::middleware::from_fn(no_overlong_file_names))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'; sandbox"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=86400"),
        ))
        .service(ServeDir::new(&state.config.upload_dir).fallback(picture_originals));
    let storefront_hosts = state.config.storefront_hosts;
    let router = Router::new()
        .nest("/api", api)
        .merge(storefront::router())
        .nest_service("/admin/assets", assets)
        .nest_service("/admin", admin)
        .nest_service("/uploads", uploads)
        .route(
            "/",
            axum::routing::get(|| async { Redirect::temporary("/admin") }),
        )
        .merge(crate::metrics::serve::router(&state))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        // Answers made per request (JSON, storefront pages) over 1 KiB are gzipped for clients
        // that ask; the admin's files come compressed already, pictures are left as they are.
        .layer(
            CompressionLayer::new()
                .gzip(true)
                .compress_when(DefaultPredicate::new().and(SizeAbove::new(1024))),
        )
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(CatchPanicLayer::custom(|_| {
            ApiError::internal("a handler panicked").into_response()
        }))
        // Every request counted and timed by its route template (`metrics`).
        .layer(axum::middleware::from_fn(crate::metrics::serve::track))
        .layer(TraceLayer::new_for_http().make_span_with(telemetry::request_span))
        // The trace id is given before the request's span is made.
        .layer(axum::middleware::from_fn(telemetry::trace_id))
        .with_state(state.clone());
    if storefront_hosts {
        // A store's own host names lead to its storefront: the path is rewritten before routing.
        let routed = axum::middleware::from_fn_with_state(state, storefront::host_routing);
        Router::new().fallback_service(tower::Layer::layer(&routed, router))
    } else {
        router
    }
}

/// The longest file name the file systems we serve from take (`NAME_MAX`).
const FILE_NAME_MAX_BYTES: usize = 255;

/// Answers 404 for a path to a file whose name no file system takes, before the file services
/// ask the disk (which answers "File name too long", an error, not a missing file). The path
/// is still percent-encoded here, never shorter than the name it decodes to.
async fn no_overlong_file_names(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    if request
        .uri()
        .path()
        .split('/')
        .any(|segment| segment.len() > FILE_NAME_MAX_BYTES)
    {
        return StatusCode::NOT_FOUND.into_response();
    }
    next.run(request).await
}

/// The OpenAPI document of the API, as `/api/openapi.json` serves it.
pub fn openapi() -> utoipa::openapi::OpenApi {
    routes::router().1
}

/// Answers an unknown `/api` path.
pub async fn api_not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        axum::Json(shared_types::ApiErrorBody {
            messages: vec!["No such API call.".to_owned()],
        }),
    )
        .into_response()
}

/// Seeds the demo accounts and stores where they are missing (`db::seed`), with `config`'s
/// placement, catalog size and uploads folder.
pub async fn seed_demo(
    db: &sqlx::AnyPool,
    config: &Config,
) -> Result<(), Box<dyn std::error::Error>> {
    let password_hash = auth::password::hash(db::seed::DEMO_PASSWORD.to_owned()).await?;
    let seed = db::seed::DemoSeed {
        password_hash: &password_hash,
        placement: config.store_placement(),
        full_catalog: config.demo_catalog,
        upload_dir: &config.upload_dir,
        theme_assets: storefront::theme_assets::PREFIX,
    };
    db::seed::demo(db, &seed).await
}

/// Opens the database, seeds the demo data when asked, and serves until Ctrl-C or SIGTERM.
pub async fn serve(config: Config) -> Result<(), Box<dyn std::error::Error>> {
    let db = db::connect(&config.database_url).await?;
    if config.seed_demo {
        seed_demo(&db, &config).await?;
        if config.demo_traffic {
            demo_traffic(&db, config.demo_trickle).await?;
        }
    }
    if let Some(url) = &config.smtp_url {
        mail::Sender::new(url, &config.smtp_from)?.spawn(db.clone());
    }
    services::retention::spawn(
        db.clone(),
        config.retention.clone(),
        config.smtp_url.is_some(),
    );
    // Pictures' widths, for new uploads and those from before, by whichever process claims each.
    services::pictures::spawn(db.clone(), config.upload_dir.clone());
    // Scheduled backups (BACKUP_DIR), one process on the database taking each.
    services::backup::spawn_schedule(db.clone(), config.clone());
    let listener = tokio::net::TcpListener::bind(config.listen).await?;
    let address = listener.local_addr()?;
    let state = AppState::new(db, config).await?;
    // Metrics on an address of their own (METRICS_ADDR), for a private interface.
    if let Some(metrics_address) = state.config.metrics.addr {
        let bound = crate::metrics::serve::serve_private(metrics_address, &state).await?;
        tracing::info!(%bound, "metrics listening");
    }
    tracing::info!(%address, "listening");
    println!("Storeloom is running at http://{address}/admin");
    let service = app(state).into_make_service_with_connect_info::<std::net::SocketAddr>();
    axum::serve(listener, service)
        .with_graceful_shutdown(shutdown_signal())
        .await?;
    Ok(())
}

/// Gives the Demo Store 90 days of storefront traffic (once) and, with `trickle`, keeps
/// shoppers coming.
async fn demo_traffic(db: &sqlx::AnyPool, trickle: bool) -> Result<(), Box<dyn std::error::Error>> {
    if let Some(store_id) = db::stores::id_by_subdomain(db, "demo").await? {
        let written = analytics::demo::fill(db, &store_id, 90, 2026).await?;
        if written > 0 {
            tracing::info!(written, "demo traffic");
        }
        if trickle {
            analytics::demo::trickle(db.clone(), store_id);
        }
    }
    Ok(())
}

/// `demo-traffic [--days N] [SUBDOMAIN ...]`: fills the named stores (every store when none is
/// named) with `N` days (default 90) of realistic traffic matching their orders.
/// `server operator add EMAIL`: makes an existing account one of the operator's staff (who may
/// then name others in the admin API). The account must be activated to use the rights.
pub async fn operator_command(
    config: &Config,
    args: &[String],
) -> Result<(), Box<dyn std::error::Error>> {
    let [verb, email] = args else {
        return Err("usage: server operator add EMAIL".into());
    };
    if verb != "add" {
        return Err("usage: server operator add EMAIL".into());
    }
    let db = db::connect(&config.database_url).await?;
    if !db::accounts::make_operator(&db, email).await? {
        return Err(format!("no account has the e-mail {email}").into());
    }
    println!("{email} is an operator");
    Ok(())
}

pub async fn demo_traffic_command(
    config: &Config,
    args: &[String],
) -> Result<(), Box<dyn std::error::Error>> {
    let mut days = 90_i64;
    let mut names = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if arg == "--days" {
            days = args
                .next()
                .and_then(|d| d.parse().ok())
                .filter(|d| core_wasm::limits::DEMO_TRAFFIC_DAYS.contains(d))
                .ok_or("--days takes a number of days from 1 to 366")?;
        } else {
            names.push(arg.clone());
        }
    }
    let db = db::connect(&config.database_url).await?;
    let stores = db::stores::subdomains(&db).await?;
    for (seed, (id, subdomain)) in stores.iter().enumerate() {
        if !names.is_empty() && !names.contains(subdomain) {
            continue;
        }
        let written = analytics::demo::fill(&db, id, days, seed as u64 + 1).await?;
        println!("{subdomain}: {written} events");
    }
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}
