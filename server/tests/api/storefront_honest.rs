//! An honest default store: a product page's stars come from published reviews while the
//! Product Reviews app is on, the templates' pictures and fonts and the favicon are served by
//! the server itself, the footer invents no contact details, the demo hoodie has one picker
//! per option, a new store's home page links to nothing missing, and the free-shipping texts name
//! the store's own threshold.

use axum::http::{StatusCode, header};
use serde_json::json;

use crate::helpers::{OWNER_EMAIL, TestApp, fresh_store, spawn_app, stored_product, subdomain_of};

async fn review(
    app: &TestApp,
    token: &str,
    store: &str,
    product_id: &str,
    rating: u8,
    published: bool,
) {
    let body =
        json!({"productId": product_id, "author": "Ann", "rating": rating, "published": published});
    let created = app
        .post("/api/stores/apps/product-reviews")
        .json(&body)
        .token(token)
        .store(store)
        .send()
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
}

#[tokio::test]
async fn a_product_page_shows_stars_only_from_published_reviews_while_the_reviews_app_is_on() {
    let app = spawn_app().await;
    let (token, _, _) = app.session_of(OWNER_EMAIL).await;
    let store = app.store_id("demo").await;
    let shirt = stored_product(&app, "demo", "classic-shirt").await;
    let shirt_id = shirt["id"].as_str().expect("id");
    let page = app.get("/s/demo/products/classic-shirt").send().await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        !page.text.contains("class=\"rating\""),
        "no reviews, no stars"
    );
    assert!(!page.text.contains("reviews)"));

    review(&app, &token, &store, shirt_id, 5, true).await;
    review(&app, &token, &store, shirt_id, 4, true).await;
    review(&app, &token, &store, shirt_id, 1, false).await;
    let page = app.get("/s/demo/products/classic-shirt").send().await;
    assert!(
        !page.text.contains("class=\"rating\""),
        "the reviews app is off"
    );

    let on = app
        .put("/api/stores/apps/switches")
        .json(&json!({"enabled": ["product-review"]}))
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(on.status, StatusCode::OK, "{}", on.text);
    let page = app.get("/s/demo/products/classic-shirt").send().await;
    // (5 + 4) / 2: the unpublished one-star review is not counted.
    assert!(page.text.contains("4.5 (2 reviews)"), "the stars");
    // Another product has no reviews and shows no stars.
    let other = app.get("/s/demo/products/classic-hoodie").send().await;
    assert_eq!(other.status, StatusCode::OK);
    assert!(!other.text.contains("class=\"rating\""));
}

#[tokio::test]
async fn the_templates_pictures_fonts_and_favicon_come_from_the_server_itself() {
    let app = spawn_app().await;
    let home = app.get("/s/demo/").send().await;
    assert_eq!(home.status, StatusCode::OK);
    assert!(
        home.text
            .contains("<link rel=\"icon\" href=\"/s/demo/favicon.ico\"")
    );
    for host in ["example.com", "fonts.googleapis.com"] {
        assert!(!home.text.contains(host), "{host}");
    }
    // Every bundled file the page names is served, with its type.
    let mut named: Vec<String> = home
        .text
        .match_indices("/theme-assets/")
        .map(|(at, _)| {
            home.text[at..]
                .split(['"', ')', '\''])
                .next()
                .unwrap_or("")
                .to_owned()
        })
        .collect();
    named.sort();
    named.dedup();
    assert!(named.len() >= 5, "{named:?}");
    // The templates' faces are in the page's head, so it names their files, not their sheet.
    assert!(named.contains(&"/theme-assets/fonts/poppins-latin-700-normal.woff2".to_owned()));
    assert!(!home.text.contains("/theme-assets/fonts.css"));
    for path in &named {
        let reply = app.get(path).send().await;
        assert_eq!(reply.status, StatusCode::OK, "{path}");
    }
    let css = app.get("/theme-assets/fonts.css").send().await;
    assert_eq!(css.headers[header::CONTENT_TYPE], "text/css; charset=utf-8");
    let fonts: Vec<&str> = css
        .text
        .match_indices("url(")
        .map(|(at, _)| css.text[at + 4..].split(')').next().unwrap_or(""))
        .collect();
    assert_eq!(fonts.len(), 4);
    for font in fonts {
        let reply = app.get(font).send().await;
        assert_eq!(reply.status, StatusCode::OK, "{font}");
        assert_eq!(reply.headers[header::CONTENT_TYPE], "font/woff2");
    }
    let icon = app.get("/s/demo/favicon.ico").send().await;
    assert_eq!(icon.status, StatusCode::OK);
    assert_eq!(icon.headers[header::CONTENT_TYPE], "image/x-icon");
    assert_eq!(
        app.get("/theme-assets/nope.svg").send().await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get("/theme-assets/../Cargo.toml").send().await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn a_store_made_before_the_bundled_assets_has_its_template_addresses_migrated() {
    let app = spawn_app().await;
    // What the first templates stored: pictures and fonts on hosts that never served them and a
    // placeholder logo; and a merchant's own address on that host, which is theirs to keep.
    let old = [
        (
            "\"/theme-assets/slide-1.svg\"",
            "\"https://cdn.example.com/slides/summer-sale.jpg\"",
        ),
        (
            "\"/theme-assets/tile-1.svg\"",
            "\"https://cdn.example.com/c0.jpg\"",
        ),
        (
            "\"/theme-assets/story.svg\"",
            "\"https://cdn.example.com/story.jpg\"",
        ),
    ];
    let mut rewrite = "config".to_owned();
    for (new, was) in old {
        rewrite = format!("REPLACE({rewrite}, '{new}', '{was}')");
    }
    let sql = format!(
        "UPDATE theme_configs SET config = REPLACE(REPLACE({rewrite}, '\"logo_desktop\":\"\"', \
         '\"logo_desktop\":\"https://cdn.example.com/logo.png\"'), '\"/theme-assets/tile-2.svg\"', \
         '\"https://cdn.example.com/my-own-tile.png\"')"
    );
    let changed = sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
        .execute(&app.state.db)
        .await
        .expect("old addresses");
    assert!(changed.rows_affected() > 0);
    let before = app.get("/s/demo/").send().await;
    assert!(
        before
            .text
            .contains("https://cdn.example.com/slides/summer-sale.jpg")
    );
    sqlx::raw_sql(include_str!("../../migrations/0029_template_addresses.sql"))
        .execute(&app.state.db)
        .await
        .expect("migration");
    let after = app.get("/s/demo/").send().await;
    assert_eq!(after.status, StatusCode::OK);
    for was in [
        "summer-sale.jpg",
        "c0.jpg",
        "story.jpg",
        "cdn.example.com/logo.png",
    ] {
        assert!(!after.text.contains(was), "{was} is still named");
    }
    for now in [
        "/theme-assets/slide-1.svg",
        "/theme-assets/tile-1.svg",
        "/theme-assets/story.svg",
    ] {
        assert!(after.text.contains(now), "{now} is not named");
    }
    // The merchant's own picture is not the template's: kept as they wrote it.
    assert!(
        after
            .text
            .contains("https://cdn.example.com/my-own-tile.png")
    );
}

#[tokio::test]
async fn a_store_made_before_the_threshold_placeholder_has_its_free_shipping_texts_migrated() {
    let app = spawn_app().await;
    // The top bar as the storefront writes it now: the store's own threshold in its currency.
    let honest = app.get("/s/demo/").send().await.text;
    let start = honest.find("Free shipping over ").expect("the top bar");
    let topbar = &honest[start..start + honest[start..].find('<').expect("its end")];
    // What the first templates stored: "$50" in the top bar and a feature's line; and a
    // merchant's own sentence that names $50, which is theirs to keep.
    let sql = "UPDATE theme_configs SET config = REPLACE(REPLACE(config, \
         '\"Free shipping over {free_shipping_threshold}\"', '\"Free shipping over $50\"'), \
         '\"Over {free_shipping_threshold}\"', '\"Over $50\"')";
    let changed = sqlx::raw_sql(sqlx::AssertSqlSafe(sql))
        .execute(&app.state.db)
        .await
        .expect("old texts");
    assert!(changed.rows_affected() > 0);
    let own = "UPDATE theme_configs SET config = REPLACE(config, \
         '\"<p>Free over {free_shipping_threshold}.</p>\"', '\"<p>Free over $50 this week.</p>\"')";
    sqlx::raw_sql(own)
        .execute(&app.state.db)
        .await
        .expect("own text");
    let before = app.get("/s/demo/").send().await.text;
    assert!(before.contains("Free shipping over $50<"), "{before}");
    assert!(before.contains("Over $50<"));
    sqlx::raw_sql(include_str!(
        "../../migrations/0031_template_free_shipping.sql"
    ))
    .execute(&app.state.db)
    .await
    .expect("migration");
    let after = app.get("/s/demo/").send().await;
    assert_eq!(after.status, StatusCode::OK);
    assert!(after.text.contains(topbar), "{topbar}");
    for was in ["over $50<", "Over $50<"] {
        assert!(!after.text.contains(was), "{was} is still shown");
    }
    assert!(!after.text.contains("{free_shipping_threshold}"));
    let config: String =
        sqlx::query_scalar("SELECT config FROM theme_configs WHERE config LIKE '%this week%'")
            .fetch_one(&app.state.db)
            .await
            .expect("the merchant's text is kept");
    assert!(config.contains("Free over $50 this week."));
}

#[tokio::test]
async fn the_demo_footer_invents_no_contact_details_and_names_the_store() {
    let app = spawn_app().await;
    let home = app.get("/s/demo/").send().await;
    for invented in [
        "Acme",
        "000000000",
        "10,000",
        "hello@example.com",
        "<span>Phone</span>",
    ] {
        assert!(!home.text.contains(invented), "{invented}");
    }
    let year = core_wasm::storefront::preview::year_of(
        i64::try_from(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_millis())
                .unwrap_or(0),
        )
        .unwrap_or(0),
    );
    assert!(home.text.contains(&format!("© {year} Demo Store")));
}

#[tokio::test]
async fn the_demo_hoodie_has_a_size_picker_and_a_colour_picker() {
    let app = spawn_app().await;
    let hoodie = stored_product(&app, "demo", "classic-hoodie").await;
    assert_eq!(hoodie["variants"][0]["options"], json!(["S", "Black"]));
    let page = app.get("/s/demo/products/classic-hoodie").send().await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text.contains(">Size</legend>"));
    assert!(page.text.contains(">Colour</legend>"));
    assert!(page.text.contains("data-picker="));
    // L in Sand is not made: the variant list has eight of the nine combinations.
    assert_eq!(hoodie["variants"].as_array().map(Vec::len), Some(8));
}

/// The storefront addresses (`/s/{subdomain}/...`) a page's links lead to, each once.
fn store_links(html: &str, subdomain: &str) -> Vec<String> {
    let prefix = format!("/s/{subdomain}");
    let mut links: Vec<String> = html
        .match_indices("href=\"")
        .map(|(at, found)| html[at + found.len()..].split('"').next().unwrap_or(""))
        .filter(|href| href.starts_with(&prefix))
        .map(|href| href.split(['?', '#']).next().unwrap_or("").to_owned())
        .collect();
    links.sort();
    links.dedup();
    links
}

#[tokio::test]
async fn a_new_stores_home_page_links_only_to_what_exists_in_either_template() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    let subdomain = subdomain_of(&app, &token, &store).await;
    let themes = app
        .get("/api/stores/onlinestore/themes")
        .token(&token)
        .store(&store)
        .send()
        .await;
    for theme in themes.json.as_array().expect("themes") {
        let id = theme["id"].as_str().expect("id");
        let activated = app
            .post(&format!("/api/stores/onlinestore/themes/{id}/activate"))
            .token(&token)
            .store(&store)
            .send()
            .await;
        assert_eq!(activated.status, StatusCode::OK, "{}", activated.text);
        let home = app.get(&format!("/s/{subdomain}/")).send().await;
        assert_eq!(home.status, StatusCode::OK);
        let links = store_links(&home.text, &subdomain);
        assert!(links.len() >= 3, "{}: {links:?}", theme["family"]);
        for link in &links {
            let reply = app.get(link).send().await;
            assert_ne!(
                reply.status,
                StatusCode::NOT_FOUND,
                "{} links to {link}",
                theme["family"]
            );
        }
    }
}

#[tokio::test]
async fn free_shipping_texts_name_the_stores_own_threshold_in_its_currency() {
    let app = spawn_app().await;
    let (token, store) = fresh_store(&app).await;
    let preferences = json!({"standardTimezone": "Europe/Berlin", "businessType": "other",
        "paymentChoice": {"type": "seller"}, "storeFrontDefaultTheme": "hydro", "currency": "EUR"});
    let saved = app
        .put("/api/stores/preferences")
        .json(&preferences)
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    let saved = app
        .put("/api/stores/settings/shipping")
        .json(
            &json!({"zones": [{"name": "Everywhere", "restOfWorld": true, "freeShippingOver": 75,
            "rates": [{"name": "Standard", "price": 4.99}]}]}),
        )
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text);
    let subdomain = subdomain_of(&app, &token, &store).await;
    let home = app.get(&format!("/s/{subdomain}/")).send().await;
    assert!(
        home.text.contains("Free shipping over €75.00"),
        "{}",
        home.text
    );
    assert!(home.text.contains("Over €75.00"));
    for text in ["$50", "{free_shipping_threshold}"] {
        assert!(!home.text.contains(text), "{text}");
    }
}
