#!/usr/bin/env bash
# Installs what building Parlance and running its demo need beyond Swift,
# when it is missing: ICU's headers (libicu-dev) and a C/C++ compiler.
# Nothing else: the test references are scripts/install-deps.sh's, which
# `make test` runs. Never upgrades a package the machine already has.
set -euo pipefail

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
        echo "install-build-deps: run as root to install: $*" >&2; exit 1
    fi
}

need_apt=()
[ -f /usr/include/unicode/upluralrules.h ] || need_apt+=(libicu-dev)
command -v cc >/dev/null 2>&1 || need_apt+=(gcc)
command -v g++ >/dev/null 2>&1 || need_apt+=(g++)
if [ ${#need_apt[@]} -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update -qq
    as_root apt-get install -y -qq --no-upgrade --no-install-recommends "${need_apt[@]}"
fi
