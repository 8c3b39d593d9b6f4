#!/usr/bin/env bash
# A minimal Debian root file system, made once with debootstrap from Debian's
# packages and kept under build/roots/:
#     scripts/debian-root.sh NAME SUITE [PACKAGE...]
# prints the root's directory, build/roots/NAME-<key>, where <key> hashes the
# suite, the variant and the sorted package list: the same list finds the
# root made before (a few milliseconds), another list makes a new root and
# removes NAME's older ones. The .deb files are kept in build/roots/debs, so
# remaking a root downloads nothing already fetched. The root is made in a
# temporary directory and renamed into place when complete, so an interrupted
# run leaves nothing that looks made. PARLANCE_DEBIAN_MIRROR overrides
# debootstrap's default mirror. Needs root and debootstrap
# (scripts/install-deps.sh installs it). docs/packaging.md.
set -euo pipefail

[ $# -ge 2 ] || { echo "usage: $0 NAME SUITE [PACKAGE...]" >&2; exit 2; }
name=$1 suite=$2
shift 2
variant=minbase
# Bump when the way a root is made changes (not its packages): old roots go.
recipe=1
cd "$(dirname "$0")/.."
roots=$PWD/build/roots
packages=$(printf '%s\n' "$@" | sort -u | paste -sd, -)
key=$(printf 'recipe=%s suite=%s variant=%s packages=%s\n' "$recipe" "$suite" "$variant" "$packages" \
      | sha256sum | cut -c1-12)
root=$roots/$name-$key
if [ -f "$root/.parlance-root" ]; then
    echo "$root"
    exit 0
fi
command -v debootstrap >/dev/null 2>&1 || { echo "debian-root: no debootstrap (scripts/install-deps.sh)" >&2; exit 1; }
mkdir -p "$roots/debs"
for old in "$roots/$name"-*; do
    [ -e "$old" ] && rm -rf --one-file-system "$old"
done
tmp=$roots/.$name-$key.tmp
rm -rf --one-file-system "$tmp"
log=$roots/$name-$key.log
echo "debian-root: making $name ($suite, $variant: $packages) in $root" >&2
start=$SECONDS
args=(--variant="$variant" --cache-dir="$roots/debs")
[ -n "$packages" ] && args+=(--include="$packages")
if ! debootstrap "${args[@]}" "$suite" "$tmp" ${PARLANCE_DEBIAN_MIRROR:+"$PARLANCE_DEBIAN_MIRROR"} > "$log" 2>&1; then
    tail -n 30 "$log" >&2
    echo "debian-root: debootstrap $suite failed (log: $log)" >&2
    exit 1
fi
# Nothing of apt's cache stays in the root (the .debs are in build/roots/debs).
rm -rf "$tmp"/var/cache/apt/archives/*.deb "$tmp"/var/lib/apt/lists/*_Packages
printf 'suite=%s variant=%s packages=%s\n' "$suite" "$variant" "$packages" > "$tmp/.parlance-root"
mv "$tmp" "$root"
echo "debian-root: $name made in $((SECONDS - start)) s ($(du -sm "$root" | cut -f1) MB)" >&2
echo "$root"
