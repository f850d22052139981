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
use crate::db::{new_id, now_ms, rfc3339};
use crate::error::{ApiError, Json, Query};
use crate::notify::{self, BODY_MAX_BYTES, TITLE_MAX_CHARS};
use crate::paging;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(mark_read))
        .routes(routes!(broadcast))
}

#[derive(Debug, Deserialize, IntoParams)]
struct ListQuery {
    /// From 1.
    page: Option<u32>,
    /// 1 to 100; the shell asks for 10.
    limit: Option<u32>,
    /// 1 unread only, 2 read only; absent: all.
    status: Option<u8>,
}

type Row = (String, String, String, i64, i64);

fn notification((id, title, body, created_at, status): Row) -> Notification {
    Notification {
        id,
        title,
        body,
        created_date: rfc3339(created_at),
        status: u8::try_from(status).unwrap_or(1),
    }
}

/// The store's notifications, newest first, a page at a time, and the operator's broadcasts.
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
    let status = query.status.map(i64::from);
    let (filter, extra): (&str, Option<i64>) = match status {
        Some(s) => (" AND status = $2", Some(s)),
        None => ("", None),
    };
    let count_sql = format!("SELECT COUNT(*) FROM notifications WHERE store_id = $1{filter}");
    let mut count =
        sqlx::query_as::<_, (i64,)>(sqlx::AssertSqlSafe(count_sql)).bind(&access.store_id);
    if let Some(s) = extra {
        count = count.bind(s);
    }
    let (total,) = count.fetch_one(&state.db).await?;
    let (limit_at, offset_at) = if extra.is_some() {
        ("$3", "$4")
    } else {
        ("$2", "$3")
    };
    let rows_sql = format!(
        "SELECT id, title, body, created_at, status FROM notifications WHERE store_id = $1{filter} \
         ORDER BY created_at DESC, id DESC LIMIT {limit_at} OFFSET {offset_at}"
    );
    let mut rows = sqlx::query_as::<_, Row>(sqlx::AssertSqlSafe(rows_sql)).bind(&access.store_id);
    if let Some(s) = extra {
        rows = rows.bind(s);
    }
    let rows = rows
        .bind(page.limit)
        .bind(page.offset)
        .fetch_all(&state.db)
        .await?;
    let public: Vec<(String, String, String, i64)> =
        sqlx::query_as("SELECT id, title, body, created_at FROM public_notifications ORDER BY created_at DESC, id DESC LIMIT 5")
            .fetch_all(&state.db)
            .await?;
    Ok(Json(NotificationList {
        notifications: rows.into_iter().map(notification).collect(),
        total: u32::try_from(total).unwrap_or(u32::MAX),
        public_notification: public
            .into_iter()
            .map(|(id, title, body, created_at)| notification((id, title, body, created_at, 1)))
            .collect(),
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
    sqlx::query("UPDATE notifications SET status = 2 WHERE id = $1 AND store_id = $2")
        .bind(&id)
        .bind(&access.store_id)
        .execute(&state.db)
        .await?;
    let row: Row = sqlx::query_as("SELECT id, title, body, created_at, status FROM notifications WHERE id = $1 AND store_id = $2")
        .bind(&id)
        .bind(&access.store_id)
        .fetch_optional(&state.db)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(Json(notification(row)))
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
    sqlx::query("INSERT INTO public_notifications (id, title, body, created_by, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(&id)
        .bind(title)
        .bind(&html)
        .bind(&user.user_id)
        .bind(now)
        .execute(&state.db)
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(notification((id, title.to_owned(), html, now, 1))),
    ))
}
