//! The health check, the root redirect and the admin UI with its single-page fallback.

use axum::http::StatusCode;

use crate::helpers::{spawn_app, spawn_app_with};

#[tokio::test]
async fn health_reports_the_database_in_use() {
    let app = spawn_app().await;
    let reply = app.get("/api/health").send().await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.json["status"], "ok");
    let expected = match std::env::var("TEST_DATABASE_URL") {
        Ok(url) if url.starts_with("postgres") => "postgres",
        _ => "sqlite",
    };
    assert_eq!(reply.json["database"], expected);
}

#[tokio::test]
async fn the_liveness_probe_answers_without_the_database() {
    let app = spawn_app().await;
    app.state.db.close().await;
    let reply = app.get("/api/health/live").send().await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.json["status"], "live");
    assert!(!app.get("/api/health").send().await.status.is_success());
}

#[tokio::test]
async fn the_root_redirects_to_the_admin() {
    let app = spawn_app().await;
    let reply = app.get("/").send().await;
    assert!(reply.status.is_redirection());
    assert_eq!(reply.headers["location"], "/admin");
}

#[tokio::test]
async fn admin_routes_serve_the_ui_and_unknown_ones_fall_back_to_index() {
    let dir = std::env::temp_dir().join(format!("storeloom-ui-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("assets")).expect("dir");
    std::fs::write(dir.join("index.html"), "<!doctype html><title>ui</title>").expect("index");
    std::fs::write(dir.join("assets/app.js"), "console.log(1)").expect("asset");
    let app = spawn_app_with(Some(dir.clone())).await;
    for path in ["/admin", "/admin/", "/admin/auth/login", "/admin/auth/shop"] {
        let reply = app.get(path).send().await;
        assert_eq!(reply.status, StatusCode::OK, "{path}");
        assert!(reply.text.contains("<title>ui</title>"), "{path}");
        // Its own scripts and WebAssembly only, never framed by another site.
        let csp = reply.headers["content-security-policy"]
            .to_str()
            .expect("csp");
        assert!(
            csp.contains("script-src 'self' 'wasm-unsafe-eval';"),
            "{csp}"
        );
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert!(!csp.contains(" 'unsafe-eval'"), "{csp}");
        // The typography picker's sample loads the chosen font from Google Fonts.
        assert!(
            csp.contains("style-src 'self' 'unsafe-inline' https://fonts.googleapis.com;"),
            "{csp}"
        );
        assert!(
            csp.contains("font-src 'self' data: https://fonts.gstatic.com;"),
            "{csp}"
        );
        assert_eq!(reply.headers["x-content-type-options"], "nosniff");
    }
    let asset = app.get("/admin/assets/app.js").send().await;
    assert_eq!(asset.text, "console.log(1)");
    assert_eq!(
        asset.headers["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(asset.headers.contains_key("content-security-policy"));
    // The build's compressed copy goes to a browser that takes it.
    std::fs::write(dir.join("assets/app.js.br"), b"brotli bytes").expect("br");
    let compressed = app
        .get("/admin/assets/app.js")
        .header("accept-encoding", "gzip, deflate, br")
        .send()
        .await;
    assert_eq!(compressed.headers["content-encoding"], "br");
    assert_eq!(compressed.text, "brotli bytes");
    assert_eq!(
        app.get("/admin/assets/missing.js").send().await.status,
        StatusCode::NOT_FOUND
    );
    // An API answer is gzipped for a client that asks.
    let docs = app
        .get("/api/openapi.json")
        .header("accept-encoding", "gzip")
        .send()
        .await;
    assert_eq!(docs.headers["content-encoding"], "gzip");
    let _ = std::fs::remove_dir_all(dir);
}

/// The script sources a Content-Security-Policy allows.
fn script_src(csp: &str) -> &str {
    csp.split(';')
        .map(str::trim)
        .find(|part| part.starts_with("script-src"))
        .unwrap_or("")
}

#[tokio::test]
async fn every_html_answer_has_a_policy_that_runs_no_inline_or_evaluated_script() {
    let dir = std::env::temp_dir().join(format!("storeloom-ui-csp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join("index.html"), "<!doctype html><title>ui</title>").expect("index");
    let app = spawn_app_with(Some(dir.clone())).await;
    // (path, the frame-ancestors it must name)
    let pages = [
        ("/admin", "'none'"),
        ("/admin/website/orders", "'none'"),
        ("/api/docs", "'none'"),
        ("/s/demo/", "'self'"),
        ("/s/demo/cart", "'self'"),
        ("/s/demo/products/no-such-product", "'self'"),
    ];
    for (path, ancestors) in pages {
        let reply = app.get(path).send().await;
        let kind = reply.headers[axum::http::header::CONTENT_TYPE]
            .to_str()
            .expect("type");
        assert!(kind.starts_with("text/html"), "{path}: {kind}");
        let csp = reply
            .headers
            .get("content-security-policy")
            .unwrap_or_else(|| panic!("{path} has no policy"))
            .to_str()
            .expect("csp");
        let scripts = script_src(csp);
        assert!(scripts.starts_with("script-src 'self'"), "{path}: {csp}");
        assert!(
            !scripts.contains("'unsafe-inline'") && !scripts.contains("'unsafe-eval'"),
            "{path}: {csp}"
        );
        assert!(
            csp.contains(&format!("frame-ancestors {ancestors}")),
            "{path}: {csp}"
        );
        assert!(csp.contains("object-src 'none'") || csp.contains("default-src 'none'"));
        assert_eq!(reply.headers["x-content-type-options"], "nosniff", "{path}");
        assert!(reply.headers.get("set-cookie").is_none(), "{path}");
    }
    // The API page's script is its own file.
    let script = app.get("/api/docs.js").send().await;
    assert_eq!(script.status, StatusCode::OK);
    assert!(script.text.contains("openapi.json"));
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn other_origins_may_call_only_the_storefronts_public_calls() {
    let app = spawn_app().await;
    let token = app.owner_token().await;
    let origin = "https://shop.example.com";
    let preflight = |path: &'static str, method: &'static str| {
        let app = &app;
        async move {
            app.request(axum::http::Method::OPTIONS, path)
                .header("origin", origin)
                .header("access-control-request-method", method)
                .send()
                .await
        }
    };
    let allowed = |reply: &crate::helpers::Reply| {
        reply
            .headers
            .get("access-control-allow-origin")
            .map(|v| v.to_str().unwrap_or("").to_owned())
    };
    // The event ingest and the public read API: any origin, never with credentials.
    let ingest = preflight("/api/storefront/events", "POST").await;
    assert_eq!(allowed(&ingest).as_deref(), Some("*"));
    assert!(
        ingest
            .headers
            .get("access-control-allow-credentials")
            .is_none()
    );
    let read = app
        .get("/api/public/stores/demo/pages")
        .header("origin", origin)
        .send()
        .await;
    assert_eq!(read.status, StatusCode::OK, "{}", read.text);
    assert_eq!(allowed(&read).as_deref(), Some("*"));
    // Everything else: no answer a browser of another origin may read.
    for (path, method) in [
        ("/api/users/info", "GET"),
        ("/api/auth/login", "POST"),
        ("/api/stores/analytics/overview", "GET"),
        ("/api/stores/payouts/requests", "POST"),
    ] {
        assert_eq!(allowed(&preflight(path, method).await), None, "{path}");
    }
    let info = app
        .get("/api/users/info")
        .token(&token)
        .header("origin", origin)
        .send()
        .await;
    assert_eq!(info.status, StatusCode::OK);
    assert_eq!(allowed(&info), None);
}
