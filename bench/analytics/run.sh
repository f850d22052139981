#!/usr/bin/env bash
# Runs the analytics contenders benchmark: `bench/analytics/run.sh [small|medium|full] [bench.py options]`.
# Creates the Python environment target/bench-venv on first use (or when requirements.txt
# changes), then hands over to bench.py.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="$root/target/bench-venv"
stamp="$venv/requirements.txt"
if [ ! -x "$venv/bin/python" ] || ! cmp -s "$here/requirements.txt" "$stamp"; then
  echo "Preparing $venv" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r "$here/requirements.txt"
  cp "$here/requirements.txt" "$stamp"
fi
mode="${1:-small}"
shift || true
exec "$venv/bin/python" "$here/bench.py" "$mode" "$@"
