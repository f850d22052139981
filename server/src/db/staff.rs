//! A store's staff in the database: its members (the owner and staff, by user id) and its open
//! invitations (by invitation id), read as the staff screen shows them, and the writes of the
//! staff calls once the core's staff rules have allowed them.

use core_wasm::shell::permissions::ROLE_KEYS;
use shared_types::StaffMember;
use sqlx::{AnyConnection, AnyPool};

type MemberRow = (
    String,
    String,
    Option<String>,
    Option<String>,
    String,
    String,
);

fn member((id, email, first_name, last_name, role, scopes): MemberRow) -> StaffMember {
    StaffMember {
        id,
        email,
        first_name,
        last_name,
        scopes: if role == "owner" {
            ROLE_KEYS.iter().map(|k| (*k).to_owned()).collect()
        } else {
            scopes.split_whitespace().map(str::to_owned).collect()
        },
        role,
    }
}

const MEMBERS: &str = "SELECT u.id, u.email, u.first_name, u.last_name, m.role, m.scopes \
    FROM store_members m JOIN users u ON u.id = m.user_id WHERE m.store_id = $1";
const INVITES: &str = "SELECT id, email, first_name, last_name, 'invited', scopes FROM staff_invitations \
    WHERE store_id = $1 AND accepted_at IS NULL AND expires_at > $2";

/// Member or open invitation `staff_id` of the store at `now`, if any.
pub async fn by_id(
    db: &AnyPool,
    store_id: &str,
    staff_id: &str,
    now: i64,
) -> Result<Option<StaffMember>, sqlx::Error> {
    let sql = format!("{MEMBERS} AND u.id = $2");
    let row: Option<MemberRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(staff_id)
        .fetch_optional(db)
        .await?;
    if let Some(row) = row {
        return Ok(Some(member(row)));
    }
    let sql = format!("{INVITES} AND id = $3");
    let row: Option<MemberRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(now)
        .bind(staff_id)
        .fetch_optional(db)
        .await?;
    Ok(row.map(member))
}

/// Whether the account with `email` (lower-case) is a member of the store.
pub async fn is_member(db: &AnyPool, store_id: &str, email: &str) -> Result<bool, sqlx::Error> {
    let sql = format!("{MEMBERS} AND u.email = $2");
    let row: Option<MemberRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(email)
        .fetch_optional(db)
        .await?;
    Ok(row.is_some())
}

/// The store's members in the order they joined, then its invitations open at `now`.
pub async fn list(db: &AnyPool, store_id: &str, now: i64) -> Result<Vec<StaffMember>, sqlx::Error> {
    let sql = format!("{MEMBERS} ORDER BY m.created_at, u.email");
    let members: Vec<MemberRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .fetch_all(db)
        .await?;
    let sql = format!("{INVITES} ORDER BY created_at, email");
    let invites: Vec<MemberRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(now)
        .fetch_all(db)
        .await?;
    Ok(members.into_iter().chain(invites).map(member).collect())
}

/// The store's members other than its owner and `user_id`.
pub async fn others(
    db: &AnyPool,
    store_id: &str,
    user_id: &str,
) -> Result<Vec<StaffMember>, sqlx::Error> {
    let sql = format!("{MEMBERS} AND m.role <> 'owner' AND u.id <> $2");
    let rows: Vec<MemberRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(store_id)
        .bind(user_id)
        .fetch_all(db)
        .await?;
    Ok(rows.into_iter().map(member).collect())
}

/// An invitation as it is written: who is invited, with which scopes, by whom, and the digest
/// of its token.
#[derive(Debug)]
pub struct NewInvitation<'a> {
    pub id: &'a str,
    pub email: &'a str,
    pub first_name: Option<&'a str>,
    pub last_name: Option<&'a str>,
    pub scopes: &'a str,
    pub token_digest: &'a str,
    pub invited_by: &'a str,
    pub created_at: i64,
    pub expires_at: i64,
}

/// Writes an invitation (in the caller's transaction); it replaces an open one for the same
/// address.
pub async fn invite(
    conn: &mut AnyConnection,
    store_id: &str,
    invitation: &NewInvitation<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "DELETE FROM staff_invitations WHERE store_id = $1 AND email = $2 AND accepted_at IS NULL",
    )
    .bind(store_id)
    .bind(invitation.email)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "INSERT INTO staff_invitations (id, store_id, email, first_name, last_name, scopes, token_hash, invited_by, \
         created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(invitation.id)
    .bind(store_id)
    .bind(invitation.email)
    .bind(invitation.first_name)
    .bind(invitation.last_name)
    .bind(invitation.scopes)
    .bind(invitation.token_digest)
    .bind(invitation.invited_by)
    .bind(invitation.created_at)
    .bind(invitation.expires_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets the scopes (space-joined) of member or invitation `staff`.
pub async fn set_scopes(
    db: &AnyPool,
    store_id: &str,
    staff: &StaffMember,
    scopes: &str,
) -> Result<(), sqlx::Error> {
    let sql = if staff.role == "invited" {
        "UPDATE staff_invitations SET scopes = $1 WHERE id = $2 AND store_id = $3"
    } else {
        "UPDATE store_members SET scopes = $1 WHERE user_id = $2 AND store_id = $3"
    };
    sqlx::query(sql)
        .bind(scopes)
        .bind(&staff.id)
        .bind(store_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Removes member `staff` from the store, or withdraws the invitation.
pub async fn remove(db: &AnyPool, store_id: &str, staff: &StaffMember) -> Result<(), sqlx::Error> {
    let sql = if staff.role == "invited" {
        "DELETE FROM staff_invitations WHERE id = $1 AND store_id = $2"
    } else {
        "DELETE FROM store_members WHERE user_id = $1 AND store_id = $2"
    };
    sqlx::query(sql)
        .bind(&staff.id)
        .bind(store_id)
        .execute(db)
        .await?;
    Ok(())
}

/// A live invitation: id, store id, store name, e-mail, names, scopes.
pub type Invitation = (
    String,
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    String,
);

/// The invitation whose token has `digest`, if it is open at `now`.
pub async fn live_invitation(
    db: &AnyPool,
    digest: &str,
    now: i64,
) -> Result<Option<Invitation>, sqlx::Error> {
    sqlx::query_as(
        "SELECT i.id, i.store_id, s.name, i.email, i.first_name, i.last_name, i.scopes \
         FROM staff_invitations i JOIN stores s ON s.id = i.store_id \
         WHERE i.token_hash = $1 AND i.accepted_at IS NULL AND i.expires_at > $2",
    )
    .bind(digest)
    .bind(now)
    .fetch_optional(db)
    .await
}

/// Marks invitation `id` accepted at `now` (in the caller's transaction); false when it was
/// accepted meanwhile.
pub async fn accept(conn: &mut AnyConnection, id: &str, now: i64) -> Result<bool, sqlx::Error> {
    let accepted = sqlx::query(
        "UPDATE staff_invitations SET accepted_at = $1 WHERE id = $2 AND accepted_at IS NULL",
    )
    .bind(now)
    .bind(id)
    .execute(conn)
    .await?
    .rows_affected();
    Ok(accepted == 1)
}

/// Makes `user_id` a staff member of the store with `scopes` (or sets the scopes of one).
pub async fn join(
    conn: &mut AnyConnection,
    store_id: &str,
    user_id: &str,
    scopes: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO store_members (store_id, user_id, role, scopes, created_at) VALUES ($1, $2, 'staff', $3, $4) \
         ON CONFLICT (store_id, user_id) DO UPDATE SET scopes = excluded.scopes",
    )
    .bind(store_id)
    .bind(user_id)
    .bind(scopes)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}
