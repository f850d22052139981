//! Sessions: one row per signed-in device, and the family of refresh tokens it has issued. An
//! access token is accepted only while its session is live, so ending a session takes effect
//! on the very next request. Refresh tokens are single-use: each renewal spends one and issues
//! the next; spending one twice revokes the whole family.

use sqlx::AnyPool;

use super::tokens::{self, Keys, REFRESH_TOKEN_SECONDS};
pub use crate::db::sessions::{
    Live, Member, live, revoke_session, revoke_user_sessions, sign_out_of_store,
};
use crate::db::{new_id, now_ms, sessions};
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
    let refresh_token = tokens::random_token();
    let mut tx = crate::db::begin_write(db).await?;
    sessions::insert(
        &mut tx,
        &session_id,
        user_id,
        &tokens::digest(&refresh_token),
        now,
        expires_at,
    )
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
    let spent = sessions::spend_refresh(db, &hash, now).await?;
    let Some(of) = sessions::refresh_of(db, &hash).await? else {
        return Ok(Err(RenewRefusal::Invalid));
    };
    if !spent {
        if of.used_at.is_some_and(|used| now - used < REUSE_GRACE_MS) {
            return Ok(Err(RenewRefusal::Invalid));
        }
        // The token was spent a while ago: someone replays it. End the family.
        revoke_session(db, &of.session_id).await?;
        return Ok(Err(RenewRefusal::Reused));
    }
    if of.expires_at <= now {
        return Ok(Err(RenewRefusal::Invalid));
    }
    let next = tokens::random_token();
    sessions::insert_refresh(db, &tokens::digest(&next), &of.session_id, now).await?;
    Ok(Ok(IssuedTokens {
        access_token: sign(keys, &of.user_id, &of.session_id, now)?,
        refresh_token: next,
        refresh_expires_at: of.expires_at,
    }))
}
