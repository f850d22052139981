//! Writing users and stores.

use sqlx::{Any, AnyPool, Executor, Transaction};

use super::{new_id, now_ms};

/// A new user's details.
#[derive(Debug)]
pub struct NewUser<'a> {
    pub email: &'a str,
    pub password_hash: &'a str,
    pub first_name: Option<&'a str>,
    pub last_name: Option<&'a str>,
    /// Whether the e-mail is already proven (seeded and invited users); sign-ups are not.
    pub activated: bool,
}

/// Inserts a user (e-mail kept lowercased) and returns the id.
pub async fn create_user<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    user: &NewUser<'_>,
) -> Result<String, sqlx::Error> {
    let id = new_id();
    let now = now_ms();
    sqlx::query(
        "INSERT INTO users (id, email, password_hash, first_name, last_name, activated_at, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
    )
    .bind(&id)
    .bind(user.email.trim().to_lowercase())
    .bind(user.password_hash)
    .bind(user.first_name)
    .bind(user.last_name)
    .bind(user.activated.then_some(now))
    .bind(now)
    .execute(executor)
    .await?;
    Ok(id)
}

/// The preferences a new store starts with (shell.md §9: America/Los_Angeles; the hydro
/// family, shown as DEFAULT).
pub const DEFAULT_TIMEZONE: &str = core_wasm::limits::DEFAULT_TIMEZONE;

/// Creates a store owned by `owner_id`, inside the caller's transaction: the store, its owner
/// membership, its system domain `{subdomain}.{domain_suffix}`, its default preferences and a
/// theme of each template (hydro active, newchick unpublished).
/// Without a `subdomain`, one is made from the name, made unique with a number when taken.
/// Returns the store id.
pub async fn create_store(
    tx: &mut Transaction<'_, Any>,
    owner_id: &str,
    name: &str,
    subdomain: Option<&str>,
    domain_suffix: &str,
) -> Result<String, sqlx::Error> {
    let id = new_id();
    let now = now_ms();
    let base = subdomain.map_or_else(
        || core_wasm::shell::subdomain_from_name(name),
        str::to_owned,
    );
    let mut candidate = base.clone();
    for n in 2.. {
        let taken: Option<(String,)> = sqlx::query_as("SELECT id FROM stores WHERE subdomain = $1")
            .bind(&candidate)
            .fetch_optional(&mut **tx)
            .await?;
        if taken.is_none() {
            break;
        }
        candidate = format!("{base}-{n}");
    }
    sqlx::query(
        "INSERT INTO stores (id, name, subdomain, owner_id, is_enabled, created_at) VALUES ($1, $2, $3, $4, 1, $5)",
    )
    .bind(&id)
    .bind(name)
    .bind(&candidate)
    .bind(owner_id)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO store_members (store_id, user_id, role, scopes, created_at) VALUES ($1, $2, 'owner', '', $3)",
    )
    .bind(&id)
    .bind(owner_id)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO domains (id, store_id, host, domain_type, is_primary, created_at) \
         VALUES ($1, $2, $3, 'SystemDefault', 1, $4)",
    )
    .bind(new_id())
    .bind(&id)
    .bind(format!("{candidate}.{domain_suffix}"))
    .bind(now)
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "INSERT INTO store_preferences (store_id, standard_timezone, business_type, payment_choice_type, \
         store_front_default_theme, updated_at) VALUES ($1, $2, 'other', 'seller', 'hydro', $3)",
    )
    .bind(&id)
    .bind(DEFAULT_TIMEZONE)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    super::themes::create_default_themes(tx, &id).await?;
    Ok(id)
}

/// Creates a store in a transaction of its own.
pub async fn create_store_now(
    db: &AnyPool,
    owner_id: &str,
    name: &str,
    subdomain: Option<&str>,
    domain_suffix: &str,
) -> Result<String, sqlx::Error> {
    let mut tx = crate::db::begin_write(db).await?;
    let id = create_store(&mut tx, owner_id, name, subdomain, domain_suffix).await?;
    tx.commit().await?;
    Ok(id)
}

/// Marks a store's first-run survey done.
pub async fn complete_survey<'e, E: Executor<'e, Database = Any>>(
    executor: E,
    store_id: &str,
    user_id: &str,
    answers: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO store_surveys (store_id, answers, completed_by, completed_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (store_id) DO UPDATE SET answers = excluded.answers, completed_by = excluded.completed_by, \
         completed_at = excluded.completed_at",
    )
    .bind(store_id)
    .bind(answers)
    .bind(user_id)
    .bind(now_ms())
    .execute(executor)
    .await?;
    Ok(())
}

/// Whether the user is an operator: named one (`server operator add`, or by another operator)
/// and activated.
pub async fn is_operator(db: &AnyPool, user_id: &str) -> Result<bool, sqlx::Error> {
    let row: Option<(i64, Option<i64>)> =
        sqlx::query_as("SELECT is_operator, activated_at FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(db)
            .await?;
    Ok(matches!(row, Some((1, Some(_)))))
}

/// Makes the account with this e-mail an operator; `false` when there is no such account.
pub async fn make_operator(db: &AnyPool, email: &str) -> Result<bool, sqlx::Error> {
    let changed = sqlx::query("UPDATE users SET is_operator = 1, updated_at = $1 WHERE email = $2")
        .bind(crate::db::now_ms())
        .bind(email.trim().to_lowercase())
        .execute(db)
        .await?
        .rows_affected();
    Ok(changed == 1)
}
