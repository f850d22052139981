//! A store's staff: invitations, scopes, sign-outs and removal. Every call needs the `store`
//! scope in the selected store (the Member route of the core's table), and every change obeys
//! the core's staff rules (`core_wasm::shell::permissions`): nobody changes their own scopes, a
//! member grants, invites with or takes away only scopes they hold, only the owner grants
//! `store` and `checkout`, and the owner is untouchable. A staff id is the member's user id, or
//! an invitation's id while it is pending.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use core_wasm::shell;
use core_wasm::shell::permissions::{
    StaffActor, StaffRefusal, StaffTarget, check_act_on, check_invite, check_scope_change,
};
use core_wasm::shell::plan_limits::Limited;
use serde::Deserialize;
use shared_types::{
    ApiErrorBody, MessageResponse, StaffInvitationForm, StaffList, StaffMember, UpdateStaffRequest,
};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::store::{StoreAccess, routes::Members};
use crate::auth::{session, tokens};
use crate::db::staff::{self, NewInvitation};
use crate::db::{new_id, now_ms};
use crate::error::{ApiError, Json, Query};
use crate::mail::{self, Mail};
use crate::routes::plans::Limit;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(add_store_staff))
        .routes(routes!(update_store_staff))
        .routes(routes!(store_staffs))
        .routes(routes!(store_staff_info))
        .routes(routes!(logout_all_staff_account))
        .routes(routes!(logout_staff_account))
        .routes(routes!(delete_staff_account))
}

async fn find(state: &AppState, store_id: &str, staff_id: &str) -> Result<StaffMember, ApiError> {
    staff::by_id(&state.db, store_id, staff_id, now_ms())
        .await?
        .ok_or(ApiError::NotFound)
}

fn actor(access: &StoreAccess<Members>) -> StaffActor<'_> {
    StaffActor {
        user_id: &access.user.user_id,
        is_owner: access.role == "owner",
        scopes: &access.scopes,
    }
}

fn target(member: &StaffMember) -> StaffTarget<'_> {
    StaffTarget {
        user_id: &member.id,
        is_owner: member.role == "owner",
        scopes: &member.scopes,
    }
}

fn refused(refusal: StaffRefusal) -> ApiError {
    ApiError::Forbidden(refusal.to_string())
}

/// Invites someone to the store's staff with the given scopes; they get an e-mailed link. An
/// open invitation holds a staff account: beyond the plan's staff limit (members and open
/// invitations), 403 naming the plan that allows more.
#[utoipa::path(post, path = "/users/add-store-staff", tag = "staff", security(("bearer" = ["store"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = StaffInvitationForm,
    responses((status = 201, body = StaffMember), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody),
        (status = 404, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn add_store_staff(
    State(state): State<AppState>,
    access: StoreAccess<Members>,
    Json(form): Json<StaffInvitationForm>,
) -> Result<(StatusCode, Json<StaffMember>), ApiError> {
    let verdict = shell::check_staff_invitation(&form);
    if !verdict.valid {
        return Err(ApiError::Invalid(
            verdict.errors.into_values().map(|e| e.message).collect(),
        ));
    }
    let form = verdict.value;
    check_invite(&actor(&access), &form.scopes).map_err(refused)?;
    let email = form.email.to_lowercase();
    if staff::is_member(&state.db, &access.store_id, &email).await? {
        return Err(ApiError::Conflict(format!(
            "{email} is already on this store's staff."
        )));
    }
    let store_name = crate::db::stores::name(&state.db, &access.store_id).await?;
    let id = new_id();
    let token = tokens::random_token();
    let now = now_ms();
    let scopes = form.scopes.join(" ");
    let limit = Limit::of(&state.db, &access.store_id, Limited::Staff).await?;
    let mut tx = crate::db::begin_write(&state.db).await?;
    limit
        .claim(&mut tx, &access.store_id, 1, Some(&email))
        .await?;
    staff::invite(
        &mut tx,
        &access.store_id,
        &NewInvitation {
            id: &id,
            email: &email,
            first_name: form.first_name.as_deref(),
            last_name: form.last_name.as_deref(),
            scopes: &scopes,
            token_digest: &tokens::digest(&token),
            invited_by: &access.user.user_id,
            created_at: now,
            expires_at: now + core_wasm::limits::STAFF_INVITATION_LIFETIME_MS,
        },
    )
    .await?;
    mail::queue(&mut *tx, &Mail {
        to: email.clone(),
        subject: format!("You are invited to work on {store_name}"),
        body: format!(
            "You have been invited to the staff of {store_name} on Storeloom. Accept within 7 days: \
             {}/admin/auth/accept?token={token}",
            state.config.public_url
        ),
        html: None,
    })
    .await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        Json(StaffMember {
            id,
            email,
            first_name: form.first_name,
            last_name: form.last_name,
            role: "invited".to_owned(),
            scopes: form.scopes,
        }),
    ))
}

/// Changes a staff member's (or a pending invitation's) scopes. The owner's cannot change.
#[utoipa::path(put, path = "/users/update-store-staff/{id}", tag = "staff", security(("bearer" = ["store"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "Staff id")),
    request_body = UpdateStaffRequest,
    responses((status = 200, body = StaffMember), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn update_store_staff(
    State(state): State<AppState>,
    access: StoreAccess<Members>,
    Path(id): Path<String>,
    Json(body): Json<UpdateStaffRequest>,
) -> Result<Json<StaffMember>, ApiError> {
    let scopes: Vec<String> = body.scopes.iter().map(|s| s.trim().to_owned()).collect();
    if let Some(error) = shell::check_scopes(&scopes) {
        return Err(ApiError::Invalid(vec![error.message]));
    }
    let member = find(&state, &access.store_id, &id).await?;
    check_scope_change(&actor(&access), &target(&member), &scopes).map_err(refused)?;
    staff::set_scopes(&state.db, &access.store_id, &member, &scopes.join(" ")).await?;
    Ok(Json(find(&state, &access.store_id, &id).await?))
}

/// The store's staff: the owner, the members, and open invitations.
#[utoipa::path(get, path = "/users/store-staffs", tag = "staff", security(("bearer" = ["store"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = StaffList), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn store_staffs(
    State(state): State<AppState>,
    access: StoreAccess<Members>,
) -> Result<Json<StaffList>, ApiError> {
    Ok(Json(StaffList {
        staffs: staff::list(&state.db, &access.store_id, now_ms()).await?,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct StaffQuery {
    /// The staff id.
    staff_id: String,
}

/// One staff member or invitation.
#[utoipa::path(get, path = "/users/store-staff-info", tag = "staff", security(("bearer" = ["store"])),
    params(("X-Store-Id" = String, Header, description = "The store"), StaffQuery),
    responses((status = 200, body = StaffMember), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn store_staff_info(
    State(state): State<AppState>,
    access: StoreAccess<Members>,
    Query(query): Query<StaffQuery>,
) -> Result<Json<StaffMember>, ApiError> {
    Ok(Json(find(&state, &access.store_id, &query.staff_id).await?))
}

/// Signs every staff member the caller may act on (never the owner) out of this store.
#[utoipa::path(delete, path = "/users/logout-all-staff-account", tag = "staff", security(("bearer" = ["store"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = MessageResponse), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn logout_all_staff_account(
    State(state): State<AppState>,
    access: StoreAccess<Members>,
) -> Result<Json<MessageResponse>, ApiError> {
    let others = staff::others(&state.db, &access.store_id, &access.user.user_id).await?;
    let mut signed_out = 0;
    for member in others {
        if check_act_on(&actor(&access), &target(&member)).is_ok() {
            session::sign_out_of_store(&state.db, &access.store_id, &member.id).await?;
            signed_out += 1;
        }
    }
    Ok(Json(MessageResponse {
        message: format!("Signed out {signed_out} staff accounts."),
    }))
}

async fn staff_member_to_act_on(
    state: &AppState,
    access: &StoreAccess<Members>,
    id: &str,
) -> Result<StaffMember, ApiError> {
    let member = find(state, &access.store_id, id).await?;
    check_act_on(&actor(access), &target(&member)).map_err(refused)?;
    Ok(member)
}

/// Signs one staff member out of this store (their other stores are untouched).
#[utoipa::path(delete, path = "/users/logout-staff-account/{id}", tag = "staff", security(("bearer" = ["store"])),
    params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "Staff id")),
    responses((status = 200, body = MessageResponse), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn logout_staff_account(
    State(state): State<AppState>,
    access: StoreAccess<Members>,
    Path(id): Path<String>,
) -> Result<Json<MessageResponse>, ApiError> {
    let target = staff_member_to_act_on(&state, &access, &id).await?;
    if target.role != "invited" {
        session::sign_out_of_store(&state.db, &access.store_id, &target.id).await?;
    }
    Ok(Json(MessageResponse {
        message: format!("{} has been signed out.", target.email),
    }))
}

/// Removes a staff member (their access to this store ends at once; their other stores are
/// untouched) or withdraws an invitation.
#[utoipa::path(delete, path = "/users/delete-staff-account", tag = "staff", security(("bearer" = ["store"])),
    params(("X-Store-Id" = String, Header, description = "The store"), StaffQuery),
    responses((status = 200, body = MessageResponse), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn delete_staff_account(
    State(state): State<AppState>,
    access: StoreAccess<Members>,
    Query(query): Query<StaffQuery>,
) -> Result<Json<MessageResponse>, ApiError> {
    let target = staff_member_to_act_on(&state, &access, &query.staff_id).await?;
    staff::remove(&state.db, &access.store_id, &target).await?;
    Ok(Json(MessageResponse {
        message: format!("{} has been removed from the staff.", target.email),
    }))
}
