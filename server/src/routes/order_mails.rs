//! The order e-mails' calls: a preview of each e-mail as the store would send it now, and a
//! staff member's own new-order alert.

use axum::extract::{Path, State};
use serde::Deserialize;
use shared_types::ApiErrorBody;
use shared_types::records::{
    EmailSettings, MailPreview, OrderAlerts, OrderMailKind, StoreLanguage,
};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::store::{
    StoreAccess,
    routes::{Orders, Preferences},
};
use crate::db::settings::read_setting;
use crate::db::{now_ms, order_mail};
use crate::error::{ApiError, Json, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(preview))
        .routes(routes!(get_alerts, put_alerts))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct PreviewQuery {
    /// The language to write it in (`en` or `vi`); absent: the store's saved one.
    #[serde(default)]
    pub language: Option<String>,
}

/// An order e-mail (`confirmation`, `refund`, `cancellation` or `newOrder`) as the store would
/// send it now, made by the same function as the e-mails sent: from the store's newest order
/// (its last refund for a refund notice, the order itself when it was cancelled), else from a
/// sample order in the store's currency.
#[utoipa::path(get, path = "/stores/settings/emails/preview/{kind}", tag = "records", security(("bearer" = ["preferences"])),
    params(("X-Store-Id" = String, Header, description = "The store"),
        ("kind" = String, Path, description = "The e-mail: `confirmation`, `refund`, `cancellation` or `newOrder`"), PreviewQuery),
    responses((status = 200, body = MailPreview), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn preview(
    State(state): State<AppState>,
    access: StoreAccess<Preferences>,
    Path(kind): Path<String>,
    Query(query): Query<PreviewQuery>,
) -> Result<Json<MailPreview>, ApiError> {
    // An e-mail the store does not send is not there (the name is not echoed back).
    let kind: OrderMailKind =
        serde_json::from_value(serde_json::Value::String(kind)).map_err(|_| ApiError::NotFound)?;
    let store_id = access.store_id.as_str();
    let mut setup = crate::services::order_mail::setup(&state, store_id).await?;
    if let Some(language) = query.language {
        // What the caller wrote is not echoed back.
        setup.settings.language =
            serde_json::from_value::<StoreLanguage>(serde_json::Value::String(language))
                .map_err(|_| ApiError::Invalid(vec!["The language is en or vi.".into()]))?;
    }
    let mut conn = state.db.acquire().await?;
    let newest = order_mail::newest_order(&mut conn, store_id).await?;
    let status = match &newest {
        Some(id) => crate::db::checkout::placed_here(&mut conn, store_id, id)
            .await?
            .then(|| setup.status_url(id)),
        None => None,
    };
    drop(conn);
    let order = match newest {
        Some(id) => Some(crate::db::orders::details(&state.db, store_id, &id).await?),
        None => None,
    };
    // The store's own order where it shows what the e-mail tells of.
    let fits = |order: &shared_types::catalog::Order| match kind {
        OrderMailKind::Refund => !order.refunds.is_empty(),
        OrderMailKind::Cancellation => order.cancelled_at.is_some(),
        OrderMailKind::Confirmation | OrderMailKind::NewOrder => true,
    };
    let preview = match order.filter(fits) {
        Some(order) => {
            let mail = setup.render(kind, &order, None, status.as_deref());
            (mail, Some(order.order_name))
        }
        None => {
            // The sample has no page of its own: its link opens the storefront.
            let currency = crate::db::store_currency(&state.db, store_id).await?;
            let sample = core_wasm::commerce::mail::sample_order(kind, &currency, now_ms());
            let home = setup.home_url();
            (setup.render(kind, &sample, None, Some(&home)), None)
        }
    };
    let (mail, order_name) = preview;
    Ok(Json(MailPreview {
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        order_name,
    }))
}

/// Whether the signed-in member gets an e-mail of each new order of the store (an owner always
/// does while the store's alert is on).
#[utoipa::path(get, path = "/stores/order-alerts", tag = "sales", security(("bearer" = ["orders"])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = OrderAlerts), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn get_alerts(
    State(state): State<AppState>,
    access: StoreAccess<Orders>,
) -> Result<Json<OrderAlerts>, ApiError> {
    let mut conn = state.db.acquire().await?;
    let (on, owner) =
        order_mail::alerts_on(&mut conn, &access.store_id, &access.user.user_id).await?;
    drop(conn);
    alerts(&state, &access.store_id, on, owner).await
}

/// Asks for, or stops, the signed-in member's e-mail of each new order of the store.
#[utoipa::path(put, path = "/stores/order-alerts", tag = "sales", security(("bearer" = ["orders"])),
    params(("X-Store-Id" = String, Header, description = "The store")), request_body = OrderAlerts,
    responses((status = 200, body = OrderAlerts), (status = 400, body = ApiErrorBody), (status = 403, body = ApiErrorBody), (status = 404, body = ApiErrorBody)))]
async fn put_alerts(
    State(state): State<AppState>,
    access: StoreAccess<Orders>,
    Json(input): Json<OrderAlerts>,
) -> Result<Json<OrderAlerts>, ApiError> {
    let mut tx = crate::db::begin_write(&state.db).await?;
    order_mail::set_alerts(&mut tx, &access.store_id, &access.user.user_id, input.on).await?;
    let (on, owner) =
        order_mail::alerts_on(&mut tx, &access.store_id, &access.user.user_id).await?;
    tx.commit().await?;
    alerts(&state, &access.store_id, on, owner).await
}

/// The answer of both calls: the member's alert and whether the store sends any.
async fn alerts(
    state: &AppState,
    store_id: &str,
    on: bool,
    owner: bool,
) -> Result<Json<OrderAlerts>, ApiError> {
    let settings = read_setting::<EmailSettings>(&state.db, store_id).await?;
    Ok(Json(OrderAlerts {
        on,
        owner,
        store_sends: settings.new_order_alert,
    }))
}
