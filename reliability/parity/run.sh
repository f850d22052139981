#!/usr/bin/env bash
# Native/WebAssembly parity of the theme engine: generated configs get identical verdicts
# (and of the storefront renderer: the preview runtime's pages and sections equal the server's)
# natively and through the WebAssembly build in Chromium. Small mode (the default) compares 400
# configs; `--long` compares 10,000. Makes the cases natively (core-wasm's theme_parity_cases
# example), takes the WebAssembly builds of the current sources (built, or from the build
# cache), then runs the browser half (run.mjs). Exits non-zero on any mismatch.
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/setup.sh"
cd "$ROOT"

COUNT=400
[ "${1:-}" = "--long" ] && COUNT=10000

use_shared_target
ensure_rust_tools
ensure_npm_packages
# The WebAssembly builds and the preview runtime of these sources: the build cache's copy when
# one of the same inputs is there (scripts/setup.sh, build_wasm_cached), else built.
build_wasm_cached
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium is missing: install Debian's chromium package or set CHROMIUM_PATH" >&2
  exit 1
fi

CASES="target/parity/cases-$COUNT.jsonl"
say "Writing $COUNT parity cases with their native verdicts"
cargo run --locked --quiet -p core-wasm --example theme_parity_cases -- "$COUNT" "$CASES"
say "Comparing them through the WebAssembly build in Chromium"
node reliability/parity/run.mjs "$CASES"

# The storefront renderer: the same pages and sections natively and through the preview frame's
# own WebAssembly build (the preview runtime).
STOREFRONT_CASES="target/parity/storefront-cases-$COUNT.jsonl"
say "Writing the storefront renderer's parity cases with their native answers"
cargo run --locked --quiet -p core-wasm --example storefront_parity_cases -- "$((COUNT / 4))" "$STOREFRONT_CASES"
say "Rendering them again through the preview runtime in Chromium"
node reliability/parity/storefront.mjs "$STOREFRONT_CASES" ui/public/preview/storefront_preview.js
