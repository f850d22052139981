//! Sessions (one row per signed-in device) and the refresh tokens each has issued, stored by
//! hash. `auth::session` holds the rules: what a renewal may do, how tokens are made.

use sqlx::{Any, AnyConnection, AnyPool, Executor};

use super::now_ms;
use crate::error::ApiError;

/// Records a new session and its first refresh token (by hash), in the caller's transaction.
pub async fn insert(
    tx: &mut AnyConnection,
    session_id: &str,
    user_id: &str,
    refresh_hash: &str,
    now: i64,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(session_id)
    .bind(user_id)
    .bind(now)
    .bind(expires_at)
    .execute(&mut *tx)
    .await?;
    insert_refresh(&mut *tx, refresh_hash, session_id, now).await
}

/// Records a refresh token (by hash) of `session_id`.
pub async fn insert_refresh<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    refresh_hash: &str,
    session_id: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)",
    )
    .bind(refresh_hash)
    .bind(session_id)
    .bind(now)
    .execute(executor)
    .await?;
    Ok(())
}

/// Spends the refresh token `refresh_hash` if it is unspent: one conditional update, so of
/// many concurrent spends exactly one returns `true`.
pub async fn spend_refresh(
    db: &AnyPool,
    refresh_hash: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let spent = sqlx::query(
        "UPDATE refresh_tokens SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL",
    )
    .bind(now)
    .bind(refresh_hash)
    .execute(db)
    .await?
    .rows_affected();
    Ok(spent == 1)
}

/// A refresh token's session, as a renewal checks it.
#[derive(Debug, Clone)]
pub struct RefreshOf {
    pub session_id: String,
    pub user_id: String,
    /// When the session expires (ms).
    pub expires_at: i64,
    /// When the token was spent (ms), if it was.
    pub used_at: Option<i64>,
}

/// The session of refresh token `refresh_hash`, when the session has not been revoked.
pub async fn refresh_of(
    db: &AnyPool,
    refresh_hash: &str,
) -> Result<Option<RefreshOf>, sqlx::Error> {
    let row: Option<(String, String, i64, Option<i64>)> = sqlx::query_as(
        "SELECT s.id, s.user_id, s.expires_at, t.used_at FROM refresh_tokens t \
         JOIN sessions s ON s.id = t.session_id WHERE t.token_hash = $1 AND s.revoked_at IS NULL",
    )
    .bind(refresh_hash)
    .fetch_optional(db)
    .await?;
    Ok(
        row.map(|(session_id, user_id, expires_at, used_at)| RefreshOf {
            session_id,
            user_id,
            expires_at,
            used_at,
        }),
    )
}

/// A live session (not revoked, not expired) as one query reads it with what a request needs
/// beside it: when it started, its user's profile, and their membership in the store a request
/// selects (asked of [`live`]), so that a store route costs one query before its own work.
#[derive(Debug, Clone)]
pub struct Live {
    /// When the session started (ms).
    pub started_at: i64,
    /// Id, email, first and last name, picture address.
    pub user: super::accounts::UserRow,
    /// The user's membership in the store asked for; `None` when they are not a member (or it
    /// was not asked for).
    pub member: Option<Member>,
}

/// A membership as [`live`] reads it.
#[derive(Debug, Clone)]
pub struct Member {
    pub role: String,
    /// The granted role keys, space-separated (an owner holds every key whatever this says).
    pub scopes: String,
    /// When the member was last signed out of the store (ms).
    pub signed_out_at: i64,
    /// The store's standard time zone ("" when unset).
    pub zone: String,
}

type LiveRow = (
    i64,
    String,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<i64>,
    String,
);

/// The session `session_id` when it is live, with its user and, when `store_id` is given,
/// their membership in that store (of a store that exists); `None` when the session is not live.
pub async fn live(
    db: &AnyPool,
    session_id: &str,
    store_id: Option<&str>,
) -> Result<Option<Live>, ApiError> {
    let row: Option<LiveRow> = sqlx::query_as(
        "SELECT s.created_at, u.id, u.email, u.first_name, u.last_name, u.profile_picture, \
         m.role, m.scopes, m.signed_out_at, COALESCE(p.standard_timezone, '') \
         FROM sessions s JOIN users u ON u.id = s.user_id \
         LEFT JOIN (store_members m JOIN stores st ON st.id = m.store_id) \
         ON m.user_id = s.user_id AND m.store_id = $3 \
         LEFT JOIN store_preferences p ON p.store_id = m.store_id \
         WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > $2",
    )
    .bind(session_id)
    .bind(now_ms())
    .bind(store_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(
        |(started_at, id, email, first, last, picture, role, scopes, signed_out_at, zone)| Live {
            started_at,
            user: (id, email, first, last, picture),
            member: match (role, scopes, signed_out_at) {
                (Some(role), Some(scopes), Some(signed_out_at)) => Some(Member {
                    role,
                    scopes,
                    signed_out_at,
                    zone,
                }),
                _ => None,
            },
        },
    ))
}

/// The memberships a session started at `session_started_at` still reaches: (store, role,
/// scopes) of each store of `user_id` they were not signed out of since.
pub async fn memberships(
    db: &AnyPool,
    user_id: &str,
    session_started_at: i64,
) -> Result<Vec<(String, String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT m.store_id, m.role, m.scopes FROM store_members m JOIN stores s ON s.id = m.store_id \
         WHERE m.user_id = $1 AND m.signed_out_at <= $2",
    )
    .bind(user_id)
    .bind(session_started_at)
    .fetch_all(db)
    .await
}

/// Signs a member out of one store: their sessions that started before now no longer reach
/// it (the next sign-in does); their other stores, and their own, are untouched.
pub async fn sign_out_of_store(
    db: &AnyPool,
    store_id: &str,
    user_id: &str,
) -> Result<(), ApiError> {
    sqlx::query("UPDATE store_members SET signed_out_at = $1 WHERE store_id = $2 AND user_id = $3")
        .bind(now_ms())
        .bind(store_id)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Ends one session.
pub async fn revoke_session(db: &AnyPool, session_id: &str) -> Result<(), ApiError> {
    sqlx::query("UPDATE sessions SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL")
        .bind(now_ms())
        .bind(session_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Ends every session of a user, but `keep` when given.
pub async fn revoke_user_sessions(
    db: &AnyPool,
    user_id: &str,
    keep: Option<&str>,
) -> Result<(), ApiError> {
    sqlx::query("UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL AND id <> $3")
        .bind(now_ms())
        .bind(user_id)
        .bind(keep.unwrap_or(""))
        .execute(db)
        .await?;
    Ok(())
}
