"""Localizer lookups over the example catalog: text, lookup, contexts,
fallback, explain, caret-marked text, resources and key paths."""

import os
from pathlib import Path

import pytest

import parlance

REPO = Path(__file__).resolve().parents[3]
EXAMPLES = REPO / "Examples" / "catalog"

REGISTRATION = "Name label in registration screen"
LOGIN = "Name label in login screen"

GREETINGS = {
    "en": "Hello!",
    "fr": "Bonjour !",
    "ru": "Привет!",
    "ar": "مرحبًا!",
    "ja": "こんにちは！",
}


@pytest.mark.parametrize("locale, expected", sorted(GREETINGS.items()))
def test_text_per_locale(localize, locale, expected):
    assert localize([locale]).text("greeting") == expected


def test_text_of_missing_key_is_the_key(localize):
    loc = localize(["fr"])
    assert loc.text("No such key") == "No such key"
    assert loc.text("") == ""
    assert loc("greeting") == "Bonjour !"


def test_lookup_of_missing_key_is_none(localize):
    loc = localize(["fr"])
    assert loc.lookup("No such key") is None
    assert loc.lookup("greeting") == "Bonjour !"


def test_contexts_select_different_strings(localize):
    en = localize(["en"])
    assert en.text("Name", context=LOGIN) == "Name"
    assert en.text("Name", context=REGISTRATION) == "Full name"
    ja = localize(["ja"])
    assert ja.text("Name", context=LOGIN) == "名前"
    assert ja.text("Name", context=REGISTRATION) == "氏名"
    assert ja.lookup("Name", context="Some other context") is None


def test_fallback_chain_order(localize):
    chain = localize(["fr-CA", "en"]).locales
    assert isinstance(chain, list)
    assert chain[0] == "fr-CA"
    assert chain.index("fr-CA") < chain.index("fr") < chain.index("en")


def test_fallback_from_regional_to_language_to_development(localize):
    loc = localize(["fr-CA", "en"])
    assert loc.text("greeting") == "Bonjour !"
    assert loc.text("Name", context=LOGIN) == "Nom"
    # Untranslated in French on purpose: English supplies it.
    assert loc.text("Name", context=REGISTRATION) == "Full name"
    info = loc.explain("Name", context=REGISTRATION)
    assert info == parlance.Explanation(text="Full name", found=True, locale="en", table="Localizable",
                                        stored_key="(Name label in registration screen)Name",
                                        category=None, fallback=True)


def test_development_locale_is_last_resort(localize):
    loc = localize(["ru"], development="fr")
    assert loc.development == "fr"
    assert loc.locales[0] == "ru"
    assert "en" not in loc.locales
    # No Russian menu: the development locale, French, supplies it.
    assert loc.text("login.title", table="Menu") == "Se connecter"
    assert loc.explain("login.title", table="Menu").locale == "fr"


def test_posix_locale_spellings(localize):
    assert localize(["ru_RU.UTF-8"]).text("greeting") == "Привет!"
    assert localize("ar").text("greeting") == "مرحبًا!"


def test_empty_locale_list_means_development_only(localize):
    loc = localize([], development="ja")
    assert loc.text("greeting") == "こんにちは！"
    assert "en" not in loc.locales


def test_environment_locales(catalog, monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    with parlance.Localizer(catalog) as loc:
        assert loc.locales[0] == "ru-RU"
        assert loc.text("greeting") == "Привет!"
    monkeypatch.setenv("LANGUAGE", "ja:fr")
    with parlance.Localizer(catalog, None) as loc:
        assert loc.text("greeting") == "こんにちは！"
        loc.set_locales(["fr"])
        assert loc.text("greeting") == "Bonjour !"
        loc.set_locales(None)
        assert loc.text("greeting") == "こんにちは！"


def test_set_locales(localize):
    loc = localize(["fr"])
    loc.set_locales(["ar", "en"])
    assert loc.locales[0] == "ar"
    assert loc.text("greeting") == "مرحبًا!"
    loc.set_locales(("ja",))
    assert loc.text("greeting") == "こんにちは！"


def test_explain_found_in_first_locale(localize):
    info = localize(["ja"]).explain("greeting")
    assert info.text == "こんにちは！"
    assert info.found and not info.fallback
    assert info.locale == "ja"
    assert info.table == "Localizable"
    assert info.stored_key == "greeting"
    assert info.category is None


def test_explain_missing(localize):
    info = localize(["fr"]).explain("Nowhere", table="Menu")
    assert info == parlance.Explanation(text="Nowhere", found=False, locale=None, table="Menu",
                                        stored_key=None, category=None, fallback=False)


def test_explanation_is_frozen(localize):
    info = localize(["fr"]).explain("greeting")
    with pytest.raises(AttributeError):
        info.text = "x"


def test_localize_marked(localize):
    loc = localize(["fr"])
    assert loc.localize_marked("^Print") == "Imprimer"
    assert loc.localize_marked("^Not translated") == "Not translated"
    assert loc.localize_marked("Print") is None
    assert loc.localize_marked("") is None


def test_resource_path(localize):
    fr = localize(["fr-CA", "en"])
    path = fr.resource_path("help", "html")
    assert path is not None and os.path.samefile(path, EXAMPLES / "fr.lproj" / "help.html")
    assert os.path.samefile(fr.resource_path("help.html"), path)
    assert os.path.samefile(fr.resource_path("help.html", ""), path)
    ja = localize(["ja", "en"])
    assert os.path.samefile(ja.resource_path("help", "html"), EXAMPLES / "en.lproj" / "help.html")
    assert fr.resource_path("missing", "png") is None


def test_json_key_paths_and_tables(localize):
    assert localize(["en"]).text("login.subtitle", table="Menu") == "Sign in to Parlance Notes"
    assert localize(["fr"]).text("login.subtitle", table="Menu") == "Se connecter à Parlance Notes"
    assert localize(["ja"]).text("login.subtitle", table="Menu") == "Parlance ノートにサインイン"
    assert localize(["ja"]).text("app.name", table="Menu") == "Parlance ノート"
    # No Russian menu: English supplies it.
    ru = localize(["ru"])
    assert ru.text("login.title", table="Menu") == "Sign in"
    assert ru.explain("login.title", table="Menu").locale == "en"
    # Tables are separate namespaces.
    assert ru.lookup("login.title") is None


def test_arguments_must_be_text(localize):
    loc = localize(["fr"])
    with pytest.raises(TypeError):
        loc.text(b"greeting")
    with pytest.raises(ValueError, match="NUL"):
        loc.text("greet\0ing")
    with pytest.raises(UnicodeEncodeError):
        loc.text("\udc80")
    with pytest.raises(TypeError):
        loc.lookup(None)


def test_non_ascii_keys_round_trip(localize):
    loc = localize(["ja"])
    assert loc.text("ключ — キー") == "ключ — キー"
    assert loc.lookup("ключ — キー") is None
