//! The checkout countdown (spec §4): setting days, hours or minutes recomputes `getTime` as now
//! plus the countdown. `now` comes in the command; the core reads no clock.

use serde_json::{Map, Value};
use shared_types::theme::CountdownUnit;

use super::segments;
use crate::limits::COUNTDOWN_PART;
use crate::theme::defaults::checkout_countdown;
use crate::theme::doc::{Tx, get_at, to_pointer};
use crate::theme::error::ThemeError;
use crate::theme::rules::{Rule, check, number_value, parse_number};

/// The latest instant a JavaScript date holds, in ms since 1970.
const MAX_TIME_MS: f64 = 8.64e15;

fn unit_name(unit: CountdownUnit) -> &'static str {
    match unit {
        CountdownUnit::Day => "day",
        CountdownUnit::Hour => "hour",
        CountdownUnit::Min => "min",
    }
}

/// Sets one part of the countdown and recomputes `getTime` from `now_ms`.
pub(super) fn set(
    tx: &mut Tx<'_>,
    unit: CountdownUnit,
    value: &Value,
    now_ms: f64,
) -> Result<(), ThemeError> {
    let base = segments(&["settings", "checkout", "time"]);
    let path_of = |name: &str| {
        let mut path = base.clone();
        path.push(name.to_owned());
        path
    };
    if !(now_ms.is_finite() && (0.0..=MAX_TIME_MS).contains(&now_ms)) {
        return Err(ThemeError::BadTime {
            path: to_pointer(&path_of("getTime")),
        });
    }
    let unit_path = path_of(unit_name(unit));
    check(
        Rule::Range(COUNTDOWN_PART),
        value,
        &unit_path,
        shared_types::theme::ThemeFamily::Hydro,
    )?;
    let part = parse_number(value, &unit_path)?;
    let mut time: Map<String, Value> = match get_at(tx.root(), &base) {
        None => Map::new(),
        Some(Value::Object(map)) => map.clone(),
        Some(_) => {
            return Err(ThemeError::Shape {
                path: to_pointer(&base),
                expected: "an object",
            });
        }
    };
    let defaults = checkout_countdown();
    for name in ["day", "hour", "min"] {
        if !time.contains_key(name)
            && let Some(default) = defaults.get(name)
        {
            time.insert(name.to_owned(), default.clone());
        }
    }
    time.insert(unit_name(unit).to_owned(), number_value(part));
    let mut parts = [0.0; 3];
    for (slot, name) in parts.iter_mut().zip(["day", "hour", "min"]) {
        let stored = time.get(name).cloned().unwrap_or(Value::Null);
        *slot = parse_number(&stored, &path_of(name))?;
    }
    let [day, hour, min] = parts;
    let countdown_ms = ((day * 24.0 + hour) * 60.0 + min) * 60_000.0;
    let get_time = (now_ms.floor() + countdown_ms).round();
    time.insert("getTime".to_owned(), number_value(get_time));
    tx.replace_creating(&base, Value::Object(time))
}
