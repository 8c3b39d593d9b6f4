#!/usr/bin/env bash
# The real catalogs the per-thread libintl test compares with glibc: dpkg,
# apt, coreutils and tar in de, fr and ru, copied to
#     OUT/LANG/LC_MESSAGES/DOMAIN.mo          (scripts/system-catalogs.sh OUT)
# from /usr/share/locale when the system has them, else from the package's
# .deb (apt-get download, then dpkg-deb -x): container images often leave
# /usr/share/locale out (path-exclude in /etc/dpkg/dpkg.cfg.d/). The .deb is
# the one of the installed version, so either way the files are the same.
set -euo pipefail
out=${1:?usage: $0 OUT}
packages=(dpkg apt coreutils tar)
languages=(de fr ru)
mkdir -p "$out"
for package in "${packages[@]}"; do
    missing=0
    for lang in "${languages[@]}"; do
        [ -f "/usr/share/locale/$lang/LC_MESSAGES/$package.mo" ] || missing=1
    done
    source=/usr/share/locale
    if [ $missing = 1 ]; then
        work="$out/.debs/$package"
        if [ ! -d "$work/root" ]; then
            rm -rf "$work" && mkdir -p "$work"
            version=$(dpkg-query -W -f='${Version}' "$package" 2>/dev/null || true)
            (cd "$work" && apt-get download -q "$package${version:+=$version}" >/dev/null 2>&1 \
                || apt-get download -q "$package" >/dev/null)
            dpkg-deb -x "$work"/*.deb "$work/root.tmp" && mv "$work/root.tmp" "$work/root"
        fi
        source="$work/root/usr/share/locale"
    fi
    for lang in "${languages[@]}"; do
        mkdir -p "$out/$lang/LC_MESSAGES"
        cp "$source/$lang/LC_MESSAGES/$package.mo" "$out/$lang/LC_MESSAGES/$package.mo"
    done
done
