//! The API's integration tests: one binary, a fresh database per test. They run on SQLite by
//! default and on PostgreSQL when `TEST_DATABASE_URL` names a server (as `npm test` does).

mod abandoned;
mod analytics;
mod auth;
mod catalog;
mod commerce;
mod concurrency;
mod content;
mod designs;
mod document;
mod domain_claims;
mod first_hour;
mod flows;
mod helpers;
mod log_secrets;
mod mail;
mod metrics;
mod operations;
mod personalization;
mod plan_limits;
mod plans;
mod records;
mod reports;
mod robustness;
mod sessions;
mod site;
mod store_access;
mod storefront;
mod storefront_honest;
mod tenancy;
mod test_mode;
mod theme_drafts;
mod theme_live;
mod themes;
mod users;
