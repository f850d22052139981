//! Writes that arrive together are each kept or refused as the rules say, never answered 500:
//! on SQLite a transaction that reads before it writes takes the write lock first.

use axum::http::StatusCode;
use serde_json::json;

use crate::helpers::spawn_app;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_saves_that_read_before_they_write_all_succeed() {
    let app = spawn_app().await;
    let token = app.owner_token().await;
    let store = app.store_id("demo").await;
    let (product,): (String,) =
        sqlx::query_as("SELECT id FROM products WHERE store_id = $1 ORDER BY id LIMIT 1")
            .bind(&store)
            .fetch_one(&app.state.db)
            .await
            .expect("a demo product");

    // Each review's save checks its product inside the saving transaction, then inserts.
    let app = std::sync::Arc::new(app);
    let mut saves = tokio::task::JoinSet::new();
    for n in 0..24 {
        let review = json!({
            "productId": product,
            "author": format!("Shopper {n}"),
            "rating": 1 + n % 5,
            "published": n % 2 == 0,
        });
        let (app, token, store) = (app.clone(), token.clone(), store.clone());
        saves.spawn(async move {
            app.post("/api/stores/apps/product-reviews")
                .json(&review)
                .token(&token)
                .store(&store)
                .send()
                .await
        });
    }
    while let Some(reply) = saves.join_next().await {
        let reply = reply.expect("a save");
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.text);
    }

    let list = app
        .get("/api/stores/apps/product-reviews?limit=100")
        .token(&token)
        .store(&store)
        .send()
        .await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.text);
    let (kept,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM store_records WHERE store_id = $1 AND kind = 'reviews'",
    )
    .bind(&store)
    .fetch_one(&app.state.db)
    .await
    .expect("count");
    assert!(kept >= 24, "only {kept} reviews kept");
}
