//! The client's network address, for rate limits and lockouts: the peer of the TCP connection,
//! or, when `TRUST_PROXY_HEADERS=1` says proxies stand in front and the peer is one of the
//! `TRUSTED_PROXIES`, the right-most `X-Forwarded-For` address that is not a trusted proxy.
//! Proxies append the address they saw, so everything left of that is whatever the client
//! wrote and is never believed.

use std::net::{IpAddr, SocketAddr};

use axum::extract::connect_info::MockConnectInfo;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use ipnet::IpNet;

use crate::state::AppState;

/// The address a request came from, as text ("unknown" when the server cannot tell).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientAddress(pub String);

/// The client among `peer` and the `X-Forwarded-For` values (each header line in order):
/// walking from the peer leftwards, the first address that is not a trusted proxy. A hop that
/// is not an address ends the walk at the last trusted one.
pub fn client_of<'h>(
    peer: IpAddr,
    forwarded: impl IntoIterator<Item = &'h str>,
    trusted: &[IpNet],
) -> IpAddr {
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(ip));
    if !is_trusted(&peer) {
        return peer;
    }
    let hops: Vec<&str> = forwarded
        .into_iter()
        .flat_map(|line| line.split(','))
        .collect();
    let mut client = peer;
    for hop in hops.iter().rev() {
        let Ok(ip) = hop.trim().parse::<IpAddr>() else {
            break;
        };
        client = ip;
        if !is_trusted(&ip) {
            break;
        }
    }
    client
}

impl FromRequestParts<AppState> for ClientAddress {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        // The connection's peer; in-process tests set a `MockConnectInfo` instead.
        let Some(peer) = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(address)| address.ip())
            .or_else(|| {
                parts
                    .extensions
                    .get::<MockConnectInfo<SocketAddr>>()
                    .map(|MockConnectInfo(address)| address.ip())
            })
        else {
            return Ok(ClientAddress("unknown".to_owned()));
        };
        if !state.config.trust_proxy_headers {
            return Ok(ClientAddress(peer.to_string()));
        }
        let forwarded = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok());
        Ok(ClientAddress(
            client_of(peer, forwarded, &state.config.trusted_proxies).to_string(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    #[test]
    fn the_client_is_the_right_most_address_that_is_not_a_trusted_proxy() {
        let trusted: Vec<IpNet> = vec![
            "127.0.0.0/8".parse().expect("net"),
            "10.0.0.0/8".parse().expect("net"),
        ];
        let local = ip("127.0.0.1");
        // nginx appends the address it saw: whatever the client wrote stays on the left.
        assert_eq!(
            client_of(local, ["1.2.3.4, 203.0.113.9"], &trusted),
            ip("203.0.113.9")
        );
        assert_eq!(
            client_of(local, ["1.2.3.4", "203.0.113.9, 10.1.2.3"], &trusted),
            ip("203.0.113.9")
        );
        // A peer that is not a trusted proxy is the client, whatever it forwards.
        assert_eq!(
            client_of(ip("198.51.100.7"), ["1.2.3.4"], &trusted),
            ip("198.51.100.7")
        );
        // Garbage ends the walk at the last trusted hop.
        assert_eq!(
            client_of(local, ["evil, 10.9.9.9"], &trusted),
            ip("10.9.9.9")
        );
        // No header: the peer.
        assert_eq!(client_of(local, [], &trusted), local);
    }
}
