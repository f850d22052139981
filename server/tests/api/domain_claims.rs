//! Issue 24: custom-domain claims that neither block nor route until verified, the first store
//! to verify getting the domain, claims expiring after 72 hours, the reserved subdomains, and
//! the per-account store limit that only an operator raises.

use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;

use axum::http::StatusCode;
use serde_json::{Value, json};
use server::dns::FixedResolver;

use crate::helpers::{DEMO_PASSWORD, OWNER_EMAIL, SELLER_EMAIL, TestApp, spawn_app_configured};

const VICTIM: &str = "shop.victim-brand.com";

/// The app with host routing on and `VICTIM` pointing at us, and its DNS (to publish claims'
/// TXT records in).
async fn app_with_dns() -> (TestApp, FixedResolver) {
    let mut app = spawn_app_configured(|c| c.storefront_hosts = true).await;
    let dns = FixedResolver::default();
    dns.point(VICTIM, vec![IpAddr::V4(Ipv4Addr::new(203, 0, 113, 10))]);
    app.state.resolver = Arc::new(dns.clone());
    app.router = server::app(app.state.clone());
    (app, dns)
}

/// Publishes the TXT record a claim's answer names, as its store would at its DNS host.
fn publish(dns: &FixedResolver, claimed: &crate::helpers::Reply) {
    let record = &claimed.json["verification"];
    dns.publish_txt(
        record["name"].as_str().expect("the record's name"),
        record["value"].as_str().expect("the record's text"),
    );
}

/// (access token, store id) of a demo account, its store on a plan that includes own domains
/// (the Silver plan when its own does not).
async fn signed_in(app: &TestApp, email: &str) -> (String, String) {
    let login = app.login(email, DEMO_PASSWORD).await;
    let (token, store) = (
        login["accessToken"].as_str().expect("token").to_owned(),
        login["storeId"].as_str().expect("store").to_owned(),
    );
    let list = app
        .get("/api/stores/config/domains/")
        .token(&token)
        .store(&store)
        .send()
        .await;
    if list.json["ownDomains"] != true {
        let chosen = app
            .put("/api/stores/subscription")
            .json(&json!({"planCode": "PLAN_SILVER_MONTHLY"}))
            .token(&token)
            .store(&store)
            .send()
            .await;
        assert_eq!(chosen.status, StatusCode::OK, "{}", chosen.text);
    }
    (token, store)
}

async fn claim(
    app: &TestApp,
    (token, store): &(String, String),
    host: &str,
) -> crate::helpers::Reply {
    app.post("/api/stores/config/domains/")
        .json(&json!({"host": host}))
        .token(token)
        .store(store)
        .send()
        .await
}

async fn check(app: &TestApp, (token, store): &(String, String), host: &str) -> Value {
    let reply = app
        .post("/api/stores/admin/check-domain")
        .json(&json!({"domain": host, "storeId": store}))
        .token(token)
        .store(store)
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text);
    reply.json
}

async fn hosts(app: &TestApp, (token, store): &(String, String)) -> Vec<(String, bool)> {
    let list = app
        .get("/api/stores/config/domains/")
        .token(token)
        .store(store)
        .send()
        .await;
    list.json["domains"]
        .as_array()
        .expect("domains")
        .iter()
        .map(|d| {
            (
                d["host"].as_str().expect("host").to_owned(),
                d["verified"] == true,
            )
        })
        .collect()
}

async fn cart_on_host(app: &TestApp, host: &str) -> StatusCode {
    app.get("/cart").header("host", host).send().await.status
}

#[tokio::test]
async fn an_unverified_claim_neither_blocks_nor_routes_and_the_first_store_to_verify_gets_the_domain()
 {
    let (app, dns) = app_with_dns().await;
    let squatter = signed_in(&app, SELLER_EMAIL).await;
    let owner = signed_in(&app, OWNER_EMAIL).await;
    let first = claim(&app, &squatter, VICTIM).await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.text);
    assert_eq!(first.json["verified"], false);
    assert_ne!(cart_on_host(&app, VICTIM).await, StatusCode::OK);
    let second = claim(&app, &owner, VICTIM).await;
    assert_eq!(second.status, StatusCode::CREATED, "{}", second.text);
    assert_eq!(
        claim(&app, &owner, VICTIM).await.status,
        StatusCode::CONFLICT,
        "one claim per store"
    );
    assert_ne!(cart_on_host(&app, VICTIM).await, StatusCode::OK);
    // Each claim names a TXT record of its own.
    assert_eq!(
        second.json["verification"]["name"],
        format!("_storeloom-verify.{VICTIM}")
    );
    assert_ne!(
        first.json["verification"]["value"],
        second.json["verification"]["value"]
    );

    // The real owner points the domain at us and publishes their claim's record. The squatter,
    // checking first, does not get the domain with the owner's address alone.
    publish(&dns, &second);
    // (What DNS holds is public: the squatter sees the owner's text, which proves nothing for
    // the squatter's own claim.)
    let owners_text = second.json["verification"]["value"].clone();
    let early = check(&app, &squatter, VICTIM).await;
    assert_eq!(
        early,
        json!({"host": VICTIM, "available": true, "pointsToUs": true, "txtFound": false,
            "addresses": ["203.0.113.10"], "texts": [owners_text]})
    );
    assert!(
        hosts(&app, &squatter)
            .await
            .contains(&(VICTIM.to_owned(), false))
    );
    assert_ne!(cart_on_host(&app, VICTIM).await, StatusCode::OK);

    // The real owner verifies: the domain is theirs, the squatter's claim is dropped.
    let verified = check(&app, &owner, VICTIM).await;
    assert_eq!(
        verified,
        json!({"host": VICTIM, "available": true, "pointsToUs": true, "txtFound": true,
            "addresses": ["203.0.113.10"], "texts": [owners_text]})
    );
    assert!(
        hosts(&app, &owner)
            .await
            .contains(&(VICTIM.to_owned(), true))
    );
    assert!(
        !hosts(&app, &squatter)
            .await
            .iter()
            .any(|(h, _)| h == VICTIM)
    );
    let lost = app
        .get("/api/stores/payout/v2/notification")
        .token(&squatter.0)
        .store(&squatter.1)
        .send()
        .await;
    assert_eq!(
        lost.json["notifications"][0]["title"],
        "A domain you added went to another store"
    );
    let page = app.get("/").header("host", VICTIM).send().await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    assert!(page.text.contains("Demo Store"));

    // The squatter can neither verify it nor claim it again.
    let late = check(&app, &squatter, VICTIM).await;
    assert_eq!(late["available"], false);
    assert_eq!(
        claim(&app, &squatter, VICTIM).await.status,
        StatusCode::CONFLICT
    );
    let (claims,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM domain_claims WHERE host = $1")
        .bind(VICTIM)
        .fetch_one(&app.state.db)
        .await
        .expect("claims");
    assert_eq!(claims, 0);
}

/// Moves every claim of `host` back in time by `hours` and a millisecond.
async fn age_claims(app: &TestApp, host: &str, hours: i64, extra_ms: i64) {
    sqlx::query("UPDATE domain_claims SET created_at = created_at - $1 WHERE host = $2")
        .bind(hours * 3_600_000 + extra_ms)
        .bind(host)
        .execute(&app.state.db)
        .await
        .expect("age claims");
}

#[tokio::test]
async fn a_claim_expires_after_72_hours_and_can_then_be_made_again() {
    let (app, dns) = app_with_dns().await;
    let seller = signed_in(&app, SELLER_EMAIL).await;
    let first = claim(&app, &seller, VICTIM).await;
    assert_eq!(first.status, StatusCode::CREATED);
    publish(&dns, &first);
    age_claims(&app, VICTIM, 72, 1).await;
    assert!(!hosts(&app, &seller).await.iter().any(|(h, _)| h == VICTIM));
    let expired = check(&app, &seller, VICTIM).await;
    assert_eq!(expired["pointsToUs"], true);
    let (routed,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM domains WHERE host = $1")
        .bind(VICTIM)
        .fetch_one(&app.state.db)
        .await
        .expect("domains");
    assert_eq!(routed, 0, "an expired claim was verified");

    // Claimed again, it counts afresh: at 71 hours it still verifies.
    let again = claim(&app, &seller, VICTIM).await;
    assert_eq!(again.status, StatusCode::CREATED);
    publish(&dns, &again);
    age_claims(&app, VICTIM, 71, 0).await;
    assert!(
        hosts(&app, &seller)
            .await
            .contains(&(VICTIM.to_owned(), false))
    );
    check(&app, &seller, VICTIM).await;
    assert!(
        hosts(&app, &seller)
            .await
            .contains(&(VICTIM.to_owned(), true))
    );
    assert_eq!(cart_on_host(&app, VICTIM).await, StatusCode::OK);
}

#[tokio::test]
async fn a_claim_is_removed_by_its_store_only() {
    let (app, _) = app_with_dns().await;
    let seller = signed_in(&app, SELLER_EMAIL).await;
    let owner = signed_in(&app, OWNER_EMAIL).await;
    let added = claim(&app, &seller, VICTIM).await;
    let id = added.json["id"].as_str().expect("id").to_owned();
    let path = format!("/api/stores/config/domains/?id={id}");
    let foreign = app
        .delete(&path)
        .token(&owner.0)
        .store(&owner.1)
        .send()
        .await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    let removed = app
        .delete(&path)
        .token(&seller.0)
        .store(&seller.1)
        .send()
        .await;
    assert_eq!(removed.status, StatusCode::OK, "{}", removed.text);
    assert!(!hosts(&app, &seller).await.iter().any(|(h, _)| h == VICTIM));
}

async fn create_store(app: &TestApp, token: &str, name: &str) -> crate::helpers::Reply {
    app.post("/api/users/create-store")
        .json(&json!({"storeName": name}))
        .token(token)
        .send()
        .await
}

#[tokio::test]
async fn reserved_subdomains_are_never_given_nor_routed() {
    let app = spawn_app_configured(|c| c.storefront_hosts = true).await;
    let (token, _) = signed_in(&app, SELLER_EMAIL).await;
    for (name, given) in [
        ("Admin", "admin-2"),
        ("www", "www-2"),
        ("API", "api-2"),
        ("Mail", "mail-2"),
        ("Mail", "mail-3"),
    ] {
        let reply = create_store(&app, &token, name).await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text);
        assert_eq!(reply.json["subdomain"], given, "{name}");
    }
    // A reserved subdomain given as it is is refused.
    let owner = app.user_id(SELLER_EMAIL).await;
    let given = server::db::accounts::create_store_now(
        &app.state.db,
        &owner,
        "Status",
        Some("status"),
        app.state.config.store_placement(),
    )
    .await;
    assert!(given.is_err());
    // A store that holds a reserved subdomain from before is not served on that host.
    sqlx::query("UPDATE stores SET subdomain = 'admin' WHERE subdomain = 'admin-2'")
        .execute(&app.state.db)
        .await
        .expect("old store");
    assert_ne!(cart_on_host(&app, "admin.localhost").await, StatusCode::OK);
    assert_eq!(cart_on_host(&app, "mail-2.localhost").await, StatusCode::OK);
}

#[tokio::test]
async fn the_store_limit_is_reached_with_a_clear_message_and_an_operator_raises_it() {
    let app = spawn_app_configured(|c| c.store_limit = 3).await;
    let (seller, _) = signed_in(&app, SELLER_EMAIL).await;
    let (operator, _) = signed_in(&app, OWNER_EMAIL).await;
    for n in 2..=3 {
        let made = create_store(&app, &seller, &format!("Shop {n}")).await;
        assert_eq!(made.status, StatusCode::CREATED, "{}", made.text);
    }
    let over = create_store(&app, &seller, "Shop 4").await;
    assert_eq!(over.status, StatusCode::FORBIDDEN, "{}", over.text);
    assert!(
        over.messages()[0].contains("3 stores"),
        "{:?}",
        over.messages()
    );

    let set = |token: String, body: Value| {
        let app = &app;
        async move {
            app.put("/api/operator/accounts/store-limit")
                .json(&body)
                .token(&token)
                .send()
                .await
        }
    };
    let own = set(
        seller.clone(),
        json!({"email": SELLER_EMAIL, "storeLimit": 5}),
    )
    .await;
    assert_eq!(own.status, StatusCode::FORBIDDEN);
    let zero = set(
        operator.clone(),
        json!({"email": SELLER_EMAIL, "storeLimit": 0}),
    )
    .await;
    assert_eq!(zero.status, StatusCode::BAD_REQUEST);
    let nobody = set(
        operator.clone(),
        json!({"email": "nobody@example.com", "storeLimit": 5}),
    )
    .await;
    assert_eq!(nobody.status, StatusCode::NOT_FOUND);
    let raised = set(
        operator.clone(),
        json!({"email": "Seller@Example.com", "storeLimit": 4}),
    )
    .await;
    assert_eq!(raised.status, StatusCode::OK, "{}", raised.text);
    assert_eq!(
        raised.json,
        json!({"email": SELLER_EMAIL, "storeLimit": 4, "ownedStores": 3})
    );
    assert_eq!(
        create_store(&app, &seller, "Shop 4").await.status,
        StatusCode::CREATED
    );
    assert_eq!(
        create_store(&app, &seller, "Shop 5").await.status,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn the_store_a_sign_up_makes_counts_toward_the_limit() {
    let app = spawn_app_configured(|c| c.store_limit = 1).await;
    let signup = app
        .post("/api/auth/signup?sk=welcome")
        .json(&json!({"email": "new@example.com", "password": "secret12", "storeName": "New Shop"}))
        .send()
        .await;
    assert_eq!(signup.status, StatusCode::CREATED, "{}", signup.text);
    let user = app.user_id("new@example.com").await;
    let second = server::db::accounts::create_store_now(
        &app.state.db,
        &user,
        "Second",
        None,
        app.state.config.store_placement(),
    )
    .await;
    assert!(second.is_err(), "a second store passed a limit of 1");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn parallel_creations_stop_exactly_at_the_limit() {
    let app = Arc::new(spawn_app_configured(|c| c.store_limit = 4).await);
    let (token, _) = signed_in(&app, SELLER_EMAIL).await;
    let mut creations = tokio::task::JoinSet::new();
    for n in 0..12 {
        let (app, token) = (app.clone(), token.clone());
        creations.spawn(async move {
            create_store(&app, &token, &format!("Race {n}"))
                .await
                .status
        });
    }
    let mut statuses = Vec::new();
    while let Some(status) = creations.join_next().await {
        statuses.push(status.expect("a creation"));
    }
    let created = statuses
        .iter()
        .filter(|s| **s == StatusCode::CREATED)
        .count();
    let refused = statuses
        .iter()
        .filter(|s| **s == StatusCode::FORBIDDEN)
        .count();
    assert_eq!((created, refused), (3, 9), "{statuses:?}");
}
