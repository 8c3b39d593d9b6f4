"""Accept-Language read into a localizer's preferred locales: the parser of
the C library, as a server uses it per request."""
import parlance
import pytest


@pytest.mark.parametrize("header, languages, rejected", [
    ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", ["fr-CH", "fr", "en", "de"], []),
    ("en-US,en;q=0.9", ["en-US", "en"], []),
    ("en;q=0.5, fr, de;q=0.5, ja;q=1.000", ["fr", "ja", "en", "de"], []),
    ("fr, en;q=0, *", ["fr"], []),
    ("*", [], []),
    ("", [], []),
    ("fr;q=0.5, fr, FR;q=0.8", ["fr"], []),
    ("fr, en US, de", ["fr", "de"], ["en US"]),
    ("fr;q=2, de;q=abc, en;q=0.5", ["en"], ["fr;q=2", "de;q=abc"]),
    ("ü, fr", ["fr"], ["ü"]),
    (b"de, \xff\xfe, fr", ["de", "fr"], ["\ufffd\ufffd"]),
])
def test_parses(header, languages, rejected):
    parsed = parlance.accept_language(header)
    assert list(parsed) == languages
    assert parsed.rejected == rejected


def test_none_and_nul():
    assert parlance.accept_language(None) == []
    assert parlance.accept_language("fr\0, de") == ["fr"]


def test_the_web_service_example_serves_regional_catalogs(tmp_path):
    """The README's example: a client asking for Swiss French, then French,
    of an application whose catalogs are `fr_FR` gets French."""
    for folder, text in [("fr_FR", "Bonjour"), ("de_DE", "Hallo")]:
        po = tmp_path / "locale" / folder / "LC_MESSAGES" / "app.po"
        po.parent.mkdir(parents=True)
        po.write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                      f'msgid "Hello"\nmsgstr "{text}"\n', encoding="utf-8")
    with parlance.Catalog() as cat:
        cat.load(tmp_path / "locale")
        for header, expected in [("fr-CH, fr;q=0.9, *;q=0.5", "Bonjour"), ("de-AT, *", "Hallo"),
                                 ("*", "Hello"), ("", "Hello"), ("ja, en US", "Hello")]:
            loc = parlance.Localizer(cat, parlance.accept_language(header))
            assert loc.text("Hello", table="app") == expected, header
        # The locale that served, for Content-Language, from the same lookup.
        loc = parlance.Localizer(cat, parlance.accept_language("fr-CH, fr;q=0.9"))
        assert loc.served("Hello", table="app") == ("Bonjour", "fr-FR")
        assert loc.served("Hello", table="app").locale == loc.explain("Hello", table="app").locale
        assert loc.served("Goodbye", table="app") == ("Goodbye", None)
        assert parlance.Localizer(cat, ["ja"]).served("Hello", table="app") == ("Hello", None)


def test_no_languages_is_the_development_locale_everywhere(catalog, monkeypatch):
    """An empty list never reads the environment; None asks for it."""
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    monkeypatch.setenv("LANGUAGE", "fr")
    assert parlance.Localizer(catalog, []).locales == ["en"]
    assert parlance.Localizer(catalog, parlance.accept_language("")).locales == ["en"]
    assert parlance.Localizer(catalog, None).locales[0] == "fr"


def test_a_localizer_has_a_default_table(tmp_path):
    """A gettext program's domain given once: text, plural, format, explain
    and served look in it when a call names no table; a named table wins."""
    po = tmp_path / "fr" / "LC_MESSAGES" / "app.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n'
                  'Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
                  'msgid "Open"\nmsgstr "Ouvrir"\n\n'
                  'msgid "%d day"\nmsgid_plural "%d days"\nmsgstr[0] "%d jour"\nmsgstr[1] "%d jours"\n',
                  encoding="utf-8")
    with parlance.Catalog() as cat:
        cat.load(tmp_path)
        cat.load_bytes(b'"Open" = "Ouvrir (Localizable)";', locale="fr")
        loc = parlance.Localizer(cat, ["fr"], table="app")
        assert loc.text("Open") == "Ouvrir"
        assert loc.plural("%d day", 3) == "%d jours"
        assert loc.format("%d day", 3) == "3 jours"
        assert loc.explain("Open").table == "app"
        assert loc.served("Open") == ("Ouvrir", "fr")
        assert loc.text("Open", table="Localizable") == "Ouvrir (Localizable)"
        assert parlance.Localizer(cat, ["fr"]).text("Open") == "Ouvrir (Localizable)"
        with pytest.raises(parlance.InvalidArgumentError):
            parlance.Localizer(cat, ["fr"], table="../x")
