//! Pages and menus: every call, sanitized HTML, handles, nesting, collections in menus.

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{DESIGNER_EMAIL, OWNER_EMAIL, Reply, TestApp, spawn_app};

struct Client<'a> {
    app: &'a TestApp,
    token: String,
    store: String,
}

impl Client<'_> {
    async fn call(&self, method: Method, path: &str, body: Option<Value>) -> Reply {
        self.app
            .request(method, path)
            .maybe_json(body.as_ref())
            .token(&self.token)
            .store(&self.store)
            .send()
            .await
    }
}

async fn client<'a>(app: &'a TestApp, email: &str) -> Client<'a> {
    let (token, _, _) = app.session_of(email).await;
    Client {
        app,
        token,
        store: app.store_id("demo").await,
    }
}

#[tokio::test]
async fn pages_are_created_read_listed_replaced_and_deleted_with_their_html_sanitized() {
    let app = spawn_app().await;
    let c = client(&app, DESIGNER_EMAIL).await;
    let seeded = c
        .call(Method::GET, "/api/stores/onlinestore/pages/", None)
        .await;
    assert_eq!(seeded.status, StatusCode::OK, "{}", seeded.text);
    assert_eq!(seeded.json["total"], 3);

    let created = c
        .call(
            Method::POST,
            "/api/stores/onlinestore/pages/",
            Some(json!({"title": " Size Guide ", "bodyHtml": "<p onclick=\"steal()\">Hi<script>alert(1)</script></p><a href=\"javascript:x()\">x</a>"})),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(created.json["title"], "Size Guide");
    assert_eq!(created.json["handle"], "size-guide");
    assert_eq!(created.json["published"], false);
    let body = created.json["bodyHtml"].as_str().expect("body");
    assert!(body.contains("<p>Hi</p>"), "{body}");
    assert!(
        !body.contains("script") && !body.contains("onclick") && !body.contains("javascript"),
        "{body}"
    );
    let id = created.json["id"].as_str().expect("id").to_owned();

    let taken = c
        .call(
            Method::POST,
            "/api/stores/onlinestore/pages/",
            Some(json!({"title": "About us"})),
        )
        .await;
    assert_eq!(taken.status, StatusCode::CONFLICT);
    for bad in [
        json!({"title": ""}),
        json!({"title": "x", "handle": "Not A Handle"}),
        json!({"title": "x".repeat(300)}),
    ] {
        let reply = c
            .call(Method::POST, "/api/stores/onlinestore/pages/", Some(bad))
            .await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{}", reply.text);
    }

    let path = format!("/api/stores/onlinestore/pages/{id}");
    let read = c.call(Method::GET, &path, None).await;
    assert_eq!(read.json, created.json);
    let replaced = c
        .call(Method::PUT, &path, Some(json!({"title": "Sizes", "handle": "sizes", "bodyHtml": "<h2>Chart</h2>", "published": true})))
        .await;
    assert_eq!(replaced.status, StatusCode::OK, "{}", replaced.text);
    assert_eq!(replaced.json["handle"], "sizes");
    assert_eq!(replaced.json["published"], true);
    let clash = c
        .call(
            Method::PUT,
            &path,
            Some(json!({"title": "Contact", "handle": "contact"})),
        )
        .await;
    assert_eq!(clash.status, StatusCode::CONFLICT);

    let published = c
        .call(
            Method::GET,
            "/api/stores/onlinestore/pages/?published=true&limit=2&page=1",
            None,
        )
        .await;
    assert_eq!(published.json["total"], 4);
    assert_eq!(published.json["pages"].as_array().expect("pages").len(), 2);
    let drafts = c
        .call(
            Method::GET,
            "/api/stores/onlinestore/pages/?published=false",
            None,
        )
        .await;
    assert_eq!(drafts.json["total"], 0);

    assert_eq!(
        c.call(Method::DELETE, &path, None).await.status,
        StatusCode::OK
    );
    assert_eq!(
        c.call(Method::GET, &path, None).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        c.call(Method::DELETE, &path, None).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn menus_hold_items_nested_one_level_and_link_collections() {
    let app = spawn_app().await;
    let c = client(&app, OWNER_EMAIL).await;
    let menus = c
        .call(Method::GET, "/api/stores/onlinestore/menus/", None)
        .await;
    assert_eq!(menus.status, StatusCode::OK);
    let handles: Vec<&str> = menus
        .json
        .as_array()
        .expect("menus")
        .iter()
        .map(|m| m["handle"].as_str().expect("handle"))
        .collect();
    assert_eq!(handles, vec!["main-menu", "footer"]);

    let link = |parent: &str, slug: &str| json!({"parent": parent, "slug": slug});
    let created = c
        .call(
            Method::POST,
            "/api/stores/onlinestore/menus/",
            Some(json!({"title": "Sidebar", "items": [
                {"title": "Home", "link": link("home", "")},
                {"title": "More", "link": link("page", "about-us"), "children": [{"title": "Contact", "link": link("page", "contact")}]}
            ]})),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(created.json["handle"], "sidebar");
    assert!(
        !created.json["items"][1]["children"][0]["id"]
            .as_str()
            .expect("id")
            .is_empty()
    );
    let id = created.json["id"].as_str().expect("id").to_owned();
    let path = format!("/api/stores/onlinestore/menus/{id}");

    let too_deep = json!({"title": "Deep", "items": [{"title": "A", "link": link("home", ""), "children": [
        {"title": "B", "link": link("home", ""), "children": [{"title": "C", "link": link("home", "")}]}]}]});
    assert_eq!(
        c.call(
            Method::POST,
            "/api/stores/onlinestore/menus/",
            Some(too_deep)
        )
        .await
        .status,
        StatusCode::BAD_REQUEST
    );
    let bad_link = json!({"title": "Odd", "items": [{"title": "A", "link": link("moon", "")}]});
    assert_eq!(
        c.call(
            Method::POST,
            "/api/stores/onlinestore/menus/",
            Some(bad_link)
        )
        .await
        .status,
        StatusCode::BAD_REQUEST
    );
    let taken = c
        .call(
            Method::POST,
            "/api/stores/onlinestore/menus/",
            Some(json!({"title": "Footer"})),
        )
        .await;
    assert_eq!(taken.status, StatusCode::CONFLICT);

    assert_eq!(c.call(Method::GET, &path, None).await.json, created.json);
    let replaced = c
        .call(
            Method::PUT,
            &path,
            Some(json!({"title": "Side", "items": []})),
        )
        .await;
    assert_eq!(replaced.status, StatusCode::OK, "{}", replaced.text);
    assert_eq!(replaced.json["items"], json!([]));

    // Collections in the menu.
    let collections = c
        .call(Method::GET, "/api/stores/collections?limit=2", None)
        .await;
    let tops = collections.json["collections"][1].clone();
    let tops_id = tops["id"].as_str().expect("id");
    let add = format!("/api/stores/onlinestore/menus/{id}/collections/{tops_id}");
    let added = c.call(Method::POST, &add, None).await;
    assert_eq!(added.status, StatusCode::OK, "{}", added.text);
    assert_eq!(added.json["items"][0]["link"]["parent"], "category");
    assert_eq!(added.json["items"][0]["link"]["slug"], tops["handle"]);
    let twice = c.call(Method::POST, &add, None).await;
    assert_eq!(twice.json["items"].as_array().expect("items").len(), 1);
    let listed = c
        .call(
            Method::GET,
            &format!("/api/stores/onlinestore/menus/collections/{id}"),
            None,
        )
        .await;
    assert_eq!(listed.status, StatusCode::OK);
    assert_eq!(listed.json[0]["id"], tops["id"]);
    assert_eq!(
        c.call(
            Method::POST,
            &format!("/api/stores/onlinestore/menus/{id}/collections/nope"),
            None
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    let removed = c.call(Method::DELETE, &add, None).await;
    assert_eq!(removed.status, StatusCode::OK);
    assert_eq!(removed.json["items"], json!([]));
    let main_id = menus.json[0]["id"].as_str().expect("id");
    let main = c
        .call(
            Method::GET,
            &format!("/api/stores/onlinestore/menus/collections/{main_id}"),
            None,
        )
        .await;
    assert_eq!(
        main.json.as_array().expect("collections").len(),
        3,
        "the seeded Shop children"
    );

    assert_eq!(
        c.call(Method::DELETE, &path, None).await.status,
        StatusCode::OK
    );
    assert_eq!(
        c.call(Method::GET, &path, None).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn a_page_keeps_the_allowed_font_sizes_and_refuses_others() {
    let app = spawn_app().await;
    let c = client(&app, DESIGNER_EMAIL).await;
    let refused = c
        .call(
            Method::POST,
            "/api/stores/onlinestore/pages/",
            Some(json!({"title": "Sizes", "bodyHtml": "<p><span style=\"font-size: 13px\">odd</span></p>"})),
        )
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
    assert!(
        refused.messages()[0].starts_with("A page's body uses the font size 13px"),
        "{:?}",
        refused.messages()
    );
    let created = c
        .call(
            Method::POST,
            "/api/stores/onlinestore/pages/",
            Some(json!({"title": "Sizes", "bodyHtml": "<p style=\"font-size: 24px; background: url(x)\">Big</p><span style=\"font-size:14px;position:fixed\">small</span>"})),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    assert_eq!(
        created.json["bodyHtml"],
        "<p style=\"font-size: 24px\">Big</p><span style=\"font-size: 14px\">small</span>"
    );
}

#[tokio::test]
async fn a_page_keeps_the_rich_text_editors_marks_and_alignments_and_its_storefront_page_shows_them()
 {
    let app = spawn_app().await;
    let c = client(&app, DESIGNER_EMAIL).await;
    let body = "<h2 style=\"text-align: center; color: red\">Our story</h2>\
        <p style=\"text-align: justify\"><strong>Bold</strong> <em>and</em> <u>under</u> <s>gone</s> \
        <span style=\"font-size: 24px\">big</span> <a target=\"_blank\" href=\"https://example.com/\">link</a></p>\
        <ul><li><p>one</p></li></ul><img src=\"/uploads/a.png\" alt=\"A shop\">\
        <p style=\"text-align: expression(x)\">odd</p><div style=\"text-align: center\">box</div>";
    let created = c
        .call(
            Method::POST,
            "/api/stores/onlinestore/pages/",
            Some(json!({"title": "Story", "handle": "story", "bodyHtml": body, "published": true})),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text);
    let kept = created.json["bodyHtml"].as_str().expect("body");
    for part in [
        "<h2 style=\"text-align: center\">Our story</h2>",
        "<p style=\"text-align: justify\"><strong>Bold</strong> <em>and</em> <u>under</u> <s>gone</s>",
        "<span style=\"font-size: 24px\">big</span>",
        "href=\"https://example.com/\"",
        "<img src=\"/uploads/a.png\" alt=\"A shop\">",
        "<p>odd</p>",
        "<div>box</div>",
    ] {
        assert!(kept.contains(part), "{part} in {kept}");
    }
    assert!(
        !kept.contains("color") && !kept.contains("expression"),
        "{kept}"
    );

    let page = app.get("/s/demo/pages/story").send().await;
    assert_eq!(page.status, StatusCode::OK);
    for part in [
        "<h2 style=\"text-align: center\">Our story</h2>",
        "<strong>Bold</strong>",
        "<span style=\"font-size: 24px\">big</span>",
    ] {
        assert!(page.text.contains(part), "{part} on the storefront page");
    }
}
