#!/usr/bin/env bash
# The admit card's tests read its text as a family's phone or a copy-paste would, with
# poppler's pdftotext (Debian's poppler-utils): it honours the ActualText each line carries,
# so Hindi comes out as written. Installs it when missing and running as root, otherwise
# says what to install.
set -euo pipefail

if command -v pdftotext >/dev/null 2>&1; then
  exit 0
fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's poppler-utils (pdftotext) for the admit card's tests…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends poppler-utils >/dev/null
  exit 0
fi

cat >&2 <<MSG
The admit card's tests need pdftotext. Install it with:

  sudo apt-get update && sudo apt-get install -y poppler-utils
MSG
exit 1
