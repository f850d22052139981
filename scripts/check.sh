#!/usr/bin/env bash
# `npm run check [-- SPEC...]`: the inner loop, for checking a change several times while working
# on it (README, "Tests"). It runs fmt, the layer boundaries, clippy (native and WebAssembly), the
# Rust tests on SQLite, the UI's typecheck and unit tests, and the end-to-end specs of what the
# change touches: the specs named (`npm run check -- editor overview`), else those the table below
# gives for the files changed since main's last commit on the upstream (or, without one, since the
# last commit) and not yet committed. `npm test` remains the whole gate.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
set +e
cd "$ROOT"

# Which end-to-end specs (ui/e2e/NAME.spec.ts) cover a changed path, first match per path.
SPEC_TABLE=(
  "ui/src/features/abandoned/|abandoned"
  "ui/src/features/account/|account account-screens"
  "ui/src/features/auth/|login account first-hour-session"
  "ui/src/features/analytics/|overview"
  "ui/src/features/reports/|reports"
  "ui/src/features/billing/|first-hour-gateway"
  "ui/src/features/payouts/|manage records"
  "ui/src/features/dashboard/|shell shell-states"
  "ui/src/features/shell/|shell shell-states first-hour-trips"
  "ui/src/features/design-editor/|designs"
  "ui/src/features/theme-editor/|editor editor-panels"
  "ui/src/features/themes/|more first-hour-library"
  "ui/src/features/live-view/|more"
  "ui/src/features/preferences/|more taxes shipping"
  "ui/src/features/orders/|commerce taxes shipping"
  "core-wasm/src/commerce/|commerce taxes shipping"
  "ui/src/features/records/|records"
  "ui/src/features/menus/|manage first-hour-library"
  "ui/src/features/pages/|manage content"
  "ui/src/features/products/|manage content"
  "ui/src/features/|manage"
  "ui/src/|shell login"
  "preview/|editor storefront"
  "server/src/storefront/|storefront storefront-honest shipping"
  "server/src/metrics/|metrics"
  "server/src/telemetry.rs|metrics"
  "server/src/routes/|api-client"
  "core-wasm/src/storefront/|storefront editor"
  "core-wasm/src/theme/|editor editor-panels"
)

changed_files() {
  local base
  base="$(git merge-base HEAD '@{upstream}' 2>/dev/null || git rev-parse HEAD)"
  { git diff --name-only "$base"; git ls-files --others --exclude-standard; } | sort -u
}

specs_for_changes() {
  local file row prefix
  for file in $(changed_files); do
    case "$file" in ui/e2e/*.spec.ts) basename "$file" .spec.ts; continue ;; esac
    for row in "${SPEC_TABLE[@]}"; do
      prefix="${row%%|*}"
      if [[ "$file" == "$prefix"* ]]; then tr ' ' '\n' <<< "${row#*|}"; break; fi
    done
  done | sort -u
}

FAILED=()
run() {
  local name="$1" start=$SECONDS; shift
  say "$name"
  "$@" || FAILED+=("$name")
  echo "($name: $((SECONDS - start)) s)"
}

START=$SECONDS
use_shared_target || exit 1
ensure_rust_tools && ensure_npm_packages || exit 1
run "WASM build (or the cache's copy)" build_wasm_cached
export RUSTC_WORKSPACE_WRAPPER="$ROOT/scripts/clippy-rustc"
run "cargo fmt --check" cargo fmt --all --check
run "Layer boundaries" bash -c 'bash scripts/boundaries.sh --self-test && bash scripts/boundaries.sh'
run "cargo clippy (wasm facade, preview runtime)" clippy_wasm
run "cargo clippy and the test build (every target)" cargo test --locked --workspace --all-targets --no-run
run "cargo test (SQLite)" cargo test --locked --workspace --no-fail-fast -q
run "OpenAPI: the document validates (3.1); its typed client" bash scripts/openapi.sh
run "UI typecheck" bash -c 'cd ui && npx tsc --noEmit -p tsconfig.json'
run "UI unit tests (Vitest)" bash -c 'cd ui && npx vitest run'

if [ $# -gt 0 ]; then specs=("$@"); else mapfile -t specs < <(specs_for_changes); fi
if [ ${#specs[@]} -gt 0 ]; then
  run "UI build" build_ui
  run "Server build" build_server
  files=()
  for spec in "${specs[@]}"; do files+=("e2e/${spec%.spec.ts}.spec.ts"); done
  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  run "End-to-end: ${specs[*]}" bash -c "cd ui && E2E_PORT=$port npx playwright test --reporter=list ${files[*]}"
else
  say "End-to-end: no spec covers the changed files (name some: npm run check -- editor overview)"
fi

say "Inner loop: $((SECONDS - START)) s"
if [ ${#FAILED[@]} -gt 0 ]; then
  printf 'failed: %s\n' "${FAILED[@]}"
  exit 1
fi
echo "all passed"
