#!/usr/bin/env bash
# Installs the system packages the browser and database tests need, when they are missing:
# Chromium (Playwright drives the system browser) and PostgreSQL (the server tests run on it
# as well as on SQLite). Debian packages; needs root, as on CI.
set -euo pipefail

missing=()
[[ -x /usr/bin/chromium ]] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)

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
