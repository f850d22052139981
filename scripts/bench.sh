#!/usr/bin/env bash
# `npm run bench [-- --quick] [-- --full-analytics]`: builds what the benchmarks need (the UI,
# whose build measures the bundle budgets; the release server, or the debug one for --quick;
# oha; Chromium) and runs bench/run.mjs, which runs every benchmark and writes BENCHMARKS.md.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

quick=0
for arg in "$@"; do [ "$arg" = --quick ] && quick=1; done
ensure_rust_tools
ensure_npm_packages
ensure_oha
ensure_chromium
[ -f "$ROOT/ui/src/wasm/core_wasm.js" ] || { build_types && build_wasm; }
build_ui
if [ "$quick" = 1 ]; then
  [ -x "$ROOT/target/debug/server" ] || build_server
else
  say "Building the release server"
  (cd "$ROOT" && cargo build --locked --release -p server)
fi
cd "$ROOT"
exec node bench/run.mjs "$@"
