#!/usr/bin/env bash
# Native/WebAssembly parity of the theme engine: generated configs get identical verdicts
# (and of the storefront renderer: the preview runtime's pages and sections equal the server's)
# natively and through the WebAssembly build in Chromium. Small mode (the default) compares 400
# configs; `--long` compares 10,000. Makes the cases natively (core-wasm's theme_parity_cases
# example), rebuilds the WebAssembly core when it is missing or older than the core's sources,
# then runs the browser half (run.mjs). Exits non-zero on any mismatch.
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/setup.sh"
cd "$ROOT"

COUNT=400
[ "${1:-}" = "--long" ] && COUNT=10000

ensure_rust_tools
ensure_npm_packages
# The WebAssembly builds are remade when one is missing or older than the core's sources.
stale=0
built=(ui/src/wasm*/core_wasm_bg.wasm)
[ -f "${built[0]}" ] || stale=1
for wasm in "${built[@]}"; do
  if [ ! -f "$wasm" ] || [ -n "$(find core-wasm/src shared-types/src -newer "$wasm" -print -quit)" ]; then
    stale=1
  fi
done
[ "$stale" = 0 ] || build_wasm
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
# own WebAssembly build (the preview runtime, remade when older than the core's or its sources).
RUNTIME=ui/public/preview/storefront_preview_bg.wasm
if [ ! -f "$RUNTIME" ] || [ -n "$(find core-wasm/src shared-types/src preview/src -newer "$RUNTIME" -print -quit)" ]; then
  build_preview_runtime
fi
STOREFRONT_CASES="target/parity/storefront-cases-$COUNT.jsonl"
say "Writing the storefront renderer's parity cases with their native answers"
cargo run --locked --quiet -p core-wasm --example storefront_parity_cases -- "$((COUNT / 4))" "$STOREFRONT_CASES"
say "Rendering them again through the preview runtime in Chromium"
node reliability/parity/storefront.mjs "$STOREFRONT_CASES" ui/public/preview/storefront_preview.js
