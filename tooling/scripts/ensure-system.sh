#!/usr/bin/env bash
# Installs the system packages the test suite runs against when they are missing:
# Debian's Chromium with a CJK font (browser journeys) and the PostgreSQL server binaries
# (the contract suite's second database). Needs root or passwordless apt; a no-op once installed.
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
if ! fc-list 2>/dev/null | grep -qi 'wenquanyi\|wqy'; then need+=(fonts-wqy-zenhei); fi
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need+=(postgresql)

if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing system packages: ${need[*]} (install them with apt-get as root)" >&2
  exit 1
fi

echo "Installing system packages: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" fontconfig >/dev/null
fc-cache -f >/dev/null 2>&1 || true
