#!/usr/bin/env bash
# The adversarial suite (RELIABILITY.md), every test on SQLite and on a PostgreSQL this script
# starts: `bash reliability/run.sh` runs the small sizes (what `npm test` runs, there step by
# step), `bash reliability/run.sh --long` the full ones (about an hour and a half on 2 cores:
# 10 million fuzz executions, 10,000 parity configs, >= 10,000 Schemathesis cases per database,
# 1,000 acknowledged writes under SIGKILL per database, three rounds of 30 s of load per
# database on the release server).
# Every test prints its figures; the script goes on after a failure and exits non-zero if any
# test failed.
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/setup.sh"
set +e
cd "$ROOT"

long=0
[ "${1:-}" = "--long" ] && long=1
failures=()

# check NAME COMMAND...: runs one test and remembers a failure.
check() {
  local name="$1"; shift
  local start=$SECONDS
  say "$name"
  "$@" || failures+=("$name")
  echo "($name: $((SECONDS - start)) s)"
}

use_shared_target && ensure_rust_tools && ensure_npm_packages && ensure_oha && ensure_chromium || exit 1
cargo build --locked -p server || exit 1

PG=$(bash scripts/postgres.sh 9>&-)
[ -n "$PG" ] || { echo "PostgreSQL did not start" >&2; exit 1; }
PG_DIR="${PG% *}"; PG_URL="${PG#* }"
trap 'bash "$ROOT/scripts/postgres.sh" stop "$PG_DIR"' EXIT

# 1, 6, 7 (in-process part): the tenant matrix, the headers and the secrets in the captured
# tracing output, through the real router on both databases.
api_tests=(tenancy:: site:: log_secrets::)
check "Tenant matrix, headers, secrets in logs (SQLite)" \
  cargo test --locked -p server --test api -- "${api_tests[@]}" --nocapture
check "Tenant matrix, headers, secrets in logs (PostgreSQL)" \
  env TEST_DATABASE_URL="$PG_URL" cargo test --locked -p server --test api -- "${api_tests[@]}" --nocapture

# 2: Schemathesis against the OpenAPI document.
mode=(); [ "$long" = 1 ] && mode=(--long)
check "Schemathesis (SQLite)" bash reliability/schemathesis/run.sh "${mode[@]}"
check "Schemathesis (PostgreSQL)" bash reliability/schemathesis/run.sh "${mode[@]}" --database-url "$PG_URL"

# 3: fuzzing the theme-config parser and the command decoder; native/WebAssembly parity.
if [ "$long" = 1 ]; then
  # Optimised, but with overflow checks and debug assertions on, in a target folder of its own.
  check "Theme fuzz (10,000,000 executions)" \
    env CARGO_TARGET_DIR=target/fuzz CARGO_PROFILE_DEV_OPT_LEVEL=3 THEME_FUZZ_EXECUTIONS=10000000 \
    cargo test --locked -p core-wasm --test theme_fuzz
else
  check "Theme fuzz (small)" cargo test --locked -p core-wasm --test theme_fuzz
fi
check "Native/WebAssembly parity in Chromium" bash reliability/parity/run.sh "${mode[@]}"

# 8: the attacks (sign-in, staff scopes, operators, proxies, domains, stores, checkout), on both
# databases, and the races against three server processes on one PostgreSQL. One size: each
# attack is as large as the hole it proves closed.
check "Attacks (SQLite)" python3 reliability/attacks.py
check "Attacks (PostgreSQL)" python3 reliability/attacks.py --database postgres --database-url "$PG_URL"
check "Races against three processes on one PostgreSQL" \
  python3 reliability/attacks.py --database postgres --database-url "$PG_URL" --processes 3 --concurrency

# 4: crash durability under SIGKILL.
crash=(); [ "$long" = 1 ] && crash=(--writes 1000 --kills 50)
check "Crash durability (SQLite)" python3 reliability/crash.py "${crash[@]}"
check "Crash durability (PostgreSQL)" python3 reliability/crash.py --database postgres "${crash[@]}"

# Backups that restore, and data that stays within bounds.
check "Restore drill (SQLite)" python3 reliability/restore_drill.py "${mode[@]}"
check "Restore drill (three processes on PostgreSQL)" \
  python3 reliability/restore_drill.py --database postgres --database-url "$PG_URL" --processes 3 "${mode[@]}"
growth=(); [ "$long" = 1 ] && growth=(--seconds 1800)
check "Bounded growth (SQLite)" python3 reliability/growth_soak.py "${growth[@]}"
check "Bounded growth (PostgreSQL)" python3 reliability/growth_soak.py --database postgres --database-url "$PG_URL" "${growth[@]}"

# 5: the admin API under an ingest flood.
load=(); [ "$long" = 1 ] && load=(--release --seconds 30 --rounds 3 --flood-rate 1000)
check "Admin latency during an ingest flood (SQLite)" python3 reliability/load.py "${load[@]}"
check "Admin latency during an ingest flood (PostgreSQL)" python3 reliability/load.py --database postgres "${load[@]}"

# 7: the captured logs of the runs above (and of the end-to-end run, when there was one).
check "Secrets in the captured logs" python3 reliability/logs.py

say "Reliability suite: $([ "$long" = 1 ] && echo long || echo small) mode"
for failure in "${failures[@]}"; do echo "failed: $failure"; done
[ "${#failures[@]}" -eq 0 ]
