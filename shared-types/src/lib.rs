//! Plain serde data that crosses a boundary: between the core and the UI (through WASM), and
//! between the server and the UI (as JSON). Nothing here has behaviour; the rules live in
//! `core-wasm`. `cargo test` writes the TypeScript mirror of every type to `ui/src/types/generated`.

/// Derives what every data type of an API module needs (serde in camelCase, the TypeScript
/// mirror, the OpenAPI schema) on each item given. Defined before the modules that use it.
macro_rules! dto {
    ($($item:item)*) => {
        $(
            #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
            #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
            #[serde(rename_all = "camelCase")]
            #[ts(export)]
            $item
        )*
    };
}

pub mod analytics;
pub mod api;
pub mod catalog;
pub mod commerce;
pub mod designs;
pub mod forms;
pub mod live;
pub mod money;
pub mod operations;
pub mod records;
pub mod reports;
pub mod shell;
pub mod theme;

pub use analytics::*;
pub use api::*;
pub use forms::*;
pub use money::{Money, MoneyError};
pub use operations::*;
pub use shell::*;
