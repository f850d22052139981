//! The fields store content shares: titles, handles, HTML bodies and money.

/// Titles of pages, menus, products, collections: 1 to 255 characters.
pub const TITLE_MAX: usize = 255;

/// Handles (the slug in a storefront address): 1 to 100 of `a-z`, `0-9` and `-`.
pub const HANDLE_MAX: usize = 100;

/// A page body or product description: at most 200,000 characters of HTML.
pub const HTML_MAX: usize = 200_000;

pub use crate::money::MONEY_MAX;

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

/// An amount (`19.99`) as minor units of the currency (`1999`): not negative, at most the
/// currency's decimals, at most `MONEY_MAX`.
pub fn money_to_minor(
    label: &str,
    amount: shared_types::Money,
    currency: crate::formats::Currency,
) -> Result<i64, String> {
    crate::money::to_stored(label, amount, currency)
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
    fn money_has_the_currency_decimals_at_most() {
        use shared_types::Money;
        let usd = crate::formats::Currency::default();
        assert_eq!(
            money_to_minor("Price", Money::from_minor(1999, 2), usd),
            Ok(1999)
        );
        assert_eq!(money_to_minor("Price", Money::ZERO, usd), Ok(0));
        assert!(money_to_minor("Price", Money::from_minor(1005, 3), usd).is_err());
        assert!(money_to_minor("Price", Money::from_minor(-1, 0), usd).is_err());
    }
}
