#!/usr/bin/env bash
# `npm start`: builds what is missing and runs Storeloom on http://127.0.0.1:8080 (PORT to
# change) with a SQLite file and the demo data.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

use_shared_target
ensure_rust_tools
ensure_npm_packages
build_types
build_wasm_cached
build_ui
build_server
# The build is done: the machine's build lock goes (the server may run for days).
exec 9>&-

cd "$ROOT"
# The local demo lists its e-mail at /api/dev/mailbox. The server refuses the mailbox where
# others could reach it (a proxy, a public address), so it is only turned on here for a local run.
if [ -z "${DEV_MAILBOX+set}" ] && [ "${TRUST_PROXY_HEADERS:-0}" != 1 ] && [ -z "${PUBLIC_URL:-}" ] \
  && { [ "${HOST:-127.0.0.1}" = "::1" ] || [[ "${HOST:-127.0.0.1}" == 127.* ]]; }; then
  export DEV_MAILBOX=1
fi
cat <<EOT

Storeloom: http://${HOST:-127.0.0.1}:${PORT:-8080}/admin
Demo accounts (password: storeloom), unless STORELOOM_DEMO=0:
  owner@storeloom.dev    owner of the Demo Store (VIP plan on trial), and an operator (full menu)
  seller@example.com     a seller with a store of their own on the Free plan (seller menu)
  orders@example.com     Demo Store staff: orders and products only
  designer@example.com   Demo Store staff: themes, pages, navigation, domains, preferences
Register a new store: http://${HOST:-127.0.0.1}:${PORT:-8080}/admin/auth/register?sk=${SIGNUP_KEY-welcome}
E-mail sent without SMTP_URL: http://${HOST:-127.0.0.1}:${PORT:-8080}/api/dev/mailbox (DEV_MAILBOX=${DEV_MAILBOX:-0})
API: http://${HOST:-127.0.0.1}:${PORT:-8080}/api/docs
Database: ${DATABASE_URL:-sqlite://data/storeloom.db}. Stop with Ctrl-C.

EOT
# Large blocks (each Argon2id hash takes 19 MiB) go back to the system when freed; by default the
# C library keeps them, about 20 MB more resident memory (BENCHMARKS.md).
export GLIBC_TUNABLES="${GLIBC_TUNABLES:-glibc.malloc.mmap_threshold=131072}"
exec "$ROOT/target/debug/server"
