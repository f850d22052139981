//! Every type is written to `ui/src/types/generated/<Name>.ts`, so two types with one
//! TypeScript name would overwrite each other's file and the UI would import the wrong one.
//! This reads the crate's sources and fails on a name given twice.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// The TypeScript name of each type declared in `text`: `pub struct` / `pub enum` items and the
/// `view!` items, renamed by a `#[ts(rename = "...")]` among their attributes.
fn names(text: &str, file: &str, found: &mut BTreeMap<String, Vec<String>>) {
    let lines: Vec<&str> = text.lines().collect();
    let mut in_view = false;
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with("#[cfg(test)]") {
            break;
        }
        if trimmed == "view! {" {
            in_view = true;
            continue;
        }
        let declared = trimmed
            .strip_prefix("pub struct ")
            .or_else(|| trimmed.strip_prefix("pub enum "))
            .or_else(|| {
                (in_view && trimmed.ends_with(" {") && !trimmed.starts_with('#'))
                    .then(|| trimmed.trim_end_matches(" {"))
            });
        let Some(declared) = declared else { continue };
        in_view = false;
        let mut name: String = declared
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        for attribute in lines[..i].iter().rev().map(|l| l.trim()) {
            if !(attribute.starts_with('#') || attribute.starts_with("///")) {
                break;
            }
            if let Some(rest) = attribute.split("ts(rename = \"").nth(1) {
                name = rest.split('"').next().unwrap_or_default().to_owned();
            }
        }
        found
            .entry(name)
            .or_default()
            .push(format!("{file}:{}", i + 1));
    }
}

fn walk(dir: &Path, found: &mut BTreeMap<String, Vec<String>>) {
    for entry in fs::read_dir(dir).expect("src readable") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            walk(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = fs::read_to_string(&path).expect("source readable");
            names(&text, &path.display().to_string(), found);
        }
    }
}

#[test]
fn no_two_types_share_a_typescript_name() {
    let mut found = BTreeMap::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut found,
    );
    assert!(
        found.len() > 100,
        "the scan found only {} types",
        found.len()
    );
    assert!(found.contains_key("ThemeConfig"), "view! items are read");
    let twice: Vec<_> = found.iter().filter(|(_, at)| at.len() > 1).collect();
    assert!(
        twice.is_empty(),
        "one TypeScript name for two types: {twice:#?}"
    );
}
