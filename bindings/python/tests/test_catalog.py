"""Catalog: loading files, directories and bytes; locales and tables."""

import pathlib
from pathlib import Path

import pytest

import parlance

REPO = Path(__file__).resolve().parents[3]
EXAMPLES = REPO / "Examples" / "catalog"


def test_directory_load_finds_every_locale_and_table(catalog):
    assert catalog.locales == ("ar", "en", "fr", "ja", "ru")
    assert catalog.tables == ("Localizable", "Menu")
    assert isinstance(catalog.locales, tuple)


def test_empty_catalog():
    with parlance.Catalog() as cat:
        assert cat.locales == ()
        assert cat.tables == ()


def test_single_file_infers_locale_and_table():
    with parlance.Catalog() as cat:
        cat.load(EXAMPLES / "fr.lproj" / "Localizable.strings")
        assert cat.locales == ("fr",)
        assert cat.tables == ("Localizable",)
        with parlance.Localizer(cat, ["fr"]) as loc:
            assert loc.text("greeting") == "Bonjour !"


def test_single_file_with_explicit_locale_table_and_format():
    with parlance.Catalog() as cat:
        cat.load(str(EXAMPLES / "en.lproj" / "Localizable.strings"), locale="de_DE", table="Other",
                 format="strings")
        assert cat.locales == ("de-DE",)
        assert cat.tables == ("Other",)
        with parlance.Localizer(cat, ["de-DE"]) as loc:
            assert loc.text("greeting", table="Other") == "Hello!"
            assert loc.lookup("greeting") is None


def test_utf16_strings_file():
    with parlance.Catalog() as cat:
        cat.load(EXAMPLES / "ru.lproj" / "Localizable.strings")
        with parlance.Localizer(cat, ["ru"]) as loc:
            assert loc.text("greeting") == "Привет!"
            assert loc.text("Name", context="Name label in registration screen") == "Полное имя"


def test_stringsdict_file():
    with parlance.Catalog() as cat:
        cat.load(EXAMPLES / "en.lproj" / "Localizable.stringsdict")
        with parlance.Localizer(cat, ["en"]) as loc:
            assert loc.format("files.count", 2) == "2 files"


def test_json_file_with_key_paths():
    with parlance.Catalog() as cat:
        cat.load(EXAMPLES / "fr.lproj" / "Menu.json")
        assert cat.tables == ("Menu",)
        with parlance.Localizer(cat, ["fr"]) as loc:
            assert loc.text("login.subtitle", table="Menu") == "Se connecter à Parlance Notes"


def test_path_like_and_bytes_paths():
    with parlance.Catalog() as cat:
        cat.load(pathlib.PurePosixPath(str(EXAMPLES / "ja.lproj" / "Localizable.strings")))
        cat.load(bytes(EXAMPLES / "en.lproj" / "Localizable.strings"))
        assert cat.locales == ("en", "ja")


@pytest.mark.parametrize("fmt, data, key, expected", [
    (None, '"k" = "v";', "k", "v"),
    ("strings", '/* c */ "k" = "w";', "k", "w"),
    ("json", '{"a": {"b": "nested"}, "c": "{a.b}!"}', "c", "nested!"),
    ("stringsdict", """<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict><key>k</key><dict>
<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
<key>NSStringFormatValueTypeKey</key><string>d</string>
<key>one</key><string>one thing</string><key>other</key><string>%d things</string></dict>
</dict></dict></plist>""", "k", "%d things"),
])
def test_load_bytes_each_format(fmt, data, key, expected):
    with parlance.Catalog() as cat:
        cat.load_bytes(data.encode(), locale="en", format=fmt)
        assert cat.locales == ("en",)
        assert cat.tables == ("Localizable",)
        with parlance.Localizer(cat, ["en"]) as loc:
            assert loc.text(key) == expected


def test_load_bytes_accepts_bytearray_and_memoryview_and_table():
    with parlance.Catalog() as cat:
        cat.load_bytes(bytearray(b'"a" = "A";'), locale="fr", table="T1")
        cat.load_bytes(memoryview(b'"b" = "B";'), locale="fr_FR", table="T2")
        assert cat.locales == ("fr", "fr-FR")
        assert cat.tables == ("T1", "T2")


def test_reloading_a_table_replaces_it_whole():
    with parlance.Catalog() as cat, parlance.Localizer(cat, ["en"]) as loc:
        cat.load_bytes(b'"a" = "1"; "b" = "2";', locale="en")
        cat.load_bytes(b'"a" = "3";', locale="en")
        assert loc.text("a") == "3"
        assert loc.lookup("b") is None


def test_unknown_format_name():
    with parlance.Catalog() as cat:
        with pytest.raises(parlance.InvalidArgumentError, match="xml"):
            cat.load_bytes(b"", locale="en", format="xml")
        with pytest.raises(ValueError):
            cat.load(EXAMPLES, format="po")


def test_directory_refuses_locale_table_and_format():
    with parlance.Catalog() as cat:
        with pytest.raises(parlance.InvalidArgumentError) as info:
            cat.load(EXAMPLES, locale="fr")
        assert info.value.status == 1
        with pytest.raises(parlance.InvalidArgumentError):
            cat.load(EXAMPLES, format="json")


def test_file_outside_lproj_needs_a_locale(tmp_path, write):
    path = write(tmp_path / "Texts.strings", '"k" = "v";')
    with parlance.Catalog() as cat:
        with pytest.raises(parlance.InvalidArgumentError) as info:
            cat.load(path)
        assert info.value.path == str(path)
        cat.load(path, locale="en")
        assert cat.tables == ("Texts",)


def test_i18n_folder_is_searched(tmp_path, write):
    write(tmp_path / "i18n" / "de.lproj" / "Localizable.strings", '"greeting" = "Hallo!";')
    with parlance.Catalog() as cat, parlance.Localizer(cat, ["de"]) as loc:
        cat.load(tmp_path)
        assert cat.locales == ("de",)
        assert loc.text("greeting") == "Hallo!"


def test_text_arguments_are_checked():
    with parlance.Catalog() as cat:
        with pytest.raises(ValueError, match="NUL"):
            cat.load_bytes(b"", locale="e\0n")
        with pytest.raises(ValueError, match="NUL"):
            cat.load("a\0b")
        with pytest.raises(TypeError):
            cat.load_bytes(b"", locale=b"en")
        with pytest.raises(parlance.InvalidArgumentError):
            cat.load_bytes(b"", locale=None)


def test_repr(catalog):
    assert "Menu" in repr(catalog)
    catalog.close()
    assert "closed" in repr(catalog)
