"""Errors: each status maps to its Error subclass, carrying the message and
the file, line and column read on the failing thread; failed loads change
nothing."""

import threading

import pytest

import parlance
from parlance._errors import error_for_status

STRINGSDICT_BAD = """<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
    <key>k</key>
    <string>a</strng>
</dict>
</plist>
"""


@pytest.mark.parametrize("status, cls, builtin", [
    (1, parlance.InvalidArgumentError, ValueError),
    (2, parlance.NotFoundError, FileNotFoundError),
    (3, parlance.ReadError, OSError),
    (4, parlance.ParseError, ValueError),
    (5, parlance.EncodingError, ValueError),
    (6, parlance.FormatError, TypeError),
    (7, parlance.LocaleError, ValueError),
    (8, parlance.KeyPathError, ValueError),
    (9, parlance.ResourceError, parlance.Error),
])
def test_status_mapping(status, cls, builtin):
    error = error_for_status(status, "f.strings:2:3: bad", b"f.strings", 2, 3)
    assert type(error) is cls
    assert isinstance(error, parlance.Error) and isinstance(error, builtin)
    assert (error.status, error.message, error.path, error.line, error.column) == (status, "f.strings:2:3: bad",
                                                                                   "f.strings", 2, 3)
    assert str(error) == "f.strings:2:3: bad"
    assert cls.status == status


def test_unknown_status_is_a_plain_error():
    error = error_for_status(42, "new failure")
    assert type(error) is parlance.Error
    assert error.status == 42 and error.path is None and error.line == 0


def load_error(path, expected):
    """The error of type `expected` that loading `path` raises."""
    with parlance.Catalog() as cat:
        with pytest.raises(expected) as info:
            cat.load(path)
    return info.value


def assert_located(error, path, line, column, text):
    assert error.path == str(path)
    assert (error.line, error.column) == (line, column)
    assert f"{path}:{line}:{column}" in error.message
    assert text in error.message
    assert str(error) == error.message


def test_strings_syntax_error(tmp_path, write):
    path = write(tmp_path / "fr.lproj" / "Localizable.strings", '"a" = "b";\n"c" = "d"\n"e" = "f";\n')
    error = load_error(path, parlance.ParseError)
    assert error.status == 4
    assert_located(error, path, 2, 10, "missing ';'")


def test_strings_encoding_error(tmp_path, write):
    path = write(tmp_path / "fr.lproj" / "Localizable.strings", b'"a" = "b";\n"c" = "\xc3\x28";\n')
    error = load_error(path, parlance.EncodingError)
    assert error.status == 5
    assert_located(error, path, 2, 8, "")


def test_stringsdict_syntax_error(tmp_path, write):
    path = write(tmp_path / "en.lproj" / "Localizable.stringsdict", STRINGSDICT_BAD)
    error = load_error(path, parlance.ParseError)
    assert_located(error, path, 5, 14, "expected </string>")


def test_json_syntax_error(tmp_path, write):
    path = write(tmp_path / "en.lproj" / "Menu.json", '{\n  "a": [1,\n    2,,\n  ]\n}')
    error = load_error(path, parlance.ParseError)
    assert_located(error, path, 3, 7, "unexpected ','")


def test_json_reference_cycle(tmp_path, write):
    path = write(tmp_path / "en.lproj" / "Menu.json", '{"a": "x{b}",\n "b": "y{a}"}')
    error = load_error(path, parlance.KeyPathError)
    assert error.status == 8
    assert_located(error, path, 1, 7, "cycle")


def test_json_encoding_error(tmp_path, write):
    path = write(tmp_path / "en.lproj" / "Menu.json", b'{"a":\n "\xff"}')
    error = load_error(path, parlance.EncodingError)
    assert_located(error, path, 2, 3, "0xFF")


def test_load_bytes_error_has_no_file_but_a_position():
    with parlance.Catalog() as cat:
        with pytest.raises(parlance.ParseError) as info:
            cat.load_bytes(b'"a" = "b"', locale="en")
    assert info.value.line == 1 and info.value.column == 10
    assert "missing ';'" in info.value.message


def test_missing_file_is_not_found(tmp_path):
    missing = tmp_path / "nowhere" / "fr.lproj" / "Localizable.strings"
    with parlance.Catalog() as cat:
        with pytest.raises(FileNotFoundError) as info:
            cat.load(missing)
    error = info.value
    assert isinstance(error, parlance.NotFoundError)
    assert error.status == 2 and error.path == str(missing)
    assert (error.line, error.column) == (0, 0)
    assert str(missing) in str(error)


def test_directory_without_lproj_is_not_found(tmp_path):
    with parlance.Catalog() as cat:
        with pytest.raises(parlance.NotFoundError) as info:
            cat.load(tmp_path)
    assert info.value.path == str(tmp_path)


def test_failed_load_keeps_the_previous_tables(tmp_path, write, example_dir):
    with parlance.Catalog() as cat, parlance.Localizer(cat, ["fr"]) as loc:
        cat.load(example_dir / "fr.lproj" / "Localizable.strings")
        bad = write(tmp_path / "fr.lproj" / "Localizable.strings", '"greeting" = "Salut";\n"x" = ;\n')
        with pytest.raises(parlance.ParseError):
            cat.load(bad)
        assert loc.text("greeting") == "Bonjour !"
        with pytest.raises(parlance.ParseError):
            cat.load_bytes(b'"greeting" = "Salut"', locale="fr")
        assert loc.text("greeting") == "Bonjour !"
        assert cat.locales == ("fr",)


def test_failed_directory_load_is_all_or_nothing(tmp_path, write):
    write(tmp_path / "en.lproj" / "Localizable.strings", '"greeting" = "Hi";')
    write(tmp_path / "de.lproj" / "Localizable.strings", '"greeting" = "Hallo"')
    with parlance.Catalog() as cat:
        with pytest.raises(parlance.ParseError) as info:
            cat.load(tmp_path)
        assert info.value.path.endswith("de.lproj/Localizable.strings")
        assert cat.locales == ()


@pytest.mark.parametrize("name", ["!!", "", "en US", "ü", "*", "en-US;q=0.8"])
def test_a_name_that_names_no_language_costs_that_name(catalog, name):
    """Only that name is skipped: the request is served from the others."""
    assert parlance.Localizer(catalog, [name]).locales == ["en"]
    loc = parlance.Localizer(catalog, [name, "fr"])
    assert loc.locales[0] == "fr"
    assert loc.text("greeting") == "Bonjour !"


def test_invalid_development_locale_keeps_the_previous_chain(catalog):
    loc = parlance.Localizer(catalog, ["fr"])
    loc.set_locales(["ja", "!!"])
    assert loc.locales[0] == "ja"
    with pytest.raises(parlance.LocaleError) as info:
        parlance.Localizer(catalog, ["fr"], development="!!")
    assert info.value.status == 7
    assert isinstance(info.value, ValueError)


def test_invalid_development_locale(catalog):
    with pytest.raises(parlance.LocaleError):
        parlance.Localizer(catalog, ["fr"], development="!!")


def test_load_bytes_invalid_locale():
    with parlance.Catalog() as cat:
        with pytest.raises(parlance.LocaleError):
            cat.load_bytes(b'"a" = "b";', locale="!!")


def test_errors_are_per_thread(tmp_path, write):
    """Each thread's exception describes its own failure, even while other
    threads fail at the same time."""
    files = {
        "strings": (write(tmp_path / "a" / "en.lproj" / "Localizable.strings", '"a" = "b"'), parlance.ParseError),
        "locale": (None, parlance.LocaleError),
        "missing": (tmp_path / "none" / "x.strings", parlance.NotFoundError),
        "encoding": (write(tmp_path / "b" / "en.lproj" / "Localizable.strings", b'"\xff" = "b";'),
                     parlance.EncodingError),
    }
    problems = []

    def run(kind):
        path, expected = files[kind]
        with parlance.Catalog() as cat:
            for _ in range(300):
                try:
                    if path is None:
                        cat.load_bytes(b'"a" = "b";', locale="!!")
                    else:
                        cat.load(path)
                except parlance.Error as error:
                    if type(error) is not expected or (path is not None and error.path != str(path)):
                        problems.append((kind, repr(error), error.path))
                else:
                    problems.append((kind, "no error"))

    threads = [threading.Thread(target=run, args=(kind,)) for kind in files]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert problems == []
