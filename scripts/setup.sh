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

# What is built is kept outside the work tree, so that a fresh clone on a machine that built the
# project before (CI's case) compiles only what changed (docs/decisions.md, "Build once, keep what
# was built"): one cargo target directory for every clone on the machine, and the WebAssembly
# outputs under a key of their inputs. STORELOOM_CACHE moves it; a tree whose `target` is a folder
# of its own keeps it.
STORELOOM_CACHE="${STORELOOM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/storeloom}"
# One spelling of the shared directory for every cargo command of the scripts.
if [ -L "$ROOT/target" ] && [ -z "${CARGO_TARGET_DIR:-}" ]; then
  CARGO_TARGET_DIR="$(readlink -f "$ROOT/target")"
  export CARGO_TARGET_DIR
fi

# use_shared_target: points $ROOT/target at the shared target directory, holds the machine's build
# lock (fd 9) until the calling script ends, and makes cargo build the workspace's own crates again
# when another tree built them last. Cargo judges a workspace crate fresh by its sources' times
# against its outputs', and the outputs of two trees share their names, so without the touch a
# tree cloned before another tree's build would take that build's crates for its own. Registry
# dependencies are keyed by version, features and profile, and never go stale.
use_shared_target() {
  if [ -e "$ROOT/target" ] && [ ! -L "$ROOT/target" ]; then
    export CARGO_TARGET_DIR="$ROOT/target"
    return 0
  fi
  # A script run by one that holds the lock (npm test runs the parity script) shares its hold.
  [ "${STORELOOM_TARGET_HELD:-}" = "$ROOT" ] && return 0
  mkdir -p "$STORELOOM_CACHE/target"
  ln -sfn "$STORELOOM_CACHE/target" "$ROOT/target"
  export CARGO_TARGET_DIR="$STORELOOM_CACHE/target"
  exec 9>"$STORELOOM_CACHE/lock"
  if ! flock -n 9; then
    say "Waiting for another build on this machine to end (it holds $STORELOOM_CACHE/lock)"
    flock -w 3600 9 || { echo "The lock $STORELOOM_CACHE/lock was still held after an hour: a process left running by an earlier run holds it (fuser $STORELOOM_CACHE/lock names it)." >&2; return 1; }
  fi
  export STORELOOM_TARGET_HELD="$ROOT"
  local stamp="$CARGO_TARGET_DIR/.built-from"
  if [ "$(cat "$stamp" 2>/dev/null)" != "$ROOT" ]; then
    (cd "$ROOT" && git ls-files -z | xargs -0 touch -c --)
    echo "$ROOT" > "$stamp"
  fi
}

# make_room: the suite writes several GB (builds, databases, browser profiles). When the disk
# that holds the build directory has under 12 GB free, drops the build's incremental caches
# (cargo makes them again when it needs them) and says so; fails, naming the disk, when it still
# has under 4 GB, before a step dies of it half-way (a database that cannot start, a link cut off).
make_room() {
  local dir="${CARGO_TARGET_DIR:-$ROOT/target}" free
  free_gb() { df -Pk "$dir/" | awk 'NR == 2 { print int($4 / 1048576) }'; }
  free=$(free_gb)
  if [ "$free" -lt 12 ]; then
    say "Only $free GB free on the disk of $dir: removing the builds' incremental caches"
    rm -rf "$dir"/debug/incremental "$dir"/release/incremental
    free=$(free_gb)
  fi
  if [ "$free" -lt 4 ]; then
    echo "Only $free GB free on the disk of $dir, and the suite needs about 4: free some (du -sh $dir/*)." >&2
    return 1
  fi
}

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

# openapi-spec-validator (PyPI), which checks the API's OpenAPI document (scripts/openapi.sh): a
# virtual environment of its own in the machine's cache, made once per version.
OPENAPI_VALIDATOR_VERSION=0.9.0
OPENAPI_VALIDATOR_VENV="$STORELOOM_CACHE/openapi-spec-validator-$OPENAPI_VALIDATOR_VERSION"
ensure_openapi_validator() {
  [ -f "$OPENAPI_VALIDATOR_VENV/installed" ] && return 0
  say "Installing openapi-spec-validator $OPENAPI_VALIDATOR_VERSION into $OPENAPI_VALIDATOR_VENV (once per machine)"
  rm -rf "$OPENAPI_VALIDATOR_VENV"
  python3 -m venv "$OPENAPI_VALIDATOR_VENV" \
    && "$OPENAPI_VALIDATOR_VENV/bin/pip" install --quiet --disable-pip-version-check \
         "openapi-spec-validator==$OPENAPI_VALIDATOR_VERSION" \
    && touch "$OPENAPI_VALIDATOR_VENV/installed"
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
WASM_TARGET_DIR="${WASM_TARGET_DIR:-${CARGO_TARGET_DIR:-$ROOT/target}/wasm}"

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

# clippy_wasm: clippy with warnings as errors on what exists only on wasm32: the core's facade
# with every binding, without and with the time-zone database, and the preview runtime.
clippy_wasm() {
  (cd "$ROOT" \
    && cargo clippy --locked --target wasm32-unknown-unknown -p core-wasm --no-default-features --features wasm -- -D warnings \
    && cargo clippy --locked --target wasm32-unknown-unknown -p core-wasm --features wasm -- -D warnings \
    && cargo clippy --locked --target wasm32-unknown-unknown -p storefront-preview --all-targets -- -D warnings)
}

# The folders the WebAssembly builds write, relative to $ROOT.
WASM_OUTPUTS=(ui/src/wasm ui/src/wasm-editor ui/src/wasm-tz ui/public/preview)

# wasm_inputs_key: a hash of everything the WebAssembly outputs are made from: the crates they
# compile (every file git lists in them, tracked or new, as it is in the work tree), the lock
# files, cargo's settings, this script (the build commands), and the versions of rustc,
# wasm-bindgen and wasm-opt. Two trees with the same key get the same bytes.
wasm_inputs_key() {
  (
    cd "$ROOT" || exit 1
    git ls-files -co --exclude-standard -z -- shared-types core-wasm preview Cargo.toml Cargo.lock \
        .cargo/config.toml package-lock.json scripts/setup.sh \
      | sort -z | xargs -0 sha256sum
    rustc -vV
    wasm-bindgen --version
    "$ROOT/node_modules/.bin/wasm-opt" --version
  ) | sha256sum | cut -c1-32
}

# build_wasm_cached: the WebAssembly outputs from $STORELOOM_CACHE/wasm/<inputs key> when a build
# of the same inputs is there, else built and then kept there (the last 6 keys).
build_wasm_cached() {
  local key dir out
  key="$(wasm_inputs_key)" || return 1
  dir="$STORELOOM_CACHE/wasm/$key"
  if [ -f "$dir/complete" ]; then
    say "WASM core: the build of these inputs is in the cache ($key)"
    for out in "${WASM_OUTPUTS[@]}"; do
      rm -rf "${ROOT:?}/$out" && mkdir -p "$(dirname "$ROOT/$out")" && cp -a "$dir/$out" "$ROOT/$out" || return 1
    done
    touch "$dir/complete"
    return 0
  fi
  build_wasm || return 1
  rm -rf "$dir.tmp" && mkdir -p "$dir.tmp" || return 1
  for out in "${WASM_OUTPUTS[@]}"; do
    mkdir -p "$dir.tmp/$(dirname "$out")" && cp -a "$ROOT/$out" "$dir.tmp/$out" || return 1
  done
  touch "$dir.tmp/complete"
  rm -rf "$dir" && mv "$dir.tmp" "$dir"
  # shellcheck disable=SC2012
  ls -1dt "$STORELOOM_CACHE"/wasm/*/ 2>/dev/null | tail -n +7 | xargs -r rm -rf
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
