//! Collections: products chosen by hand or every product with a tag.

use shared_types::catalog::CollectionInput;

use super::{check_handle, check_tags, check_title, problems};

/// How a collection finds its products: chosen one by one, or every product with a tag.
pub const COLLECTION_KINDS: [&str; 2] = ["manual", "tag"];

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
