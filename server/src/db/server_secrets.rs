//! Secrets every server process on one database shares (the token-signing key), made once.

use sqlx::AnyPool;

/// The secret named `name`: `candidate` if none was stored yet (it is stored now), otherwise
/// the one stored first, whichever process stored it.
pub async fn shared(db: &AnyPool, name: &str, candidate: &str) -> Result<String, sqlx::Error> {
    sqlx::query(
        "INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
    )
    .bind(name)
    .bind(candidate)
    .execute(db)
    .await?;
    let (value,): (String,) = sqlx::query_as("SELECT value FROM server_secrets WHERE name = $1")
        .bind(name)
        .fetch_one(db)
        .await?;
    Ok(value)
}
