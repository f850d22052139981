//! Every default and limit of a theme lives in the core's rule table (`theme::rules`, with the
//! values in `theme::defaults` and `limits`). This check reads the project's sources and fails
//! when another part states one: a clamp, a colour or a numeric fallback in the storefront
//! renderer, a theme default colour in the server, the storefront's script and stylesheet or the
//! admin, or a limited theme field held to a range outside the core.

use std::path::{Path, PathBuf};

use core_wasm::theme::{DefaultValue, default_rows, limited_fields};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

/// Source files under `dir` with one of `extensions`, leaving out generated code and tests.
fn sources(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if !(name.starts_with("wasm") || name == "generated" || name == "node_modules") {
                sources(&path, extensions, out);
            }
        } else if extensions.iter().any(|e| name.ends_with(e)) && !name.contains(".test.") {
            out.push(path);
        }
    }
}

/// The code of a Rust file without its `#[cfg(test)]` module and its comments.
fn code_lines(text: &str) -> Vec<(usize, &str)> {
    let end = text.find("#[cfg(test)]").unwrap_or(text.len());
    text[..end]
        .lines()
        .enumerate()
        .filter(|(_, line)| {
            let t = line.trim_start();
            !(t.starts_with("//") || t.starts_with("/*") || t.starts_with('*'))
        })
        .map(|(i, line)| (i + 1, line))
        .collect()
}

/// Whether a line holds a colour literal (`"#abc"`, `"#a1b2c3"`, `"#a1b2c3d4"`; not an order's
/// name such as `"#1001"`).
fn colour_literal(line: &str) -> bool {
    line.match_indices("\"#").any(|(at, _)| {
        let rest = &line[at + 2..];
        let hex = rest.chars().take_while(char::is_ascii_hexdigit).count();
        matches!(hex, 3 | 6 | 8) && rest[hex..].starts_with('"')
    })
}

/// Whether `line` holds `name` as a whole identifier or key.
fn names(line: &str, name: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    line.match_indices(name).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + name.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

#[test]
fn the_storefront_renderer_states_no_default_or_limit() {
    let mut files = Vec::new();
    sources(
        &root().join("core-wasm/src/storefront"),
        &[".rs"],
        &mut files,
    );
    assert!(files.len() > 10, "the renderer's modules are found");
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("read");
        for (n, line) in code_lines(&text) {
            let stated = line.contains(".clamp(")
                || colour_literal(line)
                || line.contains("unwrap_or(0.")
                || line.contains("unwrap_or(1")
                || line.contains(", true)") && (line.contains("flag(") || line.contains("number("));
            if stated && !file.ends_with("read.rs") {
                found.push(format!("{}:{n}: {}", file.display(), line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "defaults or limits in the renderer:\n{}",
        found.join("\n")
    );
}

#[test]
fn no_other_part_states_a_theme_default_colour_or_limit() {
    let colours: Vec<String> = default_rows()
        .filter_map(|(_, value)| match value {
            DefaultValue::Text(text) if text.starts_with('#') => Some(text.to_ascii_lowercase()),
            _ => None,
        })
        // White and black are everybody's colours, not a theme's statement.
        .filter(|c| !matches!(c.as_str(), "#ffffff" | "#000000" | "#fff" | "#000"))
        .collect();
    assert!(
        colours.len() >= 10,
        "the defaults table's colours are found"
    );
    // Short names (`from`, `to`) are everybody's words; the others name a theme field.
    let fields: Vec<&str> = limited_fields().filter(|f| f.len() >= 5).collect();
    assert!(
        fields.contains(&"item_per_row"),
        "the limited fields are found"
    );
    let root = root();
    let mut files = Vec::new();
    sources(
        &root.join("server/src"),
        &[".rs", ".js", ".css"],
        &mut files,
    );
    sources(&root.join("ui/src"), &[".ts", ".tsx", ".css"], &mut files);
    sources(&root.join("preview/src"), &[".rs", ".js"], &mut files);
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("read");
        for (n, line) in code_lines(&text) {
            let lower = line.to_ascii_lowercase();
            let colour = colours.iter().find(|c| lower.contains(c.as_str()));
            let limit = fields.iter().find(|f| {
                names(line, f)
                    && [
                        "clamp(",
                        "Math.min(",
                        "Math.max(",
                        "min={",
                        "max={",
                        ".min(",
                        ".max(",
                    ]
                    .iter()
                    .any(|op| line.contains(op))
            });
            if colour.is_some() || limit.is_some() {
                found.push(format!("{}:{n}: {}", file.display(), line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "theme defaults or limits outside the core:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_finds_what_it_looks_for() {
    assert!(colour_literal(r##"colour(x, "#0082E5")"##));
    assert!(colour_literal(r##"c("#fff")"##));
    assert!(!colour_literal(r##"name: "#1001""##), "an order's name");
    assert!(!colour_literal(r##"format!("{}#{}", a, b)"##));
    let lines =
        code_lines("let a = 1;\n// colour \"#123456\"\n#[cfg(test)]\nmod tests { \"#123456\" }");
    assert_eq!(lines, vec![(1, "let a = 1;")]);
}
