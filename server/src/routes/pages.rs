//! Store pages (shell.md §7): title, handle, sanitized HTML body and a published flag. The
//! editor lists only the published ones; the storefront reads them through the public API.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Deserialize;
use shared_types::catalog::{Page, PageInput, PageList};
use shared_types::{ApiErrorBody, MessageResponse};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::store::{StoreAccess, routes::Pages};
use crate::db::listing::{Target, save_with_handle};
use crate::db::pages::PageWrite;
use crate::db::{self, new_id};
use crate::error::{ApiError, Json, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_pages, create_page))
        .routes(routes!(get_page, put_page, delete_page))
}

/// Paging and filters of the page list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// From 1 (default 1).
    page: Option<u32>,
    /// At most 250 (default 50).
    limit: Option<u32>,
    /// Only published (true) or unpublished (false) pages.
    published: Option<bool>,
}

/// Checks a page with the core's rules and sanitizes its HTML.
fn checked(input: PageInput) -> Result<PageWrite, ApiError> {
    let problems = core_wasm::catalog::page_problems(&input);
    if !problems.is_empty() {
        return Err(ApiError::Invalid(problems));
    }
    let title = core_wasm::catalog::check_title("A page's title", &input.title).map_err(invalid)?;
    let handle =
        core_wasm::catalog::check_handle(input.handle.as_deref(), &title).map_err(invalid)?;
    core_wasm::catalog::check_html_length("A page's body", &input.body_html).map_err(invalid)?;
    Ok(PageWrite {
        title,
        handle,
        body_html: sanitize(&input.body_html),
        published: input.published,
    })
}

/// HTML with scripts, event handlers and other active content removed (the core's
/// `sanitize_html`).
pub(crate) fn sanitize(html: &str) -> String {
    core_wasm::catalog::sanitize_html(html)
}

pub(crate) fn invalid(message: String) -> ApiError {
    ApiError::Invalid(vec![message])
}

async fn find(state: &AppState, store_id: &str, id: &str) -> Result<Page, ApiError> {
    db::pages::by_id(&state.db, store_id, id)
        .await?
        .ok_or(ApiError::NotFound)
}

/// The store's pages, newest first, with their count.
#[utoipa::path(get, path = "/stores/onlinestore/pages/", tag = "pages", security(("bearer" = ["pages"])),
    params(("X-Store-Id" = String, Header, description = "The store"), PageQuery),
    responses((status = 200, body = PageList), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn list_pages(
    State(state): State<AppState>,
    access: StoreAccess<Pages>,
    Query(query): Query<PageQuery>,
) -> Result<Json<PageList>, ApiError> {
    let paging = crate::paging::page(query.page, query.limit, core_wasm::limits::RECORD_PAGE_SIZE)?;
    let (pages, total) =
        db::pages::list(&state.db, &access.store_id, query.published, paging).await?;
    Ok(Json(PageList { pages, total }))
}

/// Creates a page; its HTML is sanitized, its handle made from the title when not given.
#[utoipa::path(post, path = "/stores/onlinestore/pages/", tag = "pages", security(("bearer" = ["pages"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = PageInput,
    responses((status = 201, body = Page), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn create_page(
    State(state): State<AppState>,
    access: StoreAccess<Pages>,
    Json(input): Json<PageInput>,
) -> Result<(StatusCode, Json<Page>), ApiError> {
    let (id, page) = (new_id(), checked(input)?);
    save_with_handle(&state.db, &access.store_id, Target::New(&id), &page).await?;
    Ok((
        StatusCode::CREATED,
        Json(find(&state, &access.store_id, &id).await?),
    ))
}

/// One page.
#[utoipa::path(get, path = "/stores/onlinestore/pages/{id}", tag = "pages", security(("bearer" = ["pages"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The page")),
    responses((status = 200, body = Page), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn get_page(
    State(state): State<AppState>,
    access: StoreAccess<Pages>,
    Path(id): Path<String>,
) -> Result<Json<Page>, ApiError> {
    Ok(Json(find(&state, &access.store_id, &id).await?))
}

/// Replaces a page.
#[utoipa::path(put, path = "/stores/onlinestore/pages/{id}", tag = "pages", security(("bearer" = ["pages"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The page")),
    request_body = PageInput,
    responses((status = 200, body = Page), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn put_page(
    State(state): State<AppState>,
    access: StoreAccess<Pages>,
    Path(id): Path<String>,
    Json(input): Json<PageInput>,
) -> Result<Json<Page>, ApiError> {
    find(&state, &access.store_id, &id).await?;
    let page = checked(input)?;
    save_with_handle(&state.db, &access.store_id, Target::Existing(&id), &page).await?;
    Ok(Json(find(&state, &access.store_id, &id).await?))
}

/// Deletes a page.
#[utoipa::path(delete, path = "/stores/onlinestore/pages/{id}", tag = "pages", security(("bearer" = ["pages"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The page")),
    responses((status = 200, body = MessageResponse), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn delete_page(
    State(state): State<AppState>,
    access: StoreAccess<Pages>,
    Path(id): Path<String>,
) -> Result<Json<MessageResponse>, ApiError> {
    db::delete_in_store(&state.db, "pages", &id, &access.store_id).await?;
    Ok(Json(MessageResponse {
        message: "The page is deleted.".to_owned(),
    }))
}
