#!/usr/bin/env bash
# Links a SwiftPM product again with packed relative relocations (DT_RELR),
# for a machine whose glibc reads them (2.36 and later; make build decides).
#
#   scripts/relink-relr.sh MANIFEST PRODUCT OUTPUT
#
# MANIFEST is SwiftPM's build manifest (.build/release.yaml), which holds
# each product's link as one command line; PRODUCT is the product's file
# name there (libCParlance.so, parlance-cli). The command is run as SwiftPM
# ran it, writing OUTPUT instead, with `-z pack-relative-relocs` added: the
# same objects, flags and libraries, so the two links differ only in how
# the 19,000 relative relocations are stored (a 3.5 KB bitmap instead of
# 460 KB of entries, and about a tenth of a process's start in
# instructions). SwiftPM's own link is left as it is: it needs only glibc
# 2.35, and the manylinux wheel bundles it (scripts/build-wheel.sh).
# docs/decisions.md, "Packed relative relocations where glibc reads them".
set -euo pipefail
manifest=$1 product=$2 output=$3
# The command's line follows the link's description: args: ["swiftc","-L",...].
line=$(grep -A2 "description: \"Linking .*/$product\"\$" "$manifest" | sed -n 's/^ *args: \["\(.*\)"\]$/\1/p')
if [ -z "$line" ] || [ "${line#*\\}" != "$line" ]; then
    echo "relink-relr: no link of $product in $manifest that this script can read" >&2
    exit 1
fi
mapfile -t args < <(printf '%s\n' "$line" | sed 's/","/\n/g')
for i in "${!args[@]}"; do
    [ "${args[$i]}" = -o ] && args[i+1]=$output
done
"${args[@]}" -Xlinker -z -Xlinker pack-relative-relocs
readelf -d "$output" | grep -q '(RELR)' || { echo "relink-relr: $output has no DT_RELR" >&2; exit 1; }
