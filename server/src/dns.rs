//! Looking up where a domain points and what its TXT records say, behind a trait so tests run
//! offline with fixed answers. The server asks the system's resolvers (`/etc/resolv.conf`), or
//! the one `DNS_SERVER` names.

use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;

use hickory_resolver::config::{ConnectionConfig, NameServerConfig, ResolverConfig};
use hickory_resolver::net::runtime::TokioRuntimeProvider;
use hickory_resolver::proto::rr::RData;

/// What a lookup gives back, later.
type Answer<T> = Pin<Box<dyn Future<Output = Vec<T>> + Send>>;

/// Resolves a host to its addresses, and a name to its TXT texts; an unknown name has none.
pub trait Resolver: Send + Sync + std::fmt::Debug {
    fn resolve(&self, host: String) -> Answer<IpAddr>;
    fn txt(&self, name: String) -> Answer<String>;
}

/// How long one lookup may take.
const LOOKUP_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// The DNS resolver: the system's configuration, or the one server `DNS_SERVER` names.
#[derive(Clone)]
pub struct SystemResolver(Arc<hickory_resolver::Resolver<TokioRuntimeProvider>>);

impl std::fmt::Debug for SystemResolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SystemResolver")
    }
}

impl SystemResolver {
    /// The system's resolvers, or `server` alone when given.
    pub fn new(server: Option<SocketAddr>) -> Result<Self, String> {
        let builder = match server {
            Some(address) => {
                let mut udp = ConnectionConfig::udp();
                udp.port = address.port();
                let mut tcp = ConnectionConfig::tcp();
                tcp.port = address.port();
                let config = ResolverConfig::from_parts(
                    None,
                    Vec::new(),
                    vec![NameServerConfig::new(address.ip(), true, vec![udp, tcp])],
                );
                hickory_resolver::Resolver::builder_with_config(
                    config,
                    TokioRuntimeProvider::default(),
                )
            }
            None => hickory_resolver::Resolver::builder_tokio().map_err(|e| e.to_string())?,
        };
        let resolver = builder.build().map_err(|e| e.to_string())?;
        Ok(SystemResolver(Arc::new(resolver)))
    }
}

/// `name` as a fully qualified name (no search domains tried).
fn absolute(name: &str) -> String {
    format!("{}.", name.trim_end_matches('.'))
}

impl Resolver for SystemResolver {
    fn resolve(&self, host: String) -> Answer<IpAddr> {
        let resolver = Arc::clone(&self.0);
        Box::pin(async move {
            match tokio::time::timeout(LOOKUP_TIMEOUT, resolver.lookup_ip(absolute(&host))).await {
                Ok(Ok(found)) => found.iter().collect(),
                _ => Vec::new(),
            }
        })
    }

    fn txt(&self, name: String) -> Answer<String> {
        let resolver = Arc::clone(&self.0);
        Box::pin(async move {
            match tokio::time::timeout(LOOKUP_TIMEOUT, resolver.txt_lookup(absolute(&name))).await {
                Ok(Ok(found)) => found
                    .answers()
                    .iter()
                    .filter_map(|record| match &record.data {
                        RData::TXT(txt) => Some(
                            txt.txt_data
                                .iter()
                                .map(|part| String::from_utf8_lossy(part))
                                .collect::<String>(),
                        ),
                        _ => None,
                    })
                    .collect(),
                _ => Vec::new(),
            }
        })
    }
}

/// A resolver with fixed answers, for tests: addresses by host and TXT texts by name, which a
/// test may add to while the app runs (a claim's token is known only once it is made).
#[derive(Debug, Clone, Default)]
pub struct FixedResolver {
    addresses: Arc<std::sync::RwLock<std::collections::HashMap<String, Vec<IpAddr>>>>,
    texts: Arc<std::sync::RwLock<std::collections::HashMap<String, Vec<String>>>>,
}

impl FixedResolver {
    /// `host` now resolves to `addresses`.
    pub fn point(&self, host: &str, addresses: Vec<IpAddr>) {
        if let Ok(mut map) = self.addresses.write() {
            map.insert(host.to_owned(), addresses);
        }
    }

    /// `name` now has the TXT text `text` (besides those it had).
    pub fn publish_txt(&self, name: &str, text: &str) {
        if let Ok(mut map) = self.texts.write() {
            map.entry(name.to_owned())
                .or_default()
                .push(text.to_owned());
        }
    }
}

impl Resolver for FixedResolver {
    fn resolve(&self, host: String) -> Answer<IpAddr> {
        let answer = self
            .addresses
            .read()
            .ok()
            .and_then(|map| map.get(&host).cloned())
            .unwrap_or_default();
        Box::pin(async move { answer })
    }

    fn txt(&self, name: String) -> Answer<String> {
        let answer = self
            .texts
            .read()
            .ok()
            .and_then(|map| map.get(&name).cloned())
            .unwrap_or_default();
        Box::pin(async move { answer })
    }
}
