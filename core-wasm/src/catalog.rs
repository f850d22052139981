//! Rules of store content beyond the theme: titles, handles, money, menus, discounts and the
//! images a store may upload. The spec gives none of these limits; ours sit here, once, so the
//! server and the UI check the same things (docs/decisions.md, "Store content", lists them).

use shared_types::FieldProblem;
use shared_types::catalog::{
    CollectionInput, DiscountInput, Image, MenuInput, MenuItem, PageInput, ProductInput,
    ProductOption, Variant,
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

/// The largest stock of a variant.
pub const STOCK_MAX: i64 = 1_000_000;

/// One page of a list: its number from 1, its size and the rows before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    pub page: u32,
    pub limit: u32,
    pub offset: i64,
}

/// The page a list call asked for: `page` from 1 (default 1), `limit` from 1 to
/// `PAGE_LIMIT_MAX` (default `default`); anything else is refused with the reason. Every
/// list of the API pages by this one rule.
pub fn paging(page: Option<u32>, limit: Option<u32>, default: u32) -> Result<Paging, String> {
    let page = page.unwrap_or(1);
    let limit = limit.unwrap_or(default);
    if page == 0 || !(1..=PAGE_LIMIT_MAX).contains(&limit) {
        return Err(format!(
            "page starts at 1 and limit is 1 to {PAGE_LIMIT_MAX}."
        ));
    }
    Ok(Paging {
        page,
        limit,
        offset: i64::from(page - 1) * i64::from(limit),
    })
}
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
/// Options of a product (Size, Colour, Material ...), whose values make its variants.
pub const PRODUCT_OPTIONS_MAX: usize = 3;
/// Values of one option: no more than a product may have variants.
pub const OPTION_VALUES_MAX: usize = PRODUCT_VARIANTS_MAX;
/// An option's value: 1 to 64 characters once trimmed (three of them make a variant's title).
pub const OPTION_VALUE_MAX: usize = 64;
/// A variant's SKU: at most 64 characters.
pub const SKU_MAX: usize = 64;
/// An image's address: at most 2,000 characters.
pub const IMAGE_SRC_MAX: usize = 2000;
/// An image's alternative text: at most 512 characters.
pub const IMAGE_ALT_MAX: usize = 512;
/// What joins a variant's option values into its title (`Red / M`).
pub const VARIANT_TITLE_SEPARATOR: &str = " / ";

/// A product that passed [`check_product`]: trimmed, with its handle, prices in minor units,
/// its images, options and variants trimmed.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckedProduct {
    pub title: String,
    pub handle: String,
    pub price_minor: i64,
    pub compare_at_minor: Option<i64>,
    pub tags: Vec<String>,
    pub status: String,
    pub images: Vec<Image>,
    pub options: Vec<ProductOption>,
    pub variants: Vec<Variant>,
}

/// The problems found so far, each at its field.
#[derive(Default)]
struct Found(Vec<FieldProblem>);

impl Found {
    fn add(&mut self, path: &str, code: &str, message: String, limit: Option<usize>) {
        self.0.push(FieldProblem {
            path: path.to_owned(),
            code: code.to_owned(),
            message,
            limit: limit.and_then(|l| u32::try_from(l).ok()),
        });
    }

    /// A title-like text (1 to `TITLE_MAX` characters): `code.required` or `code.tooLong`.
    fn title(&mut self, path: &str, code: &str, label: &str, value: &str) {
        if let Err(message) = check_title(label, value) {
            if value.trim().is_empty() {
                self.add(path, &format!("{code}.required"), message, None);
            } else {
                self.add(path, &format!("{code}.tooLong"), message, Some(TITLE_MAX));
            }
        }
    }

    /// An amount of money: `code.range` or `code.decimals`; the minor units when right.
    fn money(&mut self, path: &str, code: &str, label: &str, amount: f64) -> Option<i64> {
        match money_to_minor(label, amount) {
            Ok(minor) => Some(minor),
            Err(message) => {
                if amount.is_finite() && (0.0..=MONEY_MAX).contains(&amount) {
                    self.add(path, &format!("{code}.decimals"), message, None);
                } else {
                    self.add(
                        path,
                        &format!("{code}.range"),
                        message,
                        Some(MONEY_MAX as usize),
                    );
                }
                None
            }
        }
    }
}

/// An image's address: a path on this site (`/uploads/...`) or an `http(s)` address, at most
/// `IMAGE_SRC_MAX` characters.
pub fn check_image_src(src: &str) -> Result<(), String> {
    let src = src.trim();
    let lower = src.to_ascii_lowercase();
    let well_formed = (src.starts_with('/') && !src.starts_with("//"))
        || lower.starts_with("https://")
        || lower.starts_with("http://");
    if well_formed && src.chars().count() <= IMAGE_SRC_MAX && !src.chars().any(char::is_whitespace)
    {
        Ok(())
    } else {
        Err(format!(
            "An image's address is a path on this site or an http(s) address of at most {IMAGE_SRC_MAX} characters."
        ))
    }
}

/// How many variants the options make: the product of their numbers of values (saturating).
fn combinations(options: &[ProductOption]) -> usize {
    options
        .iter()
        .fold(1usize, |n, option| n.saturating_mul(option.values.len()))
}

/// Every problem of a product, each at its field, in the form's order: title, handle,
/// description, prices, images, options, variants, tags and status.
pub fn product_problems(input: &ProductInput) -> Vec<FieldProblem> {
    product_verdict(input).0
}

fn product_verdict(input: &ProductInput) -> (Vec<FieldProblem>, Option<CheckedProduct>) {
    let mut found = Found::default();
    found.title("title", "product.title", "A product's title", &input.title);
    let handle = check_handle(input.handle.as_deref(), input.title.trim());
    if let Err(message) = &handle {
        found.add(
            "handle",
            "product.handle.invalid",
            message.clone(),
            Some(HANDLE_MAX),
        );
    }
    if let Err(message) = check_html_length("A product's description", &input.description_html) {
        found.add(
            "descriptionHtml",
            "product.description.tooLong",
            message,
            Some(HTML_MAX),
        );
    }
    let price = found.money("price", "product.price", "The price", input.price);
    let compare_at = input.compare_at_price.map(|p| {
        found.money(
            "compareAtPrice",
            "product.compareAtPrice",
            "The compare-at price",
            p,
        )
    });

    if input.images.len() > PRODUCT_IMAGES_MAX {
        found.add(
            "images",
            "product.images.tooMany",
            format!("A product has at most {PRODUCT_IMAGES_MAX} images."),
            Some(PRODUCT_IMAGES_MAX),
        );
    }
    for (i, image) in input.images.iter().enumerate() {
        if let Err(message) = check_image_src(&image.src) {
            found.add(
                &format!("images.{i}.src"),
                "product.imageSrc.invalid",
                message,
                None,
            );
        }
        if image.alt.trim().chars().count() > IMAGE_ALT_MAX {
            found.add(
                &format!("images.{i}.alt"),
                "product.imageAlt.tooLong",
                format!("An image's alternative text has at most {IMAGE_ALT_MAX} characters."),
                Some(IMAGE_ALT_MAX),
            );
        }
    }

    if input.options.len() > PRODUCT_OPTIONS_MAX {
        found.add(
            "options",
            "product.options.tooMany",
            format!("A product has at most {PRODUCT_OPTIONS_MAX} options."),
            Some(PRODUCT_OPTIONS_MAX),
        );
    }
    let mut names: Vec<String> = Vec::new();
    for (i, option) in input.options.iter().enumerate() {
        let path = format!("options.{i}.name");
        found.title(
            &path,
            "product.optionName",
            "An option's name",
            &option.name,
        );
        let name = option.name.trim().to_lowercase();
        if !name.is_empty() && names.contains(&name) {
            found.add(
                &path,
                "product.optionName.repeated",
                "Two options cannot have the same name.".to_owned(),
                None,
            );
        }
        names.push(name);
        let path = format!("options.{i}.values");
        let values: Vec<&str> = option.values.iter().map(|v| v.trim()).collect();
        if values.is_empty() {
            found.add(
                &path,
                "product.optionValues.required",
                "An option has at least one value.".to_owned(),
                None,
            );
        } else if values.len() > OPTION_VALUES_MAX {
            found.add(
                &path,
                "product.optionValues.tooMany",
                format!("An option has at most {OPTION_VALUES_MAX} values."),
                Some(OPTION_VALUES_MAX),
            );
        } else if values
            .iter()
            .any(|v| v.is_empty() || v.chars().count() > OPTION_VALUE_MAX)
        {
            found.add(
                &path,
                "product.optionValues.invalid",
                format!("An option's value is 1 to {OPTION_VALUE_MAX} characters."),
                Some(OPTION_VALUE_MAX),
            );
        } else if values
            .iter()
            .enumerate()
            .any(|(j, v)| values[..j].contains(v))
        {
            found.add(
                &path,
                "product.optionValues.repeated",
                "An option's values are all different.".to_owned(),
                None,
            );
        }
    }
    let options_complete = input.options.iter().all(|o| !o.values.is_empty());
    if !input.options.is_empty()
        && options_complete
        && combinations(&input.options) > PRODUCT_VARIANTS_MAX
    {
        found.add(
            "options",
            "product.options.tooManyVariants",
            format!("A product's options make at most {PRODUCT_VARIANTS_MAX} variants."),
            Some(PRODUCT_VARIANTS_MAX),
        );
    }

    if input.variants.len() > PRODUCT_VARIANTS_MAX {
        found.add(
            "variants",
            "product.variants.tooMany",
            format!("A product has at most {PRODUCT_VARIANTS_MAX} variants."),
            Some(PRODUCT_VARIANTS_MAX),
        );
    }
    if input.options.is_empty() && input.variants.len() > 1 {
        found.add(
            "variants",
            "product.variants.withoutOptions",
            "A product without options has at most one variant.".to_owned(),
            None,
        );
    }
    let mut seen: Vec<Vec<&str>> = Vec::new();
    for (i, variant) in input.variants.iter().enumerate() {
        let at = |field: &str| format!("variants.{i}.{field}");
        found.title(
            &at("title"),
            "product.variantTitle",
            "A variant's title",
            &variant.title,
        );
        found.money(
            &at("price"),
            "product.variantPrice",
            "A variant's price",
            variant.price,
        );
        if let Some(p) = variant.compare_at_price {
            found.money(
                &at("compareAtPrice"),
                "product.variantCompareAtPrice",
                "A variant's compare-at price",
                p,
            );
        }
        if !(0..=STOCK_MAX).contains(&variant.stock) {
            found.add(
                &at("stock"),
                "product.variantStock.range",
                format!("Stock is a whole number from 0 to {STOCK_MAX}."),
                usize::try_from(STOCK_MAX).ok(),
            );
        }
        if variant.sku.trim().chars().count() > SKU_MAX {
            found.add(
                &at("sku"),
                "product.variantSku.tooLong",
                format!("A SKU has at most {SKU_MAX} characters."),
                Some(SKU_MAX),
            );
        }
        let values: Vec<&str> = variant.options.iter().map(|v| v.trim()).collect();
        let fits = if input.options.is_empty() {
            values.is_empty()
        } else {
            values.len() == input.options.len()
                && values
                    .iter()
                    .zip(&input.options)
                    .all(|(value, option)| option.values.iter().any(|v| v.trim() == *value))
        };
        // An option still without values is the option's problem, not its variants'.
        if !fits && options_complete {
            found.add(
                &at("options"),
                "product.variantOptions.mismatch",
                "A variant has one value of each option, among that option's values.".to_owned(),
                None,
            );
        } else if fits && !values.is_empty() && seen.contains(&values) {
            found.add(
                &at("options"),
                "product.variantOptions.repeated",
                "Two variants cannot have the same option values.".to_owned(),
                None,
            );
        }
        seen.push(values);
    }

    let tags = check_tags(&input.tags);
    if let Err(message) = &tags {
        let code = if input.tags.iter().any(|t| {
            let t = t.trim();
            t.is_empty() || t.chars().count() > TAG_MAX
        }) {
            "product.tags.invalid"
        } else {
            "product.tags.tooMany"
        };
        found.add("tags", code, message.clone(), None);
    }
    let status = input.status.clone().unwrap_or_else(|| "active".to_owned());
    if !PRODUCT_STATUSES.contains(&status.as_str()) {
        found.add(
            "status",
            "product.status.invalid",
            "A product's status is active, draft or archived.".to_owned(),
            None,
        );
    }

    let checked = match (handle, price, compare_at.unwrap_or(Some(0)), tags) {
        (Ok(handle), Some(price_minor), Some(_), Ok(tags)) if found.0.is_empty() => {
            Some(CheckedProduct {
                title: input.title.trim().to_owned(),
                handle,
                price_minor,
                compare_at_minor: compare_at.flatten(),
                tags,
                status,
                images: input
                    .images
                    .iter()
                    .map(|image| Image {
                        src: image.src.trim().to_owned(),
                        alt: image.alt.trim().to_owned(),
                    })
                    .collect(),
                options: input
                    .options
                    .iter()
                    .map(|option| ProductOption {
                        name: option.name.trim().to_owned(),
                        values: option.values.iter().map(|v| v.trim().to_owned()).collect(),
                    })
                    .collect(),
                variants: input
                    .variants
                    .iter()
                    .map(|variant| Variant {
                        title: variant.title.trim().to_owned(),
                        options: variant
                            .options
                            .iter()
                            .map(|v| v.trim().to_owned())
                            .collect(),
                        sku: variant.sku.trim().to_owned(),
                        ..variant.clone()
                    })
                    .collect(),
            })
        }
        _ => None,
    };
    (found.0, checked)
}

/// Checks a product: title, handle, description length, prices, images, options, variants,
/// tags and status. Every problem's message is reported, in field order.
pub fn check_product(input: &ProductInput) -> Result<CheckedProduct, Vec<String>> {
    match product_verdict(input) {
        (_, Some(checked)) => Ok(checked),
        (problems, None) => Err(problems.into_iter().map(|p| p.message).collect()),
    }
}

/// The variants a product's options make: one per combination of their values, in the options'
/// order (options without values yet are left out). A variant of `current` with the same
/// values keeps its id, prices, stock and SKU; a new combination takes the prices of the first
/// current variant whose values it contains (so adding an option keeps the prices set so far),
/// else the product's. More than `PRODUCT_VARIANTS_MAX` combinations is the options' problem.
pub fn variants_for_options(
    options: &[ProductOption],
    current: &[Variant],
    price: f64,
    compare_at_price: Option<f64>,
) -> Result<Vec<Variant>, FieldProblem> {
    let lists: Vec<ProductOption> = options
        .iter()
        .map(|option| {
            let mut values: Vec<String> = Vec::new();
            for value in option.values.iter().map(|v| v.trim()) {
                if !value.is_empty() && !values.iter().any(|v| v == value) {
                    values.push(value.to_owned());
                }
            }
            ProductOption {
                name: option.name.clone(),
                values,
            }
        })
        .filter(|option| !option.values.is_empty())
        .collect();
    if lists.is_empty() {
        return Ok(Vec::new());
    }
    if combinations(&lists) > PRODUCT_VARIANTS_MAX {
        return Err(FieldProblem {
            path: "options".to_owned(),
            code: "product.options.tooManyVariants".to_owned(),
            message: format!("A product's options make at most {PRODUCT_VARIANTS_MAX} variants."),
            limit: u32::try_from(PRODUCT_VARIANTS_MAX).ok(),
        });
    }
    let mut combos: Vec<Vec<String>> = vec![Vec::new()];
    for option in &lists {
        combos = combos
            .iter()
            .flat_map(|combo| {
                option.values.iter().map(move |value| {
                    let mut next = combo.clone();
                    next.push(value.clone());
                    next
                })
            })
            .collect();
    }
    let same = |variant: &Variant, combo: &[String]| {
        variant.options.len() == combo.len()
            && variant
                .options
                .iter()
                .zip(combo)
                .all(|(a, b)| a.trim() == b)
    };
    let within = |variant: &Variant, combo: &[String]| {
        !variant.options.is_empty()
            && variant
                .options
                .iter()
                .all(|value| combo.iter().any(|c| c == value.trim()))
    };
    Ok(combos
        .into_iter()
        .map(|combo| {
            let title = combo.join(VARIANT_TITLE_SEPARATOR);
            if let Some(kept) = current.iter().find(|v| same(v, &combo)) {
                return Variant {
                    title,
                    options: combo,
                    ..kept.clone()
                };
            }
            let like = current.iter().find(|v| within(v, &combo));
            Variant {
                id: String::new(),
                title,
                options: combo,
                price: like.map_or(price, |v| v.price),
                compare_at_price: like.map_or(compare_at_price, |v| v.compare_at_price),
                stock: 0,
                sku: String::new(),
            }
        })
        .collect())
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
        "free_shipping" => Ok(0),
        _ => Err("A discount's type is percent, amount or free_shipping.".to_owned()),
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
    fn a_page_counts_from_one_and_its_limit_is_bounded() {
        let window = |page, limit| paging(page, limit, 20);
        assert_eq!(
            window(None, None),
            Ok(Paging {
                page: 1,
                limit: 20,
                offset: 0
            })
        );
        assert_eq!(
            window(Some(3), Some(10)),
            Ok(Paging {
                page: 3,
                limit: 10,
                offset: 20
            })
        );
        assert_eq!(
            window(Some(2), Some(PAGE_LIMIT_MAX)).map(|p| p.offset),
            Ok(250)
        );
        let refused = Err("page starts at 1 and limit is 1 to 250.".to_owned());
        assert_eq!(window(Some(0), None), refused);
        assert_eq!(window(None, Some(0)), refused);
        assert_eq!(window(None, Some(PAGE_LIMIT_MAX + 1)), refused);
        let last = window(Some(u32::MAX), Some(PAGE_LIMIT_MAX)).map(|p| p.offset);
        assert_eq!(last, Ok(i64::from(u32::MAX - 1) * 250));
    }

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
    fn product(options: &[(&str, &[&str])], variants: &[&[&str]]) -> ProductInput {
        ProductInput {
            title: "Tee".to_owned(),
            handle: None,
            description_html: String::new(),
            images: vec![Image {
                src: "/uploads/tee.png".to_owned(),
                alt: "A tee".to_owned(),
            }],
            price: 20.0,
            compare_at_price: None,
            options: options
                .iter()
                .map(|(name, values)| ProductOption {
                    name: (*name).to_owned(),
                    values: values.iter().map(|v| (*v).to_owned()).collect(),
                })
                .collect(),
            variants: variants
                .iter()
                .map(|values| Variant {
                    id: String::new(),
                    title: values.join(VARIANT_TITLE_SEPARATOR),
                    options: values.iter().map(|v| (*v).to_owned()).collect(),
                    price: 20.0,
                    compare_at_price: None,
                    stock: 1,
                    sku: String::new(),
                })
                .collect(),
            tags: Vec::new(),
            status: None,
        }
    }

    fn paths(input: &ProductInput) -> Vec<(String, String)> {
        product_problems(input)
            .into_iter()
            .map(|p| (p.path, p.code))
            .collect()
    }

    #[test]
    fn a_product_with_options_and_matching_variants_passes_trimmed() {
        let mut input = product(
            &[("Size", &["S", "M"]), ("Colour", &["Red"])],
            &[&["S", "Red"], &["M", "Red"]],
        );
        input.options[0].name = " Size ".to_owned();
        input.variants[0].sku = " TEE-S ".to_owned();
        let checked = check_product(&input).expect("a valid product");
        assert_eq!(checked.options[0].name, "Size");
        assert_eq!(checked.variants[0].sku, "TEE-S");
        assert_eq!(checked.images.len(), 1);
    }

    #[test]
    fn options_are_at_most_three_with_names_and_distinct_values() {
        let four: &[(&str, &[&str])] =
            &[("A", &["1"]), ("B", &["1"]), ("C", &["1"]), ("D", &["1"])];
        assert!(
            paths(&product(four, &[]))
                .contains(&("options".to_owned(), "product.options.tooMany".to_owned()))
        );
        let problems = paths(&product(
            &[
                ("Size", &["S", "S"]),
                ("size", &["M"]),
                (" ", &[]),
                ("Fit", &[""]),
            ],
            &[],
        ));
        for expected in [
            ("options.0.values", "product.optionValues.repeated"),
            ("options.1.name", "product.optionName.repeated"),
            ("options.2.name", "product.optionName.required"),
            ("options.2.values", "product.optionValues.required"),
            ("options.3.values", "product.optionValues.invalid"),
        ] {
            assert!(
                problems.contains(&(expected.0.to_owned(), expected.1.to_owned())),
                "{expected:?} in {problems:?}"
            );
        }
        let values: Vec<String> = (0..11).map(|n| n.to_string()).collect();
        let values: Vec<&str> = values.iter().map(String::as_str).collect();
        assert!(
            paths(&product(&[("A", &values), ("B", &values)], &[])).contains(&(
                "options".to_owned(),
                "product.options.tooManyVariants".to_owned()
            ))
        );
    }

    #[test]
    fn variants_have_one_value_of_each_option_once_with_stock_and_sku_in_bounds() {
        let mut input = product(
            &[("Size", &["S", "M"])],
            &[&["S"], &["S"], &["XL"], &["M", "Red"]],
        );
        input.variants[0].stock = STOCK_MAX + 1;
        input.variants[0].sku = "X".repeat(SKU_MAX + 1);
        input.variants[0].price = 1.005;
        let problems = paths(&input);
        for expected in [
            ("variants.0.price", "product.variantPrice.decimals"),
            ("variants.0.stock", "product.variantStock.range"),
            ("variants.0.sku", "product.variantSku.tooLong"),
            ("variants.1.options", "product.variantOptions.repeated"),
            ("variants.2.options", "product.variantOptions.mismatch"),
            ("variants.3.options", "product.variantOptions.mismatch"),
        ] {
            assert!(
                problems.contains(&(expected.0.to_owned(), expected.1.to_owned())),
                "{expected:?} in {problems:?}"
            );
        }
        assert!(check_product(&input).is_err());
        // Without options, one variant at most, with no values.
        let mut lone = product(&[], &[&[], &[]]);
        for variant in &mut lone.variants {
            variant.title = "Default".to_owned();
        }
        assert_eq!(
            paths(&lone),
            vec![(
                "variants".to_owned(),
                "product.variants.withoutOptions".to_owned()
            )]
        );
    }

    #[test]
    fn images_have_a_site_path_or_web_address_and_a_short_alt_text() {
        let mut input = product(&[], &[]);
        input.images.push(Image {
            src: "javascript:alert(1)".to_owned(),
            alt: "x".repeat(IMAGE_ALT_MAX + 1),
        });
        input.images.push(Image {
            src: "https://cdn.example.com/a.png".to_owned(),
            alt: String::new(),
        });
        assert_eq!(
            paths(&input),
            vec![
                (
                    "images.1.src".to_owned(),
                    "product.imageSrc.invalid".to_owned()
                ),
                (
                    "images.1.alt".to_owned(),
                    "product.imageAlt.tooLong".to_owned()
                ),
            ]
        );
        assert!(check_image_src("//evil.example/a.png").is_err());
    }

    #[test]
    fn options_make_variants_that_keep_what_was_set_for_them() {
        let options =
            |lists: &[(&str, &[&str])]| -> Vec<ProductOption> { product(lists, &[]).options };
        let made = variants_for_options(&options(&[("Size", &["S", "M"])]), &[], 20.0, Some(25.0))
            .expect("two variants");
        assert_eq!(made.len(), 2);
        assert_eq!(made[1].title, "M");
        assert_eq!(made[1].compare_at_price, Some(25.0));

        let mut current = made;
        current[0].id = "v1".to_owned();
        current[0].price = 18.0;
        current[0].stock = 7;
        current[0].sku = "TEE-S".to_owned();
        // A value added keeps the variants there were.
        let more = variants_for_options(
            &options(&[("Size", &["S", "M", " L "])]),
            &current,
            20.0,
            None,
        )
        .expect("three variants");
        assert_eq!(more.len(), 3);
        assert_eq!(
            (more[0].id.as_str(), more[0].stock, more[0].sku.as_str()),
            ("v1", 7, "TEE-S")
        );
        assert_eq!(more[2].options, vec!["L".to_owned()]);
        // An option added: new combinations take the prices of the variant they grow from.
        let grown = variants_for_options(
            &options(&[
                ("Size", &["S", "M"]),
                ("Colour", &["Red", "Blue"]),
                ("Fit", &[]),
            ]),
            &current,
            20.0,
            None,
        )
        .expect("four variants");
        let titles: Vec<&str> = grown.iter().map(|v| v.title.as_str()).collect();
        assert_eq!(titles, ["S / Red", "S / Blue", "M / Red", "M / Blue"]);
        assert_eq!(
            (grown[1].price, grown[1].stock, grown[1].id.as_str()),
            (18.0, 0, "")
        );
        for variant in &grown {
            let input = ProductInput {
                options: options(&[("Size", &["S", "M"]), ("Colour", &["Red", "Blue"])]),
                variants: grown.clone(),
                ..product(&[], &[])
            };
            assert!(check_product(&input).is_ok(), "{variant:?}");
        }
        assert!(
            variants_for_options(&[], &current, 20.0, None)
                .expect("none")
                .is_empty()
        );
        let many: Vec<String> = (0..11).map(|n| n.to_string()).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        let refused = variants_for_options(&options(&[("A", &many), ("B", &many)]), &[], 1.0, None);
        assert_eq!(
            refused.map_err(|p| p.code),
            Err("product.options.tooManyVariants".to_owned())
        );
    }

    #[test]
    fn rich_text_keeps_allowed_font_sizes_and_alignments_only() {
        assert_eq!(
            rich_text_style("span", "font-size: 16px; color: red"),
            Some("font-size: 16px".to_owned())
        );
        assert_eq!(
            rich_text_style("p", "text-align: center; font-size:36PX"),
            Some("font-size: 36px; text-align: center".to_owned())
        );
        assert_eq!(
            rich_text_style("h2", "text-align: right; font-size: 16px"),
            Some("text-align: right".to_owned())
        );
        assert_eq!(rich_text_style("span", "font-size: 15px"), None);
        assert_eq!(
            rich_text_style("p", "text-align: expression(alert(1))"),
            None
        );
        assert_eq!(rich_text_style("div", "text-align: center"), None);
    }
}

pub use crate::commerce::{FINANCIAL_STATUSES, FULFILLMENT_STATUSES};

/// The most a usage limit may count.
pub const DISCOUNT_USES_MAX: i64 = 1_000_000;

/// A discount is a code customers type, or applies by itself (automatic).
pub const DISCOUNT_METHODS: [&str; 2] = ["code", "automatic"];

/// A discount takes a percent or an amount off the merchandise, or the shipping.
pub const DISCOUNT_VALUE_TYPES: [&str; 3] = ["percent", "amount", "free_shipping"];

/// A discount that passed [`check_discount`]: method, code (or title) and value in minor units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedDiscount {
    pub method: String,
    pub code: String,
    pub value: i64,
    pub min_subtotal_minor: Option<i64>,
    pub usage_limit: Option<i64>,
    pub per_customer_limit: Option<i64>,
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
    let min_subtotal_minor = input
        .min_subtotal
        .map(|m| money_to_minor("The minimum subtotal", m))
        .transpose()?;
    for (label, limit) in [
        ("A usage limit", input.usage_limit),
        ("A limit per customer", input.per_customer_limit),
    ] {
        if limit.is_some_and(|l| !(1..=DISCOUNT_USES_MAX).contains(&l)) {
            return Err(format!("{label} is from 1 to {DISCOUNT_USES_MAX}."));
        }
    }
    Ok(CheckedDiscount {
        method,
        code,
        value,
        min_subtotal_minor,
        usage_limit: input.usage_limit,
        per_customer_limit: input.per_customer_limit,
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

/// The alignments rich text may give a paragraph or a heading (`text-align`).
pub const RICH_TEXT_ALIGNMENTS: [&str; 4] = ["left", "center", "right", "justify"];

/// Seller HTML with scripts, event handlers and other active content removed. Inline styles are
/// kept only as rich text's allowed font sizes (on a span or a paragraph) and alignments (on a
/// paragraph or a heading), as [`rich_text_style`] says. The admin saves HTML through it and the
/// storefront shows theme texts through it.
pub fn sanitize_html(html: &str) -> String {
    static CLEANER: std::sync::LazyLock<ammonia::Builder<'static>> =
        std::sync::LazyLock::new(|| {
            let mut builder = ammonia::Builder::default();
            for tag in ["span", "p", "h1", "h2", "h3", "h4", "h5", "h6"] {
                builder.add_tag_attributes(tag, &["style"]);
            }
            builder.attribute_filter(|element, attribute, value| {
                if attribute != "style" {
                    return Some(value.into());
                }
                rich_text_style(element, value).map(Into::into)
            });
            builder
        });
    CLEANER.clean(html).to_string()
}

/// What rich text keeps of an element's inline `style`: an allowed font size on a span or a
/// paragraph, and an allowed alignment on a paragraph or a heading, written back as
/// `font-size: 16px; text-align: center`. `None` when nothing is kept.
pub fn rich_text_style(tag: &str, style: &str) -> Option<String> {
    let sized = matches!(tag, "span" | "p");
    let aligned = matches!(tag, "p" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6");
    let mut size = None;
    let mut align = None;
    for declaration in style.split(';') {
        let Some((property, value)) = declaration.split_once(':') else {
            continue;
        };
        let value = value.trim().to_ascii_lowercase();
        match property.trim().to_ascii_lowercase().as_str() {
            "font-size" if sized => {
                size = value
                    .strip_suffix("px")
                    .and_then(|n| n.trim().parse::<u32>().ok())
                    .filter(|n| crate::limits::RICH_TEXT_FONT_SIZES_PX.contains(n))
                    .or(size);
            }
            "text-align" if aligned => {
                align = RICH_TEXT_ALIGNMENTS.iter().find(|a| **a == value).or(align);
            }
            _ => {}
        }
    }
    let kept: Vec<String> = size
        .map(|n| format!("font-size: {n}px"))
        .into_iter()
        .chain(align.map(|a| format!("text-align: {a}")))
        .collect();
    (!kept.is_empty()).then(|| kept.join("; "))
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
