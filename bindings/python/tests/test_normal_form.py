"""Keys are compared in Unicode Normalization Form C: a decomposed "é"
(e + U+0301) in a table file finds a composed lookup key, and a decomposed
lookup key finds a composed table key — through the C library, for
.strings, .po and the gettext module alike."""

import unicodedata

import pytest

import parlance
import parlance.gettext as pgettext

COMPOSED = unicodedata.normalize("NFC", "Café")
DECOMPOSED = unicodedata.normalize("NFD", "Café")
assert COMPOSED != DECOMPOSED


@pytest.mark.parametrize("stored, asked", [(DECOMPOSED, COMPOSED), (COMPOSED, DECOMPOSED), (COMPOSED, COMPOSED)])
def test_strings_keys_in_nfc(stored, asked):
    table = f'"{stored}" = "Kaffeehaus";\n"(menü)Öffnen" = "Open";\n'
    with parlance.Catalog() as cat:
        cat.load_bytes(table.encode(), locale="de")
        with parlance.Localizer(cat, ["de"]) as loc:
            assert loc.text(asked) == "Kaffeehaus"
            assert loc.lookup(asked) == "Kaffeehaus"
            # A context in another normal form too.
            assert loc.text(unicodedata.normalize("NFD", "Öffnen"), context=unicodedata.normalize("NFD", "menü")) == "Open"
            assert loc.lookup("Tee") is None


@pytest.mark.parametrize("stored, asked", [(DECOMPOSED, COMPOSED), (COMPOSED, DECOMPOSED)])
def test_po_keys_in_nfc(tmp_path, stored, asked, po_sources):
    po = ('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n'
          'Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
          f'msgid "{stored}"\nmsgstr "Kaffeehaus"\n\n'
          f'msgid "{stored} (%d)"\nmsgid_plural "{stored}s (%d)"\nmsgstr[0] "ein Café"\nmsgstr[1] "%d Cafés"\n')
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "app.po").write_text(po, encoding="utf-8")
    with parlance.Catalog() as cat:
        cat.load(str(folder / "app.po"), locale="de", table="app")
        with parlance.Localizer(cat, ["de"]) as loc:
            assert loc.text(asked, table="app") == "Kaffeehaus"
            assert loc.plural(f"{asked} (%d)", 3, table="app") == "%d Cafés"
    t = pgettext.translation("app", str(tmp_path), languages=["de"])
    assert t.gettext(asked) == "Kaffeehaus"
    assert t.ngettext(f"{asked} (%d)", f"{asked}s (%d)", 1) == "ein Café"
