#!/usr/bin/env bash
# Schemathesis against /api/openapi.json: every operation with the Demo Store owner's sign-in,
# the stateful phase included; no server error, no answer outside the document, no route that
# declares a sign-in taking a request without one.
#
#   bash reliability/schemathesis/run.sh [--long] [--database-url URL]
#
# Small mode (npm test): a few hundred cases in about a minute. --long: at least 10,000.
# --database-url: a PostgreSQL admin URL (scripts/postgres.sh prints one); the run creates a
# fresh database there and drops it afterwards. Without it, a fresh SQLite file under target/.
# Needs target/debug/server (cargo build -p server; under $CARGO_TARGET_DIR when that is set) and
# python3 with venv and pip; Schemathesis is installed once into target/schemathesis/venv.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/reliability/schemathesis"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
WORK="$TARGET/schemathesis"
VERSION="4.32.5"
# Pinned with it: hooks.py guards a race inside this version's lambda_sources (lambda_race.py).
HYPOTHESIS="6.170.17"

long=0
database_url=""
while [ $# -gt 0 ]; do
  case "$1" in
    --long) long=1; shift ;;
    --database-url) database_url="$2"; shift 2 ;;
    *) echo "usage: $0 [--long] [--database-url URL]" >&2; exit 2 ;;
  esac
done

server="$TARGET/debug/server"
if [ ! -x "$server" ]; then
  echo "schemathesis: $server is missing; build it first with: cargo build -p server" >&2
  exit 2
fi

venv="$WORK/venv"
if [ "$("$venv/bin/st" --version 2>/dev/null)" != "st, version $VERSION" ] \
  || [ "$("$venv/bin/python" -c 'import hypothesis; print(hypothesis.__version__)' 2>/dev/null)" != "$HYPOTHESIS" ]; then
  echo "schemathesis: installing Schemathesis $VERSION (Hypothesis $HYPOTHESIS) into $venv" >&2
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$VERSION" "hypothesis==$HYPOTHESIS"
fi

# The guard in hooks.py holds against the race it is for (a few seconds), or the run stops here.
"$venv/bin/python" "$HERE/lambda_race.py" --trials 3 --seconds 0.5

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
run="$WORK/run-$port"
rm -rf "$run"
mkdir -p "$run"

pg_database=""
psql_bin=""
if [ -n "$database_url" ]; then
  psql_bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)/psql"
  [ -x "$psql_bin" ] || psql_bin="$(command -v psql || true)"
  if [ -z "$psql_bin" ]; then
    echo "schemathesis: psql is needed with --database-url" >&2
    exit 2
  fi
  pg_database="storeloom_schemathesis_$port"
  "$psql_bin" -q "$database_url" -c "CREATE DATABASE $pg_database" >/dev/null
  server_database="${database_url%/*}/$pg_database"
  label="PostgreSQL"
else
  server_database="sqlite://$run/storeloom.db"
  label="SQLite"
fi

server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  if [ -n "$pg_database" ]; then
    "$psql_bin" -q "$database_url" -c "DROP DATABASE IF EXISTS $pg_database WITH (FORCE)" >/dev/null 2>&1 || true
  fi
}
trap cleanup EXIT

# The demo data with its traffic history but no shoppers arriving during the run; proxy
# headers trusted so that the harness's sign-ins come from an address of their own (hooks.py).
PORT="$port" HOST=127.0.0.1 DATABASE_URL="$server_database" UPLOAD_DIR="$run/uploads" \
  STATIC_DIR="$ROOT/ui/dist" STORELOOM_DEMO=1 STORELOOM_DEMO_TRAFFIC=history \
  TRUST_PROXY_HEADERS=1 RUST_LOG=warn "$server" >"$run/server.log" 2>&1 &
server_pid=$!

api="http://127.0.0.1:$port/api"
for _ in $(seq 120); do
  if curl -sf "$api/health" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "schemathesis: the server stopped at start; its log:" >&2
    cat "$run/server.log" >&2
    exit 1
  fi
  sleep 0.5
done
curl -sf "$api/health" >/dev/null

# The Demo Store's id, for every X-Store-Id.
store_id="$(curl -sf -X POST "$api/auth/login" -H 'Content-Type: application/json' \
  -H 'X-Forwarded-For: 192.0.2.10' \
  -d '{"email":"owner@storeloom.dev","password":"storeloom"}' |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["storeId"])')"

# The cases per operation of the examples, coverage and fuzzing phases, and the stateful
# phase's scenarios (set in the config, where it outweighs --max-examples).
if [ "$long" = 1 ]; then
  mode="long"
  sizes=(--max-examples 50 --phases examples,coverage,fuzzing,stateful)
  scenarios=400
else
  mode="small"
  sizes=(--max-examples 2 --phases examples,fuzzing,stateful)
  scenarios=60
fi
sed "s/^generation.max-examples = 60$/generation.max-examples = $scenarios/" \
  "$HERE/schemathesis.toml" >"$run/schemathesis.toml"

echo "schemathesis: $mode run on $label, server on port $port (log: $run/server.log)"
set +e
(
  cd "$run"
  STORELOOM_API="$api" STORELOOM_STORE_ID="$store_id" SCHEMATHESIS_HOOKS="$HERE/hooks.py" \
    "$venv/bin/st" --no-color --config-file "$run/schemathesis.toml" run "$api/openapi.json" \
    --url "$api" --workers 2 --seed 1 "${sizes[@]}" \
    --report junit,ndjson --report-dir "$run/report"
) 2>&1 | tee "$run/schemathesis.log"
status=${PIPESTATUS[0]}
set -e

set +e
"$venv/bin/python" "$HERE/figures.py" "$run/report" "$mode" "$label"
figures=$?
set -e
grep -m1 "API Links:" "$run/schemathesis.log" | sed 's/^ *API Links: */  stateful links: /' || true
# Every 500 is logged by the server with its cause, whoever saw the answer.
logged="$(grep -c "internal error" "$run/server.log" || true)"
echo "  internal errors in the server's log: $logged"
if [ "$status" -ne 0 ] || [ "$figures" -ne 0 ] || [ "$logged" -ne 0 ]; then
  echo "schemathesis: FAILED ($mode, $label); reports in $run/report" >&2
  exit 1
fi
