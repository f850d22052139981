//! Image upload (type, size and name checks; nothing written on refusal) and the storefront's
//! public read API (no sign-in, only what the public may see, cache headers).

use axum::http::{StatusCode, header};
use serde_json::json;

use image::ImageFormat;

use crate::helpers::{DESIGNER_EMAIL, OWNER_EMAIL, Reply, SELLER_EMAIL, TestApp, spawn_app};
use crate::pictures::picture;

const BOUNDARY: &str = "storeloomBoundary7MA4YWxkTrZu0gW";

pub(crate) fn multipart(name: &str, filename: &str, bytes: &[u8]) -> Vec<u8> {
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\nContent-Type: image/png\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

pub(crate) async fn upload(app: &TestApp, token: &str, store: &str, body: Vec<u8>) -> Reply {
    let content_type = format!("multipart/form-data; boundary={BOUNDARY}");
    app.post("/api/stores/onlinestore/images")
        .body(body)
        .token(token)
        .store(store)
        .header("content-type", &content_type)
        .send()
        .await
}

/// Files of the store under the upload folder, the seeded pictures aside.
pub(crate) fn uploaded_files(app: &TestApp, store: &str) -> usize {
    std::fs::read_dir(app.state.config.upload_dir.join(store))
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                .count()
        })
        .unwrap_or(0)
}

pub(crate) async fn upload_rows(app: &TestApp) -> i64 {
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM uploads")
        .fetch_one(&app.state.db)
        .await
        .expect("count");
    n
}

const PNG: &[u8] =
    b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

#[tokio::test]
async fn an_image_is_stored_under_a_name_the_server_makes_and_served_back() {
    let app = spawn_app().await;
    let (token, _, store) = app.session_of(DESIGNER_EMAIL).await;
    let store = store.expect("store");
    let png = picture(ImageFormat::Png, 2, 2);
    let reply = upload(
        &app,
        &token,
        &store,
        multipart("file", "my photo.png", &png),
    )
    .await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text);
    let src = reply.json["src"].as_str().expect("src");
    assert!(
        src.starts_with(&format!("/uploads/{store}/")) && src.ends_with(".png"),
        "{src}"
    );
    assert!(!src.contains("photo"));
    assert_eq!(
        reply.json["fullPath"],
        format!("http://127.0.0.1:8080{src}")
    );
    assert_eq!(reply.json["contentType"], "image/png");
    let served = app.get(src).send().await;
    assert_eq!(served.status, StatusCode::OK);
    assert_eq!(served.headers[header::CONTENT_TYPE], "image/png");
    assert!(
        served.headers[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .expect("csp")
            .contains("sandbox")
    );
    assert_eq!(
        served.headers[header::CONTENT_LENGTH],
        png.len().to_string().as_str()
    );
    for (kind, bytes) in [
        ("jpeg", picture(ImageFormat::Jpeg, 40, 30)),
        ("gif", picture(ImageFormat::Gif, 40, 30)),
        ("webp", picture(ImageFormat::WebP, 40, 30)),
    ] {
        let reply = upload(&app, &token, &store, multipart("file", "x", &bytes)).await;
        assert_eq!(reply.status, StatusCode::CREATED, "{kind}: {}", reply.text);
    }
}

#[tokio::test]
async fn a_wrong_type_a_large_file_or_a_path_in_the_name_is_refused_and_nothing_is_written() {
    let app = spawn_app().await;
    let (token, _, store) = app.session_of(OWNER_EMAIL).await;
    let store = store.expect("store");
    let (files, rows) = (uploaded_files(&app, &store), upload_rows(&app).await);
    let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>";
    let html = b"<html><body>hi</body></html>";
    let mut large = PNG.to_vec();
    large.resize(5 * 1024 * 1024 + 1, 0);
    let cases: Vec<(&str, Vec<u8>, StatusCode)> = vec![
        (
            "svg",
            multipart("file", "x.svg", svg),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (
            "html as png",
            multipart("file", "x.png", html),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (
            "empty",
            multipart("file", "x.png", b""),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (
            "too large",
            multipart("file", "x.png", &large),
            StatusCode::PAYLOAD_TOO_LARGE,
        ),
        (
            "dot dot",
            multipart("file", "../../etc/passwd.png", PNG),
            StatusCode::BAD_REQUEST,
        ),
        (
            "slash",
            multipart("file", "/tmp/x.png", PNG),
            StatusCode::BAD_REQUEST,
        ),
        (
            "backslash",
            multipart("file", "..\\x.png", PNG),
            StatusCode::BAD_REQUEST,
        ),
        (
            "no file field",
            multipart("other", "x.png", PNG),
            StatusCode::BAD_REQUEST,
        ),
        ("not multipart", b"{}".to_vec(), StatusCode::BAD_REQUEST),
    ];
    for (name, body, status) in cases {
        let reply = if name == "not multipart" {
            app.post("/api/stores/onlinestore/images")
                .json(&json!({}))
                .token(&token)
                .store(&store)
                .send()
                .await
        } else {
            upload(&app, &token, &store, body).await
        };
        assert!(reply.status.is_client_error(), "{name}: {}", reply.status);
        if name != "not multipart" {
            assert_eq!(reply.status, status, "{name}: {}", reply.text);
        }
        assert!(!reply.messages().is_empty(), "{name}");
    }
    assert_eq!(uploaded_files(&app, &store), files, "a file was written");
    assert_eq!(upload_rows(&app).await, rows, "a row was written");
    // Outside the store's folder nothing appeared either.
    assert!(!app.state.config.upload_dir.join("etc").exists());
}

#[tokio::test]
async fn the_storefront_reads_the_active_theme_and_what_is_published_without_signing_in() {
    let app = spawn_app().await;
    let theme = app.get("/api/public/stores/demo/theme").send().await;
    assert_eq!(theme.status, StatusCode::OK, "{}", theme.text);
    assert_eq!(theme.json["family"], "hydro");
    assert_eq!(theme.json["version"], 1);
    assert!(theme.json["config"]["pages"].is_object());
    assert!(
        theme.headers[header::CACHE_CONTROL]
            .to_str()
            .expect("cache")
            .contains("max-age")
    );
    let etag = theme.headers[header::ETAG]
        .to_str()
        .expect("etag")
        .to_owned();
    let again = app
        .get("/api/public/stores/demo/theme")
        .header("if-none-match", &etag)
        .send()
        .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);

    // A draft page and a draft product stay private.
    let (token, _, store) = app.session_of(OWNER_EMAIL).await;
    let store = store.expect("store");
    let draft = app
        .post("/api/stores/onlinestore/pages/")
        .json(&json!({"title": "Secret"}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(draft.status, StatusCode::CREATED);
    let product = app
        .post("/api/stores/products")
        .json(&json!({"title": "Hidden", "price": 1, "status": "draft"}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(product.status, StatusCode::CREATED, "{}", product.text);

    let pages = app.get("/api/public/stores/demo/pages").send().await;
    assert_eq!(pages.json.as_array().expect("pages").len(), 3);
    assert!(pages.headers.contains_key(header::CACHE_CONTROL));
    assert_eq!(
        app.get("/api/public/stores/demo/pages/about-us")
            .send()
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        app.get("/api/public/stores/demo/pages/secret")
            .send()
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let menus = app.get("/api/public/stores/demo/menus").send().await;
    assert_eq!(menus.json.as_array().expect("menus").len(), 2);
    let products = app
        .get("/api/public/stores/demo/products?limit=50")
        .send()
        .await;
    assert_eq!(products.json["total"], 8);
    let in_tops = app
        .get("/api/public/stores/demo/products?chandle=tops")
        .send()
        .await;
    assert_eq!(in_tops.json["total"], 2);
    assert_eq!(
        app.get("/api/public/stores/demo/products/classic-shirt")
            .send()
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        app.get("/api/public/stores/demo/products/hidden")
            .send()
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let collections = app.get("/api/public/stores/demo/collections").send().await;
    assert_eq!(collections.json["total"], 3);
    assert_eq!(
        app.get("/api/public/stores/demo/collections/tops")
            .send()
            .await
            .json["handle"],
        "tops"
    );
    assert_eq!(
        app.get("/api/public/stores/nowhere/theme")
            .send()
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    // The seller's store shows its own catalog only.
    let sams = app
        .get("/api/public/stores/sams-goods/products")
        .send()
        .await;
    assert_eq!(sams.json["total"], 8);
    assert_ne!(
        sams.json["products"][0]["id"],
        products.json["products"][0]["id"]
    );

    // Activating another theme changes what the storefront reads.
    let list = app
        .get("/api/stores/onlinestore/themes")
        .token(&token)
        .store(&store)
        .send()
        .await;
    let newchick = list
        .json
        .as_array()
        .expect("themes")
        .iter()
        .find(|t| t["family"] == "newchick")
        .expect("newchick")["id"]
        .clone();
    let path = format!(
        "/api/stores/onlinestore/themes/{}/activate",
        newchick.as_str().expect("id")
    );
    assert_eq!(
        app.post(&path)
            .token(&token)
            .store(&store)
            .send()
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        app.get("/api/public/stores/demo/theme").send().await.json["family"],
        "newchick"
    );
}

// ---------------------------------------------------------------- the storefront's pages

/// A product of the Demo Store by handle (public API), with its first variant that has stock.
pub(crate) async fn demo_product(app: &TestApp, handle: &str) -> (String, String, f64, i64) {
    let stored = crate::helpers::stored_product(app, "demo", handle).await;
    let variant = stored["variants"]
        .as_array()
        .expect("variants")
        .iter()
        .find(|v| v["stock"].as_i64().unwrap_or(0) > 1)
        .expect("a variant with stock")
        .clone();
    (
        stored["id"].as_str().expect("id").to_owned(),
        variant["id"].as_str().expect("variant id").to_owned(),
        variant["price"].as_f64().expect("price"),
        variant["stock"].as_i64().expect("stock"),
    )
}

/// The stock of one variant of a demo product, by its id.
pub(crate) async fn variant_stock(app: &TestApp, handle: &str, variant: &str) -> i64 {
    crate::helpers::stored_product(app, "demo", handle).await["variants"]
        .as_array()
        .expect("variants")
        .iter()
        .find(|v| v["id"] == variant)
        .and_then(|v| v["stock"].as_i64())
        .expect("the variant's stock")
}

async fn order_count(app: &TestApp) -> i64 {
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM orders")
        .fetch_one(&app.state.db)
        .await
        .expect("count");
    n
}

fn section_keys(html: &str) -> Vec<String> {
    html.split("data-section-key=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(str::to_owned)
        .collect()
}

#[tokio::test]
async fn the_home_page_renders_every_section_of_both_families_with_security_headers() {
    let app = spawn_app().await;
    let home = app.get("/s/demo/").send().await;
    assert_eq!(home.status, StatusCode::OK, "{}", home.text);
    assert!(home.text.contains("class=\"fam-hydro page-home\""));
    let keys = section_keys(&home.text);
    for key in [
        "header",
        "head-image-1",
        "collection-list-1",
        "featured-collection-1",
        "image-with-text-1",
        "slider-product-1",
        "product-review-1",
        "key-features-1",
        "feature-content-1",
        "product-widget-1",
        "footer",
    ] {
        assert!(keys.contains(&key.to_owned()), "{key} missing in {keys:?}");
    }
    // In the configured order.
    let at = |k: &str| keys.iter().position(|x| x == k).expect("key");
    assert!(at("head-image-1") < at("collection-list-1"));
    assert!(at("collection-list-1") < at("featured-collection-1"));
    // Products come from the database, with sizes on every image.
    assert!(home.text.contains("/s/demo/products/classic-shirt"));
    assert!(
        !home.text.contains("<img src=\"/uploads")
            || home.text.contains("width=\"600\" height=\"600\"")
    );
    let csp = home.headers[header::CONTENT_SECURITY_POLICY]
        .to_str()
        .expect("csp");
    assert!(csp.contains("frame-ancestors 'self'"), "{csp}");
    assert!(csp.contains("script-src 'self'"), "{csp}");
    assert_eq!(home.headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    assert!(
        home.headers[header::CACHE_CONTROL]
            .to_str()
            .expect("cache")
            .contains("max-age")
    );
    // The fashion family in the editor's preview: its own sections, never cached.
    let preview = app.demo_preview_token(Some("newchick")).await;
    let fashion = app
        .get(&format!(
            "/s/demo/?nocache=1&theme=fashion&preview={preview}"
        ))
        .send()
        .await;
    assert_eq!(fashion.status, StatusCode::OK);
    assert!(fashion.text.contains("fam-newchick"));
    let keys = section_keys(&fashion.text);
    for key in ["style-collection-1", "flash-deal-1", "dual-collection-1"] {
        assert!(keys.contains(&key.to_owned()), "{key} missing");
    }
    assert!(fashion.text.contains("data-countdown"));
    assert_eq!(fashion.headers[header::CACHE_CONTROL], "no-store");
    // Seller HTML is cleaned; an unknown store is a 404 page.
    assert!(!home.text.contains("<script>"));
    assert_eq!(
        app.get("/s/nope/").send().await.status,
        StatusCode::NOT_FOUND
    );
    let product = app.get("/s/demo/products/classic-shirt").send().await;
    assert_eq!(product.status, StatusCode::OK);
    assert!(product.text.contains("data-add"));
    assert_eq!(
        app.get("/s/demo/products/nope").send().await.status,
        StatusCode::NOT_FOUND
    );
    let tops = app.get("/s/demo/collections/tops").send().await;
    assert_eq!(tops.status, StatusCode::OK);
    assert!(tops.text.contains("data-collection=\"tops\""));
}

#[tokio::test]
async fn the_preview_renders_a_posted_config_and_refuses_a_bad_one() {
    let app = spawn_app().await;
    let preview = app.demo_preview_token(None).await;
    let theme = app.get("/api/public/stores/demo/theme").send().await;
    let mut config = theme.json["config"].clone();
    config["pages"]["homepage"]["sections"]["product-review-1"]["settings"]["body_html"] =
        json!("<p>Changed in the editor</p><script>alert(1)</script>");
    config["pages"]["homepage"]["sections"]["product-review-1"]["index"] = json!(-1);
    let reply = app
        .post("/s/demo/_preview")
        .header("x-preview-token", &preview)
        .json(&json!({"config": config, "page": "homepage"}))
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    let html = reply.json["html"].as_str().expect("html");
    assert!(html.contains("Changed in the editor"));
    assert!(!html.contains("<script>"));
    assert_eq!(
        section_keys(html).get(1).map(String::as_str),
        Some("product-review-1")
    );
    for page in ["product", "cart", "order", "category"] {
        let reply = app
            .post("/s/demo/_preview")
            .header("x-preview-token", &preview)
            .json(&json!({"config": config, "page": page}))
            .send()
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{page}: {}", reply.text);
    }
    let bad = app
        .post("/s/demo/_preview")
        .header("x-preview-token", &preview)
        .json(&json!({"config": config, "page": "admin"}))
        .send()
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let bad = app
        .post("/s/demo/_preview")
        .header("x-preview-token", &preview)
        .json(&json!({"config": [1, 2]}))
        .send()
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_preview_renders_changed_home_sections_alone_as_the_whole_page_would() {
    let app = spawn_app().await;
    let preview = app.demo_preview_token(None).await;
    let theme = app.get("/api/public/stores/demo/theme").send().await;
    let mut config = theme.json["config"].clone();
    config["pages"]["homepage"]["sections"]["product-review-1"]["settings"]["body_html"] =
        json!("<p>Only this section changed</p>");
    let whole = app
        .post("/s/demo/_preview")
        .header("x-preview-token", &preview)
        .json(&json!({"config": config, "page": "homepage"}))
        .send()
        .await;
    let part = app
        .post("/s/demo/_preview")
        .header("x-preview-token", &preview)
        .json(&json!({"config": config, "page": "homepage", "sections": ["product-review-1"]}))
        .send()
        .await;
    assert_eq!(part.status, StatusCode::OK, "{}", part.text);
    let section = part.json["sections"]["product-review-1"]
        .as_str()
        .expect("the section's html");
    assert!(section.contains("Only this section changed"));
    assert!(section.starts_with("<section"), "{section}");
    // The section alone is the very text the whole page has for it.
    let html = whole.json["html"].as_str().expect("html");
    assert!(html.contains(section));
    assert!(part.json.get("html").is_none());

    // With the sections come the stylesheet and font links; no section (only the style
    // changed) fits any page.
    assert_eq!(part.json["css"], whole.json["css"]);
    assert_eq!(part.json["fonts"], whole.json["fonts"]);
    let style = app
        .post("/s/demo/_preview")
        .header("x-preview-token", &preview)
        .json(&json!({"config": config, "page": "product", "sections": []}))
        .send()
        .await;
    assert_eq!(style.status, StatusCode::OK, "{}", style.text);
    assert_eq!(style.json["sections"], json!({}));
    assert_eq!(style.json["css"], whole.json["css"]);
    // The header and footer are on every page: they render alone on any.
    let product = app
        .post("/s/demo/_preview")
        .header("x-preview-token", &preview)
        .json(&json!({"config": config, "page": "product"}))
        .send()
        .await;
    let fixed = app
        .post("/s/demo/_preview")
        .header("x-preview-token", &preview)
        .json(&json!({"config": config, "page": "product", "sections": ["header", "footer"]}))
        .send()
        .await;
    assert_eq!(fixed.status, StatusCode::OK, "{}", fixed.text);
    let product_html = product.json["html"].as_str().expect("html");
    for key in ["header", "footer"] {
        let html = fixed.json["sections"][key]
            .as_str()
            .expect("the section's html");
        assert!(
            html.contains(&format!("data-section-key=\"{key}\"")),
            "{html}"
        );
        assert!(product_html.contains(html), "{key} as on the whole page");
    }

    for (sections, page) in [
        (json!(["no-such-section"]), "homepage"),
        (json!([]), "nowhere"),
        (json!(["product-review-1"]), "product"),
        (json!(vec!["product-review-1"; 51]), "homepage"),
    ] {
        let bad = app
            .post("/s/demo/_preview")
            .header("x-preview-token", &preview)
            .json(&json!({"config": config, "page": page, "sections": sections}))
            .send()
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{sections} {page}");
        assert!(bad.json["messages"][0].is_string(), "{}", bad.text);
    }
}

/// Every value under the theme's style groups changed: colours to another colour, texts and
/// addresses longer, numbers up by one, flags turned.
fn restyle(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::String(text) if text.starts_with('#') => *text = "#123456".to_owned(),
        serde_json::Value::String(text) => text.push('x'),
        serde_json::Value::Number(n) => *value = json!(n.as_f64().unwrap_or(0.0) + 1.0),
        serde_json::Value::Bool(b) => *b = !*b,
        serde_json::Value::Array(items) => items.iter_mut().for_each(restyle),
        serde_json::Value::Object(map) => map.values_mut().for_each(restyle),
        serde_json::Value::Null => {}
    }
}

async fn preview_page(
    app: &TestApp,
    preview: &str,
    config: &serde_json::Value,
    page: &str,
) -> Reply {
    app.post("/s/demo/_preview")
        .header("x-preview-token", preview)
        .json(&json!({"config": config, "page": page}))
        .send()
        .await
}

/// The contract behind the editor's style-only previews (the core's `preview_change`): what the
/// style groups hold reaches the page through its stylesheet and font links alone.
#[tokio::test]
async fn the_style_groups_change_the_stylesheet_and_fonts_only() {
    let app = spawn_app().await;
    let preview = app.demo_preview_token(None).await;
    for family in ["hydro", "newchick"] {
        let template = server::db::themes::template(family).expect("template");
        let config: serde_json::Value = serde_json::from_str(template.config).expect("config");
        let mut restyled = config.clone();
        for group in core_wasm::theme::PREVIEW_STYLE_GROUPS {
            let value = &mut restyled["settings"][group];
            assert!(value.is_object(), "{family} has settings.{group}");
            restyle(value);
        }
        let mut css_changed = false;
        for page in ["homepage", "product", "cart", "order", "category"] {
            let (before, after) = (
                preview_page(&app, &preview, &config, page).await,
                preview_page(&app, &preview, &restyled, page).await,
            );
            assert_eq!(before.status, StatusCode::OK, "{}", before.text);
            assert_eq!(after.status, StatusCode::OK, "{}", after.text);
            assert_eq!(before.json["html"], after.json["html"], "{family} {page}");
            css_changed |= before.json["css"] != after.json["css"];
        }
        assert!(
            css_changed,
            "{family}: the restyled config changes the stylesheet"
        );
    }
}

#[tokio::test]
async fn the_preview_of_a_store_without_products_shows_a_sample_product() {
    let app = spawn_app().await;
    let (token, _, _) = app.session_of(SELLER_EMAIL).await;
    let created = app
        .post("/api/users/create-store")
        .json(&json!({"storeName": "Empty Shelf"}))
        .token(&token)
        .send()
        .await;
    let subdomain = created.json["subdomain"].as_str().expect("subdomain");
    let store = created.json["id"].as_str().expect("id");
    let preview = app.preview_token(&token, store, None).await;
    for page in ["product", "order"] {
        let reply = app
            .post(&format!("/s/{subdomain}/_preview"))
            .header("x-preview-token", &preview)
            .json(&json!({"config": null, "page": page}))
            .send()
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{page}: {}", reply.text);
        let html = reply.json["html"].as_str().expect("html");
        assert!(html.contains("Sample product"), "{page}: {html}");
        assert_eq!(reply.json["product"]["id"], "sample");
    }
}

#[tokio::test]
async fn a_checkout_refuses_bad_input_and_unknown_or_unavailable_products_writing_nothing() {
    let app = spawn_app().await;
    let (product, variant, _, stock) = demo_product(&app, "classic-shirt").await;
    let before = order_count(&app).await;
    let good = json!({"idempotencyKey": "key-00000001", "email": "ann@example.com", "shippingAddress": crate::helpers::address("Ann Lee"), "items": [{"productId": product, "variantId": variant, "quantity": 1}]});
    let with = |field: &str, value: &str| {
        let mut address = crate::helpers::address("Ann Lee");
        address[field] = json!(value);
        address
    };
    let cases = [
        ("email", json!("not-an-email"), StatusCode::BAD_REQUEST),
        (
            "shippingAddress",
            with("name", " "),
            StatusCode::BAD_REQUEST,
        ),
        (
            "shippingAddress",
            with("line1", ""),
            StatusCode::BAD_REQUEST,
        ),
        ("shippingAddress", with("city", ""), StatusCode::BAD_REQUEST),
        (
            "shippingAddress",
            with("country", "USA"),
            StatusCode::BAD_REQUEST,
        ),
        (
            "shippingAddress",
            with("country", "XX"),
            StatusCode::BAD_REQUEST,
        ),
        // A US postcode is 5 digits (or ZIP+4); Vietnam's 6 digits; the US needs a state.
        (
            "shippingAddress",
            with("postcode", "ABCDE"),
            StatusCode::BAD_REQUEST,
        ),
        (
            "shippingAddress",
            with("postcode", ""),
            StatusCode::BAD_REQUEST,
        ),
        (
            "shippingAddress",
            with("region", ""),
            StatusCode::BAD_REQUEST,
        ),
        (
            "shippingAddress",
            with("phone", "call me"),
            StatusCode::BAD_REQUEST,
        ),
        (
            "shippingAddress",
            with("line1", &"x".repeat(201)),
            StatusCode::BAD_REQUEST,
        ),
        (
            "billingAddress",
            json!({"name": "A", "line1": "", "city": "Hanoi", "country": "VN"}),
            StatusCode::BAD_REQUEST,
        ),
        ("note", json!("n".repeat(1001)), StatusCode::BAD_REQUEST),
        (
            "discountCode",
            json!("NO-SUCH-CODE"),
            StatusCode::BAD_REQUEST,
        ),
        ("idempotencyKey", json!("short"), StatusCode::BAD_REQUEST),
        ("items", json!([]), StatusCode::BAD_REQUEST),
        (
            "items",
            json!([{"productId": product, "variantId": variant, "quantity": 0}]),
            StatusCode::BAD_REQUEST,
        ),
        (
            "items",
            json!([{"productId": product, "variantId": variant, "quantity": 1, "priceMinor": 1}]),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "items",
            json!([{"productId": "no-such-product", "quantity": 1}]),
            StatusCode::CONFLICT,
        ),
        (
            "items",
            json!([{"productId": product, "variantId": "no-such-variant", "quantity": 1}]),
            StatusCode::CONFLICT,
        ),
        (
            "items",
            json!([{"productId": product, "variantId": variant, "quantity": stock + 1}]),
            StatusCode::CONFLICT,
        ),
    ];
    for (field, value, status) in cases {
        let mut body = good.clone();
        body[field] = value.clone();
        let reply = app.post("/s/demo/checkout").json(&body).send().await;
        assert_eq!(reply.status, status, "{field}={value}: {}", reply.text);
        assert!(!reply.messages().is_empty());
    }
    // A draft product cannot be bought.
    let (token, _, store) = app.session_of(OWNER_EMAIL).await;
    let store = store.expect("store");
    let draft = app
        .post("/api/stores/products")
        .json(&json!({"title": "Hidden", "price": 5, "status": "draft"}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    let mut body = good.clone();
    body["items"] = json!([{"productId": draft.json["id"], "quantity": 1}]);
    assert_eq!(
        app.post("/s/demo/checkout").json(&body).send().await.status,
        StatusCode::CONFLICT
    );
    // Unreadable JSON is a 4xx, and nothing was written by any refusal.
    let broken = app.post("/s/demo/checkout").body("{").send().await;
    assert!(broken.status.is_client_error());
    assert_eq!(order_count(&app).await, before);
    assert_eq!(variant_stock(&app, "classic-shirt", &variant).await, stock);
}

#[tokio::test]
async fn a_paid_order_is_written_once_priced_from_the_database_and_flagged_as_a_test_order() {
    let app = spawn_app().await;
    let (token, _, store) = app.session_of(OWNER_EMAIL).await;
    let store = store.expect("store");
    let totals_before = app
        .get("/api/stores/dashboard/totals")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(
        totals_before.status,
        StatusCode::OK,
        "{}",
        totals_before.text
    );
    let (product, variant, price, stock) = demo_product(&app, "classic-shirt").await;
    let before = order_count(&app).await;
    let body = json!({"idempotencyKey": "key-abcdef12", "email": "Ann@Example.com", "shippingAddress": crate::helpers::address("Ann Lee"), "note": "Gift wrap, please",
        "items": [{"productId": product, "variantId": variant, "quantity": 2}]});
    let placed = app.post("/s/demo/checkout").json(&body).send().await;
    assert_eq!(placed.status, StatusCode::CREATED, "{}", placed.text);
    let subtotal = (price * 100.0).round() as i64 * 2;
    let shipping = if subtotal >= 5000 { 0 } else { 499 };
    // The demo store's automatic discount (Summer weekend, 15 %) applies by itself.
    let discount = (subtotal * 1500 + 5000) / 10_000;
    assert_eq!(placed.json["totalMinor"], subtotal + shipping - discount);
    let order_id = placed.json["orderId"].as_str().expect("id").to_owned();
    // The same submit again answers the same order and writes nothing.
    let again = app.post("/s/demo/checkout").json(&body).send().await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.text);
    assert_eq!(again.json["orderId"], order_id.as_str());
    assert_eq!(order_count(&app).await, before + 1);
    // The key for another cart is refused.
    let mut other = body.clone();
    other["items"][0]["quantity"] = json!(1);
    assert_eq!(
        app.post("/s/demo/checkout")
            .json(&other)
            .send()
            .await
            .status,
        StatusCode::CONFLICT
    );
    // Stock was taken once.
    assert_eq!(
        variant_stock(&app, "classic-shirt", &variant).await,
        stock - 2
    );
    // The admin's orders list it as paid.
    let orders = app
        .get("/api/stores/orders")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(orders.status, StatusCode::OK, "{}", orders.text);
    let order = orders.json["orders"]
        .as_array()
        .expect("orders")
        .iter()
        .find(|o| o["id"] == order_id.as_str())
        .expect("the new order is listed")
        .clone();
    assert_eq!(order["financialStatus"], "paid", "{order}");
    assert_eq!(order["orderName"], placed.json["orderName"]);
    // The demo store is in test mode: it is a test order, which the dashboard totals leave out
    // (test_mode.rs holds the rest of the test-order rules).
    assert_eq!(order["test"], true, "{order}");
    let totals = app
        .get("/api/stores/dashboard/totals")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(
        totals.json["total_orders"],
        totals_before.json["total_orders"]
    );
    assert_eq!(
        totals.json["total_sales"],
        totals_before.json["total_sales"]
    );
    // The thank-you page shows it; another store's address does not.
    let thanks = app
        .get(&format!("/s/demo/thank-you/{order_id}"))
        .send()
        .await;
    assert_eq!(thanks.status, StatusCode::OK);
    assert!(
        thanks
            .text
            .contains(placed.json["orderName"].as_str().expect("name"))
    );
    assert_eq!(
        app.get(&format!("/s/sams-goods/thank-you/{order_id}"))
            .send()
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn the_cart_view_prices_lines_from_the_database_and_drops_what_cannot_be_bought() {
    let app = spawn_app().await;
    // The demo's stock is drawn at random: the variant has at least two.
    let (product, variant, price, _) = demo_product(&app, "classic-shirt").await;
    let reply = app
        .post("/s/demo/cart/view")
        .json(&json!({"items": [
            {"productId": product, "variantId": variant, "quantity": 2},
            {"productId": "gone", "quantity": 1}]}))
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    assert_eq!(reply.json["count"], 2);
    assert_eq!(
        reply.json["subtotalMinor"],
        (price * 100.0).round() as i64 * 2
    );
    assert_eq!(reply.json["lines"].as_array().expect("lines").len(), 1);
    assert_eq!(
        reply.json["problems"].as_array().expect("problems").len(),
        1
    );
}

#[tokio::test]
async fn a_store_host_name_serves_its_storefront_when_configured() {
    let app = crate::helpers::spawn_app_configured(|c| c.storefront_hosts = true).await;
    let reply = app
        .get("/")
        .header("host", "demo.localhost:8080")
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    assert!(reply.text.contains("data-section-key=\"header\""));
    assert!(
        reply.text.contains("href=\"/products/"),
        "links have no /s prefix"
    );
    let csp = reply.headers[header::CONTENT_SECURITY_POLICY]
        .to_str()
        .expect("csp");
    assert!(
        csp.contains("frame-ancestors http://127.0.0.1:8080"),
        "{csp}"
    );
    // The API stays the API on that host, and the admin's host is not a store.
    let api = app
        .get("/api/public/stores/demo/theme")
        .header("host", "demo.localhost")
        .send()
        .await;
    assert_eq!(api.status, StatusCode::OK);
    let admin = app.get("/").header("host", "127.0.0.1:8080").send().await;
    assert_eq!(admin.status, StatusCode::TEMPORARY_REDIRECT);
}

#[tokio::test]
async fn the_preview_catalog_snapshot_is_the_cores_type_with_the_active_products_and_samples() {
    let app = spawn_app().await;
    // Only for an editor: its stock counts are the merchant's.
    let anyone = app.get("/s/demo/_preview/catalog").send().await;
    assert_eq!(anyone.status, StatusCode::UNAUTHORIZED, "{}", anyone.text);
    assert!(!anyone.text.contains("stock"));
    let preview = app.demo_preview_token(None).await;
    let reply = app
        .get("/s/demo/_preview/catalog")
        .header("x-preview-token", &preview)
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    assert_eq!(reply.headers[header::CACHE_CONTROL], "no-store");
    let snapshot: core_wasm::storefront::preview::Snapshot =
        serde_json::from_str(&reply.text).expect("the core's snapshot");
    assert_eq!(snapshot.shop.subdomain, "demo");
    assert_eq!(snapshot.shop.base, "/s/demo");
    assert!(!snapshot.catalog.products.is_empty());
    assert!(
        snapshot
            .catalog
            .products
            .iter()
            .all(|p| p.status == "active")
    );
    assert_eq!(snapshot.sample.id, snapshot.catalog.products[0].id);
    assert_eq!(
        app.get("/s/no-such-store/_preview/catalog")
            .send()
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn a_store_without_products_previews_a_sample_product_in_its_snapshot() {
    let app = spawn_app().await;
    let (token, store_id) = crate::helpers::fresh_store(&app).await;
    let store = app
        .get("/api/stores/current")
        .token(&token)
        .store(&store_id)
        .send()
        .await;
    let subdomain = store.json["subdomain"].as_str().expect("subdomain");
    let preview = app.preview_token(&token, &store_id, None).await;
    // A token of another store's theme is no editor's here.
    let demo = app.demo_preview_token(None).await;
    let other = app
        .get(&format!("/s/{subdomain}/_preview/catalog"))
        .header("x-preview-token", &demo)
        .send()
        .await;
    assert_eq!(other.status, StatusCode::UNAUTHORIZED);
    let reply = app
        .get(&format!("/s/{subdomain}/_preview/catalog"))
        .header("x-preview-token", &preview)
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    assert!(
        reply.json["catalog"]["products"]
            .as_array()
            .expect("products")
            .is_empty()
    );
    assert_eq!(reply.json["sample"]["id"], "sample");
}

#[tokio::test]
async fn the_preview_worker_is_allowed_the_store_scope_and_checked_at_every_registration() {
    let app = spawn_app().await;
    let reply = app.get("/s/demo/_preview/sw.js").send().await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(
        reply.headers[header::CONTENT_TYPE],
        "text/javascript; charset=utf-8"
    );
    assert_eq!(reply.headers["service-worker-allowed"], "/s/demo/");
    assert_eq!(reply.headers[header::CACHE_CONTROL], "no-cache");
    assert_eq!(reply.headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    assert!(reply.text.contains("var BASE = \"/s/demo\";"));
    assert!(!reply.text.contains("__"), "a placeholder was left");
    assert_eq!(
        app.get("/s/no-such-store/_preview/sw.js")
            .send()
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn only_preview_pages_may_run_webassembly() {
    let app = spawn_app().await;
    let csp = |reply: &Reply| {
        reply.headers[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .expect("ascii")
            .to_owned()
    };
    let token = app.demo_preview_token(None).await;
    let preview = app
        .get(&format!("/s/demo/?nocache=1&theme=default&preview={token}"))
        .send()
        .await;
    assert_eq!(preview.status, StatusCode::OK);
    assert!(csp(&preview).contains("script-src 'self' 'wasm-unsafe-eval';"));
    // The editor's stamp without the editor's token is a shopper's page.
    let stamped = app.get("/s/demo/?nocache=1&theme=default").send().await;
    assert!(!csp(&stamped).contains("wasm-unsafe-eval"));
    let shopper = app.get("/s/demo/").send().await;
    assert_eq!(shopper.status, StatusCode::OK);
    assert!(!csp(&shopper).contains("wasm-unsafe-eval"));
}

/// The codes the checkout's country selects preselect (shipping, then billing).
fn preselected(html: &str) -> Vec<&str> {
    html.split("<option value=\"")
        .skip(1)
        .filter_map(|option| {
            let (code, rest) = option.split_once('"')?;
            let tag = rest.split('>').next()?;
            tag.contains(" selected").then_some(code)
        })
        .collect()
}

#[tokio::test]
async fn the_checkout_preselects_the_stores_country_and_a_shoppers_own_choice_wins() {
    let app = spawn_app().await;
    let token = app.owner_token().await;
    let store = app.store_id("demo").await;
    let checkout = |cookie: Option<&'static str>| {
        let app = &app;
        async move {
            let page = app
                .get("/s/demo/checkout")
                .maybe_header("cookie", cookie)
                .send()
                .await;
            assert_eq!(page.status, StatusCode::OK);
            assert!(page.text.contains("data-checkout"), "{}", page.text);
            preselected(&page.text)
                .into_iter()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        }
    };
    // A store without a country: the United States, as before.
    assert_eq!(checkout(None).await, ["US", "US"]);

    let mut preference = app
        .get("/api/stores/preferences")
        .token(&token)
        .store(&store)
        .send()
        .await
        .json;
    preference["country"] = json!("VN");
    let saved = app
        .put("/api/stores/preferences")
        .json(&preference)
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    assert_eq!(checkout(None).await, ["VN", "VN"]);
    // The country the shopper chose last in this browser wins; an unknown one is passed over.
    assert_eq!(
        checkout(Some("theme=dark; sl-country=DE")).await,
        ["DE", "DE"]
    );
    assert_eq!(checkout(Some("sl-country=XX")).await, ["VN", "VN"]);
}
