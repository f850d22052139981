//! Small HTML helpers: escaping, cleaning seller HTML, images, icons, money.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

/// HTML-escapes text for content and attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Seller HTML (pages, reviews, footer info, tabs, policies) cleaned of scripts and handlers,
/// keeping rich text's allowed font sizes and alignments, as the admin saves them.
#[cfg(feature = "html-cleaner")]
pub fn clean(html: &str) -> String {
    crate::catalog::sanitize_html(html)
}

/// Without the cleaner (the preview frame's build), seller HTML goes as it is: everything the
/// frame renders was cleaned where it entered it, by the server ([`clean_config_html`],
/// [`Snapshot::clean_html`](crate::storefront::preview::Snapshot::clean_html)). The parity
/// check renders payload-laden configs both ways and compares (`storefront_parity_cases`).
#[cfg(not(feature = "html-cleaner"))]
pub fn clean(html: &str) -> String {
    html.to_owned()
}

/// Where a theme config holds text the storefront reads as HTML (and cleans), `*` for any key
/// or index: the product-review section's body, feature-content and image-with-text blocks, the
/// footer's info, the checkout's description, the product page's shipping, policy, description
/// and tab contents, the thank-you page's delivery policies. Other texts (popups' and slides'
/// `content` among them) are plain text, escaped where they show.
pub const HTML_PATHS: [&[&str]; 8] = [
    &["pages", "*", "sections", "*", "settings", "body_html"],
    &[
        "pages", "*", "sections", "*", "settings", "blocks", "*", "content",
    ],
    &["pages", "*", "sections", "*", "settings", "info"],
    &["settings", "checkout", "checkout_description"],
    &["settings", "product", "setting_shipping", "*", "content"],
    &["settings", "product", "setting_description", "*", "content"],
    &["settings", "product", "tabs-detail", "*", "content"],
    &[
        "settings",
        "thankpage",
        "delivery_policies",
        "settings",
        "blocks",
        "*",
        "content",
    ],
];

/// Whether a path (its segments from the root) is one of [`HTML_PATHS`].
#[cfg(feature = "html-cleaner")]
fn is_html_path(path: &[String]) -> bool {
    HTML_PATHS.iter().any(|pattern| {
        pattern.len() == path.len()
            && pattern
                .iter()
                .zip(path)
                .all(|(want, have)| *want == "*" || want == have)
    })
}

/// Cleans, in place, every text of a config the storefront reads as HTML ([`HTML_PATHS`]), as
/// [`clean`] does as it renders: the config the preview frame is sent holds only clean HTML.
/// Iterative, so no config can exhaust the stack.
#[cfg(feature = "html-cleaner")]
pub fn clean_config_html(config: &mut Value) {
    clean_html_under(config, Vec::new());
}

/// Cleans, in place, a command's value the storefront reads as HTML, or the HTML texts inside
/// it: what a live session passes on to the other editors' preview frames is clean too.
#[cfg(feature = "html-cleaner")]
pub fn clean_command_html(command: &mut shared_types::theme::ThemeCommand) {
    let clean_at = |path: &str, value: &mut Value| {
        if let Ok(segments) = crate::theme::parse_pointer(path) {
            match value {
                Value::String(text) if is_html_path(&segments) => *text = clean(text),
                _ => clean_html_under(value, segments),
            }
        }
    };
    match command {
        shared_types::theme::ThemeCommand::SetField { path, value } => clean_at(path, value),
        shared_types::theme::ThemeCommand::Restore { values } => {
            for restored in values {
                if let Some(value) = restored.value.as_mut() {
                    clean_at(&restored.path, value);
                }
            }
        }
        _ => {}
    }
}

/// Cleans the HTML texts of `value`, which sits at `path` in a config.
#[cfg(feature = "html-cleaner")]
fn clean_html_under(value: &mut Value, path: Vec<String>) {
    let mut stack: Vec<(&mut Value, Vec<String>)> = vec![(value, path)];
    while let Some((node, path)) = stack.pop() {
        // No HTML path is deeper than eight segments.
        if path.len() >= 8 {
            continue;
        }
        let children: Vec<(String, &mut Value)> = match node {
            Value::Object(map) => map.iter_mut().map(|(k, v)| (k.clone(), v)).collect(),
            Value::Array(items) => items
                .iter_mut()
                .enumerate()
                .map(|(i, v)| (i.to_string(), v))
                .collect(),
            _ => Vec::new(),
        };
        for (segment, value) in children {
            let mut inner = path.clone();
            inner.push(segment);
            match value {
                Value::String(text) if is_html_path(&inner) => *text = clean(text),
                _ => stack.push((value, inner)),
            }
        }
    }
}

/// An image address the page may load: site-relative, https or http; anything else is dropped.
pub fn image_src(src: &str) -> Option<String> {
    let s = src.trim();
    (s.starts_with('/') && !s.starts_with("//")
        || s.starts_with("https://")
        || s.starts_with("http://"))
    .then(|| s.to_owned())
}

/// Money in the store's currency, by the core's formats (the storefront reads in English).
pub fn money(currency: &str, minor: i64) -> String {
    crate::formats::money_minor(minor, currency, crate::formats::Language::En)
}

/// The placeholder theme texts take for the store's free-shipping threshold
/// ([`View::shop_text`]); the templates' free-shipping texts use it.
pub const FREE_SHIPPING_THRESHOLD: &str = "{free_shipping_threshold}";

impl<'v> View<'v> {
    /// The config's settings group (dotted: `product`, `checkout.time`), read with the rule
    /// table's defaults and limits.
    pub fn settings(&self, group: &'static str) -> Node<'v> {
        Node::settings(self.config, self.family.theme_family(), group)
    }

    /// A section's settings, read with the rule table's defaults and limits.
    pub fn section<'s>(&self, section: &'s Value) -> Node<'s> {
        Node::section(section, self.family.theme_family())
    }

    pub(crate) fn base(&self) -> &str {
        &self.shop.base
    }

    pub(crate) fn money(&self, amount: shared_types::Money) -> String {
        money(
            &self.shop.currency,
            crate::money::stored_minor(amount, self.currency()),
        )
    }

    /// The store's currency.
    pub(crate) fn currency(&self) -> crate::formats::Currency {
        crate::formats::currency_or_default(&self.shop.currency)
    }

    /// A theme text with the store's own values in its placeholders: [`FREE_SHIPPING_THRESHOLD`]
    /// becomes the store's free-shipping threshold in its currency. A text that names a
    /// threshold the store does not have (it offers no free shipping) is left out: empty.
    pub(crate) fn shop_text(&self, text: &str) -> String {
        if !text.contains(FREE_SHIPPING_THRESHOLD) {
            return text.to_owned();
        }
        match self.shop.shipping.free_over_minor {
            Some(threshold) => text.replace(
                FREE_SHIPPING_THRESHOLD,
                &money(&self.shop.currency, threshold),
            ),
            None => String::new(),
        }
    }

    /// Where a theme or menu link leads (`parent` home, category, product, page or url).
    pub fn href(&self, link: &Value) -> String {
        let slug = match text(link, "params.slug") {
            "" => text(link, "slug"),
            s => s,
        };
        let base = self.base();
        let slug_enc = slug_path(slug);
        match text(link, "parent") {
            "category" if slug.is_empty() => format!("{base}/collections/all"),
            "category" => format!("{base}/collections/{slug_enc}"),
            "product" if !slug.is_empty() => format!("{base}/products/{slug_enc}"),
            "page" if !slug.is_empty() => format!("{base}/pages/{slug_enc}"),
            "url" if slug.starts_with("https://") || slug.starts_with("http://") => slug.to_owned(),
            "home" if !slug.is_empty() => format!("{base}/pages/{slug_enc}"),
            _ => format!("{base}/"),
        }
    }

    pub(crate) fn product_href(&self, product: &Product) -> String {
        format!("{}/products/{}", self.base(), slug_path(&product.handle))
    }
}

pub(crate) fn slug_path(slug: &str) -> String {
    slug.chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect()
}

/// What a picture below the first screen is written with: it loads when it comes near.
pub(crate) const LAZY: &str = " loading=\"lazy\" decoding=\"async\"";

/// An image with its size (so the layout does not move) inside a placeholder frame. An upload
/// kept at widths offers them in WebP (`srcset`), up to the width it is shown at.
pub(crate) fn img(src: &str, alt: &str, width: u32, height: u32, eager: bool) -> String {
    img_sized(src, alt, width, height, eager, None)
}

/// [`img`] with the widths the page shows it at (`sizes`), where the page knows better than
/// "the whole screen up to `width`" (a card in a two-column grid on a phone).
pub(crate) fn img_sized(
    src: &str,
    alt: &str,
    width: u32,
    height: u32,
    eager: bool,
    sizes: Option<&str>,
) -> String {
    let Some(src) = image_src(src) else {
        return String::new();
    };
    let widths = match crate::catalog::picture_srcset(&src) {
        Some(srcset) => format!(
            " srcset=\"{}\" sizes=\"{}\"",
            esc(&srcset),
            esc(&sizes.map_or_else(
                || format!("(max-width: {width}px) 100vw, {width}px"),
                str::to_owned
            ))
        ),
        None => String::new(),
    };
    format!(
        "<img src=\"{}\"{widths} alt=\"{}\" width=\"{width}\" height=\"{height}\"{}>",
        esc(&src),
        esc(alt),
        if eager {
            " fetchpriority=\"high\""
        } else {
            LAZY
        }
    )
}

/// An image that falls back to `fallback` (a catalog picture) when its own address fails.
pub(crate) fn img_or(
    src: &str,
    fallback: Option<&str>,
    alt: &str,
    width: u32,
    height: u32,
) -> String {
    let fallback = fallback.and_then(image_src);
    let src = if image_src(src).is_some() {
        src.to_owned()
    } else {
        fallback.clone().unwrap_or_default()
    };
    let html = img(&src, alt, width, height, false);
    match fallback.filter(|f| *f != src) {
        Some(f) if !html.is_empty() => {
            html.replacen("<img ", &format!("<img data-fallback=\"{}\" ", esc(&f)), 1)
        }
        _ => html,
    }
}

/// The picture a block without one shows (a new section's), drawn inline: a landscape on the
/// frame's own grey, so a new section reads as a picture to choose, on the store as in the editor.
pub(crate) const PLACEHOLDER_PICTURE: &str = "<svg class=\"ph-pic\" viewBox=\"0 0 8 6\" aria-hidden=\"true\"><path d=\"M0 5l2-2 2 1.5 1-1 3 2v.5H0z\" fill=\"#aeb6c1\"/></svg>";

/// A few line icons (footer info, header), drawn inline so no request is needed.
pub(crate) fn icon(name: &str) -> &'static str {
    match name {
        "truck" | "shipping" => {
            "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path d=\"M3 6h11v9H3zM14 9h4l3 3v3h-7z\"/><circle cx=\"7\" cy=\"17\" r=\"2\"/><circle cx=\"17\" cy=\"17\" r=\"2\"/></svg>"
        }
        "search" => {
            "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><circle cx=\"11\" cy=\"11\" r=\"7\"/><path d=\"M20 20l-4-4\"/></svg>"
        }
        "cart" => {
            "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path d=\"M3 4h2l2 11h11l2-8H6\"/><circle cx=\"9\" cy=\"19\" r=\"1.5\"/><circle cx=\"17\" cy=\"19\" r=\"1.5\"/></svg>"
        }
        "account" => {
            "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><circle cx=\"12\" cy=\"8\" r=\"4\"/><path d=\"M4 21c1-4 4-6 8-6s7 2 8 6\"/></svg>"
        }
        "menu" => {
            "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path d=\"M3 6h18M3 12h18M3 18h18\"/></svg>"
        }
        "shield" | "secure" => {
            "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path d=\"M12 3l8 3v6c0 5-4 8-8 9-4-1-8-4-8-9V6z\"/><path d=\"M8 12l3 3 5-6\"/></svg>"
        }
        "return" | "returns" => {
            "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path d=\"M4 10h12a4 4 0 010 8H9\"/><path d=\"M8 6l-4 4 4 4\"/></svg>"
        }
        "support" | "phone" => {
            "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path d=\"M4 13a8 8 0 0116 0v4h-4v-5h4M4 12h4v5H4z\"/></svg>"
        }
        _ => {
            "<svg viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path d=\"M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z\"/></svg>"
        }
    }
}

pub(crate) fn payment_badge(value: &str) -> String {
    let label = match value.to_ascii_lowercase().as_str() {
        "visa" => "VISA",
        "mastercard" => "Mastercard",
        "amex" | "american_express" => "AMEX",
        "paypal" => "PayPal",
        "discover" => "Discover",
        "apple_pay" | "applepay" => "Apple Pay",
        "google_pay" | "googlepay" => "G Pay",
        _ => value,
    };
    format!(
        "<span class=\"pay pay-{}\">{}</span>",
        slug_path(&value.to_ascii_lowercase()),
        esc(label)
    )
}
