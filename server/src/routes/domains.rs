//! Domains (shell.md §7): a store's system domain and custom ones, the checkout domain,
//! purchases waiting for the registrar, and the check that a host is well-formed, free and
//! pointing at us (which verifies it and tells the store). A custom domain added is a claim
//! (issue 24): it routes nothing and blocks nobody until its DNS check passes, and several
//! stores may claim one host; the first to verify gets it (`db/domains.rs`).

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use shared_types::{
    ApiErrorBody, CheckDomainRequest, Domain, DomainCheck, DomainInput, DomainList, DomainRef,
    DomainVerification, EnableRef, MessageResponse, PendingDomain,
};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::store::{StoreAccess, routes::Domains};
use crate::db::domains::DomainRow;
use crate::db::{self, new_id, now_ms, rfc3339};
use crate::error::{ApiError, Json, Query};
use crate::state::AppState;
use core_wasm::shell::addresses;

/// The registrar's prices are the platform's, in dollars whatever the store sells in.
const DOMAIN_CURRENCY: core_wasm::formats::Currency = core_wasm::formats::CURRENCIES[0];

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, add, remove))
        .routes(routes!(update_domain_checkout))
        .routes(routes!(enable_ref))
        .routes(routes!(buy_domains))
        .routes(routes!(pending_domains))
        .routes(routes!(cancel_pending_domain))
        .routes(routes!(check_domain))
}

/// A host in ASCII: lowercased, international names in punycode, 1 to 253 characters, at least
/// two labels of letters, digits and inner hyphens, at most 63 each, and a top-level label that
/// is not all digits. The platform's own suffix is refused (system domains are given, not added).
pub fn normalize_host(input: &str, platform_suffix: &str) -> Result<String, ApiError> {
    let bad = || {
        ApiError::Invalid(vec![format!(
            "{input:?} is not a domain name like shop.example.com."
        )])
    };
    let trimmed = input.trim();
    let trimmed = trimmed
        .strip_prefix("https://")
        .or_else(|| trimmed.strip_prefix("http://"))
        .unwrap_or(trimmed)
        .trim_end_matches('/')
        .trim_end_matches('.');
    if trimmed.is_empty() || trimmed.contains(['/', ':', '@', ' ']) {
        return Err(bad());
    }
    let ascii = idna::domain_to_ascii(trimmed).map_err(|_| bad())?;
    if !core_wasm::shell::addresses::is_custom_host(&ascii) {
        return Err(bad());
    }
    if ascii == platform_suffix || ascii.ends_with(&format!(".{platform_suffix}")) {
        return Err(ApiError::Invalid(vec![format!(
            "Domains under {platform_suffix} are given by the platform."
        )]));
    }
    Ok(ascii)
}

/// A domain as shown; the system domain is ours, so it counts as verified. A claim shows the TXT
/// record that proves it, and every record to create (the platform's addresses, then the TXT).
fn domain(row: DomainRow, public_ips: &[std::net::IpAddr]) -> Domain {
    let verified = row.verified_at.is_some() || row.domain_type == "SystemDefault";
    Domain {
        verified,
        verification: row.token.as_deref().map(|token| DomainVerification {
            name: addresses::verification_record_name(&row.host),
            value: addresses::verification_record_value(token),
        }),
        records: match row.token.as_deref() {
            Some(token) if !verified => addresses::dns_records(&row.host, public_ips, token),
            _ => Vec::new(),
        },
        id: row.id,
        host: row.host,
        domain_type: row.domain_type,
        is_primary: row.is_primary,
        is_checkout: row.is_checkout,
    }
}

async fn domains(state: &AppState, store_id: &str) -> Result<Vec<Domain>, ApiError> {
    Ok(db::domains::list(&state.db, store_id)
        .await?
        .into_iter()
        .map(|row| domain(row, &state.config.public_ips))
        .collect())
}

/// Whether the store's plan includes its own domains, and if not the cheapest plan that does.
async fn own_domains(state: &AppState, store_id: &str) -> Result<(bool, Option<String>), ApiError> {
    let current = db::subscriptions::current(&state.db, store_id).await?;
    let plans = db::subscriptions::plans(&state.db).await?;
    let included = plans
        .iter()
        .find(|plan| plan.code == current.plan_code)
        .is_some_and(|plan| addresses::plan_includes_own_domains(&plan.features));
    let cheapest = (!included)
        .then(|| addresses::cheapest_plan_with_own_domains(&plans).map(|plan| plan.name.clone()))
        .flatten();
    Ok((included, cheapest))
}

/// Refuses a store whose plan does not include its own domains (the plan page promises them
/// from a plan up), naming the plan that does.
async fn require_own_domains(state: &AppState, store_id: &str) -> Result<(), ApiError> {
    match own_domains(state, store_id).await? {
        (true, _) => Ok(()),
        (false, plan) => Err(ApiError::Forbidden(match plan {
            Some(plan) => format!(
                "Your own domain comes with the {plan} plan and up. Choose a plan on the Plan page to connect one."
            ),
            None => "No plan includes your own domain.".to_owned(),
        })),
    }
}

/// The store's domains: its system domain first.
#[utoipa::path(get, path = "/stores/config/domains/", tag = "domains", security(("bearer" = ["domains"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = DomainList), (status = 403, body = ApiErrorBody)))]
async fn list(
    State(state): State<AppState>,
    access: StoreAccess<Domains>,
) -> Result<Json<DomainList>, ApiError> {
    let (own_domains, own_domains_plan) = own_domains(&state, &access.store_id).await?;
    Ok(Json(DomainList {
        domains: domains(&state, &access.store_id).await?,
        own_domains,
        own_domains_plan,
    }))
}

/// Adds a custom domain as this store's claim: unverified, it serves nothing, and other stores
/// may claim it too until one of them verifies it. A host another store has verified is 409; a
/// store whose plan does not include its own domains is 403.
#[utoipa::path(post, path = "/stores/config/domains/", tag = "domains", security(("bearer" = ["domains"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = DomainInput,
    responses((status = 201, body = Domain), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn add(
    State(state): State<AppState>,
    access: StoreAccess<Domains>,
    Json(body): Json<DomainInput>,
) -> Result<(StatusCode, Json<Domain>), ApiError> {
    let host = normalize_host(&body.host, &state.config.store_domain_suffix)?;
    require_own_domains(&state, &access.store_id).await?;
    let token = crate::auth::tokens::random_token();
    let id = db::domains::claim(&state.db, &access.store_id, &host, &token).await?;
    let added = domains(&state, &access.store_id)
        .await?
        .into_iter()
        .find(|d| d.id == id)
        .ok_or(ApiError::NotFound)?;
    Ok((StatusCode::CREATED, Json(added)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct IdQuery {
    /// The domain's id.
    id: String,
}

/// Removes a custom domain. The system domain stays.
#[utoipa::path(delete, path = "/stores/config/domains/", tag = "domains", security(("bearer" = ["domains"])),
    params(("X-Store-Id" = String, Header, description = "The store"), IdQuery),
    responses((status = 200, body = MessageResponse), (status = 400, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn remove(
    State(state): State<AppState>,
    access: StoreAccess<Domains>,
    Query(query): Query<IdQuery>,
) -> Result<Json<MessageResponse>, ApiError> {
    let found = domains(&state, &access.store_id)
        .await?
        .into_iter()
        .find(|d| d.id == query.id)
        .ok_or(ApiError::NotFound)?;
    if found.domain_type == "SystemDefault" {
        return Err(ApiError::Invalid(vec![
            "The store's system domain cannot be removed.".to_owned(),
        ]));
    }
    if !db::domains::remove(&state.db, &access.store_id, &query.id).await? {
        return Err(ApiError::NotFound);
    }
    Ok(Json(MessageResponse {
        message: format!("{} has been removed.", found.host),
    }))
}

/// Chooses the domain the checkout runs on (a verified one).
#[utoipa::path(post, path = "/stores/config/update-domain-checkout", tag = "domains", security(("bearer" = ["domains"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = DomainRef,
    responses((status = 200, body = DomainList), (status = 400, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn update_domain_checkout(
    State(state): State<AppState>,
    access: StoreAccess<Domains>,
    Json(body): Json<DomainRef>,
) -> Result<Json<DomainList>, ApiError> {
    let found = domains(&state, &access.store_id)
        .await?
        .into_iter()
        .find(|d| d.id == body.domain_id)
        .ok_or(ApiError::NotFound)?;
    if !found.verified {
        return Err(ApiError::Invalid(vec![format!(
            "{} is not verified yet: point its DNS at us first.",
            found.host
        )]));
    }
    let mut tx = crate::db::begin_write(&state.db).await?;
    db::domains::set_checkout(&mut tx, &access.store_id, &body.domain_id).await?;
    tx.commit().await?;
    let (own_domains, own_domains_plan) = own_domains(&state, &access.store_id).await?;
    Ok(Json(DomainList {
        domains: domains(&state, &access.store_id).await?,
        own_domains,
        own_domains_plan,
    }))
}

/// The enable-ref check (shell.md §7): the first item's `enableRef` and `isVip` are read.
#[utoipa::path(get, path = "/stores/public/onlinestore/themes/page", tag = "domains", security(("bearer" = [])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = Vec<EnableRef>), (status = 404, body = ApiErrorBody)))]
async fn enable_ref(
    State(state): State<AppState>,
    access: StoreAccess<crate::auth::store::routes::AnyMember>,
) -> Result<Json<Vec<EnableRef>>, ApiError> {
    let (plan, enable) = db::subscriptions::enable_ref(&state.db, &access.store_id).await?;
    let is_vip = matches!(
        core_wasm::shell::rank_badge(&plan),
        Some(
            shared_types::Rank::Vip
                | shared_types::Rank::Vvip
                | shared_types::Rank::Vips
                | shared_types::Rank::Platinum
        )
    );
    Ok(Json(vec![EnableRef {
        enable_ref: enable,
        is_vip,
    }]))
}

/// The yearly price of a domain by its top-level label, in cents.
fn yearly_price_minor(host: &str) -> i64 {
    match host.rsplit('.').next() {
        Some("com" | "net" | "org") => 1_299,
        Some("store" | "shop") => 2_999,
        Some("vn") => 3_500,
        _ => 1_999,
    }
}

/// Asks to buy a domain for 1 to 10 years; it waits for the registrar.
#[utoipa::path(post, path = "/stores/config/buy-domains", tag = "domains", security(("bearer" = ["domains"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = DomainInput,
    responses((status = 201, body = PendingDomain), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 409, body = ApiErrorBody)))]
async fn buy_domains(
    State(state): State<AppState>,
    access: StoreAccess<Domains>,
    Json(body): Json<DomainInput>,
) -> Result<(StatusCode, Json<PendingDomain>), ApiError> {
    let host = normalize_host(&body.host, &state.config.store_domain_suffix)?;
    require_own_domains(&state, &access.store_id).await?;
    let years = body.years.unwrap_or(1);
    let allowed = core_wasm::limits::DOMAIN_YEARS;
    if !allowed.contains(&years) {
        return Err(ApiError::Invalid(vec![format!(
            "A domain is bought for {} to {} years.",
            allowed.start(),
            allowed.end()
        )]));
    }
    if db::domains::holder(&state.db, &host).await?.is_some() {
        return Err(ApiError::Conflict(format!("{host} is already in use.")));
    }
    let id = new_id();
    let now = now_ms();
    let price = yearly_price_minor(&host) * i64::from(years);
    let row = (id, host, i64::from(years), price, now);
    let inserted = db::domains::add_pending(&state.db, &access.store_id, &row).await?;
    let (id, host, _, _, _) = row;
    if !inserted {
        return Err(ApiError::Conflict(format!(
            "{host} is already waiting to be bought."
        )));
    }
    Ok((
        StatusCode::CREATED,
        Json(PendingDomain {
            id,
            host,
            years,
            price: core_wasm::money::stored(price, DOMAIN_CURRENCY),
            created_date: rfc3339(now),
        }),
    ))
}

/// The store's domain purchases waiting for the registrar.
#[utoipa::path(get, path = "/stores/config/pending-domains", tag = "domains", security(("bearer" = ["domains"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = Vec<PendingDomain>), (status = 403, body = ApiErrorBody)))]
async fn pending_domains(
    State(state): State<AppState>,
    access: StoreAccess<Domains>,
) -> Result<Json<Vec<PendingDomain>>, ApiError> {
    let rows = db::domains::pending(&state.db, &access.store_id).await?;
    Ok(Json(
        rows.into_iter()
            .map(|(id, host, years, price, created)| PendingDomain {
                id,
                host,
                years: u32::try_from(years).unwrap_or(0),
                price: core_wasm::money::stored(price, DOMAIN_CURRENCY),
                created_date: rfc3339(created),
            })
            .collect(),
    ))
}

/// Cancels a domain purchase that is still waiting.
#[utoipa::path(delete, path = "/stores/config/pending-domain", tag = "domains", security(("bearer" = ["domains"])),
    params(("X-Store-Id" = String, Header, description = "The store"), IdQuery),
    responses((status = 200, body = MessageResponse), (status = 404, body = ApiErrorBody)))]
async fn cancel_pending_domain(
    State(state): State<AppState>,
    access: StoreAccess<Domains>,
    Query(query): Query<IdQuery>,
) -> Result<Json<MessageResponse>, ApiError> {
    db::delete_in_store(&state.db, "pending_domains", &query.id, &access.store_id).await?;
    Ok(Json(MessageResponse {
        message: "The purchase has been cancelled.".to_owned(),
    }))
}

/// Checks a host: well-formed, not another store's, whether its DNS points at us and whether it
/// publishes the TXT record of this store's claim. This store's live claim of a host that does
/// both becomes its verified domain unless another
/// store verified the host first; the other stores' claims of it are dropped and every store
/// concerned is told.
#[utoipa::path(post, path = "/stores/admin/check-domain", tag = "domains", security(("bearer" = ["domains"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = CheckDomainRequest,
    responses((status = 200, body = DomainCheck), (status = 400, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn check_domain(
    State(state): State<AppState>,
    access: StoreAccess<Domains>,
    Json(body): Json<CheckDomainRequest>,
) -> Result<Json<DomainCheck>, ApiError> {
    if body.store_id != access.store_id {
        return Err(ApiError::NotFound);
    }
    let host = normalize_host(&body.domain, &state.config.store_domain_suffix)?;
    let held_by_other = |holder: Option<String>| holder.is_some_and(|h| h != access.store_id);
    let mut available = !held_by_other(db::domains::holder(&state.db, &host).await?);
    // The claim's own TXT record proves the store owns the domain: an address pointing at us
    // alone would let whichever store claimed it first take it. Both are looked up at once.
    let token = db::domains::claim_token(&state.db, &access.store_id, &host).await?;
    let (found, texts) = tokio::join!(
        state.resolver.resolve(host.clone()),
        state
            .resolver
            .txt(addresses::verification_record_name(&host)),
    );
    let points_to_us = !state.config.public_ips.is_empty()
        && found.iter().any(|ip| state.config.public_ips.contains(ip));
    let txt_found = token.is_some_and(|token| addresses::txt_proves_claim(&texts, &token));
    if available
        && points_to_us
        && txt_found
        && !db::domains::verify(&state.db, &access.store_id, &host).await?
    {
        // Another store may have verified the host between the two reads.
        available = !held_by_other(db::domains::holder(&state.db, &host).await?);
    }
    Ok(Json(DomainCheck {
        host,
        available,
        points_to_us,
        txt_found,
        addresses: found.iter().map(ToString::to_string).collect(),
        texts,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_lowercase_ascii_with_punycode() {
        let n = |h| normalize_host(h, "storeloom.site").ok();
        assert_eq!(n("Shop.Example.com"), Some("shop.example.com".to_owned()));
        assert_eq!(
            n("https://shop.example.com/"),
            Some("shop.example.com".to_owned())
        );
        assert!(n("cửahàng.vn").is_some_and(|h| h.starts_with("xn--")));
        for bad in [
            "",
            "localhost",
            "a..b.com",
            "-a.com",
            "a.123",
            "shop.example.com:8080",
            "a b.com",
            "x.storeloom.site",
        ] {
            assert!(n(bad).is_none(), "{bad}");
        }
    }
}
