"""The Parlance extension of parlance.gettext, turned on by
``po_sources = True``: a domain with only ``.po`` sources is loaded from
them (the differential tests compare those results with the standard
library reading the compiled .mo files). Off, the search is the standard
library's."""

import gettext as stdlib_gettext
import shutil

import pytest

import parlance

from parlance import gettext as pgettext


@pytest.fixture
def po(gettext_catalogs, po_sources):
    return str(gettext_catalogs.po)


def test_po_search_is_off_by_default(gettext_catalogs, monkeypatch, gettext_globals):
    monkeypatch.setattr(pgettext, "po_sources", False)
    po = str(gettext_catalogs.po)
    for module in (stdlib_gettext, pgettext):
        with pytest.raises(FileNotFoundError):
            module.translation("app", po, ["ru"])
        assert type(module.translation("app", po, ["ru"], fallback=True)) is stdlib_gettext.NullTranslations
    pgettext.bindtextdomain("app", po)
    monkeypatch.setenv("LANGUAGE", "ru")
    assert pgettext.dgettext("app", "Hello") == "Hello"
    monkeypatch.setattr(pgettext, "po_sources", True)   # the module-level functions see the switch
    assert pgettext.dgettext("app", "Hello") != "Hello"


def test_po_only_directory_works(po, gettext_catalogs):
    assert stdlib_gettext.find("app", po, ["ru"]) is None
    assert pgettext.find("app", po, ["ru"]) is None          # find() reports .mo files only
    with pytest.raises(FileNotFoundError):
        stdlib_gettext.translation("app", po, ["ru"])
    t = pgettext.translation("app", po, ["ru", "de"])
    assert type(t) is pgettext.GNUTranslations
    assert t.gettext("Hello") == "Привет"
    assert t.gettext("Only in German") == "Nur auf Deutsch"
    assert t.ngettext("%d file", "%d files", 22) == "%d файла"
    assert t.pgettext("menu", "Open") == "Открыть файл"
    assert t.pgettext("", "Open") == "Открыть (пустой контекст)"
    assert t.gettext("Line one\nLine two\twith a tab and \"quotes\" and a \\ backslash") == \
        "Строка один\nСтрока два\tс табуляцией и «кавычками» и \\ обратной чертой"
    assert t.gettext("A message split over lines") == "Сообщение, разбитое на строки"
    std = stdlib_gettext.translation("app", str(gettext_catalogs.mo), ["ru"])
    assert t.info() == std.info() and t.charset() == std.charset() == "UTF-8"
    assert t.gettext("") == std.gettext("")


def test_po_skips_what_msgfmt_skips(po):
    t = pgettext.translation("app", po, ["ru"])
    for msgid in ("Save", "Untranslated", "Obsolete"):          # fuzzy, empty, #~
        assert t.gettext(msgid) == msgid
    assert t.ngettext("%d item", "%d items", 5) == "%d items"
    assert t.pgettext("menu", "Quit") == "Quit"


def test_po_in_legacy_charsets(po):
    assert pgettext.translation("legacy", po, ["fr"]).gettext("Café") == "Café crème"
    t = pgettext.translation("legacy", po, ["ru"])
    assert t.charset() == "KOI8-R"
    assert t.pgettext("меню", "Файл") == "Файл (меню)"
    t = pgettext.translation("legacy", po, ["ja"])
    assert t.charset() == "Shift_JIS"
    assert t.gettext("Table") == "表示する表"
    assert t.pgettext("メニュー", "開く") == "ファイルを開く"


def test_global_functions_and_install_use_po(po, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "pl")
    saved = dict(pgettext._localedirs)
    try:
        pgettext.bindtextdomain("app", po)
        assert pgettext.dgettext("app", "Hello") == "Cześć"
        assert pgettext.dnpgettext("app", "mailbox", "%d message", "%d messages", 3) == "%d wiadomości"
        assert pgettext.translation("app", po, fallback=True).info()["x-note"] == \
            "first line\nsecond line of the note"
    finally:
        pgettext._localedirs.clear()
        pgettext._localedirs.update(saved)
        pgettext._resolved.clear()


def test_po_only_when_no_mo_is_found(po_sources, tmp_path, gettext_catalogs):
    # ru has a .mo, de only a .po: the standard search finds ru's .mo, and
    # only that is used, as the standard library would.
    for lang, source in (("ru", gettext_catalogs.mo), ("de", gettext_catalogs.po)):
        name = "app.mo" if source == gettext_catalogs.mo else "app.po"
        target = tmp_path / lang / "LC_MESSAGES" / name
        target.parent.mkdir(parents=True)
        shutil.copyfile(source / lang / "LC_MESSAGES" / name, target)
    t = pgettext.translation("app", str(tmp_path), ["de", "ru"])
    std = stdlib_gettext.translation("app", str(tmp_path), ["de", "ru"])
    assert t.gettext("Hello") == std.gettext("Hello") == "Привет"
    assert t.gettext("Only in German") == "Only in German"
    assert pgettext.translation("app", str(tmp_path), ["de"]).gettext("Hello") == "Hallo"


def test_po_search_needs_a_parlance_class(po):
    with pytest.raises(FileNotFoundError):
        pgettext.translation("app", po, ["ru"], class_=stdlib_gettext.GNUTranslations)

    class Sub(pgettext.GNUTranslations):
        pass

    assert type(pgettext.translation("app", po, ["ru"], class_=Sub)) is Sub


def test_broken_po_raises_oserror(po_sources, tmp_path):
    path = tmp_path / "xx" / "LC_MESSAGES" / "bad.po"
    path.parent.mkdir(parents=True)
    path.write_text('msgid "a"\nmsgstr "unterminated\n', encoding="utf-8")
    with pytest.raises(OSError) as raised:
        pgettext.translation("bad", str(tmp_path), ["xx"])
    assert raised.value.errno == 0 and raised.value.filename == str(path)


def test_catalog_header_is_the_librarys_reading(tmp_path):
    """Catalog.header gives a gettext table's header as the library read it
    (charset converted); tables of other formats have none."""
    po = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=ISO-8859-1\\n"\n'
          '"Last-Translator: Jos\xe9\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
          'msgid "a"\nmsgstr "b"\n').encode("latin-1")
    with parlance.Catalog() as cat:
        cat.load_bytes(po, "pt_BR", table="app", format="po")
        cat.load_bytes(b'"x" = "y";', "pt-BR")
        assert cat.header("pt-BR", "app") == ("Content-Type: text/plain; charset=ISO-8859-1\n"
                                              "Last-Translator: Jos\xe9\n"
                                              "Plural-Forms: nplurals=2; plural=(n != 1);\n")
        assert cat.header("pt_BR.UTF-8", "app") == cat.header("pt-BR", "app")
        assert cat.header("pt-BR") is None          # a .strings table keeps no header
        assert cat.header("fr", "app") is None      # no such table
