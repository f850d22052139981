#!/usr/bin/env bash
# Set-up shared by `npm start` and `npm test`: installs whatever this machine lacks (the
# WebAssembly target, wasm-bindgen-cli at the version in Cargo.lock, the npm packages) and
# builds the WASM core, the generated TypeScript types, the UI and the server.
# Source it; the functions below are also used one by one by scripts/test.sh.

set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export NPM_CONFIG_LOGLEVEL="${NPM_CONFIG_LOGLEVEL:-error}" NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

say() { printf '\n==> %s\n' "$*"; }

# Runs a command as root: directly when we are root, else through sudo.
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# The version of the wasm-bindgen crate locked in Cargo.lock.
locked_wasm_bindgen_version() {
  awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/"/, "", $3); print $3; exit }' "$ROOT/Cargo.lock"
}

ensure_rust_tools() {
  rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown \
    || { say "Adding the wasm32-unknown-unknown target"; rustup target add wasm32-unknown-unknown; }
  rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy
  rustup component list --installed 2>/dev/null | grep -q '^rustfmt' || rustup component add rustfmt
  local want have
  want="$(locked_wasm_bindgen_version)"
  have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
  if [ "$have" != "$want" ]; then
    say "Installing wasm-bindgen-cli $want (once per machine; several minutes)"
    # Not --locked: one of the CLI's locked dependencies is missing from the registry here.
    cargo install wasm-bindgen-cli --version "$want"
  fi
}

# The HTTP load generator of the benchmarks (oha, from crates.io; a few minutes, once per machine).
OHA_VERSION=1.16.0
ensure_oha() {
  if [ "$(oha --version 2>/dev/null | awk '{print $2}')" != "$OHA_VERSION" ]; then
    say "Installing oha $OHA_VERSION (once per machine; several minutes)"
    cargo install oha --locked --version "$OHA_VERSION"
  fi
}

ensure_chromium() {
  if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then return 0; fi
  say "Installing Chromium (Debian's chromium package)"
  as_root apt-get update -qq && DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium
}

ensure_npm_packages() {
  local stamp="$ROOT/node_modules/.package-lock.json"
  if [ ! -f "$stamp" ] || [ "$ROOT/package-lock.json" -nt "$stamp" ]; then
    say "Installing npm packages"
    (cd "$ROOT" && npm ci --no-fund --no-audit)
  fi
}

build_types() {
  say "Generating TypeScript types from shared-types"
  (cd "$ROOT" && cargo test --locked --quiet -p shared-types >/dev/null)
}

# wasm_variant OUT_DIR CARGO_FEATURE_FLAGS...: one WebAssembly build of the core, bound for Vite,
# in the size-optimised `wasm-release` profile, then shrunk by binaryen's `wasm-opt -Oz` (the npm
# package, a devDependency of ui/), which also drops the names section.
# The release builds for WebAssembly have a target directory of their own (WASM_TARGET_DIR), so
# that `npm test` can build them while the native checks hold the main one's lock.
WASM_TARGET_DIR="${WASM_TARGET_DIR:-$ROOT/target/wasm}"

wasm_variant() {
  local out="$1"; shift
  CARGO_TARGET_DIR="$WASM_TARGET_DIR" \
    cargo build --locked --profile wasm-release --target wasm32-unknown-unknown -p core-wasm "$@" \
    && wasm-bindgen --target bundler --out-dir "$out" --out-name core_wasm \
         "$WASM_TARGET_DIR/wasm32-unknown-unknown/wasm-release/core_wasm.wasm" \
    && "$ROOT/node_modules/.bin/wasm-opt" -Oz "$out/core_wasm_bg.wasm" -o "$out/core_wasm_bg.wasm"
}

# Three builds, each exporting one part of the facade so that each carries only its rules
# (docs/decisions.md, "Downloads, builds and offline use", says why): the main one that every
# page loads (shell, records, catalog, reports), the editors' one (theme engine, product designs)
# and the time-zone one with the IANA database, both loaded lazily by the pages that need them.
build_wasm() {
  say "Building the WASM core (main, editor and time-zone builds, and the preview runtime)"
  (cd "$ROOT" \
    && wasm_variant ui/src/wasm --no-default-features --features wasm-shell \
    && wasm_variant ui/src/wasm-editor --no-default-features --features wasm-editor \
    && wasm_variant ui/src/wasm-tz --no-default-features --features wasm-zoned \
    && build_preview_runtime)
}

# The editor's preview runtime (the `storefront-preview` crate: the core's storefront renderer
# for the preview frame). The storefront page imports it as a plain ES module, so it is bound
# `--target web` (no bundler) into ui/public/preview/, which Vite copies as it is into
# ui/dist/preview/: the server serves it at /admin/preview/ with the admin's other files.
build_preview_runtime() {
  local out="$ROOT/ui/public/preview"
  (cd "$ROOT" \
    && CARGO_TARGET_DIR="$WASM_TARGET_DIR" \
       cargo build --locked --profile wasm-release --target wasm32-unknown-unknown -p storefront-preview \
    && wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name storefront_preview \
         "$WASM_TARGET_DIR/wasm32-unknown-unknown/wasm-release/storefront_preview.wasm" \
    && "$ROOT/node_modules/.bin/wasm-opt" -Oz "$out/storefront_preview_bg.wasm" -o "$out/storefront_preview_bg.wasm")
}

build_ui() {
  say "Building the admin UI"
  (cd "$ROOT/ui" && npx vite build --logLevel warn)
}

build_server() {
  say "Building the server"
  (cd "$ROOT" && cargo build --locked -p server)
}
