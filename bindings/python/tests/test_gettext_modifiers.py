"""Languages with a modifier (``sr@Latn``, ``sr@latin``) through
parlance.gettext, against the standard library.

The catalogs: Serbian in Latin script has "%d file" without plural forms,
Serbian (Cyrillic) has it with three. Translation objects search as the
standard library does (its find(), whose locale.normalize() reads ``@Latn``
as ``@latin``); Parlance's libintl functions read LANGUAGE literally, as
glibc does (Tests/python/test_libintl_glibc.py).
"""

import gettext as stdlib_gettext
import subprocess

import pytest

from parlance import gettext as pgettext

HEADER = r'''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

'''
LATIN = HEADER + '''msgid "%d file"
msgstr "latinica: %d fajl"

msgid "Only here"
msgstr "Samo ovde"
'''
CYRILLIC = HEADER + '''msgid "%d file"
msgid_plural "%d files"
msgstr[0] "ћирилица: %d фајл"
msgstr[1] "ћирилица: %d фајла"
msgstr[2] "ћирилица: %d фајлова"
'''
CYRILLIC_FORMS = ["ћирилица: %d фајл", "ћирилица: %d фајла", "ћирилица: %d фајлова"]
COUNTS = list(range(0, 30)) + [101, 111]
MESSAGES = ["%d file", "Only here", "Missing"]


def serbian(n):
    return 0 if n % 10 == 1 and n % 100 != 11 else 1 if 2 <= n % 10 <= 4 and not 10 <= n % 100 < 20 else 2


@pytest.fixture
def tree(tmp_path, gettext_catalogs):
    """tree(modifier) -> a locale directory with sr@MODIFIER and sr
    (gettext_catalogs: skipped where msgfmt is not installed)."""
    def make(modifier):
        root = tmp_path / modifier
        for lang, text in ((f"sr@{modifier}", LATIN), ("sr", CYRILLIC)):
            po = root / f"{lang}.po"
            mo = root / lang / "LC_MESSAGES" / "app.mo"
            mo.parent.mkdir(parents=True)
            po.write_text(text, encoding="utf-8")
            subprocess.run(["msgfmt", "-o", str(mo), str(po)], check=True)
        return str(root)
    return make


def answers(t):
    return ([t.ngettext("%d file", "%d files", n) for n in COUNTS], [t.gettext(m) for m in MESSAGES])


def test_script_code_modifier_is_searched_as_the_standard_library_does(tree):
    root = tree("Latn")
    # The standard search never opens sr@Latn/: it reads @Latn as @latin.
    assert stdlib_gettext._expand_lang("sr@Latn")[3] == "sr@latin"
    assert pgettext.find("app", root, ["sr@Latn"], all=True) == stdlib_gettext.find(
        "app", root, ["sr@Latn"], all=True) == [f"{root}/sr/LC_MESSAGES/app.mo"]
    std = stdlib_gettext.translation("app", root, ["sr@Latn"])
    ours = pgettext.translation("app", root, ["sr@Latn"])
    assert answers(ours) == answers(std)
    assert answers(std) == ([CYRILLIC_FORMS[serbian(n)] for n in COUNTS], [CYRILLIC_FORMS[0], "Only here", "Missing"])


def test_script_code_modifier_through_the_module_functions(tree, monkeypatch):
    root = tree("Latn")
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANGUAGE", "sr@Latn:sr")
    saved = [(m, dict(m._localedirs)) for m in (stdlib_gettext, pgettext)]
    try:
        for m in (stdlib_gettext, pgettext):
            m.bindtextdomain("app", root)
        results = [([m.dngettext("app", "%d file", "%d files", n) for n in COUNTS],
                    [m.dgettext("app", message) for message in MESSAGES]) for m in (stdlib_gettext, pgettext)]
    finally:
        for module, localedirs in saved:
            module._localedirs.clear()
            module._localedirs.update(localedirs)
        pgettext._resolved.clear()
    assert results[1] == results[0]
    assert results[0][0] == [CYRILLIC_FORMS[serbian(n)] for n in COUNTS]


def test_glibc_modifier_chains_and_the_singular_entry_answers_every_count(tree):
    root = tree("latin")
    std = stdlib_gettext.translation("app", root, ["sr@latin"])
    ours = pgettext.translation("app", root, ["sr@latin"])
    # Both search sr@latin, then sr; the singular entry of sr@latin is where
    # they part (README: "ngettext() of a msgid without plural forms"):
    # the standard library goes on to sr, Parlance serves it as glibc does.
    assert answers(std) == ([CYRILLIC_FORMS[serbian(n)] for n in COUNTS], ["latinica: %d fajl", "Samo ovde", "Missing"])
    assert answers(ours) == (["latinica: %d fajl"] * len(COUNTS), ["latinica: %d fajl", "Samo ovde", "Missing"])
