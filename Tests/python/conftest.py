import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
# The binding from this tree, whether or not it was pip-installed.
sys.path.insert(0, str(ROOT / "bindings" / "python"))


def build_c_program(name: str, library: str, folder: pathlib.Path, libs=()) -> pathlib.Path:
    """Tests/c/NAME.c, built against include/ and the library (warnings as
    errors, linked with `libs` too) into `folder`: the program's path."""
    cc = shutil.which("cc") or shutil.which("gcc")
    assert cc, "a C compiler is missing"
    out = folder / name
    lib = pathlib.Path(library).parent
    subprocess.run([cc, "-O2", "-Wall", "-Wextra", "-Werror", "-std=c11", f"-I{ROOT / 'include'}",
                    str(ROOT / "Tests" / "c" / f"{name}.c"), f"-L{lib}", "-lparlance", *libs,
                    f"-Wl,-rpath,{lib}", "-o", str(out)], check=True)
    return out


def po_entries(path: pathlib.Path, errors: str = "strict") -> list:
    """The live entries of a .po or .pot in file order, the header and the
    obsolete (`#~`) ones left out: each a dict of msgctxt, msgid, msgid_plural
    (None when absent), msgstr (`msgstr` or `msgstr[N]` → text), flags (every
    `#,` flag, fuzzy too), refs (the words of `#:`) and comments (the `#.`
    lines). Read as UTF-8 with `errors` for bytes that are not."""
    entries, entry, current = [], None, None

    def fresh():
        return {"msgctxt": None, "msgid": None, "msgid_plural": None, "msgstr": {},
                "flags": [], "refs": [], "comments": []}

    entry = fresh()
    for line in (path.read_text(encoding="utf-8", errors=errors) + "\n\n").splitlines():
        if line.startswith("#~"):
            continue
        if line.startswith("#:"):
            entry["refs"] += line[2:].split()
        elif line.startswith("#,"):
            entry["flags"] += [f.strip() for f in line[2:].split(",") if f.strip()]
        elif line.startswith("#."):
            entry["comments"].append(line[3:] if line.startswith("#. ") else line[2:])
        elif m := re.match(r'(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?) "(.*)"$', line):
            current = m.group(1)
            if current.startswith("msgstr"):
                entry["msgstr"][current] = m.group(2)
            else:
                entry[current] = m.group(2)
        elif line.startswith('"') and current:
            if current.startswith("msgstr"):
                entry["msgstr"][current] += line[1:-1]
            else:
                entry[current] += line[1:-1]
        elif not line.strip():
            if entry["msgid"]:
                entries.append(entry)
            entry, current = fresh(), None
    return entries


@pytest.fixture(scope="session")
def root():
    return ROOT


@pytest.fixture(scope="session")
def cli():
    path = pathlib.Path(os.environ.get("PARLANCE_CLI", ROOT / "build" / "bin" / "parlance"))
    if not path.exists():
        pytest.fail(f"the parlance CLI is not built at {path}; run `make build`")
    return str(path)


@pytest.fixture(scope="session")
def library():
    path = pathlib.Path(os.environ.get("PARLANCE_LIBRARY", ROOT / "build" / "lib" / "libparlance.so"))
    if not path.exists():
        pytest.fail(f"libparlance.so is not built at {path}; run `make build`")
    return str(path)


@pytest.fixture(scope="session")
def examples():
    return str(ROOT / "Examples" / "catalog")


def _reference_archive(name: str) -> pathlib.Path:
    """An archive of ../shared/reference-data (real files of other projects:
    read at test time, never copied into the repository)."""
    candidates = [os.environ.get("PARLANCE_REFERENCE_DATA"), ROOT.parent / "shared" / "reference-data",
                  "/work/shared/reference-data"]
    for folder in candidates:
        if folder and (pathlib.Path(folder) / name).is_file():
            return pathlib.Path(folder) / name
    pytest.fail(f"{name} of the reference data is not found (looked in {[str(c) for c in candidates if c]}); "
                "set PARLANCE_REFERENCE_DATA")


def _unpacked(archive: str, target: pathlib.Path, stamp: str) -> None:
    """Unpacks archive of the reference data into target once (stamp marks it done)."""
    import subprocess
    done = target / stamp
    if not done.exists():
        target.mkdir(parents=True, exist_ok=True)
        subprocess.run(["tar", "-xJf", str(_reference_archive(archive)), "-C", str(target)], check=True)
        done.touch()


@pytest.fixture(scope="session")
def corpus2():
    """corpus2 of the reference data (Android, XLIFF, ARB, UI documents),
    unpacked once under build/reference-data."""
    _unpacked("corpus2.tar.xz", ROOT / "build" / "reference-data", ".corpus2")
    return ROOT / "build" / "reference-data" / "corpus2"


@pytest.fixture(scope="session")
def corpus3():
    """corpus3 of the reference data (Fluent resources, Qt Linguist .ts
    files…), unpacked once under build/reference-data."""
    _unpacked("corpus3.tar.xz", ROOT / "build" / "reference-data", ".corpus3")
    return ROOT / "build" / "reference-data" / "corpus3"


@pytest.fixture(scope="session")
def qt_ts_files(corpus3):
    """Every real Qt Linguist .ts of corpus3 (qt-ts/: qttranslations,
    KeePassXC, qBittorrent, Mumble, Flameshot, PCManFM-Qt), sorted."""
    files = sorted((corpus3 / "qt-ts").rglob("*.ts"))
    assert len(files) > 250
    return files


@pytest.fixture(scope="session")
def corpus4():
    """corpus4 of the reference data (more String Catalogs, i18next, Android,
    XLIFF, .po, .strings, and UI documents of transmission, nicotine-plus,
    Sparkle and KeePassium with their translations), unpacked once under
    build/reference-data."""
    _unpacked("corpus4.tar.xz", ROOT / "build" / "reference-data", ".corpus4")
    return ROOT / "build" / "reference-data" / "corpus4"


@pytest.fixture(scope="session")
def corpus():
    """corpus of the reference data (Apple, gettext, i18next, JSON files and
    sources), unpacked once under build/reference-data."""
    target = ROOT / "build" / "reference-data" / "corpus"   # the archive has no folder of its own
    _unpacked("corpus.tar.xz", target, ".unpacked")
    return target

