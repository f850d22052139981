//! The rules of the spec in pure Rust. Nothing here reads a clock, a file, the network or a random
//! source: time, time zones and ids are passed in, so every function is a plain mapping from data
//! to data that the UI (through WebAssembly) and the server (natively) evaluate identically.

pub mod analytics;
pub mod catalog;
pub mod commerce;
pub mod designs;
#[cfg(feature = "html-cleaner")]
pub mod feeds;
pub mod formats;
pub mod limits;
pub mod money;
pub mod numbers;
pub mod payouts;
pub mod personalize;
pub mod records;
pub mod reports;
pub mod shell;
pub mod storefront;
pub mod theme;

#[cfg(all(feature = "wasm-bindings", target_arch = "wasm32"))]
mod wasm;
