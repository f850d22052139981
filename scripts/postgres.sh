#!/usr/bin/env bash
# Starts a throw-away PostgreSQL on loopback for the server's tests: installs Debian's
# postgresql package when missing, runs it as a non-root user on a free port, and prints its
# URL. `scripts/postgres.sh stop DIR` stops it and removes its files.
set -euo pipefail

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

# Runs a command as the database's owner: `postgres` when we are root (initdb refuses root).
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [ "${1:-}" = stop ]; then
  dir="$2"
  as_owner "$(pg_bin)/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$dir"
  exit 0
fi

if [ -z "$(pg_bin)" ] || [ ! -x "$(pg_bin)/initdb" ]; then
  echo "Installing PostgreSQL (Debian's postgresql package)" >&2
  as_root apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq postgresql >&2
fi
bin="$(pg_bin)"
dir="$(mktemp -d /tmp/storeloom-pg.XXXXXX)"
port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; fi
as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust >"$dir/initdb.log" 2>&1
as_owner "$bin/pg_ctl" -D "$dir/data" -w -l "$dir/server.log" \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=200" start >&2
echo "$dir postgres://postgres@127.0.0.1:$port/postgres"
