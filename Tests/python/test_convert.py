"""parlance convert: every source entry either serves the same after the
trip or is reported as not carried; nothing is lost silently.

Sources in every format Parlance reads, each converted into every format it
writes (a directory in the format's layout), the output loaded again; for
each locale, table and entry of the source, the output must give the same
text (plain lookups) and the same plural form for counts 0 to 30 and 1.5,
unless convert reported that entry on standard error (a .po chooses by a
count's integer part, so fractions are not compared there). The files written are
also checked by their references where one is installed: msgfmt for .po,
the standard library's json for JSON formats, ElementTree for XML."""

import json
import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
import sys  # noqa: E402
sys.path.insert(0, str(ROOT / "bindings" / "python"))
import parlance  # noqa: E402

SOURCES = {
    "apple": ROOT / "Examples" / "catalog",
    "xcstrings": ROOT / "Tests" / "Fixtures" / "xcstrings" / "Localizable.xcstrings",
    "android": ROOT / "Tests" / "Fixtures" / "android" / "tricky" / "res",
    "i18next": ROOT / "Tests" / "reference" / "i18next" / "catalog" / "main",
    "xliff": ROOT / "Tests" / "Fixtures" / "real" / "xliff" / "focus-ios-de.xliff",
}
TARGETS = ["strings", "stringsdict", "json", "po", "xcstrings", "android", "xliff", "i18next"]
LOSS = re.compile(r"^parlance convert: not carried: ([^/]+)/(.+?): '(.*)'(?: \(context '(.*)'\))?: ", re.M)


def one_line(text):
    """A key or context as a loss names it: its line breaks and tabs spelled `\\n`, `\\r`, `\\t`."""
    return None if text is None else text.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t")


COUNTS = list(range(0, 31)) + ["1.5"]


def convert(cli, source, out, target, args=()):
    run = subprocess.run([cli, "convert", "--to", target, str(source), str(out) + "/", *args], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    found = list(LOSS.finditer(run.stderr))
    lost = {(m.group(1), m.group(2), m.group(3), m.group(4)) for m in found}
    # Every report is one line naming its entry (an entry may have several: a device text and its state).
    assert len(found) == run.stderr.count("not carried"), run.stderr
    return lost


def answers(catalog, locale, table, entry, counts=COUNTS):
    """What a localizer of this one locale gives for the entry: text, and plural forms by count."""
    with parlance.Localizer(catalog, [locale], development=locale) as loc:
        text = loc.lookup(entry.key, context=entry.context, table=table)
        if entry.kind == "text":
            return text, None
        return text, [loc.plural(entry.key, n, context=entry.context, table=table) for n in counts]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("name", sorted(SOURCES))
def test_a_trip_keeps_every_entry_or_reports_it(cli, tmp_path, name, target):
    trip(cli, SOURCES[name], tmp_path / "out", target)


def real_sources(corpus2, corpus4):
    """Real files whose trips once lost answers silently, with the locales
    converted: Android plurals without `other` (LibreTube's Central Kurdish
    `minutes_left`, NewPipe's Polish, Ukrainian and Russian ones), Xcode
    exports whose `.stringsdict` units name a variable they do not define
    (ONLYOFFICE's Czech `%#@dnů@`, Arabic `%1$#@@arg1@`)."""
    onlyoffice = corpus2 / "xliff" / "ONLYOFFICE__documents-app-ios" / "Documents" / "Localization"
    return {
        "libretube": (corpus4 / "android" / "libre-tube__LibreTube" / "app" / "src" / "main" / "res", ["ckb", "en"]),
        "newpipe": (corpus2 / "android" / "TeamNewPipe__NewPipe" / "app" / "src" / "main" / "res", ["pl", "uk", "ru", "en"]),
        "onlyoffice-cs": (onlyoffice / "cs.xliff", []),
        "onlyoffice-ar-SA": (onlyoffice / "ar-SA.xcloc" / "Localized Contents" / "ar-SA.xliff", []),
    }


# An XLIFF document converted to XLIFF is passed through as read (test_round_trip.py checks it).
@pytest.mark.parametrize("name, target", [(name, target) for name in ["libretube", "newpipe", "onlyoffice-cs",
                                                                       "onlyoffice-ar-SA"]
                                          for target in TARGETS
                                          if not (target == "xliff" and name.startswith("onlyoffice"))])
def test_a_trip_of_real_files_keeps_every_answer_or_lists_it(cli, corpus2, corpus4, tmp_path, name, target):
    source, locales = real_sources(corpus2, corpus4)[name]
    trip(cli, source, tmp_path / "out", target, locales)


def trip(cli, source, out, target, locales=()):
    """Converts `source` (only `locales`, when given) to `target`, loads the
    result and compares every entry's answers with the source's, unless
    convert listed the entry as not carried."""
    lost = convert(cli, source, out, target, [arg for locale in locales for arg in ("--locale", locale)])
    written = [p for p in out.rglob("*") if p.is_file()]
    assert written, "nothing written"
    check_references(written)
    compared = 0
    # A translation to review is carried as gettext's `fuzzy`, which gettext does not serve: it must be there, marked.
    fuzzy = set()
    if target == "po":
        from translate.storage import factory
        for path in out.rglob("*.po"):
            locale = path.parent.parent.name.replace("_", "-")
            for unit in factory.getobject(str(path)).units:
                if unit.isfuzzy() and not unit.isheader():
                    fuzzy.add((locale, path.stem, unit.getcontext() or None, unit.source))
    with parlance.Catalog() as before, parlance.Catalog() as after:
        before.load(source)
        after.load(out)
        for locale in before.locales:
            if locales and locale not in locales:
                continue
            for table in before.tables:
                try:
                    entries = before.entries(locale, table)
                except parlance.NotFoundError:
                    continue
                if target == "xliff" and locale == "en":
                    continue   # XLIFF carries the development language as the source of the others
                out_table = "Localizable" if target == "android" else table
                for entry in entries:
                    if (locale, table, one_line(entry.key), one_line(entry.context)) in lost:
                        continue
                    if (locale, table, entry.context, entry.key) in fuzzy:
                        compared += 1
                        continue
                    # gettext chooses by a count's integer part: fractions are CLDR's business only.
                    counts = [n for n in COUNTS if n != "1.5"] if target == "po" else COUNTS
                    want = answers(before, locale, table, entry, counts)
                    got = answers(after, locale, out_table, entry, counts)
                    if entry.kind != "text":
                        # A plural's plain text is its "other" form in every format.
                        want, got = want[1], got[1]
                    assert got == want, (locale, table, entry.key, entry.context)
                    compared += 1
    assert compared > 0


def check_references(paths):
    for path in paths:
        if path.suffix == ".po":
            # Converted tables keep their keys as msgids, so -c's msgid/msgstr pairing checks do not apply.
            run = subprocess.run(["msgfmt", "-o", "/dev/null", str(path)], capture_output=True, text=True)
            assert run.returncode == 0, (path, run.stderr)
        elif path.suffix in (".json", ".xcstrings"):
            json.loads(path.read_text(encoding="utf-8"))
        elif path.suffix in (".xml", ".xliff", ".stringsdict"):
            ET.parse(path)


def test_losses_are_named_and_strict_fails(cli, tmp_path):
    source = tmp_path / "fr.lproj" / "Localizable.strings"
    source.parent.mkdir()
    source.write_text('"(menu)Open" = "Ouvrir";\n"Close" = "Fermer";\n')
    run = subprocess.run([cli, "convert", "--to", "android", str(source), str(tmp_path / "res") + "/"],
                         capture_output=True, text=True)
    assert run.returncode == 0
    assert "parlance convert: not carried: fr/Localizable: 'Open' (context 'menu'): Android resources have no contexts" in run.stderr
    assert "wrote 1 file, 1 entries; 1 not carried" in run.stdout
    strict = subprocess.run([cli, "convert", "--strict", "--to", "android", str(source), str(tmp_path / "res2") + "/"],
                            capture_output=True, text=True)
    assert strict.returncode == 1


def test_one_file_destinations(cli, tmp_path):
    examples = ROOT / "Examples" / "catalog"
    po = tmp_path / "fr.po"
    run = subprocess.run([cli, "convert", "--locale", "fr", "--table", "Localizable", str(examples), str(po)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert 'msgctxt "Name label in login screen"' in po.read_text()
    catalog = tmp_path / "Localizable.xcstrings"
    run = subprocess.run([cli, "convert", "--table", "Localizable", str(examples), str(catalog)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    document = json.loads(catalog.read_text())
    assert document["sourceLanguage"] == "en"
    assert document["strings"]["greeting"]["localizations"]["fr"]["stringUnit"]["value"] == "Bonjour !"
    ambiguous = subprocess.run([cli, "convert", str(examples), str(tmp_path / "all.po")], capture_output=True, text=True)
    assert ambiguous.returncode == 2 and "give a directory" in ambiguous.stderr


def test_xliff_of_only_the_development_language_is_an_error_not_nothing(cli, tmp_path):
    """An XLIFF document keeps the development language as each unit's
    source: converting a catalog whose only language is the development one
    has nothing to write, and says so (it used to write 0 files and exit 0)."""
    source = tmp_path / "en.lproj" / "Localizable.strings"
    source.parent.mkdir()
    source.write_text('"Open" = "Open";\n')
    run = subprocess.run([cli, "convert", "--to", "xliff", str(tmp_path), str(tmp_path / "out") + "/"],
                         capture_output=True, text=True)
    assert run.returncode == 2, run.stdout
    assert "development language 'en'" in run.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
    given = subprocess.run([cli, "convert", "--to", "xliff", "--development-locale", "de", str(tmp_path), str(tmp_path / "out") + "/"],
                           capture_output=True, text=True)
    assert given.returncode == 0, given.stderr
    assert (tmp_path / "out" / "en.xliff").is_file()


def test_every_xcode_export_converts_to_stringsdict_that_loads_back(cli, corpus2, tmp_path):
    """The `.stringsdict` reader and the XLIFF reader keep an entry whose
    format names a variable it does not define (`%#@dnů@` beside `days`,
    `%1$#@@arg1@`) alike, as Foundation reads the property list whole: every
    ONLYOFFICE export (30 documents, 7 of which hold such entries and gave
    14 folders the runtime refused) converts
    to .strings and .stringsdict folders that load back with the same
    entries, and `parlance lint` names each such reference."""
    exports = sorted((corpus2 / "xliff" / "ONLYOFFICE__documents-app-ios").rglob("*.xliff"))
    assert len(exports) == 30
    unresolved = set()
    for number, path in enumerate(exports):
        with parlance.Catalog() as source:
            source.load(path)
            want = {(locale, table, one_line(e.key)) for locale in source.locales for table in source.tables
                    for e in _entries(source, locale, table)}
        for target in ("strings", "stringsdict"):
            out = tmp_path / f"{number}-{target}"
            run = subprocess.run([cli, "convert", "--to", target, str(path), str(out) + "/"], capture_output=True, text=True)
            assert run.returncode == 0, (path, run.stderr)
            with parlance.Catalog() as back:
                back.load(out)
                got = {(locale, table, one_line(e.key)) for locale in back.locales for table in back.tables
                       for e in _entries(back, locale, table)}
            lost = {(m.group(1), m.group(2), m.group(3)) for m in LOSS.finditer(run.stderr)}
            assert want - lost <= got, path
            if target == "stringsdict":
                lint = subprocess.run([cli, "lint", *map(str, out.rglob("*.stringsdict"))], capture_output=True, text=True)
                if "names no variable" in lint.stdout + lint.stderr or "malformed variable reference" in lint.stdout + lint.stderr:
                    unresolved.add(str(path.relative_to(corpus2)))
    assert len(unresolved) == 7, sorted(unresolved)


def _entries(catalog, locale, table):
    try:
        return catalog.entries(locale, table)
    except parlance.NotFoundError:
        return []


def test_every_real_export_and_catalog_converts_to_what_loads_back(cli, corpus, corpus2, corpus4, tmp_path):
    """`convert` never writes what Parlance cannot read back: the 30
    ONLYOFFICE Xcode exports and the 75 String Catalogs of the reference
    data, each into all eight formats (840 conversions), load back without
    an error. Two outcomes are refusals said aloud instead: XLIFF of the
    development language alone (exit 2), and an Android folder into which
    no entry could be carried (every key listed as no resource name: a
    `values` folder holding no string is no catalog)."""
    import concurrent.futures
    files = sorted((corpus2 / "xliff" / "ONLYOFFICE__documents-app-ios").rglob("*.xliff"))
    files += sorted(p for root in (corpus, corpus4) for p in root.rglob("*.xcstrings"))
    assert len(files) == 105

    def one(job):
        number, (path, target) = job
        out = tmp_path / str(number)
        run = subprocess.run([cli, "convert", "--to", target, str(path), str(out) + "/"], capture_output=True, text=True)
        if run.returncode == 2 and "development language" in run.stderr and target == "xliff":
            return None
        if run.returncode != 0:
            return (str(path), target, run.stderr[-300:])
        try:
            with parlance.Catalog() as back:
                back.load(out)
        except parlance.Error as error:
            if target == "android" and ", 0 entries;" in run.stdout:
                return None
            return (str(path), target, str(error)[:300])
        return None

    jobs = enumerate((path, target) for path in files for target in TARGETS)
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
        failures = [failure for failure in pool.map(one, jobs) if failure]
    assert failures == []
