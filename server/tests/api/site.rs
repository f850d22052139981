//! The health check, the root redirect and the admin UI with its single-page fallback.

use axum::http::StatusCode;

use crate::helpers::{spawn_app, spawn_app_with};

#[tokio::test]
async fn health_reports_the_database_in_use() {
    let app = spawn_app().await;
    let reply = app.get("/api/health", None).await;
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
    let reply = app.get("/api/health/live", None).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.json["status"], "live");
    assert!(!app.get("/api/health", None).await.status.is_success());
}

#[tokio::test]
async fn the_root_redirects_to_the_admin() {
    let app = spawn_app().await;
    let reply = app.get("/", None).await;
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
        let reply = app.get(path, None).await;
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
        assert_eq!(reply.headers["x-content-type-options"], "nosniff");
    }
    let asset = app.get("/admin/assets/app.js", None).await;
    assert_eq!(asset.text, "console.log(1)");
    let _ = std::fs::remove_dir_all(dir);
}
