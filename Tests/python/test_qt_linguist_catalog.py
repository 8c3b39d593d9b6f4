"""Qt Linguist through the public Python binding: NAME_LOCALE.ts and .qm
files found by Catalog.load in a folder, looked up as QTranslator looks up
(the context "Qt context", then U+0004 and the disambiguation when there is
one), numerus forms chosen by Qt's rule for the file's language, what
lrelease leaves out not served, and damaged files refused with a located
error."""
import shutil
import subprocess

import pytest

import parlance

LRELEASE = shutil.which("lrelease") or "/usr/lib/qt6/bin/lrelease"

TS = """\
<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="{language}">
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../main.cpp" line="12"/>
        <source>&amp;Open &lt;file&gt;</source>
        <extracomment>The File menu's item.</extracomment>
        <translation>{open}</translation>
    </message>
    <message>
        <source>Close</source>
        <comment>verb</comment>
        <translation>Close (verb)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close (noun)</translation>
    </message>
    <message>
        <source>Print</source>
        <comment>menu</comment>
        <translation>Print (menu)</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation>
            <numerusform>form 0</numerusform>
            <numerusform>form 1</numerusform>
            <numerusform>form 2</numerusform>
            <numerusform>form 3</numerusform>
            <numerusform>form 4</numerusform>
            <numerusform>form 5</numerusform>
        </translation>
    </message>
    <message>
        <source>Draft</source>
        <translation type="unfinished">Brouillon</translation>
    </message>
    <message>
        <source>Empty draft</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gone</source>
        <translation type="vanished">Parti</translation>
    </message>
    <message>
        <source>Old</source>
        <translation type="obsolete">Vieux</translation>
    </message>
    <message>
        <source>Bell<byte value="x7"/></source>
        <translation>Cloche<byte value="7"/></translation>
    </message>
</context>
<context>
    <name></name>
    <message>
        <source>No context</source>
        <translation>Sans contexte</translation>
    </message>
</context>
</TS>
"""


def _write(folder, name, language, open_text="&amp;Ouvrir"):
    path = folder / name
    path.write_text(TS.format(language=language, open=open_text), encoding="utf-8")
    return path


def _lookup(catalog, locale, table, source, context=None, n=None):
    with parlance.Localizer(catalog, [locale]) as localizer:
        if n is None:
            return localizer.lookup(source, context=context, table=table)
        return localizer.lookup_plural(source, n, context=context, table=table)


@pytest.fixture
def catalog(library, tmp_path):
    _write(tmp_path, "app_fr.ts", "fr")
    _write(tmp_path, "app_ar.ts", "ar")
    _write(tmp_path, "app_pt_BR.ts", "pt_BR")
    _write(tmp_path, "app_pt_PT.ts", "pt_PT")
    _write(tmp_path, "app.ts", "")     # the template: no locale in its name, not a table
    with parlance.Catalog() as catalog:
        catalog.load(tmp_path)
        yield catalog


def test_the_file_names_give_tables_and_locales(catalog):
    assert set(catalog.locales) == {"fr", "ar", "pt-BR", "pt-PT"}
    assert catalog.tables == ("app",)


def test_context_and_disambiguation(catalog):
    assert _lookup(catalog, "fr", "app", "&Open <file>", "MainWindow") == "&Ouvrir"
    assert _lookup(catalog, "fr", "app", "Close", "MainWindow\x04verb") == "Close (verb)"
    assert _lookup(catalog, "fr", "app", "Close", "MainWindow") == "Close (noun)"
    assert _lookup(catalog, "fr", "app", "Close", "Other") is None
    assert _lookup(catalog, "fr", "app", "No context") == "Sans contexte"
    assert _lookup(catalog, "fr", "app", "Bell\x07", "MainWindow") == "Cloche\x07"


def test_a_dropped_disambiguation_still_finds_the_message(catalog):
    # lrelease stores "Print" without its disambiguation (no bare "Print" in
    # the context): Qt finds it with "menu" by its retry, and with none.
    assert _lookup(catalog, "fr", "app", "Print", "MainWindow\x04menu") == "Print (menu)"
    assert _lookup(catalog, "fr", "app", "Print", "MainWindow") == "Print (menu)"


def test_what_lrelease_leaves_out_is_not_served(catalog):
    assert _lookup(catalog, "fr", "app", "Draft", "MainWindow") == "Brouillon"   # lrelease keeps it
    for source in ("Empty draft", "Gone", "Old"):
        assert _lookup(catalog, "fr", "app", source, "MainWindow") is None


@pytest.mark.parametrize("locale, counts", [
    ("fr", {0: 0, 1: 0, 2: 1, 101: 1}),                        # n <= 1
    ("pt-BR", {0: 0, 1: 0, 2: 1}),                              # French-style in Brazil
    ("pt-PT", {0: 1, 1: 0, 2: 1}),                              # English-style elsewhere
    ("ar", {0: 0, 1: 1, 2: 2, 3: 3, 10: 3, 11: 4, 99: 4, 100: 5, 102: 5, 103: 3, 111: 4}),
])
def test_numerus_forms_by_qts_rules(catalog, locale, counts):
    for n, form in counts.items():
        assert _lookup(catalog, locale, "app", "%n file(s)", "MainWindow", n) == f"form {form}", n
    # Forms beyond the language's are cut, as lrelease cuts them.
    entries = {e.key: e for e in catalog.entries(locale, "app")}
    assert len(entries["%n file(s)"].forms) == (6 if locale == "ar" else 2)


def test_notes_are_kept_for_the_tools(catalog):
    entries = {e.key: e for e in catalog.entries("fr", "app")}
    assert entries["&Open <file>"].comment == "The File menu's item."


def test_qm_from_lrelease(library, tmp_path):
    if not shutil.which(LRELEASE) and not __import__("os").path.exists(LRELEASE):
        pytest.skip("scripts/install-deps.sh installs qt6-l10n-tools (lrelease)")
    ts = _write(tmp_path, "src_ar.ts", "ar")
    folder = tmp_path / "qm"
    folder.mkdir()
    subprocess.run([LRELEASE, "-silent", str(ts), "-qm", str(folder / "app_ar.qm")], check=True)
    with parlance.Catalog() as catalog:
        catalog.load(folder)
        assert catalog.tables == ("app",)
        assert _lookup(catalog, "ar", "app", "&Open <file>", "MainWindow") == "&Ouvrir"
        assert _lookup(catalog, "ar", "app", "%n file(s)", "MainWindow", 103) == "form 3"
        assert _lookup(catalog, "ar", "app", "Print", "MainWindow") == "Print (menu)"
        assert _lookup(catalog, "ar", "app", "Draft", "MainWindow") == "Brouillon"
        assert _lookup(catalog, "ar", "app", "Gone", "MainWindow") is None


def test_a_broken_ts_is_a_located_error(library, tmp_path):
    path = tmp_path / "app_de.ts"
    path.write_text('<TS version="2.1" language="de">\n<context>\n<name>A</name>\n<message>\n</context>\n</TS>\n')
    with parlance.Catalog() as catalog:
        with pytest.raises(parlance.ParseError) as error:
            catalog.load(path)
    assert "app_de.ts:5:" in str(error.value)


@pytest.mark.parametrize("cut", [40, 90, 200])
def test_a_truncated_qm_is_a_located_error(library, tmp_path, cut):
    if not __import__("os").path.exists(LRELEASE):
        pytest.skip("scripts/install-deps.sh installs qt6-l10n-tools (lrelease)")
    ts = _write(tmp_path, "src_fr.ts", "fr")
    qm = tmp_path / "app_fr.qm"
    subprocess.run([LRELEASE, "-silent", str(ts), "-qm", str(qm)], check=True)
    data = qm.read_bytes()
    with parlance.Catalog() as catalog:
        with pytest.raises(parlance.ParseError, match="at byte"):
            catalog.load_bytes(data[:cut], "fr", "app", format="qt_qm")
        with pytest.raises(parlance.ParseError, match="no magic"):
            catalog.load_bytes(b"not a qm file at all", "fr", "app", format="qt_qm")
        # Five bytes or fewer after the magic are no block, as QTranslator::load reads them: an empty table.
        catalog.load_bytes(data[:21], "fr", "app", format="qt_qm")
        assert catalog.entries("fr", "app") == []


RETRY_TS = """\
<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="{language}">
<context>
    <name>MainWindow</name>
    {messages}
</context>
</TS>
"""


def test_the_retry_without_disambiguation_asks_the_same_table_first(library, tmp_path):
    # QTranslator asks (context, source, disambiguation), then the same
    # translator with an empty disambiguation, then the next translator: a
    # disambiguation no file names finds German's bare message before
    # French's exact one, on every path (plain, plural, formatting).
    (tmp_path / "app_de.ts").write_text(RETRY_TS.format(language="de", messages="""
    <message><source>Close</source><translation>Schliessen</translation></message>
    <message numerus="yes"><source>%n file(s)</source>
        <translation><numerusform>eine Datei</numerusform><numerusform>Dateien</numerusform></translation></message>"""))
    (tmp_path / "app_fr.ts").write_text(RETRY_TS.format(language="fr", messages="""
    <message><source>Close</source><comment>verb</comment><translation>Fermer</translation></message>
    <message><source>Close</source><translation>Fermeture</translation></message>
    <message numerus="yes"><source>%n file(s)</source><comment>verb</comment>
        <translation><numerusform>fichier</numerusform><numerusform>fichiers</numerusform></translation></message>"""))
    with parlance.Catalog() as catalog:
        catalog.load(tmp_path)
        with parlance.Localizer(catalog, ["de", "fr"]) as localizer:
            for disambiguation in ("verb", "never named"):
                context = "MainWindow\x04" + disambiguation
                assert localizer.lookup("Close", context=context, table="app") == "Schliessen"
                assert localizer.lookup_plural("%n file(s)", 1, context=context, table="app") == "eine Datei"
                assert localizer.lookup_plural("%n file(s)", 7, context=context, table="app") == "Dateien"
                assert localizer.format("Close", context=context, table="app") == "Schliessen"
            # Only the disambiguation is dropped, never the context.
            assert localizer.lookup("Close", context="Other\x04verb", table="app") is None
        with parlance.Localizer(catalog, ["fr"]) as localizer:
            assert localizer.lookup("Close", context="MainWindow\x04verb", table="app") == "Fermer"
            assert localizer.lookup("Close", context="MainWindow\x04noun", table="app") == "Fermeture"
            # French has the numerus message only under "verb": lrelease
            # stores it without, where the retry finds it for any disambiguation.
            assert localizer.lookup_plural("%n file(s)", 2, context="MainWindow\x04other", table="app") == "fichiers"


def test_format_replaces_percent_n_as_qcoreapplication_translate(library, tmp_path):
    (tmp_path / "app_de.ts").write_text(RETRY_TS.format(language="de", messages="""
    <message numerus="yes"><source>%n file(s)</source>
        <translation><numerusform>%n Datei (%Ln)</numerusform><numerusform>%n Dateien (%Ln), %1 %%n %L</numerusform></translation></message>"""))
    with parlance.Catalog() as catalog:
        catalog.load(tmp_path)
        assert catalog.message_syntax("app") == "qt"
        with parlance.Localizer(catalog, ["de"]) as localizer:
            assert localizer.format("%n file(s)", 1, context="MainWindow", table="app") == "1 Datei (1)"
            assert localizer.format("%n file(s)", 12345, context="MainWindow", table="app") == \
                "12345 Dateien (12.345), %1 %12345 %L"
            # No n (Qt's -1), or a negative one: the text as it is.
            assert localizer.format("%n file(s)", context="MainWindow", table="app") == "%n Datei (%Ln)"
            assert localizer.format("%n file(s)", -3, context="MainWindow", table="app").startswith("%n Datei")
            # A lookup is QTranslator's: %n stays.
            assert localizer.plural("%n file(s)", 3, context="MainWindow", table="app") == "%n Dateien (%Ln), %1 %%n %L"
            # A key no table has: its source text, replaced.
            assert localizer.format("%Ln new", 1000, context="MainWindow", table="app") == "1.000 new"
