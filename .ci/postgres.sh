#!/usr/bin/env bash
# Install PostgreSQL from Debian's packages, start the packaged cluster on 127.0.0.1 and create the
# test role and database.  Idempotent.  Prints the URL for TAIPAI_TEST_DATABASE_URL on stdout.
set -euo pipefail
# Only the URL may reach stdout: pg_ctlcluster and friends print notices there ("Removed stale pid
# file." made the captured URL unparseable once), so everything else goes to stderr.
exec 3>&1 1>&2
if ! command -v pg_lsclusters >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq postgresql >/dev/null
fi
read -r version cluster _port status _rest < <(pg_lsclusters --no-header | head -n 1)
if [ "$status" != "online" ]; then
    pg_ctlcluster "$version" "$cluster" start -o "-c listen_addresses=127.0.0.1 -c fsync=off" 3>&-  # the server must not hold the URL pipe open
fi
port=$(pg_lsclusters --no-header | awk 'NR==1 {print $3}')
psql_as_postgres() { su postgres -c "psql -qAt -p $port -v ON_ERROR_STOP=1 $*"; }
if [ "$(psql_as_postgres "-c \"SELECT 1 FROM pg_roles WHERE rolname = 'taipai'\"")" != "1" ]; then
    psql_as_postgres "-c \"CREATE ROLE taipai LOGIN PASSWORD 'taipai'\""
fi
# CREATEDB: each test process makes its own database beside taipai_test (tests/bot/conftest.py)
psql_as_postgres "-c \"ALTER ROLE taipai CREATEDB\""
if [ "$(psql_as_postgres "-c \"SELECT 1 FROM pg_database WHERE datname = 'taipai_test'\"")" != "1" ]; then
    psql_as_postgres "-c \"CREATE DATABASE taipai_test OWNER taipai\""
fi
echo "postgresql+asyncpg://taipai:taipai@127.0.0.1:$port/taipai_test" >&3
