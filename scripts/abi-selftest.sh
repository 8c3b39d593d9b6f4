#!/usr/bin/env bash
# scripts/abi-check.sh must fail on a broken ABI: a field inserted into a
# struct, a function removed, a parameter's type changed; and pass an added
# function. Runs it on edited copies of the headers.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build/abi/selftest
failed=0
attempt() { # expect (pass|fail), description, sed expression on parlance.h
    rm -rf "$dir" && mkdir -p "$dir" && cp include/parlance.h include/parlance_libintl.h "$dir/"
    sed -i -e "$3" "$dir/parlance.h"
    if cmp -s include/parlance.h "$dir/parlance.h"; then echo "abi-selftest: the edit for '$2' changed nothing" >&2; failed=1; return; fi
    if INCLUDE=$dir bash scripts/abi-check.sh >/dev/null 2>&1; then got=pass; else got=fail; fi
    if [ "$got" = "$1" ]; then echo "abi-selftest: $2: ${got}ed, as it must"; else
        echo "abi-selftest: $2: ${got}ed, expected to $1" >&2; failed=1; fi
}
attempt fail "a field inserted into parlance_explanation" 's/^    bool found; /    int inserted; bool found; /'
attempt fail "parlance_catalog_table_count removed" '/parlance_catalog_table_count(/d'
attempt fail "a parameter of parlance_localizer_text changed" 's/parlance_localizer_text(parlance_localizer \*localizer, const char \*key,/parlance_localizer_text(parlance_localizer *localizer, const int *key,/'
attempt fail "an enum value changed" 's/PARLANCE_ARG_DOUBLE = 2/PARLANCE_ARG_DOUBLE = 4/'
attempt pass "a function added" 's/^PARLANCE_API void parlance_free(void \*text);/&\nPARLANCE_API void parlance_added(int x);/'
attempt pass "a type and a function using it added" 's/^PARLANCE_API void parlance_free(void \*text);/&\ntypedef struct parlance_added_t { int a; } parlance_added_t;\nPARLANCE_API void parlance_added(parlance_added_t *x);/'
attempt pass "a comment changed" "s|^/\*\* Status codes. \*/|/** The status codes. */|"
rm -rf "$dir"
exit $failed
