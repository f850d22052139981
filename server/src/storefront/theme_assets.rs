//! The pictures and fonts the theme templates use, and the storefront's favicon, bundled in the
//! server so that a new store's pages load nothing from another host. They are served at
//! `/theme-assets/{file}`, a path that is the same on every store's pages (embedded under
//! `/s/{subdomain}` and on a store's own host), so the templates can name them.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Where the files are served.
pub const PREFIX: &str = "/theme-assets";

/// A bundled file: its name under [`PREFIX`], its type and its bytes.
struct Asset {
    name: &'static str,
    kind: &'static str,
    body: &'static [u8],
}

macro_rules! asset {
    ($name:literal, $kind:expr) => {
        Asset {
            name: $name,
            kind: $kind,
            body: include_bytes!(concat!("assets/theme/", $name)),
        }
    };
}

const SVG: &str = "image/svg+xml";
const WOFF2: &str = "font/woff2";

/// Every bundled file (the fonts' licences sit beside them in the source, and are not served).
static ASSETS: [Asset; 15] = [
    asset!("slide-1.svg", SVG),
    asset!("slide-2.svg", SVG),
    asset!("tile-1.svg", SVG),
    asset!("tile-2.svg", SVG),
    asset!("tile-3.svg", SVG),
    asset!("story.svg", SVG),
    asset!("trust-badge.svg", SVG),
    asset!("favicon.ico", "image/x-icon"),
    // The core's text, which a page using these fonts also carries in its head.
    Asset {
        name: "fonts.css",
        kind: "text/css; charset=utf-8",
        body: core_wasm::theme::fonts::TEMPLATE_FONT_FACES.as_bytes(),
    },
    asset!("fonts/poppins-latin-600-normal.woff2", WOFF2),
    asset!("fonts/poppins-latin-700-normal.woff2", WOFF2),
    asset!("fonts/mulish-latin-400-normal.woff2", WOFF2),
    asset!("fonts/open-sans-latin-400-normal.woff2", WOFF2),
    // The demo store's personalization fonts.
    asset!("fonts/pacifico-latin-400-normal.woff2", WOFF2),
    asset!("fonts/roboto-slab-latin-400-normal.woff2", WOFF2),
];

/// The bundled file of that name.
fn find(name: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.name == name)
}

/// A bundled file's answer: cached for a day, never run as a page.
fn answer(asset: &Asset) -> Response {
    (
        [
            (header::CONTENT_TYPE, asset.kind),
            (header::CACHE_CONTROL, "public, max-age=86400"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'none'; style-src 'unsafe-inline'; font-src 'self'; sandbox",
            ),
        ],
        asset.body,
    )
        .into_response()
}

/// `GET /theme-assets/{*file}`.
pub async fn theme_asset(Path(file): Path<String>) -> Response {
    match find(&file) {
        Some(asset) => answer(asset),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// `GET /s/{subdomain}/favicon.ico` (and `/favicon.ico` on a store's own host): the bundled icon.
pub async fn favicon() -> Response {
    match find("favicon.ico") {
        Some(asset) => answer(asset),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_file_is_small_and_the_whole_stays_under_300_kb() {
        let total: usize = ASSETS.iter().map(|a| a.body.len()).sum();
        assert!(total < 300 * 1024, "{total} bytes");
        assert!(ASSETS.iter().all(|a| !a.body.is_empty()));
    }
}
