#!/usr/bin/env bash
# Server-side storefront rendering, side by side: each server binary named on the command line
# serves the demo store from a fresh SQLite file, pinned to CPU 0, and oha (on CPU 1) measures
# the home page and a product page, closed-loop with 32 connections for 5 s, twice per binary
# in turns (A B A B) so that a busy moment does not favour one. Prints answers per second and
# p50 / p99 latency; asserts nothing.
#
#   bash bench/storefront.sh target/release/server [/path/to/other/server ...]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OHA="${OHA:-${CARGO_HOME:-$HOME/.cargo}/bin/oha}"
[ "$#" -ge 1 ] || { echo "usage: bash bench/storefront.sh SERVER..." >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

run_one() { # binary round
  local bin="$1" round="$2" port=$((18300 + RANDOM % 500)) dir="$work/$round-$(basename "$1")-$RANDOM"
  mkdir -p "$dir"
  HOST=127.0.0.1 PORT="$port" DATABASE_URL="sqlite://$dir/bench.db" UPLOAD_DIR="$dir/uploads" \
    STATIC_DIR="$ROOT/ui/dist" STORELOOM_DEMO=1 RUST_LOG=warn \
    GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.mmap_threshold=131072}" \
    taskset -c 0 "$bin" >/dev/null 2>&1 &
  local pid=$!
  for _ in $(seq 1 300); do
    curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
    sleep 0.2
  done
  local product
  product="$(curl -fsS "http://127.0.0.1:$port/s/demo/" | grep -o '/s/demo/products/[a-z0-9-]*' | head -1)"
  for path in /s/demo/ "$product"; do
    curl -fsS "http://127.0.0.1:$port$path" >/dev/null
    taskset -c 1 "$OHA" --no-tui --output-format json -z 5s -c 32 "http://127.0.0.1:$port$path" > "$dir/oha.json"
    node -e '
      const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      const ok = Object.entries(r.statusCodeDistribution || {}).filter(([c]) => c.startsWith("2")).reduce((a, [, n]) => a + n, 0);
      const p = r.latencyPercentiles;
      console.log(`${process.argv[2].padEnd(40)} ${process.argv[3].padEnd(34)} ${String(Math.round(ok / r.summary.total)).padStart(6)}/s  p50 ${(p.p50 * 1000).toFixed(2)} ms  p99 ${(p.p99 * 1000).toFixed(2)} ms`);
    ' "$dir/oha.json" "$bin" "$path"
  done
  kill "$pid"; wait "$pid" 2>/dev/null || true
}

for round in 1 2; do
  for bin in "$@"; do run_one "$bin" "$round"; done
done
