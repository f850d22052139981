//! The demo data seeded on first start (README.md lists the accounts). Seeding is idempotent:
//! an account that already exists is left as it is.

use sqlx::AnyPool;

use super::accounts::{NewUser, create_store, create_user};
use crate::auth::password;
use crate::config::Config;

/// The password of every demo account.
pub const DEMO_PASSWORD: &str = "storeloom";

struct DemoAccount {
    email: &'static str,
    first_name: &'static str,
    last_name: &'static str,
    store_name: &'static str,
    subdomain: &'static str,
}

const DEMO_ACCOUNTS: &[DemoAccount] = &[
    DemoAccount {
        email: "owner@storeloom.dev",
        first_name: "Olivia",
        last_name: "Nguyen",
        store_name: "Demo Store",
        subdomain: "demo",
    },
    DemoAccount {
        email: "seller@example.com",
        first_name: "Sam",
        last_name: "Carter",
        store_name: "Sam's Goods",
        subdomain: "sams-goods",
    },
];

/// Seeds the demo accounts and their stores where they are missing.
pub async fn demo(db: &AnyPool, config: &Config) -> Result<(), Box<dyn std::error::Error>> {
    for account in DEMO_ACCOUNTS {
        let exists: Option<(String,)> = sqlx::query_as("SELECT id FROM users WHERE email = $1")
            .bind(account.email)
            .fetch_optional(db)
            .await?;
        if exists.is_some() {
            continue;
        }
        let hash = password::hash(DEMO_PASSWORD.to_owned()).await?;
        let user_id = create_user(
            db,
            &NewUser {
                email: account.email,
                password_hash: &hash,
                first_name: Some(account.first_name),
                last_name: Some(account.last_name),
            },
        )
        .await?;
        create_store(
            db,
            &user_id,
            account.store_name,
            account.subdomain,
            &config.store_domain_suffix,
        )
        .await?;
        tracing::info!(email = account.email, "seeded demo account");
    }
    Ok(())
}
