//! The client's network address, for rate limits and lockouts: the peer of the TCP connection,
//! or the first `X-Forwarded-For` hop when `TRUST_PROXY_HEADERS=1` says a proxy sets it.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

use crate::state::AppState;

/// The address a request came from, as text ("unknown" when the server cannot tell).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientAddress(pub String);

impl FromRequestParts<AppState> for ClientAddress {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        if state.config.trust_proxy_headers
            && let Some(forwarded) = parts
                .headers
                .get("x-forwarded-for")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.split(',').next())
                .map(str::trim)
                .filter(|v| v.parse::<std::net::IpAddr>().is_ok())
        {
            return Ok(ClientAddress(forwarded.to_owned()));
        }
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(address)| address.ip().to_string());
        Ok(ClientAddress(peer.unwrap_or_else(|| "unknown".to_owned())))
    }
}
