"""`.mo` files written by Babel's ``write_mo`` (what ``pybabel compile``
runs) read as CPython's gettext reads them.

Babel sorts messages by (msgid, context) but stores the key as
``context\\x04msgid`` and writes no hash table, so once a catalog has
contexts its originals are not in byte order: binary search (libintl's, and
Parlance's before it indexed such files) misses the entries out of place.
CPython fills a dict with every entry. Compared on every key, through
parlance.gettext (a file opened by path, served in place, and bytes) and
through a Localizer, on small catalogs and on real ``.po`` files of the
reference data compiled with Babel.
"""

import gettext as stdlib_gettext
import io
import os
import sys
import warnings
from pathlib import Path

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "bindings" / "python"))

from babel.messages import Catalog as BabelCatalog  # noqa: E402  (scripts/install-deps.sh installs Babel)
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402


@pytest.fixture(scope="module")
def parlance_modules(library):
    os.environ["PARLANCE_LIBRARY"] = library
    import parlance
    import parlance.gettext
    return parlance, parlance.gettext


def _mo_bytes(catalog: BabelCatalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def _out_of_order(mo: bytes) -> bool:
    """Whether the file's originals are out of byte order (what binary search misreads)."""
    import struct
    count, originals = struct.unpack("<I", mo[8:12])[0], struct.unpack("<I", mo[12:16])[0]
    keys = []
    for index in range(count):
        length, offset = struct.unpack("<II", mo[originals + 8 * index:originals + 8 * index + 8])
        keys.append(mo[offset:offset + length].split(b"\0")[0])
    return keys != sorted(keys)


def _compare(mo: bytes, path: Path, parlance, pgettext) -> int:
    """Every key of CPython's reading of `mo` (written at `path`) asked of
    parlance.gettext (by path and as bytes) and of a Localizer; the number of
    keys compared."""
    path.write_bytes(mo)
    stock = stdlib_gettext.GNUTranslations(io.BytesIO(mo))
    with open(path, "rb") as fp:
        by_path = pgettext.GNUTranslations(fp)
    from_bytes = pgettext.GNUTranslations(io.BytesIO(mo))
    catalog = parlance.Catalog()
    catalog.load(str(path), locale="de", table="messages", format="mo")
    localizer = parlance.Localizer(catalog, ["de"])
    compared = 0
    for key, value in stock._catalog.items():
        if key == "":
            continue
        if isinstance(key, tuple):
            msgid, index = key
            context, _, msgid = msgid.rpartition("\x04") if "\x04" in msgid else (None, "", msgid)
            for n in range(0, 30):
                if stock.plural(n) != index:
                    continue
                if context is None:
                    expected = stock.ngettext(msgid, "\x00plural", n)
                    got = [t.ngettext(msgid, "\x00plural", n) for t in (by_path, from_bytes)]
                else:
                    expected = stock.npgettext(context, msgid, "\x00plural", n)
                    got = [t.npgettext(context, msgid, "\x00plural", n) for t in (by_path, from_bytes)]
                assert got == [expected, expected], (key, n)
                compared += 1
                break
            continue
        if "\x04" in key:
            context, msgid = key.split("\x04", 1)
            got = [t.pgettext(context, msgid) for t in (by_path, from_bytes)]
            assert got == [stock.pgettext(context, msgid)] * 2 == [value] * 2, key
        else:
            context, msgid = None, key
            got = [t.gettext(msgid) for t in (by_path, from_bytes)]
            assert got == [stock.gettext(msgid)] * 2 == [value] * 2, key
        assert localizer.lookup(msgid, context=context, table="messages") == value, key
        compared += 1
    localizer.close()
    catalog.close()
    return compared


def test_the_issues_catalog(parlance_modules, tmp_path):
    """"Save" -> "Speichern" beside one msgctxt entry: Babel writes the
    originals "", "menu\x04Open", "Save", and binary search missed "Save"."""
    parlance, pgettext = parlance_modules
    catalog = BabelCatalog(locale="de")
    catalog.add("Save", "Speichern")
    catalog.add("Open", "Öffnen", context="menu")
    mo = _mo_bytes(catalog)
    assert _out_of_order(mo)
    with open(tmp_path / "app.mo", "wb") as out:
        out.write(mo)
    with open(tmp_path / "app.mo", "rb") as fp:
        assert pgettext.GNUTranslations(fp).gettext("Save") == "Speichern"
    assert pgettext.GNUTranslations(io.BytesIO(mo)).gettext("Save") == "Speichern"
    assert pgettext.GNUTranslations(io.BytesIO(mo)).pgettext("menu", "Open") == "Öffnen"
    assert _compare(mo, tmp_path / "again.mo", parlance, pgettext) == 2


def test_babels_own_test_catalog(parlance_modules, tmp_path):
    """Babel's test_support_translations catalog: contexts and plurals."""
    parlance, pgettext = parlance_modules
    catalog = BabelCatalog(locale="en_GB", domain="messages")
    catalog.add("foo", "Voh")
    catalog.add("foo", "VohCTX", context="foo")
    catalog.add(("foo1", "foos1"), ("Voh1", "Vohs1"))
    catalog.add(("foo1", "foos1"), ("VohCTX1", "VohsCTX1"), context="foo")
    mo = _mo_bytes(catalog)
    assert _out_of_order(mo)
    translations = pgettext.GNUTranslations(io.BytesIO(mo))
    assert translations.npgettext("foo", "foo1", "foos1", 1) == "VohCTX1"
    assert translations.npgettext("foo", "foo1", "foos1", 2) == "VohsCTX1"
    assert translations.ngettext("foo1", "foos1", 2) == "Vohs1"
    assert _compare(mo, tmp_path / "messages.mo", parlance, pgettext) == 6


def _real_po_files(corpus):
    """The .po files of the reference data that have contexts (so Babel's
    output is out of order): Django's, meld's and gnome-calculator's."""
    base = corpus / "gettext-po"
    found = sorted(base.glob("django__django/django/conf/locale/*/LC_MESSAGES/django.po"))
    found += sorted(base.glob("GNOME__meld/po/*.po")) + sorted(base.glob("GNOME__gnome-calculator/po/*.po"))
    return found


def test_real_catalogs_compiled_with_babel(parlance_modules, corpus, tmp_path):
    parlance, pgettext = parlance_modules
    files = _real_po_files(corpus)
    assert len(files) > 150
    compared = unordered = catalogs = 0
    for po in files:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                with open(po, "rb") as fp:
                    catalog = read_po(fp)
                mo = _mo_bytes(catalog)
                stdlib_gettext.GNUTranslations(io.BytesIO(mo))
        except Exception:   # a file Babel or CPython does not read: nothing to compare
            continue
        catalogs += 1
        unordered += _out_of_order(mo)
        compared += _compare(mo, tmp_path / "real.mo", parlance, pgettext)
    assert catalogs > 0.9 * len(files)
    assert unordered > 100   # most have contexts
    assert compared > 50_000
