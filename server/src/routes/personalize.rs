//! Personalization (shell.md §7): the set-ups of personalized products (the layers a shopper
//! fills in) and the fonts they may use. Needs the `products` scope.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use shared_types::{
    ApiErrorBody, Count, MessageResponse, Personalize, PersonalizeFont, PersonalizeInput,
    PersonalizePage,
};
use sqlx::AnyPool;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::store::{StoreAccess, routes::Products};
use crate::db::{self, new_id, now_ms, rfc3339};
use crate::error::{ApiError, Json, Query};
use crate::paging;
use crate::state::AppState;

/// Limits of a set-up: its name, its layers and their JSON size.
const NAME_MAX: usize = 100;
const LAYERS_MAX: usize = 50;
const LAYERS_MAX_BYTES: usize = 64 * 1024;

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

type Row = (String, String, String, String, i64);

fn personalize((id, product_id, name, layers, updated_at): Row) -> Personalize {
    Personalize {
        id,
        product_id,
        name,
        layers: serde_json::from_str(&layers).unwrap_or_default(),
        updated_date: rfc3339(updated_at),
    }
}

const COLUMNS: &str = "SELECT id, product_id, name, layers, updated_at FROM personalizes";

/// Checks a set-up: a product id, a name of 1 to 100 characters, at most 50 layers of at most
/// 64 KB of JSON in all, each layer an object.
fn checked(input: &PersonalizeInput) -> Result<(String, String, String), ApiError> {
    let mut errors = Vec::new();
    let name = input.name.trim();
    if name.is_empty() || name.chars().count() > NAME_MAX {
        errors.push(format!("The name must have 1 to {NAME_MAX} characters."));
    }
    let product_id = input.product_id.trim();
    if product_id.is_empty() || product_id.len() > 100 {
        errors.push("Choose the product to personalize.".to_owned());
    }
    if input.layers.len() > LAYERS_MAX || !input.layers.iter().all(Value::is_object) {
        errors.push(format!("Layers are at most {LAYERS_MAX} objects."));
    }
    let layers = serde_json::to_string(&input.layers).map_err(ApiError::internal)?;
    if layers.len() > LAYERS_MAX_BYTES {
        errors.push("The layers are too large (64 KB at most).".to_owned());
    }
    if errors.is_empty() {
        Ok((product_id.to_owned(), name.to_owned(), layers))
    } else {
        Err(ApiError::Invalid(errors))
    }
}

async fn find(db: &AnyPool, store_id: &str, id: &str) -> Result<Personalize, ApiError> {
    let row: Row = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{COLUMNS} WHERE id = $1 AND store_id = $2"
    )))
    .bind(id)
    .bind(store_id)
    .fetch_optional(db)
    .await?
    .ok_or(ApiError::NotFound)?;
    Ok(personalize(row))
}

#[derive(Debug, Deserialize, IntoParams)]
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
    let page = paging::page(query.page, query.limit, 20)?;
    let (total,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM personalizes WHERE store_id = $1")
        .bind(&access.store_id)
        .fetch_one(&state.db)
        .await?;
    let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{COLUMNS} WHERE store_id = $1 ORDER BY updated_at DESC, id DESC LIMIT $2 OFFSET $3"
    )))
    .bind(&access.store_id)
    .bind(page.limit)
    .bind(page.offset)
    .fetch_all(&state.db)
    .await?;
    Ok(Json(PersonalizePage {
        personalizes: rows.into_iter().map(personalize).collect(),
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
    let (total,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM personalizes WHERE store_id = $1")
        .bind(&access.store_id)
        .fetch_one(&state.db)
        .await?;
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
    let (product_id, name, layers) = checked(&body)?;
    let id = new_id();
    let now = now_ms();
    sqlx::query(
        "INSERT INTO personalizes (id, store_id, product_id, name, layers, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)",
    )
    .bind(&id)
    .bind(&access.store_id)
    .bind(&product_id)
    .bind(&name)
    .bind(&layers)
    .bind(now)
    .execute(&state.db)
    .await?;
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
    let (product_id, name, layers) = checked(&body)?;
    let updated = sqlx::query("UPDATE personalizes SET product_id = $1, name = $2, layers = $3, updated_at = $4 WHERE id = $5 AND store_id = $6")
        .bind(&product_id)
        .bind(&name)
        .bind(&layers)
        .bind(now_ms())
        .bind(&id)
        .bind(&access.store_id)
        .execute(&state.db)
        .await?
        .rows_affected();
    if updated == 0 {
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
    let rows: Vec<Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{COLUMNS} WHERE store_id = $1 AND product_id = $2 ORDER BY updated_at DESC"
    )))
    .bind(&access.store_id)
    .bind(&id)
    .fetch_all(&state.db)
    .await?;
    Ok(Json(rows.into_iter().map(personalize).collect()))
}

/// The fonts the store's personalizations may use.
#[utoipa::path(get, path = "/personalizes/font", tag = "personalization", security(("bearer" = ["products"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = Vec<PersonalizeFont>)))]
async fn list_fonts(
    State(state): State<AppState>,
    access: StoreAccess<Products>,
) -> Result<Json<Vec<PersonalizeFont>>, ApiError> {
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT id, name, font_url FROM personalize_fonts WHERE store_id = $1 ORDER BY name, id",
    )
    .bind(&access.store_id)
    .fetch_all(&state.db)
    .await?;
    Ok(Json(
        rows.into_iter()
            .map(|(id, name, font_url)| PersonalizeFont { id, name, font_url })
            .collect(),
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
    let name = body.name.trim();
    let url = body.font_url.trim();
    let path = url
        .split(['?', '#'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let mut errors = Vec::new();
    if name.is_empty() || name.chars().count() > NAME_MAX {
        errors.push(format!(
            "The font's name must have 1 to {NAME_MAX} characters."
        ));
    }
    if !url.starts_with("https://")
        || url.len() > 2048
        || ![".ttf", ".otf", ".woff", ".woff2"]
            .iter()
            .any(|ext| path.ends_with(ext))
    {
        errors.push(
            "The font's address must be an https:// link to a .ttf, .otf, .woff or .woff2 file."
                .to_owned(),
        );
    }
    if !errors.is_empty() {
        return Err(ApiError::Invalid(errors));
    }
    let id = new_id();
    sqlx::query("INSERT INTO personalize_fonts (id, store_id, name, font_url, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(&id)
        .bind(&access.store_id)
        .bind(name)
        .bind(url)
        .bind(now_ms())
        .execute(&state.db)
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(PersonalizeFont {
            id,
            name: name.to_owned(),
            font_url: url.to_owned(),
        }),
    ))
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
