"""Localizer.format: typed arguments, .stringsdict variables, plural entries
chosen by the first numeric argument, and format errors."""

from decimal import Decimal

import pytest

import parlance

FOLLOWERS = "You have %d followers."
CTX = "Number of followers label"

TABLE = '''
"count" = "%d apples";
"price" = "%.2f EUR";
"ratio" = "%g";
"name" = "%s";
"swap" = "%2$@ then %1$@";
"object" = "[%@]";
"big" = "%lld";
'''


@pytest.fixture
def scratch():
    """A localizer over a small in-memory English table."""
    with parlance.Catalog() as cat:
        cat.load_bytes(TABLE.encode(), locale="en")
        with parlance.Localizer(cat, ["en"]) as loc:
            yield loc


@pytest.mark.parametrize("locale, args, expected", [
    ("en", ("Ana",), "Welcome, Ana!"),
    ("fr", ("Ana",), "Bienvenue, Ana !"),
    ("ja", ("アナ",), "ようこそ、アナさん！"),
    ("ar", ("Ana",), "أهلًا، Ana!"),   # as Foundation formats it: no isolates unless asked for
    ("en", (3,), "Welcome, 3!"),          # %@ takes any type
    ("en", (2.5,), "Welcome, 2.5!"),
])
def test_object_placeholder(localize, locale, args, expected):
    assert localize([locale]).format("welcome.user", *args) == expected


@pytest.mark.parametrize("locale, count, expected", [
    ("en", 0, "No files"),               # .stringsdict explicit zero
    ("en", 1, "1 file"),
    ("en", 2, "2 files"),
    ("fr", 0, "0 fichier"),
    ("fr", 3, "3 fichiers"),
    ("fr", 1000000, "1000000 de fichiers"),
    ("ru", 1, "1 файл"),
    ("ru", 3, "3 файла"),
    ("ru", 5, "5 файлов"),
    ("ru", 21, "21 файл"),
    ("ar", 0, "لا توجد ملفات"),
    ("ar", 2, "ملفان"),
    ("ar", 3, "3 ملفات"),
    ("ar", 11, "11 ملفًا"),
    ("ar", 100, "100 ملف"),
    ("ja", 4, "4 files"),                # no Japanese .stringsdict: English
])
def test_stringsdict_variables(localize, locale, count, expected):
    assert localize([locale, "en"]).format("files.count", count) == expected


@pytest.mark.parametrize("locale, count, expected", [
    ("en", 1, "You have 1 follower."),
    ("en", 3, "You have 3 followers."),
    ("ru", 5, "У вас 5 подписчиков."),
    ("ru", 22, "У вас 22 подписчика."),
    ("ar", 1, "لديك متابع واحد."),
    ("ar", 4, "لديك 4 متابعين."),
    ("ja", 7, "フォロワーは7人です。"),
])
def test_plural_entries_take_the_first_number(localize, locale, count, expected):
    assert localize([locale]).format(FOLLOWERS, count, context=CTX) == expected


def test_json_plural_format(localize):
    assert localize(["fr"]).format("items", 1, table="Menu") == "1 élément"
    assert localize(["en"]).format("items", 12, table="Menu") == "12 items"


def test_missing_key_formats_the_key(localize):
    assert localize(["fr"]).format("%d of %@", 2, "x") == "2 of x"
    assert localize(["fr"]).format("plain") == "plain"


def test_argument_types(scratch):
    assert scratch.format("count", 12) == "12 apples"
    assert scratch.format("price", 3.14159) == "3.14 EUR"
    assert scratch.format("price", 2) == "2.00 EUR"             # int to %f
    # A Decimal goes as a double: 1.255 is 1.25499... in binary.
    assert scratch.format("price", Decimal("1.255")) == "1.25 EUR"
    assert scratch.format("ratio", Decimal("0.5")) == "0.5"
    assert scratch.format("name", "Zoë") == "Zoë"
    assert scratch.format("swap", "a", "b") == "b then a"
    assert scratch.format("object", 1.5) == "[1.5]"
    assert scratch.format("big", 2 ** 63 - 1) == "9223372036854775807"
    assert scratch.format("big", -(2 ** 63)) == "-9223372036854775808"


def test_extra_arguments_are_ignored(scratch):
    assert scratch.format("count", 4, "spare", 1.0) == "4 apples"


@pytest.mark.parametrize("key, args, text", [
    ("count", ("many",), "argument 1 is a string"),      # %d with a str
    ("count", (1.5,), "argument 1"),                     # %d with a float
    ("name", (3,), "needs a string"),                    # %s with an int
    ("count", (), "no argument 1"),                      # missing
    ("swap", ("only",), "no argument 2"),
])
def test_format_errors(scratch, key, args, text):
    with pytest.raises(parlance.FormatError) as info:
        scratch.format(key, *args)
    error = info.value
    assert error.status == 6
    assert isinstance(error, TypeError)
    assert text in error.message
    assert key in error.message          # names the entry that failed


def test_python_side_argument_checks(scratch):
    # A bool is an argument of its own (test_mf2_suite.py: text to messages, 1/0 to printf).
    with pytest.raises(OverflowError):
        scratch.format("big", 2 ** 63)
    with pytest.raises(OverflowError):
        scratch.format("big", -(2 ** 63) - 1)
    with pytest.raises(TypeError):
        scratch.format("object", None)
    with pytest.raises(TypeError):
        scratch.format("object", [1])
    with pytest.raises(ValueError, match="NUL"):
        scratch.format("name", "a\0b")


def test_format_keyword_only_context_and_table(localize):
    loc = localize(["en"])
    assert loc.format("login.subtitle", table="Menu") == "Sign in to Parlance Notes"
    assert loc.format("Name", context="Name label in registration screen") == "Full name"


APPLE_QUIRKS = '''
"padded" = "[%10@|%-5@|%.1@]";
"greek" = "%1η files, %d left";
"percent" = "100%";
"hex" = "%a";
'''


@pytest.mark.parametrize("key, args, expected", [
    # CoreFoundation appends an object's description whole: width and precision do nothing to %@.
    ("padded", ("abc", "de", "fgh"), "[abc|de|fgh]"),
    # A malformed placeholder renders as CoreFoundation renders it (the character after its %)
    # and takes no argument; a trailing lone % is dropped. Lint still reports both.
    ("greek", (7,), "1 files, 7 left"),
    ("percent", (), "100"),
    ("hex", (1.5,), "0x1.8p+0"),
])
def test_apple_format_fidelity(key, args, expected):
    """What shipped Apple tables contain formats as Foundation's String(format:) does."""
    with parlance.Catalog() as cat:
        cat.load_bytes(APPLE_QUIRKS.encode(), locale="en")
        with parlance.Localizer(cat, ["en"]) as loc:
            assert loc.format(key, *args) == expected


def test_isolation_is_an_option_that_wraps_placeholders(localize):
    """Off by default (the format's own output); when asked for, it wraps
    each placeholder's formatted text in a right-to-left message."""
    ar = localize(["ar"])
    automatic = parlance.FormatOptions(isolation="automatic")
    assert ar.format("welcome.user", "Ana", options=automatic) == "أهلًا، \u2068Ana\u2069!"
    assert ar.format("files.count", 11, options=automatic) == "\u206811\u2069 ملفًا"
    assert localize(["en"]).format("welcome.user", "Ana", options=automatic) == "Welcome, Ana!"
    ar.format_options = automatic
    assert ar.format("welcome.user", "Ana") == "أهلًا، \u2068Ana\u2069!"


def test_named_placeholders_are_never_left_unfilled():
    """format() on an i18next message whose {{placeholders}} take named
    values: a FormatError naming format_named, never `{{count}}` in the text."""
    with parlance.Catalog() as cat:
        cat.load_bytes(b'{"files_one": "{{count}} file", "files_other": "{{count}} files", "plain": "Open"}',
                       locale="en", table="common", format="i18next")
        with parlance.Localizer(cat, ["en"]) as loc:
            with pytest.raises(parlance.FormatError, match="format_named"):
                loc.format("files", 3, table="common")
            assert loc.format_named("files", {"count": 3}, table="common") == "3 files"
            assert loc.format("plain", table="common") == "Open"
