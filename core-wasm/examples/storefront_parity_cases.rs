//! Writes the storefront renderer's parity cases: the preview renders natively, for
//! `reliability/parity/storefront.mjs` to render again through the preview frame's WebAssembly
//! build in Chromium and compare.
//!
//! `cargo run -p core-wasm --example storefront_parity_cases -- <fuzz-count> <out.jsonl> [seed]`
//!
//! The cases: every page of both families' fixtures with the catalog snapshot and with an empty
//! store; every section type in both families, in its page and alone; every section of the
//! fixtures alone; then `fuzz-count` configs from the fuzz corpus (the fixtures with
//! structure-aware mutations), each as the home and the product page. The first line holds the
//! snapshots (`{"snapshots": [...]}`, as JSON text); each other line a case: `name`, `config`
//! (JSON text), `snapshot` (its index), `page`, `keys` (null for the whole page) and `expected`:
//! `{ "ok": { len, hash } }` of the answer's JSON text (FNV-1a over UTF-16 code units) or
//! `{ "error": message }`.
//!
//! The native answer renders the config and snapshot as stored, cleaning seller HTML as it
//! renders; the preview frame's build has no cleaner, so the case gives it the config and the
//! snapshot cleaned the way the server sends them to the frame (`clean_config_html`,
//! `Snapshot::clean_html`). The same answers prove that the frame is sent clean every text the
//! renderer cleans, and nothing else changed: each fixture is also rendered with an active-HTML
//! payload in every text of its config and its products' descriptions.

#[path = "../tests/theme_gen/mod.rs"]
mod theme_gen;

use std::io::{BufWriter, Write};

use core_wasm::storefront::preview::{self, Snapshot};
use core_wasm::storefront::{Catalog, Shop, clean_config_html};
use core_wasm::theme::defaults;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::{Value, json};
use shared_types::theme::SectionType;
use theme_gen::{fixtures, mutate, mutations, trim_mask};

/// Length in UTF-16 code units and FNV-1a hash over them, as the browser computes them.
fn fingerprint(text: &str) -> Value {
    let mut hash: u32 = 0x811c_9dc5;
    let mut len = 0u64;
    for unit in text.encode_utf16() {
        hash ^= u32::from(unit);
        hash = hash.wrapping_mul(0x0100_0193);
        len += 1;
    }
    json!({ "len": len, "hash": hash })
}

struct Writer {
    out: BufWriter<std::fs::File>,
    /// The snapshots as stored, which the native answer renders.
    snapshots: Vec<String>,
    count: usize,
}

/// A config as the server sends it to the preview frame: its HTML texts cleaned.
fn as_sent(config: &str) -> String {
    match serde_json::from_str::<Value>(config) {
        Ok(mut value) => {
            clean_config_html(&mut value);
            value.to_string()
        }
        Err(_) => config.to_owned(),
    }
}

/// Active HTML a seller (or an attacker with the themes scope) might save.
const PAYLOAD: &str = "<img src=x onerror=\"alert(1)\"><script>alert(2)</script>\
    <p style=\"font-size: 14px; position: fixed\" onclick=\"alert(3)\">kept <a href=\"javascript:alert(4)\">link</a></p>";

/// `value` with the payload after every text but the structural ones (types, keys, ids).
fn with_payload(value: &mut Value) {
    let mut stack = vec![value];
    while let Some(node) = stack.pop() {
        match node {
            Value::Object(map) => {
                for (key, inner) in map.iter_mut() {
                    match inner {
                        Value::String(text) if !["type", "key", "id"].contains(&key.as_str()) => {
                            text.push_str(PAYLOAD);
                        }
                        _ => stack.push(inner),
                    }
                }
            }
            Value::Array(items) => stack.extend(items.iter_mut()),
            _ => {}
        }
    }
}

impl Writer {
    fn case(
        &mut self,
        name: &str,
        config: &str,
        snapshot: usize,
        page: &str,
        keys: Option<Vec<String>>,
    ) -> std::io::Result<()> {
        let expected =
            match preview::render_json(config, &self.snapshots[snapshot], page, keys.as_deref()) {
                Ok(text) => json!({ "ok": fingerprint(&text) }),
                Err(message) => json!({ "error": message }),
            };
        let line = json!({
            "name": name, "config": as_sent(config), "snapshot": snapshot, "page": page,
            "keys": keys, "expected": expected,
        });
        writeln!(self.out, "{line}")?;
        self.count += 1;
        Ok(())
    }
}

const PAGES: [&str; 5] = ["homepage", "product", "category", "cart", "order"];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let fuzz: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let path = args
        .get(2)
        .cloned()
        .unwrap_or_else(|| "storefront-cases.jsonl".to_owned());
    let seed: u64 = args
        .get(3)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20_261_125);
    if let Some(dir) = std::path::Path::new(&path).parent() {
        std::fs::create_dir_all(dir)?;
    }
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/storefront_snapshot.json"
    ))?;
    let full: Snapshot = serde_json::from_str(&text)?;
    let empty = Snapshot::new(
        Shop {
            id: "store-2".to_owned(),
            name: "Empty Shop".to_owned(),
            subdomain: "empty".to_owned(),
            base: String::new(),
            currency: "EUR".to_owned(),
            country: String::new(),
            shipping: core_wasm::records::default_shipping_note(),
            zones: Default::default(),
            tax: Default::default(),
            tax_note: Default::default(),
        },
        Catalog::default(),
        full.receipt.created_at,
    );
    let mut laden = full.clone();
    for product in laden.catalog.products.iter_mut().chain([&mut laden.sample]) {
        product.description_html.push_str(PAYLOAD);
    }
    let stored = [full, empty, laden];
    let snapshots = stored
        .iter()
        .map(serde_json::to_string)
        .collect::<Result<Vec<_>, _>>()?;
    // The frame is sent them cleaned, as the server's snapshot route does.
    let sent = stored
        .into_iter()
        .map(|mut snapshot| {
            snapshot.clean_html();
            serde_json::to_string(&snapshot)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut out = BufWriter::new(std::fs::File::create(&path)?);
    writeln!(out, "{}", json!({ "snapshots": sent }))?;
    let mut w = Writer {
        out,
        snapshots,
        count: 0,
    };

    for fixture in fixtures() {
        // Active HTML in every text of the config and of the products' descriptions.
        let mut laden = fixture.value.clone();
        with_payload(&mut laden);
        let laden = laden.to_string();
        for page in PAGES {
            w.case(
                &format!("{} {page} with active HTML everywhere", fixture.name),
                &laden,
                2,
                page,
                None,
            )?;
        }
        let config = fixture.value.to_string();
        for (snapshot, store) in [(0, "store"), (1, "empty store")] {
            for page in PAGES {
                w.case(
                    &format!("{} {page}, {store}", fixture.name),
                    &config,
                    snapshot,
                    page,
                    None,
                )?;
            }
        }
        let fixed: Vec<String> = fixture
            .value
            .pointer("/pages/fixed/sections")
            .and_then(Value::as_object)
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default();
        for key in fixture.section_keys.iter().chain(&fixed) {
            w.case(
                &format!("{} section {key} alone", fixture.name),
                &config,
                0,
                "homepage",
                Some(vec![key.clone()]),
            )?;
        }
        w.case(
            &format!("{} style alone", fixture.name),
            &config,
            0,
            "product",
            Some(Vec::new()),
        )?;
        for section_type in SectionType::ALL {
            if matches!(section_type, SectionType::Header | SectionType::Footer) {
                continue;
            }
            let mut one = fixture.value.clone();
            one["pages"]["homepage"]["sections"] = json!({ "only": {
                "key": "only", "type": section_type.wire_name(), "index": 0,
                "settings": defaults::section_settings(section_type),
            }});
            let one = one.to_string();
            let name = format!("{} new {}", fixture.name, section_type.wire_name());
            w.case(&name, &one, 0, "homepage", None)?;
            w.case(
                &format!("{name} alone"),
                &one,
                0,
                "homepage",
                Some(vec!["only".to_owned()]),
            )?;
        }
    }

    // The fuzz corpus: the fixtures with structure-aware mutations.
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes(seed)),
    );
    let strategy = (0..2usize, trim_mask(), mutations(6));
    for i in 0..fuzz {
        let (fixture, mask, changes) = strategy
            .new_tree(&mut runner)
            .map_err(|e| e.to_string())?
            .current();
        let config = mutate(&fixtures()[fixture], mask, &changes).to_string();
        let page = if i % 2 == 0 { "homepage" } else { "product" };
        w.case(&format!("fuzz {i}"), &config, i % 2, page, None)?;
    }
    w.out.flush()?;
    eprintln!("{} storefront parity cases written to {path}", w.count);
    Ok(())
}

fn seed_bytes(seed: u64) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    for (i, chunk) in bytes.chunks_mut(8).enumerate() {
        chunk.copy_from_slice(&(seed.wrapping_add(i as u64)).to_le_bytes());
    }
    bytes
}
