"""parlance.gettext against the standard library's gettext, catalog by catalog.

For every compiled fixture (little- and big-endian .mo, and the .po sources
alone), every msgid and context the standard library reads from it, unknown
ones, and counts 0..200 plus large ones, Parlance's translation object must
give the standard library's result, except in the documented cases where
Parlance follows GNU libintl; there it must give libintl's result, computed
here from the standard library's own catalog and formula.
"""

import gettext as stdlib_gettext
import re
from pathlib import Path

import pytest

from parlance import gettext as pgettext

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "gettext"
#: Catalogs the standard library refuses to load (see test_gettext_glibc.py).
STDLIB_REFUSES = {("broken", "xx"), ("deep", "xx")}
CATALOGS = sorted({tuple(p.name.split(".")[:2]) for p in FIXTURES.iterdir() if ".po" in p.name}
                  - STDLIB_REFUSES)
LAYOUTS = ["mo", "mo_be", "po"]
COUNTS = list(range(201)) + [1000, 1001, 1011, 1_000_000, 2**31 - 1, 2**31, 2**32 + 1, 2**32 + 2,
                             10**15 + 21, 2**62 + 11, 2**63 - 1, 2**63, 2**63 + 1, 2**64 - 2, 2**64 - 1]
UNKNOWN = ["Not in the catalog", "hello", "Hello ", "%d files", "Open\x04", "menu\x04Open"]
UNKNOWN_CONTEXTS = ["no such context", "MENU", "menu "]


def split(key):
    context, sep, msgid = key.rpartition("\x04")
    return (context, msgid) if sep else (None, key)


def nplurals(std):
    match = re.search(r"nplurals\s*=\s*(\d+)", std.info().get("plural-forms", ""))
    return int(match.group(1)) if match else 2


def pair(catalogs, layout, domain, lang):
    std = stdlib_gettext.translation(domain, str(catalogs.mo), [lang])
    ours = pgettext.translation(domain, str(getattr(catalogs, layout)), [lang])
    assert isinstance(ours, pgettext.GNUTranslations)
    return std, ours


def singular(t, context, msgid):
    return t.gettext(msgid) if context is None else t.pgettext(context, msgid)


def plural(t, context, msgid, msgid2, n):
    return t.ngettext(msgid, msgid2, n) if context is None else t.npgettext(context, msgid, msgid2, n)


def libintl_index(std, n, limit):
    """The translation index libintl uses: the formula's value, 0 when that
    is >= nplurals or the evaluation fails."""
    try:
        index = std.plural(n % 2**64)
    except ZeroDivisionError:
        return 0
    return index if 0 <= index < limit else 0


@pytest.fixture(params=[(layout,) + catalog for catalog in CATALOGS for layout in LAYOUTS],
                ids=lambda p: "-".join(p))
def both(request, gettext_catalogs, po_sources):
    layout, domain, lang = request.param
    return pair(gettext_catalogs, layout, domain, lang)


def test_metadata(both):
    std, ours = both
    assert ours.info() == std.info()
    assert ours.charset() == std.charset()
    assert ours.gettext("") == std.gettext("")


def test_singular_entries(both):
    std, ours = both
    for key, text in std._catalog.items():
        if isinstance(key, tuple):
            continue
        context, msgid = split(key)
        assert singular(ours, context, msgid) == singular(std, context, msgid) == text
        # libintl: an entry without plural forms answers every count;
        # Python treats it as missing. The header is not an entry.
        for n in COUNTS:
            got = plural(ours, context, msgid, msgid + " (plural)", n)
            if key == "":
                assert got == ("" if n == 1 else " (plural)")
            else:
                assert got == text, (key, n)


def test_plural_entries(both):
    std, ours = both
    catalog = std._catalog
    limit = nplurals(std)
    keys = {key for key, _ in (k for k in catalog if isinstance(k, tuple))}
    assert keys, "every fixture has plural entries"
    for key in sorted(keys):
        context, msgid = split(key)
        msgid2 = msgid + " (plural)"
        # gettext() of a plural entry: libintl gives msgstr[0], Python the form for n = 1.
        assert singular(ours, context, msgid) == catalog[(key, 0)]
        if std.plural(1) == 0:
            assert singular(std, context, msgid) == catalog[(key, 0)]
        for n in COUNTS:
            got = plural(ours, context, msgid, msgid2, n)
            try:
                index = std.plural(n)
            except ZeroDivisionError:
                index = None
            if index is not None and index < limit and (key, index) in catalog:
                assert got == plural(std, context, msgid, msgid2, n) == catalog[(key, index)], (key, n)
            else:
                # libintl: msgstr[0]; Python: the fallback, msgid or msgid_plural.
                assert got == catalog[(key, 0)], (key, n)


def test_unknown_messages(both):
    std, ours = both
    contexts = [None] + UNKNOWN_CONTEXTS + sorted({split(k if isinstance(k, str) else k[0])[0]
                                                   for k in std._catalog} - {None})
    msgids = UNKNOWN + sorted({split(k if isinstance(k, str) else k[0])[1] for k in std._catalog})
    for context in contexts:
        for msgid in msgids:
            key = msgid if context is None else f"{context}\x04{msgid}"
            if key in std._catalog or (key, 0) in std._catalog:
                continue
            assert singular(ours, context, msgid) == singular(std, context, msgid) == msgid
            for n in (0, 1, 2, 5, 11, 21, 101, 2**40):
                expected = msgid if n == 1 else "P"
                try:
                    assert plural(std, context, msgid, "P", n) == expected
                except ZeroDivisionError:
                    pass   # Python evaluates the formula even for a missing message
                assert plural(ours, context, msgid, "P", n) == expected


def test_repeated_lookups_come_from_the_cache(both):
    std, ours = both
    for key in std._catalog:
        if isinstance(key, str):
            context, msgid = split(key)
            first = singular(ours, context, msgid)
            assert singular(ours, context, msgid) is first
    assert ours.gettext("Not in the catalog") == "Not in the catalog"
    assert ours.gettext("Not in the catalog") == "Not in the catalog"
