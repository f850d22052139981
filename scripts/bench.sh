#!/usr/bin/env bash
# `npm run bench [-- --quick] [-- --full-analytics] [-- --long]`: builds what the benchmarks need
# (the UI, whose build measures the bundle budgets; the release server, or the debug one for
# --quick; oha; Chromium) and runs bench/run.mjs, which runs every benchmark and writes
# BENCHMARKS.md. `--long` then runs the reliability suite's long mode (reliability/run.sh
# --long: about an hour and a half), whose figures go to RELIABILITY.md by hand.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

quick=0
long=0
bench_args=()
for arg in "$@"; do
  case "$arg" in
    --quick) quick=1; bench_args+=("$arg") ;;
    --long) long=1 ;;
    *) bench_args+=("$arg") ;;
  esac
done
use_shared_target
ensure_rust_tools
ensure_npm_packages
ensure_oha
ensure_chromium
build_types
build_wasm_cached
build_ui
if [ "$quick" = 1 ]; then
  [ -x "$ROOT/target/debug/server" ] || build_server
else
  say "Building the release server"
  (cd "$ROOT" && cargo build --locked --release -p server)
fi
cd "$ROOT"
if [ "$long" = 1 ]; then
  status=0
  node bench/run.mjs "${bench_args[@]}" || status=1
  bash reliability/run.sh --long || status=1
  exit "$status"
fi
exec node bench/run.mjs "${bench_args[@]}"
