//! Looking up where a domain points, behind a trait so tests run offline with a fixed answer.

use std::net::IpAddr;
use std::sync::Arc;

/// Resolves a host to its addresses; an unknown host resolves to nothing.
pub trait Resolver: Send + Sync + std::fmt::Debug {
    fn resolve(&self, host: String) -> std::pin::Pin<Box<dyn Future<Output = Vec<IpAddr>> + Send>>;
}

/// The system resolver.
#[derive(Debug, Clone, Copy)]
pub struct SystemResolver;

impl Resolver for SystemResolver {
    fn resolve(&self, host: String) -> std::pin::Pin<Box<dyn Future<Output = Vec<IpAddr>> + Send>> {
        Box::pin(async move {
            match tokio::time::timeout(
                std::time::Duration::from_secs(5),
                tokio::net::lookup_host((host.as_str(), 443)),
            )
            .await
            {
                Ok(Ok(addresses)) => addresses.map(|a| a.ip()).collect(),
                _ => Vec::new(),
            }
        })
    }
}

/// A resolver with fixed answers, for tests.
#[derive(Debug, Clone, Default)]
pub struct FixedResolver(pub Arc<std::collections::HashMap<String, Vec<IpAddr>>>);

impl Resolver for FixedResolver {
    fn resolve(&self, host: String) -> std::pin::Pin<Box<dyn Future<Output = Vec<IpAddr>> + Send>> {
        let answer = self.0.get(&host).cloned().unwrap_or_default();
        Box::pin(async move { answer })
    }
}
