//! The shapes the storefront's checkout accepts from a browser (not in the spec): its tokens
//! and ids, the shopper's e-mail, the discount code and the note. The server checks every
//! request by these before it reads a row.

use std::ops::RangeInclusive;

/// An idempotency key: 8 to 64 letters, digits, `-` or `_`.
pub const IDEMPOTENCY_KEY_LENGTH: RangeInclusive<usize> = 8..=64;
/// A checkout draft's token, as the storefront's script makes it: 16 to 64 of the same.
pub const DRAFT_TOKEN_LENGTH: RangeInclusive<usize> = 16..=64;
/// An analytics session id: 1 to 64 of the same.
pub const SESSION_ID_LENGTH: RangeInclusive<usize> = 1..=64;
/// The longest id (of a product, an order, a draft) a storefront request may name.
pub const ID_MAX: usize = 64;
/// The longest discount code a shopper may type, in characters.
pub const DISCOUNT_CODE_MAX_CHARS: usize = 64;
/// The longest order note, in characters.
pub const NOTE_MAX_CHARS: usize = 1000;
/// The longest e-mail address kept (RFC 5321's path limit).
pub const EMAIL_MAX: usize = 254;
/// The longest name a draft keeps, in characters.
pub const NAME_MAX_CHARS: usize = 100;

/// Whether `text` is a token of `length` letters, digits, `-` or `_`.
pub fn is_token(text: &str, length: RangeInclusive<usize>) -> bool {
    length.contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Whether `email` is an address the checkout takes: the admin's e-mail shape
/// ([`crate::shell::is_email`]) within [`EMAIL_MAX`].
pub fn is_shopper_email(email: &str) -> bool {
    email.len() <= EMAIL_MAX && crate::shell::is_email(email)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_addresses() {
        assert!(is_token("abcdefgh", IDEMPOTENCY_KEY_LENGTH));
        assert!(!is_token("abcdefg", IDEMPOTENCY_KEY_LENGTH));
        assert!(!is_token("abcdefgh!", IDEMPOTENCY_KEY_LENGTH));
        assert!(!is_token(&"a".repeat(65), IDEMPOTENCY_KEY_LENGTH));
        assert!(is_shopper_email("lan@example.com"));
        assert!(!is_shopper_email("lan@example"));
        assert!(!is_shopper_email("lan @example.com"));
        let long = format!("{}@example.com", "a".repeat(EMAIL_MAX));
        assert!(!is_shopper_email(&long));
    }
}
