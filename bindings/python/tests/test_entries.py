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
