//! The account forms beyond login: register, forgot password, reset password, change password
//! and staff invitation. The same field rules as the login form (shell.md §5), so one e-mail
//! or password reads the same everywhere; the rules the spec does not give are in
//! `limits.rs` and docs/decisions.md ("Sign-in and sessions").

use std::collections::BTreeMap;

use shared_types::{
    ChangePasswordForm, FieldError, ForgotPasswordForm, FormVerdict, PagePreference, RegisterForm,
    ResetPasswordForm, StaffInvitationForm, SurveyAnswers, UpdateProfileRequest,
};

use super::login::{check_email, check_length, error};
use super::permissions::is_role_key;
use crate::limits::{
    NEW_PASSWORD_LENGTH, PERSON_NAME_MAX, PICTURE_URL_MAX, SIGNUP_CODE_MAX, STORE_NAME_LENGTH,
    SURVEY_ANSWER_LENGTH_MAX, SURVEY_ANSWERS_MAX,
};

/// Collects the errors of a form's fields.
#[derive(Default)]
struct Errors(BTreeMap<String, FieldError>);

impl Errors {
    fn check(&mut self, field: &str, verdict: Option<FieldError>) {
        if let Some(error) = verdict {
            self.0.insert(field.to_owned(), error);
        }
    }

    fn into_verdict<T>(self, value: T) -> FormVerdict<T> {
        FormVerdict {
            valid: self.0.is_empty(),
            errors: self.0,
            value,
        }
    }
}

fn trimmed_option(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

fn check_max(field: &str, label: &str, value: &str, max: u32) -> Option<FieldError> {
    (value.chars().count() > max as usize).then(|| {
        error(
            &format!("{field}.tooLong"),
            format!("{label} must have at most {max} letters."),
            Some(max),
        )
    })
}

fn check_confirmation(password: &str, confirmation: &str) -> Option<FieldError> {
    if confirmation.is_empty() {
        Some(error(
            "confirmPassword.required",
            "Please confirm the password".to_owned(),
            None,
        ))
    } else if confirmation != password {
        Some(error(
            "confirmPassword.mismatch",
            "Passwords do not match".to_owned(),
            None,
        ))
    } else {
        None
    }
}

/// The sign-up form: e-mail and password as at login, a store name of 2 to 50 characters, an
/// optional code of at most 64.
pub fn check_register(form: &RegisterForm) -> FormVerdict<RegisterForm> {
    let value = RegisterForm {
        email: form.email.trim().to_owned(),
        password: form.password.trim().to_owned(),
        store_name: form.store_name.trim().to_owned(),
        code: trimmed_option(&form.code),
    };
    let mut errors = Errors::default();
    errors.check("email", check_email(&value.email));
    errors.check(
        "password",
        check_length("password", "Password", &value.password, NEW_PASSWORD_LENGTH),
    );
    errors.check(
        "storeName",
        check_length(
            "storeName",
            "Store name",
            &value.store_name,
            STORE_NAME_LENGTH,
        ),
    );
    if let Some(code) = &value.code {
        errors.check("code", check_max("code", "Code", code, SIGNUP_CODE_MAX));
    }
    errors.into_verdict(value)
}

/// The forgot-password form: an e-mail, as at login.
pub fn check_forgot_password(form: &ForgotPasswordForm) -> FormVerdict<ForgotPasswordForm> {
    let value = ForgotPasswordForm {
        email: form.email.trim().to_owned(),
    };
    let mut errors = Errors::default();
    errors.check("email", check_email(&value.email));
    errors.into_verdict(value)
}

/// The reset-password form: a new password of 5 to 50, its confirmation, and the token.
pub fn check_reset_password(form: &ResetPasswordForm) -> FormVerdict<ResetPasswordForm> {
    let value = ResetPasswordForm {
        password: form.password.trim().to_owned(),
        confirm_password: form.confirm_password.trim().to_owned(),
        token: form.token.trim().to_owned(),
    };
    let mut errors = Errors::default();
    errors.check(
        "password",
        check_length("password", "Password", &value.password, NEW_PASSWORD_LENGTH),
    );
    errors.check(
        "confirmPassword",
        check_confirmation(&value.password, &value.confirm_password),
    );
    if value.token.is_empty() {
        errors.check(
            "token",
            Some(error(
                "token.required",
                "The reset link is incomplete".to_owned(),
                None,
            )),
        );
    }
    errors.into_verdict(value)
}

/// The change-password form: the current password, a new one of 5 to 50 that differs from it,
/// and its confirmation.
pub fn check_change_password(form: &ChangePasswordForm) -> FormVerdict<ChangePasswordForm> {
    let value = ChangePasswordForm {
        current_password: form.current_password.trim().to_owned(),
        new_password: form.new_password.trim().to_owned(),
        confirm_password: form.confirm_password.trim().to_owned(),
    };
    let mut errors = Errors::default();
    if value.current_password.is_empty() {
        errors.check(
            "currentPassword",
            Some(error(
                "currentPassword.required",
                "Current password is required".to_owned(),
                None,
            )),
        );
    }
    let new_password = check_length(
        "newPassword",
        "New password",
        &value.new_password,
        NEW_PASSWORD_LENGTH,
    )
    .or_else(|| {
        (!value.current_password.is_empty() && value.new_password == value.current_password).then(
            || {
                error(
                    "newPassword.unchanged",
                    "The new password must differ from the current one".to_owned(),
                    None,
                )
            },
        )
    });
    errors.check("newPassword", new_password);
    errors.check(
        "confirmPassword",
        check_confirmation(&value.new_password, &value.confirm_password),
    );
    errors.into_verdict(value)
}

/// A password chosen now for an account made without the sign-up form (an accepted
/// invitation): 8 to 50 characters, as at sign-up.
pub fn check_new_password(password: &str) -> Option<FieldError> {
    check_length("password", "Password", password, NEW_PASSWORD_LENGTH)
}

/// The first name a new merchant gives after signing up (the survey asks it, so that the admin
/// greets and credits them by name): required, at most 50 characters once trimmed.
pub fn check_first_name(name: &str) -> Option<FieldError> {
    check_length(
        "firstName",
        "First name",
        name.trim(),
        crate::limits::LengthBounds {
            min: 1,
            max: PERSON_NAME_MAX,
        },
    )
}

/// A store name: 2 to 50 characters once trimmed.
pub fn check_store_name(name: &str) -> Option<FieldError> {
    check_length("storeName", "Store name", name.trim(), STORE_NAME_LENGTH)
}

/// Checks a list of scopes: at least one, each a role key of the spec.
pub fn check_scopes(scopes: &[String]) -> Option<FieldError> {
    if scopes.is_empty() {
        return Some(error(
            "scopes.required",
            "Choose at least one permission".to_owned(),
            None,
        ));
    }
    scopes
        .iter()
        .find(|scope| !is_role_key(scope))
        .map(|unknown| {
            error(
                "scopes.unknown",
                format!("Unknown permission: {unknown}"),
                None,
            )
        })
}

/// The values a page preference may take (shell.md §3).
pub const BUSINESS_TYPES: &[&str] = &["dropship", "other"];
pub const PAYMENT_CHOICES: &[&str] = &["seller", "latte"];
pub const THEME_FAMILIES: &[&str] = &["hydro", "newchick"];

/// A page preference: a known time zone, kept under its canonical name (`canonical_zone` gives
/// it for a known name, `Asia/Ho_Chi_Minh` for `Asia/Saigon`; the caller passes it so that builds
/// without the zone database can still judge the rest), and one of the listed values for each
/// choice.
pub fn check_page_preference(
    preference: &PagePreference,
    canonical_zone: impl Fn(&str) -> Option<String>,
) -> FormVerdict<PagePreference> {
    let zone = canonical_zone(&preference.standard_timezone);
    let value = PagePreference {
        standard_timezone: zone
            .clone()
            .unwrap_or_else(|| preference.standard_timezone.trim().to_owned()),
        business_type: preference.business_type.trim().to_owned(),
        payment_choice: shared_types::PaymentChoice {
            kind: preference.payment_choice.kind.trim().to_owned(),
        },
        store_front_default_theme: preference.store_front_default_theme.trim().to_owned(),
        // The core's spelling of a known currency; an unknown one is kept to be named below.
        currency: preference.currency.as_deref().map(|code| {
            crate::formats::find_currency(code)
                .map(|c| c.code.to_owned())
                .unwrap_or_else(|| code.trim().to_owned())
        }),
        // A known country's code in upper case; an unknown one is kept to be named below.
        country: preference.country.as_deref().map(|code| {
            crate::commerce::country(code)
                .map_or_else(|| code.trim().to_owned(), |(code, _, _)| code.to_owned())
        }),
    };
    let mut errors = Errors::default();
    if zone.is_none() {
        errors.check(
            "standardTimezone",
            Some(error(
                "standardTimezone.unknown",
                format!("Unknown time zone: {}", value.standard_timezone),
                None,
            )),
        );
    }
    let one_of = |field: &str, value: &str, allowed: &[&str]| {
        (!allowed.contains(&value)).then(|| {
            error(
                &format!("{field}.invalid"),
                format!("{field} must be one of: {}", allowed.join(", ")),
                None,
            )
        })
    };
    errors.check(
        "businessType",
        one_of("businessType", &value.business_type, BUSINESS_TYPES),
    );
    errors.check(
        "paymentChoice",
        one_of("paymentChoice", &value.payment_choice.kind, PAYMENT_CHOICES),
    );
    errors.check(
        "storeFrontDefaultTheme",
        one_of(
            "storeFrontDefaultTheme",
            &value.store_front_default_theme,
            THEME_FAMILIES,
        ),
    );
    if let Some(code) = value.currency.as_deref() {
        let codes: Vec<&str> = crate::formats::CURRENCIES.iter().map(|c| c.code).collect();
        errors.check("currency", one_of("currency", code, &codes));
    }
    if let Some(code) = value.country.as_deref().filter(|code| !code.is_empty())
        && crate::commerce::country(code).is_none()
    {
        errors.check(
            "country",
            Some(error(
                "country.unknown",
                format!("Unknown country: {code}. Choose a country from the list."),
                None,
            )),
        );
    }
    errors.into_verdict(value)
}

/// A subdomain made from a store name: lowercase ASCII letters and digits, other runs of
/// characters turned into one hyphen, at most 40 long, "store" when nothing is left.
pub fn subdomain_from_name(name: &str) -> String {
    let mut slug = String::new();
    for c in name.chars() {
        let c = fold_vietnamese(c);
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let slug: String = slug.chars().take(40).collect();
    let slug = slug.trim_matches('-');
    if slug.is_empty() {
        "store".to_owned()
    } else {
        slug.to_owned()
    }
}

/// The base letter of a Vietnamese letter with diacritics (so "Đà Lạt" becomes "da-lat").
fn fold_vietnamese(c: char) -> char {
    const GROUPS: &[(&str, char)] = &[
        ("àáạảãâầấậẩẫăằắặẳẵ", 'a'),
        ("ÀÁẠẢÃÂẦẤẬẨẪĂẰẮẶẲẴ", 'A'),
        ("èéẹẻẽêềếệểễ", 'e'),
        ("ÈÉẸẺẼÊỀẾỆỂỄ", 'E'),
        ("ìíịỉĩ", 'i'),
        ("ÌÍỊỈĨ", 'I'),
        ("òóọỏõôồốộổỗơờớợởỡ", 'o'),
        ("ÒÓỌỎÕÔỒỐỘỔỖƠỜỚỢỞỠ", 'O'),
        ("ùúụủũưừứựửữ", 'u'),
        ("ÙÚỤỦŨƯỪỨỰỬỮ", 'U'),
        ("ỳýỵỷỹ", 'y'),
        ("ỲÝỴỶỸ", 'Y'),
        ("đ", 'd'),
        ("Đ", 'D'),
    ];
    GROUPS
        .iter()
        .find(|(letters, _)| letters.contains(c))
        .map_or(c, |(_, base)| *base)
}

/// The staff invitation: an e-mail as at login, optional names of at most 50, and at least one
/// scope, each a role key of the spec (duplicates dropped, order kept).
pub fn check_staff_invitation(form: &StaffInvitationForm) -> FormVerdict<StaffInvitationForm> {
    let mut scopes: Vec<String> = Vec::new();
    for scope in &form.scopes {
        let scope = scope.trim().to_owned();
        if !scopes.contains(&scope) {
            scopes.push(scope);
        }
    }
    let value = StaffInvitationForm {
        email: form.email.trim().to_owned(),
        first_name: trimmed_option(&form.first_name),
        last_name: trimmed_option(&form.last_name),
        scopes,
    };
    let mut errors = Errors::default();
    errors.check("email", check_email(&value.email));
    if let Some(name) = &value.first_name {
        errors.check(
            "firstName",
            check_max("firstName", "First name", name, PERSON_NAME_MAX),
        );
    }
    if let Some(name) = &value.last_name {
        errors.check(
            "lastName",
            check_max("lastName", "Last name", name, PERSON_NAME_MAX),
        );
    }
    if value.scopes.is_empty() {
        errors.check(
            "scopes",
            Some(error(
                "scopes.required",
                "Choose at least one permission".to_owned(),
                None,
            )),
        );
    } else if let Some(unknown) = value.scopes.iter().find(|scope| !is_role_key(scope)) {
        errors.check(
            "scopes",
            Some(error(
                "scopes.unknown",
                format!("Unknown permission: {unknown}"),
                None,
            )),
        );
    }
    errors.into_verdict(value)
}

/// A profile change as it is written: each field `None` to keep it, `Some(None)` to clear it,
/// `Some(Some(text))` to set it (trimmed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedProfile {
    pub first_name: Option<Option<String>>,
    pub last_name: Option<Option<String>>,
    pub profile_picture: Option<Option<String>>,
}

/// Checks a profile change: first and last name at most `PERSON_NAME_MAX` letters each, the
/// picture an `http(s)://` address of at most `PICTURE_URL_MAX`. An empty value clears the
/// field; an absent one keeps it. Every reason when it is refused.
pub fn check_profile(request: &UpdateProfileRequest) -> Result<CheckedProfile, Vec<String>> {
    let mut errors = Vec::new();
    let mut clean = |value: &Option<String>, label: &str, max: u32| {
        let value = value.as_deref()?;
        let trimmed = value.trim();
        if trimmed.chars().count() > max as usize {
            errors.push(format!("{label} must have at most {max} letters."));
        }
        Some((!trimmed.is_empty()).then(|| trimmed.to_owned()))
    };
    let first_name = clean(&request.first_name, "First name", PERSON_NAME_MAX);
    let last_name = clean(&request.last_name, "Last name", PERSON_NAME_MAX);
    let profile_picture = clean(&request.profile_picture, "Picture address", PICTURE_URL_MAX);
    if let Some(Some(url)) = &profile_picture
        && !(url.starts_with("https://") || url.starts_with("http://"))
    {
        errors.push("The picture address must start with http:// or https://".to_owned());
    }
    if errors.is_empty() {
        Ok(CheckedProfile {
            first_name,
            last_name,
            profile_picture,
        })
    } else {
        Err(errors)
    }
}

/// Checks the sign-up survey's answers: at most `SURVEY_ANSWERS_MAX` of them, each question and
/// answer at most `SURVEY_ANSWER_LENGTH_MAX` characters.
pub fn check_survey(survey: &SurveyAnswers) -> Result<(), String> {
    let too_long = |text: &String| text.chars().count() > SURVEY_ANSWER_LENGTH_MAX;
    if survey.answers.len() > SURVEY_ANSWERS_MAX
        || survey
            .answers
            .iter()
            .any(|(k, v)| too_long(k) || too_long(v))
    {
        return Err(format!(
            "The survey takes at most {SURVEY_ANSWERS_MAX} answers of at most {SURVEY_ANSWER_LENGTH_MAX} characters."
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profile_change_keeps_absent_fields_and_clears_empty_ones() {
        let checked = check_profile(&UpdateProfileRequest {
            first_name: Some(" Lan ".to_owned()),
            last_name: Some("  ".to_owned()),
            profile_picture: None,
        })
        .expect("a good change");
        assert_eq!(checked.first_name, Some(Some("Lan".to_owned())));
        assert_eq!(checked.last_name, Some(None));
        assert_eq!(checked.profile_picture, None);
        let refused = check_profile(&UpdateProfileRequest {
            first_name: Some("x".repeat(51)),
            last_name: None,
            profile_picture: Some("ftp://pic".to_owned()),
        })
        .expect_err("two problems");
        assert_eq!(
            refused,
            vec![
                "First name must have at most 50 letters.".to_owned(),
                "The picture address must start with http:// or https://".to_owned()
            ]
        );
    }

    #[test]
    fn a_first_name_is_required_and_at_most_fifty_letters() {
        let code = |name: &str| check_first_name(name).map(|e| e.code);
        assert_eq!(code("Lan"), None);
        assert_eq!(code("  Trần  "), None);
        assert_eq!(code("   ").as_deref(), Some("firstName.required"));
        assert_eq!(code(&"a".repeat(51)).as_deref(), Some("firstName.tooLong"));
        assert_eq!(code(&"ệ".repeat(50)), None);
    }

    #[test]
    fn a_survey_takes_twenty_short_answers() {
        let survey = |n: usize, len: usize| SurveyAnswers {
            answers: (0..n).map(|i| (format!("q{i}"), "a".repeat(len))).collect(),
        };
        assert!(check_survey(&survey(20, 500)).is_ok());
        assert!(check_survey(&survey(21, 1)).is_err());
        assert!(check_survey(&survey(1, 501)).is_err());
    }

    #[test]
    fn subdomains_are_lowercase_ascii_with_single_hyphens() {
        assert_eq!(subdomain_from_name("Sam's Goods"), "sam-s-goods");
        assert_eq!(subdomain_from_name("  Đà Lạt Coffee!! "), "da-lat-coffee");
        assert_eq!(subdomain_from_name("!!!"), "store");
        assert_eq!(subdomain_from_name(&"x".repeat(60)).len(), 40);
    }

    #[test]
    fn a_page_preference_takes_only_listed_values() {
        let good = PagePreference {
            standard_timezone: "Asia/Ho_Chi_Minh".to_owned(),
            business_type: "dropship".to_owned(),
            payment_choice: shared_types::PaymentChoice {
                kind: "latte".to_owned(),
            },
            store_front_default_theme: "newchick".to_owned(),
            currency: Some(" vnd ".to_owned()),
            country: Some(" vn ".to_owned()),
        };
        let verdict = check_page_preference(&good, |_| Some("Asia/Ho_Chi_Minh".to_owned()));
        assert!(verdict.valid);
        assert_eq!(verdict.value.currency.as_deref(), Some("VND"));
        assert_eq!(verdict.value.country.as_deref(), Some("VN"));
        let none = PagePreference {
            country: Some(String::new()),
            ..good.clone()
        };
        assert!(check_page_preference(&none, |_| Some("UTC".to_owned())).valid);
        let former = PagePreference {
            standard_timezone: "Asia/Saigon".to_owned(),
            ..good.clone()
        };
        let verdict = check_page_preference(&former, |_| Some("Asia/Ho_Chi_Minh".to_owned()));
        assert_eq!(verdict.value.standard_timezone, "Asia/Ho_Chi_Minh");
        let bad = PagePreference {
            business_type: "wholesale".to_owned(),
            currency: Some("XYZ".to_owned()),
            country: Some("XX".to_owned()),
            ..good
        };
        let verdict = check_page_preference(&bad, |_| None);
        assert_eq!(
            verdict.errors.keys().collect::<Vec<_>>(),
            ["businessType", "country", "currency", "standardTimezone"]
        );
    }
}
