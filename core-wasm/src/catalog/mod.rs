//! Rules of store content beyond the theme: titles, handles, money, menus, discounts and the
//! images a store may upload. The spec gives none of these limits; ours sit here, once, so the
//! server and the UI check the same things (docs/decisions.md, "Store content", lists them).
//! One module per topic; every rule is re-exported here, as `core_wasm::catalog::*`.

mod collections;
mod discounts;
mod fields;
mod menus;
mod pages;
mod paging;
mod products;
mod uploads;
mod variants;

pub use self::collections::*;
pub use self::discounts::*;
pub use self::fields::*;
pub use self::menus::*;
pub use self::pages::*;
pub use self::paging::*;
pub use self::products::*;
pub use self::uploads::*;
pub use self::variants::*;
pub use crate::commerce::{FINANCIAL_STATUSES, FULFILLMENT_STATUSES};

/// The messages of the checks that failed, in order.
fn problems(checks: impl IntoIterator<Item = Result<(), String>>) -> Vec<String> {
    checks.into_iter().filter_map(Result::err).collect()
}
