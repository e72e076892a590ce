#!/usr/bin/env bash
# What the tests and benchmarks need from Debian, installed in one apt-get call, and none when
# everything is there. `npm test` and `.ci/run` run it once, before any step starts, so no step
# installs anything while another runs (two apt-gets at once fail on apt's lock).
#
#   bash scripts/ensure-system.sh                      everything below
#   bash scripts/ensure-system.sh browser pdf …        only these groups
#
# Groups:
#   browser   Chromium at /usr/bin/chromium (Playwright's own browser downloads are not used), with
#             the fonts an Android phone renders our pages in: Roboto, and Noto Sans Devanagari for
#             Hindi (without one, Hindi shows empty boxes and the Lighthouse figures are skewed)
#   postgres  PostgreSQL's server binaries: the database tests start a throwaway cluster of their own
#             (without them the PostgreSQL tests are skipped, unless REQUIRE_POSTGRES=1)
#   pdf       poppler's pdftotext: the admit card's tests read its text as a phone would; qpdf: the
#             server opens an uploaded prospectus with it to look inside its compressed streams
#   proxy     nginx and openssl for `npm run test:deploy` (the package's own server is stopped)
#
# As root it installs what is missing; otherwise it prints the one command to run.
set -euo pipefail

groups=("$@")
[ ${#groups[@]} -eq 0 ] && groups=(browser postgres pdf proxy)

missing=()
optional_only=true
need() {
  missing+=("$@")
}

for group in "${groups[@]}"; do
  case "$group" in
  browser)
    if ! [ -x /usr/bin/chromium ] || ! { command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=hi family)" ]; }; then
      need chromium fonts-roboto-unhinted fonts-noto-ui-core
      optional_only=false
    fi
    ;;
  postgres)
    if ! { ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || command -v pg_ctl >/dev/null 2>&1; }; then
      need postgresql
      [ "${REQUIRE_POSTGRES:-}" = "1" ] && optional_only=false
    fi
    ;;
  pdf)
    if ! command -v pdftotext >/dev/null 2>&1; then
      need poppler-utils
      optional_only=false
    fi
    if ! command -v qpdf >/dev/null 2>&1; then
      need qpdf
      optional_only=false
    fi
    ;;
  proxy)
    if ! { command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; } || ! command -v openssl >/dev/null 2>&1; then
      need nginx openssl
      optional_only=false
    fi
    ;;
  *)
    echo "ensure-system.sh: no group '$group' (browser, postgres, pdf, proxy)" >&2
    exit 2
    ;;
  esac
done

[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing from Debian: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  # Waits for apt's lock if something else on the machine holds it, rather than failing.
  lock=(-o DPkg::Lock::Timeout=600)
  apt-get "${lock[@]}" update -qq
  apt-get "${lock[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  # nginx's package may start its own server on port 80; the deployment test runs its own.
  if [[ " ${missing[*]} " == *" nginx "* ]]; then (service nginx stop || true) >/dev/null 2>&1; fi
  exit 0
fi

cat >&2 <<MSG
The tests need these Debian packages: ${missing[*]}. Install them with:

  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}
MSG
if $optional_only; then
  echo "(Only PostgreSQL is missing: its tests will be skipped.)" >&2
  exit 0
fi
exit 1
