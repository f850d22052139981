//! Exports of the shell rules.

use shared_types::{
    ChangePasswordForm, Currency, DisplaySettings, ForgotPasswordForm, LoginForm, MenuContext,
    OnboardingConfig, PagePreferenceChoices, RegisterForm, ResetPasswordForm, SessionSnapshot,
    StaffInvitationForm,
};
use wasm_bindgen::prelude::*;

use super::{from_js, strings, to_js};
use crate::formats;
use crate::shell;

/// Judges a login form `{email, password}`; returns a `LoginCheck`.
#[wasm_bindgen(js_name = checkLogin)]
pub fn check_login(form: JsValue) -> Result<JsValue, JsError> {
    to_js(&shell::check_login(&from_js::<LoginForm>(form)?))
}

/// Judges a password chosen for a new account outside the sign-up form (an accepted
/// invitation); returns a `FieldError` or null.
#[wasm_bindgen(js_name = checkNewPassword)]
pub fn check_new_password(password: &str) -> Result<JsValue, JsError> {
    to_js(&shell::check_new_password(password))
}

/// Judges the first name the survey asks a new merchant; returns a `FieldError` or null.
#[wasm_bindgen(js_name = checkFirstName)]
pub fn check_first_name(name: &str) -> Result<JsValue, JsError> {
    to_js(&shell::check_first_name(name))
}

/// Judges a sign-up form; returns a `FormVerdict<RegisterForm>`.
#[wasm_bindgen(js_name = checkRegister)]
pub fn check_register(form: JsValue) -> Result<JsValue, JsError> {
    to_js(&shell::check_register(&from_js::<RegisterForm>(form)?))
}

/// Judges a forgot-password form.
#[wasm_bindgen(js_name = checkForgotPassword)]
pub fn check_forgot_password(form: JsValue) -> Result<JsValue, JsError> {
    to_js(&shell::check_forgot_password(
        &from_js::<ForgotPasswordForm>(form)?,
    ))
}

/// Judges a reset-password form.
#[wasm_bindgen(js_name = checkResetPassword)]
pub fn check_reset_password(form: JsValue) -> Result<JsValue, JsError> {
    to_js(&shell::check_reset_password(&from_js::<ResetPasswordForm>(
        form,
    )?))
}

/// Judges a change-password form.
#[wasm_bindgen(js_name = checkChangePassword)]
pub fn check_change_password(form: JsValue) -> Result<JsValue, JsError> {
    to_js(&shell::check_change_password(
        &from_js::<ChangePasswordForm>(form)?,
    ))
}

/// Judges a staff invitation form.
#[wasm_bindgen(js_name = checkStaffInvitation)]
pub fn check_staff_invitation(form: JsValue) -> Result<JsValue, JsError> {
    to_js(&shell::check_staff_invitation(&from_js::<
        StaffInvitationForm,
    >(form)?))
}

/// The problem of a staff member's scopes (at least one, each a role key), or `undefined`.
#[wasm_bindgen(js_name = checkScopes)]
pub fn check_scopes(scopes: Vec<String>) -> Option<String> {
    shell::check_scopes(&scopes).map(|error| error.message)
}

/// The scopes a member may grant, invite with or take away (every one for the owner).
#[wasm_bindgen(js_name = grantableScopes)]
pub fn grantable_scopes(is_owner: bool, held: Vec<String>) -> Vec<String> {
    shell::permissions::grantable_scopes(is_owner, &held)
        .into_iter()
        .map(str::to_owned)
        .collect()
}

/// The dashboard greeting for a local hour; returns a `Greeting`.
#[wasm_bindgen(js_name = greeting)]
pub fn greeting(
    hour: u32,
    first_name: Option<String>,
    last_name: Option<String>,
) -> Result<JsValue, JsError> {
    let greeting = shell::greeting(hour, first_name.as_deref(), last_name.as_deref())
        .map_err(|e| JsError::new(e.code()))?;
    to_js(&greeting)
}

/// The display name of a user: first and last name, or "User".
#[wasm_bindgen(js_name = fullName)]
pub fn full_name(first_name: Option<String>, last_name: Option<String>) -> String {
    shell::full_name(first_name.as_deref(), last_name.as_deref())
}

/// The menu for a `MenuContext`; returns a `Menu`.
#[wasm_bindgen(js_name = menu)]
pub fn menu(context: JsValue) -> Result<JsValue, JsError> {
    to_js(&shell::menu::menu(&from_js::<MenuContext>(context)?))
}

/// Whether a user with `scopes` may open the route named `route`.
#[wasm_bindgen(js_name = mayOpen)]
pub fn may_open(route: &str, scopes: Vec<String>) -> bool {
    shell::menu::may_open(route, &scopes)
}

/// Where a user lands after signing in, for a `MenuContext`: a path under `/admin`.
#[wasm_bindgen(js_name = landingPath)]
pub fn landing_path(context: JsValue) -> Result<String, JsError> {
    Ok(shell::menu::landing_path(&from_js::<MenuContext>(context)?))
}

/// The admin path to return to after signing in again, or undefined when it is not a safe one.
#[wasm_bindgen(js_name = returnPath)]
pub fn return_path(candidate: &str) -> Option<String> {
    shell::return_path(candidate)
}

/// Every named route; returns `RouteInfo[]`.
#[wasm_bindgen(js_name = routes)]
pub fn routes() -> Result<JsValue, JsError> {
    to_js(&shell::menu::routes())
}

/// Judges the locally held session; returns a `SessionVerdict`.
#[wasm_bindgen(js_name = judgeSession)]
pub fn judge_session(session: JsValue) -> Result<JsValue, JsError> {
    to_js(&shell::judge_session(&from_js::<SessionSnapshot>(session)?))
}

/// Whether the access token is to be renewed before the next call: unreadable, or its lifetime
/// counted on this device from `received_at_ms` (nearly) over.
#[wasm_bindgen(js_name = accessRenewDue)]
pub fn access_renew_due(access_token: &str, received_at_ms: Option<f64>, now_ms: f64) -> bool {
    shell::access_renew_due(
        access_token,
        received_at_ms.map(|ms| ms as i64),
        now_ms as i64,
    )
}

/// The shell's periods, sizes and defaults; returns `ShellConstants`.
#[wasm_bindgen(js_name = shellConstants)]
pub fn shell_constants() -> Result<JsValue, JsError> {
    to_js(&shell::constants())
}

/// Money with the currency sign, e.g. `$1,234.50`.
#[wasm_bindgen(js_name = money)]
pub fn money(amount: f64, settings: JsValue) -> Result<String, JsError> {
    Ok(shell::money(amount, &from_js::<DisplaySettings>(settings)?))
}

/// Money with the currency code, e.g. `1,234.50 USD`.
#[wasm_bindgen(js_name = moneyWithCode)]
pub fn money_with_code(amount: f64, settings: JsValue) -> Result<String, JsError> {
    Ok(shell::money_with_code(
        amount,
        &from_js::<DisplaySettings>(settings)?,
    ))
}

/// The subdomain a new store of this name gets when it is free (never a reserved one).
#[wasm_bindgen(js_name = subdomainFor)]
pub fn subdomain_for(name: &str) -> String {
    shell::addresses::subdomain_for(name)
}

/// The reserved subdomain this name would have made, or `undefined`.
#[wasm_bindgen(js_name = reservedSubdomainOf)]
pub fn reserved_subdomain_of(name: &str) -> Option<String> {
    shell::addresses::reserved_subdomain_of(name)
}

/// The page title for a store subdomain.
#[wasm_bindgen(js_name = pageTitle)]
pub fn page_title(subdomain: &str) -> String {
    shell::page_title(subdomain)
}

/// The onboarding popup as drawn; returns an `OnboardingView`.
#[wasm_bindgen(js_name = onboardingView)]
pub fn onboarding_view(config: JsValue, store_domain: &str) -> Result<JsValue, JsError> {
    to_js(&shell::onboarding_view(
        &from_js::<OnboardingConfig>(config)?,
        store_domain,
    ))
}

/// The rank badge of a subscription code, or `null`.
#[wasm_bindgen(js_name = rankBadge)]
pub fn rank_badge(code: &str) -> Result<JsValue, JsError> {
    to_js(&shell::rank_badge(code))
}

/// The values each choice of a page preference may take; returns a `PagePreferenceChoices`.
#[wasm_bindgen(js_name = pagePreferenceChoices)]
pub fn page_preference_choices() -> Result<JsValue, JsError> {
    to_js(&PagePreferenceChoices {
        business_types: strings(shell::BUSINESS_TYPES),
        payment_choices: strings(shell::PAYMENT_CHOICES),
        theme_families: strings(shell::THEME_FAMILIES),
    })
}

/// Money in a currency (`USD`, `VND`, ...) in the reader's language (`en`, `vi`).
#[wasm_bindgen(js_name = formatMoney)]
pub fn format_money(amount: f64, currency: &str, language: &str) -> String {
    formats::money(amount, currency, formats::Language::parse(language))
}

/// A number with at most `max_decimals` decimals in the reader's language.
#[wasm_bindgen(js_name = formatNumber)]
pub fn format_number(value: f64, max_decimals: u32, language: &str) -> String {
    formats::number(value, max_decimals, formats::Language::parse(language))
}

/// A percentage with at most 2 decimals in the reader's language.
#[wasm_bindgen(js_name = formatPercent)]
pub fn format_percent(value: f64, language: &str) -> String {
    formats::percent(value, formats::Language::parse(language))
}

/// An instant as the store's clock reads it (`offset_minutes` ahead of UTC), in a style
/// (`dateTime`, `date`, `time`, `dayMonth`, `monthYear`, `notification`).
#[wasm_bindgen(js_name = formatDate)]
pub fn format_date(
    ms: f64,
    offset_minutes: i32,
    style: &str,
    language: &str,
) -> Result<String, JsError> {
    let style = formats::DateStyle::parse(style)
        .ok_or_else(|| JsError::new(&format!("unknown date style {style:?}")))?;
    Ok(formats::date(
        ms as i64,
        offset_minutes,
        style,
        formats::Language::parse(language),
    ))
}

/// The currencies a store may choose, with their signs and minor digits; returns `Currency[]`.
#[wasm_bindgen(js_name = currencies)]
pub fn currencies() -> Result<JsValue, JsError> {
    let list: Vec<Currency> = formats::CURRENCIES
        .iter()
        .copied()
        .map(Currency::from)
        .collect();
    to_js(&list)
}
