#!/usr/bin/env bash
# The ABI of libparlance.so against the previous release's (abi/SONAME.abi).
#
#   scripts/abi-check.sh            check build/lib/libparlance.so
#   scripts/abi-check.sh --baseline write abi/SONAME.abi from the current headers and library
#
# The ABI is the C API: the parlance_* functions and the types of
# include/parlance.h and include/parlance_libintl.h. Two comparisons:
#   1. types and signatures: the headers, compiled into a stub library whose
#      DWARF describes them (scripts/abi-interface.py), against the baseline;
#   2. symbols: every function of the baseline is still exported by
#      build/lib/libparlance.so (its Swift runtime filtered out by
#      abi/public.suppr).
# libabigail cannot read the library's own (Swift) DWARF, which does not
# describe the C types anyway; the library is read with its debug sections
# stripped. Additions pass; any change to or removal of an existing function
# or type fails, unless the soname's major version differs from the
# baseline's (a deliberate break). A change reviewed as compatible can be
# listed in abi/accepted.suppr (libabigail suppression syntax).
# docs/abi.md says when to regenerate the baseline.
set -euo pipefail
cd "$(dirname "$0")/.."

LIB=${LIB:-build/lib/libparlance.so}
INCLUDE=${INCLUDE:-include}   # the headers (another directory: to test the check itself)
WORK=build/abi
mkdir -p "$WORK"

soname=$(readelf -d "$LIB" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ -n "$soname" ] || { echo "abi-check: $LIB has no SONAME" >&2; exit 1; }

# The declared interface, with the library's soname.
python3 scripts/abi-interface.py "$INCLUDE/parlance.h" "$INCLUDE/parlance_libintl.h" > "$WORK/interface.c"
${CC:-cc} -std=gnu11 -g -fno-eliminate-unused-debug-types -O0 -shared -fPIC -fvisibility=hidden -I"$INCLUDE" "$WORK/interface.c" \
    -Wl,-soname,"$soname" -o "$WORK/interface.so"
# The library without its debug sections.
objcopy --strip-debug "$(readlink -f "$LIB")" "$WORK/library.so"

ABIDW_FLAGS=(--load-all-types --no-corpus-path --no-comp-dir-path --no-show-locs --no-elf-needed --type-id-style hash)

if [ "${1:-}" = "--baseline" ]; then
    abidw "${ABIDW_FLAGS[@]}" --out-file "abi/$soname.abi" "$WORK/interface.so"
    # The baseline must list exactly what the library exports.
    abidiff --suppressions abi/public.suppr "abi/$soname.abi" "$WORK/library.so" >/dev/null || {
        echo "abi-check: the library's parlance_* functions differ from the headers' declarations" >&2; exit 1; }
    echo "abi-check: wrote abi/$soname.abi ($(grep -c '<elf-symbol ' "abi/$soname.abi") functions)"
    exit 0
fi

baseline=$(ls abi/libparlance.so.*.abi 2>/dev/null | sort -V | tail -n 1)
[ -n "$baseline" ] || { echo "abi-check: no baseline in abi/ (scripts/abi-check.sh --baseline)" >&2; exit 1; }
base_soname=$(sed -n "s/.*soname='\([^']*\)'.*/\1/p" "$baseline" | head -n 1)
if [ "${base_soname##*.so.}" != "${soname##*.so.}" ]; then
    echo "abi-check: $soname follows $base_soname: a new major version may break the ABI;"
    echo "abi-check: write its baseline at release (scripts/abi-check.sh --baseline)"
    exit 0
fi

accepted=()
[ -f abi/accepted.suppr ] && accepted=(--suppressions abi/accepted.suppr)
status=0
# True when abidiff's report counts nothing removed or changed, only added types.
additions_only() {
    grep -q '^Functions changes summary: 0 Removed, 0 Changed' "$1" &&
    grep -q '^Variables changes summary: 0 Removed, 0 Changed' "$1" &&
    ! grep -q '^Unreachable types summary: [1-9]' "$1" &&
    ! grep -q '^Unreachable types summary: 0 removed, [1-9]' "$1"
}
check() { # what, abidiff arguments...
    local what=$1 rc=0; shift
    abidiff --no-added-syms "$@" > "$WORK/$what.txt" 2>&1 || rc=$?
    if [ $((rc & 3)) -ne 0 ]; then
        echo "abi-check: abidiff failed ($what, status $rc):" >&2; cat "$WORK/$what.txt" >&2; status=1
    elif [ $((rc & 12)) -eq 4 ] && additions_only "$WORK/$what.txt"; then
        # abidiff marks types that are only added as a change; additions are compatible.
        echo "abi-check: $what: compatible with $baseline (types added)"
    elif [ $((rc & 12)) -ne 0 ]; then
        # 8: an incompatible change (a removed function); 4: a changed one
        # (a type's layout, a signature), which this project treats alike.
        echo "abi-check: $what: the ABI of $soname changed against $baseline:" >&2
        cat "$WORK/$what.txt" >&2; status=1
    else
        echo "abi-check: $what: compatible with $baseline"
    fi
}
abidw "${ABIDW_FLAGS[@]}" --out-file "$WORK/interface.abi" "$WORK/interface.so"
check types "${accepted[@]}" --non-reachable-types "$baseline" "$WORK/interface.abi"
check symbols "${accepted[@]}" --suppressions abi/public.suppr "$baseline" "$WORK/library.so"
exit $status
