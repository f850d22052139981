//! A store's subscription and the plans it may choose (issue 28). A store without a row is on
//! the free plan; choosing a plan ends the trial. Payment of a plan is a test mode: nothing is
//! charged.

use shared_types::{Plan, PlanFeature, Subscription};
use sqlx::AnyPool;

use super::{now_ms, rfc3339};
use crate::error::ApiError;

/// The plan of a store without a subscription.
pub const FREE: &str = "FREE";

/// A row of `plans`.
#[derive(sqlx::FromRow)]
struct PlanRow {
    code: String,
    name: String,
    price_minor: i64,
    currency: String,
    features: String,
}

impl PlanRow {
    fn into_plan(self) -> Result<Plan, ApiError> {
        let features: Vec<PlanFeature> =
            serde_json::from_str(&self.features).map_err(ApiError::internal)?;
        Ok(Plan {
            rank: core_wasm::shell::rank_badge(&self.code),
            price: core_wasm::money::stored(
                self.price_minor,
                core_wasm::formats::currency_or_default(&self.currency),
            ),
            code: self.code,
            name: self.name,
            currency: self.currency,
            features,
        })
    }
}

/// Every plan, cheapest first.
pub async fn plans(db: &AnyPool) -> Result<Vec<Plan>, ApiError> {
    let rows: Vec<PlanRow> = sqlx::query_as(
        "SELECT code, name, price_minor, currency, features FROM plans ORDER BY position, code",
    )
    .fetch_all(db)
    .await?;
    rows.into_iter().map(PlanRow::into_plan).collect()
}

/// Whether `code` names a plan.
pub async fn plan_exists(db: &AnyPool, code: &str) -> Result<bool, ApiError> {
    let found: Option<(String,)> = sqlx::query_as("SELECT code FROM plans WHERE code = $1")
        .bind(code)
        .fetch_optional(db)
        .await?;
    Ok(found.is_some())
}

/// A row of `store_subscriptions`.
#[derive(sqlx::FromRow)]
struct SubscriptionRow {
    plan_code: String,
    trial_ends_at: Option<i64>,
}

/// The store's subscription; the free plan when it has none.
pub async fn current(db: &AnyPool, store_id: &str) -> Result<Subscription, ApiError> {
    let row: Option<SubscriptionRow> = sqlx::query_as(
        "SELECT plan_code, trial_ends_at FROM store_subscriptions WHERE store_id = $1",
    )
    .bind(store_id)
    .fetch_optional(db)
    .await?;
    let row = row.unwrap_or_else(|| SubscriptionRow {
        plan_code: FREE.to_owned(),
        trial_ends_at: None,
    });
    Ok(Subscription {
        rank: core_wasm::shell::rank_badge(&row.plan_code),
        on_trial: row.trial_ends_at.is_some_and(|end| end > now_ms()),
        trial_end_date: row.trial_ends_at.map(rfc3339),
        plan_code: row.plan_code,
    })
}

/// Puts the store on `plan_code` (which must exist) and ends its trial. The store's other
/// subscription flags (the enable-ref check's) are kept.
pub async fn choose(db: &AnyPool, store_id: &str, plan_code: &str) -> Result<(), ApiError> {
    sqlx::query(
        "INSERT INTO store_subscriptions (store_id, plan_code, trial_ends_at, chosen_at) VALUES ($1, $2, NULL, $3) \
         ON CONFLICT (store_id) DO UPDATE SET plan_code = excluded.plan_code, trial_ends_at = NULL, \
         chosen_at = excluded.chosen_at",
    )
    .bind(store_id)
    .bind(plan_code)
    .bind(now_ms())
    .execute(db)
    .await?;
    Ok(())
}

/// The store's plan code and whether its referral links are on (no subscription: empty, off).
pub async fn enable_ref(db: &AnyPool, store_id: &str) -> Result<(String, bool), sqlx::Error> {
    let row: Option<(String, i64)> =
        sqlx::query_as("SELECT plan_code, enable_ref FROM store_subscriptions WHERE store_id = $1")
            .bind(store_id)
            .fetch_optional(db)
            .await?;
    let (plan, enable) = row.unwrap_or_default();
    Ok((plan, enable == 1))
}
