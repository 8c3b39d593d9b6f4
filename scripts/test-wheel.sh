#!/usr/bin/env bash
# The Python wheel and the sdist on machines other than this one, end to end
# (run by `make test-wheel`, after `make wheel`; docs/packaging.md):
#  1. here (Debian 12, ICU 72): the manylinux wheel in a fresh venv of the
#     system's Python, imported into one process with PyICU (Debian's
#     python3-icu, on the system's libicuuc.so.72) first and then second:
#     both work, each on its own ICU (scripts/wheel-probe.py);
#  2. Debian 13 without ICU (a debootstrap root): the same wheel in a fresh
#     venv serves on its own ICU, and the binding's portable tests pass;
#  3. Debian 13 with ICU 76 and PyICU on it: the same, with PyICU in the
#     process;
#  4. Debian 13 with ICU 76, from source: the sdist unpacked and the package
#     installed from it (setup.py builds native/ with the host's Swift
#     toolchain bind-mounted and the root's gcc, make and libicu-dev 76);
#     `make install` from the same native/ (what is built stays built),
#     Examples/c/demo.c built with pkg-config against the installed files
#     and run; the package probed and tested, with PyICU on the same ICU.
# Each step runs in its own mount namespace (unshare), with the repository
# read-only at /src and build/wheel at /dist; nothing stays mounted after.
# The roots are cached under build/roots (scripts/debian-root.sh), and so is
# step 4's build tree, which only changed sources rebuild.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
dist=$(cd "${1:-$repo/build/wheel}" && pwd)
suite=trixie
failures=0
fail() { echo "test-wheel: FAILED: $*" >&2; failures=$((failures + 1)); }
step() { echo "test-wheel: $*" >&2; }

shopt -s nullglob
wheels=("$dist"/parlance-*-manylinux_*_x86_64.whl)
sdists=("$dist"/parlance-*.tar.gz)
shopt -u nullglob
[ ${#wheels[@]} -eq 1 ] && [ ${#sdists[@]} -eq 1 ] \
    || { echo "test-wheel: $dist must hold one manylinux wheel and one sdist (make wheel)" >&2; exit 1; }
wheel=$(basename "${wheels[0]}")
sdist=$(basename "${sdists[0]}")
swift=$(readlink -f "$(command -v "${SWIFT:-swift}")")
toolchain=$(dirname "$(dirname "$(dirname "$swift")")")          # <toolchain>/usr/bin/swift-driver
# The binding's tests that need nothing but Python, pytest and msgfmt (the
# others compare with Babel, aapt, i18next, glibc's locales or CPython's own
# test suite, which these roots leave out; `make test-python` runs them
# here). test_gettext_counts.py compares parlance.gettext's warnings with
# the running CPython's: Debian 13's 3.13 checks counts where 3.11 does not.
portable_tests=(test_catalog.py test_lookup.py test_format.py test_errors.py test_lifecycle.py
                test_lifetimes.py test_threads.py test_mf2.py test_normal_form.py test_cache.py
                test_hostile_messages.py test_formats_bad_input.py test_gettext_module.py
                test_gettext_in_place.py test_icu_version.py test_gettext_counts.py)

no_icu_packages=(python3 python3-venv python3-pytest gettext)   # gettext: msgfmt, for the gettext tests
icu_packages=(python3 python3-venv python3-pytest gettext python3-setuptools python3-icu
              libicu-dev gcc g++ make pkg-config binutils-gold
              libcurl4t64 libxml2 libncurses6 libsqlite3-0 libuuid1 zlib1g)   # what the Swift toolchain links
roots_start=$SECONDS
no_icu_root=$(bash scripts/debian-root.sh no-icu "$suite" "${no_icu_packages[@]}")
icu_root=$(bash scripts/debian-root.sh icu76 "$suite" "${icu_packages[@]}")
roots_seconds=$((SECONDS - roots_start))

# in_root ROOT SCRIPT [ARG...]: runs bash SCRIPT inside ROOT as a clean login
# (/src, /dist; /work and the Swift toolchain when IN_ROOT_WORK is set).
in_root() {
    local root=$1
    shift
    unshare --mount --fork --propagation private /bin/bash -euo pipefail -c '
        root=$1 repo=$2 dist=$3 work=$4 toolchain=$5
        shift 5
        mount -t proc proc "$root/proc"
        mount --bind /dev "$root/dev"
        mkdir -p "$root/src" "$root/dist" "$root/tmp"
        mount --bind -o ro "$repo" "$root/src"
        mount --bind -o ro "$dist" "$root/dist"
        if [ -n "$work" ]; then
            mkdir -p "$root/work" "$root$toolchain"
            mount --bind "$work" "$root/work"
            mount --bind -o ro "$toolchain" "$root$toolchain"
        fi
        exec chroot "$root" /usr/bin/env -i HOME=/tmp/home LANG=C.UTF-8 PYTHONDONTWRITEBYTECODE=1 \
            PATH=/usr/local/bin:/usr/bin:/bin${work:+:$toolchain/usr/bin} /bin/bash -euo pipefail -c "$@"
    ' in_root "$root" "$repo" "$dist" "${IN_ROOT_WORK:-}" "$toolchain" "$@"
}

# Inside a root: a fresh venv (seeing the root's pytest and PyICU) at $1
# with the package from $2 (a wheel, or a source tree built in place).
venv_with() {
    cat <<EOF
rm -rf $1 && python3 -m venv --system-site-packages $1
$1/bin/python -m pip install -q --no-index --no-deps --no-build-isolation --disable-pip-version-check $2
EOF
}
# The portable tests against the installed package, from outside the source tree.
portable_tests_with() {
    local tests="" name
    for name in "${portable_tests[@]}"; do tests+=" /src/bindings/python/tests/$name"; done
    cat <<EOF
mkdir -p /tmp/run && cd /tmp/run
PARLANCE_TEST_INSTALLED=1 $1/bin/python -m pytest -q -p no:cacheprovider $tests > /tmp/run/pytest.txt 2>&1 || { tail -n 40 /tmp/run/pytest.txt; exit 1; }
summary=\$(tail -n 1 /tmp/run/pytest.txt)
echo "pytest: \$summary"
case "\$summary" in *skipped*|*failed*|*error*|*deselected*) exit 1;; *passed*) ;; *) exit 1;; esac
EOF
}
probe="python /src/scripts/wheel-probe.py --catalog /src/Examples/catalog"

host_icu=$(/usr/bin/python3 -c 'import icu; print(icu.ICU_VERSION.split(".")[0])') \
    || { echo "test-wheel: no PyICU for /usr/bin/python3 (python3-icu; scripts/install-deps.sh)" >&2; exit 1; }

# 1. Here, with PyICU on the system's ICU.
start=$SECONDS
host=$(mktemp -d)
trap 'rm -rf "$host"' EXIT
step "host (ICU $host_icu): the wheel beside PyICU"
host_probe=("$host/venv/bin/python" "$repo/scripts/wheel-probe.py" --catalog "$repo/Examples/catalog")
( cd "$host" && /usr/bin/python3 -m venv --system-site-packages "$host/venv" \
    && "$host/venv/bin/python" -m pip install -q --no-index --no-deps --disable-pip-version-check "${wheels[0]}" \
    && "${host_probe[@]}" --vendored --icu "$host_icu" --pyicu "$host_icu" --pyicu-first \
    && "${host_probe[@]}" --vendored --icu "$host_icu" --pyicu "$host_icu" ) \
    || fail "the wheel beside PyICU here"
host_seconds=$((SECONDS - start))

# 2. Debian 13 without any ICU.
start=$SECONDS
step "$suite without ICU: the wheel and the portable tests"
if find "$no_icu_root/usr" -name 'libicu*' | grep -c . >/dev/null; then
    fail "the no-ICU root has ICU: $(find "$no_icu_root/usr" -name 'libicu*' | head -n 3)"
fi
in_root "$no_icu_root" "$(venv_with /tmp/venv "/dist/$wheel")
/tmp/venv/bin/$probe --vendored --icu $host_icu
$(portable_tests_with /tmp/venv)" || fail "the wheel in $suite without ICU"
no_icu_seconds=$((SECONDS - start))

# 3. Debian 13 with ICU 76 and PyICU on it.
start=$SECONDS
root_icu=$(in_root "$icu_root" "python3 -c 'import icu; print(icu.ICU_VERSION.split(\".\")[0])'")
step "$suite with ICU $root_icu: the wheel beside PyICU, and the portable tests"
[ "$root_icu" != "$host_icu" ] || fail "$suite's ICU ($root_icu) is the host's: nothing foreign tested"
in_root "$icu_root" "$(venv_with /tmp/venv "/dist/$wheel")
/tmp/venv/bin/$probe --vendored --icu $host_icu --pyicu $root_icu --pyicu-first
/tmp/venv/bin/$probe --vendored --icu $host_icu --pyicu $root_icu
$(portable_tests_with /tmp/venv)" || fail "the wheel in $suite with ICU $root_icu"
icu_seconds=$((SECONDS - start))

# 4. Debian 13 with ICU 76, from the sdist. The build tree persists in
# build/roots/icu76-build: the new sdist's files replace only those that
# changed, so SwiftPM rebuilds what changed and nothing else.
start=$SECONDS
step "$suite with ICU $root_icu: make install from the sdist, a pkg-config consumer, the package"
work=$repo/build/roots/$(basename "$icu_root")-build
mkdir -p "$work"
python3 - "${sdists[0]}" "$work/src" <<'PY'
import filecmp, shutil, sys, tarfile, tempfile
from pathlib import Path
sdist, tree = sys.argv[1], Path(sys.argv[2])
with tempfile.TemporaryDirectory() as tmp:
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp, filter="data") if hasattr(tarfile, "data_filter") else archive.extractall(tmp)
    top = next(Path(tmp).iterdir())
    new = {p.relative_to(top) for p in top.rglob("*") if p.is_file()}
    keep = ("native/build", "native/.build", "build", "parlance.egg-info")
    for old in [p for p in tree.rglob("*") if p.is_file()] if tree.exists() else []:
        rel = old.relative_to(tree)
        if rel not in new and not str(rel).startswith(keep):
            old.unlink()
    for rel in sorted(new):
        source, target = top / rel, tree / rel
        if not target.is_file() or not filecmp.cmp(source, target, shallow=False):
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
PY
IN_ROOT_WORK=$work in_root "$icu_root" "
# setup.py builds native/ (make -o build/.deps build) when its library is not built yet.
$(venv_with /tmp/venv-src /work/src)
prefix=/tmp/prefix
rm -rf \$prefix
make -s -C /work/src/native -o build/.deps SWIFT=$toolchain/usr/bin/swift install PREFIX=\$prefix > /tmp/make.log 2>&1 || { tail -n 40 /tmp/make.log; exit 1; }
export PKG_CONFIG_PATH=\$prefix/lib/pkgconfig
cc -O2 -Wall -Wextra -Werror -std=c11 /src/Examples/c/demo.c \$(pkg-config --cflags --libs parlance) -Wl,-rpath,\$(pkg-config --variable=libdir parlance) -o /tmp/demo
# ldd into a file first: grep -q stops reading at its match, and ldd's SIGPIPE would fail the pipeline.
ldd /tmp/demo > /tmp/demo.ldd
# ICU is the installed helper's, opened at the first call that needs it: the system's.
ldd \$prefix/lib/libparlance-icu.so.0 > /tmp/icu.ldd
grep -q \"libicuuc.so.$root_icu \" /tmp/icu.ldd || { echo 'libparlance-icu: not on the system ICU $root_icu:'; cat /tmp/icu.ldd; exit 1; }
grep -q \"libparlance.so.0 => \$prefix/lib/libparlance.so.0 \" /tmp/demo.ldd || { cat /tmp/demo.ldd; exit 1; }
/tmp/demo /src/Examples/catalog > /tmp/demo.txt
grep -Eq '^  greeting +Bonjour !$' /tmp/demo.txt || { cat /tmp/demo.txt; exit 1; }
grep -Eq '^  5 +5 файлов +[|] ' /tmp/demo.txt || { cat /tmp/demo.txt; exit 1; }
echo \"demo: \$(head -n 1 /tmp/demo.txt)\"
\$prefix/bin/parlance --version > /dev/null
/tmp/venv-src/bin/$probe --system --icu $root_icu --pyicu $root_icu
$(portable_tests_with /tmp/venv-src)" || fail "make install and the sdist in $suite with ICU $root_icu"
source_seconds=$((SECONDS - start))

step "timings: roots ${roots_seconds}s, host ${host_seconds}s, no ICU ${no_icu_seconds}s, ICU $root_icu ${icu_seconds}s, from source ${source_seconds}s"
if [ "$failures" -ne 0 ]; then
    echo "test-wheel: $failures check(s) failed" >&2
    exit 1
fi
echo "test-wheel: the wheel on ICU $host_icu here, on no ICU and beside ICU $root_icu in $suite; make install and the sdist on ICU $root_icu: all passed"
