//! The theme config: typed model of every page, section and settings group, plus the editor's
//! commands and the answers the core gives about them (editor-and-analytics.md §2.3-§3.4).
//!
//! # How the document is kept
//!
//! The editor's document is kept as a `serde_json::Value` (the core's `ThemeDoc`), and the
//! structs of this module are typed views of it. The reason is fidelity: stores carry configs
//! written by older editors, with fields this model does not know, numbers stored as strings and
//! keys in their own order. A `Value` round-trips all of that exactly, at any depth, while typed
//! structs would have to be right about every quirk of every stored config. The typed structs
//! still matter: they are the TypeScript types the UI renders panels from (through ts-rs), they
//! name every wire field exactly as the spec spells it, and each carries
//! `#[serde(flatten)] extra` so that a config read through them and written back keeps its
//! unknown fields too (the fixtures' tests check both ways).

mod command;
mod config;
mod editor;
mod panel;
mod sections;
mod settings;

pub use command::*;
pub use config::*;
pub use editor::*;
pub use panel::*;
pub use sections::*;
pub use settings::*;

/// Declares a typed view: every listed field is optional, absent fields stay absent when written
/// back, and fields the model does not know are kept in `extra`.
macro_rules! view {
    ($(#[$m:meta])* $name:ident { $($(#[$fm:meta])* $field:ident : $ty:ty),* $(,)? }) => {
        $(#[$m])*
        #[allow(non_snake_case)]
        #[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize, ts_rs::TS)]
        #[ts(export)]
        pub struct $name {
            $(
                $(#[$fm])*
                #[serde(default, skip_serializing_if = "Option::is_none")]
                #[ts(optional)]
                pub $field: Option<$ty>,
            )*
            /// Fields this model does not know, kept as they came.
            #[serde(flatten)]
            #[ts(skip)]
            pub extra: serde_json::Map<String, serde_json::Value>,
        }
    };
}
pub(crate) use view;

/// Reads and writes a field of any JSON value, keeping an explicit `null` as `Some(Value::Null)`
/// so a config read through the typed views writes its nulls back (an absent field stays `None`).
pub(crate) mod keep_null {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use serde_json::Value;

    pub(crate) fn serialize<S: Serializer>(
        value: &Option<Value>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        value.serialize(serializer)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Value>, D::Error> {
        Value::deserialize(deserializer).map(Some)
    }
}
