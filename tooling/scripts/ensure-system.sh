#!/usr/bin/env bash
# Installs the system packages the test suite runs against when they are missing:
# Debian's Chromium with a CJK font (browser journeys), the PostgreSQL server binaries
# (the contract suite's second database), nginx (the load balancer of the several-instances
# test, which starts its own nginx on loopback with deploy/nginx.conf) and ClamAV's daemon. Needs root or
# passwordless apt; a no-op once installed.
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
if ! fc-list 2>/dev/null | grep -qi 'wenquanyi\|wqy'; then need+=(fonts-wqy-zenhei); fi
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need+=(postgresql)
# Debian's plain `nginx` is the smallest build (nginx-light only adds the echo module).
[ -x /usr/sbin/nginx ] || need+=(nginx)
# Info-ZIP's reader checks the streamed zips in the server's tests.
command -v unzip >/dev/null || need+=(unzip)
# ClamAV's daemon scans uploads; the tests start their own with a one-signature database (EICAR).
[ -x /usr/sbin/clamd ] || need+=(clamav-daemon)

if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing system packages: ${need[*]} (install them with apt-get as root)" >&2
  exit 1
fi

echo "Installing system packages: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
# The tests start their own PostgreSQL and nginx; keep the packages' system services from starting
# (and nginx from failing its install when port 80 is taken) while apt runs.
policy=/usr/sbin/policy-rc.d
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy"
  chmod +x "$policy"
  trap 'rm -f "$policy"' EXIT
fi
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" fontconfig >/dev/null
fc-cache -f >/dev/null 2>&1 || true
