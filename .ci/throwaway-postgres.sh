#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 cluster owned by a non-root user, listening on
# 127.0.0.1 only, with trust authentication, and prints the export line for it:
#   eval "$(.ci/throwaway-postgres.sh start)"   ...   .ci/throwaway-postgres.sh stop "$PGDATA_DIR"
# PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` user
# the Debian package creates.
set -euo pipefail

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    dir=$(mktemp -d /tmp/critical-hit-pg.XXXXXX)
    [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
    port=${PGPORT_TEST:-$(( 20000 + RANDOM % 20000 ))}
    as_owner "$PG_BIN/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1
    as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >/dev/null
    echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres PGDATA_DIR=$dir"
    ;;
  stop)
    dir="${2:?usage: $0 stop <dir>}"
    as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start | stop <dir>" >&2
    exit 2
    ;;
esac
