//! Navigation menus: their items, links and nesting.

use shared_types::catalog::{MenuInput, MenuItem};

use super::{check_handle, check_title, problems};

/// Items of a menu, counting children.
pub const MENU_ITEMS_MAX: usize = 200;

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

/// Every problem of a menu: title, handle and items.
pub fn menu_problems(input: &MenuInput) -> Vec<String> {
    problems([
        check_title("A menu's title", &input.title).map(drop),
        check_handle(input.handle.as_deref(), input.title.trim()).map(drop),
        check_menu_items(&input.items),
    ])
}
