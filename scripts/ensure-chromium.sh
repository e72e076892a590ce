#!/usr/bin/env bash
# The browser tests and benchmarks drive Debian's Chromium (/usr/bin/chromium);
# Playwright's own browser downloads are not used. With it, the fonts an Android phone
# renders our pages in: Roboto, and Noto Sans Devanagari for Hindi (without a
# Devanagari font, Hindi pages show empty boxes and every text layout goes hunting
# through fallbacks, which skews the Lighthouse figures). Installs what is missing
# when running as root, otherwise says what to install.
set -euo pipefail

PACKAGES=(chromium fonts-roboto-unhinted fonts-noto-ui-core)

has_devanagari_font() {
  command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=hi family)" ]
}

if [ -x /usr/bin/chromium ] && has_devanagari_font; then
  exit 0
fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium and fonts for the browser tests…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null
  exit 0
fi

cat >&2 <<MSG
The browser tests need Chromium at /usr/bin/chromium and a Devanagari font. Install them with:

  sudo apt-get update && sudo apt-get install -y ${PACKAGES[*]}

(Debian/Ubuntu packages; Playwright's browser download is not used.)
MSG
exit 1
