//! Onboarding (shell.md §2, §3, §4, §7): the store's next unfinished step, from a fixed sequence
//! in which a step is done when the store's data says so (or when it was skipped), and the
//! skipping of the current step, and its dismissal by one user (the popup's close X), kept in the
//! database so that it holds on every device.

use axum::extract::State;
use shared_types::{ApiErrorBody, OnboardingConfig, OnboardingStatus};
use sqlx::AnyPool;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::store::{StoreAccess, routes::AnyMember};
use crate::db;
use crate::error::{ApiError, Json};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(status))
        .routes(routes!(skip))
        .routes(routes!(dismiss))
}

/// One step: its texts (`db::onboarding::is_done` finds it done by its `field`).
struct Step {
    field: &'static str,
    name: &'static str,
    description: &'static str,
    button: &'static str,
    /// When set, the button names the store's active theme: `{name}` in it is replaced by the
    /// theme's name, and `button` is the fallback.
    button_named: Option<&'static str>,
    path: &'static str,
}

/// The sequence, in order. The paths are admin routes of the core's table; the domain step's
/// description carries the `{domain}` placeholder that the UI fills (core `onboarding_view`).
const STEPS: &[Step] = &[
    Step {
        field: "addProduct",
        name: "Add your first product",
        description: "Products are what your customers buy. Add one with a title, a price and a photo.",
        button: "Add product",
        button_named: None,
        path: "/products/create",
    },
    Step {
        field: "customizeTheme",
        name: "Customize your theme",
        description: "Choose colours, fonts and sections so the storefront looks like your brand.",
        button: "Customize theme",
        // The store's own theme name, so the merchant sees which theme the button opens.
        button_named: Some("Customize {name}"),
        path: "/online-store/themes",
    },
    Step {
        field: "domainConfigured",
        name: "Set up your domain",
        description: "Your store is at {domain}. Connect a domain of your own so customers find you easily.",
        button: "Add domain",
        button_named: None,
        path: "/online-store/domains",
    },
    Step {
        field: "paymentsConfigured",
        name: "Set up payments",
        description: "Choose a payment gateway so your store can take orders.",
        button: "Set up payments",
        button_named: None,
        path: "/settings/payout",
    },
    Step {
        field: "testOrder",
        name: "Place a test order",
        description: "Go through checkout as a customer to see that everything works.",
        button: "Open your store",
        button_named: None,
        path: "/",
    },
];

/// The step shown when every step is done or skipped; Skip on it only hides the popup.
fn finished() -> OnboardingConfig {
    OnboardingConfig {
        field: "completed".to_owned(),
        name: "You're all set".to_owned(),
        description: "Looks like your store is ready to launch.".to_owned(),
        button: core_wasm::shell::BACK_TO_HOME.to_owned(),
        path: "/".to_owned(),
        subject: None,
    }
}

async fn current(db: &AnyPool, store_id: &str) -> Result<OnboardingConfig, ApiError> {
    let skipped = db::onboarding::skipped(db, store_id).await?;
    for step in STEPS {
        if skipped.iter().any(|field| field == step.field) {
            continue;
        }
        if !db::onboarding::is_done(db, store_id, step.field).await? {
            let mut button = step.button.to_owned();
            let mut subject = None;
            if let Some(template) = step.button_named {
                let named = db::onboarding::active_theme_name(db, store_id).await?;
                if let Some(name) = named {
                    // The whole name: the UI's core shortens a long label (shell.md §9).
                    button = template.replace("{name}", &name);
                    subject = Some(name);
                }
            }
            return Ok(OnboardingConfig {
                field: step.field.to_owned(),
                name: step.name.to_owned(),
                description: step.description.to_owned(),
                button,
                path: step.path.to_owned(),
                subject,
            });
        }
    }
    Ok(finished())
}

/// The store's step as the member sees it: whether they closed the popup on it, and none at all
/// when the step's screen is not one their scopes open (a packer is not asked to set up the
/// store's domain).
async fn status_for<R>(
    db: &AnyPool,
    access: &StoreAccess<R>,
) -> Result<OnboardingStatus, ApiError> {
    let step = current(db, &access.store_id).await?;
    if !core_wasm::shell::menu::may_open_path(&step.path, &access.scopes) {
        return Ok(OnboardingStatus {
            current_config: None,
            dismissed: false,
        });
    }
    let dismissed =
        db::onboarding::is_dismissed(db, &access.store_id, &access.user.user_id, &step.field)
            .await?;
    Ok(OnboardingStatus {
        current_config: Some(step),
        dismissed,
    })
}

/// The store's next unfinished onboarding step, and whether the user closed the popup on it.
#[utoipa::path(get, path = "/stores/config/status", tag = "stores", security(("bearer" = [])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = OnboardingStatus), (status = 404, body = ApiErrorBody)))]
async fn status(
    State(state): State<AppState>,
    access: StoreAccess<AnyMember>,
) -> Result<Json<OnboardingStatus>, ApiError> {
    Ok(Json(status_for(&state.db, &access).await?))
}

/// Skips the current step and answers the next. On the last ("Back to Home") it changes nothing.
#[utoipa::path(put, path = "/stores/config/skip", tag = "stores", security(("bearer" = [])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = OnboardingStatus), (status = 404, body = ApiErrorBody)))]
async fn skip(
    State(state): State<AppState>,
    access: StoreAccess<AnyMember>,
) -> Result<Json<OnboardingStatus>, ApiError> {
    let step = current(&state.db, &access.store_id).await?;
    // Skipping is the store's: only a member who can act on the step skips it.
    if !core_wasm::shell::menu::may_open_path(&step.path, &access.scopes) {
        return Err(ApiError::Forbidden(
            "Only a member who can open this step's screen can skip it.".to_owned(),
        ));
    }
    if step.field != "completed" {
        db::onboarding::skip(&state.db, &access.store_id, &step.field).await?;
    }
    Ok(Json(status_for(&state.db, &access).await?))
}

/// Hides the popup on the current step for the signed-in user, on every device, until the store
/// reaches another step (the popup's close X, and Skip on "Back to Home"). Path ours.
#[utoipa::path(put, path = "/stores/config/dismiss", tag = "stores", security(("bearer" = [])),
    params(("X-Store-Id" = String, Header, description = "The store")),
    responses((status = 200, body = OnboardingStatus), (status = 404, body = ApiErrorBody)))]
async fn dismiss(
    State(state): State<AppState>,
    access: StoreAccess<AnyMember>,
) -> Result<Json<OnboardingStatus>, ApiError> {
    let step = current(&state.db, &access.store_id).await?;
    db::onboarding::dismiss(
        &state.db,
        &access.store_id,
        &access.user.user_id,
        &step.field,
    )
    .await?;
    Ok(Json(status_for(&state.db, &access).await?))
}
