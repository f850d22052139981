//! Session judgement (shell.md §4, §5, §6): from what is held locally and the time, decide
//! whether the session is valid, needs its access token renewed, or must end.

use shared_types::{LogoutReason, SessionSnapshot, SessionVerdict};

/// The claims of a JWT, if it is a readable one. The signature is not checked: that is the
/// server's business; the UI only needs to know when to renew.
fn jwt_claims(token: &str) -> Option<serde_json::Value> {
    let mut parts = token.split('.');
    let (_header, payload, _signature) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    use base64::Engine;
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload.trim_end_matches('='))
        .ok()?;
    serde_json::from_slice(&bytes).ok()
}

/// A claim in seconds since the epoch, as milliseconds.
fn claim_ms(claims: &serde_json::Value, name: &str) -> Option<i64> {
    let value = claims.get(name)?;
    let seconds = value
        .as_i64()
        .or_else(|| value.as_f64().map(|f| f as i64))?;
    seconds.checked_mul(1000)
}

/// The expiry (ms since the epoch) a JWT carries in its `exp` claim, if it is a readable JWT.
pub fn jwt_expiry_ms(token: &str) -> Option<i64> {
    claim_ms(&jwt_claims(token)?, "exp")
}

/// Whether the access token is to be renewed before the next call goes out, so that no call is
/// sent to be refused.
///
/// A token that cannot be read is due. Otherwise its lifetime is its own `exp - iat` (both the
/// server's clock) and it is counted from `received_at_ms`, when it arrived on this device (both
/// ends the device's clock): a device clock set ahead of or behind the server's changes nothing,
/// where comparing `exp` with the device's time would renew on every call. The token is due
/// `ACCESS_RENEW_AHEAD_MS` before that lifetime is over. Without its time of arrival (a session
/// saved before it was kept) or an `iat`, it is not due: the server's 401 decides, as before.
pub fn access_renew_due(access_token: &str, received_at_ms: Option<i64>, now_ms: i64) -> bool {
    let Some(claims) = jwt_claims(access_token) else {
        return true;
    };
    let (Some(expires), Some(issued), Some(received)) = (
        claim_ms(&claims, "exp"),
        claim_ms(&claims, "iat"),
        received_at_ms,
    ) else {
        return false;
    };
    let lifetime = expires.saturating_sub(issued);
    now_ms.saturating_sub(received) >= lifetime.saturating_sub(crate::limits::ACCESS_RENEW_AHEAD_MS)
}

fn present(value: &Option<String>) -> bool {
    value.as_deref().is_some_and(|v| !v.trim().is_empty())
}

/// Judges the session held locally.
///
/// In order: missing store, access token, r_domain or store id logs out; a refresh token that
/// is missing or expired logs out; scopes known to be empty log out; an access token that has
/// expired (or cannot be read) is renewed; otherwise the session is valid.
pub fn judge_session(session: &SessionSnapshot) -> SessionVerdict {
    let logout = |reason| SessionVerdict::Logout { reason };
    if !(present(&session.store)
        && present(&session.access_token)
        && present(&session.r_domain)
        && present(&session.store_id))
    {
        return logout(LogoutReason::MissingCredentials);
    }
    let refresh_expiry = session
        .refresh_token
        .as_deref()
        .filter(|token| !token.trim().is_empty())
        .and_then(|token| jwt_expiry_ms(token).or(session.refresh_expires_at));
    if refresh_expiry.is_none_or(|expiry| expiry <= session.now_ms) {
        return logout(LogoutReason::RefreshInvalid);
    }
    if session.scopes.as_ref().is_some_and(Vec::is_empty) {
        return logout(LogoutReason::NoScopes);
    }
    let access_expiry = session.access_token.as_deref().and_then(jwt_expiry_ms);
    if access_expiry.is_none_or(|expiry| expiry <= session.now_ms) {
        return SessionVerdict::Renew;
    }
    SessionVerdict::Valid
}

/// The admin path to return to after signing in again (issue 28, item 15), or `None` when
/// `candidate` is not one. Accepted: a path of this admin, relative to `/admin` (it starts with
/// one `/`), without a scheme, host, backslash, control character or encoded slash that a
/// browser could read as another origin, and not a sign-in page (that would loop). Anything
/// else, `//evil.com` and `https://evil.com` first, is refused, so a crafted link cannot send a
/// user who signs in to another site.
pub fn return_path(candidate: &str) -> Option<String> {
    const MAX_LENGTH: usize = 2048;
    let path = candidate.trim();
    let refused = path.is_empty()
        || path.len() > MAX_LENGTH
        || !path.starts_with('/')
        || path.starts_with("//")
        || path.contains('\\')
        || path.chars().any(char::is_control)
        || {
            // Encoded slashes, backslashes and control characters: decoded by some step later.
            let lower = path.to_ascii_lowercase();
            ["%2f", "%5c", "%09", "%0a", "%0d", "%00"]
                .iter()
                .any(|encoded| lower.contains(encoded))
        }
        || path == "/auth"
        || path.starts_with("/auth/")
        || path.starts_with("/auth?");
    (!refused).then(|| path.to_owned())
}
