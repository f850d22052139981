//! The numeric limits of the spec, one row each, citing the line that sets it.

/// An inclusive range of lengths, counted in characters (Unicode scalar values).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LengthBounds {
    pub min: u32,
    pub max: u32,
}

/// shell.md §5 and §9: "Login e-mail and password length: 5 to 50".
pub const LOGIN_EMAIL_LENGTH: LengthBounds = LengthBounds { min: 5, max: 50 };

/// shell.md §5 and §9: "Login e-mail and password length: 5 to 50".
pub const LOGIN_PASSWORD_LENGTH: LengthBounds = LengthBounds { min: 5, max: 50 };

/// shell.md §2: "before 12 'Good Morning', 12 to 17 'Good Afternoon', later 'Good Evening'".
/// The first hour of the afternoon and the first hour of the evening, in local time.
pub const AFTERNOON_STARTS_AT_HOUR: u32 = 12;
pub const EVENING_STARTS_AT_HOUR: u32 = 18;
