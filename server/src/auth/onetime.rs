//! One-time tokens sent by e-mail (account activation, password reset): random, stored only as
//! a hash, with an expiry, spent once.

use sqlx::{Any, Executor};

use super::tokens::{digest, random_token};
use crate::db::now_ms;
use crate::error::ApiError;

/// What a token is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Activation,
    PasswordReset,
}

impl Purpose {
    fn name(self) -> &'static str {
        match self {
            Purpose::Activation => "activation",
            Purpose::PasswordReset => "password_reset",
        }
    }

    /// How long a token stays good.
    pub fn lifetime_ms(self) -> i64 {
        match self {
            Purpose::Activation => 7 * 24 * 3600 * 1000,
            Purpose::PasswordReset => 3600 * 1000,
        }
    }
}

/// Issues a token for `user_id` and returns it (to be e-mailed; only its hash is kept).
pub async fn issue<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    user_id: &str,
    purpose: Purpose,
) -> Result<String, ApiError> {
    let token = random_token();
    let now = now_ms();
    sqlx::query("INSERT INTO user_tokens (token_hash, user_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(digest(&token))
        .bind(user_id)
        .bind(purpose.name())
        .bind(now)
        .bind(now + purpose.lifetime_ms())
        .execute(executor)
        .await?;
    Ok(token)
}

/// Voids every live token of `user_id` for `purpose`: a new reset link, or a reset, ends
/// every earlier link.
pub async fn void_all<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    user_id: &str,
    purpose: Purpose,
) -> Result<(), ApiError> {
    sqlx::query(
        "UPDATE user_tokens SET used_at = $1 WHERE user_id = $2 AND purpose = $3 AND used_at IS NULL",
    )
    .bind(now_ms())
    .bind(user_id)
    .bind(purpose.name())
    .execute(executor)
    .await?;
    Ok(())
}

/// The user a live (unspent, unexpired) token belongs to.
pub async fn peek<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    token: &str,
    purpose: Purpose,
) -> Result<Option<String>, ApiError> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT user_id FROM user_tokens WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3",
    )
    .bind(digest(token))
    .bind(purpose.name())
    .bind(now_ms())
    .fetch_optional(executor)
    .await?;
    Ok(row.map(|(user_id,)| user_id))
}

/// Spends a live token and returns its user; `None` when it is unknown, spent or expired. Of
/// two concurrent spends, one wins.
pub async fn spend<'e, E: Executor<'e, Database = Any> + Copy>(
    executor: E,
    token: &str,
    purpose: Purpose,
) -> Result<Option<String>, ApiError> {
    let Some(user_id) = peek(executor, token, purpose).await? else {
        return Ok(None);
    };
    let spent = sqlx::query(
        "UPDATE user_tokens SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL",
    )
    .bind(now_ms())
    .bind(digest(token))
    .execute(executor)
    .await?
    .rows_affected();
    Ok((spent == 1).then_some(user_id))
}
