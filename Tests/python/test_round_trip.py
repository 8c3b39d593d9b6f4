"""The tools never lose a byte they did not mean to change: on every real
file of the reference data, `parlance convert` to the file's own format and
`merge` of a catalog with nothing new give the file back byte for byte."""

import concurrent.futures
import pathlib
import shutil
import subprocess

import pytest

# Each format's files in the reference data, by extension (XLIFF both ways).
EXTENSIONS = ["xcstrings", "strings", "stringsdict", "po", "json", "xml", "xliff", "xlf"]


def _locale_hint(path: pathlib.Path) -> list[str]:
    """`--from-locale` for a file whose path does not name its language
    (`Base.lproj`, `po/de.po`, `backend/fr.json`); the runtime asks for one."""
    parent = path.parent.name
    if parent.endswith(".lproj"):
        return ["--from-locale", "en"] if parent == "Base.lproj" else []
    if parent == "LC_MESSAGES":
        return ["--from-locale", path.parent.parent.name]
    stem = path.stem.split(".")[0]
    return ["--from-locale", stem if 2 <= len(stem) <= 3 and stem.isalpha() else "en"]


def _format_hint(path: pathlib.Path) -> list[str]:
    """i18next namespaces (`LNG/NS.json`, a folder named for a language) are
    read and written as i18next; other `.json` files are hierarchical JSON."""
    import re
    if path.suffix == ".json" and re.fullmatch(r"[a-z]{2,3}([-_][A-Za-z0-9]{2,8})*", path.parent.name):
        return ["--from", "i18next", "--to", "i18next"]
    return []


def _convert_same(cli, path: pathlib.Path, out: pathlib.Path):
    target = out / ("copy." + path.suffix.lstrip("."))
    result = subprocess.run([cli, "convert", "--quiet", str(path), str(target)] + _locale_hint(path) + _format_hint(path),
                            capture_output=True, text=True)
    if result.returncode != 0:
        return "refused", result.stderr
    return ("same" if target.read_bytes() == path.read_bytes() else "differs"), ""


def _android_strings(corpus2: pathlib.Path):
    return [p for p in corpus2.rglob("*.xml") if p.parent.name.startswith("values")]


@pytest.mark.parametrize("extension", EXTENSIONS)
def test_convert_to_the_same_format_is_byte_identical(cli, corpus, corpus2, tmp_path, extension):
    files = sorted(p for root in (corpus, corpus2) for p in root.rglob("*." + extension) if p.is_file())
    if extension == "xml":
        files = sorted(_android_strings(corpus2))
    assert files, extension
    outcomes = {"same": [], "differs": [], "refused": []}

    def one(index_path):
        index, path = index_path
        out = tmp_path / str(index)
        out.mkdir()
        return path, _convert_same(cli, path, out)

    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        for path, (outcome, error) in pool.map(one, enumerate(files)):
            outcomes[outcome].append((path, error))
    assert outcomes["differs"] == [], [str(p) for p, _ in outcomes["differs"][:10]]
    # A file the runtime refuses is refused with its location, never half-written.
    for path, error in outcomes["refused"]:
        assert str(path) in error, error
    # Nearly everything real loads: a refusal is a damaged file, not a habit.
    assert len(outcomes["refused"]) <= max(3, len(files) // 50), [str(p) for p, _ in outcomes["refused"]]
    assert len(outcomes["same"]) >= len(files) - len(outcomes["refused"])


def test_merge_of_a_string_catalog_into_itself_changes_nothing(cli, corpus, tmp_path):
    """Nothing new: no `stale` mark is cleared, no entry touched (Xcode's
    catalogs of 15 apps)."""
    catalogs = sorted(corpus.rglob("*.xcstrings"))
    assert len(catalogs) >= 15
    for index, catalog in enumerate(catalogs):
        out = tmp_path / str(index)
        out.mkdir()
        shutil.copy(catalog, out / catalog.name)
        subprocess.run([cli, "merge", "--format", "xcstrings", "--from", str(catalog), "-o", str(out)],
                       check=True, capture_output=True)
        assert (out / catalog.name).read_bytes() == catalog.read_bytes(), catalog


def test_merge_of_a_po_with_its_own_template_changes_nothing(cli, corpus, tmp_path):
    """A gettext domain merged from the .po's own messages writes nothing:
    the translator's wrapping and comments stay."""
    files = sorted(p for p in corpus.rglob("*.po") if p.parent.name == "po")[:40]
    assert files
    for index, po in enumerate(files):
        out = tmp_path / str(index)
        (out / po.stem / "LC_MESSAGES").mkdir(parents=True)
        shutil.copy(po, out / po.stem / "LC_MESSAGES" / "messages.po")
        result = subprocess.run([cli, "merge", "--format", "po", "--from", str(po), "-o", str(out)],
                                capture_output=True, text=True)
        if result.returncode != 0:
            continue   # a file msgfmt would refuse too (an unknown charset, a damaged entry)
        assert (out / po.stem / "LC_MESSAGES" / "messages.po").read_bytes() == po.read_bytes(), po


def test_convert_to_a_folder_keeps_what_convert_to_a_file_keeps(cli, corpus, corpus4, tmp_path):
    """`parlance convert --to xcstrings Localizable.xcstrings out/` (a folder,
    the form typed first) writes what `out/copy.xcstrings` gets: the same
    bytes, at the place the layout gives (`out/Localizable.xcstrings`),
    `shouldTranslate`, `extractionState` and states kept. Every real String
    Catalog (corpus's 15 are then their own bytes; a corpus4 catalog not
    spaced as Xcode writes is respaced alike both ways), and `.strings`
    files to `LANG.lproj/TABLE.strings` in the folder."""
    catalogs = sorted(p for root in (corpus, corpus4) for p in root.rglob("*.xcstrings") if p.is_file())
    assert len(catalogs) >= 20
    strings = sorted(p for p in corpus.rglob("*.strings") if p.parent.name.endswith(".lproj")
                     and p.parent.name != "Base.lproj")[:40]
    same_as_source = 0
    for number, path in enumerate(catalogs + strings):
        out = tmp_path / str(number)
        runs = [subprocess.run([cli, "convert", "--quiet", "--to", path.suffix.lstrip("."), str(path), destination],
                               capture_output=True, text=True)
                for destination in (str(out / "folder") + "/", str(out / "file" / ("copy" + path.suffix)))]
        if path.suffix == ".strings" and runs[0].returncode != 0 and runs[1].returncode != 0:
            continue   # a file the runtime refuses (test_convert_to_the_same_format_is_byte_identical counts them)
        assert [run.returncode for run in runs] == [0, 0], (path, runs[0].stderr, runs[1].stderr)
        written = [p for p in (out / "folder").rglob("*") if p.is_file()]
        assert len(written) == 1, (path, written)
        if path.suffix == ".xcstrings":
            assert written[0].name == path.name, path
        assert written[0].read_bytes() == (out / "file" / ("copy" + path.suffix)).read_bytes(), path
        if corpus in path.parents and path.suffix == ".xcstrings":
            assert written[0].read_bytes() == path.read_bytes(), path
            same_as_source += 1
    assert same_as_source == 15
