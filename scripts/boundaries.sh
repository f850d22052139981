#!/usr/bin/env bash
# The layers' one-way rules that the compilers do not check (ARCHITECTURE.md, "Invariants"):
# no SQL outside the data layer (server/src/db) and nothing but the router imports the routes;
# rules live once, in the core: no limits, defaults or page sizes written in the routes, the
# storefront or the UI, and no hand-written e-mail or subdomain shapes. (The server's layers
# and import loops are a cargo test: server/src/layers.rs.) Money changes between stored minor
# units and amounts in one place only (core_wasm::money), never by a hand-written 100.
# Prints each break and exits 1 when there is one. `--self-test` plants one break of each kind
# in a scratch tree and fails unless every check finds its own.
set -uo pipefail
cd "$(dirname "$0")/.."

# The server's files where a number may be a rule's: outside the data layer, the settings
# (config.rs), the benchmark and soak commands and this check's own test.
server_rules() {
  grep -rnE --include=*.rs "$1" server/src |
    grep -vE "^server/src/(db/|config\.rs|commands/|layers\.rs)" |
    grep -vE "^[^:]+:[0-9]+:\s*//"
}
export -f server_rules

# check TITLE: prints the matches of the command after it under TITLE; counts a break.
broken=0
found=()
check() {
  local title="$1" out
  shift
  out=$("$@")
  if [ -n "$out" ]; then
    echo "$title"
    echo "$out" | sed 's/^/  /'
    broken=1
    found+=("$title")
  fi
}

run_checks() {
  check "SQL outside the data layer (move it to server/src/db):" \
    bash -c 'grep -rn --include=*.rs "sqlx::query" server/src | grep -v "^server/src/db/"'
  check "An import of the routes outside them (the router only):" bash -c '
    grep -rn --include=*.rs "crate::routes::" server/src | grep -v "^server/src/routes/" |
      grep -v "^server/src/lib.rs:.*crate::routes::router"'
  check "A limit or a default outside the core (core-wasm/src/limits.rs or the rule's module):" \
    grep -rnE "const ([A-Z0-9_]*_)?(MAX|MIN)(_[A-Z0-9_]+)?\b|const DEFAULT_[A-Z0-9_]*" \
    server/src/routes server/src/storefront ui/src/features
  check "A length limit written as a number in the server (name it in the core):" \
    server_rules "(len|count)\(\)\s*(>|>=|<|<=)\s*[0-9]{2,}|\(\s*[0-9]+\s*\.\.=?\s*[0-9]+\s*\)\s*\.contains"
  check "A page size written in the UI (the core's shellConstants.listPageSize):" \
    bash -c 'grep -rnE "[A-Za-z_]*PAGE_SIZE[A-Za-z_]*\s*=\s*[0-9]" ui/src --include=*.ts --include=*.tsx'
  check "An e-mail shape written outside the core (core_wasm::shell::is_email):" bash -c '
    { server_rules "(^|[^r_])split_once\(.@.\)"; grep -rnE --include=*.ts --include=*.tsx "/\^[^/]*@[^/]*\$/" ui/src; }'
  check "A subdomain shape written outside the core (core_wasm::shell::addresses):" \
    server_rules "is_ascii_lowercase\(\) \|\| [a-z]\.is_ascii_digit\(\) \|\| [a-z] == b?'-'"
  check "Money converted by hand (core_wasm::money: stored, stored_minor, to_stored):" bash -c '
    grep -rnE --include=*.rs --include=*.ts --include=*.tsx \
      "(minor|major|cents|price|amount|money)[^;]*([*/] *100\.0\b|/ *100\b)|([*/] *100\.0\b|/ *100\b)[^;]*(minor|cents|price|amount)" \
      server/src core-wasm/src preview/src ui/src 2>/dev/null |
      grep -v "^core-wasm/src/money.rs:" | grep -vE "^[^:]+:[0-9]+:\s*//"'
}

if [ "${1:-}" = "--self-test" ]; then
  # One planted break of each kind, in a copy of the tree's shape; every check must report.
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  mkdir -p "$scratch/server/src/storefront" "$scratch/server/src/routes" "$scratch/server/src/auth" \
    "$scratch/ui/src/features/x" "$scratch/ui/src/lib" "$scratch/scripts"
  cat > "$scratch/server/src/auth/planted.rs" <<'RUST'
fn a() { sqlx::query("SELECT 1"); }
fn b() { let x = crate::routes::auth::sign_in; }
fn c(code: &str) -> bool { code.chars().count() > 64 || (8..=64).contains(&code.len()) }
fn d(email: &str) -> bool { email.split_once('@').is_some() }
fn e(s: &str) -> bool { s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') }
RUST
  echo 'pub const MAX_THINGS: usize = 5;' > "$scratch/server/src/storefront/planted.rs"
  echo 'fn f(price_minor: i64) -> f64 { price_minor as f64 / 100.0 }' > "$scratch/server/src/routes/planted.rs"
  echo 'const PAGE_SIZE = 20;' > "$scratch/ui/src/lib/planted.ts"
  echo 'const ok = /^[^@ ]+@[^@ ]+\.[a-z]+$/.test(value);' > "$scratch/ui/src/features/x/planted.tsx"
  cp "$0" "$scratch/scripts/boundaries.sh"
  out=$(bash "$scratch/scripts/boundaries.sh")
  status=$?
  missed=0
  for title in "SQL outside" "An import of the routes" "A limit or a default" "A length limit" \
    "A page size" "An e-mail shape" "A subdomain shape" "Money converted by hand"; do
    if ! grep -q "^$title" <<<"$out"; then
      echo "The check missed its planted example: $title"
      missed=1
    fi
  done
  if [ "$status" -eq 0 ] || [ "$missed" -eq 1 ]; then
    echo "$out"
    exit 1
  fi
  echo "Every boundary check found its planted example (8 of 8)."
  exit 0
fi

run_checks
[ "$broken" -eq 0 ] && echo "Layer boundaries hold: no SQL outside server/src/db, no rule written twice."
exit "$broken"
