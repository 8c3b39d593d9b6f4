"""parlance.gettext's module-level API against the standard library's:
translation(), find(), install(), bindtextdomain()/textdomain(), the global
functions, environment variables, language lists, fallbacks and class_."""

import builtins
import copy
import errno
import gettext as stdlib_gettext
import io

import pytest

import parlance.gettext
from parlance import gettext as pgettext

BOTH = [stdlib_gettext, pgettext]


@pytest.fixture(autouse=True)
def clean_state(gettext_globals):
    """No language variables set; each module's global domain state restored."""
    yield


@pytest.fixture
def mo(gettext_catalogs):
    return str(gettext_catalogs.mo)


def test_same_names_as_the_standard_library():
    assert pgettext is parlance.gettext
    assert set(stdlib_gettext.__all__) == set(pgettext.__all__)
    for name in stdlib_gettext.__all__ + ["c2py"]:
        assert callable(getattr(pgettext, name)), name
    assert pgettext.Catalog is pgettext.translation
    assert pgettext.c2py is stdlib_gettext.c2py
    assert pgettext.NullTranslations is stdlib_gettext.NullTranslations
    assert issubclass(pgettext.GNUTranslations, stdlib_gettext.GNUTranslations)


def test_find_is_the_standard_search(mo, monkeypatch):
    for languages in (["ru"], ["de_DE.UTF-8", "ru"], ["fr_CA", "pl"], ["C", "ru"], ["xx"], []):
        for all_ in (False, True):
            assert pgettext.find("app", mo, languages, all_) == stdlib_gettext.find("app", mo, languages, all_)
    monkeypatch.setenv("LANGUAGE", "ga:ja")
    assert pgettext.find("app", mo, all=True) == stdlib_gettext.find("app", mo, all=True) != []
    assert pgettext.find("app") == stdlib_gettext.find("app")


SEARCH_NAMES = ["de", "de_DE", "de_DE.UTF-8", "de_DE.UTF-8@euro", "de_AT@euro", "de.utf8", "sr@latin", "sr_RS@Latn",
                "pt_BR", "pt_BR.ISO8859-1", "ja_JP.eucJP", "zh_CN.GB18030", "zh_TW", "en_US", "en", "fr_CA.UTF-8",
                "ca_ES@valencia", "be_BY@latin", "nb_NO", "no", "iw", "C", "POSIX", "xx", "xx_YY.abc@def", "ku_TR"]


def test_po_search_is_the_standard_search(tmp_path, monkeypatch):
    """The .po search (``_gettext_search.find_sources``) is the standard
    find()'s, name for name: every folder find() would try holds both a .mo
    and a .po, and the .po files found are the .mo files find() finds."""
    from parlance import _gettext_search
    folders = {name for language in SEARCH_NAMES for name in stdlib_gettext._expand_lang(language)}
    for folder in folders:
        messages = tmp_path / folder / "LC_MESSAGES"
        messages.mkdir(parents=True)
        (messages / "app.mo").write_bytes(b"")
        (messages / "app.po").write_bytes(b"")
    lists = [[name] for name in SEARCH_NAMES] + [SEARCH_NAMES, SEARCH_NAMES[::-1], ["xx", "de_AT@euro", "C", "ru"]]
    for languages in lists:
        expected = [path[:-3] + ".po" for path in stdlib_gettext.find("app", str(tmp_path), languages, all=True)]
        assert _gettext_search.find_sources("app", str(tmp_path), languages) == expected, languages
    for value in ("de_DE.UTF-8@euro:sr@latin", "C", "pt_BR:xx"):
        monkeypatch.setenv("LANGUAGE", value)
        expected = [path[:-3] + ".po" for path in stdlib_gettext.find("app", str(tmp_path), all=True)]
        assert _gettext_search.find_sources("app", str(tmp_path), None) == expected, value


@pytest.mark.parametrize("languages", [["ru"], ["de", "ru"], ["ru", "de"], ["fr", "pl", "de"],
                                       ["pt_BR", "ja_JP.UTF-8"], ["ar_EG.UTF-8@latin", "ga"], ("pl", "ru")])
def test_language_lists_chain_like_the_standard_library(mo, languages):
    std = stdlib_gettext.translation("app", mo, languages)
    ours = pgettext.translation("app", mo, languages)
    for msgid in ("Hello", "Only in German", "Not anywhere", "Same"):
        assert ours.gettext(msgid) == std.gettext(msgid)
    for context in ("menu", "nothing"):
        assert ours.pgettext(context, "Open") == std.pgettext(context, "Open")
    for n in range(30):
        assert ours.ngettext("%d file", "%d files", n) == std.ngettext("%d file", "%d files", n)


@pytest.mark.parametrize("variable,value", [("LANGUAGE", "ru:de"), ("LANGUAGE", "de:ru"), ("LC_ALL", "pl_PL.UTF-8"),
                                            ("LC_MESSAGES", "ga_IE"), ("LANG", "ja_JP.UTF-8"),
                                            ("LANG", "C"), ("LANGUAGE", "xx:de")])
def test_environment_chooses_the_languages(mo, monkeypatch, variable, value):
    monkeypatch.setenv(variable, value)
    std = stdlib_gettext.translation("app", mo, fallback=True)
    ours = pgettext.translation("app", mo, fallback=True)
    if type(std) is stdlib_gettext.NullTranslations:
        assert type(ours) is stdlib_gettext.NullTranslations
    else:
        assert type(ours) is pgettext.GNUTranslations
    for msgid in ("Hello", "Only in German", "Not anywhere"):
        assert ours.gettext(msgid) == std.gettext(msgid)


def test_nothing_found(mo):
    for module in BOTH:
        assert type(module.translation("app", mo, ["xx"], fallback=True)) is stdlib_gettext.NullTranslations
        with pytest.raises(FileNotFoundError) as raised:
            module.translation("nope", mo, ["ru"])
        assert raised.value.errno == errno.ENOENT
        assert raised.value.args == (errno.ENOENT, "No translation file found for domain")
        assert raised.value.filename == "nope"
        assert str(raised.value) == "[Errno 2] No translation file found for domain: 'nope'"


def test_translation_objects_are_cached_and_copied(mo, gettext_catalogs):
    t1 = pgettext.translation("app", mo, ["ru"])
    t2 = pgettext.translation("app", mo + "/.", ["ru"])
    path = str((gettext_catalogs.mo / "ru" / "LC_MESSAGES" / "app.mo").resolve())
    cached = pgettext._translations[(pgettext.GNUTranslations, path)]
    assert t1 is not t2 and t1 is not cached
    assert t1._localizer is t2._localizer is cached._localizer
    t1.add_fallback(pgettext.translation("app", mo, ["de"]))
    assert t1.gettext("Only in German") == "Nur auf Deutsch"
    assert t2.gettext("Only in German") == "Only in German"
    assert copy.copy(t1).gettext("Hello") == "Привет"


def test_add_fallback_chains(mo):
    class Recording(stdlib_gettext.NullTranslations):
        def __init__(self):
            super().__init__()
            self.calls = []

        def gettext(self, message):
            self.calls.append(("gettext", message))
            return message.upper()

        def ngettext(self, msgid1, msgid2, n):
            self.calls.append(("ngettext", msgid1, n))
            return (msgid1 if n == 1 else msgid2).upper()

        def pgettext(self, context, message):
            self.calls.append(("pgettext", context, message))
            return message.upper()

        def npgettext(self, context, msgid1, msgid2, n):
            self.calls.append(("npgettext", context, msgid1, n))
            return (msgid1 if n == 1 else msgid2).upper()

    for module in BOTH:
        t = module.translation("app", mo, ["ja"])
        t.add_fallback(stdlib_gettext.translation("app", mo, ["de"]))   # a standard object in the chain
        last = Recording()
        t.add_fallback(last)
        assert t._fallback._fallback is last
        assert t.gettext("Hello") == "こんにちは"
        assert t.gettext("Only in German") == "Nur auf Deutsch"
        assert t.gettext("nowhere") == "NOWHERE"
        assert t.ngettext("%d file", "%d files", 3) == "%d 個のファイル"
        assert t.ngettext("%d thing", "%d things", 3) == "%D THINGS"
        assert t.pgettext("menu", "Close") == "CLOSE"
        assert t.npgettext("mailbox", "%d message", "%d messages", 1) == "%D MESSAGE"
        assert last.calls == [("gettext", "nowhere"), ("ngettext", "%d thing", 3), ("pgettext", "menu", "Close"),
                              ("npgettext", "mailbox", "%d message", 1)]


def test_class_argument(mo):
    class Shouting(pgettext.GNUTranslations):
        def gettext(self, message):
            return super().gettext(message).upper()

    t = pgettext.translation("app", mo, ["de", "ru"], class_=Shouting)
    assert type(t) is Shouting and type(t._fallback) is Shouting
    assert t.gettext("Hello") == "HALLO"
    assert t.gettext("Only in German") == "NUR AUF DEUTSCH"
    assert type(pgettext.translation("app", mo, ["ru"], class_=pgettext.NullTranslations)) \
        is stdlib_gettext.NullTranslations
    # The standard class over the same files, cached apart from Parlance's.
    std = pgettext.translation("app", mo, ["ru"], class_=stdlib_gettext.GNUTranslations)
    assert type(std) is stdlib_gettext.GNUTranslations and std.gettext("Hello") == "Привет"


def test_install_puts_underscore_in_builtins(mo, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "ru")
    saved = {name: builtins.__dict__[name] for name in ("_", "gettext", "ngettext", "pgettext", "npgettext")
             if name in builtins.__dict__}
    try:
        pgettext.install("app", mo)
        assert _("Hello") == "Привет"  # noqa: F821
        assert "ngettext" not in builtins.__dict__
        pgettext.install("app", mo, names=["ngettext", "pgettext", "lgettext"])
        assert builtins.ngettext("%d file", "%d files", 5) == "%d файлов"
        assert builtins.pgettext("menu", "Open") == "Открыть файл"
        assert "lgettext" not in builtins.__dict__
        pgettext.install("nope", mo)
        assert _("Hello") == "Hello"  # noqa: F821
    finally:
        for name in ("_", "gettext", "ngettext", "pgettext", "npgettext"):
            builtins.__dict__.pop(name, None)
        builtins.__dict__.update(saved)


def _global_results():
    return [(module.gettext("Hello"), module.ngettext("%d file", "%d files", 2),
             module.pgettext("menu", "Open"), module.npgettext("mailbox", "%d message", "%d messages", 5),
             module.dgettext("legacy", "Hello"), module.dngettext("legacy", "%d file", "%d files", 5),
             module.dpgettext("app", "menu", "Open"), module.dnpgettext("nope", "c", "one", "many", 1))
            for module in BOTH]


def test_global_functions_follow_domains_directories_and_environment(mo, gettext_catalogs, monkeypatch):
    for module in BOTH:
        assert module.textdomain() == "messages"
        assert module.bindtextdomain("app") == stdlib_gettext._default_localedir
        assert module.gettext("Hello") == "Hello"
        assert module.ngettext("a", "b", 2) == "b"
    monkeypatch.setenv("LANGUAGE", "ru")
    std, ours = _global_results()
    assert ours == std == ("Hello", "%d files", "Open", "%d messages", "Hello", "%d files", "Open", "one")
    for module in BOTH:
        assert module.bindtextdomain("app", mo) == mo
        assert module.bindtextdomain("legacy", mo) == mo
        assert module.textdomain("app") == "app"
    std, ours = _global_results()
    assert ours == std
    assert ours[:4] == ("Привет", "%d файла", "Открыть файл", "%d писем")
    assert ours[4] == "Здравствуйте, мир"
    monkeypatch.setenv("LANGUAGE", "pl:ru")
    std, ours = _global_results()
    assert ours == std and ours[0] == "Cześć"
    monkeypatch.delenv("LANGUAGE")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    std, ours = _global_results()
    assert ours == std and ours[4] == "Bonjour, ça va ? À bientôt" and ours[0] == "Hello"
    monkeypatch.setenv("LC_ALL", "de_AT.UTF-8")
    std, ours = _global_results()
    assert ours == std and ours[0] == "Hallo"
    for module in BOTH:
        module.bindtextdomain("app", str(gettext_catalogs.mo_be))
    std, ours = _global_results()
    assert ours == std and ours[0] == "Hallo"
    for module in BOTH:
        module.textdomain("legacy")
    std, ours = _global_results()
    assert ours == std and ours[0] == "Hello"
    monkeypatch.setenv("LC_ALL", "ru_RU.KOI8-R")
    std, ours = _global_results()
    assert ours == std and ours[0] == "Здравствуйте, мир"


def test_bindtextdomain_notices_new_files(tmp_path, gettext_catalogs, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "ru")
    pgettext.bindtextdomain("app", str(tmp_path))
    assert pgettext.dgettext("app", "Hello") == "Hello"
    target = tmp_path / "ru" / "LC_MESSAGES" / "app.mo"
    target.parent.mkdir(parents=True)
    target.write_bytes((gettext_catalogs.mo / "ru" / "LC_MESSAGES" / "app.mo").read_bytes())
    pgettext.bindtextdomain("app", str(tmp_path))
    assert pgettext.dgettext("app", "Hello") == "Привет"


@pytest.mark.parametrize("lang", ["x", "C.UTF-8", "foo-bar-baz"])
def test_directory_names_parlance_rejects_load_under_a_neutral_locale(tmp_path, gettext_catalogs, lang):
    target = tmp_path / lang / "LC_MESSAGES" / "app.mo"
    target.parent.mkdir(parents=True)
    target.write_bytes((gettext_catalogs.mo / "ru" / "LC_MESSAGES" / "app.mo").read_bytes())
    with open(target, "rb") as fp:
        t = pgettext.GNUTranslations(fp)
    assert t._localizer.locales == ["zxx"]
    assert t.gettext("Hello") == "Привет"
    assert t.ngettext("%d file", "%d files", 3) == "%d файла"


def test_file_objects_without_a_name(gettext_catalogs):
    data = (gettext_catalogs.mo_be / "pl" / "LC_MESSAGES" / "app.mo").read_bytes()
    t = pgettext.GNUTranslations(io.BytesIO(data))
    std = stdlib_gettext.GNUTranslations(io.BytesIO(data))
    assert t.info() == std.info()
    assert [t.ngettext("%d file", "%d files", n) for n in range(30)] == \
        [std.ngettext("%d file", "%d files", n) for n in range(30)]
    assert t.gettext("Hello") == "Cześć"
