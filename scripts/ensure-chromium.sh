#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (/usr/bin/chromium); Playwright's own
# browser downloads are not used. Installs it when running as root, otherwise says
# what to install.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends chromium >/dev/null
  exit 0
fi

cat >&2 <<'MSG'
The browser tests need Chromium at /usr/bin/chromium. Install it with:

  sudo apt-get update && sudo apt-get install -y chromium

(Debian/Ubuntu package "chromium"; Playwright's browser download is not used.)
MSG
exit 1
