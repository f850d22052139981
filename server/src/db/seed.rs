//! The demo data seeded on first start (README.md lists the accounts), with each store's
//! catalog (`catalog_seed`). Seeding is idempotent: an account that already exists is left as it
//! is.

use sqlx::AnyPool;

use super::accounts::{NewUser, complete_survey, create_store, create_user};
use super::{catalog_seed, now_ms};
use crate::auth::password;
use crate::config::Config;

/// The password of every demo account.
pub const DEMO_PASSWORD: &str = "storeloom";

struct DemoOwner {
    email: &'static str,
    first_name: &'static str,
    last_name: &'static str,
    store_name: &'static str,
    subdomain: &'static str,
}

const DEMO_OWNERS: &[DemoOwner] = &[
    DemoOwner {
        email: "owner@storeloom.dev",
        first_name: "Olivia",
        last_name: "Nguyen",
        store_name: "Demo Store",
        subdomain: "demo",
    },
    DemoOwner {
        email: "seller@example.com",
        first_name: "Sam",
        last_name: "Carter",
        store_name: "Sam's Goods",
        subdomain: "sams-goods",
    },
];

struct DemoStaff {
    email: &'static str,
    first_name: &'static str,
    last_name: &'static str,
    scopes: &'static str,
}

/// Staff of the Demo Store, with different scopes, to show permissions at work.
const DEMO_STAFF: &[DemoStaff] = &[
    DemoStaff {
        email: "orders@example.com",
        first_name: "Lan",
        last_name: "Tran",
        scopes: "orders products",
    },
    DemoStaff {
        email: "designer@example.com",
        first_name: "Minh",
        last_name: "Pham",
        scopes: "themes pages navigations domains preferences",
    },
];

async fn user_id(db: &AnyPool, email: &str) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as("SELECT id FROM users WHERE email = $1")
        .bind(email)
        .fetch_optional(db)
        .await?;
    Ok(row.map(|(id,)| id))
}

/// Seeds the demo accounts, their stores and the Demo Store's staff where they are missing.
pub async fn demo(db: &AnyPool, config: &Config) -> Result<(), Box<dyn std::error::Error>> {
    let hash = password::hash(DEMO_PASSWORD.to_owned()).await?;
    let mut demo_store = None;
    for owner in DEMO_OWNERS {
        if user_id(db, owner.email).await?.is_some() {
            continue;
        }
        let mut tx = db.begin().await?;
        let user_id = create_user(
            &mut *tx,
            &NewUser {
                email: owner.email,
                password_hash: &hash,
                first_name: Some(owner.first_name),
                last_name: Some(owner.last_name),
                activated: true,
            },
        )
        .await?;
        let store_id = create_store(
            &mut tx,
            &user_id,
            owner.store_name,
            Some(owner.subdomain),
            &config.store_domain_suffix,
        )
        .await?;
        complete_survey(&mut *tx, &store_id, &user_id, "{}").await?;
        tx.commit().await?;
        let size = if owner.subdomain == "demo" && config.demo_catalog {
            catalog_seed::FULL
        } else {
            catalog_seed::SMALL
        };
        catalog_seed::seed_store(db, &config.upload_dir, &store_id, size).await?;
        if owner.subdomain == "demo" {
            demo_store = Some(store_id);
        }
        tracing::info!(email = owner.email, "seeded demo account");
    }
    let Some(store_id) = demo_store else {
        return Ok(());
    };
    for staff in DEMO_STAFF {
        if user_id(db, staff.email).await?.is_some() {
            continue;
        }
        let user_id = create_user(
            db,
            &NewUser {
                email: staff.email,
                password_hash: &hash,
                first_name: Some(staff.first_name),
                last_name: Some(staff.last_name),
                activated: true,
            },
        )
        .await?;
        sqlx::query("INSERT INTO store_members (store_id, user_id, role, scopes, created_at) VALUES ($1, $2, 'staff', $3, $4)")
            .bind(&store_id)
            .bind(&user_id)
            .bind(staff.scopes)
            .bind(now_ms())
            .execute(db)
            .await?;
        tracing::info!(email = staff.email, "seeded demo staff");
    }
    Ok(())
}
