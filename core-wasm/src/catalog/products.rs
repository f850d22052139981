//! Products: the product form's every check, each problem at its field, and the checked
//! product the server writes.

use shared_types::catalog::{Image, ProductInput, ProductOption, Variant};
use shared_types::{FieldProblem, Money};

use crate::formats::Currency;

use super::{
    HANDLE_MAX, HTML_MAX, MONEY_MAX, STOCK_MAX, TITLE_MAX, check_handle, check_html_length,
    check_title, combinations, money_to_minor,
};

/// Images of a product.
pub const PRODUCT_IMAGES_MAX: usize = 50;

/// Variants of a product.
pub const PRODUCT_VARIANTS_MAX: usize = 100;

/// Tags of a product, each at most 64 characters.
pub const PRODUCT_TAGS_MAX: usize = 50;

pub const TAG_MAX: usize = 64;

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

/// A product that passed [`check_product`]: trimmed, with its handle, prices in minor units,
/// its images, options and variants trimmed.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckedProduct {
    pub title: String,
    pub handle: String,
    pub price_minor: i64,
    pub compare_at_minor: Option<i64>,
    pub tags: Vec<String>,
    /// One unit's weight in grams (0 to `PRODUCT_GRAMS_MAX`).
    pub weight_grams: Option<i64>,
    pub status: String,
    pub images: Vec<Image>,
    pub options: Vec<ProductOption>,
    pub variants: Vec<Variant>,
}

/// The problems found so far, each at its field, and the store's currency its amounts are in.
struct Found(Vec<FieldProblem>, Currency);

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
    fn money(&mut self, path: &str, code: &str, label: &str, amount: Money) -> Option<i64> {
        match money_to_minor(label, amount, self.1) {
            Ok(minor) => Some(minor),
            Err(message) => {
                let in_range = !amount.is_negative() && amount.approximate() <= MONEY_MAX;
                if in_range {
                    let digits = usize::try_from(self.1.digits).ok();
                    self.add(path, &format!("{code}.decimals"), message, digits);
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

/// Every problem of a product, each at its field, in the form's order: title, handle,
/// description, prices, images, options, variants, tags and status.
pub fn product_problems(input: &ProductInput, currency: Currency) -> Vec<FieldProblem> {
    product_verdict(input, currency).0
}

fn product_verdict(
    input: &ProductInput,
    currency: Currency,
) -> (Vec<FieldProblem>, Option<CheckedProduct>) {
    let mut found = Found(Vec::new(), currency);
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
    let grams_max = crate::commerce::shipping::PRODUCT_GRAMS_MAX;
    if input
        .weight_grams
        .is_some_and(|g| !(0..=grams_max).contains(&g))
    {
        found.add(
            "weightGrams",
            "product.weight.range",
            format!("A weight is a whole number of grams from 0 to {grams_max}."),
            usize::try_from(grams_max).ok(),
        );
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
                weight_grams: input.weight_grams,
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
pub fn check_product(
    input: &ProductInput,
    currency: Currency,
) -> Result<CheckedProduct, Vec<String>> {
    match product_verdict(input, currency) {
        (_, Some(checked)) => Ok(checked),
        (problems, None) => Err(problems.into_iter().map(|p| p.message).collect()),
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::catalog::VARIANT_TITLE_SEPARATOR;

    /// A product with the options and variants given, as the form sends it.
    pub(in crate::catalog) fn product(
        options: &[(&str, &[&str])],
        variants: &[&[&str]],
    ) -> ProductInput {
        ProductInput {
            title: "Tee".to_owned(),
            handle: None,
            description_html: String::new(),
            images: vec![Image {
                src: "/uploads/tee.png".to_owned(),
                alt: "A tee".to_owned(),
            }],
            price: "20.0".parse().expect("money"),
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
                    price: "20.0".parse().expect("money"),
                    compare_at_price: None,
                    stock: 1,
                    sku: String::new(),
                })
                .collect(),
            tags: Vec::new(),
            weight_grams: None,
            status: None,
        }
    }

    fn paths(input: &ProductInput) -> Vec<(String, String)> {
        product_problems(input, Currency::default())
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
        let checked =
            check_product(&input, crate::formats::Currency::default()).expect("a valid product");
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
        input.variants[0].price = "1.005".parse().expect("money");
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
        assert!(check_product(&input, crate::formats::Currency::default()).is_err());
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
}
