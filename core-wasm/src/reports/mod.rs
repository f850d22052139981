//! Report rules of the analytics family (shell.md §2 names the screens, not their content; the
//! choices are in docs/decisions.md, "Reports"): sales grouped by day, product, country or
//! payment method; estimated profit with the merchant's unit costs and the payout balance's fee
//! rule; UTM attribution from landing pages; the UTM link builder; tracking pixel ids; CSV. Money
//! is in integer minor units until it leaves as a decimal number.
//! One module per topic; every rule is re-exported here, as `core_wasm::reports::*`.

mod csv;
mod orders;
mod pixels;
mod profit;
mod ranges;
mod sales;
mod utm;

pub use self::csv::*;
pub use self::orders::*;
pub use self::pixels::*;
pub use self::profit::*;
pub use self::ranges::*;
pub use self::sales::*;
pub use self::utm::*;

use serde::{Deserialize, Serialize};

/// Why a report input was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum ReportError {
    #[error(
        "The unit cost must be a number from 0 to 1,000,000 with no more decimals than the store's currency has."
    )]
    UnitCost,
    #[error("A Facebook pixel id is 15 or 16 digits.")]
    FacebookPixel,
    #[error("A TikTok pixel code is 20 capital letters and digits.")]
    TiktokPixel,
    #[error(
        "A Google tag is G- followed by 6 to 12 capital letters or digits, or AW- followed by 9 to 11 digits."
    )]
    GoogleTag,
    #[error("The store address must start with https:// or http:// and contain no spaces.")]
    LinkBase,
    #[error("The page must be a path on the store that starts with / and contains no spaces.")]
    LinkPath,
    #[error("The campaign source is required (at most 100 characters).")]
    UtmSource,
    #[error("The campaign medium is required (at most 100 characters).")]
    UtmMedium,
    #[error("The campaign name is required (at most 100 characters).")]
    UtmCampaign,
    #[error("The campaign term and content are at most 100 characters each.")]
    UtmOptional,
}

impl ReportError {
    /// A stable machine code for the UI.
    pub fn code(&self) -> &'static str {
        match self {
            ReportError::UnitCost => "reports.unitCost",
            ReportError::FacebookPixel => "reports.facebookPixel",
            ReportError::TiktokPixel => "reports.tiktokPixel",
            ReportError::GoogleTag => "reports.googleTag",
            ReportError::LinkBase => "reports.linkBase",
            ReportError::LinkPath => "reports.linkPath",
            ReportError::UtmSource => "reports.utmSource",
            ReportError::UtmMedium => "reports.utmMedium",
            ReportError::UtmCampaign => "reports.utmCampaign",
            ReportError::UtmOptional => "reports.utmOptional",
        }
    }
}
