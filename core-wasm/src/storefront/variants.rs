//! A product page's variant pickers: one picker per product option (Size, Colour), which of
//! their values a shopper can choose, and the variant the choices make. The rule is the one
//! shoppers know from most shops: the options are chosen in order; a value of the first option
//! is open when an in-stock variant has it, a value of a later option when an in-stock variant
//! has it together with the values chosen before it. Choosing a value keeps the later choices
//! that still make an in-stock variant and moves the others to their first open value, so every
//! in-stock variant can be reached and no choice leads to a combination that is missing or sold
//! out.
//!
//! The page's script only looks up [`VariantPicker::next`]: the renderer puts the table on the
//! buy form, so the rule is stated here once.

use serde::Serialize;
use shared_types::catalog::{Product, Variant};

use crate::catalog::VARIANT_TITLE_SEPARATOR;

/// The name of the one picker of a product whose variants have no options.
pub const SINGLE_PICKER_NAME: &str = "Option";

/// One option's picker: its name and values, in the product's order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OptionPicker {
    pub name: String,
    pub values: Vec<String>,
}

/// The pickers of a product page and what each choice leads to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VariantPicker {
    pub options: Vec<OptionPicker>,
    /// For each variant (in the product's order), the index of its value in each picker; `None`
    /// where the variant's value is not one of the option's values.
    pub positions: Vec<Vec<Option<usize>>>,
    /// For each variant as the current choice, for each picker and value: the variant that
    /// choosing the value leads to, or `None` where the value cannot be chosen (disabled).
    pub next: Vec<Vec<Vec<Option<usize>>>>,
}

impl VariantPicker {
    /// Whether `value` of picker `option` can be chosen while `current` is the chosen variant.
    pub fn open(&self, current: usize, option: usize, value: usize) -> bool {
        self.next
            .get(current)
            .and_then(|pickers| pickers.get(option))
            .and_then(|values| values.get(value))
            .is_some_and(Option::is_some)
    }
}

/// The pickers of a product: its options with their values (values a variant uses but the
/// option does not list are added after the listed ones), or, for variants without options,
/// one picker of the variants' titles. Options without values are left out.
pub fn option_pickers(product: &Product) -> Vec<OptionPicker> {
    if product.options.is_empty() {
        if product.variants.len() <= 1 {
            return Vec::new();
        }
        let mut values: Vec<String> = Vec::new();
        for variant in &product.variants {
            push_new(&mut values, variant.title.trim());
        }
        return vec![OptionPicker {
            name: SINGLE_PICKER_NAME.to_owned(),
            values,
        }];
    }
    product
        .options
        .iter()
        .enumerate()
        .map(|(i, option)| {
            let mut values: Vec<String> = Vec::new();
            for value in &option.values {
                push_new(&mut values, value.trim());
            }
            for variant in &product.variants {
                if let Some(value) = variant_values(product, variant).get(i) {
                    push_new(&mut values, value);
                }
            }
            OptionPicker {
                name: option.name.trim().to_owned(),
                values,
            }
        })
        .filter(|picker| !picker.values.is_empty())
        .collect()
}

fn push_new(values: &mut Vec<String>, value: &str) {
    if !value.is_empty() && !values.iter().any(|v| v == value) {
        values.push(value.to_owned());
    }
}

/// A variant's value of each of the product's options: its own option values, else the parts of
/// its title (`M / Black`); its title when the product has no options.
pub fn variant_values(product: &Product, variant: &Variant) -> Vec<String> {
    if product.options.is_empty() {
        return vec![variant.title.trim().to_owned()];
    }
    if variant.options.is_empty() {
        variant
            .title
            .split(VARIANT_TITLE_SEPARATOR)
            .map(|v| v.trim().to_owned())
            .collect()
    } else {
        variant
            .options
            .iter()
            .map(|v| v.trim().to_owned())
            .collect()
    }
}

/// The variant whose values are exactly `choices` (one per picker), in stock or not.
pub fn resolve_variant(product: &Product, choices: &[&str]) -> Option<usize> {
    let pickers = option_pickers(product);
    let table = positions(product, &pickers);
    let wanted: Vec<Option<usize>> = pickers
        .iter()
        .zip(choices)
        .map(|(picker, choice)| picker.values.iter().position(|v| v == choice.trim()))
        .collect();
    if wanted.len() != pickers.len() || wanted.iter().any(Option::is_none) {
        return None;
    }
    table.iter().position(|p| *p == wanted)
}

/// The variant a product page shows first: the first in stock, else the first.
pub fn first_choice(product: &Product) -> Option<usize> {
    product
        .variants
        .iter()
        .position(|v| v.stock > 0)
        .or((!product.variants.is_empty()).then_some(0))
}

fn positions(product: &Product, pickers: &[OptionPicker]) -> Vec<Vec<Option<usize>>> {
    product
        .variants
        .iter()
        .map(|variant| {
            let values = variant_values(product, variant);
            pickers
                .iter()
                .enumerate()
                .map(|(i, picker)| {
                    values
                        .get(i)
                        .and_then(|value| picker.values.iter().position(|v| v == value))
                })
                .collect()
        })
        .collect()
}

/// The pickers of a product with the table of what each choice leads to.
pub fn variant_picker(product: &Product) -> VariantPicker {
    let options = option_pickers(product);
    let positions = positions(product, &options);
    // The in-stock variants whose every value is one of the pickers'.
    let open: Vec<(usize, Vec<usize>)> = positions
        .iter()
        .enumerate()
        .filter(|(i, _)| product.variants[*i].stock > 0)
        .filter_map(|(i, p)| {
            p.iter()
                .copied()
                .collect::<Option<Vec<usize>>>()
                .map(|p| (i, p))
        })
        .collect();
    let next = positions
        .iter()
        .map(|current| {
            options
                .iter()
                .enumerate()
                .map(|(option, picker)| {
                    (0..picker.values.len())
                        .map(|value| choose(&open, current, option, value))
                        .collect()
                })
                .collect()
        })
        .collect();
    VariantPicker {
        options,
        positions,
        next,
    }
}

/// The in-stock variant that choosing `value` of picker `option` leads to from the choices
/// `current`: one with the earlier choices and this value, keeping each later choice while an
/// in-stock variant still has it, else taking the first value that does.
fn choose(
    open: &[(usize, Vec<usize>)],
    current: &[Option<usize>],
    option: usize,
    value: usize,
) -> Option<usize> {
    let mut candidates: Vec<&(usize, Vec<usize>)> = open
        .iter()
        .filter(|(_, p)| (0..option).all(|j| current.get(j).copied().flatten() == Some(p[j])))
        .filter(|(_, p)| p[option] == value)
        .collect();
    for later in option + 1..current.len() {
        let kept: Vec<&(usize, Vec<usize>)> = candidates
            .iter()
            .copied()
            .filter(|(_, p)| current[later] == Some(p[later]))
            .collect();
        if !kept.is_empty() {
            candidates = kept;
        } else {
            let first = candidates.iter().map(|(_, p)| p[later]).min()?;
            candidates.retain(|(_, p)| p[later] == first);
        }
    }
    candidates.first().map(|(i, _)| *i)
}
