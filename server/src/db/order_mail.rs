//! What the e-mails an order sends need beside the order (`MailSetup`), each staff member's
//! new-order alert, and the order a preview shows. `db::orders::queue_mail` queues the e-mails
//! in the transaction of the change that causes them: the core writes them
//! (`core_wasm::commerce::mail`) from the order as that transaction reads it, so an e-mail never
//! shows what did not happen, nor another store's data (every read is by the store's id).

use core_wasm::commerce::mail::{MailContext, RenderedMail, order_mail};
use shared_types::catalog::Order;
use shared_types::commerce::Refund;
use shared_types::records::{EmailSettings, OrderMailKind};
use sqlx::AnyConnection;

use crate::error::ApiError;

/// What the store's e-mails need beside the order, read once per request.
#[derive(Debug, Clone)]
pub struct MailSetup {
    pub store_id: String,
    pub store_name: String,
    pub settings: EmailSettings,
    /// The storefront's address, absolute, without the trailing slash
    /// (`https://shop.example.com`, `http://127.0.0.1:8080/s/demo`).
    pub storefront: String,
    /// The admin's address, absolute (`http://127.0.0.1:8080/admin`).
    pub admin: String,
    /// The store's time zone (empty: the core's default).
    pub zone: String,
}

impl MailSetup {
    /// Whether the store sends e-mails of `kind` (the confirmation always goes).
    pub fn sends(&self, kind: OrderMailKind) -> bool {
        match kind {
            OrderMailKind::Confirmation => true,
            OrderMailKind::Refund => self.settings.refund_notice,
            OrderMailKind::Cancellation => self.settings.cancellation_notice,
            OrderMailKind::NewOrder => self.settings.new_order_alert,
        }
    }

    /// The shopper's page of order `order_id` (its thank-you page).
    pub fn status_url(&self, order_id: &str) -> String {
        format!("{}/thank-you/{order_id}", self.storefront)
    }

    /// The storefront's home page.
    pub fn home_url(&self) -> String {
        format!("{}/", self.storefront)
    }

    /// What the core's e-mails about `order` need beside it.
    fn context<'a>(
        &'a self,
        order: &Order,
        status_url: Option<&'a str>,
        admin_url: &'a str,
    ) -> MailContext<'a> {
        MailContext {
            store_name: &self.store_name,
            language: self.settings.language,
            status_url,
            admin_url,
            offset_minutes: core_wasm::formats::offset_minutes(&self.zone, order.created_date),
        }
    }

    /// The e-mail of `kind` about `order`, linking the shopper to `status_url` when the order
    /// has a page for them (it was placed at the store's checkout).
    pub fn render(
        &self,
        kind: OrderMailKind,
        order: &Order,
        refund: Option<&Refund>,
        status_url: Option<&str>,
    ) -> RenderedMail {
        let admin = format!("{}/orders/detail/{}", self.admin, order.id);
        order_mail(
            kind,
            order,
            refund,
            &self.context(order, status_url, &admin),
        )
    }

    /// The shopper's notice that `shipment` of `order` is on its way.
    pub fn render_shipment(
        &self,
        order: &Order,
        shipment: &core_wasm::commerce::mail::Shipment<'_>,
        status_url: Option<&str>,
    ) -> RenderedMail {
        let admin = format!("{}/orders/detail/{}", self.admin, order.id);
        core_wasm::commerce::mail::shipment_mail(
            order,
            shipment,
            &self.context(order, status_url, &admin),
        )
    }
}

/// Whether member `user_id` of the store gets the new-order alert (the owner: always), and
/// whether they are the owner.
pub async fn alerts_on(
    conn: &mut AnyConnection,
    store_id: &str,
    user_id: &str,
) -> Result<(bool, bool), ApiError> {
    let row: Option<(String, i64)> = sqlx::query_as(
        "SELECT role, order_alerts FROM store_members WHERE store_id = $1 AND user_id = $2",
    )
    .bind(store_id)
    .bind(user_id)
    .fetch_optional(&mut *conn)
    .await?;
    let (role, on) = row.ok_or(ApiError::NotFound)?;
    let owner = role == "owner";
    Ok((owner || on == 1, owner))
}

/// Turns member `user_id`'s new-order alert of the store on or off.
pub async fn set_alerts(
    conn: &mut AnyConnection,
    store_id: &str,
    user_id: &str,
    on: bool,
) -> Result<(), ApiError> {
    sqlx::query("UPDATE store_members SET order_alerts = $1 WHERE store_id = $2 AND user_id = $3")
        .bind(i64::from(on))
        .bind(store_id)
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The store's newest order, for the previews of its e-mails.
pub async fn newest_order(
    conn: &mut AnyConnection,
    store_id: &str,
) -> Result<Option<String>, ApiError> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT id FROM orders WHERE store_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1",
    )
    .bind(store_id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.map(|(id,)| id))
}
