//! The e-mails an order sends, queued in the outbox in the transaction of the change that causes
//! them: the core writes them (`core_wasm::commerce::mail`) from the order as this transaction
//! reads it, so an e-mail never shows what did not happen, nor another store's data (every read
//! here is by the store's id).

use core_wasm::commerce::mail::{MailContext, RenderedMail, order_mail};
use shared_types::catalog::Order;
use shared_types::commerce::Refund;
use shared_types::records::{EmailSettings, OrderMailKind};
use sqlx::AnyConnection;

use super::outbox::{self, Mail};
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
            &MailContext {
                store_name: &self.store_name,
                language: self.settings.language,
                status_url,
                admin_url: &admin,
                offset_minutes: core_wasm::formats::offset_minutes(&self.zone, order.created_date),
            },
        )
    }
}

/// Queues the e-mail of `kind` about order `order_id` of the store, as `conn`'s transaction
/// reads it now, when the store sends that kind: to the shopper, or for a new order to the
/// owner and to each member who holds `orders` and asked for it. Returns how many were queued.
pub async fn queue(
    conn: &mut AnyConnection,
    setup: &MailSetup,
    kind: OrderMailKind,
    order_id: &str,
    refund: Option<&Refund>,
) -> Result<usize, ApiError> {
    if !setup.sends(kind) {
        return Ok(0);
    }
    let store_id = setup.store_id.as_str();
    let Some(row) = super::orders::find_row(&mut *conn, store_id, order_id).await? else {
        return Ok(0);
    };
    let order = super::orders::order(&row);
    let recipients = if kind == OrderMailKind::NewOrder {
        alert_recipients(&mut *conn, store_id).await?
    } else if row.customer_email.trim().is_empty() {
        Vec::new()
    } else {
        vec![row.customer_email.clone()]
    };
    if recipients.is_empty() {
        return Ok(0);
    }
    let status = super::checkout::placed_here(&mut *conn, store_id, order_id)
        .await?
        .then(|| setup.status_url(order_id));
    let mail = setup.render(kind, &order, refund, status.as_deref());
    for to in &recipients {
        outbox::queue(
            &mut *conn,
            &Mail {
                to: to.clone(),
                subject: mail.subject.clone(),
                body: mail.text.clone(),
                html: Some(mail.html.clone()),
            },
        )
        .await?;
    }
    if kind != OrderMailKind::NewOrder {
        let about = match kind {
            OrderMailKind::Confirmation => "confirmation",
            OrderMailKind::Refund => "refund",
            _ => "cancellation",
        };
        super::orders::event(
            &mut *conn,
            store_id,
            order_id,
            "",
            "emailSent",
            serde_json::json!({"to": row.customer_email, "about": about}),
        )
        .await?;
    }
    Ok(recipients.len())
}

/// The addresses a new order of the store alerts: its owner's, and those of its staff who hold
/// `orders` and asked for the alert.
async fn alert_recipients(
    conn: &mut AnyConnection,
    store_id: &str,
) -> Result<Vec<String>, ApiError> {
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT u.email, m.role, m.scopes FROM store_members m JOIN users u ON u.id = m.user_id \
         WHERE m.store_id = $1 AND (m.role = 'owner' OR m.order_alerts = 1) ORDER BY m.created_at, u.email",
    )
    .bind(store_id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .into_iter()
        .filter(|(_, role, scopes)| {
            core_wasm::shell::menu::may_open(
                "website.orders",
                &crate::auth::store::scopes_of(role, scopes),
            )
        })
        .map(|(email, _, _)| email)
        .collect())
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
