//! Notifications (shell.md §3, §4, §7): a store's list with its unread filter, marking one
//! read, and the operator's broadcasts to every store.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Deserialize;
use shared_types::{ApiErrorBody, BroadcastRequest, Notification, NotificationList};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::Operator;
use crate::auth::store::{StoreAccess, routes::AnyMember};
use crate::db::notifications::{self as notify, BODY_MAX_BYTES, TITLE_MAX_CHARS};
use crate::db::{self, new_id, now_ms};
use crate::error::{ApiError, Json, Query};
use crate::paging;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(mark_read))
        .routes(routes!(broadcast))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListQuery {
    /// From 1.
    page: Option<u32>,
    /// 1 to 250; the shell asks for 10.
    limit: Option<u32>,
    /// 1 unread only, 2 read only; absent: all.
    status: Option<u8>,
}

/// The store's notifications, newest first, a page at a time, and the operator's broadcasts.
/// Those about payouts reach only members who may see payouts (`checkout`).
#[utoipa::path(get, path = "/stores/payout/v2/notification", tag = "notifications", security(("bearer" = [])),
    params(("X-Store-Id" = String, Header, description = "The store"), ListQuery),
    responses((status = 200, body = NotificationList), (status = 400, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn list(
    State(state): State<AppState>,
    access: StoreAccess<AnyMember>,
    Query(query): Query<ListQuery>,
) -> Result<Json<NotificationList>, ApiError> {
    let page = paging::page(
        query.page,
        query.limit,
        core_wasm::limits::NOTIFICATION_PAGE_SIZE,
    )?;
    if query.status.is_some_and(|s| s != 1 && s != 2) {
        return Err(ApiError::Invalid(vec![
            "status is 1 (unread) or 2 (read).".to_owned(),
        ]));
    }
    // Payout notifications only for those who may see payouts (the balance's scope).
    let hidden = (!core_wasm::shell::menu::may_read_notification(
        core_wasm::shell::menu::PAYOUT_NOTIFICATION_PREFIX,
        &access.scopes,
    ))
    .then_some(core_wasm::shell::menu::PAYOUT_NOTIFICATION_PREFIX);
    let (notifications, total) = db::notifications::page(
        &state.db,
        &access.store_id,
        query.status.map(i64::from),
        hidden,
        i64::from(page.limit),
        page.offset,
    )
    .await?;
    Ok(Json(NotificationList {
        notifications,
        total: u32::try_from(total).unwrap_or(u32::MAX),
        public_notification: db::notifications::latest_broadcasts(&state.db, 5).await?,
    }))
}

/// Marks one notification read (status 2).
#[utoipa::path(patch, path = "/stores/payout/v2/notification/{id}", tag = "notifications", security(("bearer" = [])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "Notification id")),
    responses((status = 200, body = Notification), (status = 404, body = ApiErrorBody)))]
async fn mark_read(
    State(state): State<AppState>,
    access: StoreAccess<AnyMember>,
    Path(id): Path<String>,
) -> Result<Json<Notification>, ApiError> {
    let kind = db::notifications::kind(&state.db, &access.store_id, &id).await?;
    if !kind
        .is_some_and(|kind| core_wasm::shell::menu::may_read_notification(&kind, &access.scopes))
    {
        return Err(ApiError::NotFound);
    }
    let notification = db::notifications::mark_read(&state.db, &access.store_id, &id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(Json(notification))
}

/// Sends a public notification to every store (operator staff only).
#[utoipa::path(post, path = "/operator/public-notifications", tag = "notifications", security(("bearer" = [])),
    request_body = BroadcastRequest,
    responses((status = 201, body = Notification), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody)))]
async fn broadcast(
    State(state): State<AppState>,
    Operator(user): Operator,
    Json(body): Json<BroadcastRequest>,
) -> Result<(StatusCode, Json<Notification>), ApiError> {
    let title = body.title.trim();
    if title.is_empty()
        || title.chars().count() > TITLE_MAX_CHARS
        || body.body.len() > BODY_MAX_BYTES
    {
        return Err(ApiError::Invalid(vec![format!(
            "A notification needs a title of 1 to {TITLE_MAX_CHARS} characters and a body of at most {BODY_MAX_BYTES} bytes."
        )]));
    }
    let id = new_id();
    let now = now_ms();
    let html = notify::sanitize(&body.body);
    db::notifications::insert_broadcast(&state.db, &id, title, &html, &user.user_id, now).await?;
    Ok((
        StatusCode::CREATED,
        Json(db::notifications::broadcast(
            id,
            title.to_owned(),
            html,
            now,
        )),
    ))
}
