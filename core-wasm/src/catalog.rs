//! Rules of store content beyond the theme: titles, handles, money, menus, discounts and the
//! images a store may upload. The spec gives none of these limits; ours sit here, once, so the
//! server and the UI check the same things (ARCHITECTURE.md lists them as decisions).

use shared_types::catalog::{
    CollectionInput, DiscountInput, MenuInput, MenuItem, PageInput, ProductInput, Variant,
};

/// Titles of pages, menus, products, collections: 1 to 255 characters.
pub const TITLE_MAX: usize = 255;
/// Handles (the slug in a storefront address): 1 to 100 of `a-z`, `0-9` and `-`.
pub const HANDLE_MAX: usize = 100;
/// A page body or product description: at most 200,000 characters of HTML.
pub const HTML_MAX: usize = 200_000;
/// Items of a menu, counting children.
pub const MENU_ITEMS_MAX: usize = 200;
/// Images of a product.
pub const PRODUCT_IMAGES_MAX: usize = 50;
/// Variants of a product.
pub const PRODUCT_VARIANTS_MAX: usize = 100;
/// Tags of a product, each at most 64 characters.
pub const PRODUCT_TAGS_MAX: usize = 50;
pub const TAG_MAX: usize = 64;
/// The largest price or amount, in major units.
pub const MONEY_MAX: f64 = 1_000_000_000.0;
/// The largest uploaded image: 5 MB.
pub const UPLOAD_MAX_BYTES: usize = 5 * 1024 * 1024;
/// The most items a list call returns in one page.
pub const PAGE_LIMIT_MAX: u32 = 250;
/// A discount code: 1 to 64 characters.
pub const DISCOUNT_CODE_MAX: usize = 64;

/// A handle made from a title: lowercase ASCII letters and digits, other runs as one `-`.
/// Falls back to `item` when nothing is left.
pub fn handle_from(title: &str) -> String {
    let mut slug = String::new();
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug: String = slug.chars().take(HANDLE_MAX).collect();
    let slug = slug.trim_matches('-');
    if slug.is_empty() {
        "item".to_owned()
    } else {
        slug.to_owned()
    }
}

/// A trimmed title of 1 to `TITLE_MAX` characters; `label` names the field in the message.
pub fn check_title(label: &str, title: &str) -> Result<String, String> {
    let title = title.trim();
    if title.is_empty() {
        return Err(format!("{label} is required."));
    }
    if title.chars().count() > TITLE_MAX {
        return Err(format!("{label} must have at most {TITLE_MAX} characters."));
    }
    Ok(title.to_owned())
}

/// A handle as given, or made from the title when empty. A given handle must already be in
/// handle form (`a-z`, `0-9`, single inner `-`).
pub fn check_handle(handle: Option<&str>, title: &str) -> Result<String, String> {
    let Some(handle) = handle.map(str::trim).filter(|h| !h.is_empty()) else {
        return Ok(handle_from(title));
    };
    let well_formed = handle.len() <= HANDLE_MAX
        && handle
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !handle.starts_with('-')
        && !handle.ends_with('-')
        && !handle.contains("--");
    if well_formed {
        Ok(handle.to_owned())
    } else {
        Err(format!(
            "A handle is 1 to {HANDLE_MAX} lowercase letters, digits and single hyphens."
        ))
    }
}

/// HTML no longer than `HTML_MAX` characters (sanitizing is the server's: it needs a parser).
pub fn check_html_length(label: &str, html: &str) -> Result<(), String> {
    if html.chars().count() > HTML_MAX {
        Err(format!("{label} must have at most {HTML_MAX} characters."))
    } else {
        Ok(())
    }
}

/// An amount in major units (`19.99`) as minor units (`1999`): not negative, at most two
/// decimals, at most `MONEY_MAX`.
pub fn money_to_minor(label: &str, amount: f64) -> Result<i64, String> {
    if !amount.is_finite() || !(0.0..=MONEY_MAX).contains(&amount) {
        return Err(format!("{label} must be between 0 and {MONEY_MAX}."));
    }
    let cents = (amount * 100.0).round();
    if ((amount * 100.0) - cents).abs() > 1e-6 {
        return Err(format!("{label} has at most two decimals."));
    }
    // In range by the check above, so the conversion is exact.
    Ok(cents as i64)
}

/// Minor units as a major amount (`1999` is `19.99`).
pub fn minor_to_money(minor: i64) -> f64 {
    minor as f64 / 100.0
}

/// Where a link may lead (editor spec §3.2 names home and category; the rest are ours).
pub const LINK_PARENTS: [&str; 5] = ["home", "category", "product", "page", "url"];

/// Checks a link: a known parent, and a slug of at most 2,000 characters.
pub fn check_link(link: &shared_types::catalog::Link) -> Result<(), String> {
    if !LINK_PARENTS.contains(&link.parent.as_str()) {
        return Err(format!(
            "A link leads to one of: {}.",
            LINK_PARENTS.join(", ")
        ));
    }
    if link.slug.chars().count() > 2000 {
        return Err("A link's address has at most 2000 characters.".to_owned());
    }
    Ok(())
}

/// Checks a menu's items: titles, links, at most one level of children, at most
/// `MENU_ITEMS_MAX` items in all.
pub fn check_menu_items(items: &[MenuItem]) -> Result<(), String> {
    let mut count = 0;
    for item in items {
        count += 1 + item.children.len();
        check_title("A menu item's title", &item.title)?;
        check_link(&item.link)?;
        for child in &item.children {
            check_title("A menu item's title", &child.title)?;
            check_link(&child.link)?;
            if !child.children.is_empty() {
                return Err("Menu items nest one level deep only.".to_owned());
            }
        }
    }
    if count > MENU_ITEMS_MAX {
        return Err(format!("A menu has at most {MENU_ITEMS_MAX} items."));
    }
    Ok(())
}

/// Checks a product's tags: at most `PRODUCT_TAGS_MAX`, each 1 to `TAG_MAX` characters once
/// trimmed; returns them trimmed, without duplicates, in order.
pub fn check_tags(tags: &[String]) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = Vec::new();
    for tag in tags {
        let tag = tag.trim();
        if tag.is_empty() || tag.chars().count() > TAG_MAX {
            return Err(format!("A tag is 1 to {TAG_MAX} characters."));
        }
        if !out.iter().any(|t| t == tag) {
            out.push(tag.to_owned());
        }
    }
    if out.len() > PRODUCT_TAGS_MAX {
        return Err(format!("A product has at most {PRODUCT_TAGS_MAX} tags."));
    }
    Ok(out)
}

/// Product statuses; a new product is active unless told otherwise.
pub const PRODUCT_STATUSES: [&str; 3] = ["active", "draft", "archived"];

/// A product that passed [`check_product`]: trimmed, with its handle, prices in minor units and
/// variants with their prices checked.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckedProduct {
    pub title: String,
    pub handle: String,
    pub price_minor: i64,
    pub compare_at_minor: Option<i64>,
    pub tags: Vec<String>,
    pub status: String,
    pub variants: Vec<Variant>,
}

/// Checks a product: title, handle, description length, prices, images, options, variants,
/// tags and status. Every problem is reported, in field order.
pub fn check_product(input: &ProductInput) -> Result<CheckedProduct, Vec<String>> {
    let mut problems = Vec::new();
    let mut keep = |r: Result<(), String>| {
        if let Err(m) = r {
            problems.push(m);
        }
    };
    let title = check_title("A product's title", &input.title);
    let handle = check_handle(input.handle.as_deref(), &input.title);
    keep(check_html_length(
        "A product's description",
        &input.description_html,
    ));
    let price = money_to_minor("The price", input.price);
    let compare_at = input
        .compare_at_price
        .map(|p| money_to_minor("The compare-at price", p))
        .transpose();
    if input.images.len() > PRODUCT_IMAGES_MAX {
        keep(Err(format!(
            "A product has at most {PRODUCT_IMAGES_MAX} images."
        )));
    }
    for image in &input.images {
        if image.src.trim().is_empty() || image.src.chars().count() > 2000 {
            keep(Err(
                "An image needs an address of at most 2000 characters.".to_owned()
            ));
            break;
        }
    }
    for option in &input.options {
        keep(check_title("An option's name", &option.name).map(|_| ()));
    }
    if input.variants.len() > PRODUCT_VARIANTS_MAX {
        keep(Err(format!(
            "A product has at most {PRODUCT_VARIANTS_MAX} variants."
        )));
    }
    let mut variants = Vec::new();
    for variant in &input.variants {
        keep(check_title("A variant's title", &variant.title).map(|_| ()));
        keep(money_to_minor("A variant's price", variant.price).map(|_| ()));
        if let Some(p) = variant.compare_at_price {
            keep(money_to_minor("A variant's compare-at price", p).map(|_| ()));
        }
        if variant.stock < 0 {
            keep(Err("Stock cannot be negative.".to_owned()));
        }
        if variant.options.len() > input.options.len().max(3) {
            keep(Err("A variant has one value per option.".to_owned()));
        }
        let mut v = variant.clone();
        v.title = v.title.trim().to_owned();
        variants.push(v);
    }
    let tags = check_tags(&input.tags);
    let status = input.status.clone().unwrap_or_else(|| "active".to_owned());
    if !PRODUCT_STATUSES.contains(&status.as_str()) {
        keep(Err(
            "A product's status is active, draft or archived.".to_owned()
        ));
    }
    for r in [&title, &handle] {
        if let Err(m) = r {
            problems.push(m.clone());
        }
    }
    for r in [&price] {
        if let Err(m) = r {
            problems.push(m.clone());
        }
    }
    if let Err(m) = &compare_at {
        problems.push(m.clone());
    }
    if let Err(m) = &tags {
        problems.push(m.clone());
    }
    match (title, handle, price, compare_at, tags) {
        (Ok(title), Ok(handle), Ok(price_minor), Ok(compare_at_minor), Ok(tags))
            if problems.is_empty() =>
        {
            Ok(CheckedProduct {
                title,
                handle,
                price_minor,
                compare_at_minor,
                tags,
                status,
                variants,
            })
        }
        _ => Err(problems),
    }
}

/// A discount's value: a percent of 0.01 to 100 (kept in hundredths of a percent) or an amount
/// (kept in minor units).
pub fn discount_value(value_type: &str, value: f64) -> Result<i64, String> {
    match value_type {
        "percent" => {
            if !(value > 0.0 && value <= 100.0) {
                return Err("A percent discount is more than 0 and at most 100.".to_owned());
            }
            money_to_minor("The percent", value)
        }
        "amount" => {
            let minor = money_to_minor("The amount", value)?;
            if minor == 0 {
                return Err("An amount discount is more than 0.".to_owned());
            }
            Ok(minor)
        }
        _ => Err("A discount's type is percent or amount.".to_owned()),
    }
}

/// A discount code: 1 to `DISCOUNT_CODE_MAX` letters, digits, `-` or `_`, kept upper-case.
pub fn check_discount_code(code: &str) -> Result<String, String> {
    let code = code.trim();
    let ok = !code.is_empty()
        && code.chars().count() <= DISCOUNT_CODE_MAX
        && code
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(code.to_ascii_uppercase())
    } else {
        Err(format!(
            "A discount code is 1 to {DISCOUNT_CODE_MAX} letters, digits, - or _."
        ))
    }
}

/// The kind of an image told by its first bytes: `(extension, content type)`. Only PNG, JPEG,
/// GIF and WebP are images a store may upload.
pub fn image_kind(bytes: &[u8]) -> Option<(&'static str, &'static str)> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(("png", "image/png"))
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(("jpg", "image/jpeg"))
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some(("gif", "image/gif"))
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some(("webp", "image/webp"))
    } else {
        None
    }
}

/// Refuses a client's file name that tries to name a place: path separators, `..`, control
/// characters, or more than 255 characters. The name is never used to store the file; a name
/// like that is refused all the same, as a sign of a client up to no good.
pub fn check_upload_name(name: &str) -> Result<(), String> {
    let tricky = name.contains('/')
        || name.contains('\\')
        || name.contains("..")
        || name.chars().any(char::is_control)
        || name.chars().count() > 255;
    if tricky {
        Err("The file name may not contain a path.".to_owned())
    } else {
        Ok(())
    }
}

/// Checks an upload's size and kind; returns `(extension, content type)`.
pub fn check_upload(bytes: &[u8]) -> Result<(&'static str, &'static str), String> {
    if bytes.is_empty() {
        return Err("The file is empty.".to_owned());
    }
    if bytes.len() > UPLOAD_MAX_BYTES {
        return Err("An image is at most 5 MB.".to_owned());
    }
    image_kind(bytes).ok_or_else(|| "Upload a PNG, JPEG, GIF or WebP image.".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_are_made_from_titles_and_checked_when_given() {
        assert_eq!(handle_from("  Summer Sale -- 2024! "), "summer-sale-2024");
        assert_eq!(handle_from("!!!"), "item");
        assert_eq!(
            check_handle(Some("about-us"), "x"),
            Ok("about-us".to_owned())
        );
        assert!(check_handle(Some("About Us"), "x").is_err());
        assert!(check_handle(Some("a--b"), "x").is_err());
        assert_eq!(check_handle(None, "About Us"), Ok("about-us".to_owned()));
    }

    #[test]
    fn money_has_two_decimals_at_most() {
        assert_eq!(money_to_minor("Price", 19.99), Ok(1999));
        assert_eq!(money_to_minor("Price", 0.0), Ok(0));
        assert!(money_to_minor("Price", 1.005).is_err());
        assert!(money_to_minor("Price", -1.0).is_err());
        assert!(money_to_minor("Price", f64::NAN).is_err());
    }

    #[test]
    fn images_are_told_by_their_first_bytes() {
        assert_eq!(
            image_kind(b"\x89PNG\r\n\x1a\nrest"),
            Some(("png", "image/png"))
        );
        assert_eq!(image_kind(b"GIF89a..."), Some(("gif", "image/gif")));
        assert_eq!(
            image_kind(b"RIFF\0\0\0\0WEBPVP8 "),
            Some(("webp", "image/webp"))
        );
        assert_eq!(image_kind(b"<svg xmlns="), None);
        assert!(check_upload(&[]).is_err());
        assert!(check_upload_name("photo.png").is_ok());
        for name in ["../x.png", "a/b.png", "..\\x.png", "x\0.png"] {
            assert!(check_upload_name(name).is_err(), "{name}");
        }
    }

    #[test]
    fn discounts_take_a_percent_or_an_amount() {
        assert_eq!(discount_value("percent", 12.5), Ok(1250));
        assert!(discount_value("percent", 120.0).is_err());
        assert_eq!(discount_value("amount", 5.0), Ok(500));
        assert!(discount_value("free", 5.0).is_err());
        assert_eq!(check_discount_code(" save10 "), Ok("SAVE10".to_owned()));
        assert!(check_discount_code("no spaces").is_err());
    }
}

/// The financial states of an order (server migration 0003_orders.sql).
pub const FINANCIAL_STATUSES: [&str; 4] = ["pending", "paid", "refunded", "voided"];

/// The fulfilment states of an order; the dashboard's open orders are the `unfulfilled` ones.
pub const FULFILLMENT_STATUSES: [&str; 3] = ["unfulfilled", "partial", "fulfilled"];

/// Whether an order may be marked fulfilled: not when it is fulfilled already, nor when its
/// money went back (refunded) or never came (voided).
pub fn check_fulfil(financial_status: &str, fulfillment_status: &str) -> Result<(), String> {
    if fulfillment_status == "fulfilled" {
        return Err("This order is fulfilled already.".to_owned());
    }
    if financial_status == "refunded" || financial_status == "voided" {
        return Err(format!("A {financial_status} order is not fulfilled."));
    }
    Ok(())
}

/// A discount is a code customers type, or applies by itself (automatic).
pub const DISCOUNT_METHODS: [&str; 2] = ["code", "automatic"];

/// A discount takes a percent or an amount off.
pub const DISCOUNT_VALUE_TYPES: [&str; 2] = ["percent", "amount"];

/// A discount that passed [`check_discount`]: method, code (or title) and value in minor units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedDiscount {
    pub method: String,
    pub code: String,
    pub value: i64,
}

/// Checks a discount: its method (code by default), the code or the automatic discount's
/// title, the value for its type, and that it ends after it starts.
pub fn check_discount(input: &DiscountInput) -> Result<CheckedDiscount, String> {
    let method = input.method.clone().unwrap_or_else(|| "code".to_owned());
    let code = match method.as_str() {
        "code" => check_discount_code(&input.code)?,
        "automatic" => check_title("An automatic discount's title", &input.code)?,
        _ => return Err("A discount is a code or automatic.".to_owned()),
    };
    let value = discount_value(&input.value_type, input.value)?;
    if let (Some(start), Some(end)) = (input.starts_at, input.ends_at)
        && end <= start
    {
        return Err("A discount ends after it starts.".to_owned());
    }
    Ok(CheckedDiscount {
        method,
        code,
        value,
    })
}

/// How a collection finds its products: chosen one by one, or every product with a tag.
pub const COLLECTION_KINDS: [&str; 2] = ["manual", "tag"];

fn problems(checks: impl IntoIterator<Item = Result<(), String>>) -> Vec<String> {
    checks.into_iter().filter_map(Result::err).collect()
}

/// Every problem of a page: title, handle and body length (the server also sanitizes).
pub fn page_problems(input: &PageInput) -> Vec<String> {
    problems([
        check_title("A page's title", &input.title).map(drop),
        check_handle(input.handle.as_deref(), input.title.trim()).map(drop),
        check_html_length("A page's body", &input.body_html),
        check_font_sizes("A page's body", &input.body_html),
    ])
}

/// Rich text whose inline font sizes are all among the allowed ones (spec: 10 to 36 px, listed).
pub fn check_font_sizes(label: &str, html: &str) -> Result<(), String> {
    let allowed = crate::limits::RICH_TEXT_FONT_SIZES_PX;
    match crate::theme::inline_font_sizes(html)
        .into_iter()
        .find(|size| !allowed.contains(size))
    {
        None => Ok(()),
        Some(size) => {
            let list: Vec<String> = allowed.iter().map(|s| format!("{s}px")).collect();
            Err(format!(
                "{label} uses the font size {size}px; the sizes are {}.",
                list.join(", ")
            ))
        }
    }
}

/// Every problem of a menu: title, handle and items.
pub fn menu_problems(input: &MenuInput) -> Vec<String> {
    problems([
        check_title("A menu's title", &input.title).map(drop),
        check_handle(input.handle.as_deref(), input.title.trim()).map(drop),
        check_menu_items(&input.items),
    ])
}

/// Every problem of a collection that needs no database: title, handle, kind and tag (the
/// server also checks that a manual collection's products are the store's own).
pub fn collection_problems(input: &CollectionInput) -> Vec<String> {
    let kind = input.kind.as_deref().unwrap_or("manual");
    problems([
        check_title("A collection's title", &input.title).map(drop),
        check_handle(input.handle.as_deref(), input.title.trim()).map(drop),
        match kind {
            "manual" => Ok(()),
            "tag" => check_tags(&[input.tag.clone().unwrap_or_default()]).map(drop),
            _ => Err("A collection is manual or by tag.".to_owned()),
        },
    ])
}
