"""`parlance merge --format xliff` and `parlance pseudo --format xliff`
through the built CLI, checked with an established XLIFF implementation
(Translate Toolkit's 1.2 and 2.0 readers) and with what Parlance's runtime
serves: extract, merge, a translator's edit (saved by Translate Toolkit),
a changed source, a vanished message, pseudo-locales."""
import json
import pathlib
import subprocess

import pytest
from translate.storage import xliff as xliff1
from translate.storage import xliff2

import parlance

SOURCE = """\
let greeting = NSLocalizedString("greeting", value: "Hello, %@!", comment: "Greeting on the home screen")
let cancel = NSLocalizedString("cancel", value: "Cancel", comment: "Button")
let title = NSLocalizedString("title", tableName: "Settings", value: "Settings", comment: "Window title")
"""

PLURALS = """\
#. Count of files
msgid "%d file"
msgid_plural "%d files"
msgstr[0] ""
msgstr[1] ""
"""


def run(cli, *args):
    result = subprocess.run([cli, *map(str, args)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout


def units_12(path):
    """{(original, id): unit} as Translate Toolkit reads a 1.2 document."""
    store = xliff1.xlifffile.parsestring(path.read_bytes())
    return store, {tuple(unit.getid().split("\x04", 1)): unit for unit in store.units}


def served(directory, locale, key, table=None, count=None):
    catalog = parlance.Catalog()
    catalog.load(str(directory))
    with parlance.Localizer(catalog, [locale]) as localizer:
        if count is not None:
            return localizer.plural(key, count, table=table)
        return localizer.text(key, table=table)


@pytest.fixture
def project(cli, tmp_path):
    """Sources extracted into a development table, and a .pot with a plural message."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "app.swift").write_text(SOURCE)
    run(cli, "extract", "--quiet", "-o", tmp_path / "dev", tmp_path / "src")
    (tmp_path / "Files.pot").write_text(PLURALS)
    return tmp_path


def merge(cli, project, *args):
    dev = project / "dev" / "en.lproj"
    return run(cli, "merge", "--format", "xliff", "--from", dev / "Localizable.strings", "--from", dev / "Settings.strings",
               "--from", project / "Files.pot", "-o", project / "l10n", *args)


def test_extract_merge_translate_change_source_and_serve(cli, library, project):
    merge(cli, project, "--locale", "fr", "--locale", "ru")
    l10n = project / "l10n"
    assert sorted(p.name for p in l10n.iterdir()) == ["fr.xliff", "ru.xliff"]   # no document for the development language
    store, units = units_12(l10n / "fr.xliff")
    assert store.getsourcelanguage() == "en" and store.gettargetlanguage() == "fr"
    assert set(units) == {
        ("Localizable.strings", "cancel"), ("Localizable.strings", "greeting"), ("Settings.strings", "title"),
        ("Files.stringsdict", "/%d file:dict/NSStringLocalizedFormatKey:dict/:string"),
        ("Files.stringsdict", "/%d file:dict/count:dict/one:dict/:string"),
        ("Files.stringsdict", "/%d file:dict/count:dict/many:dict/:string"),
        ("Files.stringsdict", "/%d file:dict/count:dict/other:dict/:string"),
    }
    greeting = units[("Localizable.strings", "greeting")]
    assert greeting.source == "Hello, %@!"
    assert not greeting.target and not greeting.istranslated()
    assert greeting.getnotes() == "Greeting on the home screen"
    assert units[("Files.stringsdict", "/%d file:dict/count:dict/one:dict/:string")].source == "%d file"
    _, ru = units_12(l10n / "ru.xliff")
    assert ("Files.stringsdict", "/%d file:dict/count:dict/few:dict/:string") in ru

    # A translator translates with a CAT tool (Translate Toolkit saves the document its own way).
    greeting.settarget("Bonjour, %@ !")
    units[("Localizable.strings", "cancel")].settarget("Annuler")
    for key, text in (("NSStringLocalizedFormatKey", "%#@count@"), ("count:dict/one", "%d fichier"),
                      ("count:dict/many", "%d de fichiers"), ("count:dict/other", "%d fichiers")):
        units[("Files.stringsdict", f"/%d file:dict/{key}:dict/:string")].settarget(text)
    (l10n / "fr.xliff").write_bytes(bytes(store))
    translated = (l10n / "fr.xliff").read_bytes()
    assert run(cli, "get", "--catalog", l10n, "--locale", "fr", "greeting") == "Bonjour, %@ !\n"
    assert served(l10n, "fr", "cancel") == "Annuler"
    assert served(l10n, "fr", "%d file", table="Files", count=2) == "%d fichiers"

    # Merging the same messages again changes nothing in the translator's file.
    assert "fr.xliff" not in merge(cli, project)
    assert (l10n / "fr.xliff").read_bytes() == translated

    # The source text changes: the translation stays, marked for review.
    strings = project / "dev" / "en.lproj" / "Localizable.strings"
    strings.write_text(strings.read_text().replace('"Hello, %@!"', '"Hi there, %@!"'))
    report = json.loads(merge(cli, project, "--report", "json"))
    fr = next(f for f in report if f["path"].endswith("fr.xliff#Localizable"))
    assert fr["status"] == "modified" and fr["updated"] == ["greeting"]
    _, units = units_12(l10n / "fr.xliff")
    greeting = units[("Localizable.strings", "greeting")]
    assert greeting.source == "Hi there, %@!"
    assert greeting.target == "Bonjour, %@ !"
    assert greeting.isfuzzy() and greeting.isreview()
    assert units[("Localizable.strings", "cancel")].istranslated() and not units[("Localizable.strings", "cancel")].isfuzzy()
    # Only that unit's lines changed.
    before, after = translated.decode().splitlines(), (l10n / "fr.xliff").read_text().splitlines()
    assert len(before) == len(after)
    assert [(a, b) for a, b in zip(before, after) if a != b] == [
        ('      <trans-unit id="greeting" xml:space="preserve" approved="yes">',
         '      <trans-unit id="greeting" xml:space="preserve" approved="no">'),
        ("        <source>Hello, %@!</source>", "        <source>Hi there, %@!</source>"),
        ('        <target state="translated">Bonjour, %@ !</target>',
         '        <target state="needs-review-translation">Bonjour, %@ !</target>'),
    ]
    # The runtime serves the old translation until it is reviewed.
    assert served(l10n, "fr", "greeting") == "Bonjour, %@ !"

    # A message vanishes from the code: its unit and translation stay, reported; deleted only when asked.
    strings.write_text("\n".join(line for line in strings.read_text().splitlines() if '"cancel"' not in line) + "\n")
    summary = merge(cli, project)
    assert "1 obsolete (1 unused, kept)" in summary                     # counted by default,
    assert "? cancel (unused, kept)" in merge(cli, project, "--verbose")   # named with --verbose
    assert ("Localizable.strings", "cancel") in units_12(l10n / "fr.xliff")[1]
    merge(cli, project, "--delete-unused-entries")
    assert ("Localizable.strings", "cancel") not in units_12(l10n / "fr.xliff")[1]
    assert units_12(l10n / "fr.xliff")[1][("Localizable.strings", "greeting")].target == "Bonjour, %@ !"

    # lint and stats read what merge wrote.
    run(cli, "lint", l10n)
    stats = {(row["locale"], row["table"]): row for row in json.loads(run(cli, "stats", "--format", "json", l10n))}
    assert stats[("fr", "Files")]["translated"] == 1 and stats[("fr", "Files")]["missing"] == 0
    assert stats[("fr", "Localizable")]["fuzzy"] == 1
    assert stats[("ru", "Settings")]["missing"] == 1


def test_version_2_documents_mark_a_changed_source_initial(cli, library, project):
    merge(cli, project, "--locale", "de", "--xliff-version", "2.0")
    path = project / "l10n" / "de.xliff"
    store = xliff2.Xliff2File.parsestring(path.read_bytes())
    assert store.getsourcelanguage() == "en" and store.gettargetlanguage() == "de"
    by_source = {unit.source: unit for unit in store.units}
    assert {"Hello, %@!", "Cancel", "Settings", "%#@count@", "%d file", "%d files"} <= set(by_source)
    assert not any(unit.target for unit in store.units)
    # A translation, then a new source text.
    path.write_text(path.read_text().replace(
        '<segment state="initial">\n        <source xml:space="preserve">Hello, %@!</source>\n',
        '<segment state="translated">\n        <source xml:space="preserve">Hello, %@!</source>\n'
        '        <target xml:space="preserve">Hallo, %@!</target>\n'))
    assert served(project / "l10n", "de", "greeting") == "Hallo, %@!"
    strings = project / "dev" / "en.lproj" / "Localizable.strings"
    strings.write_text(strings.read_text().replace('"Hello, %@!"', '"Hi, %@!"'))
    merge(cli, project)
    unit = next(u for u in xliff2.Xliff2File.parsestring(path.read_bytes()).units if u.target)
    assert unit.source == "Hi, %@!" and unit.target == "Hallo, %@!"
    assert unit.isfuzzy()


@pytest.mark.parametrize("style", ["en-XA", "ar-XB"])
@pytest.mark.parametrize("version", ["1.2", "2.0"])
def test_pseudo_locales_as_xliff(cli, library, project, style, version):
    merge(cli, project, "--locale", "fr")
    out = project / "pseudo"
    written = run(cli, "pseudo", "--format", "xliff", "--xliff-version", version, "--locale", style, "-o", out,
                  project / "dev")
    assert written.split() == [str(out / f"{style}.xliff")]
    data = (out / f"{style}.xliff").read_bytes()
    if version == "1.2":
        store = xliff1.xlifffile.parsestring(data)
    else:
        store = xliff2.Xliff2File.parsestring(data)
    assert store.gettargetlanguage() == style
    units = {unit.source: unit for unit in store.units}
    assert {"Hello, %@!", "Cancel", "Settings"} <= set(units)
    for source, unit in units.items():
        # 1.2: state="translated" (Translate Toolkit keeps "translated" for approved="yes", which Xcode never writes).
        assert (unit.get_state_n() == unit.S_TRANSLATED if version == "1.2" else unit.istranslated())
        assert unit.target and unit.target != source
        assert "%@" not in source or "%@" in unit.target
    assert served(out, style, "greeting") == units["Hello, %@!"].target
    assert served(out, style, "title", table="Settings") == units["Settings"].target
