#!/usr/bin/env bash
# make sanitize: the library and the C tests, the stress program and the
# soak under AddressSanitizer (with LeakSanitizer) and, separately,
# ThreadSanitizer; then valgrind memcheck on the C tests, which must report
# no error and "definitely lost: 0". Any report fails the run.
#
# The sanitizer runtimes come with the Swift toolchain's clang, which builds
# the C programs too (the runtimes must match). Under the sanitizers the
# soak runs scaled down and without its RSS bound (their allocators keep
# freed memory on purpose); the RSS bound is checked by `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."

swift=${SWIFT:-swift}
bin=$(dirname "$(readlink -f "$(command -v "$swift")")")
clang="$bin/clang"
runtime=$(readlink -f "$bin/../lib/swift/linux")
out=build/sanitize
catalog=Examples/catalog
compiled=build/examples.parlance
mkdir -p "$out"
[ -f "$compiled" ] || build/bin/parlance compile -o "$compiled" "$catalog"

programs=(Tests/c/test_c_api.c Tests/c/test_lifetimes.c Tests/stress/stress.c Tests/soak/soak.c)

run_all() {   # $1: directory of the programs; the rest: a command prefix
    local dir=$1; shift
    "$@" "$dir/test_c_api" "$catalog" "$compiled"
    "$@" "$dir/test_lifetimes" "$catalog" "$compiled"
    "$@" "$dir/test_libintl" build/libintl build/libintl-po
    "$@" "$dir/stress" "$catalog" "$compiled" build/libintl 2000
    "$@" "$dir/soak" "$catalog" build/libintl 100000 50
}

export PARLANCE_SANITIZER=1
for kind in address thread; do
    echo "== $kind sanitizer"
    "$swift" build -c release --scratch-path ".build/$kind" -Xswiftc -sanitize=$kind -Xcc -fsanitize=$kind \
        --product CParlance
    lib=$(readlink -f ".build/$kind/release")
    ln -sf libCParlance.so "$lib/libparlance.so"   # the product's file, by the name programs link
    extra=()
    [ "$kind" = thread ] && extra=(-L"$runtime" -ldispatch -lBlocksRuntime)
    mkdir -p "$out/$kind"
    for source in "${programs[@]}"; do
        "$clang" -g -O1 -fsanitize=$kind -fuse-ld=lld -std=c11 -Iinclude "$source" -L"$lib" -lparlance -lpthread \
            "${extra[@]}" -Wl,-rpath,"$lib" -Wl,-rpath,"$runtime" -o "$out/$kind/$(basename "$source" .c)"
    done
    "$clang" -g -O1 -fsanitize=$kind -fuse-ld=lld -std=c11 -Iinclude Tests/c/test_libintl.c Tests/c/libintl_macros.c \
        -L"$lib" -lparlance "${extra[@]}" -Wl,-rpath,"$lib" -Wl,-rpath,"$runtime" -o "$out/$kind/test_libintl"
    ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=Tests/sanitize/lsan.supp \
        TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" run_all "$out/$kind"
done

echo "== valgrind memcheck"
# valgrind reads the library without its DWARF 5 debug information.
mkdir -p "$out/valgrind/lib"
# Under its soname (what the programs linked with it ask for), and the link name.
soname=$(readelf -d build/lib/libparlance.so | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
strip --strip-debug -o "$out/valgrind/lib/${soname:-libparlance.so}" "$(readlink -f build/lib/libparlance.so)"
[ -n "$soname" ] && ln -sf "$soname" "$out/valgrind/lib/libparlance.so"
# ICU, opened beside the library at the first call that needs it.
cp build/lib/libparlance-icu.so.0 "$out/valgrind/lib/"
for source in Tests/c/test_c_api.c Tests/c/test_lifetimes.c; do
    cc -g -O1 -std=c11 -Iinclude "$source" -L"$out/valgrind/lib" -lparlance -lpthread \
        -Wl,-rpath,"$(readlink -f "$out/valgrind/lib")" -o "$out/valgrind/$(basename "$source" .c)"
done
cc -g -O1 -std=c11 -Iinclude Tests/c/test_libintl.c Tests/c/libintl_macros.c -L"$out/valgrind/lib" -lparlance \
    -Wl,-rpath,"$(readlink -f "$out/valgrind/lib")" -o "$out/valgrind/test_libintl"
memcheck=(valgrind -q --leak-check=full --show-possibly-lost=no --errors-for-leak-kinds=definite --error-exitcode=9
          --suppressions=Tests/sanitize/valgrind.supp)
"${memcheck[@]}" "$out/valgrind/test_c_api" "$catalog" "$compiled"
"${memcheck[@]}" "$out/valgrind/test_lifetimes" "$catalog" "$compiled"
"${memcheck[@]}" "$out/valgrind/test_libintl" build/libintl build/libintl-po
echo "sanitize: clean"
