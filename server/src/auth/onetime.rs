//! One-time tokens sent by e-mail (account activation, password reset): random, stored only as
//! a hash, with an expiry, spent once.

use sqlx::{Any, Executor};

use super::tokens::{digest, random_token};
use crate::db::{now_ms, user_tokens};
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
    let expires_at = now_ms() + purpose.lifetime_ms();
    user_tokens::insert(
        executor,
        &digest(&token),
        user_id,
        purpose.name(),
        expires_at,
    )
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
    Ok(user_tokens::void_all(executor, user_id, purpose.name()).await?)
}

/// The user a live (unspent, unexpired) token belongs to.
pub async fn peek<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    token: &str,
    purpose: Purpose,
) -> Result<Option<String>, ApiError> {
    Ok(user_tokens::user_of(executor, &digest(token), purpose.name()).await?)
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
    let spent = user_tokens::spend(executor, &digest(token)).await?;
    Ok(spent.then_some(user_id))
}
