#!/usr/bin/env bash
# Builds the Python binding's wheel, offline, with the machine's setuptools:
#     scripts/build-wheel.sh [OUT_DIR]        (default: build/wheel)
# The wheel, parlance-VERSION-py3-none-PLATFORM.whl, carries libparlance.so
# (parlance/_lib/libparlance.so.MAJOR) and installs where only ICU is
# present. The version comes from include/parlance.h; a library not built yet
# is built first (`make build`, through bindings/python/setup.py).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/build/wheel}"
python="${PYTHON:-python3}"

mkdir -p "$out"
out="$(cd "$out" && pwd)"
if [ ! -e "$root/build/lib/libparlance.so" ]; then
    echo "build-wheel: $root/build/lib/libparlance.so is not built yet: the build runs \`make build\` first" >&2
fi
# One wheel in OUT_DIR: the one just built.
rm -f "$out"/parlance-*.whl
"$python" -m pip wheel --no-build-isolation --no-index --no-deps --disable-pip-version-check -q \
    -w "$out" "$root/bindings/python"

"$python" - "$out" <<'PY'
import sys
import zipfile
from pathlib import Path

wheels = sorted(Path(sys.argv[1]).glob("parlance-*.whl"))
if len(wheels) != 1:
    sys.exit(f"build-wheel: expected one wheel in {sys.argv[1]}, found {[w.name for w in wheels]}")
wheel = wheels[0]
if wheel.name.endswith("-none-any.whl"):
    sys.exit(f"build-wheel: {wheel.name} is a pure wheel; the library was not bundled")
names = zipfile.ZipFile(wheel).namelist()
if not any(name.startswith("parlance/_lib/libparlance.so.") for name in names):
    sys.exit(f"build-wheel: {wheel.name} has no parlance/_lib/libparlance.so.*")
print(wheel)
PY
