//! Writing users and stores.

use core_wasm::shell::addresses;
use sqlx::{Any, AnyPool, Executor, Transaction};

use super::{new_id, now_ms};
use crate::error::ApiError;

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

/// Where a new store goes and how many its owner may have.
#[derive(Debug, Clone, Copy)]
pub struct StorePlacement<'a> {
    /// The platform's suffix: the store's system domain is `{subdomain}.{domain_suffix}`.
    pub domain_suffix: &'a str,
    /// The stores an account may own when no operator set its own limit (`STORE_LIMIT`).
    pub default_limit: i64,
}

/// Creates a store owned by `owner_id`, inside the caller's transaction: the store, its owner
/// membership, its system domain `{subdomain}.{domain_suffix}`, its default preferences and a
/// theme of each template (hydro active, newchick unpublished).
///
/// The owner's row is locked first and the stores they own are counted under that lock, so two
/// creations at once cannot both pass the limit (403 when it is reached). Without a
/// `subdomain`, the first free one of the core's candidates for the name is taken: the name's
/// own subdomain, or when that is reserved or taken, the next `{base}-{n}`. A reserved
/// `subdomain` given as it is is refused. Returns the store id.
pub async fn create_store(
    tx: &mut Transaction<'_, Any>,
    owner_id: &str,
    name: &str,
    subdomain: Option<&str>,
    placement: StorePlacement<'_>,
) -> Result<String, ApiError> {
    let id = new_id();
    let now = now_ms();
    // A write to the owner's row holds it until commit: on PostgreSQL a second creation for
    // the same owner waits here (SQLite's BEGIN IMMEDIATE already lets one writer in at a time).
    sqlx::query("UPDATE users SET updated_at = updated_at WHERE id = $1")
        .bind(owner_id)
        .execute(&mut **tx)
        .await?;
    let (own_limit, owned): (Option<i64>, i64) = sqlx::query_as(
        "SELECT u.store_limit, (SELECT COUNT(*) FROM stores s WHERE s.owner_id = u.id) FROM users u WHERE u.id = $1",
    )
    .bind(owner_id)
    .fetch_one(&mut **tx)
    .await?;
    let limit = own_limit.unwrap_or(placement.default_limit);
    if !addresses::may_create_store(owned, limit) {
        return Err(ApiError::Forbidden(
            addresses::store_limit_reached(limit).message,
        ));
    }
    let candidates: Box<dyn Iterator<Item = String> + Send> = match subdomain {
        Some(given) => {
            if let Some(error) = addresses::check_subdomain(given) {
                return Err(ApiError::Invalid(vec![error.message]));
            }
            let given = given.to_owned();
            Box::new(
                std::iter::once(given.clone()).chain((2u32..).map(move |n| format!("{given}-{n}"))),
            )
        }
        None => Box::new(addresses::subdomain_candidates(name)),
    };
    // A candidate another creation takes at the same instant (it passed the check too) is
    // skipped: the insert does nothing on the subdomain's unique index (on PostgreSQL after
    // waiting for that creation to commit) and the next candidate is tried.
    let mut candidate = String::new();
    for next in candidates {
        let taken: Option<(String,)> = sqlx::query_as("SELECT id FROM stores WHERE subdomain = $1")
            .bind(&next)
            .fetch_optional(&mut **tx)
            .await?;
        if taken.is_some() {
            continue;
        }
        let inserted = sqlx::query(
            "INSERT INTO stores (id, name, subdomain, owner_id, is_enabled, created_at) VALUES ($1, $2, $3, $4, 1, $5) \
             ON CONFLICT (subdomain) DO NOTHING",
        )
        .bind(&id)
        .bind(name)
        .bind(&next)
        .bind(owner_id)
        .bind(now)
        .execute(&mut **tx)
        .await?;
        if inserted.rows_affected() == 1 {
            candidate = next;
            break;
        }
    }
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
    .bind(format!("{candidate}.{}", placement.domain_suffix))
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
    placement: StorePlacement<'_>,
) -> Result<String, ApiError> {
    let mut tx = crate::db::begin_write(db).await?;
    let id = create_store(&mut tx, owner_id, name, subdomain, placement).await?;
    tx.commit().await?;
    Ok(id)
}

/// Sets the store limit of the account with this e-mail; the stores it owns, or `None` when
/// there is no such account.
pub async fn set_store_limit(
    db: &AnyPool,
    email: &str,
    limit: i64,
) -> Result<Option<i64>, sqlx::Error> {
    let changed =
        sqlx::query("UPDATE users SET store_limit = $1, updated_at = $2 WHERE email = $3")
            .bind(limit)
            .bind(now_ms())
            .bind(email)
            .execute(db)
            .await?
            .rows_affected();
    if changed == 0 {
        return Ok(None);
    }
    let (owned,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM stores s JOIN users u ON u.id = s.owner_id WHERE u.email = $1",
    )
    .bind(email)
    .fetch_one(db)
    .await?;
    Ok(Some(owned))
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

/// An account as the shell shows it: id, e-mail, first and last name, picture address.
pub type UserRow = (
    String,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
);

/// Account `user_id`, if there is one.
pub async fn user(db: &AnyPool, user_id: &str) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, email, first_name, last_name, profile_picture FROM users WHERE id = $1",
    )
    .bind(user_id)
    .fetch_optional(db)
    .await
}

/// Writes the account's names and picture address, updated at `now`.
pub async fn update_profile(
    db: &AnyPool,
    user_id: &str,
    (first_name, last_name, picture): (Option<String>, Option<String>, Option<String>),
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET first_name = $1, last_name = $2, profile_picture = $3, updated_at = $4 WHERE id = $5")
        .bind(first_name)
        .bind(last_name)
        .bind(picture)
        .bind(now)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

/// The account's password hash (PHC string).
pub async fn password_hash(db: &AnyPool, user_id: &str) -> Result<String, sqlx::Error> {
    let (hash,): (String,) = sqlx::query_as("SELECT password_hash FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_one(db)
        .await?;
    Ok(hash)
}

/// Replaces the account's password hash, updated at `now`.
pub async fn set_password_hash(
    db: &AnyPool,
    user_id: &str,
    hash: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3")
        .bind(hash)
        .bind(now)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

/// A store of the account's as the shop choice lists it: id, name, subdomain, the account's
/// role, and the store's primary custom domain if it has one.
pub type MemberStore = (String, String, String, String, Option<String>);

const MEMBER_STORE: &str = "SELECT s.id, s.name, s.subdomain, m.role, \
    (SELECT d.host FROM domains d WHERE d.store_id = s.id AND d.is_primary = 1 \
      AND d.domain_type <> 'SystemDefault' ORDER BY d.created_at LIMIT 1) \
    FROM stores s JOIN store_members m ON m.store_id = s.id";

/// At most `limit` of the account's stores after store id `after` (empty: from the first), in
/// id order.
pub async fn member_stores(
    db: &AnyPool,
    user_id: &str,
    after: &str,
    limit: i64,
) -> Result<Vec<MemberStore>, sqlx::Error> {
    let sql = format!("{MEMBER_STORE} WHERE m.user_id = $1 AND s.id > $2 ORDER BY s.id LIMIT $3");
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(user_id)
        .bind(after)
        .bind(limit)
        .fetch_all(db)
        .await
}

/// The account's store `store_id` (it must be a member).
pub async fn member_store(
    db: &AnyPool,
    user_id: &str,
    store_id: &str,
) -> Result<MemberStore, sqlx::Error> {
    let sql = format!("{MEMBER_STORE} WHERE m.user_id = $1 AND s.id = $2");
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(user_id)
        .bind(store_id)
        .fetch_one(db)
        .await
}

/// The id of the account with `email` (lower-case), if any.
pub async fn user_id_by_email(db: &AnyPool, email: &str) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as("SELECT id FROM users WHERE email = $1")
        .bind(email)
        .fetch_optional(db)
        .await?;
    Ok(row.map(|(id,)| id))
}

/// The id, password hash and activation time of the account with `email`, for signing in.
pub async fn credentials(
    db: &AnyPool,
    email: &str,
) -> Result<Option<(String, String, Option<i64>)>, sqlx::Error> {
    sqlx::query_as("SELECT id, password_hash, activated_at FROM users WHERE email = $1")
        .bind(email)
        .fetch_optional(db)
        .await
}

/// The store `user_id` joined first, if any (where a sign-in lands).
pub async fn first_store(db: &AnyPool, user_id: &str) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT store_id FROM store_members WHERE user_id = $1 ORDER BY created_at, store_id LIMIT 1",
    )
    .bind(user_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(id,)| id))
}

/// Marks the account's e-mail proven at `now` (once).
pub async fn activate(db: &AnyPool, user_id: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET activated_at = $1 WHERE id = $2 AND activated_at IS NULL")
        .bind(now)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Sets a new password hash after a reset (which also proves the e-mail) and answers the
/// account's e-mail.
pub async fn reset_password(
    db: &AnyPool,
    user_id: &str,
    hash: &str,
    now: i64,
) -> Result<String, sqlx::Error> {
    sqlx::query("UPDATE users SET password_hash = $1, activated_at = COALESCE(activated_at, $2), updated_at = $2 WHERE id = $3")
        .bind(hash)
        .bind(now)
        .bind(user_id)
        .execute(db)
        .await?;
    let (email,): (String,) = sqlx::query_as("SELECT email FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_one(db)
        .await?;
    Ok(email)
}

/// The account's full name as the core writes it (empty for an unknown account).
pub async fn full_name(db: &AnyPool, user_id: &str) -> Result<String, sqlx::Error> {
    let row: Option<(Option<String>, Option<String>)> =
        sqlx::query_as("SELECT first_name, last_name FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(db)
            .await?;
    let (first, last) = row.unwrap_or((None, None));
    Ok(core_wasm::shell::full_name(
        first.as_deref(),
        last.as_deref(),
    ))
}
