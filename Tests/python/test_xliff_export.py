"""`parlance convert --to xliff` (1.2, as Xcode exports it, and 2.0), read
back by an established XLIFF implementation (Translate Toolkit's 1.2 and
2.0 readers) and compared with what Parlance's runtime serves from the
source catalog: every text unit's source is the development language's
text, its target the language's; plural parts carry each form; and the
runtime reads the export back to the same entries."""
import pathlib
import re
import subprocess
import xml.etree.ElementTree as ET

import pytest
from translate.storage import xliff as xliff1
from translate.storage import xliff2

import parlance

ROOT = pathlib.Path(__file__).resolve().parents[2]
REAL = ROOT / "Tests" / "Fixtures" / "real"
CATALOGS = [
    (ROOT / "Examples" / "catalog", "fr"),
    (REAL / "xcstrings" / "CotEditor-SettingsPorting.xcstrings", "de"),
    (REAL / "xcstrings" / "NetNewsWire-ErrorLogWindow.xcstrings", "es"),
    (REAL / "android" / "commons", "ru"),
]


def composed(entry):
    return f"({entry.context}){entry.key}" if entry.context else entry.key


def reference_units(path, version):
    """(file, key, source, target) of each unit, as Translate Toolkit reads them."""
    data = path.read_bytes()
    if version == "1.2":
        store = xliff1.xlifffile.parsestring(data)
        units = []
        for unit in store.units:
            original, _, key = unit.getid().partition("\x04")
            units.append((original, key, unit.source, unit.target))
        return store, units
    store = xliff2.Xliff2File.parsestring(data)
    # Unit ids are NMTOKENs ("u1"); the key is the unit's name, read from the tree.
    ns = {"x": "urn:oasis:names:tc:xliff:document:2.0"}
    names = {}
    for file in ET.fromstring(data).findall("x:file", ns):
        for unit in file.findall("x:unit", ns):
            names[unit.get("id")] = (file.get("original"), unit.get("name"))
    return store, [(*names[unit.getid()], unit.source, unit.target) for unit in store.units]


@pytest.mark.parametrize("version", ["1.2", "2.0"])
@pytest.mark.parametrize("source,language", CATALOGS, ids=lambda v: getattr(v, "name", v))
def test_exports_read_by_translate_toolkit_carry_what_the_runtime_serves(cli, library, tmp_path, version, source,
                                                                         language):
    catalog = parlance.Catalog()
    catalog.load(str(source))
    development = "en"
    target = language
    out = tmp_path / "out"
    result = subprocess.run([cli, "convert", "--quiet", "--to", "xliff", "--xliff-version", version, "--locale", development,
                             "--locale", target, str(source), str(out) + "/"], check=True, capture_output=True, text=True)
    # What convert reported it could not carry (an empty form XLIFF reads as untranslated) is left out, and named.
    reported = set(re.findall(r"^parlance convert: not carried: [^:]+: '(.*)'", result.stderr, re.M))
    document = out / f"{target}.xliff"
    store, units = reference_units(document, version)
    assert store.getsourcelanguage() == development
    assert store.gettargetlanguage() == target
    by_file_key = {(f, k): (s, t) for f, k, s, t in units}
    assert len(by_file_key) == len(units), "unit keys are unique per file"
    checked = 0
    for table in catalog.tables:
        sources = {composed(e): e for e in catalog.entries(development, table)}
        for entry in catalog.entries(target, table):
            key = composed(entry)
            if entry.key in reported:
                continue
            if entry.kind == "text":
                source_text = sources[key].text if key in sources and sources[key].kind == "text" else key
                assert by_file_key[(f"{table}.strings", key)] == (source_text, entry.text), key
            else:
                for category, form in entry.forms.items():
                    hits = [t for (f, k), (_, t) in by_file_key.items()
                            if f == f"{table}.stringsdict" and k.startswith(f"/{key}:dict/") and k.endswith(f":dict/{category}:dict/:string")]
                    assert form in hits, (key, category)
            checked += 1
    assert checked > 0
    # The runtime reads the export back to the same entries (a plural comes
    # back as the .stringsdict entry XLIFF carries it as: the same forms).
    def served(cat, table):
        return {composed(e): e.text if e.kind == "text" else e.forms for e in cat.entries(target, table)
                if e.key not in reported}
    back = parlance.Catalog()
    back.load(str(document))
    assert set(back.tables) == set(catalog.tables) - {t for t in catalog.tables if not catalog.entries(target, t)}
    for table in back.tables:
        assert served(back, table) == served(catalog, table)


def test_an_unknown_xliff_version_is_a_usage_error(cli, tmp_path):
    result = subprocess.run([cli, "convert", "--to", "xliff", "--xliff-version", "1.1", str(ROOT / "Examples" / "catalog"),
                             str(tmp_path) + "/"], capture_output=True, text=True)
    assert result.returncode == 2
    assert "unknown --xliff-version '1.1' (1.2 or 2.0)" in result.stderr


@pytest.mark.parametrize("version", ["1.2", "2.0"])
def test_notes_travel_with_the_units(cli, library, tmp_path, version):
    """A .strings comment is the unit's note, as Translate Toolkit reads it, and comes back as the entry's comment."""
    for locale, text in (("en", "Open"), ("fr", "Ouvrir")):
        (tmp_path / "src" / f"{locale}.lproj").mkdir(parents=True)
        (tmp_path / "src" / f"{locale}.lproj" / "Menu.strings").write_text(
            f'/* The File menu\'s first item & more */\n"open" = "{text}";\n"quit" = "Quit";\n')
    out = tmp_path / "out"
    subprocess.run([cli, "convert", "--quiet", "--to", "xliff", "--xliff-version", version, str(tmp_path / "src"),
                    str(out) + "/"], check=True)
    store, _ = reference_units(out / "fr.xliff", version)
    if version == "1.2":
        notes = {unit.source: unit.getnotes() for unit in store.units}
    else:
        # XLIFF 2.0 keeps notes in the unit's <notes>, before its segments (the
        # spec's place); Translate Toolkit's 2.0 reader looks inside the segment.
        ns = {"x": "urn:oasis:names:tc:xliff:document:2.0"}
        notes = {unit.find("x:segment/x:source", ns).text: "\n".join(n.text for n in unit.findall("x:notes/x:note", ns))
                 for unit in ET.parse(out / "fr.xliff").getroot().iter("{urn:oasis:names:tc:xliff:document:2.0}unit")}
    assert notes == {"Open": "The File menu's first item & more", "Quit": ""}
    back = parlance.Catalog()
    back.load(str(out / "fr.xliff"))
    assert {e.key: e.comment for e in back.entries("fr", "Menu")} == {"open": "The File menu's first item & more",
                                                                       "quit": None}


@pytest.mark.parametrize("version", ["1.2", "2.0"])
def test_a_language_with_nothing_translated_is_still_a_file_of_its_table(cli, library, corpus4, tmp_path, version):
    """Real String Catalogs with languages that have no translated unit
    (CotEditor's AppShortcuts: 17 languages of `stringSet` values only;
    Cork's Punjabi): each document still has the `<file>` both XLIFF schemas
    require (1.2: one with `original`, `source-language`, `target-language`,
    `datatype` and a `<body>`; 2.0: `srcLang`/`trgLang` and a `<file>` with a
    `<group>`, as a file needs a unit or a group), names its table and
    language, is read by Translate Toolkit, and loads back in Parlance."""
    catalogs = [corpus4 / "xcstrings" / "coteditor__CotEditor" / "CotEditor" / "Localizables" / "AppShortcuts.xcstrings",
                corpus4 / "xcstrings" / "buresdv__Cork" / "Cork" / "Localizable.xcstrings"]
    empty = 0
    for number, path in enumerate(catalogs):
        out = tmp_path / str(number)
        run = subprocess.run([cli, "convert", "--quiet", "--to", "xliff", "--xliff-version", version, str(path), str(out) + "/"],
                             capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        for document in sorted(out.glob("*.xliff")):
            language = document.stem
            root = ET.parse(document).getroot()
            ns = {"x": f"urn:oasis:names:tc:xliff:document:{version}"}
            files = root.findall("x:file", ns)
            assert files, document
            units = root.findall(".//x:trans-unit" if version == "1.2" else ".//x:unit", ns)
            empty += not units
            for file in files:
                assert file.get("original") == path.stem + ".strings" or file.get("original") == path.stem + ".stringsdict"
                if version == "1.2":
                    assert (file.get("source-language"), file.get("target-language"), file.get("datatype")) == ("en", language, "plaintext")
                    assert file.find("x:body", ns) is not None
                else:
                    assert (root.get("srcLang"), root.get("trgLang")) == ("en", language)
                    assert file.findall("x:unit", ns) or file.findall("x:group", ns), document
            store, _ = reference_units(document, version)
            if version == "1.2":
                assert store.gettargetlanguage() == language
            with parlance.Catalog() as back:
                back.load(str(document))
                assert language in back.locales and path.stem in back.tables, document
    assert empty >= 18
