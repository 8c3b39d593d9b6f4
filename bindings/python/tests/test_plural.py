"""Plural selection: Localizer.plural/explain over the example catalog, and
parlance.plural_category against hand-written CLDR expectations (and Babel's
rules when Babel happens to be installed)."""

import decimal
from decimal import Decimal

import pytest

import parlance

FOLLOWERS = "You have %d followers."
CTX = "Number of followers label"

RU = {
    "one": "У вас %d подписчик.",
    "few": "У вас %d подписчика.",
    "many": "У вас %d подписчиков.",
    "other": "У вас %d подписчика.",
}

AR = {
    "zero": "ليس لديك متابعون.",
    "one": "لديك متابع واحد.",
    "two": "لديك متابعان.",
    "few": "لديك %d متابعين.",
    "many": "لديك %d متابعًا.",
    "other": "لديك %d متابع.",
}


@pytest.mark.parametrize("count, category", [
    (1, "one"), (2, "few"), (5, "many"), (21, "one"), (11, "many"), (22, "few"), (0, "many"),
    (111, "many"), ("1.5", "other"), (Decimal("2.0"), "other"), (1.5, "other"),
])
def test_russian_followers(localize, count, category):
    loc = localize(["ru"])
    assert loc.plural(FOLLOWERS, count, context=CTX) == RU[category]
    info = loc.explain(FOLLOWERS, count, context=CTX)
    assert info.category == category
    assert info.locale == "ru"
    assert info.stored_key == f"({CTX}##{category}){FOLLOWERS}"
    assert not info.fallback


@pytest.mark.parametrize("count, category",
                         [(0, "zero"), (1, "one"), (2, "two")]
                         + [(n, "few") for n in range(3, 11)]
                         + [(11, "many"), (99, "many"), (100, "other"), (102, "other"), (103, "few"),
                            ("1.5", "other")])
def test_arabic_followers(localize, count, category):
    loc = localize(["ar"])
    assert loc.plural(FOLLOWERS, count, context=CTX) == AR[category]
    assert loc.explain(FOLLOWERS, count, context=CTX).category == category


@pytest.mark.parametrize("count", [0, 1, 2, 5, 21, "1.5", 1000000])
def test_japanese_has_only_other(localize, count):
    loc = localize(["ja"])
    assert loc.plural(FOLLOWERS, count, context=CTX) == "フォロワーは%d人です。"
    assert loc.explain(FOLLOWERS, count, context=CTX).category == "other"


@pytest.mark.parametrize("count, expected", [
    (1, "You have %d follower."),
    ("1", "You have %d follower."),
    ("1.0", "You have %d followers."),     # visible fraction digit: other
    (Decimal("1.00"), "You have %d followers."),
    (0, "You have %d followers."),         # no zero text: CLDR other
    (2, "You have %d followers."),
])
def test_english_followers(localize, count, expected):
    assert localize(["en"]).plural(FOLLOWERS, count, context=CTX) == expected


def test_french_zero_and_one_are_one_and_many(localize):
    loc = localize(["fr"])
    assert loc.plural(FOLLOWERS, 0, context=CTX) == "Vous avez %d abonné."
    assert loc.plural(FOLLOWERS, "1.5", context=CTX) == "Vous avez %d abonné."
    assert loc.plural(FOLLOWERS, 2, context=CTX) == "Vous avez %d abonnés."
    assert loc.plural(FOLLOWERS, 1000000, context=CTX) == "Vous avez %d d’abonnés."


def test_plural_falls_back_along_the_chain(localize):
    loc = localize(["fr-CA", "en"])
    info = loc.explain("Name", 3, context="Name label in registration screen")
    assert info.text == "Full name" and info.locale == "en" and info.fallback


def test_plural_of_missing_key_is_the_key(localize):
    loc = localize(["ru"])
    assert loc.plural("%d apples", 3) == "%d apples"
    assert not loc.explain("%d apples", 3).found


def test_plain_text_of_a_plural_is_other(localize):
    assert localize(["ru"]).text("files.count") == "%d файла"


def test_json_plurals(localize):
    assert localize(["en"]).plural("items", 1, table="Menu") == "%d item"
    assert localize(["en"]).plural("items", 7, table="Menu") == "%d items"
    assert localize(["fr"]).plural("items", 0, table="Menu") == "%d élément"
    assert localize(["fr"]).plural("items", 2000000, table="Menu") == "%d d’éléments"
    assert localize(["ja"]).plural("items", 1, table="Menu") == "%d 個の項目"


def test_big_integers_are_exact(localize):
    loc = localize(["ru"])
    assert loc.explain(FOLLOWERS, 10 ** 30 + 1, context=CTX).category == "one"
    assert loc.explain(FOLLOWERS, -(10 ** 30) - 2, context=CTX).category == "few"


@pytest.mark.parametrize("bad, error", [
    (float("nan"), ValueError), (float("inf"), ValueError), (Decimal("NaN"), ValueError),
    (Decimal("-Infinity"), ValueError), (True, TypeError), (None, TypeError), ([1], TypeError),
    ("1e3", parlance.InvalidArgumentError), ("", parlance.InvalidArgumentError),
    ("one", parlance.InvalidArgumentError), ("1.", parlance.InvalidArgumentError),
])
def test_invalid_counts(localize, bad, error):
    loc = localize(["ru"])
    with pytest.raises(error):
        loc.plural(FOLLOWERS, bad, context=CTX)
    with pytest.raises(error):
        parlance.plural_category("ru", bad)


# ---- plural_category against CLDR ------------------------------------------------

# Written by hand from the CLDR plural rules (cardinal unless marked ordinal).
CLDR = [
    # English: one is i = 1 and v = 0.
    ("en", 1, False, "one"), ("en", "1", False, "one"), ("en", "1.0", False, "other"),
    ("en", 0, False, "other"), ("en", 2, False, "other"), ("en", "0.5", False, "other"),
    ("en", 1.5, False, "other"), ("en", -1, False, "one"),
    ("en", 1, True, "one"), ("en", 2, True, "two"), ("en", 3, True, "few"), ("en", 4, True, "other"),
    ("en", 11, True, "other"), ("en", 12, True, "other"), ("en", 13, True, "other"),
    ("en", 21, True, "one"), ("en", 22, True, "two"), ("en", 23, True, "few"), ("en", 101, True, "one"),
    # French: one is i = 0,1; many is a multiple of a million.
    ("fr", 0, False, "one"), ("fr", 1, False, "one"), ("fr", "1.5", False, "one"),
    ("fr", "1.0", False, "one"), ("fr", 2, False, "other"), ("fr", 1000000, False, "many"),
    ("fr", 2000000, False, "many"), ("fr", 1000001, False, "other"), ("fr", "2.5", False, "other"),
    ("fr", 1, True, "one"), ("fr", 2, True, "other"),
    # Russian.
    ("ru", 1, False, "one"), ("ru", 21, False, "one"), ("ru", 101, False, "one"),
    ("ru", 2, False, "few"), ("ru", 4, False, "few"), ("ru", 22, False, "few"),
    ("ru", 0, False, "many"), ("ru", 5, False, "many"), ("ru", 11, False, "many"),
    ("ru", 12, False, "many"), ("ru", 14, False, "many"), ("ru", 111, False, "many"),
    ("ru", "1.5", False, "other"), ("ru", "1.0", False, "other"), ("ru", 3, True, "other"),
    # Arabic.
    ("ar", 0, False, "zero"), ("ar", 1, False, "one"), ("ar", 2, False, "two"),
    ("ar", 3, False, "few"), ("ar", 10, False, "few"), ("ar", 103, False, "few"),
    ("ar", 11, False, "many"), ("ar", 99, False, "many"), ("ar", 111, False, "many"),
    ("ar", 100, False, "other"), ("ar", 102, False, "other"), ("ar", "0.5", False, "other"),
    ("ar", "1.0", False, "one"),
    # Polish: one is i = 1 and v = 0; few and many by last digits; decimals other.
    ("pl", 1, False, "one"), ("pl", 2, False, "few"), ("pl", 4, False, "few"), ("pl", 22, False, "few"),
    ("pl", 0, False, "many"), ("pl", 5, False, "many"), ("pl", 12, False, "many"),
    ("pl", 21, False, "many"), ("pl", 112, False, "many"), ("pl", "1.5", False, "other"),
    ("pl", "1.0", False, "other"),
    # Japanese: other only.
    ("ja", 0, False, "other"), ("ja", 1, False, "other"), ("ja", "1.5", False, "other"),
    ("ja", 1, True, "other"),
]


@pytest.mark.parametrize("locale, number, ordinal, expected", CLDR)
def test_plural_category_matches_cldr(locale, number, ordinal, expected):
    assert parlance.plural_category(locale, number, ordinal=ordinal) == expected


def test_plural_category_accepts_locale_spellings():
    assert parlance.plural_category("ru_RU.UTF-8", 21) == "one"
    assert parlance.plural_category("pt-BR", 0) == "one"


def test_plural_category_decimal_keeps_fraction_digits():
    assert parlance.plural_category("en", Decimal("1")) == "one"
    assert parlance.plural_category("en", Decimal("1.0")) == "other"
    assert parlance.plural_category("en", Decimal("1E+2")) == "other"
    assert parlance.plural_category("ru", Decimal("21")) == "one"
    assert parlance.plural_category("ru", Decimal("2.10E+1")) == "other"   # 21.0


def test_plural_category_invalid_locale():
    with pytest.raises(parlance.LocaleError) as info:
        parlance.plural_category("!!", 1)
    assert info.value.status == 7
    assert "!!" in info.value.message


# ---- Babel as an independent reference (optional) ----------------------------------

BABEL_LOCALES = ["en", "fr", "ru", "ar", "pl", "ja", "cs", "lt", "cy", "he", "ga", "sl", "pt", "it"]
BABEL_NUMBERS = ([str(n) for n in range(0, 32)]
                 + ["100", "101", "102", "103", "111", "112", "1000000", "0.0", "0.5", "1.0", "1.5", "1.50",
                    "2.0", "2.1", "3.0", "10.0", "11.3"])


@pytest.mark.parametrize("locale", BABEL_LOCALES)
def test_plural_category_matches_babel(locale):
    babel = pytest.importorskip("babel")
    rules = babel.Locale.parse(locale)
    mismatches = []
    for number in BABEL_NUMBERS:
        expected = rules.plural_form(Decimal(number))
        got = parlance.plural_category(locale, number)
        if got != expected:
            mismatches.append((number, got, expected))
        if "." not in number:
            expected = rules.ordinal_form(int(number))
            got = parlance.plural_category(locale, number, ordinal=True)
            if got != expected:
                mismatches.append((number, "ordinal", got, expected))
    assert mismatches == []
