//! One-time tokens sent by e-mail (account activation, password reset), stored only by hash,
//! with what they are for and an expiry. `auth::onetime` makes them and holds their lifetimes.

use sqlx::{Any, Executor};

use super::now_ms;

/// Records the token `token_hash` of `user_id` for `purpose`, good until `expires_at` (ms).
pub async fn insert<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    token_hash: &str,
    user_id: &str,
    purpose: &str,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO user_tokens (token_hash, user_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(token_hash)
        .bind(user_id)
        .bind(purpose)
        .bind(now_ms())
        .bind(expires_at)
        .execute(executor)
        .await?;
    Ok(())
}

/// Spends every live token of `user_id` for `purpose`.
pub async fn void_all<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    user_id: &str,
    purpose: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE user_tokens SET used_at = $1 WHERE user_id = $2 AND purpose = $3 AND used_at IS NULL",
    )
    .bind(now_ms())
    .bind(user_id)
    .bind(purpose)
    .execute(executor)
    .await?;
    Ok(())
}

/// The user of the live (unspent, unexpired) token `token_hash` for `purpose`.
pub async fn user_of<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    token_hash: &str,
    purpose: &str,
) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT user_id FROM user_tokens WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3",
    )
    .bind(token_hash)
    .bind(purpose)
    .bind(now_ms())
    .fetch_optional(executor)
    .await?;
    Ok(row.map(|(user_id,)| user_id))
}

/// Spends the token `token_hash` if it is unspent: of two concurrent spends, one is `true`.
pub async fn spend<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    token_hash: &str,
) -> Result<bool, sqlx::Error> {
    let spent = sqlx::query(
        "UPDATE user_tokens SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL",
    )
    .bind(now_ms())
    .bind(token_hash)
    .execute(executor)
    .await?
    .rows_affected();
    Ok(spent == 1)
}
