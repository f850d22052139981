//! Decimal rounding and digit grouping shared by the money and analytics formats.

/// `value × numerator / denominator` in integers, rounded half away from zero; 0 when the
/// denominator is 0. Shares of money: a tax, an average.
pub fn ratio(value: i64, numerator: i128, denominator: i128) -> i64 {
    if denominator == 0 {
        return 0;
    }
    let product = i128::from(value) * numerator;
    let rounded = (product.abs() * 2 + denominator.abs()) / (denominator.abs() * 2);
    let rounded = i64::try_from(rounded).unwrap_or(i64::MAX);
    if (product < 0) != (denominator < 0) {
        -rounded
    } else {
        rounded
    }
}

/// Rounds half away from zero to `decimals` places, on the decimal digits a person sees:
/// `1.005` rounds to `1.01`, as on paper, although the nearest binary double is a little below.
pub fn round_to(value: f64, decimals: u32) -> f64 {
    if !value.is_finite() {
        return value;
    }
    // The shortest text that reads back as `value` is what a person sees; round that text.
    let text = format!("{}", value.abs());
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    if text.contains('e') || fraction.len() <= decimals as usize {
        return value;
    }
    let keep = decimals as usize;
    let digits: String = format!("{whole}{}", &fraction[..keep]);
    let round_up = fraction.as_bytes()[keep] >= b'5';
    let mut magnitude: f64 = digits.parse().unwrap_or(0.0);
    if round_up {
        magnitude += 1.0;
    }
    let result = magnitude / 10f64.powi(decimals as i32);
    if value < 0.0 { -result } else { result }
}

/// Puts commas between groups of three digits of the whole part: `1234567.5` -> `1,234,567.5`.
pub fn group_thousands(digits: &str) -> String {
    let (whole, fraction) = match digits.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (digits, None),
    };
    let mut grouped = String::with_capacity(whole.len() + whole.len() / 3);
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    match fraction {
        Some(fraction) => format!("{grouped}.{fraction}"),
        None => grouped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_is_half_away_from_zero_on_the_visible_digits() {
        assert_eq!(round_to(1.005, 2), 1.01);
        assert_eq!(round_to(-1.005, 2), -1.01);
        assert_eq!(round_to(2.675, 2), 2.68);
        assert_eq!(round_to(1.004, 2), 1.0);
        assert_eq!(round_to(12.25, 1), 12.3);
        assert_eq!(round_to(3.0, 2), 3.0);
        assert_eq!(round_to(0.125, 2), 0.13);
        assert_eq!(round_to(99.995, 2), 100.0);
    }

    #[test]
    fn thousands_are_grouped_with_commas() {
        assert_eq!(group_thousands("0.50"), "0.50");
        assert_eq!(group_thousands("999.00"), "999.00");
        assert_eq!(group_thousands("1000.00"), "1,000.00");
        assert_eq!(group_thousands("1234567.89"), "1,234,567.89");
        assert_eq!(group_thousands("123456"), "123,456");
    }
}
