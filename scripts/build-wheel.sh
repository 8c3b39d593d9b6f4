#!/usr/bin/env bash
# Builds the Python binding's wheel and sdist, offline, with the machine's
# setuptools and auditwheel:
#     scripts/build-wheel.sh [OUT_DIR]        (default: build/wheel)
# 1. pip wheel: parlance-VERSION-py3-none-linux_x86_64.whl, carrying
#    libparlance.so (parlance/_lib/libparlance.so.MAJOR) and
#    libparlance-icu.so.0 (the shim's ICU functions; libparlance opens it
#    beside itself at the first call that needs ICU) with ICU linked in:
#    `make wheel-icu` links Debian's ICU archives (libicu-dev) into it,
#    only the code its functions reach, every ICU symbol hidden, and ICU's
#    data cut to what Parlance reads (scripts/slice-icu-data.py, with ICU's
#    icupkg and genccode; PARLANCE_WHEEL_ICU_DATA=full keeps all of it);
#    setup.py strips the two libraries' symbol tables;
# 2. auditwheel repair: parlance-VERSION-py3-none-manylinux_2_35_x86_64.whl,
#    the same wheel checked against the manylinux policy (the libraries
#    need glibc 2.35, libstdc++ and libgcc_s, nothing else): it installs on
#    any x86_64 Linux with glibc 2.35 or later, ICU or none, and its ICU
#    cannot bind to a system ICU that another module (PyICU) loads into
#    the same process, nor that one to it;
# 3. the sdist, parlance-VERSION.tar.gz: the package and, under native/, the
#    library's sources, built when it is installed (Swift, a C toolchain and
#    libicu-dev needed there).
# OUT_DIR then holds exactly the manylinux wheel and the sdist. The version
# comes from include/parlance.h; a library not built yet is built first
# (`make build`). docs/packaging.md.
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
    echo "build-wheel: $root/build/lib/libparlance.so is not built yet: running \`make build\` first" >&2
    "${MAKE:-make}" -C "$root" build
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# OUT_DIR holds what this run built, nothing older.
rm -f "$out"/parlance-*.whl "$out"/parlance-*.tar.gz
# libparlance-icu.so.0 with ICU linked in, and its data: the sliced
# archive made from the system's data library (the one the archives'
# ICU version ships), or the whole archive.
icu_data_archive=
if [ "$icu_data_choice" = sliced ]; then
    icu_data=$(ldd "$root/build/lib/libparlance-icu.so.0" | awk '$1 ~ /^libicudata\.so/ { print $3 }')
    [ -f "$icu_data" ] || { echo "build-wheel: libparlance-icu.so.0 loads no libicudata" >&2; exit 1; }
    "$python" "$root/scripts/slice-icu-data.py" "$icu_data" "$work/icu-data" > "$work/icu-data.log" 2>&1 \
        || { cat "$work/icu-data.log" >&2; exit 1; }
    icu_data_archive="WHEEL_ICU_DATA=$work/icu-data/libicudata.a"
fi
"${MAKE:-make}" -s -C "$root" wheel-icu $icu_data_archive > "$work/wheel-icu.log" 2>&1 \
    || { cat "$work/wheel-icu.log" >&2; exit 1; }
# The library linked for glibc 2.35; build/lib's may use packed relative
# relocations, which need 2.36 (Makefile, RELR).
PARLANCE_PORTABLE_LIBRARY="$root/build/embedded/portable/libparlance.so" \
PARLANCE_ICU_LIBRARY_FILE="$root/build/wheel-icu/libparlance-icu.so.0" \
"$python" -m pip wheel --no-build-isolation --no-index --no-deps --disable-pip-version-check -q \
    -w "$work/plain" "$root/bindings/python"
# --lib-sdir is appended to the distribution's name: "parlance" + "/_lib",
# the package's own library folder (auditwheel copies nothing there: the
# libraries need nothing outside the policy).
"$python" -m auditwheel repair --plat "$platform" --only-plat --lib-sdir /_lib -w "$out" \
    "$work"/plain/parlance-*.whl > "$work/auditwheel.log" 2>&1 \
    || { cat "$work/auditwheel.log" >&2; exit 1; }
(cd "$root/bindings/python" && "$python" -c \
    'import sys; from setuptools import build_meta; build_meta.build_sdist(sys.argv[1])' "$out") \
    > "$work/sdist.log" 2>&1 || { cat "$work/sdist.log" >&2; exit 1; }

"$python" - "$out" "$platform" "$icu_data_choice" "$work/icu-data" "$root/scripts/slice-icu-data.py" <<'PY'
import importlib.util
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
if [n for n in libs if "/libicu" in n]:
    sys.exit(f"build-wheel: {wheel.name} carries ICU's own libraries; libparlance-icu.so.0 links ICU in: {libs}")
with zipfile.ZipFile(wheel) as archive:
    icu = archive.read("parlance/_lib/libparlance-icu.so.0")
# ICU's common data package, linked in once.
spec = importlib.util.spec_from_file_location("slice_icu_data", sys.argv[5])
slicer = importlib.util.module_from_spec(spec)
spec.loader.exec_module(slicer)
packages = slicer.packages_in(icu)
if len(packages) != 1:
    sys.exit(f"build-wheel: libparlance-icu.so.0 holds {len(packages)} ICU data packages, not one")
if icu_data == "sliced":
    # The sliced data and ICU's code (about 3.5 MB), not the whole data (31 MB).
    [made] = sliced.glob("libicudata.so.*")
    if len(icu) > made.stat().st_size + (8 << 20):
        sys.exit(f"build-wheel: libparlance-icu.so.0 ({len(icu)} bytes) holds more than the sliced data "
                 f"({made.stat().st_size} bytes) and ICU's code")
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
