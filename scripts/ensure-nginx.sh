#!/usr/bin/env bash
# `npm run test:deploy` puts Debian's nginx in front of the app. Installs it when running as
# root (without starting the package's own server), otherwise says what to install.
set -euo pipefail

if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  exit 0
fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's nginx for the deployment test…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends nginx openssl >/dev/null
  # The package may start its own server on port 80; the test runs its own.
  (service nginx stop || true) >/dev/null 2>&1
  exit 0
fi

cat >&2 <<'MSG'
The deployment test needs nginx and openssl. Install them with:

  sudo apt-get update && sudo apt-get install -y nginx openssl
MSG
exit 1
