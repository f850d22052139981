//! Collection list and style collection: tiles of collections.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

pub(crate) fn tiles(
    view: &View,
    key: &str,
    kind: &str,
    node: &Node,
    class: &str,
    round: bool,
) -> String {
    let s = node.value;
    let mut out = open_section(key, kind, &format!("{class} wrap"));
    out.push_str(&heading(text(s, "heading")));
    let _ = write!(
        out,
        "<div class=\"grid tiles{}\" {}>",
        if round { " round" } else { "" },
        grid_vars(node)
    );
    let blocks = list(s, "blocks");
    if blocks.is_empty() {
        for collection in view.catalog.collections.iter().take(8) {
            let _ = write!(
                out,
                "<a class=\"tile\" href=\"{}/collections/{}\"><div class=\"ph sq\">{}</div><span>{}</span></a>",
                esc(view.base()),
                esc(&slug_path(&collection.handle)),
                img(
                    collection.image.as_deref().unwrap_or(""),
                    "",
                    600,
                    600,
                    false
                ),
                esc(&collection.title)
            );
        }
    }
    for block in blocks {
        let url = get(block, "url");
        let slug = match text(url, "params.slug") {
            "" => text(url, "slug"),
            s => s,
        };
        let fallback = view.catalog.collection(slug).and_then(|c| c.image.clone());
        let _ = write!(
            out,
            "<a class=\"tile\" href=\"{}\"><div class=\"ph sq\">{}</div><span>{}</span></a>",
            esc(&view.href(url)),
            img_or(
                text(block, "image"),
                fallback.as_deref(),
                text(block, "title"),
                600,
                600
            ),
            esc(text(block, "title"))
        );
    }
    out.push_str("</div></section>");
    out
}
