//! What the shell reads about the store and the platform: the store's status (a disabled store
//! goes to policy-violation), its subscription (the trial banner and the rank badge), the help
//! base's home HTML, and the operator's settling of payouts and enabling or disabling of stores.

use axum::extract::{Path, State};
use shared_types::{
    ApiErrorBody, CustomHtml, MessageResponse, OperatorGrant, PayoutRequest, PublicConfig,
    StoreStatus, StoreStatusUpdate, Subscription,
};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::Operator;
use crate::auth::store::{StoreAccess, routes::AnyMember};
use crate::db::notifications as notify;
use crate::db::now_ms;
use crate::error::{ApiError, Json, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(store_status))
        .routes(routes!(subscription))
        .routes(routes!(custom_html))
        .routes(routes!(public_config))
        .routes(routes!(settle_payout))
        .routes(routes!(set_store_status))
        .routes(routes!(add_operator))
}

/// The selected store: its name, subdomain and whether it is enabled.
#[utoipa::path(get, path = "/stores/current", tag = "stores", security(("bearer" = [])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = StoreStatus), (status = 404, body = ApiErrorBody)))]
async fn store_status(
    State(state): State<AppState>,
    access: StoreAccess<AnyMember>,
) -> Result<Json<StoreStatus>, ApiError> {
    Ok(Json(read_status(&state, &access.store_id).await?))
}

/// A store's status as the shell reads it; 404 when there is no such store.
async fn read_status(state: &AppState, store_id: &str) -> Result<StoreStatus, ApiError> {
    let row = crate::db::stores::status(&state.db, store_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(StoreStatus {
        public_url: state
            .config
            .storefront_url(&row.subdomain, row.custom_host.as_deref()),
        id: row.id,
        name: row.name,
        subdomain: row.subdomain,
        is_enabled: row.is_enabled,
        business_type: row.business_type.unwrap_or_else(|| "other".to_owned()),
        currency: row
            .currency
            .unwrap_or_else(|| core_wasm::limits::DEFAULT_CURRENCY_CODE.to_owned()),
        timezone: row
            .timezone
            .filter(|zone| !zone.trim().is_empty())
            .unwrap_or_else(|| core_wasm::limits::DEFAULT_TIMEZONE.to_owned()),
    })
}

/// Enables a store, or disables it for a policy violation (operator staff only). A disabled
/// store's admin shows policy-violation and its storefront answers 404.
#[utoipa::path(put, path = "/operator/stores/{id}/status", tag = "stores", security(("bearer" = [])),
    params(("id" = String, Path, description = "Store id")),
    request_body = StoreStatusUpdate,
    responses((status = 200, body = StoreStatus), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn set_store_status(
    State(state): State<AppState>,
    Operator(user): Operator,
    Path(id): Path<String>,
    Json(body): Json<StoreStatusUpdate>,
) -> Result<Json<StoreStatus>, ApiError> {
    if !crate::db::stores::set_enabled(&state.db, &id, body.is_enabled).await? {
        return Err(ApiError::NotFound);
    }
    tracing::info!(store = %id, enabled = body.is_enabled, operator = %user.user_id, "store status set");
    Ok(Json(read_status(&state, &id).await?))
}

/// Names another account an operator (operator staff only). The account must exist; its rights
/// start once it is activated.
#[utoipa::path(post, path = "/operator/operators", tag = "stores", security(("bearer" = [])),
    request_body = OperatorGrant,
    responses((status = 200, body = MessageResponse), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn add_operator(
    State(state): State<AppState>,
    Operator(user): Operator,
    Json(body): Json<OperatorGrant>,
) -> Result<Json<MessageResponse>, ApiError> {
    if !crate::db::accounts::make_operator(&state.db, &body.email).await? {
        return Err(ApiError::NotFoundWith(format!(
            "No account has the e-mail {}.",
            body.email.trim()
        )));
    }
    tracing::info!(operator = %user.user_id, "operator added");
    Ok(Json(MessageResponse {
        message: format!("{} is an operator.", body.email.trim().to_lowercase()),
    }))
}

/// The store's current subscription. A store without one is on the free plan.
#[utoipa::path(get, path = "/stores/subscription/current", tag = "stores", security(("bearer" = [])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = Subscription), (status = 404, body = ApiErrorBody)))]
async fn subscription(
    State(state): State<AppState>,
    access: StoreAccess<AnyMember>,
) -> Result<Json<Subscription>, ApiError> {
    Ok(Json(
        crate::db::subscriptions::current(&state.db, &access.store_id).await?,
    ))
}

/// The help base's home page content.
const HELP_HOME: &str = "<h2>Welcome to Storeloom</h2>\
<p>Start with your products, choose a theme and connect a domain. The <strong>Next step</strong> \
guide at the bottom right of the page shows what to do next.</p>\
<ul><li>Add products under <strong>Products</strong>.</li>\
<li>Edit your storefront under <strong>Online Store → Themes</strong>.</li>\
<li>Connect a domain under <strong>Online Store → Domain</strong>.</li></ul>";

/// The help base's home page in Vietnamese, for readers of the admin in Vietnamese.
const HELP_HOME_VI: &str = "<h2>Chào mừng đến với Storeloom</h2>\
<p>Hãy bắt đầu với sản phẩm, chọn giao diện và kết nối tên miền. Mục <strong>Bước tiếp theo</strong> \
ở góc dưới bên phải trang cho biết việc cần làm tiếp.</p>\
<ul><li>Thêm sản phẩm trong <strong>Sản phẩm</strong>.</li>\
<li>Chỉnh sửa cửa hàng trong <strong>Cửa hàng trực tuyến → Giao diện</strong>.</li>\
<li>Kết nối tên miền trong <strong>Cửa hàng trực tuyến → Tên miền</strong>.</li></ul>";

/// The language of the help base's page: `vi`, or English for anything else.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct HelpQuery {
    /// `vi` for Vietnamese; English otherwise.
    lang: Option<String>,
}

/// The help base's home HTML (public), in the reader's language (`lang=vi`) or English.
#[utoipa::path(get, path = "/helpbase/public/customHTML", tag = "system", params(HelpQuery),
    responses((status = 200, body = CustomHtml), (status = 400, body = ApiErrorBody)))]
async fn custom_html(Query(query): Query<HelpQuery>) -> Json<CustomHtml> {
    let html = match query.lang.as_deref() {
        Some("vi") => HELP_HOME_VI,
        _ => HELP_HOME,
    };
    Json(CustomHtml {
        home_html: notify::sanitize(html),
    })
}

/// What the admin needs to know about this installation (public).
#[utoipa::path(get, path = "/config/public", tag = "system", responses((status = 200, body = PublicConfig)))]
async fn public_config(State(state): State<AppState>) -> Json<PublicConfig> {
    Json(PublicConfig {
        operator_email_domain: state.config.operator_email_domain.clone(),
        signup_open: !state.config.signup_key.is_empty(),
    })
}

/// Settles a pending payout as paid or rejected (operator staff only); the store is told.
#[utoipa::path(post, path = "/operator/payouts/{id}/{outcome}", tag = "payouts", security(("bearer" = [])),
    params(("id" = String, Path, description = "Payout request id"), ("outcome" = String, Path, description = "paid or rejected")),
    responses((status = 200, body = PayoutRequest), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn settle_payout(
    State(state): State<AppState>,
    _operator: Operator,
    Path((id, outcome)): Path<(String, String)>,
) -> Result<Json<PayoutRequest>, ApiError> {
    if outcome == "pending" || !core_wasm::payouts::PAYOUT_STATUSES.contains(&outcome.as_str()) {
        return Err(ApiError::Invalid(vec![
            "A payout is settled as paid or rejected.".to_owned(),
        ]));
    }
    let mut tx = crate::db::begin_write(&state.db).await?;
    let (store_id, request, amount, settled) =
        crate::db::payouts::settle(&mut tx, &id, &outcome, now_ms())
            .await?
            .ok_or(ApiError::NotFound)?;
    if !settled {
        return Err(ApiError::Conflict(format!(
            "This payout is {} already.",
            request.status
        )));
    }
    let shown = core_wasm::formats::money_minor(
        amount,
        &crate::db::store_currency(&mut *tx, &store_id).await?,
        core_wasm::formats::Language::En,
    );
    let (title, body) = if outcome == "paid" {
        (
            "Payout paid",
            format!("<p>Your payout of <strong>{shown}</strong> has been paid.</p>"),
        )
    } else {
        (
            "Payout rejected",
            format!(
                "<p>Your payout of <strong>{shown}</strong> was rejected; the amount is available again.</p>"
            ),
        )
    };
    notify::notify(
        &mut *tx,
        &store_id,
        &format!("payout_{outcome}"),
        title,
        &body,
    )
    .await?;
    tx.commit().await?;
    Ok(Json(request))
}
