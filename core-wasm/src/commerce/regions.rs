//! The regions of the countries whose addresses need one (`address::REGION_REQUIRED`): US states
//! and territories, Canadian provinces and territories, Australian states and territories. An
//! address written "Illinois", "il" or "IL" names one region: it is stored as its code, and it
//! takes that region's tax rate however the shopper wrote it.

/// United States: the states, the District of Columbia, the territories and the armed forces'
/// postal regions, as (code, name).
const US: &[(&str, &str)] = &[
    ("AL", "Alabama"),
    ("AK", "Alaska"),
    ("AZ", "Arizona"),
    ("AR", "Arkansas"),
    ("CA", "California"),
    ("CO", "Colorado"),
    ("CT", "Connecticut"),
    ("DE", "Delaware"),
    ("DC", "District of Columbia"),
    ("FL", "Florida"),
    ("GA", "Georgia"),
    ("HI", "Hawaii"),
    ("ID", "Idaho"),
    ("IL", "Illinois"),
    ("IN", "Indiana"),
    ("IA", "Iowa"),
    ("KS", "Kansas"),
    ("KY", "Kentucky"),
    ("LA", "Louisiana"),
    ("ME", "Maine"),
    ("MD", "Maryland"),
    ("MA", "Massachusetts"),
    ("MI", "Michigan"),
    ("MN", "Minnesota"),
    ("MS", "Mississippi"),
    ("MO", "Missouri"),
    ("MT", "Montana"),
    ("NE", "Nebraska"),
    ("NV", "Nevada"),
    ("NH", "New Hampshire"),
    ("NJ", "New Jersey"),
    ("NM", "New Mexico"),
    ("NY", "New York"),
    ("NC", "North Carolina"),
    ("ND", "North Dakota"),
    ("OH", "Ohio"),
    ("OK", "Oklahoma"),
    ("OR", "Oregon"),
    ("PA", "Pennsylvania"),
    ("RI", "Rhode Island"),
    ("SC", "South Carolina"),
    ("SD", "South Dakota"),
    ("TN", "Tennessee"),
    ("TX", "Texas"),
    ("UT", "Utah"),
    ("VT", "Vermont"),
    ("VA", "Virginia"),
    ("WA", "Washington"),
    ("WV", "West Virginia"),
    ("WI", "Wisconsin"),
    ("WY", "Wyoming"),
    ("AS", "American Samoa"),
    ("GU", "Guam"),
    ("MP", "Northern Mariana Islands"),
    ("PR", "Puerto Rico"),
    ("VI", "U.S. Virgin Islands"),
    ("UM", "U.S. Minor Outlying Islands"),
    ("AA", "Armed Forces Americas"),
    ("AE", "Armed Forces Europe"),
    ("AP", "Armed Forces Pacific"),
];

/// Canada's provinces and territories.
const CA: &[(&str, &str)] = &[
    ("AB", "Alberta"),
    ("BC", "British Columbia"),
    ("MB", "Manitoba"),
    ("NB", "New Brunswick"),
    ("NL", "Newfoundland and Labrador"),
    ("NS", "Nova Scotia"),
    ("NT", "Northwest Territories"),
    ("NU", "Nunavut"),
    ("ON", "Ontario"),
    ("PE", "Prince Edward Island"),
    ("QC", "Quebec"),
    ("SK", "Saskatchewan"),
    ("YT", "Yukon"),
];

/// Australia's states and territories.
const AU: &[(&str, &str)] = &[
    ("ACT", "Australian Capital Territory"),
    ("NSW", "New South Wales"),
    ("NT", "Northern Territory"),
    ("QLD", "Queensland"),
    ("SA", "South Australia"),
    ("TAS", "Tasmania"),
    ("VIC", "Victoria"),
    ("WA", "Western Australia"),
];

/// The regions of `country` (a code, any case) as (code, name); empty for a country whose
/// addresses name no region from a list.
pub fn regions(country: &str) -> &'static [(&'static str, &'static str)] {
    match country.trim().to_ascii_uppercase().as_str() {
        "US" => US,
        "CA" => CA,
        "AU" => AU,
        _ => &[],
    }
}

/// Text as compared: lower case, without dots and accents on the letters these names use, one
/// space between words ("U.S. Virgin Islands", "Québec").
fn folded(text: &str) -> String {
    text.chars()
        .filter(|c| *c != '.')
        .map(|c| match c {
            'é' | 'É' => 'e',
            c => c.to_ascii_lowercase(),
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The code of the region of `country` written `text` (its code or its name, any case);
/// `None` when `country` has no list or `text` names none of it.
pub fn region_code(country: &str, text: &str) -> Option<&'static str> {
    let wanted = folded(text);
    if wanted.is_empty() {
        return None;
    }
    regions(country)
        .iter()
        .find(|(code, name)| folded(code) == wanted || folded(name) == wanted)
        .map(|(code, _)| *code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_region_is_its_code_or_its_name_however_written() {
        assert_eq!(region_code("us", " il "), Some("IL"));
        assert_eq!(region_code("US", "ILLINOIS"), Some("IL"));
        assert_eq!(region_code("US", "new  york"), Some("NY"));
        assert_eq!(region_code("US", "u.s. virgin islands"), Some("VI"));
        assert_eq!(region_code("CA", "Québec"), Some("QC"));
        assert_eq!(region_code("AU", "nsw"), Some("NSW"));
        assert_eq!(region_code("US", "Springfield"), None);
        assert_eq!(region_code("DE", "BE"), None);
        assert_eq!(region_code("US", ""), None);
        assert_eq!((US.len(), CA.len(), AU.len()), (60, 13, 8));
    }
}
