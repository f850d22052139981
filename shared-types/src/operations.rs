//! Bodies of the store-operation calls (shell.md §7): notifications, onboarding, balance and
//! payouts, payment gateways, domains, personalization, subscription. Amounts are decimal
//! numbers rounded to 2 places; the server keeps integer minor units.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::Money;

/// A notification (shell.md §3). `status` 2 means read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Notification {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
    /// Sanitized HTML.
    pub body: String,
    /// RFC 3339.
    pub created_date: String,
    pub status: u8,
}

/// `GET /stores/payout/v2/notification`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct NotificationList {
    pub notifications: Vec<Notification>,
    pub total: u32,
    /// Operator broadcasts, newest first; the shell shows the first.
    pub public_notification: Vec<Notification>,
}

/// An operator's broadcast to every store.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct BroadcastRequest {
    pub title: String,
    pub body: String,
}

/// `GET /stores/config/status`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OnboardingStatus {
    /// The next unfinished step, or `None` when every step is done or skipped.
    pub current_config: Option<crate::OnboardingConfig>,
    /// The signed-in user closed the popup on this step (on any device): it stays hidden for
    /// them until the store reaches another step.
    #[serde(default)]
    pub dismissed: bool,
}

/// `GET /stores/payout/v2/balance`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Balance {
    pub available_to_payout: Money,
    /// Paid sales less fees, before payouts.
    pub earned: Money,
    pub fees: Money,
    /// The tax in the paid sales, less tax refunded: part of `earned`, owed to the tax
    /// authorities by the merchant.
    #[serde(default)]
    pub taxes_collected: Money,
    /// Payouts asked for and not yet paid.
    pub pending_payouts: Money,
    pub paid_payouts: Money,
    pub currency: String,
}

/// A payout card as kept: never a full number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PayoutCard {
    pub id: String,
    pub holder: String,
    pub brand: String,
    /// e.g. "•••• 4242".
    pub masked_number: String,
    pub exp_month: u32,
    pub exp_year: u32,
    pub is_default: bool,
}

/// `POST /stores/payout/card/`: the number is checked and dropped; only its last four digits stay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct NewCard {
    pub holder: String,
    pub number: String,
    pub exp_month: u32,
    pub exp_year: u32,
    #[serde(default)]
    pub is_default: bool,
}

/// `PATCH /stores/payout/card/{id}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct CardUpdate {
    #[serde(default)]
    pub holder: Option<String>,
    #[serde(default)]
    pub exp_month: Option<u32>,
    #[serde(default)]
    pub exp_year: Option<u32>,
    #[serde(default)]
    pub is_default: Option<bool>,
}

/// A store's payout settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PayoutConfig {
    pub id: String,
    pub card_id: Option<String>,
    /// `manual` or `weekly`.
    pub schedule: String,
    pub minimum_amount: Money,
}

/// `POST /stores/payout/config` and `PATCH /stores/payout/config/{id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct PayoutConfigInput {
    #[serde(default)]
    pub card_id: Option<String>,
    pub schedule: String,
    pub minimum_amount: Money,
}

/// `POST /stores/payout/v2/payout-request` (with an `Idempotency-Key` header).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct PayoutRequestInput {
    pub amount: Money,
    #[serde(default)]
    pub card_id: Option<String>,
}

/// A payout request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PayoutRequest {
    pub id: String,
    pub amount: Money,
    pub card_id: Option<String>,
    /// `pending`, `paid` or `rejected`.
    pub status: String,
    pub created_date: String,
}

/// `GET /stores/payout/request-payouts`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct PayoutRequestPage {
    pub requests: Vec<PayoutRequest>,
    pub total: u32,
}

/// A payout rule's refusal (a card, a payout amount), as the core checks it for the payout
/// forms: a stable code the UI translates and the English message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PayoutProblem {
    pub code: String,
    pub message: String,
}

/// A payment gateway of the platform.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Proxy {
    pub id: String,
    pub name: String,
    pub provider: String,
    pub group_id: Option<String>,
}

/// A group of gateways, with its members.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct ProxyGroup {
    pub id: String,
    pub name: String,
    pub proxies: Vec<Proxy>,
}

/// A page of gateways.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct ProxyPage {
    pub proxies: Vec<Proxy>,
    pub total: u32,
}

/// `GET /stores/settings/test-mode`: whether the store's checkout takes test orders, and
/// whether it has a payment gateway (without one, test mode off means no checkout at all).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TestMode {
    pub test_mode: bool,
    pub has_gateway: bool,
}

/// `PUT /stores/settings/test-mode`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct TestModeInput {
    pub test_mode: bool,
}

/// `POST .../proxy/save-store-proxies` and `POST .../proxy/group/{id}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct ProxySelection {
    pub proxy_ids: Vec<String>,
}

/// `POST .../proxy/add-store-group` and `remove-store-group`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct GroupRef {
    pub group_id: String,
}

/// The store as the shell checks it: enabled or sent to policy-violation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StoreStatus {
    pub id: String,
    pub name: String,
    pub subdomain: String,
    /// Where shoppers reach the store, as a link for the admin's "Open your site": the
    /// storefront under `/s/{subdomain}/` on the admin's own server, or, with
    /// `STOREFRONT_HOSTS=1`, the store's verified custom domain or its system domain.
    pub public_url: String,
    pub is_enabled: bool,
    /// The page preference's business type (`dropship` or `other`): the menu depends on it.
    pub business_type: String,
    /// The store's currency (ISO 4217, `USD` until the merchant picks another in Preferences):
    /// every price the admin shows reads in it.
    pub currency: String,
    /// The store's time zone (the preference `standardTimezone`): every date the admin shows
    /// reads in it.
    pub timezone: String,
}

/// `PUT /api/operator/stores/{id}/status`: the operator enables a store or disables it (for a
/// policy violation); a disabled store's admin shows policy-violation and its storefront is gone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct StoreStatusUpdate {
    pub is_enabled: bool,
}

/// `POST /api/operator/operators`: an operator names another activated account an operator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct OperatorGrant {
    pub email: String,
}

/// `GET /api/config/public`: what the admin needs to know about this installation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PublicConfig {
    /// Users with an e-mail at this domain see the full menu.
    pub operator_email_domain: String,
    /// Whether a sign-up key is set (registration can be opened).
    pub signup_open: bool,
}

/// A domain of a store.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Domain {
    pub id: String,
    pub host: String,
    /// `SystemDefault` or `Custom`.
    pub domain_type: String,
    pub is_primary: bool,
    pub is_checkout: bool,
    pub verified: bool,
    /// For an unverified custom domain: the TXT record its store publishes to prove it owns it.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verification: Option<DomainVerification>,
    /// For an unverified custom domain: every DNS record to create where its DNS is managed (an
    /// A or AAAA record per address of the platform, and the TXT record of the claim).
    #[serde(default)]
    pub records: Vec<DnsRecord>,
}

/// A DNS record a store creates for its domain.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DnsRecord {
    /// `A`, `AAAA` or `TXT`.
    pub kind: String,
    /// The record's full name.
    pub name: String,
    /// Its address or text.
    pub value: String,
}

/// The TXT record that verifies a store's claim of a custom domain (with the domain pointing at
/// the platform).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DomainVerification {
    /// The record's name (`_storeloom-verify.{host}`).
    pub name: String,
    /// The record's text.
    pub value: String,
}

/// `GET /stores/config/domains/`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct DomainList {
    pub domains: Vec<Domain>,
    /// Whether the store's plan includes its own domains (a plan without them may not add one).
    #[serde(rename = "ownDomains", default)]
    pub own_domains: bool,
    /// The cheapest plan that includes them, for a store whose plan does not.
    #[ts(optional)]
    #[serde(
        rename = "ownDomainsPlan",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub own_domains_plan: Option<String>,
}

/// `POST /stores/config/domains/`, `POST /stores/config/buy-domains`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
#[ts(export)]
pub struct DomainInput {
    pub host: String,
    #[serde(default)]
    pub years: Option<u32>,
}

/// `POST /stores/config/update-domain-checkout`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct DomainRef {
    pub domain_id: String,
}

/// `POST /stores/admin/check-domain`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct CheckDomainRequest {
    pub domain: String,
    pub store_id: String,
}

/// What a domain check found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DomainCheck {
    /// The host in ASCII (punycode for international names).
    pub host: String,
    /// False when another store holds it.
    pub available: bool,
    pub points_to_us: bool,
    /// Whether the TXT record of this store's claim was found.
    pub txt_found: bool,
    /// What the host resolves to now.
    #[serde(default)]
    pub addresses: Vec<String>,
    /// The TXT texts found at the claim's record name now.
    #[serde(default)]
    pub texts: Vec<String>,
}

/// A domain purchase waiting for the registrar.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PendingDomain {
    pub id: String,
    pub host: String,
    pub years: u32,
    pub price: Money,
    pub created_date: String,
}

/// `GET /stores/public/onlinestore/themes/page`: the enable-ref check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct EnableRef {
    pub enable_ref: bool,
    pub is_vip: bool,
}

/// A personalized product's set-up: the layers a shopper fills in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Personalize {
    pub id: String,
    pub product_id: String,
    pub name: String,
    #[ts(type = "Array<unknown>")]
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub layers: Vec<serde_json::Value>,
    pub updated_date: String,
}

/// `POST /personalizes` and `PUT /personalizes/{id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct PersonalizeInput {
    pub product_id: String,
    pub name: String,
    #[ts(type = "Array<unknown>")]
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub layers: Vec<serde_json::Value>,
}

/// `GET /personalizes/`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct PersonalizePage {
    pub personalizes: Vec<Personalize>,
    pub total: u32,
}

/// `GET /personalizes/count`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct Count {
    pub count: u32,
}

/// A font for personalization (shell.md §3: name, fontUrl).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PersonalizeFont {
    #[serde(default)]
    pub id: String,
    pub name: String,
    pub font_url: String,
}

/// `GET /helpbase/public/customHTML`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CustomHtml {
    pub home_html: String,
}

/// The store's current subscription: drives the trial banner and the rank badge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Subscription {
    pub plan_code: String,
    pub trial_end_date: Option<String>,
    pub on_trial: bool,
    pub rank: Option<crate::Rank>,
}

/// One line of what a plan gives: `code` for the UI's translation, `text` in English.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PlanFeature {
    pub code: String,
    pub text: String,
}

/// A plan a store may subscribe to (`GET /stores/subscription/plans`), priced per month.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Plan {
    pub code: String,
    pub name: String,
    /// Per month, rounded to 2 places.
    pub price: Money,
    pub currency: String,
    pub features: Vec<PlanFeature>,
    pub rank: Option<crate::Rank>,
}

/// One thing a store's plan limits (its products, themes or staff accounts), as the screen that
/// creates them shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PlanLimit {
    /// How many the store has (after a downgrade, possibly more than `max`: nothing is deleted).
    #[ts(type = "number")]
    pub used: i64,
    /// The most the store's plan allows; null when unlimited.
    #[ts(type = "number | null")]
    pub max: Option<i64>,
    /// The cheapest plan that allows more, for a plan with a limit.
    pub more_with: Option<String>,
    /// Whether the store may add none (at or over the limit), by the core's rule.
    pub full: bool,
}

/// `GET /stores/subscription/limits`: what the store's plan limits and how much of it is used.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct StoreLimits {
    pub products: PlanLimit,
    pub themes: PlanLimit,
    pub staff: PlanLimit,
}

/// `PUT /stores/subscription`: the plan the owner chooses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[ts(export)]
pub struct PlanChoice {
    pub plan_code: String,
}

/// The home dashboard's totals for a range (shell.md §7: `total_sales`, `total_orders`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export)]
pub struct DashboardTotals {
    pub total_sales: Money,
    #[ts(type = "number")]
    pub total_orders: u64,
    /// Real orders not yet fulfilled (all time): the "{n} open orders" row.
    #[ts(type = "number")]
    pub open_orders: u64,
    /// Test orders in the range, which `total_sales` and `total_orders` leave out.
    #[serde(default)]
    #[ts(type = "number")]
    pub test_orders: u64,
    pub currency: String,
    pub timezone: String,
}
