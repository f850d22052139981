//! The login form rules (shell.md §5): inputs trimmed; e-mail required, well-formed, 5 to 50
//! characters; password required, 5 to 50 characters. The first failing rule of a field wins, in
//! that order, so "abc" is reported as "Invalid Email" rather than as too short.

use shared_types::{FieldError, LoginCheck, LoginErrors, LoginForm};

use crate::limits::{LOGIN_EMAIL_LENGTH, LOGIN_PASSWORD_LENGTH, LengthBounds};

/// Judges a login form. The server calls this on every login body, the UI on every submit.
pub fn check_login(form: &LoginForm) -> LoginCheck {
    let email = form.email.trim().to_owned();
    let password = form.password.trim().to_owned();
    let errors = LoginErrors {
        email: check_email(&email),
        password: check_length("password", "Password", &password, LOGIN_PASSWORD_LENGTH),
    };
    let valid = errors.email.is_none() && errors.password.is_none();
    LoginCheck {
        email,
        password,
        errors,
        valid,
    }
}

pub(super) fn check_email(email: &str) -> Option<FieldError> {
    if email.is_empty() {
        return Some(error(
            "email.required",
            "Email is required".to_owned(),
            None,
        ));
    }
    if !is_email(email) {
        return Some(error("email.invalid", "Invalid Email".to_owned(), None));
    }
    check_length("email", "Email", email, LOGIN_EMAIL_LENGTH)
}

pub(super) fn check_length(
    field: &str,
    label: &str,
    value: &str,
    bounds: LengthBounds,
) -> Option<FieldError> {
    let length = value.chars().count();
    if length == 0 {
        Some(error(
            &format!("{field}.required"),
            format!("{label} is required"),
            None,
        ))
    } else if length < bounds.min as usize {
        Some(error(
            &format!("{field}.tooShort"),
            format!("{label} must have at least {} letters.", bounds.min),
            Some(bounds.min),
        ))
    } else if length > bounds.max as usize {
        Some(error(
            &format!("{field}.tooLong"),
            format!("{label} must have at most {} letters.", bounds.max),
            Some(bounds.max),
        ))
    } else {
        None
    }
}

pub(super) fn error(code: &str, message: String, limit: Option<u32>) -> FieldError {
    FieldError {
        code: code.to_owned(),
        message,
        limit,
    }
}

/// Whether `value` has the shape of an e-mail address: a local part of the characters HTML's
/// e-mail input accepts, one `@`, and a domain of at least two dot-separated labels, each of
/// letters, digits and inner hyphens, at most 63 long.
pub fn is_email(value: &str) -> bool {
    let Some((local, domain)) = value.split_once('@') else {
        return false;
    };
    const LOCAL_SPECIALS: &str = ".!#$%&'*+/=?^_`{|}~-";
    let local_ok = !local.is_empty()
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || LOCAL_SPECIALS.contains(c));
    let labels: Vec<&str> = domain.split('.').collect();
    // The labels are a host's; the top-level one is letters only, as HTML's e-mail input and
    // the spec's login form read it (a store's custom host only refuses an all-digit one).
    let domain_ok = labels.len() >= 2
        && labels
            .iter()
            .all(|label| super::addresses::is_host_label(label))
        && labels
            .last()
            .is_some_and(|tld| tld.chars().all(|c| c.is_ascii_alphabetic()) && tld.len() >= 2);
    local_ok && domain_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(email: &str, password: &str) -> LoginCheck {
        check_login(&LoginForm {
            email: email.to_owned(),
            password: password.to_owned(),
        })
    }

    #[test]
    fn the_format_rule_comes_before_the_length_rule() {
        let verdict = check("abc", "secret");
        assert_eq!(
            verdict.errors.email.map(|e| e.message),
            Some("Invalid Email".to_owned())
        );
    }

    #[test]
    fn whitespace_only_counts_as_missing() {
        let verdict = check("   ", " \t ");
        assert_eq!(
            verdict.errors.email.map(|e| e.code),
            Some("email.required".to_owned())
        );
        assert_eq!(
            verdict.errors.password.map(|e| e.code),
            Some("password.required".to_owned())
        );
        assert!(!verdict.valid);
    }

    #[test]
    fn well_formed_and_malformed_addresses() {
        for good in [
            "a@b.co",
            "first.last+tag@shop.example.com",
            "x_y@sub-domain.vn",
        ] {
            assert!(is_email(good), "{good} should pass");
        }
        for bad in [
            "abc", "a@b", "@b.co", "a@.co", "a@b..co", "a b@c.co", "a@b.c0", "a@-b.co", ".a@b.co",
        ] {
            assert!(!is_email(bad), "{bad} should fail");
        }
    }
}
