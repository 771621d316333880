#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 cluster owned by a non-root user, listening on
# 127.0.0.1 only, with trust authentication, and prints the export line for it:
#   eval "$(.ci/throwaway-postgres.sh start)"   ...   .ci/throwaway-postgres.sh stop "$PGDATA_DIR"
# `start-supabase-shape` starts one whose superuser is `supabase_admin`, as on hosted
# Supabase, so that `postgres` can be the non-superuser it is there; the tests build the rest
# of the shape (tests/supabase-shape/):
#   eval "$(.ci/throwaway-postgres.sh start-supabase-shape)"   ...   stop "$SUPABASE_SHAPE_DIR"
# PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` user
# the Debian package creates.
set -euo pipefail

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start | start-supabase-shape)
    superuser=postgres url_var=TEST_DATABASE_URL dir_var=PGDATA_DIR
    if [ "$1" = start-supabase-shape ]; then
      superuser=supabase_admin url_var=SUPABASE_SHAPE_URL dir_var=SUPABASE_SHAPE_DIR
    fi
    dir=$(mktemp -d /tmp/critical-hit-pg.XXXXXX)
    [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
    port=${PGPORT_TEST:-$(( 20000 + RANDOM % 20000 ))}
    as_owner "$PG_BIN/initdb" -D "$dir/data" -U "$superuser" -A trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1
    as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >/dev/null
    echo "export $url_var=postgres://$superuser@127.0.0.1:$port/postgres $dir_var=$dir"
    ;;
  stop)
    dir="${2:?usage: $0 stop <dir>}"
    as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start | start-supabase-shape | stop <dir>" >&2
    exit 2
    ;;
esac
