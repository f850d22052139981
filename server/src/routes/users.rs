//! `/api/users`: the signed-in user, their profile and password, and their stores; and the
//! operator's call that sets how many stores an account may own.

use axum::extract::State;
use axum::http::StatusCode;
use core_wasm::shell;
use serde::{Deserialize, Serialize};
use shared_types::{
    ApiErrorBody, ChangePasswordForm, CreateStoreRequest, MessageResponse, StorePage, StoreSummary,
    UpdateProfileRequest, UserInfo,
};
use sqlx::AnyPool;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::store::{admitted, scopes_of};
use crate::auth::{CurrentUser, Operator, SignedIn, password, session};
use crate::config::Config;
use crate::db::{accounts, now_ms};
use crate::error::{ApiError, Json, Query};
use crate::state::AppState;
use core_wasm::limits::STORES_PAGE_SIZE;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(info, update_profile))
        .routes(routes!(change_password))
        .routes(routes!(stores))
        .routes(routes!(create_store))
        .routes(routes!(set_store_limit))
}

async fn load_user(db: &AnyPool, user_id: &str) -> Result<UserInfo, ApiError> {
    let user = accounts::user(db, user_id)
        .await?
        .ok_or_else(|| ApiError::Unauthorized("Please sign in.".to_owned()))?;
    Ok(user_info(user))
}

fn user_info((id, email, first_name, last_name, profile_picture): accounts::UserRow) -> UserInfo {
    UserInfo {
        id,
        first_name,
        last_name,
        email,
        profile_picture,
        is_store_owner: false,
        is_store_admin: false,
        scopes: Vec::new(),
    }
}

/// The signed-in user, and their role and scopes in the store of `X-Store-Id` when sent: one
/// query, with the session's check.
#[utoipa::path(get, path = "/users/info", tag = "users", security(("bearer" = [])),
    responses((status = 200, body = UserInfo), (status = 401, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn info(session: SignedIn) -> Result<Json<UserInfo>, ApiError> {
    let SignedIn {
        user,
        live,
        store_id,
    } = session;
    let mut info = user_info(live.user);
    if store_id.is_some() {
        let member = admitted(&user, live.member)?;
        info.is_store_owner = member.role == "owner";
        info.is_store_admin = member.role == "owner" || member.role == "admin";
        info.scopes = scopes_of(&member.role, &member.scopes);
    }
    Ok(Json(info))
}

/// Changes the profile: first and last name (at most 50 each) and the picture's address
/// (`http(s)://`, at most 2,048). An empty value clears the field; an absent one keeps it.
#[utoipa::path(put, path = "/users", tag = "users", security(("bearer" = [])), request_body = UpdateProfileRequest,
    responses((status = 200, body = UserInfo), (status = 400, body = ApiErrorBody), (status = 401, body = ApiErrorBody)))]
async fn update_profile(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(body): Json<UpdateProfileRequest>,
) -> Result<Json<UserInfo>, ApiError> {
    let checked = shell::check_profile(&body).map_err(ApiError::Invalid)?;
    let current = load_user(&state.db, &user.user_id).await?;
    let profile = (
        checked.first_name.unwrap_or(current.first_name),
        checked.last_name.unwrap_or(current.last_name),
        checked.profile_picture.unwrap_or(current.profile_picture),
    );
    accounts::update_profile(&state.db, &user.user_id, profile, now_ms()).await?;
    Ok(Json(load_user(&state.db, &user.user_id).await?))
}

/// Changes the password after checking the current one; every other session of the account ends.
#[utoipa::path(put, path = "/users/change-password", tag = "users", security(("bearer" = [])), request_body = ChangePasswordForm,
    responses((status = 200, body = MessageResponse), (status = 400, body = ApiErrorBody), (status = 401, body = ApiErrorBody)))]
async fn change_password(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(form): Json<ChangePasswordForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    let verdict = shell::check_change_password(&form);
    if !verdict.valid {
        return Err(ApiError::Invalid(
            verdict.errors.into_values().map(|e| e.message).collect(),
        ));
    }
    let form = verdict.value;
    let hash = accounts::password_hash(&state.db, &user.user_id).await?;
    if !password::verify(form.current_password, hash).await? {
        return Err(ApiError::Invalid(vec![
            "The current password is incorrect.".to_owned(),
        ]));
    }
    let new_hash = password::hash(form.new_password).await?;
    accounts::set_password_hash(&state.db, &user.user_id, &new_hash, now_ms()).await?;
    session::revoke_user_sessions(&state.db, &user.user_id, Some(&user.session_id)).await?;
    Ok(Json(MessageResponse {
        message: "Your password has been changed.".to_owned(),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct StoresQuery {
    /// The last store id of the previous page.
    last_id: Option<String>,
}

fn summary(
    config: &Config,
    (id, name, subdomain, role, custom_host): accounts::MemberStore,
) -> StoreSummary {
    let store_domain = format!("{subdomain}.{}", config.store_domain_suffix);
    StoreSummary {
        id,
        name,
        r_domain: custom_host.unwrap_or_else(|| store_domain.clone()),
        store_domain,
        subdomain,
        is_owner: role == "owner",
    }
}

/// The user's stores in id order, 20 a page; pass the page's `lastId` for the next.
#[utoipa::path(get, path = "/users/stores", tag = "users", security(("bearer" = [])), params(StoresQuery),
    responses((status = 200, body = StorePage), (status = 401, body = ApiErrorBody)))]
async fn stores(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<StoresQuery>,
) -> Result<Json<StorePage>, ApiError> {
    let rows = accounts::member_stores(
        &state.db,
        &user.user_id,
        &query.last_id.unwrap_or_default(),
        i64::from(STORES_PAGE_SIZE) + 1,
    )
    .await?;
    let has_more = rows.len() > STORES_PAGE_SIZE as usize;
    let stores: Vec<StoreSummary> = rows
        .into_iter()
        .take(STORES_PAGE_SIZE as usize)
        .map(|row| summary(&state.config, row))
        .collect();
    let last_id = if has_more {
        stores.last().map(|store| store.id.clone())
    } else {
        None
    };
    Ok(Json(StorePage { stores, last_id }))
}

/// Creates a store owned by the caller, with its system domain and default preferences. The
/// subdomain comes from the name; a reserved one (admin, www, api ...) or a taken one gets the
/// next free `{name}-{n}`. An account that owns as many stores as its limit is refused (403).
#[utoipa::path(post, path = "/users/create-store", tag = "users", security(("bearer" = [])), request_body = CreateStoreRequest,
    responses((status = 201, body = StoreSummary), (status = 400, body = ApiErrorBody), (status = 401, body = ApiErrorBody), (status = 403, body = ApiErrorBody)))]
async fn create_store(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(body): Json<CreateStoreRequest>,
) -> Result<(StatusCode, Json<StoreSummary>), ApiError> {
    let name = body.store_name.trim();
    if let Some(error) = shell::check_store_name(name) {
        return Err(ApiError::Invalid(vec![error.message]));
    }
    let store_id = accounts::create_store_now(
        &state.db,
        &user.user_id,
        name,
        None,
        state.config.store_placement(),
    )
    .await?;
    let row = accounts::member_store(&state.db, &user.user_id, &store_id).await?;
    Ok((StatusCode::CREATED, Json(summary(&state.config, row))))
}

/// An operator's new store limit for the account with this e-mail.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct StoreLimitUpdate {
    /// The account's e-mail.
    email: String,
    /// How many stores it may own, 1 to 10000.
    store_limit: i64,
}

/// An account's store limit and the stores it owns.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct StoreLimit {
    email: String,
    store_limit: i64,
    owned_stores: i64,
}

/// Sets how many stores an account may own (operator staff only); stores it already owns above
/// a lowered limit stay.
#[utoipa::path(put, path = "/operator/accounts/store-limit", tag = "users", security(("bearer" = [])),
    request_body = StoreLimitUpdate,
    responses((status = 200, body = StoreLimit), (status = 400, body = ApiErrorBody), (status = 401, body = ApiErrorBody),
        (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn set_store_limit(
    State(state): State<AppState>,
    Operator(user): Operator,
    Json(body): Json<StoreLimitUpdate>,
) -> Result<Json<StoreLimit>, ApiError> {
    if let Some(error) = shell::addresses::check_store_limit(body.store_limit) {
        return Err(ApiError::Invalid(vec![error.message]));
    }
    let email = body.email.trim().to_lowercase();
    let owned = accounts::set_store_limit(&state.db, &email, body.store_limit)
        .await?
        .ok_or_else(|| ApiError::NotFoundWith(format!("No account has the e-mail {email}.")))?;
    tracing::info!(operator = %user.user_id, limit = body.store_limit, "store limit set");
    Ok(Json(StoreLimit {
        email,
        store_limit: body.store_limit,
        owned_stores: owned,
    }))
}
