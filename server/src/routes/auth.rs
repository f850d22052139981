//! `/api/auth`: signing in and out, renewing tokens, signing up, activation and staff
//! invitations, forgotten passwords, and the permission lists.

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use core_wasm::shell::{self, permissions::ROLE_LABELS};
use serde::Deserialize;
use shared_types::{
    ActivationRequest, ActivationResponse, ApiErrorBody, CheckStaffRequest, ForgotPasswordForm,
    InvitationInfo, LoginForm, LoginRequest, LoginResponse, MessageResponse, Permission,
    RegisterForm, RenewResponse, ResetPasswordForm, ResetPasswordRequest, ResetTokenStatus,
    StorePermission,
};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::onetime::{self, Purpose};
use crate::auth::session::{self, RenewRefusal};
use crate::auth::store::{StoreAccess, routes as scoped};
use crate::auth::{CurrentUser, password, tokens};
use crate::client::ClientAddress;
use crate::db::accounts::{self, NewUser};
use crate::db::login_failures as lockout;
use crate::db::notifications as notify;
use crate::db::now_ms;
use crate::db::staff::{self, Invitation};
use crate::error::{ApiError, Json, Query};
use crate::mail::{self, Mail};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(signup))
        .routes(routes!(signup_key))
        .routes(routes!(logout))
        .routes(routes!(renew_access_token))
        .routes(routes!(check_staff_available))
        .routes(routes!(account_activation))
        .routes(routes!(forgot_password))
        .routes(routes!(verify_reset_password_token))
        .routes(routes!(reset_password))
        .routes(routes!(all_permission))
        .routes(routes!(store_permission))
}

/// The one message for a wrong e-mail or a wrong password, so neither reveals which it was.
pub const WRONG_CREDENTIALS: &str = "The email or password is incorrect.";
/// The answer to a forgotten-password request, the same whether the account exists or not.
pub const RESET_SENT: &str =
    "If an account exists for that e-mail, we have sent a link to reset its password.";
/// The answer to a sign-up, the same whether the e-mail was free or not.
pub const SIGNUP_SENT: &str = "Check your e-mail: we have sent a link to activate your account.";

fn messages_of(errors: impl IntoIterator<Item = shared_types::FieldError>) -> ApiError {
    ApiError::Invalid(errors.into_iter().map(|error| error.message).collect())
}

/// A 429 with `Retry-After`.
fn too_many(seconds: i64) -> Response {
    let mut response = (
        StatusCode::TOO_MANY_REQUESTS,
        axum::Json(ApiErrorBody {
            messages: vec![format!(
                "Too many failed sign-ins. Try again in {} minutes, or reset your password.",
                (seconds + 59) / 60
            )],
        }),
    )
        .into_response();
    if let Ok(value) = HeaderValue::from_str(&seconds.max(1).to_string()) {
        response.headers_mut().insert(header::RETRY_AFTER, value);
    }
    response
}

/// Signs in with e-mail and password; checks the form with the core's rules first.
#[utoipa::path(post, path = "/auth/login", tag = "auth", request_body = LoginRequest,
    responses((status = 200, body = LoginResponse), (status = 400, body = ApiErrorBody),
        (status = 401, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 429, body = ApiErrorBody)))]
async fn login(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Json(body): Json<LoginRequest>,
) -> Result<Response, ApiError> {
    let verdict = shell::check_login(&LoginForm {
        email: body.email,
        password: body.password,
    });
    if !verdict.valid {
        return Err(messages_of(
            [verdict.errors.email, verdict.errors.password]
                .into_iter()
                .flatten(),
        ));
    }
    let email = verdict.email.to_lowercase();
    // The attempt counts as a failure before the password is checked, so that parallel
    // guesses cannot all be checked before the first failure is written.
    let attempt = match lockout::reserve(&state.db, &email, &address).await? {
        lockout::Attempt::Locked(seconds) => {
            crate::metrics::record::login_lockout();
            return Ok(too_many(seconds));
        }
        lockout::Attempt::Reserved(id) => id,
    };
    let user = accounts::credentials(&state.db, &email).await?;
    // An unknown e-mail still costs one hash verification, so timing does not tell it apart.
    let (found, hash) = match &user {
        Some((id, hash, activated)) => (Some((id.clone(), *activated)), hash.clone()),
        None => (None, state.decoy_hash.to_string()),
    };
    let matches = match password::verify(verdict.password, hash).await {
        Ok(matches) => matches,
        Err(error) => {
            // Never checked (the server is busy): not a failure.
            lockout::release(&state.db, &attempt).await?;
            return Err(error);
        }
    };
    let Some((user_id, activated_at)) = found.filter(|_| matches) else {
        crate::metrics::record::login_failure();
        return Err(ApiError::Unauthorized(WRONG_CREDENTIALS.to_owned()));
    };
    if activated_at.is_none() {
        lockout::release(&state.db, &attempt).await?;
        return Err(ApiError::Forbidden(
            "Please activate your account first: use the link we e-mailed you.".to_owned(),
        ));
    }
    lockout::clear(&state.db, &email).await?;
    let tokens = session::start(&state.db, &state.keys, &user_id).await?;
    let store = accounts::first_store(&state.db, &user_id).await?;
    Ok(Json(LoginResponse {
        access_token: tokens.access_token,
        refresh_token: tokens.refresh_token,
        refresh_token_expires_at: tokens.refresh_expires_at,
        store_id: store,
    })
    .into_response())
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct SignupQuery {
    /// The sign-up key, as in the register page's `sk` query value.
    sk: Option<String>,
}

/// Counts one anonymous request under `key` at `now` in the core's throttle window; 429 with
/// `Retry-After` once the window holds more than `limit` (several processes share the count).
async fn throttle(
    state: &AppState,
    key: &str,
    now: i64,
    limit: i64,
    message: &str,
) -> Result<(), ApiError> {
    let window = core_wasm::limits::ANONYMOUS_THROTTLE_WINDOW_SECONDS;
    match crate::db::rates::count(&state.db, key, now, window, limit).await? {
        None => Ok(()),
        Some(retry_after) => Err(ApiError::Throttled {
            message: format!(
                "{message} Try again in {} minutes.",
                retry_after.div_ceil(60)
            ),
            retry_after,
        }),
    }
}

/// The answer to a missing or wrong sign-up key.
pub const SIGNUP_CLOSED: &str = "Registration is by invitation only.";

/// Refuses a missing or wrong sign-up key (and every key when registration is closed). The
/// comparison takes the same time wherever the first wrong character is. Each check counts
/// against the client address before it is made (so parallel guesses cannot all be checked),
/// and a right key is taken back: `SIGNUP_KEY_FAILURES_PER_ADDRESS` wrong keys a window, and
/// then 429, while a right key is never held up by its own uses.
async fn check_signup_key(
    state: &AppState,
    address: &str,
    sk: Option<&str>,
) -> Result<(), ApiError> {
    let counter = format!("signup-key-address:{address}");
    let now = now_ms();
    throttle(
        state,
        &counter,
        now,
        core_wasm::limits::SIGNUP_KEY_FAILURES_PER_ADDRESS,
        "Too many sign-up links were tried from this address.",
    )
    .await?;
    let key = state.config.signup_key.as_bytes();
    let given = sk.unwrap_or_default().as_bytes();
    let same = key.len() == given.len()
        && key
            .iter()
            .zip(given)
            .fold(0u8, |diff, (a, b)| diff | (a ^ b))
            == 0;
    if key.is_empty() || !same {
        return Err(ApiError::Forbidden(SIGNUP_CLOSED.to_owned()));
    }
    let window = core_wasm::limits::ANONYMOUS_THROTTLE_WINDOW_SECONDS;
    crate::db::rates::forgive(&state.db, &counter, now, window).await
}

/// Whether `sk` opens registration: 200 when it is the configured sign-up key, 403 otherwise.
/// The register page shows its form only after a 200 (shell.md §2); the key itself is never
/// sent back.
#[utoipa::path(get, path = "/auth/signup-key", tag = "auth", params(SignupQuery),
    responses((status = 200, body = MessageResponse), (status = 403, body = ApiErrorBody), (status = 429, body = ApiErrorBody)))]
async fn signup_key(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Query(query): Query<SignupQuery>,
) -> Result<Json<MessageResponse>, ApiError> {
    check_signup_key(&state, &address, query.sk.as_deref()).await?;
    Ok(Json(MessageResponse {
        message: "Registration is open with this link.".to_owned(),
    }))
}

/// Creates an account and its store, and e-mails an activation link. Needs the sign-up key.
#[utoipa::path(post, path = "/auth/signup", tag = "auth", params(SignupQuery), request_body = RegisterForm,
    responses((status = 201, body = MessageResponse), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 429, body = ApiErrorBody)))]
async fn signup(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Query(query): Query<SignupQuery>,
    Json(form): Json<RegisterForm>,
) -> Result<(StatusCode, Json<MessageResponse>), ApiError> {
    check_signup_key(&state, &address, query.sk.as_deref()).await?;
    let verdict = shell::check_register(&form);
    if !verdict.valid {
        return Err(messages_of(verdict.errors.into_values()));
    }
    let form = verdict.value;
    let email = form.email.to_lowercase();
    if email
        .rsplit_once('@')
        .is_some_and(|(_, domain)| domain == state.config.operator_email_domain)
    {
        return Err(ApiError::Invalid(vec![
            "Addresses at the operator's own domain cannot sign up here; an operator adds them."
                .to_owned(),
        ]));
    }
    // The password is hashed whether or not the address is taken, so that the answer's time
    // does not tell a registered address from a new one.
    let hash = password::hash(form.password).await?;
    if accounts::user_id_by_email(&state.db, &email)
        .await?
        .is_some()
    {
        // Answer as for a new address; tell the owner of the address instead.
        mail::queue(&state.db, &Mail {
            to: email,
            subject: "Someone tried to sign up with your e-mail".to_owned(),
            body: format!(
                "You already have a Storeloom account. Sign in at {}/admin/auth/login, or reset your password there.",
                state.config.public_url
            ),
            html: None,
        })
        .await?;
        return Ok((
            StatusCode::CREATED,
            Json(MessageResponse {
                message: SIGNUP_SENT.to_owned(),
            }),
        ));
    }
    let mut tx = crate::db::begin_write(&state.db).await?;
    let user_id = accounts::create_user(
        &mut *tx,
        &NewUser {
            email: &email,
            password_hash: &hash,
            first_name: None,
            last_name: None,
            activated: false,
        },
    )
    .await?;
    accounts::create_store(
        &mut tx,
        &user_id,
        &form.store_name,
        None,
        state.config.store_placement(),
    )
    .await?;
    let token = onetime::issue(&mut *tx, &user_id, Purpose::Activation).await?;
    mail::queue(&mut *tx, &Mail {
        to: email,
        subject: "Activate your Storeloom account".to_owned(),
        body: format!(
            "Welcome to Storeloom! Activate your account: {}/admin/auth/verify?type=activation&token={token}",
            state.config.public_url
        ),
        html: None,
    })
    .await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        Json(MessageResponse {
            message: SIGNUP_SENT.to_owned(),
        }),
    ))
}

/// Ends the current session: its access and refresh tokens stop working at once.
#[utoipa::path(delete, path = "/auth/logout", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = MessageResponse), (status = 401, body = ApiErrorBody)))]
async fn logout(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<MessageResponse>, ApiError> {
    session::revoke_session(&state.db, &user.session_id).await?;
    Ok(Json(MessageResponse {
        message: "Signed out.".to_owned(),
    }))
}

/// Spends the refresh token (header `X-Refresh-Token`, or `Authorization: Bearer`) and issues
/// the next pair. A refresh token works once; replaying a spent one ends its session.
#[utoipa::path(get, path = "/auth/renew-access-token", tag = "auth", security(("refresh" = [])),
    responses((status = 200, body = RenewResponse), (status = 401, body = ApiErrorBody)))]
async fn renew_access_token(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<RenewResponse>, ApiError> {
    let token = headers
        .get("x-refresh-token")
        .and_then(|v| v.to_str().ok())
        .or_else(|| {
            headers
                .get(header::AUTHORIZATION)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.strip_prefix("Bearer "))
        })
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| ApiError::Unauthorized("Please sign in.".to_owned()))?;
    match session::renew(&state.db, &state.keys, token).await? {
        Ok(issued) => Ok(Json(RenewResponse {
            access_token: issued.access_token,
            refresh_token: issued.refresh_token,
            refresh_token_expires_at: issued.refresh_expires_at,
        })),
        Err(RenewRefusal::Reused) => Err(ApiError::Unauthorized(
            "This sign-in was used twice, so it has been ended for your safety. Please sign in again.".to_owned(),
        )),
        Err(RenewRefusal::Invalid) => Err(ApiError::Unauthorized(
            "Your session has ended. Please sign in again.".to_owned(),
        )),
    }
}

async fn live_invitation(state: &AppState, token: &str) -> Result<Option<Invitation>, ApiError> {
    Ok(staff::live_invitation(&state.db, &tokens::digest(token), now_ms()).await?)
}

const INVITATION_GONE: &str =
    "This invitation is no longer valid. Ask the store owner to invite you again.";

/// What a staff invitation offers, for the accept page.
#[utoipa::path(post, path = "/auth/check-staff-available", tag = "auth", request_body = CheckStaffRequest,
    responses((status = 200, body = InvitationInfo), (status = 404, body = ApiErrorBody)))]
async fn check_staff_available(
    State(state): State<AppState>,
    Json(body): Json<CheckStaffRequest>,
) -> Result<Json<InvitationInfo>, ApiError> {
    let Some((_, _, store_name, email, ..)) =
        live_invitation(&state, body.invitation_token.trim()).await?
    else {
        return Err(ApiError::NotFoundWith(INVITATION_GONE.to_owned()));
    };
    let has_account = accounts::user_id_by_email(&state.db, &email).await?;
    Ok(Json(InvitationInfo {
        email,
        store_name,
        has_account: has_account.is_some(),
    }))
}

/// Confirms a sign-up (an activation token), or accepts a staff invitation (an invitation
/// token; a password and names are needed when the invitee has no account yet).
#[utoipa::path(post, path = "/auth/account-activation", tag = "auth", request_body = ActivationRequest,
    responses((status = 200, body = ActivationResponse), (status = 400, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn account_activation(
    State(state): State<AppState>,
    Json(body): Json<ActivationRequest>,
) -> Result<Json<ActivationResponse>, ApiError> {
    let token = body.token.trim();
    if let Some(user_id) = onetime::spend(&state.db, token, Purpose::Activation).await? {
        accounts::activate(&state.db, &user_id, now_ms()).await?;
        // The link proves the address and is spent: the merchant goes on signed in.
        return Ok(Json(ActivationResponse {
            message: "Your account is active.".to_owned(),
            session: Some(new_session(&state, &user_id).await?),
        }));
    }
    let Some((invitation_id, store_id, store_name, email, first_name, last_name, scopes)) =
        live_invitation(&state, token).await?
    else {
        return Err(ApiError::NotFoundWith(
            "This link is no longer valid. It may have been used already or have expired."
                .to_owned(),
        ));
    };
    let existing = accounts::user_id_by_email(&state.db, &email).await?;
    let new_password = match (&existing, body.password) {
        (Some(_), _) => None,
        (None, password) => {
            // A new account's password: 8 to 50, as at sign-up (signing in takes 5).
            let password = password.unwrap_or_default().trim().to_owned();
            if let Some(error) = shell::check_new_password(&password) {
                return Err(messages_of([error]));
            }
            Some(password::hash(password).await?)
        }
    };
    let now = now_ms();
    let mut tx = crate::db::begin_write(&state.db).await?;
    if !staff::accept(&mut tx, &invitation_id, now).await? {
        return Err(ApiError::NotFoundWith(INVITATION_GONE.to_owned()));
    }
    let new_account = existing.is_none();
    let user_id = match (existing, new_password) {
        (Some(id), _) => id,
        (None, Some(hash)) => {
            let first = body
                .first_name
                .as_deref()
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .or(first_name.as_deref());
            let last = body
                .last_name
                .as_deref()
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .or(last_name.as_deref());
            accounts::create_user(
                &mut *tx,
                &NewUser {
                    email: &email,
                    password_hash: &hash,
                    first_name: first,
                    last_name: last,
                    activated: true,
                },
            )
            .await?
        }
        (None, None) => return Err(ApiError::internal("invitation without a password")),
    };
    staff::join(&mut tx, &store_id, &user_id, &scopes, now).await?;
    notify::notify(
        &mut *tx,
        &store_id,
        "staff_joined",
        "A staff member joined",
        &format!(
            "<p><strong>{}</strong> accepted the invitation and joined the staff.</p>",
            notify::escape(&email)
        ),
    )
    .await?;
    tx.commit().await?;
    // A newcomer who just chose a password goes on signed in; an existing account signs in
    // with its own password (the link alone does not open it).
    let session = if new_account {
        Some(new_session(&state, &user_id).await?)
    } else {
        None
    };
    let message = match session {
        Some(_) => format!("You have joined {store_name}."),
        None => format!("You have joined {store_name}. Sign in to start."),
    };
    Ok(Json(ActivationResponse { message, session }))
}

/// A session for `user_id`, as signing in starts it.
async fn new_session(state: &AppState, user_id: &str) -> Result<LoginResponse, ApiError> {
    let tokens = session::start(&state.db, &state.keys, user_id).await?;
    let store = accounts::first_store(&state.db, user_id).await?;
    Ok(LoginResponse {
        access_token: tokens.access_token,
        refresh_token: tokens.refresh_token,
        refresh_token_expires_at: tokens.refresh_expires_at,
        store_id: store,
    })
}

/// E-mails a password-reset link. The answer is the same whether the account exists or not,
/// and so are the throttles: per client address, then per e-mail address (429 past either).
#[utoipa::path(post, path = "/auth/forgot_password", tag = "auth", request_body = ForgotPasswordForm,
    responses((status = 200, body = MessageResponse), (status = 400, body = ApiErrorBody), (status = 429, body = ApiErrorBody)))]
async fn forgot_password(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Json(form): Json<ForgotPasswordForm>,
) -> Result<Json<MessageResponse>, ApiError> {
    let verdict = shell::check_forgot_password(&form);
    if !verdict.valid {
        return Err(messages_of(verdict.errors.into_values()));
    }
    let email = verdict.value.email.to_lowercase();
    let message = "Too many password resets were asked for.";
    let limits = (
        core_wasm::limits::RESET_REQUESTS_PER_ADDRESS,
        core_wasm::limits::RESET_MAILS_PER_EMAIL,
    );
    let now = now_ms();
    throttle(
        &state,
        &format!("reset-address:{address}"),
        now,
        limits.0,
        message,
    )
    .await?;
    throttle(
        &state,
        &format!("reset-email:{email}"),
        now,
        limits.1,
        message,
    )
    .await?;
    if let Some(user_id) = accounts::user_id_by_email(&state.db, &email).await? {
        let mut tx = crate::db::begin_write(&state.db).await?;
        onetime::void_all(&mut *tx, &user_id, Purpose::PasswordReset).await?;
        let token = onetime::issue(&mut *tx, &user_id, Purpose::PasswordReset).await?;
        mail::queue(&mut *tx, &Mail {
            to: email,
            subject: "Reset your Storeloom password".to_owned(),
            body: format!(
                "Reset your password within an hour: {}/admin/auth/verify?type=reset&token={token}\n\
                 If you did not ask for this, ignore this e-mail.",
                state.config.public_url
            ),
            html: None,
        })
        .await?;
        tx.commit().await?;
    }
    Ok(Json(MessageResponse {
        message: RESET_SENT.to_owned(),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct TokenQuery {
    /// The token from the e-mailed link.
    token: String,
}

/// Whether a password-reset link is still good.
#[utoipa::path(get, path = "/auth/verify_reset_password_token", tag = "auth", params(TokenQuery),
    responses((status = 200, body = ResetTokenStatus), (status = 400, body = ApiErrorBody)))]
async fn verify_reset_password_token(
    State(state): State<AppState>,
    Query(query): Query<TokenQuery>,
) -> Result<Json<ResetTokenStatus>, ApiError> {
    let user = onetime::peek(&state.db, query.token.trim(), Purpose::PasswordReset).await?;
    Ok(Json(ResetTokenStatus {
        valid: user.is_some(),
    }))
}

/// Sets a new password with a reset token. Every session of the account ends, its failed
/// sign-ins are forgotten, and the account counts as activated (the e-mail is proven).
#[utoipa::path(post, path = "/auth/reset_password", tag = "auth", request_body = ResetPasswordRequest,
    responses((status = 200, body = MessageResponse), (status = 400, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn reset_password(
    State(state): State<AppState>,
    Json(body): Json<ResetPasswordRequest>,
) -> Result<Json<MessageResponse>, ApiError> {
    let verdict = shell::check_reset_password(&ResetPasswordForm {
        confirm_password: body.password.clone(),
        password: body.password,
        token: body.token,
    });
    if !verdict.valid {
        return Err(messages_of(verdict.errors.into_values()));
    }
    let form = verdict.value;
    let hash = password::hash(form.password).await?;
    let Some(user_id) = onetime::spend(&state.db, &form.token, Purpose::PasswordReset).await?
    else {
        return Err(ApiError::NotFoundWith(
            "This reset link is no longer valid. Ask for a new one.".to_owned(),
        ));
    };
    let now = now_ms();
    let email = accounts::reset_password(&state.db, &user_id, &hash, now).await?;
    onetime::void_all(&state.db, &user_id, Purpose::PasswordReset).await?;
    session::revoke_user_sessions(&state.db, &user_id, None).await?;
    lockout::clear(&state.db, &email).await?;
    Ok(Json(MessageResponse {
        message: "Your password has been changed. Sign in with the new one.".to_owned(),
    }))
}

/// Every permission a staff member can be given.
#[utoipa::path(get, path = "/auth/all-permission", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = Vec<Permission>), (status = 401, body = ApiErrorBody)))]
async fn all_permission(_user: CurrentUser) -> Json<Vec<Permission>> {
    Json(
        ROLE_LABELS
            .iter()
            .map(|(key, label)| Permission {
                key: (*key).to_owned(),
                label: (*label).to_owned(),
            })
            .collect(),
    )
}

/// The caller's role and scopes in the selected store.
#[utoipa::path(get, path = "/auth/store-permission", tag = "auth", security(("bearer" = [])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = StorePermission), (status = 401, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn store_permission(access: StoreAccess<scoped::AnyMember>) -> Json<StorePermission> {
    Json(StorePermission {
        is_store_owner: access.role == "owner",
        is_store_admin: access.role == "owner" || access.role == "admin",
        scopes: access.scopes,
    })
}
