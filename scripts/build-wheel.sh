#!/usr/bin/env bash
# Builds the Python binding's wheel and sdist, offline, with the machine's
# setuptools and auditwheel:
#     scripts/build-wheel.sh [OUT_DIR]        (default: build/wheel)
# 1. pip wheel: parlance-VERSION-py3-none-linux_x86_64.whl, carrying
#    libparlance.so (parlance/_lib/libparlance.so.MAJOR) and
#    libparlance-icu.so.0, which needs the ICU it was built against;
# 2. auditwheel repair: parlance-VERSION-py3-none-manylinux_2_35_x86_64.whl,
#    the same libraries with that ICU (libicuuc, libicui18n, libicudata)
#    copied beside them in parlance/_lib/ under new sonames
#    (libicuuc-<hash>.so.72...) and libparlance-icu's DT_NEEDED and RPATH
#    ($ORIGIN) pointing at them (libparlance-icu.so.0 holds the shim's ICU
#    functions; libparlance opens it beside itself at the first call that
#    needs ICU): it installs on any x86_64 Linux with glibc
#    2.35 or later, ICU or none, and cannot bind to a system ICU that
#    another module (PyICU) loads into the same process; libicudata is
#    that ICU's data cut to what Parlance reads (scripts/slice-icu-data.py,
#    with ICU's icupkg and genccode; PARLANCE_WHEEL_ICU_DATA=full keeps all
#    of it), and setup.py has stripped the two libraries' symbol tables;
# 3. the sdist, parlance-VERSION.tar.gz: the package and, under native/, the
#    library's sources, built when it is installed (Swift, a C toolchain and
#    libicu-dev needed there).
# OUT_DIR then holds exactly the manylinux wheel and the sdist. The version
# comes from include/parlance.h; a library not built yet is built first
# (`make build`, through bindings/python/setup.py). docs/packaging.md.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/build/wheel}"
python="${PYTHON:-python3}"
# The oldest glibc the library's own symbols need (auditwheel show): 2.35.
platform="${PARLANCE_WHEEL_PLATFORM:-manylinux_2_35_x86_64}"
# ICU's data: cut to what Parlance reads (the default) or all of it.
icu_data_choice="${PARLANCE_WHEEL_ICU_DATA:-sliced}"
case "$icu_data_choice" in
    sliced|full) ;;
    *) echo "build-wheel: PARLANCE_WHEEL_ICU_DATA is sliced (the default) or full, not '$icu_data_choice'" >&2
       exit 1;;
esac

mkdir -p "$out"
out="$(cd "$out" && pwd)"
if [ ! -e "$root/build/lib/libparlance.so" ]; then
    echo "build-wheel: $root/build/lib/libparlance.so is not built yet: the build runs \`make build\` first" >&2
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# OUT_DIR holds what this run built, nothing older.
rm -f "$out"/parlance-*.whl "$out"/parlance-*.tar.gz
# The library linked for glibc 2.35; build/lib's may use packed relative
# relocations, which need 2.36 (Makefile, RELR).
PARLANCE_PORTABLE_LIBRARY="$root/build/embedded/portable/libparlance.so" \
"$python" -m pip wheel --no-build-isolation --no-index --no-deps --disable-pip-version-check -q \
    -w "$work/plain" "$root/bindings/python"
# The data library auditwheel copies: the sliced one, found first through
# LD_LIBRARY_PATH (auditwheel resolves DT_NEEDED as the loader does), made
# from the one the ICU that libparlance-icu links would load.
icu_data_dirs=${LD_LIBRARY_PATH:-}
if [ "$icu_data_choice" = sliced ]; then
    icu_data=$(ldd "$root/build/lib/libparlance-icu.so.0" | awk '$1 ~ /^libicudata\.so/ { print $3 }')
    [ -f "$icu_data" ] || { echo "build-wheel: libparlance-icu.so.0 loads no libicudata" >&2; exit 1; }
    "$python" "$root/scripts/slice-icu-data.py" "$icu_data" "$work/icu-data" > "$work/icu-data.log" 2>&1 \
        || { cat "$work/icu-data.log" >&2; exit 1; }
    icu_data_dirs="$work/icu-data${icu_data_dirs:+:$icu_data_dirs}"
fi
# --lib-sdir is appended to the distribution's name: "parlance" + "/_lib",
# the package's own library folder, where _ffi.py looks.
LD_LIBRARY_PATH=$icu_data_dirs "$python" -m auditwheel repair --plat "$platform" --only-plat --lib-sdir /_lib -w "$out" \
    "$work"/plain/parlance-*.whl > "$work/auditwheel.log" 2>&1 \
    || { cat "$work/auditwheel.log" >&2; exit 1; }
(cd "$root/bindings/python" && "$python" -c \
    'import sys; from setuptools import build_meta; build_meta.build_sdist(sys.argv[1])' "$out") \
    > "$work/sdist.log" 2>&1 || { cat "$work/sdist.log" >&2; exit 1; }

"$python" - "$out" "$platform" "$icu_data_choice" "$work/icu-data" <<'PY'
import sys
import tarfile
import zipfile
from pathlib import Path

out, platform, icu_data, sliced = Path(sys.argv[1]), sys.argv[2], sys.argv[3], Path(sys.argv[4])
wheels = sorted(out.glob("parlance-*.whl"))
if len(wheels) != 1 or not wheels[0].name.endswith(f"-py3-none-{platform}.whl"):
    sys.exit(f"build-wheel: expected one {platform} wheel in {out}, found {[w.name for w in wheels]}")
wheel = wheels[0]
libs = [n for n in zipfile.ZipFile(wheel).namelist() if n.startswith("parlance/_lib/")]
if not any(n.startswith("parlance/_lib/libparlance.so.") for n in libs):
    sys.exit(f"build-wheel: {wheel.name} has no parlance/_lib/libparlance.so.*")
if "parlance/_lib/libparlance-icu.so.0" not in libs:
    sys.exit(f"build-wheel: {wheel.name} has no parlance/_lib/libparlance-icu.so.0 (ICU on first need)")
for icu in ("libicuuc-", "libicui18n-", "libicudata-"):
    if not any(n.startswith("parlance/_lib/" + icu) for n in libs):
        sys.exit(f"build-wheel: {wheel.name} carries no renamed {icu}*.so in parlance/_lib: {libs}")
if icu_data == "sliced":
    # The data auditwheel copied is the sliced library's (patched: same data).
    [made] = sliced.glob("libicudata.so.*")
    with zipfile.ZipFile(wheel) as archive:
        [data] = [i for i in archive.infolist() if i.filename.startswith("parlance/_lib/libicudata-")]
        if abs(data.file_size - made.stat().st_size) > 65536:
            sys.exit(f"build-wheel: {data.filename} ({data.file_size} bytes) is not the sliced {made} "
                     f"({made.stat().st_size} bytes)")
sdists = sorted(out.glob("parlance-*.tar.gz"))
if len(sdists) != 1:
    sys.exit(f"build-wheel: expected one sdist in {out}, found {[s.name for s in sdists]}")
with tarfile.open(sdists[0]) as sdist:
    names = sdist.getnames()
binaries = [n for n in names if n.endswith(".so") or ".so." in n]
if binaries or not any(n.endswith("/native/Package.swift") for n in names):
    sys.exit(f"build-wheel: {sdists[0].name} must hold native/Package.swift and no library: {binaries}")
print(wheel)
print(sdists[0])
PY
