//! The server's layers, checked from its source (ARCHITECTURE.md, "Layers"): each module's
//! `crate::` and `super::` paths point only down or across its own layer, and no two files
//! import each other, directly or around a loop.
//!
//! Bottom to top:
//! 1. `error`, `paging`: what every layer shares;
//! 2. `db`: every query, on nothing above it (beside the core and the shared types);
//! 3. the services: configuration, sessions and tokens, analytics, mail, the live hub, DNS,
//!    the client's address, telemetry, the application state, the workflows (`services`), and
//!    the metrics;
//! 4. the HTTP layers: `routes` (the API) and `storefront` (the shops' pages);
//! 5. the crate root (the router, serving) and the commands.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layer of a top-level module, bottom first; `None` for one the table does not know.
fn layer(top: &str) -> Option<u8> {
    Some(match top {
        "error" | "paging" => 1,
        "db" => 2,
        "config" | "auth" | "analytics" | "mail" | "live" | "dns" | "client" | "telemetry"
        | "state" | "services" | "metrics" => 3,
        "routes" | "storefront" => 4,
        "" | "main" | "commands" | "layers" => 5,
        _ => return None,
    })
}

/// A file's module path (`db::orders`; `""` for the crate root), by its place under `src`.
fn module_of(src: &Path, file: &Path) -> String {
    let relative = file
        .strip_prefix(src)
        .expect("under src")
        .with_extension("");
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts.join("::")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read src") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module paths a source names after `crate::` or `super::` (`super` resolved against
/// `module`), with each name of a `{...}` group; the tests at a file's end are left out.
fn named_paths(module: &str, source: &str) -> Vec<String> {
    let source = source.split("#[cfg(test)]").next().unwrap_or_default();
    let parent = module.rsplit_once("::").map_or("", |(parent, _)| parent);
    let mut out = Vec::new();
    for (prefix, base) in [("crate::", ""), ("super::", parent)] {
        let mut rest = source;
        while let Some(at) = rest.find(prefix) {
            // `crate::` inside a longer path (`foo::crate::`) or name does not count.
            let before = rest[..at].chars().next_back();
            rest = &rest[at + prefix.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: String = rest
                .chars()
                .take_while(|c| {
                    c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_' || *c == ':'
                })
                .collect();
            let path = path.trim_end_matches(':');
            let joined = |tail: &str| {
                if base.is_empty() {
                    tail.to_owned()
                } else {
                    format!("{base}::{tail}")
                }
            };
            out.push(joined(path));
            let after = &rest[path.len()..];
            if let Some(group) = after.strip_prefix("::{") {
                let group = group.split('}').next().unwrap_or_default();
                for name in group.split(',') {
                    let name = name.trim().split("::").next().unwrap_or_default();
                    if !name.is_empty() {
                        out.push(joined(&format!("{path}::{name}")));
                    }
                }
            }
        }
    }
    out
}

/// The module of `modules` a path names: its longest leading part that is one.
fn resolve<'a>(modules: &'a BTreeSet<String>, path: &str) -> Option<&'a String> {
    let parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
    (1..=parts.len())
        .rev()
        .find_map(|n| modules.get(&parts[..n].join("::")))
}

/// Every file module of `server/src` and the modules it imports.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let sources: BTreeMap<String, String> = files
        .iter()
        .map(|f| {
            (
                module_of(&src, f),
                std::fs::read_to_string(f).expect("read"),
            )
        })
        .collect();
    let modules: BTreeSet<String> = sources.keys().cloned().collect();
    sources
        .iter()
        .map(|(module, source)| {
            let imports = named_paths(module, source)
                .iter()
                .filter_map(|path| resolve(&modules, path))
                .filter(|m| *m != module && !m.is_empty())
                .cloned()
                .collect();
            (module.clone(), imports)
        })
        .collect()
}

fn top(module: &str) -> &str {
    module.split("::").next().unwrap_or_default()
}

/// The imports that point up a layer, as "from -> to".
fn upward(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut out = Vec::new();
    for (from, imports) in graph {
        let from_layer = layer(top(from));
        for to in imports {
            match (from_layer, layer(top(to))) {
                (Some(a), Some(b)) if b <= a => {}
                _ => out.push(format!("{from} -> {to}")),
            }
        }
    }
    out
}

/// The groups of files that import each other around a loop (Tarjan's strongly connected
/// components of more than one file).
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, node: &'a str) {
            let next = self.index.len();
            self.index.insert(node, next);
            self.low.insert(node, next);
            self.stack.push(node);
            self.on_stack.insert(node);
            for to in self.graph.get(node).into_iter().flatten() {
                let to = to.as_str();
                if !self.index.contains_key(to) {
                    self.visit(to);
                    let low = self.low[node].min(self.low[to]);
                    self.low.insert(node, low);
                } else if self.on_stack.contains(to) {
                    let low = self.low[node].min(self.index[to]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut group = Vec::new();
                while let Some(member) = self.stack.pop() {
                    self.on_stack.remove(member);
                    group.push(member.to_owned());
                    if member == node {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.found.push(group);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in graph.keys() {
        if !walk.index.contains_key(node.as_str()) {
            walk.visit(node);
        }
    }
    walk.found
}

#[test]
fn every_import_points_down_or_across() {
    let graph = graph();
    assert!(
        graph.contains_key("db::orders") && graph.contains_key("routes"),
        "{graph:?}"
    );
    let unknown: Vec<&String> = graph.keys().filter(|m| layer(top(m)).is_none()).collect();
    assert!(
        unknown.is_empty(),
        "modules with no layer in the table: {unknown:?}"
    );
    assert_eq!(
        upward(&graph),
        Vec::<String>::new(),
        "imports that point up a layer"
    );
}

#[test]
fn no_file_imports_itself_around_a_loop() {
    assert_eq!(cycles(&graph()), Vec::<Vec<String>>::new());
}

#[test]
fn the_check_finds_a_planted_upward_import_and_loop() {
    let edges = |pairs: &[(&str, &str)]| {
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, to) in pairs {
            graph
                .entry((*from).to_owned())
                .or_default()
                .insert((*to).to_owned());
        }
        graph
    };
    let clean = [
        ("routes::orders", "db::orders"),
        ("routes::orders", "auth"),
        ("db::orders", "error"),
        ("auth", "db::sessions"),
    ];
    assert!(upward(&edges(&clean)).is_empty());
    assert!(cycles(&edges(&clean)).is_empty());
    let graph = edges(&[clean.as_slice(), &[("db::orders", "routes::orders")]].concat());
    assert_eq!(
        upward(&graph),
        vec!["db::orders -> routes::orders".to_owned()]
    );
    assert_eq!(
        cycles(&graph),
        vec![vec!["db::orders".to_owned(), "routes::orders".to_owned()]]
    );
}

#[test]
fn paths_are_read_as_written() {
    let paths = named_paths(
        "storefront::checkout",
        "use super::cart::{ItemInput, price_lines};\nuse crate::db::{self, checkout::Shopper};\n\
         let x = my_crate::db::y;\n#[cfg(test)]\nuse crate::routes;",
    );
    assert_eq!(
        paths,
        [
            "db",
            "db::self",
            "db::checkout",
            "storefront::cart",
            "storefront::cart::ItemInput",
            "storefront::cart::price_lines",
        ]
    );
}
