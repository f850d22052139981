//! Counting what a store's plan limits (issue 46): its products, the themes in its library and
//! its staff accounts. A creation that a plan limits holds the store's row first, in its write
//! transaction, and counts under that hold, so two creations at once cannot both pass the limit.

use core_wasm::shell::plan_limits::Limited;
use sqlx::AnyConnection;

/// Holds the store's row until the caller's transaction ends (on PostgreSQL a second creation
/// for the same store waits here; SQLite's `BEGIN IMMEDIATE` already lets one writer in at a
/// time), then counts the store's `what` at `now`. Staff are the members other than the owner
/// and the invitations open at `now`, but not the open one for `replacing` (an invitation sent
/// again to the same address replaces it).
pub async fn hold_and_count(
    conn: &mut AnyConnection,
    store_id: &str,
    what: Limited,
    now: i64,
    replacing: Option<&str>,
) -> Result<i64, sqlx::Error> {
    sqlx::query("UPDATE stores SET is_enabled = is_enabled WHERE id = $1")
        .bind(store_id)
        .execute(&mut *conn)
        .await?;
    count(conn, store_id, what, now, replacing).await
}

/// How many of `what` the store has at `now` (staff as `hold_and_count` counts them).
pub async fn count(
    conn: &mut AnyConnection,
    store_id: &str,
    what: Limited,
    now: i64,
    replacing: Option<&str>,
) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = match what {
        Limited::Products => {
            sqlx::query_as("SELECT COUNT(*) FROM products WHERE store_id = $1")
                .bind(store_id)
                .fetch_one(&mut *conn)
                .await?
        }
        Limited::Themes => {
            sqlx::query_as("SELECT COUNT(*) FROM themes WHERE store_id = $1")
                .bind(store_id)
                .fetch_one(&mut *conn)
                .await?
        }
        Limited::Staff => {
            sqlx::query_as(
                "SELECT (SELECT COUNT(*) FROM store_members WHERE store_id = $1 AND role <> 'owner') \
                 + (SELECT COUNT(*) FROM staff_invitations WHERE store_id = $1 AND accepted_at IS NULL \
                    AND expires_at > $2 AND email <> $3)",
            )
            .bind(store_id)
            .bind(now)
            .bind(replacing.unwrap_or(""))
            .fetch_one(&mut *conn)
            .await?
        }
    };
    Ok(count)
}
