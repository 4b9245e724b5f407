#!/usr/bin/env bash
# Installs the system packages the browser and database tests need, when they are missing:
# Chromium (Playwright drives the system browser), Firefox ESR (puppeteer-core over WebDriver
# BiDi) and WebKitGTK's MiniBrowser with WebKitWebDriver under Xvfb (the engine of iOS wallet
# browsers), PostgreSQL (the server tests run on it
# as well as on SQLite), and the CJK and Thai fonts a phone has, so the browser tests measure
# line breaks and widths in those languages as users see them. Debian packages; needs root,
# as on CI.
set -euo pipefail

missing=()
[[ -x /usr/bin/chromium ]] || missing+=(chromium)
[[ -x /usr/bin/firefox-esr ]] || missing+=(firefox-esr)
[[ -x /usr/bin/WebKitWebDriver ]] || missing+=(webkit2gtk-driver)
[[ -x /usr/bin/Xvfb ]] || missing+=(xvfb)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
dpkg -s fonts-thai-tlwg >/dev/null 2>&1 || missing+=(fonts-thai-tlwg)

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "system packages: all present"
  exit 0
fi
if [[ $(id -u) -ne 0 ]]; then
  echo "Please install these Debian packages (needs root): ${missing[*]}" >&2
  exit 1
fi
echo "installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
