//! Writing users and stores. Each function is one transaction: it writes everything or nothing.

use sqlx::AnyPool;

use super::{new_id, now_ms};

/// A new user's details.
#[derive(Debug)]
pub struct NewUser<'a> {
    pub email: &'a str,
    pub password_hash: &'a str,
    pub first_name: Option<&'a str>,
    pub last_name: Option<&'a str>,
}

/// Inserts a user (e-mail kept lowercased) and returns the id.
pub async fn create_user(db: &AnyPool, user: &NewUser<'_>) -> Result<String, sqlx::Error> {
    let id = new_id();
    let now = now_ms();
    sqlx::query(
        "INSERT INTO users (id, email, password_hash, first_name, last_name, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $6)",
    )
    .bind(&id)
    .bind(user.email.trim().to_lowercase())
    .bind(user.password_hash)
    .bind(user.first_name)
    .bind(user.last_name)
    .bind(now)
    .execute(db)
    .await?;
    Ok(id)
}

/// Creates a store owned by `owner_id`, with its owner membership and its system domain
/// `{subdomain}.{domain_suffix}`, and returns the store id.
pub async fn create_store(
    db: &AnyPool,
    owner_id: &str,
    name: &str,
    subdomain: &str,
    domain_suffix: &str,
) -> Result<String, sqlx::Error> {
    let id = new_id();
    let now = now_ms();
    let mut tx = db.begin().await?;
    sqlx::query(
        "INSERT INTO stores (id, name, subdomain, owner_id, is_enabled, created_at) \
         VALUES ($1, $2, $3, $4, 1, $5)",
    )
    .bind(&id)
    .bind(name)
    .bind(subdomain)
    .bind(owner_id)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO store_members (store_id, user_id, role, scopes, created_at) \
         VALUES ($1, $2, 'owner', '', $3)",
    )
    .bind(&id)
    .bind(owner_id)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO domains (id, store_id, host, domain_type, is_primary, created_at) \
         VALUES ($1, $2, $3, 'SystemDefault', 1, $4)",
    )
    .bind(new_id())
    .bind(&id)
    .bind(format!("{subdomain}.{domain_suffix}"))
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(id)
}
