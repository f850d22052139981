//! What the store's order e-mails need beside the order (`db::order_mail::MailSetup`): its name,
//! its e-mail settings, its time zone and the absolute addresses of its storefront and of the
//! admin, read once per request before the transaction that queues them.

use shared_types::records::EmailSettings;

use crate::db::order_mail::MailSetup;
use crate::db::settings::read_setting;
use crate::error::ApiError;
use crate::state::AppState;

/// The store's e-mail set-up; 404 when there is no such store.
pub async fn setup(state: &AppState, store_id: &str) -> Result<MailSetup, ApiError> {
    let row = crate::db::stores::status(&state.db, store_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    let settings = read_setting::<EmailSettings>(&state.db, store_id).await?;
    let public = state.config.public_url.trim_end_matches('/');
    let storefront = state
        .config
        .storefront_url(&row.subdomain, row.custom_host.as_deref());
    // Without storefront hosts the storefront is a path of this server's own address.
    let storefront = if storefront.starts_with('/') {
        format!("{public}{storefront}")
    } else {
        storefront
    };
    Ok(MailSetup {
        store_id: row.id,
        store_name: row.name,
        settings,
        storefront: storefront.trim_end_matches('/').to_owned(),
        admin: format!("{public}/admin"),
        zone: row.timezone.unwrap_or_default(),
    })
}
