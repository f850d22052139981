//! `/api/users`: the signed-in user and the stores they work in.

use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::get;
use core_wasm::shell::permissions::ROLE_KEYS;
use serde::Deserialize;
use shared_types::{StorePage, StoreSummary, UserInfo};

use crate::auth::CurrentUser;
use crate::auth::store::STORE_ID_HEADER;
use crate::error::{ApiError, Json, Query};
use crate::state::AppState;

/// How many stores one page of `GET /api/users/stores` holds.
pub const STORES_PAGE_SIZE: i64 = 20;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/users/info", get(info))
        .route("/users/stores", get(stores))
}

type UserRow = (
    String,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
);

/// `GET /api/users/info`: the user, and their role and scopes in the store of `X-Store-Id`.
async fn info(
    State(state): State<AppState>,
    user: CurrentUser,
    headers: HeaderMap,
) -> Result<Json<UserInfo>, ApiError> {
    let (id, email, first_name, last_name, profile_picture): UserRow = sqlx::query_as(
        "SELECT id, email, first_name, last_name, profile_picture FROM users WHERE id = $1",
    )
    .bind(&user.user_id)
    .fetch_optional(&state.db)
    .await?
    .ok_or_else(|| ApiError::Unauthorized("Please sign in.".to_owned()))?;
    let mut info = UserInfo {
        id,
        first_name,
        last_name,
        email,
        profile_picture,
        is_store_owner: false,
        is_store_admin: false,
        scopes: Vec::new(),
    };
    let store_id = headers.get(STORE_ID_HEADER).and_then(|v| v.to_str().ok());
    if let Some(store_id) = store_id {
        let (role, scopes): (String, String) = sqlx::query_as(
            "SELECT role, scopes FROM store_members WHERE store_id = $1 AND user_id = $2",
        )
        .bind(store_id)
        .bind(&user.user_id)
        .fetch_optional(&state.db)
        .await?
        // Another store's id answers as if it did not exist.
        .ok_or(ApiError::NotFound)?;
        info.is_store_owner = role == "owner";
        info.is_store_admin = role == "owner" || role == "admin";
        info.scopes = if info.is_store_owner {
            ROLE_KEYS.iter().map(|key| (*key).to_owned()).collect()
        } else {
            scopes.split_whitespace().map(str::to_owned).collect()
        };
    }
    Ok(Json(info))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoresQuery {
    last_id: Option<String>,
}

type StoreRow = (String, String, String, String, Option<String>);

/// `GET /api/users/stores?lastId=`: the user's stores in id order, a page at a time.
async fn stores(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<StoresQuery>,
) -> Result<Json<StorePage>, ApiError> {
    let rows: Vec<StoreRow> = sqlx::query_as(
        "SELECT s.id, s.name, s.subdomain, m.role, \
                (SELECT d.host FROM domains d \
                  WHERE d.store_id = s.id AND d.is_primary = 1 AND d.domain_type <> 'SystemDefault' \
                  ORDER BY d.created_at LIMIT 1) \
           FROM stores s JOIN store_members m ON m.store_id = s.id \
          WHERE m.user_id = $1 AND s.id > $2 \
          ORDER BY s.id LIMIT $3",
    )
    .bind(&user.user_id)
    .bind(query.last_id.unwrap_or_default())
    .bind(STORES_PAGE_SIZE + 1)
    .fetch_all(&state.db)
    .await?;
    let has_more = rows.len() as i64 > STORES_PAGE_SIZE;
    let stores: Vec<StoreSummary> = rows
        .into_iter()
        .take(STORES_PAGE_SIZE as usize)
        .map(|(id, name, subdomain, role, custom_host)| {
            let store_domain = format!("{subdomain}.{}", state.config.store_domain_suffix);
            StoreSummary {
                id,
                name,
                r_domain: custom_host.unwrap_or_else(|| store_domain.clone()),
                store_domain,
                subdomain,
                is_owner: role == "owner",
            }
        })
        .collect();
    let last_id = if has_more {
        stores.last().map(|store| store.id.clone())
    } else {
        None
    };
    Ok(Json(StorePage { stores, last_id }))
}
