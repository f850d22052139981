//! Themes (shell.md §7) and the editor's theme config (editor spec §7): the list, templates,
//! clone, activate, delete; the config with its version (`If-Match` or 412/428), the offline
//! batch replayed by the core, the user's unsaved draft kept for their other devices, and the
//! version history. Every config is checked by the theme engine, so the server refuses exactly
//! what the editor refuses, with the same codes.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use core_wasm::shell::plan_limits::Limited;
use core_wasm::theme::{self as engine, ThemeDoc, ThemeError};
use serde_json::Value;
use shared_types::catalog::{
    BatchOutcome, CommandBatch, EditorData, ImportTheme, NewTheme, SavedConfig, Theme,
    ThemeConfigRecord, ThemeDraft, ThemeDraftAck, ThemeDraftInput, ThemeDraftPatch, ThemeName,
    ThemePage, ThemePages, ThemePreviewLink, ThemeRename, ThemeTemplate, ThemeType, ThemeVersion,
    ThemeVersionDetail,
};
use shared_types::{ApiErrorBody, MessageResponse};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

use crate::auth::CurrentUser;
use crate::auth::store::{StoreAccess, routes as scoped};
use crate::db::theme_drafts::{self, DraftKey};
use crate::db::themes::{self as store_themes, Author, Save, Summary};
use crate::db::{accounts, now_ms};
use crate::error::{ApiError, Json, Query};
use crate::routes::plans::Limit;
use crate::services::theme_save::{self, accept_doc, family_name};
use crate::state::AppState;

/// The first version's summary of a theme made from a template.
const FROM_TEMPLATE: &str = "Created from the template";

pub fn router() -> OpenApiRouter<AppState> {
    // A whole config may be up to the engine's limit; the engine refuses anything larger with
    // its own code, so the body limit sits just above it.
    let config_limit = DefaultBodyLimit::max(core_wasm::limits::THEME_CONFIG_MAX_BYTES + 1024);
    OpenApiRouter::new()
        .routes(routes!(list_themes, create_theme))
        .routes(routes!(add_theme).layer(config_limit))
        .routes(routes!(rename_theme, delete_theme))
        .routes(routes!(preview_theme))
        .routes(routes!(clone_theme))
        .routes(routes!(activate_theme))
        .routes(routes!(theme_pages))
        .routes(routes!(put_theme_page).layer(config_limit))
        .routes(routes!(put_theme_type))
        .routes(routes!(list_templates))
        .routes(routes!(create_from_template))
        .routes(routes!(get_config))
        .routes(routes!(get_config_by_id))
        .routes(routes!(editor_data))
        .routes(routes!(put_config).layer(config_limit))
        .routes(routes!(replay_commands).layer(config_limit))
        .routes(
            routes!(get_draft, put_draft, delete_draft, patch_draft).layer(DefaultBodyLimit::max(
                core_wasm::limits::THEME_DRAFT_MAX_BYTES,
            )),
        )
        .routes(routes!(list_versions))
        .routes(routes!(get_version))
        .routes(routes!(restore_version))
}

async fn find_theme(state: &AppState, store_id: &str, theme_id: &str) -> Result<Theme, ApiError> {
    store_themes::by_id(&state.db, store_id, theme_id)
        .await?
        .ok_or(ApiError::NotFound)
}

/// The theme's current config: (version, config text).
async fn current_config(state: &AppState, theme_id: &str) -> Result<(i64, String), ApiError> {
    theme_save::current_config(&state.db, theme_id).await
}

/// Reads a whole config as the editor would load it, then checks every rule of the engine.
fn accept_config(text: &str) -> Result<ThemeDoc, ApiError> {
    let doc = ThemeDoc::parse(text).map_err(|e| ApiError::theme(&[e], None))?;
    accept_doc(doc)
}

/// A stored config as read: as stored, or as the editor reads it (`cleanHtml`), its HTML texts
/// cleaned as the storefront cleans them when it renders. The editor's preview frame renders the
/// editor's document with no cleaner of its own (and shares the admin's origin), so nothing
/// anyone saved reaches it uncleaned (docs/decisions.md, "The editor's command stream").
fn read_config(text: &str, view: &ConfigView) -> Result<Value, ApiError> {
    let mut config: Value = serde_json::from_str(text).map_err(ApiError::internal)?;
    if view.clean_html {
        core_wasm::storefront::clean_config_html(&mut config);
    }
    Ok(config)
}

fn check_name(name: &str) -> Result<String, ApiError> {
    core_wasm::catalog::check_title("A theme's name", name).map_err(|m| ApiError::Invalid(vec![m]))
}

async fn author_name(state: &AppState, user_id: &str) -> Result<String, ApiError> {
    Ok(crate::db::accounts::full_name(&state.db, user_id).await?)
}

/// The version an `If-Match` header names (`3`, `"3"` or `W/"3"`); 428 when it is missing.
pub(crate) fn if_match(headers: &HeaderMap) -> Result<i64, ApiError> {
    let raw = headers
        .get(header::IF_MATCH)
        .ok_or_else(ApiError::version_required)?;
    raw.to_str()
        .ok()
        .map(|v| v.trim().trim_start_matches("W/").trim_matches('"'))
        .and_then(|v| v.parse::<i64>().ok())
        .ok_or_else(|| {
            ApiError::Invalid(vec![
                "If-Match must hold the version you edited, a whole number.".to_owned(),
            ])
        })
}

fn etag(version: i64) -> HeaderValue {
    HeaderValue::from_str(&format!("\"{version}\"")).unwrap_or(HeaderValue::from_static("\"0\""))
}

/// Saves `doc` over `theme` if `expected` is still its version; 412 with the current version
/// when it is not.
async fn save_doc(
    state: &AppState,
    user: &CurrentUser,
    theme: &Theme,
    expected: i64,
    doc: &ThemeDoc,
    summary: &str,
) -> Result<SavedConfig, ApiError> {
    let (current, before) = current_config(state, &theme.id).await?;
    if current != expected {
        return Err(ApiError::stale(current));
    }
    let before: Value = serde_json::from_str(&before).map_err(ApiError::internal)?;
    let paths = engine::changed_paths(&before, doc.value());
    let paths = serde_json::to_string(&paths).map_err(ApiError::internal)?;
    let user_id = user.user_id.as_str();
    let name = author_name(state, user_id).await?;
    let saved = store_themes::save(
        &state.db,
        &Save {
            theme_id: &theme.id,
            expected_version: expected,
            config: &doc.to_json(),
            family: family_name(doc.family()),
            summary: Summary {
                text: summary,
                paths: &paths,
                changes: "[]",
                authors: "[]",
            },
            batch: None,
            draft: None,
            live_seq: None,
        },
        Author {
            user_id: Some(user_id),
            name: Some(&name),
        },
    )
    .await?;
    match saved {
        Ok(version) => Ok(SavedConfig {
            id: theme.config_id.clone(),
            theme_id: theme.id.clone(),
            version,
        }),
        Err(current) => Err(ApiError::stale(current)),
    }
}

async fn list(state: &AppState, store_id: &str) -> Result<Vec<Theme>, ApiError> {
    Ok(store_themes::list(&state.db, store_id).await?)
}

/// Creates an unpublished theme of the store from `doc`, its first version saved with
/// `summary` by the signed-in member; 201 with the theme. Every way into the store's library
/// (a template, an upload, a copy) comes here: beyond the plan's theme limit, 403 naming the
/// plan that allows more.
async fn created(
    state: &AppState,
    access: &StoreAccess<scoped::Themes>,
    name: &str,
    source: &str,
    doc: &ThemeDoc,
    summary: &str,
) -> Result<(StatusCode, Json<Theme>), ApiError> {
    let (store_id, access_user) = (access.store_id.as_str(), access.user.user_id.as_str());
    let author = author_name(state, access_user).await?;
    let limit = Limit::of(&state.db, store_id, Limited::Themes).await?;
    let mut tx = crate::db::begin_write(&state.db).await?;
    limit.claim(&mut tx, store_id, 1, None).await?;
    let id = store_themes::create_theme(
        &mut tx,
        &store_themes::NewTheme {
            store_id,
            name,
            family: family_name(doc.family()),
            source,
            config: &doc.to_json(),
            active: false,
            summary,
        },
        Author {
            user_id: Some(access_user),
            name: Some(&author),
        },
    )
    .await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        Json(find_theme(state, store_id, &id).await?),
    ))
}

/// Creates an unpublished theme named `name` from `template`.
async fn from_template(
    state: &AppState,
    access: &StoreAccess<scoped::Themes>,
    template: &store_themes::Template,
    name: &str,
) -> Result<(StatusCode, Json<Theme>), ApiError> {
    let doc = accept_config(template.config)?;
    created(state, access, name, template.id, &doc, FROM_TEMPLATE).await
}

/// The store's themes, the active one first.
#[utoipa::path(get, path = "/stores/onlinestore/themes", tag = "themes", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = Vec<Theme>), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn list_themes(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Themes>,
) -> Result<Json<Vec<Theme>>, ApiError> {
    Ok(Json(list(&state, &access.store_id).await?))
}

/// Creates an unpublished theme from a family's template (hydro when none is named).
#[utoipa::path(post, path = "/stores/onlinestore/themes", tag = "themes", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = NewTheme,
    responses((status = 201, body = Theme), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn create_theme(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Themes>,
    Json(body): Json<NewTheme>,
) -> Result<(StatusCode, Json<Theme>), ApiError> {
    let name = check_name(&body.name)?;
    let family = body.family.as_deref().unwrap_or("hydro");
    let template = store_themes::template(family).ok_or_else(|| {
        ApiError::Invalid(vec!["A theme's family is hydro or newchick.".to_owned()])
    })?;
    from_template(&state, &access, template, &name).await
}

/// Adds an unpublished theme with a config of one's own, checked by the theme engine.
#[utoipa::path(post, path = "/stores/onlinestore/themes/add", tag = "themes", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = ImportTheme,
    responses((status = 201, body = Theme), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn add_theme(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Themes>,
    Json(body): Json<ImportTheme>,
) -> Result<(StatusCode, Json<Theme>), ApiError> {
    let name = check_name(&body.name)?;
    let doc = ThemeDoc::from_value(body.config).map_err(|e| ApiError::theme(&[e], None))?;
    if doc.to_json().len() > core_wasm::limits::THEME_CONFIG_MAX_BYTES {
        return Err(ApiError::theme(
            &[ThemeError::TooLarge {
                max: core_wasm::limits::THEME_CONFIG_MAX_BYTES,
            }],
            None,
        ));
    }
    let doc = accept_doc(doc)?;
    created(&state, &access, &name, "import", &doc, "Added").await
}

/// Renames a theme (its config and version stay as they are).
#[utoipa::path(put, path = "/stores/onlinestore/themes/{id}", tag = "themes", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The theme")),
    request_body = ThemeRename,
    responses((status = 200, body = Theme), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn rename_theme(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Themes>,
    Path(id): Path<String>,
    Json(body): Json<ThemeRename>,
) -> Result<Json<Theme>, ApiError> {
    let name = check_name(&body.name)?;
    if !crate::db::themes::rename(&state.db, &access.store_id, &id, &name).await? {
        return Err(ApiError::NotFound);
    }
    Ok(Json(find_theme(&state, &access.store_id, &id).await?))
}

/// A link that shows the theme on the store's storefront as shoppers would see it once it is
/// published, for an hour, without publishing it. The link is signed for this theme of this
/// store only; shoppers never see it.
#[utoipa::path(post, path = "/stores/onlinestore/themes/{id}/preview", tag = "themes", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The theme")),
    responses((status = 200, body = ThemePreviewLink), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn preview_theme(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Themes>,
    Path(id): Path<String>,
) -> Result<Json<ThemePreviewLink>, ApiError> {
    let theme = find_theme(&state, &access.store_id, &id).await?;
    let subdomain = crate::db::stores::subdomain(&state.db, &access.store_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let now_s = now_ms() / 1000;
    let token = state
        .keys
        .sign_preview(&access.store_id, &theme.id, now_s)
        .map_err(ApiError::internal)?;
    Ok(Json(ThemePreviewLink {
        url: format!("/s/{subdomain}/?preview={token}"),
        token,
        expires_at: (now_s + crate::auth::tokens::THEME_PREVIEW_SECONDS) * 1000,
    }))
}

/// Deletes an unpublished theme; the active theme cannot be deleted (409).
#[utoipa::path(delete, path = "/stores/onlinestore/themes/{id}", tag = "themes", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The theme")),
    responses((status = 200, body = MessageResponse), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn delete_theme(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Themes>,
    Path(id): Path<String>,
) -> Result<Json<MessageResponse>, ApiError> {
    if !store_themes::delete_inactive(&state.db, &access.store_id, &id).await? {
        let theme = find_theme(&state, &access.store_id, &id).await?;
        if theme.is_active {
            return Err(ApiError::Conflict(
                "The active theme cannot be deleted. Activate another theme first.".to_owned(),
            ));
        }
        return Err(ApiError::NotFound);
    }
    Ok(Json(MessageResponse {
        message: "The theme is deleted.".to_owned(),
    }))
}

/// Copies a theme (its current config) into a new unpublished theme.
#[utoipa::path(post, path = "/stores/onlinestore/themes/{id}/clone", tag = "themes", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The theme")),
    request_body = ThemeName,
    responses((status = 201, body = Theme), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn clone_theme(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Themes>,
    Path(id): Path<String>,
    Json(body): Json<ThemeName>,
) -> Result<(StatusCode, Json<Theme>), ApiError> {
    let original = find_theme(&state, &access.store_id, &id).await?;
    let name = match body.name {
        Some(name) => check_name(&name)?,
        None => check_name(&format!("Copy of {}", original.name))?,
    };
    let (_, config) = current_config(&state, &id).await?;
    let doc = ThemeDoc::parse(&config).map_err(ApiError::internal)?;
    let summary = format!(
        "Copied from {} (version {})",
        original.name, original.version
    );
    created(&state, &access, &name, &original.source, &doc, &summary).await
}

/// Publishes a theme: it becomes the active one, the others unpublished.
#[utoipa::path(post, path = "/stores/onlinestore/themes/{id}/activate", tag = "themes", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The theme")),
    responses((status = 200, body = Theme), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn activate_theme(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Themes>,
    Path(id): Path<String>,
) -> Result<Json<Theme>, ApiError> {
    find_theme(&state, &access.store_id, &id).await?;
    store_themes::activate(&state.db, &access.store_id, &id).await?;
    Ok(Json(find_theme(&state, &access.store_id, &id).await?))
}

/// The pages of a theme's config (`fixed`, `homepage`, `product` ...), with the config's version.
#[utoipa::path(get, path = "/stores/onlinestore/themes/{id}/pages", tag = "themes", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The theme")),
    responses((status = 200, body = ThemePages), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn theme_pages(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Themes>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    find_theme(&state, &access.store_id, &id).await?;
    let (version, config) = current_config(&state, &id).await?;
    let config: Value = serde_json::from_str(&config).map_err(ApiError::internal)?;
    let pages = config["pages"]
        .as_object()
        .map(|pages| {
            pages
                .iter()
                .map(|(key, page)| ThemePage {
                    id: key.clone(),
                    config: page.clone(),
                })
                .collect()
        })
        .unwrap_or_default();
    let mut response = Json(ThemePages { version, pages }).into_response();
    response.headers_mut().insert(header::ETAG, etag(version));
    Ok(response)
}

/// Replaces one page of a theme's config; the whole config is then checked by the engine and
/// saved as a new version. Needs `If-Match` with the version edited.
#[utoipa::path(put, path = "/stores/onlinestore/themes/{id}/pages/{pageId}", tag = "themes", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The theme"),
        ("pageId" = String, Path, description = "The page's key"),
        ("If-Match" = String, Header, description = "The version edited")),
    request_body = Object,
    responses((status = 200, body = SavedConfig), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 412, body = ApiErrorBody), (status = 428, body = ApiErrorBody)))]
async fn put_theme_page(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Themes>,
    Path((id, page_id)): Path<(String, String)>,
    headers: HeaderMap,
    Json(page): Json<Value>,
) -> Result<Json<SavedConfig>, ApiError> {
    let theme = find_theme(&state, &access.store_id, &id).await?;
    let (_, config) = current_config(&state, &id).await?;
    let mut config: Value = serde_json::from_str(&config).map_err(ApiError::internal)?;
    let Some(slot) = config
        .get_mut("pages")
        .and_then(Value::as_object_mut)
        .and_then(|pages| pages.get_mut(&page_id))
    else {
        return Err(ApiError::NotFound);
    };
    let expected = if_match(&headers)?;
    *slot = page;
    let doc = ThemeDoc::from_value(config).map_err(|e| ApiError::theme(&[e], None))?;
    let doc = accept_doc(doc)?;
    let summary = format!("Page {page_id} replaced");
    Ok(Json(
        save_doc(&state, &access.user, &theme, expected, &doc, &summary).await?,
    ))
}

/// Sets the store's storefront theme type (`hydro` or `newchick`): the family its storefront
/// and the editor's previews default to (the page preference's `storeFrontDefaultTheme`).
#[utoipa::path(put, path = "/stores/themeTypes/{id}", tag = "themes", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "hydro or newchick")),
    responses((status = 200, body = ThemeType), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn put_theme_type(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Themes>,
    Path(id): Path<String>,
) -> Result<Json<ThemeType>, ApiError> {
    let template = store_themes::template(&id).ok_or(ApiError::NotFound)?;
    crate::db::stores::set_default_theme(&state.db, &access.store_id, template.family).await?;
    Ok(Json(ThemeType {
        theme_type: template.family.to_owned(),
    }))
}

/// The templates a theme can be made from: hydro and newchick.
#[utoipa::path(get, path = "/stores/onlinestore/templates", tag = "themes", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = Vec<ThemeTemplate>), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn list_templates(
    _access: StoreAccess<scoped::Themes>,
) -> Result<Json<Vec<ThemeTemplate>>, ApiError> {
    Ok(Json(
        store_themes::TEMPLATES
            .iter()
            .map(|t| ThemeTemplate {
                id: t.id.to_owned(),
                name: t.name.to_owned(),
                family: t.family.to_owned(),
                description: t.description.to_owned(),
            })
            .collect(),
    ))
}

/// Creates an unpublished theme from a template.
#[utoipa::path(post, path = "/stores/onlinestore/template/{id}", tag = "themes", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The template")),
    request_body = ThemeName,
    responses((status = 201, body = Theme), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn create_from_template(
    State(state): State<AppState>,
    access: StoreAccess<scoped::Themes>,
    Path(id): Path<String>,
    Json(body): Json<ThemeName>,
) -> Result<(StatusCode, Json<Theme>), ApiError> {
    let template = store_themes::template(&id).ok_or(ApiError::NotFound)?;
    let name = check_name(body.name.as_deref().unwrap_or(template.name))?;
    from_template(&state, &access, template, &name).await
}

/// How a config is read: exactly as stored (the default: it round-trips through a save), or with
/// `cleanHtml=true` as the editor reads it, for its preview frame.
#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ConfigView {
    /// The texts the storefront reads as HTML cleaned as it cleans them when it renders.
    #[serde(default)]
    clean_html: bool,
}

/// The theme's config for the editor: a list with one record (the editor uses the first), and
/// the version in `ETag` too.
#[utoipa::path(get, path = "/stores/onlinestore/themes/{themeId}/config", tag = "theme editor", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("themeId" = String, Path, description = "The theme"), ConfigView),
    responses((status = 200, body = Vec<ThemeConfigRecord>), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn get_config(
    State(state): State<AppState>,
    access: StoreAccess<scoped::ThemeEditor>,
    Path(theme_id): Path<String>,
    Query(view): Query<ConfigView>,
) -> Result<Response, ApiError> {
    find_theme(&state, &access.store_id, &theme_id).await?;
    let row = store_themes::config_row(&state.db, &theme_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let version = row.1;
    Ok(with_etag(
        Json(vec![config_record(theme_id, row, &view)?]),
        version,
    ))
}

/// A config row as the editor reads it, its texts cleaned when `view` asks.
fn config_record(
    theme_id: String,
    (id, version, config, updated_at, updated_by): store_themes::ConfigRow,
    view: &ConfigView,
) -> Result<ThemeConfigRecord, ApiError> {
    Ok(ThemeConfigRecord {
        config: read_config(&config, view)?,
        id,
        theme_id,
        version,
        updated_at,
        updated_by,
    })
}

/// `body` with the config's version in `ETag`.
fn with_etag(body: impl IntoResponse, version: i64) -> Response {
    let mut response = body.into_response();
    response.headers_mut().insert(header::ETAG, etag(version));
    response
}

/// One config record by its own id (§7 "Config fetch by a fixed id"): the record `GET
/// .../themes/{themeId}/config` lists, with the version in `ETag`. Another store's id is a 404.
#[utoipa::path(get, path = "/stores/onlinestore/themes/configs/{configId}", tag = "theme editor", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("configId" = String, Path, description = "The config record's id"), ConfigView),
    responses((status = 200, body = ThemeConfigRecord), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn get_config_by_id(
    State(state): State<AppState>,
    access: StoreAccess<scoped::ThemeEditor>,
    Path(config_id): Path<String>,
    Query(view): Query<ConfigView>,
) -> Result<Response, ApiError> {
    let (theme_id, row) = store_themes::store_config_row(&state.db, &access.store_id, &config_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let version = row.1;
    Ok(with_etag(
        Json(config_record(theme_id, row, &view)?),
        version,
    ))
}

/// What the editor needs to know about the signed-in user (§6): `showFullSettings` when their
/// e-mail is on the server's support list (`SUPPORT_EMAILS`), which shows the test panel. The
/// list itself stays on the server.
#[utoipa::path(get, path = "/stores/onlinestore/themes/editor", tag = "theme editor", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = EditorData), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn editor_data(
    State(state): State<AppState>,
    access: StoreAccess<scoped::ThemeEditor>,
) -> Result<Json<EditorData>, ApiError> {
    let email = accounts::user(&state.db, &access.user.user_id)
        .await?
        .map(|row| row.1)
        .unwrap_or_default();
    Ok(Json(EditorData {
        show_full_settings: state.config.is_support(&email),
    }))
}

/// Saves a whole config (the request body is the config itself). The engine reads and checks
/// it exactly as the editor does and refuses it with the same codes (400, `errors`). Needs
/// `If-Match` with the version edited: 428 without, 412 with the current `version` when stale.
#[utoipa::path(put, path = "/stores/onlinestore/themes/{themeId}/config/{configId}", tag = "theme editor", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("themeId" = String, Path, description = "The theme"),
        ("configId" = String, Path, description = "The config"), ("If-Match" = String, Header, description = "The version edited")),
    request_body(content = Object, description = "The whole theme config"),
    responses((status = 200, body = SavedConfig), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 412, body = ApiErrorBody), (status = 428, body = ApiErrorBody)))]
async fn put_config(
    State(state): State<AppState>,
    access: StoreAccess<scoped::ThemeEditor>,
    Path((theme_id, config_id)): Path<(String, String)>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<SavedConfig>, ApiError> {
    let theme = find_theme(&state, &access.store_id, &theme_id).await?;
    if theme.config_id != config_id {
        return Err(ApiError::NotFound);
    }
    let expected = if_match(&headers)?;
    let body = body.map_err(|rejection| ApiError::Unreadable {
        status: rejection.status(),
        // Over the body limit: the core's own words for a config too large.
        message: if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            core_wasm::theme::ThemeError::TooLarge {
                max: core_wasm::limits::THEME_CONFIG_MAX_BYTES,
            }
            .to_string()
        } else {
            rejection.body_text()
        },
    })?;
    let text = String::from_utf8_lossy(&body);
    let doc = accept_config(&text)?;
    let summary = "Saved in the editor";
    Ok(Json(
        save_doc(&state, &access.user, &theme, expected, &doc, summary).await?,
    ))
}

/// Replays an offline batch of editor commands made against `baseVersion`, in one transaction.
/// Commands on paths nobody changed since the base merge; a command on a path changed since
/// is reported in `report.conflicts` and not applied. A command the engine refuses refuses the
/// whole batch (400, its `index` and `errors`). A retried `batchId` gets the first answer
/// (`repeated`), and nothing is applied twice.
#[utoipa::path(post, path = "/stores/onlinestore/themes/{themeId}/commands", tag = "theme editor", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("themeId" = String, Path, description = "The theme")),
    request_body = CommandBatch,
    responses((status = 200, body = BatchOutcome), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 412, body = ApiErrorBody)))]
async fn replay_commands(
    State(state): State<AppState>,
    access: StoreAccess<scoped::ThemeEditor>,
    Path(theme_id): Path<String>,
    Json(batch): Json<CommandBatch>,
) -> Result<Json<BatchOutcome>, ApiError> {
    find_theme(&state, &access.store_id, &theme_id).await?;
    let batch_id = batch.batch_id.trim();
    let most = core_wasm::limits::THEME_BATCH_ID_MAX;
    if batch_id.is_empty() || batch_id.len() > most {
        return Err(ApiError::Invalid(vec![format!(
            "A batch needs a batchId of 1 to {most} characters."
        )]));
    }
    let name = author_name(&state, &access.user.user_id).await?;
    // The editor's Save: the saver's draft goes with it, in the same transaction.
    let draft = DraftKey {
        store_id: &access.store_id,
        theme_id: &theme_id,
        user_id: &access.user.user_id,
    };
    let author = Author {
        user_id: Some(&access.user.user_id),
        name: Some(&name),
    };
    Ok(Json(
        theme_save::save_batch(&state.db, &theme_id, batch_id, &batch, draft, author).await?,
    ))
}

/// The signed-in user's draft of a theme of the store: each user reaches only their own.
fn draft_key<'a, R>(access: &'a StoreAccess<R>, theme_id: &'a str) -> DraftKey<'a> {
    DraftKey {
        store_id: &access.store_id,
        theme_id,
        user_id: &access.user.user_id,
    }
}

fn draft_of(theme_id: String, row: theme_drafts::DraftRow) -> Result<ThemeDraft, ApiError> {
    Ok(ThemeDraft {
        theme_id,
        base_version: row.base_version,
        revision: row.revision,
        commands: serde_json::from_str(&row.commands).map_err(ApiError::internal)?,
        updated_at: row.updated_at,
    })
}

/// 413: a draft over the core's byte limit, whether its body was or only the draft it makes.
fn draft_too_large() -> ApiError {
    ApiError::Unreadable {
        status: StatusCode::PAYLOAD_TOO_LARGE,
        message: format!(
            "This draft is larger than {} bytes, too large to keep for your other devices. \
             It stays on this device until you save it.",
            core_wasm::limits::THEME_DRAFT_MAX_BYTES
        ),
    }
}

/// A draft call's body, with the body limit's 413 told in the draft's terms.
fn draft_body<T>(body: Result<Json<T>, ApiError>) -> Result<T, ApiError> {
    match body {
        Ok(Json(body)) => Ok(body),
        Err(ApiError::Unreadable { status, .. }) if status == StatusCode::PAYLOAD_TOO_LARGE => {
            Err(draft_too_large())
        }
        Err(other) => Err(other),
    }
}

/// 409: the user's draft on the server is not the one a PATCH continues (gone, written by
/// another device, or made against another version), so the editor sends its draft whole.
fn draft_moved_on() -> ApiError {
    ApiError::Conflict(
        "Your draft on the server changed since this device last wrote it; the editor sends it whole."
            .to_owned(),
    )
}

/// Checks a whole draft, as PUT sends it or as a PATCH makes it, exactly as the editor would
/// load it: as JSON within the core's byte limit (413), made against a saved version of the
/// theme (400), and every command applying in order to that version's config within the core's
/// command limit (400 with the engine's `errors` and the `index` of the first one refused, in
/// the whole draft). Answers the commands as the JSON text to keep.
async fn check_draft(
    state: &AppState,
    theme_id: &str,
    base_version: i64,
    commands: &[Value],
) -> Result<String, ApiError> {
    let text = serde_json::to_string(commands).map_err(ApiError::internal)?;
    // PUT's body limit bounds what it sends, but a PATCH's few commands can still push the
    // draft it continues over the limit.
    if text.len() > core_wasm::limits::THEME_DRAFT_MAX_BYTES {
        return Err(draft_too_large());
    }
    let base = store_themes::version_config(&state.db, theme_id, base_version).await?;
    let Some(base) = base else {
        return Err(ApiError::Invalid(vec![format!(
            "baseVersion {base_version} is not a saved version of this theme."
        )]));
    };
    let base = ThemeDoc::parse(&base).map_err(ApiError::internal)?;
    let doc = engine::replay_draft(&base, commands)
        .map_err(|(index, error)| ApiError::theme(&[error], index))?;
    accept_doc(doc)?;
    Ok(text)
}

/// The signed-in user's unsaved draft of the theme (another device's edits to resume): 200 with
/// the draft and its `revision`, 204 when they have none. Each user sees only their own draft.
#[utoipa::path(get, path = "/stores/onlinestore/themes/{themeId}/draft", tag = "theme editor", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("themeId" = String, Path, description = "The theme")),
    responses((status = 200, body = ThemeDraft), (status = 204, description = "No draft"), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody)))]
async fn get_draft(
    State(state): State<AppState>,
    access: StoreAccess<scoped::ThemeEditor>,
    Path(theme_id): Path<String>,
) -> Result<Response, ApiError> {
    find_theme(&state, &access.store_id, &theme_id).await?;
    let key = draft_key(&access, &theme_id);
    match theme_drafts::find(&state.db, key).await? {
        Some(row) => Ok(Json(draft_of(theme_id, row)?).into_response()),
        None => Ok(StatusCode::NO_CONTENT.into_response()),
    }
}

/// Keeps the editor's unsaved commands as the signed-in user's draft of the theme, over their
/// previous one whatever its revision; nothing is published. The commands must apply, in order,
/// to the config at `baseVersion` exactly as in the editor (400 with the engine's `errors` and
/// the `index` of the first one refused), at most the core's command limit (400,
/// `draft.tooManyCommands`) and the core's byte limit (413). Answers the draft with its new
/// `revision`.
#[utoipa::path(put, path = "/stores/onlinestore/themes/{themeId}/draft", tag = "theme editor", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("themeId" = String, Path, description = "The theme")),
    request_body = ThemeDraftInput,
    responses((status = 200, body = ThemeDraft), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 413, body = ApiErrorBody)))]
async fn put_draft(
    State(state): State<AppState>,
    access: StoreAccess<scoped::ThemeEditor>,
    Path(theme_id): Path<String>,
    body: Result<Json<ThemeDraftInput>, ApiError>,
) -> Result<Json<ThemeDraft>, ApiError> {
    find_theme(&state, &access.store_id, &theme_id).await?;
    let draft = draft_body(body)?;
    let commands = check_draft(&state, &theme_id, draft.base_version, &draft.commands).await?;
    let key = draft_key(&access, &theme_id);
    let row = theme_drafts::put(&state.db, key, draft.base_version, &commands).await?;
    Ok(Json(draft_of(theme_id, row)?))
}

/// Continues the signed-in user's draft of the theme with only what changed since this device
/// last wrote it: the first `keep` commands of the draft at `revision` stay and `commands`
/// follow them. 409 when the server's draft is not that one (none, another revision, another
/// `baseVersion`, fewer than `keep` commands): the editor then sends its draft whole with PUT.
/// The draft it makes is checked exactly as PUT checks one (400, with `index` counted from the
/// draft's first command, kept ones included; 413). Answers the new revision and command count,
/// never the commands.
#[utoipa::path(patch, path = "/stores/onlinestore/themes/{themeId}/draft", tag = "theme editor", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("themeId" = String, Path, description = "The theme")),
    request_body = ThemeDraftPatch,
    responses((status = 200, body = ThemeDraftAck), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody), (status = 413, body = ApiErrorBody)))]
async fn patch_draft(
    State(state): State<AppState>,
    access: StoreAccess<scoped::ThemeEditor>,
    Path(theme_id): Path<String>,
    body: Result<Json<ThemeDraftPatch>, ApiError>,
) -> Result<Json<ThemeDraftAck>, ApiError> {
    find_theme(&state, &access.store_id, &theme_id).await?;
    let patch = draft_body(body)?;
    let key = draft_key(&access, &theme_id);
    let row = theme_drafts::find(&state.db, key)
        .await?
        .filter(|row| row.revision == patch.revision && row.base_version == patch.base_version)
        .ok_or_else(draft_moved_on)?;
    let mut commands: Vec<Value> =
        serde_json::from_str(&row.commands).map_err(ApiError::internal)?;
    let keep = usize::try_from(patch.keep).map_err(|_| draft_moved_on())?;
    if keep > commands.len() {
        return Err(draft_moved_on());
    }
    commands.truncate(keep);
    commands.extend(patch.commands);
    let text = check_draft(&state, &theme_id, patch.base_version, &commands).await?;
    // Only over the draft just read: another device's write in between leaves this one out.
    let row = theme_drafts::replace_if(&state.db, key, patch.revision, patch.base_version, &text)
        .await?
        .ok_or_else(draft_moved_on)?;
    Ok(Json(ThemeDraftAck {
        revision: row.revision,
        count: u32::try_from(commands.len()).map_err(ApiError::internal)?,
        updated_at: row.updated_at,
    }))
}

/// Discards the signed-in user's draft of the theme (done when there is none).
#[utoipa::path(delete, path = "/stores/onlinestore/themes/{themeId}/draft", tag = "theme editor", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("themeId" = String, Path, description = "The theme")),
    responses((status = 200, body = MessageResponse), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn delete_draft(
    State(state): State<AppState>,
    access: StoreAccess<scoped::ThemeEditor>,
    Path(theme_id): Path<String>,
) -> Result<Json<MessageResponse>, ApiError> {
    find_theme(&state, &access.store_id, &theme_id).await?;
    let key = draft_key(&access, &theme_id);
    theme_drafts::delete(&state.db, key).await?;
    Ok(Json(MessageResponse {
        message: "The draft is discarded.".to_owned(),
    }))
}

/// Every saved version of the theme's config, newest first: who, when, what.
#[utoipa::path(get, path = "/stores/onlinestore/themes/{themeId}/versions", tag = "theme editor", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("themeId" = String, Path, description = "The theme")),
    responses((status = 200, body = Vec<ThemeVersion>), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn list_versions(
    State(state): State<AppState>,
    access: StoreAccess<scoped::ThemeEditor>,
    Path(theme_id): Path<String>,
) -> Result<Json<Vec<ThemeVersion>>, ApiError> {
    find_theme(&state, &access.store_id, &theme_id).await?;
    Ok(Json(store_themes::versions(&state.db, &theme_id).await?))
}

async fn find_version(
    state: &AppState,
    theme_id: &str,
    version: i64,
) -> Result<(ThemeVersion, String), ApiError> {
    store_themes::version(&state.db, theme_id, version)
        .await?
        .ok_or(ApiError::NotFound)
}

fn version_number(text: &str) -> Result<i64, ApiError> {
    text.parse().map_err(|_| ApiError::NotFound)
}

/// One saved version with its config.
#[utoipa::path(get, path = "/stores/onlinestore/themes/{themeId}/versions/{version}", tag = "theme editor", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("themeId" = String, Path, description = "The theme"),
        ("version" = String, Path, description = "The version number"), ConfigView),
    responses((status = 200, body = ThemeVersionDetail), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn get_version(
    State(state): State<AppState>,
    access: StoreAccess<scoped::ThemeEditor>,
    Path((theme_id, version)): Path<(String, String)>,
    Query(view): Query<ConfigView>,
) -> Result<Json<ThemeVersionDetail>, ApiError> {
    find_theme(&state, &access.store_id, &theme_id).await?;
    let (version, config) = find_version(&state, &theme_id, version_number(&version)?).await?;
    let config = read_config(&config, &view)?;
    Ok(Json(ThemeVersionDetail { version, config }))
}

/// Restores an old version as a new version (history is never rewritten). Needs `If-Match`
/// with the current version, like every save.
#[utoipa::path(post, path = "/stores/onlinestore/themes/{themeId}/versions/{version}/restore", tag = "theme editor", security(("bearer" = ["themes"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("themeId" = String, Path, description = "The theme"),
        ("version" = String, Path, description = "The version to restore"), ("If-Match" = String, Header, description = "The current version")),
    responses((status = 200, body = SavedConfig), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody),
        (status = 412, body = ApiErrorBody), (status = 428, body = ApiErrorBody)))]
async fn restore_version(
    State(state): State<AppState>,
    access: StoreAccess<scoped::ThemeEditor>,
    Path((theme_id, version)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<SavedConfig>, ApiError> {
    let theme = find_theme(&state, &access.store_id, &theme_id).await?;
    let (old, config) = find_version(&state, &theme_id, version_number(&version)?).await?;
    let expected = if_match(&headers)?;
    let doc = accept_config(&config)?;
    let summary = format!("Restored version {}", old.version);
    Ok(Json(
        save_doc(&state, &access.user, &theme, expected, &doc, &summary).await?,
    ))
}
