//! Personalization (shell.md §7): the set-ups of personalized products (the layers a shopper
//! fills in) and the fonts they may use. Needs the `products` scope.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use core_wasm::personalize::CheckedSetup;
use serde::Deserialize;
use shared_types::{
    ApiErrorBody, Count, MessageResponse, Personalize, PersonalizeFont, PersonalizeInput,
    PersonalizePage,
};
use sqlx::AnyPool;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::store::{StoreAccess, routes::Products};
use crate::db::listing::Target;
use crate::db::{self, new_id};
use crate::error::{ApiError, Json, Query};
use crate::paging;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(create))
        .routes(routes!(count))
        .routes(routes!(list_fonts, add_font))
        .routes(routes!(delete_font))
        .routes(routes!(by_product))
        .routes(routes!(read, update, remove))
}

fn checked(input: &PersonalizeInput) -> Result<CheckedSetup, ApiError> {
    core_wasm::personalize::check_setup(input).map_err(ApiError::Invalid)
}

async fn find(db: &AnyPool, store_id: &str, id: &str) -> Result<Personalize, ApiError> {
    db::personalize::by_id(db, store_id, id)
        .await?
        .ok_or(ApiError::NotFound)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct PageQuery {
    page: Option<u32>,
    limit: Option<u32>,
}

/// The store's personalized products, newest first.
#[utoipa::path(get, path = "/personalizes/", tag = "personalization", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store"), PageQuery),
    responses((status = 200, body = PersonalizePage), (status = 400, body = ApiErrorBody)))]
async fn list(
    State(state): State<AppState>,
    access: StoreAccess<Products>,
    Query(query): Query<PageQuery>,
) -> Result<Json<PersonalizePage>, ApiError> {
    let page = paging::page(query.page, query.limit, core_wasm::limits::LIST_PAGE_SIZE)?;
    let (personalizes, total) = db::personalize::list(&state.db, &access.store_id, page).await?;
    Ok(Json(PersonalizePage {
        personalizes,
        total: u32::try_from(total).unwrap_or(u32::MAX),
    }))
}

/// How many personalized products the store has.
#[utoipa::path(get, path = "/personalizes/count", tag = "personalization", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = Count)))]
async fn count(
    State(state): State<AppState>,
    access: StoreAccess<Products>,
) -> Result<Json<Count>, ApiError> {
    let total = db::personalize::count(&state.db, &access.store_id).await?;
    Ok(Json(Count {
        count: u32::try_from(total).unwrap_or(u32::MAX),
    }))
}

/// Creates a personalized product's set-up.
#[utoipa::path(post, path = "/personalizes", tag = "personalization", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = PersonalizeInput,
    responses((status = 201, body = Personalize), (status = 400, body = ApiErrorBody)))]
async fn create(
    State(state): State<AppState>,
    access: StoreAccess<Products>,
    Json(body): Json<PersonalizeInput>,
) -> Result<(StatusCode, Json<Personalize>), ApiError> {
    let setup = checked(&body)?;
    let id = new_id();
    db::personalize::save(&state.db, &access.store_id, Target::New(&id), &setup).await?;
    Ok((
        StatusCode::CREATED,
        Json(find(&state.db, &access.store_id, &id).await?),
    ))
}

/// One set-up.
#[utoipa::path(get, path = "/personalizes/{id}", tag = "personalization", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "Set-up id")),
    responses((status = 200, body = Personalize), (status = 404, body = ApiErrorBody)))]
async fn read(
    State(state): State<AppState>,
    access: StoreAccess<Products>,
    Path(id): Path<String>,
) -> Result<Json<Personalize>, ApiError> {
    Ok(Json(find(&state.db, &access.store_id, &id).await?))
}

/// Replaces a set-up.
#[utoipa::path(put, path = "/personalizes/{id}", tag = "personalization", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "Set-up id")),
    request_body = PersonalizeInput,
    responses((status = 200, body = Personalize), (status = 400, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn update(
    State(state): State<AppState>,
    access: StoreAccess<Products>,
    Path(id): Path<String>,
    Json(body): Json<PersonalizeInput>,
) -> Result<Json<Personalize>, ApiError> {
    let setup = checked(&body)?;
    let updated =
        db::personalize::save(&state.db, &access.store_id, Target::Existing(&id), &setup).await?;
    if !updated {
        return Err(ApiError::NotFound);
    }
    Ok(Json(find(&state.db, &access.store_id, &id).await?))
}

/// Deletes a set-up.
#[utoipa::path(delete, path = "/personalizes/{id}", tag = "personalization", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "Set-up id")),
    responses((status = 200, body = MessageResponse), (status = 404, body = ApiErrorBody)))]
async fn remove(
    State(state): State<AppState>,
    access: StoreAccess<Products>,
    Path(id): Path<String>,
) -> Result<Json<MessageResponse>, ApiError> {
    db::delete_in_store(&state.db, "personalizes", &id, &access.store_id).await?;
    Ok(Json(MessageResponse {
        message: "The personalization has been deleted.".to_owned(),
    }))
}

/// The set-ups of one product.
#[utoipa::path(get, path = "/personalizes/product/{id}", tag = "personalization", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "Product id")),
    responses((status = 200, body = Vec<Personalize>)))]
async fn by_product(
    State(state): State<AppState>,
    access: StoreAccess<Products>,
    Path(id): Path<String>,
) -> Result<Json<Vec<Personalize>>, ApiError> {
    Ok(Json(
        db::personalize::of_product(&state.db, &access.store_id, &id).await?,
    ))
}

/// The fonts the store's personalizations may use.
#[utoipa::path(get, path = "/personalizes/font", tag = "personalization", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = Vec<PersonalizeFont>)))]
async fn list_fonts(
    State(state): State<AppState>,
    access: StoreAccess<Products>,
) -> Result<Json<Vec<PersonalizeFont>>, ApiError> {
    Ok(Json(
        db::personalize::fonts(&state.db, &access.store_id).await?,
    ))
}

/// Adds a font: a name of 1 to 100 characters and an `https://` address of a .ttf, .otf, .woff
/// or .woff2 file.
#[utoipa::path(post, path = "/personalizes/font", tag = "personalization", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = PersonalizeFont,
    responses((status = 201, body = PersonalizeFont), (status = 400, body = ApiErrorBody)))]
async fn add_font(
    State(state): State<AppState>,
    access: StoreAccess<Products>,
    Json(body): Json<PersonalizeFont>,
) -> Result<(StatusCode, Json<PersonalizeFont>), ApiError> {
    let (name, font_url) = core_wasm::personalize::check_font(&body.name, &body.font_url)
        .map_err(ApiError::Invalid)?;
    let font = PersonalizeFont {
        id: new_id(),
        name,
        font_url,
    };
    db::personalize::insert_font(&state.db, &access.store_id, &font).await?;
    Ok((StatusCode::CREATED, Json(font)))
}

/// Removes a font.
#[utoipa::path(delete, path = "/personalizes/font/{id}", tag = "personalization", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "Font id")),
    responses((status = 200, body = MessageResponse), (status = 404, body = ApiErrorBody)))]
async fn delete_font(
    State(state): State<AppState>,
    access: StoreAccess<Products>,
    Path(id): Path<String>,
) -> Result<Json<MessageResponse>, ApiError> {
    db::delete_in_store(&state.db, "personalize_fonts", &id, &access.store_id).await?;
    Ok(Json(MessageResponse {
        message: "The font has been removed.".to_owned(),
    }))
}
