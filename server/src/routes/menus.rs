//! Navigation menus (shell.md §7): items with titles and link objects, nested one level, and
//! the collections a menu links to.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use shared_types::catalog::{Collection, Link, LinkParams, Menu, MenuInput, MenuItem};
use shared_types::{ApiErrorBody, MessageResponse};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::pages::invalid;
use crate::auth::store::{StoreAccess, routes::Navigation};
use crate::db::catalog::{collection_by_handle, find_collection};
use crate::db::listing::{Target, save_with_handle};
use crate::db::menus::MenuWrite;
use crate::db::{menus, new_id, now_ms};
use crate::error::{ApiError, Json};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_menus, create_menu))
        .routes(routes!(get_menu, put_menu, delete_menu))
        .routes(routes!(menu_collections))
        .routes(routes!(add_collection, remove_collection))
}

/// Menu `id` of the store; `NotFound` when there is none.
async fn find(state: &AppState, store_id: &str, id: &str) -> Result<Menu, ApiError> {
    menus::by_id(&state.db, store_id, id)
        .await?
        .ok_or(ApiError::NotFound)
}

/// Checks a menu with the core's rules and gives every item without an id a new one.
fn checked(input: MenuInput) -> Result<MenuWrite, ApiError> {
    let problems = core_wasm::catalog::menu_problems(&input);
    if !problems.is_empty() {
        return Err(ApiError::Invalid(problems));
    }
    let title = core_wasm::catalog::check_title("A menu's title", &input.title).map_err(invalid)?;
    let handle =
        core_wasm::catalog::check_handle(input.handle.as_deref(), &title).map_err(invalid)?;
    core_wasm::catalog::check_menu_items(&input.items).map_err(invalid)?;
    let mut items = input.items;
    for item in &mut items {
        item.title = item.title.trim().to_owned();
        if item.id.is_empty() {
            item.id = new_id();
        }
        for child in &mut item.children {
            child.title = child.title.trim().to_owned();
            if child.id.is_empty() {
                child.id = new_id();
            }
        }
    }
    MenuWrite::new(title, handle, &items)
}

/// The store's menus (the editor uses them as the main menus).
#[utoipa::path(get, path = "/stores/onlinestore/menus/", tag = "menus", security(("bearer" = ["navigations"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = Vec<Menu>), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn list_menus(
    State(state): State<AppState>,
    access: StoreAccess<Navigation>,
) -> Result<Json<Vec<Menu>>, ApiError> {
    Ok(Json(menus::list(&state.db, &access.store_id).await?))
}

/// Creates a menu.
#[utoipa::path(post, path = "/stores/onlinestore/menus/", tag = "menus", security(("bearer" = ["navigations"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = MenuInput,
    responses((status = 201, body = Menu), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn create_menu(
    State(state): State<AppState>,
    access: StoreAccess<Navigation>,
    Json(input): Json<MenuInput>,
) -> Result<(StatusCode, Json<Menu>), ApiError> {
    let (id, menu) = (new_id(), checked(input)?);
    save_with_handle(&state.db, &access.store_id, Target::New(&id), &menu).await?;
    Ok((
        StatusCode::CREATED,
        Json(find(&state, &access.store_id, &id).await?),
    ))
}

/// One menu.
#[utoipa::path(get, path = "/stores/onlinestore/menus/{id}", tag = "menus", security(("bearer" = ["navigations"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The menu")),
    responses((status = 200, body = Menu), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn get_menu(
    State(state): State<AppState>,
    access: StoreAccess<Navigation>,
    Path(id): Path<String>,
) -> Result<Json<Menu>, ApiError> {
    Ok(Json(find(&state, &access.store_id, &id).await?))
}

/// Replaces a menu.
#[utoipa::path(put, path = "/stores/onlinestore/menus/{id}", tag = "menus", security(("bearer" = ["navigations"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The menu")),
    request_body = MenuInput,
    responses((status = 200, body = Menu), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn put_menu(
    State(state): State<AppState>,
    access: StoreAccess<Navigation>,
    Path(id): Path<String>,
    Json(input): Json<MenuInput>,
) -> Result<Json<Menu>, ApiError> {
    find(&state, &access.store_id, &id).await?;
    let menu = checked(input)?;
    save_with_handle(&state.db, &access.store_id, Target::Existing(&id), &menu).await?;
    Ok(Json(find(&state, &access.store_id, &id).await?))
}

/// Deletes a menu.
#[utoipa::path(delete, path = "/stores/onlinestore/menus/{id}", tag = "menus", security(("bearer" = ["navigations"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The menu")),
    responses((status = 200, body = MessageResponse), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn delete_menu(
    State(state): State<AppState>,
    access: StoreAccess<Navigation>,
    Path(id): Path<String>,
) -> Result<Json<MessageResponse>, ApiError> {
    crate::db::delete_in_store(&state.db, "menus", &id, &access.store_id).await?;
    Ok(Json(MessageResponse {
        message: "The menu is deleted.".to_owned(),
    }))
}

fn links_to(item: &MenuItem, handle: &str) -> bool {
    item.link.parent == "category" && item.link.slug == handle
}

/// The collections a menu links to, in the menu's order (children included).
#[utoipa::path(get, path = "/stores/onlinestore/menus/collections/{id}", tag = "menus", security(("bearer" = ["navigations"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The menu")),
    responses((status = 200, body = Vec<Collection>), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn menu_collections(
    State(state): State<AppState>,
    access: StoreAccess<Navigation>,
    Path(id): Path<String>,
) -> Result<Json<Vec<Collection>>, ApiError> {
    let menu = find(&state, &access.store_id, &id).await?;
    let mut handles: Vec<String> = Vec::new();
    for item in &menu.items {
        for linked in std::iter::once(item).chain(item.children.iter()) {
            if linked.link.parent == "category" && !handles.contains(&linked.link.slug) {
                handles.push(linked.link.slug.clone());
            }
        }
    }
    let mut out: Vec<Collection> = Vec::new();
    for handle in handles {
        if let Some(collection) = collection_by_handle(&state.db, &access.store_id, &handle).await?
        {
            out.push(collection);
        }
    }
    Ok(Json(out))
}

/// Menu `menu_id` and collection `collection_id` of the store; `NotFound` without either.
async fn menu_and_collection(
    state: &AppState,
    store_id: &str,
    (menu_id, collection_id): &(String, String),
) -> Result<(Menu, Collection), ApiError> {
    let menu = find(state, store_id, menu_id).await?;
    Ok((
        menu,
        find_collection(&state.db, store_id, collection_id).await?,
    ))
}

/// Writes `items` to menu `menu_id` of the store; the menu as stored.
async fn save_items(
    state: &AppState,
    store_id: &str,
    menu_id: &str,
    items: &[MenuItem],
) -> Result<Json<Menu>, ApiError> {
    menus::update_items(&state.db, store_id, menu_id, items, now_ms()).await?;
    Ok(Json(find(state, store_id, menu_id).await?))
}

/// Adds a top-level item linking to a collection (once; adding it again changes nothing).
#[utoipa::path(post, path = "/stores/onlinestore/menus/{menuId}/collections/{collectionId}", tag = "menus", security(("bearer" = ["navigations"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("menuId" = String, Path, description = "The menu"),
        ("collectionId" = String, Path, description = "The collection")),
    responses((status = 200, body = Menu), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn add_collection(
    State(state): State<AppState>,
    access: StoreAccess<Navigation>,
    Path(ids): Path<(String, String)>,
) -> Result<Json<Menu>, ApiError> {
    let (menu, collection) = menu_and_collection(&state, &access.store_id, &ids).await?;
    if menu.items.iter().any(|i| links_to(i, &collection.handle)) {
        return Ok(Json(menu));
    }
    let mut items = menu.items;
    items.push(MenuItem {
        id: new_id(),
        title: collection.title.clone(),
        link: Link {
            parent: "category".to_owned(),
            slug: collection.handle.clone(),
            name: Some(collection.title.clone()),
            params: Some(LinkParams {
                slug: collection.handle.clone(),
            }),
        },
        children: Vec::new(),
    });
    core_wasm::catalog::check_menu_items(&items).map_err(invalid)?;
    save_items(&state, &access.store_id, &ids.0, &items).await
}

/// Removes every item (and child) linking to a collection.
#[utoipa::path(delete, path = "/stores/onlinestore/menus/{menuId}/collections/{collectionId}", tag = "menus", security(("bearer" = ["navigations"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("menuId" = String, Path, description = "The menu"),
        ("collectionId" = String, Path, description = "The collection")),
    responses((status = 200, body = Menu), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn remove_collection(
    State(state): State<AppState>,
    access: StoreAccess<Navigation>,
    Path(ids): Path<(String, String)>,
) -> Result<Json<Menu>, ApiError> {
    let (menu, collection) = menu_and_collection(&state, &access.store_id, &ids).await?;
    let mut items = menu.items;
    items.retain(|i| !links_to(i, &collection.handle));
    for item in &mut items {
        item.children.retain(|c| !links_to(c, &collection.handle));
    }
    save_items(&state, &access.store_id, &ids.0, &items).await
}
