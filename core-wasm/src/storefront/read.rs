//! Reading a theme config: values at dotted paths, sections in their order.

#[allow(unused_imports)]
use crate::storefront::prelude::*;

static NULL: Value = Value::Null;

/// The value at a dotted path (`pages.fixed.sections`), `null` when absent.
pub fn get<'a>(value: &'a Value, path: &str) -> &'a Value {
    let mut current = value;
    for part in path.split('.') {
        current = match current {
            Value::Object(map) => map.get(part).unwrap_or(&NULL),
            Value::Array(items) => part
                .parse::<usize>()
                .ok()
                .and_then(|i| items.get(i))
                .unwrap_or(&NULL),
            _ => &NULL,
        };
    }
    current
}

pub fn text<'a>(value: &'a Value, path: &str) -> &'a str {
    get(value, path).as_str().unwrap_or("")
}

pub fn flag(value: &Value, path: &str, default: bool) -> bool {
    match get(value, path) {
        Value::Bool(b) => *b,
        Value::String(s) if s == "true" => true,
        Value::String(s) if s == "false" => false,
        Value::Number(n) => n.as_f64().is_some_and(|n| n != 0.0),
        _ => default,
    }
}

/// A number stored as a number or as a numeric string (older configs).
pub fn number(value: &Value, path: &str, default: f64) -> f64 {
    match get(value, path) {
        Value::Number(n) => n.as_f64().unwrap_or(default),
        Value::String(s) => s.trim().parse().unwrap_or(default),
        _ => default,
    }
}

pub fn list<'a>(value: &'a Value, path: &str) -> &'a [Value] {
    get(value, path).as_array().map_or(&[], Vec::as_slice)
}

/// The sections of a page, ordered by `index` (then key).
pub fn sections<'a>(config: &'a Value, page: &str) -> Vec<&'a Value> {
    let mut out: Vec<&Value> = match get(config, &format!("pages.{page}.sections")) {
        Value::Object(map) => map.values().collect(),
        _ => Vec::new(),
    };
    out.sort_by(|a, b| {
        number(a, "index", 0.0)
            .total_cmp(&number(b, "index", 0.0))
            .then_with(|| text(a, "key").cmp(text(b, "key")))
    });
    out
}
