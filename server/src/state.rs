//! What every request handler can reach: the database pool, the configuration and the signing
//! keys. Nothing here changes after start-up; all state that changes lives in the database. The
//! exceptions are caches checked against the versions of their data that the database holds
//! (Overview answers, and the rollups' running totals), so they are never stale and losing them
//! loses nothing.

use std::sync::Arc;

use sqlx::AnyPool;

use crate::auth::tokens::{Keys, random_token};
use crate::config::Config;
use crate::error::ApiError;

/// The most the Overview cache holds, in bytes of keys and answers.
const OVERVIEW_CACHE_BYTES: u64 = 32 * 1024 * 1024;

/// Shared, read-only server state.
#[derive(Debug, Clone)]
pub struct AppState {
    pub db: AnyPool,
    pub config: Arc<Config>,
    pub keys: Keys,
    /// A real Argon2id hash of a random password, verified against when an e-mail is unknown so
    /// that known and unknown e-mails take the same time to refuse.
    pub decoy_hash: Arc<str>,
    /// Where domains point (the system resolver; tests put in fixed answers).
    pub resolver: Arc<dyn crate::dns::Resolver>,
    /// Overview answers as sent (JSON), keyed by their query and their stores' analytics
    /// version (`routes::analytics`): at most 32 MiB.
    pub overview_cache: moka::sync::Cache<String, axum::body::Bytes>,
    /// The hourly rollups as running totals, brought up to date from the database on each read
    /// (`analytics::index`).
    pub rollups: Arc<crate::analytics::index::RollupIndex>,
    /// Hands storefront events to this process's analytics writer.
    pub ingest: crate::analytics::ingest::Ingestor,
    /// Address ranges and countries for the analytics pipeline (`GEOIP_CSV`).
    pub countries: Arc<crate::analytics::geo::Countries>,
    /// Live co-editing: the working drafts read and the wake-up of the session streams
    /// (`live`), checked against the database on every use.
    pub live: crate::live::LiveHub,
}

impl AppState {
    /// Builds the state for `config` over an open, migrated pool.
    pub async fn new(db: AnyPool, config: Config) -> Result<Self, ApiError> {
        let secret = match &config.jwt_secret {
            Some(secret) => secret.clone(),
            None => shared_secret(&db, "jwt").await?,
        };
        let decoy_hash = crate::auth::password::hash(random_token()).await?;
        let ingest =
            crate::analytics::ingest::Ingestor::spawn(db.clone(), config.ingest_address_limit);
        let countries = match &config.geoip_csv {
            Some(path) => crate::analytics::geo::Countries::load(path)
                .map_err(|e| ApiError::internal(format!("GEOIP_CSV: {e}")))?,
            None => crate::analytics::geo::Countries::default(),
        };
        let resolver = crate::dns::SystemResolver::new(config.dns_server)
            .map_err(|e| ApiError::internal(format!("DNS: {e}")))?;
        let live = crate::live::LiveHub::default();
        if !crate::db::is_sqlite_pool(&db) {
            live.listen(&config.database_url);
        }
        Ok(AppState {
            live,
            db,
            keys: Keys::new(secret.as_bytes()),
            config: Arc::new(config),
            decoy_hash: decoy_hash.into(),
            resolver: Arc::new(resolver),
            ingest,
            countries: Arc::new(countries),
            rollups: Arc::default(),
            overview_cache: moka::sync::Cache::builder()
                .max_capacity(OVERVIEW_CACHE_BYTES)
                .weigher(|key: &String, body: &axum::body::Bytes| {
                    u32::try_from(key.len() + body.len()).unwrap_or(u32::MAX)
                })
                .build(),
        })
    }
}

/// The secret named `name`, made once and kept in the database so that every server process on
/// that database reads the same value.
async fn shared_secret(db: &AnyPool, name: &str) -> Result<String, ApiError> {
    Ok(crate::db::server_secrets::shared(db, name, &random_token()).await?)
}
