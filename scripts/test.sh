#!/usr/bin/env bash
# `npm test`: the whole suite, the same locally and in CI. Every step runs even when an earlier
# one failed (unless it needs the failed one's output), and the last line counts every test:
# "N passed, N failed". A failed check (fmt, clippy, typecheck, lint, format, a build) counts as
# one failed test. The exit status is non-zero when anything failed.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
set +e

# target/ first becomes the link to the shared build directory (or stays the tree's own folder).
use_shared_target || { echo "0 passed, 1 failed"; exit 1; }
# A clean clone builds its own crates once, from scratch: incremental caches would only fill the
# disk (several GB per clone's path) and slow that build.
[ -n "${CI:-}" ] && export CARGO_INCREMENTAL=0
make_room || { echo "0 passed, 1 failed"; exit 1; }
LOGS="$ROOT/target/test-logs"
mkdir -p "$LOGS"
rm -f "$LOGS"/*
PASSED=0
FAILED=0
FAILURES=()
SUITE_START=$SECONDS
# Every step's name, seconds and result, for the table at the end.
STEP_ROWS=()
record() { STEP_ROWS+=("$1|$2|$3"); }

# background_done NAME PID LOG START: waits for a step started in the background, shows its log
# and reports it as a step (counting one failed test when it failed).
background_done() {
  local name="$1" pid="$2" log="$3" start="$4" status
  wait "$pid"; status=$?
  say "$name"
  cat "$log"
  if [ $status -ne 0 ]; then
    FAILED=$((FAILED + 1)); FAILURES+=("$name")
    echo "FAILED: $name (exit $status)"
  fi
  echo "($name: $((SECONDS - start)) s, in the background)"
  record "$name (background, until waited for)" $((SECONDS - start)) "$([ $status -eq 0 ] && echo ok || echo FAILED)"
  return $status
}

# step NAME COMMAND...: runs a check; on failure counts one failed test.
step() {
  local name="$1"; shift
  local start=$SECONDS
  say "$name"
  "$@"
  local status=$?
  if [ $status -ne 0 ]; then
    FAILED=$((FAILED + 1)); FAILURES+=("$name")
    echo "FAILED: $name (exit $status)"
  fi
  echo "($name: $((SECONDS - start)) s)"
  record "$name" $((SECONDS - start)) "$([ $status -eq 0 ] && echo ok || echo FAILED)"
  return $status
}

# together NAME1 CMD1 NAME2 CMD2: runs two independent checks at once (each a string for bash -c,
# its output kept apart and shown after), counting each like `step`.
together() {
  local name1="$1" cmd1="$2" name2="$3" cmd2="$4" start=$SECONDS
  say "$name1 | $name2 (together)"
  bash -c "$cmd1" > "$LOGS/together-1.log" 2>&1 & local p1=$!
  bash -c "$cmd2" > "$LOGS/together-2.log" 2>&1 & local p2=$!
  wait $p1; local s1=$?
  wait $p2; local s2=$?
  cat "$LOGS/together-1.log"; cat "$LOGS/together-2.log"
  for pair in "$name1:$s1" "$name2:$s2"; do
    local status=${pair##*:} name=${pair%:*}
    if [ "$status" -ne 0 ]; then
      FAILED=$((FAILED + 1)); FAILURES+=("$name")
      echo "FAILED: $name (exit $status)"
    fi
    record "$name (together)" $((SECONDS - start)) "$([ "$status" -eq 0 ] && echo ok || echo FAILED)"
  done
  echo "($name1 | $name2: $((SECONDS - start)) s)"
}

# counts KIND FILE: "passed failed" from a cargo log, a Vitest or a Playwright JSON report.
counts() {
  node -e '
    const fs = require("fs"); const [kind, file] = process.argv.slice(1);
    if (!fs.existsSync(file)) { console.log("0 0"); process.exit(0); }
    const text = fs.readFileSync(file, "utf8");
    if (kind === "cargo") {
      let p = 0, f = 0;
      for (const m of text.matchAll(/^test result: \w+\. (\d+) passed; (\d+) failed/gm)) { p += +m[1]; f += +m[2]; }
      console.log(p, f);
    } else {
      const r = JSON.parse(text);
      if (kind === "vitest") console.log(r.numPassedTests, r.numFailedTests);
      else console.log(r.stats.expected, r.stats.unexpected + r.stats.flaky);
    }
  ' "$1" "$2"
}

# suite NAME KIND FILE COMMAND...: runs a test suite and adds its counts. A suite that fails
# without a failed test (it did not compile, or crashed) counts as one failed test.
suite() {
  local name="$1" kind="$2" file="$3"; shift 3
  local start=$SECONDS status result
  say "$name"
  if [ "$kind" = cargo ]; then
    "$@" 2>&1 | tee "$file"; status=${PIPESTATUS[0]}
  else
    "$@"; status=$?
  fi
  result=$(counts "$kind" "$file")
  local passed=${result% *} failed=${result#* }
  PASSED=$((PASSED + passed)); FAILED=$((FAILED + failed))
  if [ "$status" -ne 0 ]; then
    FAILURES+=("$name")
    [ "$failed" -eq 0 ] && FAILED=$((FAILED + 1))
  fi
  echo "($name: $passed passed, $failed failed, $((SECONDS - start)) s)"
  record "$name" $((SECONDS - start)) "$passed passed, $failed failed"
}

# cpu_probe: a fixed piece of single-threaded work (SHA-256 over 256 MiB, then a loop of integer
# arithmetic), timed three times; the median says how fast the machine ran this time, so that a
# slow day shows in the log instead of being guessed at. About 0.35 s on an ordinary day here.
cpu_probe() {
  node -e '
    const crypto = require("crypto");
    const once = () => {
      const start = process.hrtime.bigint();
      const block = Buffer.alloc(1 << 20, 7);
      const hash = crypto.createHash("sha256");
      for (let i = 0; i < 256; i++) hash.update(block);
      hash.digest();
      let x = 0;
      for (let i = 0; i < 50_000_000; i++) x = (x * 31 + i) % 1_000_003;
      if (x < 0) console.log(x);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const runs = [once(), once(), once()].sort((a, b) => a - b);
    console.log(`CPU probe: ${Math.round(runs[1])} ms (median of ${runs.map(Math.round).join(", ")}; fixed work on one core, lower is faster)`);
  '
}

cd "$ROOT"
CPU_PROBE="$(cpu_probe)"
say "$CPU_PROBE"
echo "Build cache: $STORELOOM_CACHE (cargo's target directory: $CARGO_TARGET_DIR)"
step "Set-up: Rust tools" ensure_rust_tools || { echo "$PASSED passed, $FAILED failed"; exit 1; }
step "Set-up: npm packages" ensure_npm_packages || { echo "$PASSED passed, $FAILED failed"; exit 1; }
step "Set-up: Chromium" ensure_chromium
# oha (the load generator of reliability/load.py) is needed only near the end: where it is
# missing, it is built in the background at the lowest priority, in the gaps the other builds
# leave, and waited for before the load steps.
say "Set-up: oha, in the background"
nice -n 19 bash -c "source '$ROOT/scripts/setup.sh' && ensure_oha" > "$LOGS/oha.log" 2>&1 &
OHA_INSTALL=$!
OHA_START=$SECONDS
oha_ready() { background_done "Set-up: oha" "$OHA_INSTALL" "$LOGS/oha.log" "$OHA_START"; }

# The WebAssembly builds (single-threaded at their link-time optimisation) run in the background,
# in their own target directory, while the native clippy and tests use the other core; their
# step waits for them below.
say "WASM build (or the cache's copy of it), in the background"
WASM_START=$SECONDS
build_wasm_cached > "$LOGS/wasm.log" 2>&1 &
WASM_BUILD=$!

# From here on the workspace's crates are compiled by clippy's driver with warnings as errors
# (scripts/clippy-rustc): the native test build is the clippy check. Every native cargo command
# below (and the scripts' own) compiles with it, so none compiles the workspace again.
export RUSTC_WORKSPACE_WRAPPER="$ROOT/scripts/clippy-rustc"

# wasm_built: waits for the background WebAssembly build, shows its log and reports it as a step.
wasm_built() { background_done "WASM build" "$WASM_BUILD" "$LOGS/wasm.log" "$WASM_START"; }

step "cargo fmt --check" cargo fmt --all --check
step "Layer boundaries (no SQL outside server/src/db, no rule written twice; each check finds a planted break)" \
  bash -c 'bash scripts/boundaries.sh --self-test && bash scripts/boundaries.sh'
step "cargo clippy (wasm facade, both builds; the preview runtime)" clippy_wasm
# The test binaries first, so that the PostgreSQL suite can start before the SQLite one runs;
# every target (benches and examples too) through clippy's driver, as `cargo clippy
# --all-targets -- -D warnings` would check them.
# It also builds the server's binary (target/debug/server, for the API tests' processes), which
# the end-to-end and adversarial steps run: a `cargo build -p server` after it would compile the
# server and the core again, with the dependencies' features of that one package.
NATIVE_BUILT=0
step "cargo clippy and the test build (native)" cargo test --locked --workspace --all-targets --no-run \
  && NATIVE_BUILT=1
# server_built: the server of this run's test build, or else built now.
server_built() {
  [ "$NATIVE_BUILT" = 1 ] && [ -x target/debug/server ] && return 0
  [ "$NATIVE_BUILT" = failed ] && return 1
  if step "Server build" build_server; then NATIVE_BUILT=1; else NATIVE_BUILT=failed; return 1; fi
}
# The server's suite against PostgreSQL runs in the background from as soon as its binary is
# built (run directly, it holds no cargo lock) while the SQLite suite, the UI's checks and the
# first adversarial runs go on; its counts join the total before the end-to-end tests.
# (Without the build lock's descriptor: the database server outlives this script if it is killed.)
PG=$(bash scripts/postgres.sh 9>&-)
PG_TESTS=""
if [ -n "$PG" ]; then
  PG_DIR="${PG% *}"; PG_URL="${PG#* }"
  trap 'bash "$ROOT/scripts/postgres.sh" stop "$PG_DIR"' EXIT
  PG_BIN=$(cargo test --locked --no-run -p server --test api --message-format=json 2>/dev/null | node -e '
    let out = "";
    for (const line of require("fs").readFileSync(0, "utf8").split("\n")) {
      try { const m = JSON.parse(line); if (m.executable && m.target && m.target.name === "api") out = m.executable; } catch {}
    }
    console.log(out);')
  if [ -x "$PG_BIN" ]; then
    say "cargo test (PostgreSQL), in the background"
    PG_START=$SECONDS
    (cd server && CARGO_MANIFEST_DIR="$ROOT/server" TEST_DATABASE_URL="$PG_URL" "$PG_BIN" \
      > "$LOGS/cargo-postgres.log" 2>&1) &
    PG_TESTS=$!
  else
    FAILED=$((FAILED + 1)); FAILURES+=("cargo test (PostgreSQL): the test binary was not built")
  fi
else
  FAILED=$((FAILED + 1)); FAILURES+=("PostgreSQL start")
fi

# --no-fail-fast: a failing test binary must not keep the others (shared-types writes the UI's
# generated types in its tests) from running.
suite "cargo test (SQLite)" cargo "$LOGS/cargo-sqlite.log" cargo test --locked --workspace --no-fail-fast

# The API's OpenAPI document, written by the built server: valid OpenAPI 3.1 (openapi-spec-validator),
# and the typed client made from it (openapi-typescript), which the UI typecheck compiles and the
# end-to-end spec api-client calls the server with (scripts/openapi.sh).
server_built && step "OpenAPI: the document validates (3.1); its typed client is generated" bash scripts/openapi.sh

# pg_tests_done: waits for the background PostgreSQL suite and adds its counts.
pg_tests_done() {
  [ -n "$PG_TESTS" ] || return 0
  local status result passed failed
  wait "$PG_TESTS"; status=$?
  PG_TESTS=""
  result=$(counts cargo "$LOGS/cargo-postgres.log")
  passed=${result% *}; failed=${result#* }
  PASSED=$((PASSED + passed)); FAILED=$((FAILED + failed))
  if [ "$status" -ne 0 ]; then
    FAILURES+=("cargo test (PostgreSQL)")
    [ "$failed" -eq 0 ] && FAILED=$((FAILED + 1))
    tail -50 "$LOGS/cargo-postgres.log"
  fi
  echo "(cargo test (PostgreSQL): $passed passed, $failed failed, $((SECONDS - PG_START)) s, in the background)"
  record "cargo test (PostgreSQL, background, until waited for)" $((SECONDS - PG_START)) "$passed passed, $failed failed"
}

# The adversarial suite's small mode (RELIABILITY.md; `bash reliability/run.sh --long` runs the
# full sizes); the tenant matrix, the header checks, the secrets in the tracing output and the
# theme fuzz's small run are cargo tests above, on both databases. Schemathesis and the attacks
# each start their own servers on their own database, so the two go together, one database at a
# time (the attacks' files are named by attack, so the SQLite and PostgreSQL runs stay apart).
# The SQLite pair runs once the UI is built (an attack signs in through the admin's pages), while
# the PostgreSQL suite goes on in the background; without a UI build, after the end-to-end step.
SQLITE_ADVERSARIAL=""
sqlite_adversarial() {
  [ -z "$SQLITE_ADVERSARIAL" ] || return 0
  SQLITE_ADVERSARIAL=done
  together "Reliability: Schemathesis (SQLite)" "bash reliability/schemathesis/run.sh" \
    "Reliability: the attacks (SQLite)" "python3 reliability/attacks.py"
}

if wasm_built; then
  # Each is one Node process on one core: side by side.
  together "UI typecheck" 'cd ui && npx tsc --noEmit -p tsconfig.json' "UI lint" 'cd ui && npx eslint . --max-warnings=0'
  step "UI format (Prettier)" bash -c 'cd ui && npx prettier --check .'
  suite "UI unit tests (Vitest, real WASM)" vitest "$LOGS/vitest.json" \
    bash -c "cd ui && npx vitest run --reporter=default --reporter=json --outputFile.json=$LOGS/vitest.json"
  if step "UI build" build_ui && server_built; then
    sqlite_adversarial
    pg_tests_done
    # The end-to-end servers' logs and databases of earlier runs go: the scan of the logs reads
    # this run's only, and the folder does not grow run after run.
    rm -rf target/e2e
    E2E_PORT=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
    suite "End-to-end tests (Chromium)" playwright "$LOGS/e2e.json" \
      bash -c "cd ui && E2E_PORT=$E2E_PORT PLAYWRIGHT_JSON_OUTPUT_NAME=$LOGS/e2e.json npx playwright test --reporter=list,json"
  fi
fi

pg_tests_done

# The rest of the adversarial suite, after the end-to-end tests (the load runs measure latency).
if server_built; then
  sqlite_adversarial
  [ -n "${PG_URL:-}" ] && together \
    "Reliability: Schemathesis (PostgreSQL)" "bash reliability/schemathesis/run.sh --database-url '$PG_URL'" \
    "Reliability: the attacks (PostgreSQL)" "python3 reliability/attacks.py --database postgres --database-url '$PG_URL'"
  # Live co-editing: five editors converge through a SIGKILL (issue 47), 15 s on SQLite and
  # 30 s over three processes on one PostgreSQL, in the background while the next steps run.
  SOAK_START=$SECONDS
  if [ -n "${PG_URL:-}" ]; then
    bash -c "python3 reliability/live_soak.py && python3 reliability/live_soak.py --database postgres \
      --database-url '$PG_URL' --processes 3 --seconds 30" > "$LOGS/live-soak.log" 2>&1 &
  else
    python3 reliability/live_soak.py > "$LOGS/live-soak.log" 2>&1 &
  fi
  SOAK_PID=$!
  # Two at a time where neither measures a time: each has its own servers and databases, and
  # each spends much of its time waiting on them.
  if [ -n "${PG_URL:-}" ]; then
    together "Reliability: native/WebAssembly parity in Chromium" "bash reliability/parity/run.sh" \
      "Reliability: the races against three processes on one PostgreSQL" \
      "python3 reliability/attacks.py --database postgres --database-url '$PG_URL' --processes 3 --concurrency"
  else
    step "Reliability: native/WebAssembly parity in Chromium" bash reliability/parity/run.sh
  fi
  together "Reliability: crash durability under SIGKILL (SQLite)" "python3 reliability/crash.py" \
    "Reliability: crash durability under SIGKILL (PostgreSQL)" "python3 reliability/crash.py --database postgres"
  # Backups that restore: a backup under write load, a SIGKILL, a restore into a fresh database,
  # and the restored server's data against what was acknowledged (SQLite; three processes on
  # PostgreSQL, which also race for the scheduled backups).
  if [ -n "${PG_URL:-}" ]; then
    together "Reliability: restore drill (SQLite)" "python3 reliability/restore_drill.py" \
      "Reliability: restore drill (three processes on PostgreSQL)" \
      "python3 reliability/restore_drill.py --database postgres --database-url '$PG_URL' --processes 3"
  else
    step "Reliability: restore drill (SQLite)" python3 reliability/restore_drill.py
  fi
  # The live co-editing soaks, started beside the parity and races steps above: they check
  # convergence, not time.
  background_done "Reliability: live co-editing soaks with a SIGKILL (SQLite; three processes on PostgreSQL)" \
    "$SOAK_PID" "$LOGS/live-soak.log" "$SOAK_START"
  if oha_ready; then
    step "Reliability: admin latency during an ingest flood (SQLite)" python3 reliability/load.py
    step "Reliability: admin latency during an ingest flood (PostgreSQL)" python3 reliability/load.py --database postgres
  fi
  step "Reliability: secrets in the captured logs" python3 reliability/logs.py
fi

# The Overview against a reference computed apart from it (bench/analytics: the same figures in
# Python straight from the generated events), on the small set, once per case. The benchmarks
# themselves measure and judge nothing that can fail on a defect, so they run in `npm run bench`
# only (README, "Tests").
if server_built; then
  step "Analytics: the Overview equals the independent reference (small set)" \
    bash bench/analytics/run.sh small --check --ours "$ROOT/target/debug/server analytics-bench" \
      --out "$LOGS/analytics-check.json"
fi

# failed_tests: the name of every failed test in the suites' reports, so that the summary (the
# end of the log, which is what a CI page shows) says which tests to look at.
failed_tests() {
  node -e '
    const fs = require("fs"); const dir = process.argv[1];
    const read = (f) => { try { return fs.readFileSync(dir + "/" + f, "utf8"); } catch { return ""; } };
    for (const f of ["cargo-sqlite.log", "cargo-postgres.log"]) {
      for (const m of read(f).matchAll(/^test (\S+) \.\.\. FAILED$/gm)) console.log("  " + f.replace(".log", "") + ": " + m[1]);
    }
    const vitest = read("vitest.json");
    if (vitest) for (const file of JSON.parse(vitest).testResults || [])
      for (const t of file.assertionResults || [])
        if (t.status === "failed") console.log("  vitest: " + file.name.replace(/.*\/ui\//, "") + ": " + t.fullName);
    const e2e = read("e2e.json");
    const walk = (suite, path) => {
      for (const s of suite.suites || []) walk(s, path ? path + " > " + s.title : s.title);
      for (const spec of suite.specs || []) for (const t of spec.tests)
        if (t.status === "unexpected" || t.status === "flaky") {
          const error = ((t.results.find((r) => r.error) || {}).error || {}).message || "";
          console.log("  e2e (" + t.status + "): " + path + " > " + spec.title + ":" + spec.line);
          console.log("    " + error.replace(/\u001b\[[0-9;]*m/g, "").split("\n").slice(0, 4).join("\n    "));
        }
    };
    if (e2e) walk(JSON.parse(e2e), "");
  ' "$LOGS"
}

say "Steps"
printf '%s\n' "$CPU_PROBE"
printf '| %-78s | %6s | %s\n' "Step" "s" "Result"
for row in "${STEP_ROWS[@]}"; do
  IFS='|' read -r name secs result <<< "$row"
  printf '| %-78s | %6s | %s\n' "$name" "$secs" "$result"
done
say "Summary ($((SECONDS - SUITE_START)) s)"
for failure in "${FAILURES[@]}"; do echo "failed: $failure"; done
[ "$FAILED" -eq 0 ] || failed_tests
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
