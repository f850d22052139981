//! Data of the admin shell: the dashboard greeting.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The part of the day the dashboard greeting names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum DayPeriod {
    Morning,
    Afternoon,
    Evening,
}

/// The dashboard greeting: the period (for translation), the full name, and the English text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Greeting {
    pub period: DayPeriod,
    pub full_name: String,
    pub text: String,
}
