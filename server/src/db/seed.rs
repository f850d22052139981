//! The demo data seeded on first start (README.md lists the accounts), with each store's
//! catalog (`catalog_seed`). Seeding is idempotent: an account that already exists is left as it
//! is.

use sqlx::AnyPool;

use super::accounts::StorePlacement;
use super::accounts::{NewUser, complete_survey, create_store, create_user};
use super::{catalog_seed, now_ms};

/// The password of every demo account.
pub const DEMO_PASSWORD: &str = "storeloom";

struct DemoOwner {
    email: &'static str,
    first_name: &'static str,
    last_name: &'static str,
    store_name: &'static str,
    subdomain: &'static str,
    /// Whether the demo account is one of the operator's staff.
    operator: bool,
}

const DEMO_OWNERS: &[DemoOwner] = &[
    DemoOwner {
        email: "owner@storeloom.dev",
        first_name: "Olivia",
        last_name: "Nguyen",
        store_name: "Demo Store",
        subdomain: "demo",
        operator: true,
    },
    DemoOwner {
        email: "seller@example.com",
        first_name: "Sam",
        last_name: "Carter",
        store_name: "Sam's Goods",
        subdomain: "sams-goods",
        operator: false,
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

/// What the demo seed needs from the layers above: the demo password's hash, where stores go,
/// the catalog's size, the uploads folder for its pictures, and where the bundled theme
/// assets (the personalization fonts) are served.
#[derive(Debug, Clone)]
pub struct DemoSeed<'a> {
    /// The hash of [`DEMO_PASSWORD`].
    pub password_hash: &'a str,
    pub placement: StorePlacement<'a>,
    /// The Demo Store gets the full catalog (else the small one, as every other store).
    pub full_catalog: bool,
    pub upload_dir: &'a std::path::Path,
    /// The path the bundled theme assets are served under.
    pub theme_assets: &'a str,
}

/// Seeds the demo accounts, their stores and the Demo Store's staff where they are missing.
pub async fn demo(db: &AnyPool, seed: &DemoSeed<'_>) -> Result<(), Box<dyn std::error::Error>> {
    let hash = seed.password_hash;
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
                password_hash: hash,
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
            seed.placement,
        )
        .await?;
        complete_survey(&mut *tx, &store_id, &user_id, "{}").await?;
        if owner.operator {
            sqlx::query("UPDATE users SET is_operator = 1 WHERE id = $1")
                .bind(&user_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        let size = if owner.subdomain == "demo" && seed.full_catalog {
            catalog_seed::FULL
        } else {
            catalog_seed::SMALL
        };
        catalog_seed::seed_store(db, seed.upload_dir, &store_id, size).await?;
        if owner.subdomain == "demo" {
            demo_store = Some(store_id);
        }
        tracing::info!(email = owner.email, "seeded demo account");
    }
    let Some(store_id) = demo_store else {
        return Ok(());
    };
    demo_operations(db, &store_id, seed.theme_assets).await?;
    // The staff joined in the list's order, a millisecond apart: the staff list is ordered by
    // when a member joined, and two rows in one millisecond would fall back to the e-mails.
    let joined = now_ms();
    for (place, staff) in (0..).zip(DEMO_STAFF) {
        if user_id(db, staff.email).await?.is_some() {
            continue;
        }
        let user_id = create_user(
            db,
            &NewUser {
                email: staff.email,
                password_hash: hash,
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
            .bind(joined + place)
            .execute(db)
            .await?;
        tracing::info!(email = staff.email, "seeded demo staff");
    }
    Ok(())
}

/// The Demo Store's notifications, payout card and request, gateways, custom domain, fonts,
/// personalized product and trial subscription; and the platform's gateway groups.
async fn demo_operations(
    db: &AnyPool,
    store_id: &str,
    theme_assets: &str,
) -> Result<(), Box<dyn std::error::Error>> {
    use super::new_id;
    let now = now_ms();
    let day = 24 * 3600 * 1000;
    let mut tx = db.begin().await?;
    for (kind, title, body, status, age) in [
        (
            "welcome",
            "Welcome to Storeloom",
            "<p>Your store is ready. Follow the guide to launch it.</p>",
            2,
            3 * day,
        ),
        (
            "payout_paid",
            "Payout paid",
            "<p>Your payout of <strong>$120.00</strong> has been paid.</p>",
            1,
            day / 2,
        ),
    ] {
        super::notifications::notify(&mut *tx, store_id, kind, title, body).await?;
        sqlx::query("UPDATE notifications SET status = $1, created_at = $2 WHERE store_id = $3 AND kind = $4")
            .bind(status)
            .bind(now - age)
            .bind(store_id)
            .bind(kind)
            .execute(&mut *tx)
            .await?;
    }
    let (owner_id,): (String,) = sqlx::query_as("SELECT owner_id FROM stores WHERE id = $1")
        .bind(store_id)
        .fetch_one(&mut *tx)
        .await?;
    sqlx::query("INSERT INTO public_notifications (id, title, body, created_by, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(new_id())
        .bind("Holiday shipping times")
        .bind(super::notifications::sanitize("<p>Carriers are busy in December: order cut-offs move two days earlier.</p>"))
        .bind(&owner_id)
        .bind(now - day)
        .execute(&mut *tx)
        .await?;
    let card_id = new_id();
    sqlx::query(
        "INSERT INTO payout_cards (id, store_id, holder, brand, last4, exp_month, exp_year, is_default, created_at) \
         VALUES ($1, $2, 'Olivia Nguyen', 'visa', '4242', 12, 2030, 1, $3)",
    )
    .bind(&card_id)
    .bind(store_id)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO payout_requests (id, store_id, amount_minor, card_id, status, created_by, created_at) \
         VALUES ($1, $2, 5000, $3, 'pending', $4, $5)",
    )
    .bind(new_id())
    .bind(store_id)
    .bind(&card_id)
    .bind(&owner_id)
    .bind(now - day)
    .execute(&mut *tx)
    .await?;
    for (group, proxies) in [
        ("Stripe US", ["stripe-us-1", "stripe-us-2", "stripe-us-3"]),
        ("PayPal EU", ["paypal-eu-1", "paypal-eu-2", "paypal-eu-3"]),
    ] {
        let group_id = new_id();
        sqlx::query(
            "INSERT INTO proxy_groups (id, name) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
        )
        .bind(&group_id)
        .bind(group)
        .execute(&mut *tx)
        .await?;
        for name in proxies {
            let provider = name.split('-').next().unwrap_or("gateway");
            sqlx::query("INSERT INTO proxies (id, name, provider, group_id) VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO NOTHING")
                .bind(new_id())
                .bind(name)
                .bind(provider)
                .bind(&group_id)
                .execute(&mut *tx)
                .await?;
        }
    }
    sqlx::query(
        "INSERT INTO store_proxy_groups (store_id, group_id) SELECT $1, id FROM proxy_groups WHERE name = 'Stripe US'",
    )
    .bind(store_id)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO store_proxies (store_id, proxy_id) SELECT $1, p.id FROM proxies p \
         JOIN proxy_groups g ON g.id = p.group_id WHERE g.name = 'Stripe US'",
    )
    .bind(store_id)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO domains (id, store_id, host, domain_type, is_primary, created_at, verified_at) \
         VALUES ($1, $2, $3, 'Custom', 0, $4, $4) ON CONFLICT (host) DO NOTHING",
    )
    .bind(new_id())
    .bind(store_id)
    .bind("shop.demo-store.example")
    .bind(now)
    .execute(&mut *tx)
    .await?;
    // The fonts' files are bundled with the server (`storefront::theme_assets`, at `theme_assets`).
    for (name, file) in [
        ("Pacifico", "pacifico-latin-400-normal.woff2"),
        ("Roboto Slab", "roboto-slab-latin-400-normal.woff2"),
    ] {
        let url = format!("{theme_assets}/fonts/{file}");
        sqlx::query("INSERT INTO personalize_fonts (id, store_id, name, font_url, created_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(new_id())
            .bind(store_id)
            .bind(name)
            .bind(&url)
            .bind(now)
            .execute(&mut *tx)
            .await?;
    }
    // The personalization is of one of the store's own products, a mug where there is one.
    sqlx::query(
        "INSERT INTO personalizes (id, store_id, product_id, name, layers, created_at, updated_at) \
         SELECT $1, $2, p.id, $3, $4, $5, $5 FROM products p WHERE p.store_id = $2 \
         ORDER BY CASE WHEN p.title LIKE '%Mug%' THEN 0 ELSE 1 END, p.created_at, p.id LIMIT 1",
    )
    .bind(new_id())
    .bind(store_id)
    .bind("Name on a mug")
    .bind(r#"[{"type":"text","label":"Name","maxLength":20,"font":"Pacifico"}]"#)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    sqlx::query("INSERT INTO store_subscriptions (store_id, plan_code, trial_ends_at, enable_ref) VALUES ($1, 'PLAN_VIP_MONTHLY', $2, 1)")
        .bind(store_id)
        .bind(now + 14 * day)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}
