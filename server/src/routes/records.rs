//! The store's smaller records and settings, for the screens the spec names by route only
//! (shell.md §2): size charts, product option sets, reviews, catalogs, product feeds, cache
//! purges and bulk updates are lists of records; apps, Boost UpSell, sales channels, Telegram
//! and the custom store are one setting each. Every kind is checked by the core (the UI runs
//! the same check), stored as JSON in one table per shape, scoped to the store, and guarded by
//! the scope of its route in the core's table. Each kind's routes are declared by a macro so
//! that every one carries its own OpenAPI description.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use shared_types::commerce::TaxSettings;
use shared_types::records::{
    AppSwitches, BulkUpdate, CachePurge, Catalog, EmailSettings, OptionSet, ProductFeed,
    RecordList, Review, SalesChannels, ShippingSettings, SizeChart, StoreLanguage, StoreRecord,
    StorefrontSettings, TelegramSettings, UpsellSettings,
};
use shared_types::{ApiErrorBody, MessageResponse};
use sqlx::AnyConnection;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;

use crate::db::catalog::{Item, exists};
use crate::db::records;
use crate::db::settings::{Kind, Setting, read_setting, save_setting};
use crate::db::{new_id, now_ms};
use crate::error::{ApiError, Json, Query};
use crate::paging;
use crate::state::AppState;
use core_wasm::records as rules;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(size_charts::router())
        .merge(option_sets::router())
        .merge(reviews::router())
        .merge(catalogs::router())
        .merge(product_feeds::router())
        .merge(cache_purges::router())
        .merge(bulk_updates::router())
        .merge(apps::router())
        .merge(upsell::router())
        .merge(sales_channels::router())
        .merge(telegram::router())
        .merge(custom_store::router())
        .merge(shipping::router())
        .merge(taxes::router())
        .merge(emails::router())
}

/// Paging of a record list.
#[derive(Debug, serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RecordQuery {
    /// From 1 (default 1).
    page: Option<u32>,
    /// At most 250 (default 50).
    limit: Option<u32>,
}

/// The core's check of a value of the store, with its currency.
async fn checked<K: Kind>(state: &AppState, store_id: &str, value: &K) -> Result<(), ApiError> {
    let currency = crate::db::store_currency(&state.db, store_id).await?;
    let problems = value.problems(core_wasm::formats::currency_or_default(&currency));
    if problems.is_empty() {
        Ok(())
    } else {
        Err(ApiError::Invalid(problems))
    }
}

pub async fn list<K: Kind>(
    state: &AppState,
    store_id: &str,
    query: RecordQuery,
) -> Result<RecordList<K>, ApiError> {
    let paging = paging::page(query.page, query.limit, core_wasm::limits::RECORD_PAGE_SIZE)?;
    records::list(&state.db, store_id, paging.limit, paging.offset).await
}

pub async fn create<K: Kind>(
    state: &AppState,
    store_id: &str,
    value: K,
) -> Result<StoreRecord<K>, ApiError> {
    checked(state, store_id, &value).await?;
    let mut tx = crate::db::begin_write(&state.db).await?;
    let value = value.prepare(&mut tx, store_id).await?;
    let id = new_id();
    records::insert(&mut tx, store_id, &id, &value, now_ms()).await?;
    let saved = records::by_id(&mut tx, store_id, &id).await?;
    tx.commit().await?;
    Ok(saved)
}

pub async fn get_one<K: Kind>(
    state: &AppState,
    store_id: &str,
    id: &str,
) -> Result<StoreRecord<K>, ApiError> {
    let mut conn = state.db.acquire().await?;
    records::by_id(&mut conn, store_id, id).await
}

pub async fn replace<K: Kind>(
    state: &AppState,
    store_id: &str,
    id: &str,
    value: K,
) -> Result<StoreRecord<K>, ApiError> {
    checked(state, store_id, &value).await?;
    let mut tx = crate::db::begin_write(&state.db).await?;
    records::by_id::<K>(&mut tx, store_id, id).await?;
    let value = value.prepare(&mut tx, store_id).await?;
    records::update(&mut tx, store_id, id, &value, now_ms()).await?;
    let saved = records::by_id(&mut tx, store_id, id).await?;
    tx.commit().await?;
    Ok(saved)
}

pub async fn remove<K: Kind>(
    state: &AppState,
    store_id: &str,
    id: &str,
) -> Result<MessageResponse, ApiError> {
    if !records::delete::<K>(&state.db, store_id, id).await? {
        return Err(ApiError::NotFound);
    }
    Ok(MessageResponse {
        message: format!("The {} is deleted.", K::NOUN),
    })
}

/// Replaces the store's setting of kind `K` after the core's check and the kind's preparation,
/// in one transaction.
pub async fn write_setting<K: Setting>(
    state: &AppState,
    store_id: &str,
    value: K,
) -> Result<K, ApiError> {
    checked(state, store_id, &value).await?;
    let mut tx = crate::db::begin_write(&state.db).await?;
    let value = value.prepare(&mut tx, store_id).await?;
    save_setting(&mut tx, store_id, &value).await?;
    tx.commit().await?;
    Ok(value)
}

/// Declares a record kind's routes: list and create on `$list`, read (and, for `editable`
/// kinds, replace and delete) on `$one`, behind route marker `$route` whose scope is `$scope`.
macro_rules! record_routes {
    ($($module:ident, $kind:ident, $route:ident, [$($scope:tt)?], $list:tt, $one:tt, $what:tt, $mode:ident;)*) => {
        $(record_routes!(@kind $module, $kind, $route, [$($scope)?], "records", $list, $one, $what, $mode);)*
    };
    (@kind $module:ident, $kind:ident, $route:ident, [$($scope:tt)?], $tag:tt, $list:tt, $one:tt, $what:tt, $mode:ident) => {
        pub mod $module {
            use super::*;
            use crate::auth::store::{StoreAccess, routes::$route};
            use utoipa_axum::routes;

            #[doc = concat!("The store's ", $what, ", newest first.")]
            #[utoipa::path(get, path = $list, tag = $tag, security(("bearer" = [$($scope)?])),
                params(("X-Store-Id" = String, Header, description = "The store"), RecordQuery),
                responses((status = 200, body = RecordList<$kind>), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
            pub async fn list_records(
                State(state): State<AppState>,
                access: StoreAccess<$route>,
                Query(query): Query<RecordQuery>,
            ) -> Result<Json<RecordList<$kind>>, ApiError> {
                Ok(Json(list::<$kind>(&state, &access.store_id, query).await?))
            }

            #[doc = concat!("Adds to the store's ", $what, " after the core's check.")]
            #[utoipa::path(post, path = $list, tag = $tag, security(("bearer" = [$($scope)?])),
                params(("X-Store-Id" = String, Header, description = "The store")), request_body = $kind,
                responses((status = 201, body = StoreRecord<$kind>), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
            pub async fn create_record(
                State(state): State<AppState>,
                access: StoreAccess<$route>,
                Json(value): Json<$kind>,
            ) -> Result<(StatusCode, Json<StoreRecord<$kind>>), ApiError> {
                Ok((StatusCode::CREATED, Json(create(&state, &access.store_id, value).await?)))
            }

            #[doc = concat!("One of the store's ", $what, ".")]
            #[utoipa::path(get, path = $one, tag = $tag, security(("bearer" = [$($scope)?])),
                params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The record")),
                responses((status = 200, body = StoreRecord<$kind>), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
            pub async fn get_record(
                State(state): State<AppState>,
                access: StoreAccess<$route>,
                Path(id): Path<String>,
            ) -> Result<Json<StoreRecord<$kind>>, ApiError> {
                Ok(Json(get_one(&state, &access.store_id, &id).await?))
            }

            record_routes!(@$mode $kind, $route, [$($scope)?], $tag, $one, $what);
        }
    };
    (@editable $kind:ident, $route:ident, [$($scope:tt)?], $tag:tt, $one:tt, $what:tt) => {
        #[doc = concat!("Replaces one of the store's ", $what, " after the core's check.")]
        #[utoipa::path(put, path = $one, tag = $tag, security(("bearer" = [$($scope)?])),
            params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The record")),
            request_body = $kind,
            responses((status = 200, body = StoreRecord<$kind>), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
        pub async fn put_record(
            State(state): State<AppState>,
            access: StoreAccess<$route>,
            Path(id): Path<String>,
            Json(value): Json<$kind>,
        ) -> Result<Json<StoreRecord<$kind>>, ApiError> {
            Ok(Json(replace(&state, &access.store_id, &id, value).await?))
        }

        #[doc = concat!("Deletes one of the store's ", $what, ".")]
        #[utoipa::path(delete, path = $one, tag = $tag, security(("bearer" = [$($scope)?])),
            params(("X-Store-Id" = String, Header, description = "The store"), ("id" = String, Path, description = "The record")),
            responses((status = 200, body = MessageResponse), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
        pub async fn delete_record(
            State(state): State<AppState>,
            access: StoreAccess<$route>,
            Path(id): Path<String>,
        ) -> Result<Json<MessageResponse>, ApiError> {
            Ok(Json(remove::<$kind>(&state, &access.store_id, &id).await?))
        }

        pub fn router() -> OpenApiRouter<AppState> {
            OpenApiRouter::new()
                .routes(routes!(list_records, create_record))
                .routes(routes!(get_record, put_record, delete_record))
        }
    };
    (@history $kind:ident, $route:ident, [$($scope:tt)?], $tag:tt, $one:tt, $what:tt) => {
        pub fn router() -> OpenApiRouter<AppState> {
            OpenApiRouter::new()
                .routes(routes!(list_records, create_record))
                .routes(routes!(get_record))
        }
    };
}

/// Declares a setting's routes: read and replace on `$path`.
macro_rules! setting_routes {
    ($($module:ident, $kind:ident, $route:ident, [$($scope:tt)?], $path:tt, $what:tt;)*) => {
        $(setting_routes!(@setting $module, $kind, $route, [$($scope)?], "records", $path, $what);)*
    };
    (@setting $module:ident, $kind:ident, $route:ident, [$($scope:tt)?], $tag:tt, $path:tt, $what:tt) => {
        pub mod $module {
            use super::*;
            use crate::auth::store::{StoreAccess, routes::$route};
            use utoipa_axum::routes;

            #[doc = concat!("The store's ", $what, " (the defaults until saved).")]
            #[utoipa::path(get, path = $path, tag = $tag, security(("bearer" = [$($scope)?])),
                params(("X-Store-Id" = String, Header, description = "The store")),
                responses((status = 200, body = $kind), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
            pub async fn get_setting(
                State(state): State<AppState>,
                access: StoreAccess<$route>,
            ) -> Result<Json<$kind>, ApiError> {
                Ok(Json(read_setting::<$kind>(&state.db, &access.store_id).await?))
            }

            #[doc = concat!("Replaces the store's ", $what, " after the core's check.")]
            #[utoipa::path(put, path = $path, tag = $tag, security(("bearer" = [$($scope)?])),
                params(("X-Store-Id" = String, Header, description = "The store")), request_body = $kind,
                responses((status = 200, body = $kind), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
            pub async fn put_setting(
                State(state): State<AppState>,
                access: StoreAccess<$route>,
                Json(value): Json<$kind>,
            ) -> Result<Json<$kind>, ApiError> {
                Ok(Json(write_setting(&state, &access.store_id, value).await?))
            }

            pub fn router() -> OpenApiRouter<AppState> {
                OpenApiRouter::new().routes(routes!(get_setting, put_setting))
            }
        }
    };
}

// Each kind: module, type, route marker, scope, list path, one record's path, what the list
// holds, and whether a record can be replaced and deleted (`editable`) or is history.
record_routes! {
    size_charts, SizeChart, SizeCharts, ["products"],
        "/stores/size-charts", "/stores/size-charts/{id}", "size charts", editable;
    option_sets, OptionSet, ProductOptions, [],
        "/stores/product-options", "/stores/product-options/{id}", "product option sets", editable;
    reviews, Review, Reviews, ["products"],
        "/stores/apps/product-reviews", "/stores/apps/product-reviews/{id}", "product reviews", editable;
    catalogs, Catalog, Catalogs, ["products"],
        "/stores/catalogs", "/stores/catalogs/{id}", "catalogs", editable;
    product_feeds, ProductFeed, ProductFeeds, ["products"],
        "/stores/product-feeds", "/stores/product-feeds/{id}", "product feeds", editable;
    cache_purges, CachePurge, ClearCache, ["products"],
        "/stores/cache-purges", "/stores/cache-purges/{id}", "cache purges", history;
    bulk_updates, BulkUpdate, BulkUpdates, ["products"],
        "/stores/bulk-updates", "/stores/bulk-updates/{id}", "bulk updates", history;
}

// Each setting: module, type, route marker, scope, path, and what it is.
setting_routes! {
    apps, AppSwitches, Apps, ["apps"], "/stores/apps/switches", "apps switched on";
    upsell, UpsellSettings, Upsell, ["apps"], "/stores/apps/boost-upsell", "Boost UpSell settings";
    sales_channels, SalesChannels, SalesChannel, ["store"], "/stores/sales-channels", "sales channels";
    telegram, TelegramSettings, Telegram, ["settings"],
        "/stores/settings/telegram", "Telegram notification settings";
    custom_store, StorefrontSettings, CustomStore, ["themes"],
        "/stores/onlinestore/custom-store", "custom store settings";
    shipping, ShippingSettings, Preferences, ["preferences"],
        "/stores/settings/shipping", "shipping settings";
    taxes, TaxSettings, Preferences, ["preferences"],
        "/stores/settings/taxes", "tax settings";
    emails, EmailSettings, Preferences, ["preferences"],
        "/stores/settings/emails", "order e-mail settings";
}

/// Declares each kind's name in the tables, its noun, the core's check (`[money]` after it when
/// the check takes the store's currency) and, for some, what the server checks and adds before
/// one is stored (`|value, conn, store_id| body`, run in the transaction that stores it).
macro_rules! kinds {
    (@check $check:path, $value:ident, $currency:ident) => {{
        let _ = $currency;
        $check($value)
    }};
    (@check $check:path, $value:ident, $currency:ident, money) => {
        $check($value, $currency)
    };
    ($($kind:ident: $name:literal, $noun:literal, $check:path $([$money:ident])? $(, |$value:ident, $conn:ident, $store:ident| $prepare:block)?;)*) => {
        $(impl Kind for $kind {
            const KIND: &'static str = $name;
            const NOUN: &'static str = $noun;
            fn problems(&self, currency: core_wasm::formats::Currency) -> Vec<String> {
                let value = self;
                kinds!(@check $check, value, currency $(, $money)?)
            }
            $(async fn prepare<'a>(self, $conn: &'a mut AnyConnection, $store: &'a str) -> Result<Self, ApiError> {
                let $value = self;
                $prepare
            })?
        })*
    };
}

/// Declares each setting's value before the merchant saved one.
macro_rules! initial_settings {
    ($($kind:ident => $initial:expr;)*) => {
        $(impl Setting for $kind {
            fn initial(_currency: core_wasm::formats::Currency) -> Self {
                $initial
            }
        })*
    };
}

kinds! {
    ShippingSettings: "shipping", "shipping settings", rules::shipping_problems [money], |value, conn, store_id| {
        let _ = (conn, store_id);
        Ok(core_wasm::commerce::shipping::normalized(value))
    };
    TaxSettings: "taxes", "tax settings", core_wasm::commerce::tax_problems, |value, conn, store_id| {
        let _ = (conn, store_id);
        Ok(core_wasm::commerce::tax::normalized(value))
    };
    SizeChart: "size-charts", "size chart", rules::size_chart_problems, |value, conn, store_id| {
        for id in &value.collection_ids {
            own_collection(conn, store_id, Some(id)).await?;
        }
        Ok(value)
    };
    OptionSet: "option-sets", "option set", rules::option_set_problems;
    Review: "reviews", "review", rules::review_problems, |value, conn, store_id| {
        if !exists(&mut *conn, Item::Product, store_id, &value.product_id).await? {
            return Err(ApiError::Invalid(vec![
                "The product is not one of the store's.".to_owned(),
            ]));
        }
        Ok(Review {
            author: value.author.trim().to_owned(),
            ..value
        })
    };
    Catalog: "catalogs", "catalog", rules::catalog_problems, |value, conn, store_id| {
        own_collection(conn, store_id, value.collection_id.as_deref()).await?;
        Ok(value)
    };
    ProductFeed: "product-feeds", "product feed", rules::feed_problems, |value, conn, store_id| {
        records::by_id::<Catalog>(conn, store_id, &value.catalog_id)
            .await
            .map_err(|_| {
                ApiError::Invalid(vec!["The catalog is not one of the store's.".to_owned()])
            })?;
        Ok(value)
    };
    CachePurge: "cache-purges", "cache purge", rules::purge_problems, |value, conn, store_id| {
        purge(value, conn, store_id).await
    };
    // Applies the change to every matching product in the same transaction as the record.
    BulkUpdate: "bulk-updates", "bulk update", rules::bulk_update_problems [money], |value, conn, store_id| {
        own_collection(conn, store_id, value.collection_id.as_deref()).await?;
        let affected = super::inventory::bulk_update(conn, store_id, &value).await?;
        Ok(BulkUpdate {
            affected: Some(affected),
            ..value
        })
    };
    AppSwitches: "apps", "app settings", rules::app_problems;
    UpsellSettings: "upsell", "Boost UpSell settings", rules::upsell_problems, |value, conn, store_id| {
        own_collection(conn, store_id, value.collection_id.as_deref()).await?;
        Ok(value)
    };
    SalesChannels: "sales-channels", "sales channels", rules::channel_problems;
    TelegramSettings: "telegram", "Telegram settings", rules::telegram_problems;
    StorefrontSettings: "storefront", "custom store settings", rules::storefront_problems;
}

/// The e-mail settings hold a language of the enum and three switches: reading the JSON checks
/// all of it (an unknown language is refused with 400 there), so the core has no rule to add.
impl Kind for EmailSettings {
    const KIND: &'static str = "emails";
    const NOUN: &'static str = "e-mail settings";
    fn problems(&self, _currency: core_wasm::formats::Currency) -> Vec<String> {
        Vec::new()
    }
}

impl Setting for ShippingSettings {
    fn initial(currency: core_wasm::formats::Currency) -> Self {
        rules::initial_shipping(currency)
    }
}

impl Setting for EmailSettings {
    /// Every e-mail on, in Vietnamese for a store that sells in đồng, else in English.
    fn initial(currency: core_wasm::formats::Currency) -> Self {
        EmailSettings {
            language: if currency.code == "VND" {
                StoreLanguage::Vi
            } else {
                StoreLanguage::En
            },
            refund_notice: true,
            cancellation_notice: true,
            new_order_alert: true,
        }
    }
}

initial_settings! {
    TaxSettings => TaxSettings::default();
    AppSwitches => AppSwitches {
        enabled: Vec::new(),
    };
    UpsellSettings => UpsellSettings {
        enabled: false,
        heading: "Frequently bought together".to_owned(),
        placement: "cart".to_owned(),
        discount_percent: 10,
        collection_id: None,
        max_offers: 3,
    };
    SalesChannels => SalesChannels {
        enabled: vec![rules::ONLINE_STORE.to_owned()],
    };
    TelegramSettings => TelegramSettings {
        enabled: false,
        chat_id: String::new(),
        notify_orders: true,
        notify_payouts: true,
    };
    StorefrontSettings => StorefrontSettings {
        password_protected: false,
        password: String::new(),
        seo_title: String::new(),
        seo_description: String::new(),
        announcement: String::new(),
    };
}

/// That `collection_id` (when given) is a collection of the store.
async fn own_collection(
    conn: &mut AnyConnection,
    store_id: &str,
    collection_id: Option<&str>,
) -> Result<(), ApiError> {
    let Some(id) = collection_id.filter(|id| !id.is_empty()) else {
        return Ok(());
    };
    if exists(&mut *conn, Item::Collection, store_id, id).await? {
        Ok(())
    } else {
        Err(ApiError::Invalid(vec![
            "The collection is not one of the store's.".to_owned(),
        ]))
    }
}

/// A cache purge as it is stored: refused when an address is on another host than the
/// store's own; else the store's cache stamp is moved on, so every cached storefront answer of
/// the store is fetched again, and the purge counts its addresses.
async fn purge(
    value: CachePurge,
    conn: &mut AnyConnection,
    store_id: &str,
) -> Result<CachePurge, ApiError> {
    let hosts = store_hosts(conn, store_id).await?;
    let mut foreign = Vec::new();
    for url in &value.urls {
        if let Some((Some(host), _)) = rules::purge_target(url) {
            let host = host.split(':').next().unwrap_or(host).to_lowercase();
            if !hosts.contains(&host) {
                foreign.push(format!("{host} is not a domain of the store."));
            }
        }
    }
    if !foreign.is_empty() {
        foreign.dedup();
        return Err(ApiError::Invalid(foreign));
    }
    crate::db::stores::renew_cache_stamp(&mut *conn, store_id, now_ms()).await?;
    let purged = u32::try_from(value.urls.len()).unwrap_or(u32::MAX);
    Ok(CachePurge {
        urls: value.urls.iter().map(|u| u.trim().to_owned()).collect(),
        purged: Some(purged),
    })
}

/// The host names a store answers on: its system subdomain under every base domain it is
/// known by, and its custom domains.
async fn store_hosts(conn: &mut AnyConnection, store_id: &str) -> Result<Vec<String>, ApiError> {
    let mut hosts = crate::db::domains::hosts(&mut *conn, store_id).await?;
    let subdomain = crate::db::stores::subdomain(&mut *conn, store_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    hosts.push(subdomain.to_lowercase());
    Ok(hosts)
}
