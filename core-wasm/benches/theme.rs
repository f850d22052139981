//! Criterion benchmarks of the theme engine on a config of about 200 KB: a field edit, a section
//! move, full validation and loading.

use std::hint::black_box;

use core_wasm::theme::{ThemeDoc, ThemeEditor, parse_command, validate};
use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::{Value, json};

/// The newchick fixture grown to about 200 KB with copies of its collection list.
fn big_config() -> String {
    let path = format!(
        "{}/tests/fixtures/newchick.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("fixture");
    let mut config: Value = serde_json::from_str(&text).expect("json");
    let sections = config["pages"]["homepage"]["sections"]
        .as_object_mut()
        .expect("sections");
    let template = sections["collection-list-1"].clone();
    let mut n = sections.len();
    while serde_json::to_string(sections).expect("size").len() < 200_000 {
        let mut copy = template.clone();
        copy["key"] = json!(format!("copy-{n}"));
        copy["index"] = json!(n);
        sections.insert(format!("copy-{n}"), copy);
        n += 1;
    }
    config.to_string()
}

fn command(value: Value) -> shared_types::theme::ThemeCommand {
    parse_command(value).expect("command")
}

fn benches(c: &mut Criterion) {
    let text = big_config();
    assert!(text.len() >= 200_000, "{} bytes", text.len());
    let doc = ThemeDoc::parse(&text).expect("loads");

    c.bench_function("theme: load a 200 KB config", |b| {
        b.iter(|| ThemeDoc::parse(black_box(&text)).expect("loads"));
    });

    let mut editor = ThemeEditor::new(doc.clone());
    let sizes = [
        command(
            json!({"kind": "setField", "path": "/settings/typography/font_size_price", "value": 17}),
        ),
        command(
            json!({"kind": "setField", "path": "/settings/typography/font_size_price", "value": "18"}),
        ),
    ];
    let mut i = 0;
    c.bench_function("theme: field edit (200 KB config)", |b| {
        b.iter(|| {
            i += 1;
            editor
                .apply(black_box(sizes[i % 2].clone()))
                .expect("applies")
        });
    });

    let mut editor = ThemeEditor::new(doc.clone());
    let moves = [
        command(json!({"kind": "moveSection", "key": "product-review-1", "to": 0})),
        command(json!({"kind": "moveSection", "key": "product-review-1", "to": 20})),
    ];
    c.bench_function("theme: section move (200 KB config)", |b| {
        b.iter(|| {
            i += 1;
            editor
                .apply(black_box(moves[i % 2].clone()))
                .expect("applies")
        });
    });

    c.bench_function("theme: full validation (200 KB config)", |b| {
        b.iter(|| validate(black_box(doc.value())));
    });
}

criterion_group!(theme, benches);
criterion_main!(theme);
