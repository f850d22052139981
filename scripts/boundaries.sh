#!/usr/bin/env bash
# The layers' one-way rules that the compilers do not check (ARCHITECTURE.md, "Invariants"):
# the server's routes hold no SQL (the data layer is server/src/db) and nothing but the router
# imports them; limits and defaults live in the core, not in the routes or the UI's features.
# Prints each break and exits 1 when there is one.
set -uo pipefail
cd "$(dirname "$0")/.."

broken=0
# report TITLE: prints grep's matches (stdin) under TITLE and marks the run broken.
report() {
  local found
  found=$(cat)
  if [ -n "$found" ]; then
    echo "$1"
    echo "$found" | sed 's/^/  /'
    broken=1
  fi
}

report "SQL in a route (move it to server/src/db):" < <(grep -rn "sqlx::query" server/src/routes)
report "An import of the routes outside them (the router only):" < <(
  grep -rn "crate::routes::" server/src --include=*.rs | grep -v "^server/src/routes/" |
    grep -v "^server/src/lib.rs:.*crate::routes::router")
report "A limit or a default outside the core (core-wasm/src/limits.rs or the rule's module):" < <(
  grep -rnE "const ([A-Z0-9_]*_)?(MAX|MIN)(_[A-Z0-9_]+)?\b|const DEFAULT_[A-Z0-9_]*" \
    server/src/routes ui/src/features)

[ "$broken" -eq 0 ] && echo "Layer boundaries hold: no SQL or limits in the routes, no limits in the UI's features."
exit "$broken"
