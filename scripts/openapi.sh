#!/usr/bin/env bash
# The API's OpenAPI document as a client reads it. The built server writes the document that
# /api/openapi.json serves (`server openapi`; server/tests/api/document.rs checks that the two
# are one), openapi-spec-validator checks it against OpenAPI 3.1, and openapi-typescript turns it
# into ui/src/types/openapi.ts (git-ignored): the `paths` of the typed client that the UI
# typecheck compiles and ui/e2e/api-client.spec.ts calls the server with.
#
#   bash scripts/openapi.sh
#
# Needs target/debug/server (cargo build -p server) and the npm packages; the validator is
# installed once per machine (scripts/setup.sh, ensure_openapi_validator).
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

target="${CARGO_TARGET_DIR:-$ROOT/target}"
server="$target/debug/server"
if [ ! -x "$server" ]; then
  echo "openapi: $server is missing; build it first with: cargo build -p server" >&2
  exit 2
fi
ensure_openapi_validator

document="$target/openapi.json"
"$server" openapi > "$document"
"$OPENAPI_VALIDATOR_VENV/bin/python" "$ROOT/scripts/openapi_validate.py" "$document"
(cd "$ROOT/ui" && npx openapi-typescript "$document" --output src/types/openapi.ts)
