//! Sessions: one row per signed-in device, and the family of refresh tokens it has issued. An
//! access token is accepted only while its session is live, so ending a session takes effect
//! on the very next request. Refresh tokens are single-use: each renewal spends one and issues
//! the next; spending one twice revokes the whole family.

use sqlx::AnyPool;

use super::tokens::{self, Keys, REFRESH_TOKEN_SECONDS};
use crate::db::{new_id, now_ms};
use crate::error::ApiError;

/// The tokens handed to a client when a session starts or renews.
#[derive(Debug)]
pub struct IssuedTokens {
    pub access_token: String,
    pub refresh_token: String,
    /// When the refresh token expires, in ms since the epoch.
    pub refresh_expires_at: i64,
}

/// A refresh token presented again within this many ms of being spent is refused without
/// revoking its family: two tabs renewing at once are not an attack. Later, it is a replay.
pub const REUSE_GRACE_MS: i64 = 10_000;

/// Why a renewal was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RenewRefusal {
    /// The token is not one we issued, or its session has ended or expired.
    Invalid,
    /// The token was already spent: its family has just been revoked.
    Reused,
}

/// Starts a session for `user_id` and issues its first tokens.
pub async fn start(db: &AnyPool, keys: &Keys, user_id: &str) -> Result<IssuedTokens, ApiError> {
    let now = now_ms();
    let session_id = new_id();
    let expires_at = now + REFRESH_TOKEN_SECONDS * 1000;
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query(
        "INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(&session_id)
    .bind(user_id)
    .bind(now)
    .bind(expires_at)
    .execute(&mut *tx)
    .await?;
    let refresh_token = tokens::random_token();
    sqlx::query(
        "INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)",
    )
    .bind(tokens::digest(&refresh_token))
    .bind(&session_id)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(IssuedTokens {
        access_token: sign(keys, user_id, &session_id, now)?,
        refresh_token,
        refresh_expires_at: expires_at,
    })
}

fn sign(keys: &Keys, user_id: &str, session_id: &str, now: i64) -> Result<String, ApiError> {
    keys.sign_access(user_id, session_id, now / 1000)
        .map_err(ApiError::internal)
}

/// Spends `refresh_token` and issues the next pair. Of many concurrent renewals with one token,
/// exactly one succeeds: spending is a single conditional update.
pub async fn renew(
    db: &AnyPool,
    keys: &Keys,
    refresh_token: &str,
) -> Result<Result<IssuedTokens, RenewRefusal>, ApiError> {
    let now = now_ms();
    let hash = tokens::digest(refresh_token);
    let spent = sqlx::query(
        "UPDATE refresh_tokens SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL",
    )
    .bind(now)
    .bind(&hash)
    .execute(db)
    .await?
    .rows_affected();
    let row: Option<(String, String, i64, Option<i64>)> = sqlx::query_as(
        "SELECT s.id, s.user_id, s.expires_at, t.used_at FROM refresh_tokens t \
         JOIN sessions s ON s.id = t.session_id WHERE t.token_hash = $1 AND s.revoked_at IS NULL",
    )
    .bind(&hash)
    .fetch_optional(db)
    .await?;
    let Some((session_id, user_id, expires_at, used_at)) = row else {
        return Ok(Err(RenewRefusal::Invalid));
    };
    if spent == 0 {
        if used_at.is_some_and(|used| now - used < REUSE_GRACE_MS) {
            return Ok(Err(RenewRefusal::Invalid));
        }
        // The token was spent a while ago: someone replays it. End the family.
        revoke_session(db, &session_id).await?;
        return Ok(Err(RenewRefusal::Reused));
    }
    if expires_at <= now {
        return Ok(Err(RenewRefusal::Invalid));
    }
    let next = tokens::random_token();
    sqlx::query(
        "INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)",
    )
    .bind(tokens::digest(&next))
    .bind(&session_id)
    .bind(now)
    .execute(db)
    .await?;
    Ok(Ok(IssuedTokens {
        access_token: sign(keys, &user_id, &session_id, now)?,
        refresh_token: next,
        refresh_expires_at: expires_at,
    }))
}

/// A live session (not revoked, not expired) as one query reads it with what a request needs
/// beside it: when it started, its user's profile, and their membership in the store a request
/// selects (asked of [`live`]), so that a store route costs one query before its own work.
#[derive(Debug, Clone)]
pub struct Live {
    /// When the session started (ms).
    pub started_at: i64,
    /// Id, email, first and last name, picture address.
    pub user: crate::db::accounts::UserRow,
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
