//! Variants: stock, titles, and the variants a product's options make.

use shared_types::FieldProblem;
use shared_types::catalog::{ProductOption, Variant};

use super::PRODUCT_VARIANTS_MAX;

/// The largest stock of a variant.
pub const STOCK_MAX: i64 = 1_000_000;

/// What joins a variant's option values into its title (`Red / M`).
pub const VARIANT_TITLE_SEPARATOR: &str = " / ";

/// How many variants the options make: the product of their numbers of values (saturating).
pub(super) fn combinations(options: &[ProductOption]) -> usize {
    options
        .iter()
        .fold(1usize, |n, option| n.saturating_mul(option.values.len()))
}

/// The variants a product's options make: one per combination of their values, in the options'
/// order (options without values yet are left out). A variant of `current` with the same
/// values keeps its id, prices, stock and SKU; a new combination takes the prices of the first
/// current variant whose values it contains (so adding an option keeps the prices set so far),
/// else the product's. More than `PRODUCT_VARIANTS_MAX` combinations is the options' problem.
pub fn variants_for_options(
    options: &[ProductOption],
    current: &[Variant],
    price: shared_types::Money,
    compare_at_price: Option<shared_types::Money>,
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

#[cfg(test)]
mod tests {
    use crate::money::m;
    use shared_types::catalog::ProductInput;

    use super::super::products::tests::product;
    use super::*;
    use crate::catalog::check_product;

    #[test]
    fn options_make_variants_that_keep_what_was_set_for_them() {
        let options =
            |lists: &[(&str, &[&str])]| -> Vec<ProductOption> { product(lists, &[]).options };
        let made = variants_for_options(
            &options(&[("Size", &["S", "M"])]),
            &[],
            m("20.0"),
            Some(m("25.0")),
        )
        .expect("two variants");
        assert_eq!(made.len(), 2);
        assert_eq!(made[1].title, "M");
        assert_eq!(made[1].compare_at_price, Some(m("25.0")));

        let mut current = made;
        current[0].id = "v1".to_owned();
        current[0].price = "18.0".parse().expect("money");
        current[0].stock = 7;
        current[0].sku = "TEE-S".to_owned();
        // A value added keeps the variants there were.
        let more = variants_for_options(
            &options(&[("Size", &["S", "M", " L "])]),
            &current,
            m("20.0"),
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
            m("20.0"),
            None,
        )
        .expect("four variants");
        let titles: Vec<&str> = grown.iter().map(|v| v.title.as_str()).collect();
        assert_eq!(titles, ["S / Red", "S / Blue", "M / Red", "M / Blue"]);
        assert_eq!(
            (grown[1].price, grown[1].stock, grown[1].id.as_str()),
            (m("18.0"), 0, "")
        );
        for variant in &grown {
            let input = ProductInput {
                options: options(&[("Size", &["S", "M"]), ("Colour", &["Red", "Blue"])]),
                variants: grown.clone(),
                ..product(&[], &[])
            };
            assert!(
                check_product(&input, crate::formats::Currency::default()).is_ok(),
                "{variant:?}"
            );
        }
        assert!(
            variants_for_options(&[], &current, m("20.0"), None)
                .expect("none")
                .is_empty()
        );
        let many: Vec<String> = (0..11).map(|n| n.to_string()).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        let refused =
            variants_for_options(&options(&[("A", &many), ("B", &many)]), &[], m("1.0"), None);
        assert_eq!(
            refused.map_err(|p| p.code),
            Err("product.options.tooManyVariants".to_owned())
        );
    }
}
