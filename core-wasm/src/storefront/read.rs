//! Reading a theme config: values at dotted paths, sections in their order, and [`Node`], which
//! reads a value as the storefront shows it: a missing value is taken as the theme's default and
//! a number is held to the theme's limit, both from the rule table (`crate::theme::default_at`,
//! `crate::theme::range_at`). The renderer states no default and no limit of its own.

use std::cell::RefCell;

use serde_json::Value;
use shared_types::theme::{SectionType, ThemeFamily};

use crate::theme::{DefaultValue, Where, default_at, range_at};

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

/// A flag stored as a boolean, `"true"`/`"false"` or a number (older configs).
fn flag_of(value: &Value) -> Option<bool> {
    match value {
        Value::Bool(b) => Some(*b),
        Value::String(s) if s == "true" => Some(true),
        Value::String(s) if s == "false" => Some(false),
        Value::Number(n) => Some(n.as_f64().is_some_and(|n| n != 0.0)),
        _ => None,
    }
}

/// A number stored as a number or as a numeric string (older configs).
fn number_of(value: &Value) -> Option<f64> {
    match value {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
    .filter(|n: &f64| n.is_finite())
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
        let index = |v: &Value| number_of(get(v, "index")).unwrap_or(0.0);
        index(a)
            .total_cmp(&index(b))
            .then_with(|| text(a, "key").cmp(text(b, "key")))
    });
    out
}

/// A colour value a stylesheet may hold (a name, hex, `rgb()`...), nothing that ends the rule.
fn is_colour(value: &str) -> bool {
    !value.is_empty()
        && value.len() <= 40
        && value.chars().all(|c| {
            c.is_ascii_alphanumeric() || matches!(c, '#' | '(' | ')' | ',' | '.' | ' ' | '%')
        })
}

thread_local! {
    /// The paths read with no default in the table (see [`take_misses`]).
    static MISSES: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// The paths the renderer read, found missing, and had no default for, since the last call:
/// the tests render every vector and expect none (a value the storefront shows has a default
/// in the rule table).
#[doc(hidden)]
pub fn take_misses() -> Vec<String> {
    MISSES.with(|m| std::mem::take(&mut *m.borrow_mut()))
}

/// A part of the config (the settings, a settings group, a section's settings, a list item) and
/// where it sits, so that its values are read with their default and limit.
#[derive(Debug, Clone)]
pub struct Node<'a> {
    /// The value itself (`null` when absent).
    pub value: &'a Value,
    at: Where,
    family: ThemeFamily,
    /// The segments below the scope's root (`*` for a list item).
    rel: Vec<&'static str>,
}

impl<'a> Node<'a> {
    /// The config's `settings`, or one group of them (`product`, `cart_goal`...; dotted).
    pub fn settings(config: &'a Value, family: ThemeFamily, group: &'static str) -> Node<'a> {
        let root = get(config, "settings");
        let node = Node {
            value: root,
            at: Where::Settings,
            family,
            rel: Vec::new(),
        };
        if group.is_empty() {
            node
        } else {
            node.at(group)
        }
    }

    /// The settings of a section (a value with `type` and `settings`).
    pub fn section(section: &'a Value, family: ThemeFamily) -> Node<'a> {
        Node {
            value: get(section, "settings"),
            at: Where::Section(SectionType::from_wire_name(text(section, "type"))),
            family,
            rel: Vec::new(),
        }
    }

    fn path(&self, path: &'static str) -> Vec<&'static str> {
        let mut rel = self.rel.clone();
        rel.extend(path.split('.'));
        rel
    }

    /// The part at a dotted path below this one.
    pub fn at(&self, path: &'static str) -> Node<'a> {
        Node {
            value: get(self.value, path),
            at: self.at,
            family: self.family,
            rel: self.path(path),
        }
    }

    /// The items of the list at a dotted path (none when it is not a list).
    pub fn items(&self, path: &'static str) -> Vec<Node<'a>> {
        let mut rel = self.path(path);
        rel.push("*");
        list(self.value, path)
            .iter()
            .map(|value| Node {
                value,
                at: self.at,
                family: self.family,
                rel: rel.clone(),
            })
            .collect()
    }

    /// An item of this list.
    pub fn item(&self, value: &'a Value) -> Node<'a> {
        let mut rel = self.rel.clone();
        rel.push("*");
        Node {
            value,
            at: self.at,
            family: self.family,
            rel,
        }
    }

    /// The value at a dotted path, `null` when absent.
    pub fn get(&self, path: &str) -> &'a Value {
        get(self.value, path)
    }

    /// The text at a dotted path, empty when absent.
    pub fn text(&self, path: &str) -> &'a str {
        text(self.value, path)
    }

    fn default(&self, path: &'static str) -> Option<DefaultValue> {
        let rel = self.path(path);
        let found = default_at(self.at, &rel);
        if found.is_none() {
            MISSES.with(|m| {
                m.borrow_mut()
                    .push(format!("{:?} {}", self.at, rel.join("/")))
            });
        }
        found
    }

    /// The flag at a dotted path, or its default.
    pub fn flag(&self, path: &'static str) -> bool {
        match flag_of(get(self.value, path)) {
            Some(value) => value,
            // A flag the table gives no default is off.
            None => matches!(
                default_at(self.at, &self.path(path)),
                Some(DefaultValue::Bool(true))
            ),
        }
    }

    /// The number at a dotted path, or its default, held to its limit.
    pub fn number(&self, path: &'static str) -> f64 {
        let value = number_of(get(self.value, path)).unwrap_or_else(|| match self.default(path) {
            Some(DefaultValue::Number(n)) => f64::from(n),
            _ => 0.0,
        });
        match range_at(self.at, self.family, &self.path(path)) {
            Some((low, high)) => value.clamp(low, high),
            None => value,
        }
    }

    /// The colour at a dotted path, or its default when it is missing or not a plain colour.
    pub fn colour(&self, path: &'static str) -> String {
        let value = self.text(path).trim();
        if is_colour(value) {
            return value.to_owned();
        }
        match self.default(path) {
            Some(DefaultValue::Text(colour)) => colour.to_owned(),
            _ => String::new(),
        }
    }

    /// The text at a dotted path, or its default when missing or empty.
    pub fn text_or_default(&self, path: &'static str) -> &'a str {
        match self.text(path) {
            "" => match self.default(path) {
                Some(DefaultValue::Text(value)) => value,
                _ => "",
            },
            value => value,
        }
    }
}
