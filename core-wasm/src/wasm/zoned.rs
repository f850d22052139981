//! Exports that need the time-zone database, compiled only with the `tz` feature: date ranges,
//! buckets, notification times and the time-zone picker. Times cross the boundary as JavaScript
//! numbers (ms).

use shared_types::{Buckets, DateRange, PagePreference};
use wasm_bindgen::prelude::*;

use super::{from_js, to_js};
use crate::{analytics, shell};

/// The range from `from`..`to` (YYYY-MM-DD) in a zone; throws the error's code.
#[wasm_bindgen(js_name = analyticsRange)]
pub fn range(from: &str, to: &str, zone: &str, now_ms: f64) -> Result<JsValue, JsError> {
    to_js(&analytics::range(from, to, zone, now_ms as i64).map_err(|e| JsError::new(e.code()))?)
}

/// Today in a zone.
#[wasm_bindgen(js_name = analyticsToday)]
pub fn today(zone: &str, now_ms: f64) -> Result<JsValue, JsError> {
    to_js(&analytics::today(zone, now_ms as i64).map_err(|e| JsError::new(e.code()))?)
}

/// Yesterday in a zone.
#[wasm_bindgen(js_name = analyticsYesterday)]
pub fn yesterday(zone: &str, now_ms: f64) -> Result<JsValue, JsError> {
    to_js(&analytics::yesterday(zone, now_ms as i64).map_err(|e| JsError::new(e.code()))?)
}

/// The chart buckets of a range.
#[wasm_bindgen(js_name = analyticsBuckets)]
pub fn buckets(range: JsValue) -> Result<JsValue, JsError> {
    let range: DateRange = from_js(range)?;
    to_js(&analytics::buckets(&range).map_err(|e| JsError::new(e.code()))?)
}

/// The bucket an instant falls in, or `undefined`.
#[wasm_bindgen(js_name = bucketIndex)]
pub fn bucket_index(buckets: JsValue, instant_ms: f64) -> Result<Option<u32>, JsError> {
    let buckets: Buckets = from_js(buckets)?;
    Ok(analytics::bucket_index(&buckets, instant_ms as i64).and_then(|i| u32::try_from(i).ok()))
}

/// A notification time as `DD-MM-YYYY, HH:mm:ss` in a zone; throws the error's code.
#[wasm_bindgen(js_name = notificationTime)]
pub fn notification_time(value: &str, zone: &str) -> Result<String, JsError> {
    shell::notification_time(value, zone).map_err(|e| JsError::new(e.code()))
}

/// The core's verdict on a page preference, the time zone checked against the database.
#[wasm_bindgen(js_name = checkPagePreference)]
pub fn check_page_preference(preference: JsValue) -> Result<JsValue, JsError> {
    let preference: PagePreference = from_js(preference)?;
    to_js(&shell::check_page_preference(&preference, |zone| {
        shell::canonical_zone(zone)
            .ok()
            .map(|zone| zone.name().to_owned())
    }))
}

/// The time-zone picker's choices (zones, not links), with their offsets at `now`.
#[wasm_bindgen(js_name = zoneChoices)]
pub fn zone_choices(now_ms: f64) -> Result<JsValue, JsError> {
    to_js(&shell::zone_choices(now_ms as i64).map_err(|e| JsError::new(e.code()))?)
}

/// The choice any accepted name (a link, any case) stands for; throws the error's code.
#[wasm_bindgen(js_name = zoneChoice)]
pub fn zone_choice(name: &str, now_ms: f64) -> Result<JsValue, JsError> {
    to_js(&shell::zone_choice(name, now_ms as i64).map_err(|e| JsError::new(e.code()))?)
}

/// The values of the listed zones a search finds (name, city or former name).
#[wasm_bindgen(js_name = searchZones)]
pub fn search_zones(query: &str) -> Vec<String> {
    shell::search_zones(query)
}
