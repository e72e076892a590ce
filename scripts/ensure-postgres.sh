#!/usr/bin/env bash
# The database tests run against SQLite always and against PostgreSQL when its
# server binaries (initdb, pg_ctl) are installed; tests/support/postgres.ts starts a
# throwaway cluster from them. Installs Debian's postgresql when running as root,
# otherwise says what to install.
set -euo pipefail

if ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || command -v pg_ctl >/dev/null 2>&1; then
  exit 0
fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's postgresql for the database tests…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # Only the binaries: the tests start their own cluster, so the package's default one is not needed.
  apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  exit 0
fi

cat >&2 <<'MSG'
PostgreSQL's server binaries were not found, so the PostgreSQL tests will be skipped.
To run them, install Debian's package:

  sudo apt-get update && sudo apt-get install -y postgresql
MSG
