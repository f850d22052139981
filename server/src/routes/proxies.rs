//! Payment gateways ("proxies", shell.md §7) under `/stores/payout/proxy/`: the platform's
//! gateways and groups, and the ones a store uses. A store with none sees the payment-gateway
//! notice (shell.md §8). Also the store's test mode (issue 24), which the gateways decide.

use axum::extract::{Path, State};
use serde::Deserialize;
use shared_types::{
    ApiErrorBody, GroupRef, MessageResponse, Proxy, ProxyGroup, ProxyPage, ProxySelection,
    TestMode, TestModeInput,
};
use sqlx::AnyPool;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::store::{
    StoreAccess,
    routes::{AnyMember, Payouts},
};
use crate::db::{self, checkout};
use crate::error::{ApiError, Json, Query};
use crate::paging;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(store_proxies))
        .routes(routes!(get_store_proxies))
        .routes(routes!(remain_proxies))
        .routes(routes!(list_groups))
        .routes(routes!(store_groups))
        .routes(routes!(remain_group_proxies))
        .routes(routes!(list_proxies_groups))
        .routes(routes!(add_store_group))
        .routes(routes!(remove_store_group))
        .routes(routes!(save_store_proxies))
        .routes(routes!(save_group_proxies))
        .routes(routes!(get_test_mode, put_test_mode))
}

/// Whether the store is in test mode (its checkout takes test orders) and has a gateway.
#[utoipa::path(get, path = "/stores/settings/test-mode", tag = "gateways", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = TestMode), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn get_test_mode(
    State(state): State<AppState>,
    access: StoreAccess<Payouts>,
) -> Result<Json<TestMode>, ApiError> {
    let (test_mode, has_gateway) = checkout::test_mode(&state.db, &access.store_id).await?;
    Ok(Json(TestMode {
        test_mode,
        has_gateway,
    }))
}

/// Switches test mode. Off without a gateway is allowed: the storefront then says checkout
/// is unavailable and takes no order.
#[utoipa::path(put, path = "/stores/settings/test-mode", tag = "gateways", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    request_body = TestModeInput,
    responses((status = 200, body = TestMode), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn put_test_mode(
    State(state): State<AppState>,
    access: StoreAccess<Payouts>,
    Json(input): Json<TestModeInput>,
) -> Result<Json<TestMode>, ApiError> {
    checkout::set_test_mode(&state.db, &access.store_id, input.test_mode).await?;
    get_test_mode(State(state), access).await
}

/// The gateways the store uses. Any member may read it: the shell shows every member the
/// payment-gateway notice when there are none.
#[utoipa::path(get, path = "/stores/payout/proxy/store-proxies", tag = "gateways", security(("bearer" = [])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = Vec<Proxy>), (status = 404, body = ApiErrorBody)))]
async fn store_proxies(
    State(state): State<AppState>,
    access: StoreAccess<AnyMember>,
) -> Result<Json<Vec<Proxy>>, ApiError> {
    Ok(Json(
        db::proxies::assigned(&state.db, &access.store_id).await?,
    ))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct PageQuery {
    /// From 1.
    page: Option<u32>,
    /// 1 to 250 (the shell asks for 10).
    limit: Option<u32>,
    /// The store, as the shell sends it; it must be the store of `X-Store-Id`.
    store_id: Option<String>,
}

/// A page of the gateways the store uses.
#[utoipa::path(get, path = "/stores/payout/proxy/get-store-proxies", tag = "gateways", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store"), PageQuery),
    responses((status = 200, body = ProxyPage), (status = 400, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn get_store_proxies(
    State(state): State<AppState>,
    access: StoreAccess<Payouts>,
    Query(query): Query<PageQuery>,
) -> Result<Json<ProxyPage>, ApiError> {
    if query
        .store_id
        .as_deref()
        .is_some_and(|id| id != access.store_id)
    {
        return Err(ApiError::NotFound);
    }
    let page = paging::page(query.page, query.limit, core_wasm::limits::PROXY_LIST_LIMIT)?;
    let all = db::proxies::assigned(&state.db, &access.store_id).await?;
    let total = u32::try_from(all.len()).unwrap_or(u32::MAX);
    let start = usize::try_from(page.offset).unwrap_or(usize::MAX);
    Ok(Json(ProxyPage {
        proxies: all
            .into_iter()
            .skip(start)
            .take(usize::try_from(page.limit).unwrap_or(0))
            .collect(),
        total,
    }))
}

/// The gateways the store does not use yet.
#[utoipa::path(get, path = "/stores/payout/proxy/remain-proxies", tag = "gateways", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = Vec<Proxy>), (status = 403, body = ApiErrorBody)))]
async fn remain_proxies(
    State(state): State<AppState>,
    access: StoreAccess<Payouts>,
) -> Result<Json<Vec<Proxy>>, ApiError> {
    Ok(Json(
        db::proxies::unassigned(&state.db, &access.store_id).await?,
    ))
}

/// Every group of gateways.
#[utoipa::path(get, path = "/stores/payout/proxy/list-groups", tag = "gateways", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = Vec<ProxyGroup>), (status = 403, body = ApiErrorBody)))]
async fn list_groups(
    State(state): State<AppState>,
    _access: StoreAccess<Payouts>,
) -> Result<Json<Vec<ProxyGroup>>, ApiError> {
    Ok(Json(db::proxies::groups(&state.db, None).await?))
}

/// The groups the store has taken.
#[utoipa::path(get, path = "/stores/payout/proxy/store-groups", tag = "gateways", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = Vec<ProxyGroup>), (status = 403, body = ApiErrorBody)))]
async fn store_groups(
    State(state): State<AppState>,
    access: StoreAccess<Payouts>,
) -> Result<Json<Vec<ProxyGroup>>, ApiError> {
    Ok(Json(
        db::proxies::groups(&state.db, Some(&access.store_id)).await?,
    ))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct GroupQuery {
    /// The group.
    group_id: String,
}

/// The gateways of a group that the store does not use yet.
#[utoipa::path(get, path = "/stores/payout/proxy/remain-group-proxies", tag = "gateways", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store"), GroupQuery),
    responses((status = 200, body = Vec<Proxy>), (status = 403, body = ApiErrorBody)))]
async fn remain_group_proxies(
    State(state): State<AppState>,
    access: StoreAccess<Payouts>,
    Query(query): Query<GroupQuery>,
) -> Result<Json<Vec<Proxy>>, ApiError> {
    let all = db::proxies::unassigned(&state.db, &access.store_id).await?;
    Ok(Json(
        all.into_iter()
            .filter(|p| p.group_id.as_deref() == Some(query.group_id.as_str()))
            .collect(),
    ))
}

/// Every group with its gateways.
#[utoipa::path(get, path = "/stores/payout/proxy/list-proxies-groups", tag = "gateways", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = Vec<ProxyGroup>), (status = 403, body = ApiErrorBody)))]
async fn list_proxies_groups(
    State(state): State<AppState>,
    _access: StoreAccess<Payouts>,
) -> Result<Json<Vec<ProxyGroup>>, ApiError> {
    Ok(Json(db::proxies::groups(&state.db, None).await?))
}

/// Takes a group: the store uses every gateway in it.
#[utoipa::path(post, path = "/stores/payout/proxy/add-store-group", tag = "gateways", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = GroupRef,
    responses((status = 200, body = MessageResponse), (status = 400, body = ApiErrorBody)))]
async fn add_store_group(
    State(state): State<AppState>,
    access: StoreAccess<Payouts>,
    Json(body): Json<GroupRef>,
) -> Result<Json<MessageResponse>, ApiError> {
    group_exists(&state.db, &body.group_id).await?;
    db::proxies::take_group(&state.db, &access.store_id, &body.group_id).await?;
    Ok(Json(MessageResponse {
        message: "The group's gateways are in use.".to_owned(),
    }))
}

/// Leaves a group: the store stops using its gateways.
#[utoipa::path(post, path = "/stores/payout/proxy/remove-store-group", tag = "gateways", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = GroupRef,
    responses((status = 200, body = MessageResponse), (status = 400, body = ApiErrorBody)))]
async fn remove_store_group(
    State(state): State<AppState>,
    access: StoreAccess<Payouts>,
    Json(body): Json<GroupRef>,
) -> Result<Json<MessageResponse>, ApiError> {
    group_exists(&state.db, &body.group_id).await?;
    db::proxies::leave_group(&state.db, &access.store_id, &body.group_id).await?;
    Ok(Json(MessageResponse {
        message: "The group's gateways are no longer in use.".to_owned(),
    }))
}

/// Checks that every id names a gateway (of `group`, when given); duplicates are dropped.
async fn known_proxies(
    db: &AnyPool,
    ids: &[String],
    group: Option<&str>,
) -> Result<Vec<String>, ApiError> {
    if ids.len() > core_wasm::limits::PROXY_SELECTION_MAX {
        return Err(ApiError::Invalid(vec![format!(
            "At most {} gateways at once.",
            core_wasm::limits::PROXY_SELECTION_MAX
        )]));
    }
    let rows = db::proxies::gateway_groups(db).await?;
    let mut chosen: Vec<String> = Vec::new();
    for id in ids {
        let ok = rows
            .iter()
            .any(|(p, g)| p == id && group.is_none_or(|group| g.as_deref() == Some(group)));
        if !ok {
            return Err(ApiError::Invalid(vec![format!("Unknown gateway: {id}")]));
        }
        if !chosen.contains(id) {
            chosen.push(id.clone());
        }
    }
    Ok(chosen)
}

/// Sets the gateways the store uses, replacing the previous choice.
#[utoipa::path(post, path = "/stores/payout/proxy/save-store-proxies", tag = "gateways", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = ProxySelection,
    responses((status = 200, body = Vec<Proxy>), (status = 400, body = ApiErrorBody)))]
async fn save_store_proxies(
    State(state): State<AppState>,
    access: StoreAccess<Payouts>,
    Json(body): Json<ProxySelection>,
) -> Result<Json<Vec<Proxy>>, ApiError> {
    let ids = known_proxies(&state.db, &body.proxy_ids, None).await?;
    Ok(Json(
        db::proxies::replace(&state.db, &access.store_id, None, &ids).await?,
    ))
}

/// Sets which gateways of group `{id}` the store uses, leaving its other gateways as they are.
#[utoipa::path(post, path = "/stores/payout/proxy/group/{id}", tag = "gateways", security(("bearer" = ["checkout"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "Group id")),
    request_body = ProxySelection,
    responses((status = 200, body = Vec<Proxy>), (status = 400, body = ApiErrorBody)))]
async fn save_group_proxies(
    State(state): State<AppState>,
    access: StoreAccess<Payouts>,
    Path(id): Path<String>,
    Json(body): Json<ProxySelection>,
) -> Result<Json<Vec<Proxy>>, ApiError> {
    group_exists(&state.db, &id).await?;
    let ids = known_proxies(&state.db, &body.proxy_ids, Some(&id)).await?;
    Ok(Json(
        db::proxies::replace(&state.db, &access.store_id, Some(&id), &ids).await?,
    ))
}

async fn group_exists(db: &AnyPool, group_id: &str) -> Result<(), ApiError> {
    if db::proxies::group_exists(db, group_id).await? {
        Ok(())
    } else {
        Err(ApiError::Invalid(vec!["No such group.".to_owned()]))
    }
}
