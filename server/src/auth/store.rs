//! Store-scoped authorization in one extractor: `StoreAccess<R>` admits a request only when the
//! signed-in user is a member of the store named by `X-Store-Id` and holds the role key that the
//! core's route table gives route `R`. Handlers never check membership or scopes by hand.

use std::marker::PhantomData;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use core_wasm::shell::menu::find_route;

use super::CurrentUser;
use crate::error::ApiError;
use crate::state::AppState;

/// The header that selects the store a request is about. It only selects: membership is
/// always checked.
pub const STORE_ID_HEADER: &str = "x-store-id";

/// A route of the core's table, named as a type so that the scope a handler needs is fixed at
/// compile time.
pub trait RouteName {
    /// The route's name in `core_wasm::shell::menu::ROUTES`.
    const NAME: &'static str;
}

/// Declares route marker types: `route_names! { Orders => "website.orders" }`.
macro_rules! route_names {
    ($($(#[$doc:meta])* $marker:ident => $name:literal,)*) => {
        $(
            $(#[$doc])*
            #[derive(Debug, Clone, Copy)]
            pub struct $marker;
            impl RouteName for $marker {
                const NAME: &'static str = $name;
            }
        )*
    };
}

/// Route markers for the store routes of the API.
pub mod routes {
    use super::RouteName;

    route_names! {
        /// Any member of the store: the profile route needs no scope.
        AnyMember => "website.profile",
        /// The dashboard (`homes`).
        Dashboard => "website",
        /// Orders (`orders`).
        Orders => "website.orders",
        /// Abandoned checkouts (`orders`).
        AbandonedCheckouts => "website.abandoned",
        /// Products (`products`).
        Products => "website.products",
        /// Themes and the theme editor (`themes`).
        Themes => "website.settings.themes",
        /// Pages (`pages`).
        Pages => "website.pages",
        /// Navigation menus (`navigations`).
        Navigation => "website.menus",
        /// Domains (`domains`).
        Domains => "website.domain",
        /// Preferences (`preferences`).
        Preferences => "website.preferences",
        /// Payouts (`checkout`).
        Payouts => "website.settings.payout",
        /// Settings (`settings`).
        Settings => "website.settings",
        /// Staff members (`store`).
        Members => "website.member",
        /// The analytics overview (`dashboards`).
        Analytics => "website.analytics",
        /// Collections (`products`).
        Collections => "website.collections",
        /// Customers (`customers`).
        Customers => "website.customer",
        /// Discount codes and automatic discounts (`discounts`).
        Discounts => "website.discount.code",
        /// The theme editor (`themes`).
        ThemeEditor => "website.themes.editor",
        /// The live view of the analytics family (`live_view`).
        LiveView => "website.live-view",
        /// Size charts (`products`).
        SizeCharts => "website.sizechart",
        /// Product option sets: the route needs no scope.
        ProductOptions => "website.menufilter",
        /// Product reviews (`products`).
        Reviews => "website.apps.product-review.list",
        /// Catalogs (`products`).
        Catalogs => "website.catalog",
        /// Product feeds (`products`).
        ProductFeeds => "website.product-feeds",
        /// Clearing cached storefront addresses (`products`).
        ClearCache => "website.clearCacheUrls",
        /// Bulk updates of products (`products`).
        BulkUpdates => "website.bulkupdates",
        /// The bulk editor of products (`products`).
        BulkEdit => "website.products.bulkEdit",
        /// Stock per variant (`products`).
        Inventory => "website.inventory",
        /// The built-in apps (`apps`).
        Apps => "website.apps",
        /// Boost UpSell (`apps`).
        Upsell => "website.upsell",
        /// Sales channels (`store`).
        SalesChannel => "website.sales-channel",
        /// Telegram notifications (`settings`).
        Telegram => "website.notification",
        /// The custom store (`themes`).
        CustomStore => "website.themes",
    }
}

/// The scopes a member holds: every role key for an owner, the granted ones for staff.
pub use core_wasm::shell::permissions::member_scopes as scopes_of;

/// Checks that `user` may use route `R` in every store of `store_ids` (a report over several
/// stores): a store they are not a member of answers 404, one where they lack the scope 403.
pub async fn check_stores<R: RouteName>(
    state: &AppState,
    user: &CurrentUser,
    store_ids: &[String],
) -> Result<(), ApiError> {
    let rows =
        crate::db::sessions::memberships(&state.db, &user.user_id, user.session_started_at).await?;
    for id in store_ids {
        let (_, role, scopes) = rows
            .iter()
            .find(|(store, _, _)| store == id)
            .ok_or(ApiError::NotFound)?;
        if !core_wasm::shell::menu::may_open(R::NAME, &scopes_of(role, scopes)) {
            return Err(ApiError::Forbidden(NO_PERMISSION.to_owned()));
        }
    }
    Ok(())
}

/// The membership of a signed-in user in the store a request selects, when it admits them: a
/// store they are not a member of answers as if it did not exist (404), and one they were
/// signed out of after their session started asks them to sign in again.
pub fn admitted(
    user: &CurrentUser,
    member: Option<super::session::Member>,
) -> Result<super::session::Member, ApiError> {
    let member = member.ok_or(ApiError::NotFound)?;
    if user.session_started_at < member.signed_out_at {
        return Err(ApiError::Unauthorized(
            "You have been signed out of this store. Please sign in again.".to_owned(),
        ));
    }
    Ok(member)
}

/// Why a store route refused, as the member sees it.
const NO_PERMISSION: &str = "You do not have permission to do this in this store.";

/// A member of the selected store who may use route `R`.
#[derive(Debug, Clone)]
pub struct StoreAccess<R> {
    pub user: CurrentUser,
    pub store_id: String,
    pub role: String,
    pub scopes: Vec<String>,
    /// The store's standard time zone ("" when unset).
    pub zone: String,
    route: PhantomData<R>,
}

impl<R: RouteName> StoreAccess<R> {
    /// The role key route `R` needs, read from the core's table; `None` when it needs none.
    pub fn required_scope() -> Option<&'static str> {
        find_route(R::NAME).and_then(|route| route.role_key)
    }
}

impl<R: RouteName> StoreAccess<R> {
    /// Whether the member is still admitted as when the request came: the session live, the
    /// membership and the route's scope kept. A long-lived answer (the live editing stream)
    /// asks again now and then, so a sign-out or a lost scope ends it.
    pub async fn recheck(&self, state: &AppState) -> Result<(), ApiError> {
        let live = super::session::live(&state.db, &self.user.session_id, Some(&self.store_id))
            .await?
            .ok_or_else(|| {
                ApiError::Unauthorized("Your session has ended. Please sign in again.".to_owned())
            })?;
        let member = admitted(&self.user, live.member)?;
        let scopes = scopes_of(&member.role, &member.scopes);
        if !core_wasm::shell::menu::may_open(R::NAME, &scopes) {
            return Err(ApiError::Forbidden(NO_PERMISSION.to_owned()));
        }
        Ok(())
    }
}

impl<R: RouteName + Send + Sync> FromRequestParts<AppState> for StoreAccess<R> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let store_id = parts
            .headers
            .get(STORE_ID_HEADER)
            .and_then(|value| value.to_str().ok())
            .map(str::trim)
            .filter(|value| !value.is_empty())
            .map(str::to_owned);
        // The session and the membership in one query; the sign-in is checked first.
        let (user, live) = CurrentUser::with_session(parts, state, store_id.as_deref()).await?;
        let store_id = store_id.ok_or_else(|| {
            ApiError::Invalid(vec![
                "Choose a store first (X-Store-Id is missing).".to_owned(),
            ])
        })?;
        let member = admitted(&user, live.member)?;
        let (role, scopes, zone) = (member.role, member.scopes, member.zone);
        let scopes = scopes_of(&role, &scopes);
        if find_route(R::NAME).is_none() || !core_wasm::shell::menu::may_open(R::NAME, &scopes) {
            return Err(ApiError::Forbidden(NO_PERMISSION.to_owned()));
        }
        Ok(StoreAccess {
            user,
            store_id,
            role,
            scopes,
            zone,
            route: PhantomData,
        })
    }
}
