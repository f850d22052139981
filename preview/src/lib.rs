//! The theme editor's live preview, run in the preview frame: the storefront's renderer of the
//! core (`core_wasm::storefront`) compiled to WebAssembly, fed by the editor's messages and the
//! catalog snapshot the frame fetched once. An edit costs no request: the frame renders the
//! editor's draft itself, offline too.
//!
//! `plan` is the pure part (what the next frame must render, the preview's cart); `runtime`,
//! on wasm32 only, is the browser side (messages, animation frames, the DOM).

pub mod plan;

#[cfg(target_arch = "wasm32")]
mod runtime;
