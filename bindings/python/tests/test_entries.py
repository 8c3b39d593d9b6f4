"""Enumeration: Catalog.entries lists a table as it serves, checked against
the standard library's own reading of the same catalogs."""

import gettext
import json
import subprocess
from pathlib import Path

import pytest

import parlance

REPO = Path(__file__).resolve().parents[3]
GETTEXT = Path(__file__).resolve().parent / "fixtures" / "gettext"
SYSTEM_MO = sorted(Path("/usr/share/locale/de/LC_MESSAGES").glob("*.mo"))[:40]


def test_entries_are_sorted_with_contexts_and_plurals():
    with parlance.Catalog() as cat:
        cat.load(REPO / "Examples" / "catalog")
        entries = cat.entries("fr")
        keys = [(e.key, e.context or "") for e in entries]
        assert keys == sorted(keys, key=lambda k: (k[0].encode(), k[1].encode()))
        by_key = {(e.key, e.context): e for e in entries}
        name = by_key[("Name", "Name label in login screen")]
        assert (name.kind, name.text) == ("text", "Nom")
        followers = by_key[("You have %d followers.", "Number of followers label")]
        assert followers.kind == "plural" and followers.forms["one"] == "Vous avez %d abonné."
        files = by_key[("files.count", None)]
        assert files.kind == "variables" and files.text == "%#@files@" and files.forms["other"] == "%d fichiers"
        with pytest.raises(parlance.NotFoundError):
            cat.entries("fr", "NoSuchTable")


@pytest.mark.parametrize("mo", SYSTEM_MO, ids=lambda p: p.name)
def test_mo_entries_are_what_the_standard_library_reads(mo):
    """Every message of a system .mo, as CPython's GNUTranslations reads it."""
    with open(mo, "rb") as f:
        try:
            reference = gettext.GNUTranslations(f)
        except (OSError, UnicodeDecodeError):
            pytest.skip("CPython cannot read this catalog")
    expected = {}
    for key, text in reference._catalog.items():   # (msgid, n) for plurals
        if isinstance(key, tuple):
            msgid, index = key
            expected.setdefault(msgid, {})[str(index)] = text
        elif key != "":
            expected[key] = text
    with parlance.Catalog() as cat:
        cat.load(mo, locale="de", table="t")
        got = {}
        for entry in cat.entries("de", "t"):
            key = entry.key if entry.context is None else f"{entry.context}\x04{entry.key}"
            got[key] = entry.forms if entry.kind == "gettext_plural" else entry.text
    got.pop("", None)
    assert {key: got.get(key) for key in expected} == expected
    # Beyond CPython's: the system-dependent strings (<inttypes.h> macros), which glibc serves
    # and CPython skips; a revision 0.1 header counts them at offset 36.
    header = mo.read_bytes()[:40]
    order = "little" if header[:4] == bytes.fromhex("de120495") else "big"
    sysdep = int.from_bytes(header[36:40], order) if int.from_bytes(header[4:8], order) & 0xFFFF else 0
    assert len(set(got) - set(expected)) <= sysdep


def test_string_catalog_entries_follow_the_file():
    path = REPO / "Tests" / "Fixtures" / "xcstrings" / "Localizable.xcstrings"
    document = json.loads(path.read_text())
    with parlance.Catalog() as cat:
        cat.load(path)
        fr = {e.key: e for e in cat.entries("fr")}
        for key, entry in document["strings"].items():
            unit = entry.get("localizations", {}).get("fr", {}).get("stringUnit")
            if unit and unit["state"] in ("translated", "needs_review", "stale") and "substitutions" not in entry["localizations"]["fr"]:
                assert fr[key].text == unit["value"]
        assert "Copy" not in fr        # state "new"
        assert fr["%lld files"].forms == {"one": "%lld fichier", "other": "%lld fichiers"}


def test_the_snapshot_outlives_later_loads(tmp_path):
    first = tmp_path / "fr.lproj" / "Localizable.strings"
    first.parent.mkdir()
    first.write_text('"a" = "un";')
    with parlance.Catalog() as cat:
        cat.load(first)
        before = cat.entries("fr")
        first.write_text('"b" = "deux";')
        cat.load(first)
        assert [e.key for e in before] == ["a"]
        assert [e.key for e in cat.entries("fr")] == ["b"]


def test_entries_carry_the_notes_their_files_keep(tmp_path):
    """Notes for translators are kept when a file or bytes are loaded: the
    listing reads no file (the files here are gone before it), and both of a
    format's readers (the quick one for files as tools write them, the full
    one for the rest) keep the same notes."""
    import shutil
    import parlance
    (tmp_path / "fr.lproj").mkdir()
    (tmp_path / "fr.lproj" / "Localizable.strings").write_text(
        '/* The greeting */\n"hello" = "Bonjour";\n// first line\n// second line\n"bye" = "Au revoir";\n"plain" = "P";\n')
    # The full reader's path: a `.strings` the quick reader leaves to it (unquoted key).
    (tmp_path / "es.lproj").mkdir()
    (tmp_path / "es.lproj" / "Localizable.strings").write_text('/* Unquoted */\nhello = "Hola";\n')
    po = tmp_path / "de" / "LC_MESSAGES"
    po.mkdir(parents=True)
    (po / "app.po").write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                               '# translator note\n#. from the code\n#: a.c:1\nmsgctxt "menu"\nmsgid "Open"\nmsgstr "Öffnen"\n')
    (tmp_path / "Cat.xcstrings").write_text('{"sourceLanguage": "en", "strings": {"k": {"comment": "A \\"catalog\\" note",'
                                            ' "localizations": {"it": {"stringUnit": {"state": "translated", "value": "K"}}}}},'
                                            ' "version": "1.0"}')
    (tmp_path / "ja.xliff").write_text('<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" '
                                       'trgLang="ja"><file id="f" original="X.strings"><unit id="u1" name="a">'
                                       '<notes><note>one</note><note>two</note></notes><segment><source>A</source>'
                                       '<target>エー</target></segment></unit></file></xliff>')
    (tmp_path / "Messages_pt.properties").write_text("# A Java note\ngreeting=Olá\n")
    catalog = parlance.Catalog()
    catalog.load(str(tmp_path))
    catalog.load(str(tmp_path / "ja.xliff"))
    catalog.load(str(tmp_path / "Messages_pt.properties"))
    shutil.rmtree(tmp_path)
    notes = {e.key: e.comment for e in catalog.entries("fr")}
    assert notes == {"hello": "The greeting", "bye": "first line\nsecond line", "plain": None}
    assert [e.comment for e in catalog.entries("es")] == ["Unquoted"]
    assert [(e.key, e.context, e.comment) for e in catalog.entries("de", "app")] == \
        [("Open", "menu", "from the code\ntranslator note")]
    assert [e.comment for e in catalog.entries("it", "Cat")] == ['A "catalog" note']
    assert [e.comment for e in catalog.entries("ja", "X")] == ["one\ntwo"]
    assert [e.comment for e in catalog.entries("pt", "Messages")] == ["A Java note"]
    memory = parlance.Catalog()
    memory.load_bytes(b'/* c */ "a" = "b";', locale="fr")
    assert [e.comment for e in memory.entries("fr")] == ["c"]
