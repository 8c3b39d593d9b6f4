#!/usr/bin/env bash
# make install, end to end, into prefixes under build/install-test:
#  1. PREFIX=<abs>/usr/local: the files and the soname layout; Examples/c/demo.c
#     built with `pkg-config --cflags --libs parlance` and Examples/cmake built
#     with find_package(Parlance), both run on Examples/catalog; the man page
#     hook; make uninstall leaves no file behind.
#  2. DESTDIR=<stage> PREFIX=/usr LIBDIR=/usr/lib/<multiarch>: the files land
#     under DESTDIR, the generated files name /usr, and uninstall removes them.
# The programs find the installed library through the rpath of the installed
# lib directory: -Wl,-rpath from pkg-config's libdir for the demo, CMake's
# build-tree RPATH (the directory of the imported library) for the CMake
# example. LD_LIBRARY_PATH is cleared so nothing else can supply it.
# Run by `make test-install` (the build must be current).
set -euo pipefail
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
root=$PWD/build/install-test
prefix=$root/usr/local
version=$(sed -n 's/^#define PARLANCE_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)$/\2/p' include/parlance.h | paste -sd.)
major=${version%%.*}
unset LD_LIBRARY_PATH
failures=0
fail() { echo "test-install: FAILED: $*" >&2; failures=$((failures + 1)); }
expect_file() { [ -f "$1" ] && [ ! -L "$1" ] || fail "missing file $1"; }
expect_link() { [ "$(readlink "$1" 2>/dev/null)" = "$2" ] || fail "$1 should link to $2 (is '$(readlink "$1" 2>/dev/null)')"; }
loads_installed() { # program: resolves libparlance.so.MAJOR to the installed file
    ldd "$1" > "$1.ldd"
    grep -q "libparlance.so.$major => $prefix/lib/libparlance.so.$major " "$1.ldd" \
        || fail "$1 does not load the installed library: $(grep parlance "$1.ldd")"
}
no_files_left() { # dir: nothing but (empty) directories
    local left
    left=$(find "$1" ! -type d 2>/dev/null)
    [ -z "$left" ] || fail "left after uninstall: $left"
}

rm -rf "$root"
mkdir -p "$root"

# ---- 1. A prefix ---------------------------------------------------------
$MAKE -s -o build install PREFIX="$prefix"

for f in include/parlance.h include/parlance_libintl.h include/parlance.hpp lib/libparlance.so.$version \
         lib/libparlance-icu.so.0 lib/.debug/libparlance.so.$version.debug lib/.debug/libparlance-icu.so.0.debug bin/parlance lib/pkgconfig/parlance.pc lib/cmake/Parlance/ParlanceConfig.cmake \
         lib/cmake/Parlance/ParlanceConfigVersion.cmake share/man/man1/parlance.1 \
         share/bash-completion/completions/parlance share/zsh/site-functions/_parlance; do
    expect_file "$prefix/$f"
done
cmp -s build/man/parlance.1 "$prefix/share/man/man1/parlance.1" || fail "the installed manual page is not build's"
expect_link "$prefix/lib/libparlance.so.$major" "libparlance.so.$version"
expect_link "$prefix/lib/libparlance.so" "libparlance.so.$major"
# ICU is loaded on first need, from libparlance-icu.so.0 beside the library.
# grep -c, not grep -q: -q stops reading at the first match, the writer then
# dies of SIGPIPE, and pipefail turns a match into a failure now and then.
readelf -d "$prefix/lib/libparlance.so.$version" | grep -c 'NEEDED.*libicu' >/dev/null && fail "libparlance.so links ICU"
readelf -d "$prefix/lib/libparlance-icu.so.0" | grep -c 'NEEDED.*libicuuc' >/dev/null || fail "libparlance-icu.so.0 does not link ICU"
# Debug information beside the library, named by its debug link; none left inside.
readelf --string-dump=.gnu_debuglink "$prefix/lib/libparlance.so.$version" | grep -c "libparlance.so.$version.debug" >/dev/null \
    || fail "libparlance.so has no debug link to libparlance.so.$version.debug"
readelf -S "$prefix/lib/libparlance.so.$version" | grep -c '\.debug_info' >/dev/null && fail "libparlance.so still carries its debug information"
readelf -S "$prefix/lib/.debug/libparlance.so.$version.debug" | grep -c '\.debug_info' >/dev/null || fail "the .debug file has no debug information"
soname=$(readelf -d "$prefix/lib/libparlance.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libparlance.so.$major" ] || fail "SONAME is '$soname', not libparlance.so.$major"
cmp -s include/parlance.hpp "$prefix/include/parlance.hpp" || fail "parlance.hpp differs from include/"

# The installed CLI.
out=$("$prefix/bin/parlance" get --catalog Examples/catalog --locale fr-CA greeting)
[ "$out" = "Bonjour !" ] || fail "installed parlance get printed '$out'"

# pkg-config: Examples/c/demo.c against the installed files only.
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
[ "$(pkg-config --modversion parlance)" = "$version" ] || fail "pkg-config --modversion: $(pkg-config --modversion parlance)"
[ "$(pkg-config --variable=prefix parlance)" = "$prefix" ] || fail "pkg-config prefix: $(pkg-config --variable=prefix parlance)"
cflags=$(pkg-config --cflags parlance) libs=$(pkg-config --libs parlance)
[ "${cflags% }" = "-I$prefix/include" ] || fail "pkg-config --cflags: $cflags"
[ "${libs% }" = "-L$prefix/lib -lparlance" ] || fail "pkg-config --libs: $libs"
libdir=$(pkg-config --variable=libdir parlance)
# shellcheck disable=SC2046
${CC:-cc} -O2 -Wall -Wextra -Werror -std=c11 Examples/c/demo.c $(pkg-config --cflags --libs parlance) \
    -Wl,-rpath,"$libdir" -o "$root/demo"
loads_installed "$root/demo"
"$root/demo" Examples/catalog > "$root/demo.txt"
grep -q "^Parlance $version: 5 locales loaded" "$root/demo.txt" || fail "demo: $(head -n 1 "$root/demo.txt")"
grep -Eq "^  greeting +Bonjour !$" "$root/demo.txt" || fail "demo printed no French greeting"
grep -Eq "^  5 +5 файлов +\| " "$root/demo.txt" || fail "demo printed no Russian plural"
unset PKG_CONFIG_PATH

# CMake: find_package(Parlance 0.1 REQUIRED), Parlance::parlance, parlance.hpp.
cmake -S Examples/cmake -B "$root/cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release > "$root/cmake.log" \
    || { cat "$root/cmake.log" >&2; fail "cmake configure"; }
cmake --build "$root/cmake" > "$root/cmake-build.log" 2>&1 || { cat "$root/cmake-build.log" >&2; fail "cmake --build"; }
example=$root/cmake/parlance-cmake-example
loads_installed "$example"
"$example" Examples/catalog fr-CA ru > "$root/cmake.txt" || fail "the CMake example failed"
expected="Parlance $version
fr-CA: Bonjour ! | 3 fichiers | Nom
ru: Привет! | 3 файла | Имя"
[ "$(head -n 3 "$root/cmake.txt")" = "$expected" ] || fail "the CMake example printed: $(cat "$root/cmake.txt")"
grep -q "^not loaded (status 2): .*Missing.strings" "$root/cmake.txt" || fail "the CMake example's error: $(tail -n 1 "$root/cmake.txt")"
# A version the package does not satisfy.
printf 'cmake_minimum_required(VERSION 3.14)\nproject(v NONE)\nfind_package(Parlance %s.99 REQUIRED)\n' "$major" > "$root/too-new.cmake.txt"
mkdir -p "$root/too-new" && cp "$root/too-new.cmake.txt" "$root/too-new/CMakeLists.txt"
if cmake -S "$root/too-new" -B "$root/too-new/build" -DCMAKE_PREFIX_PATH="$prefix" > /dev/null 2>&1; then
    fail "find_package(Parlance $major.99) accepted version $version"
fi

$MAKE -s -o build uninstall PREFIX="$prefix"
no_files_left "$prefix"

# ---- 2. DESTDIR and a multiarch LIBDIR -------------------------------------
stage=$root/stage
multiarch=/usr/lib/x86_64-linux-gnu
$MAKE -s -o build install DESTDIR="$stage" PREFIX=/usr LIBDIR=$multiarch
for f in usr/include/parlance.hpp ${multiarch#/}/libparlance.so.$version ${multiarch#/}/libparlance-icu.so.0 ${multiarch#/}/pkgconfig/parlance.pc \
         ${multiarch#/}/cmake/Parlance/ParlanceConfig.cmake usr/bin/parlance usr/share/man/man1/parlance.1; do
    expect_file "$stage/$f"
done
expect_link "$stage$multiarch/libparlance.so" "libparlance.so.$major"
pc=$stage$multiarch/pkgconfig/parlance.pc
grep -qx 'prefix=/usr' "$pc" && grep -qx 'libdir=${prefix}/lib/x86_64-linux-gnu' "$pc" && grep -qx 'includedir=${prefix}/include' "$pc" \
    || fail "parlance.pc under DESTDIR: $(grep dir= "$pc")"
grep -q "$stage" "$pc" "$stage$multiarch/cmake/Parlance/"*.cmake && fail "a generated file names DESTDIR"
grep -q '"${CMAKE_CURRENT_LIST_DIR}/../../../../include"' "$stage$multiarch/cmake/Parlance/ParlanceConfig.cmake" \
    || fail "ParlanceConfig.cmake: the include directory is not relative: $(grep _parlance_include "$stage$multiarch/cmake/Parlance/ParlanceConfig.cmake" | head -n 1)"
# The staged CMake package is relocatable: found from the stage itself.
if ! cmake -S Examples/cmake -B "$root/cmake-stage" -DCMAKE_PREFIX_PATH="$stage/usr" > "$root/cmake-stage.log" 2>&1; then
    cat "$root/cmake-stage.log" >&2; fail "cmake with the staged package"
fi
$MAKE -s -o build uninstall DESTDIR="$stage" PREFIX=/usr LIBDIR=$multiarch
no_files_left "$stage"

if [ $failures -ne 0 ]; then echo "test-install: $failures failed" >&2; exit 1; fi
rm -rf "$root"
echo "test-install: install, pkg-config, CMake, soname layout, uninstall, DESTDIR: all passed"
