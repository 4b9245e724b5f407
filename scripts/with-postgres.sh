#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL cluster (and
# TEST_DATABASE_SOCKET_URL at the same cluster over its Unix socket), then stops and deletes
# the cluster, keeping the command's exit code.
#
#   bash scripts/with-postgres.sh npx vitest run --project server-postgres
#
# If TEST_DATABASE_URL is already set, that server is used as is. Without PostgreSQL server
# binaries the command runs without one and the PostgreSQL tests are skipped — except under
# CI (CI=true), where a missing PostgreSQL fails the run instead of quietly testing less.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: bash scripts/with-postgres.sh <command> [args…]" >&2
  exit 2
fi

if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  exec "$@"
fi

bin_dir=""
for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
  if [[ -x "$candidate/initdb" && -x "$candidate/pg_ctl" ]]; then
    bin_dir=$candidate
    break
  fi
done
if [[ -z "$bin_dir" && "${CI:-}" == "true" ]]; then
  echo "with-postgres: no PostgreSQL server binaries found (/usr/lib/postgresql/*/bin/initdb); CI must test PostgreSQL too, so this run fails." >&2
  exit 1
fi
if [[ -z "$bin_dir" ]]; then
  echo "with-postgres: PostgreSQL tests are skipped: no PostgreSQL server binaries found (/usr/lib/postgresql/*/bin/initdb)." >&2
  exec "$@"
fi

# PostgreSQL refuses to run as root, so as root the cluster belongs to the postgres user.
as_owner() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

cluster_dir=$(mktemp -d -t ju-wallet-pg.XXXXXX)
if [[ $(id -u) -eq 0 ]]; then
  chown postgres: "$cluster_dir"
fi

cleanup() {
  as_owner "$bin_dir/pg_ctl" -D "$cluster_dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$cluster_dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
  local port
  for _ in $(seq 1 50); do
    port=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return 0
    fi
  done
  echo "with-postgres: no free port found" >&2
  return 1
}
port=$(free_port)

as_owner "$bin_dir/initdb" -D "$cluster_dir/data" -U postgres --auth=trust -E UTF8 --no-sync >"$cluster_dir/initdb.log" 2>&1 || {
  cat "$cluster_dir/initdb.log" >&2
  exit 1
}
# Durability settings are off for a test run (the cluster lives for one run); a benchmark
# (WITH_POSTGRES_DURABLE=1) keeps PostgreSQL's defaults so its figures mean something.
durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
[[ "${WITH_POSTGRES_DURABLE:-}" == 1 ]] && durability=""
as_owner "$bin_dir/pg_ctl" -D "$cluster_dir/data" -l "$cluster_dir/server.log" -w -t 60 \
  -o "-p $port -k $cluster_dir -c listen_addresses=127.0.0.1 $durability -c max_connections=200" \
  start >/dev/null || {
  cat "$cluster_dir/server.log" >&2
  exit 1
}

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
# The same server over its Unix socket, for the benchmark (scripts/bench.ts).
export TEST_DATABASE_SOCKET_URL="postgres://postgres@/postgres?host=$cluster_dir&port=$port"
echo "with-postgres: PostgreSQL $(basename "$(dirname "$bin_dir")") on 127.0.0.1:$port" >&2

status=0
"$@" || status=$?
exit "$status"
