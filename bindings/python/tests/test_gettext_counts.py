"""Plural counts that are not ints, against the standard library.

Each case runs one call through the standard library's gettext and through
parlance.gettext, with every warning recorded, and asserts the same outcome
(result or exception) and the same warnings: category, message, and the
line of this file that made the call (the standard library's stacklevel
points at the caller, whatever runs in between).

The standard library checks a count where a Plural-Forms formula evaluates
it (``gettext._as_int``): a non-int number warns, a non-number raises
TypeError. A catalog without Plural-Forms (its default ``int(n != 1)``), a
NullTranslations and a domain with no catalog take any count silently.
"""

import gettext as stdlib_gettext
import io
import math
import warnings
from decimal import Decimal
from fractions import Fraction

import pytest

from parlance import gettext as pgettext

BOTH = (stdlib_gettext, pgettext)
#: Counts whose value selects the same form in both (whole numbers).
WHOLE = [1.0, 5.0, 21.0, Decimal(3), Fraction(22, 2)]
#: Counts the standard library refuses where a formula evaluates them.
REFUSED = ["3", "1", None, [], (1,), complex(1, 0), float("nan"), float("inf"), Decimal("NaN")]


def observe(call, *args):
    """(outcome, warnings) of call(*args): outcome is ("value", result) or
    (exception class, message)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            outcome = ("value", call(*args))
        except Exception as error:
            outcome = (type(error), str(error))
    return outcome, [(w.category, str(w.message), w.filename, w.lineno) for w in caught]


#: CPython 3.13 (gettext._as_int2) checks a count also where no catalog
#: answers (NullTranslations, dngettext without a catalog): one warning
#: more there than 3.11 gives. The standard library running decides.
UNTRANSLATED = 1 if hasattr(stdlib_gettext, "_as_int2") else 0


def same(call, std_arg, our_arg, warns):
    """call(std_arg) and call(our_arg) give the same outcome and warnings;
    warns: how many DeprecationWarnings each must give, all at call's line."""
    std = observe(call, std_arg)
    ours = observe(call, our_arg)
    assert ours == std
    line = call.__code__.co_firstlineno
    assert len(std[1]) == warns
    for category, message, filename, lineno in std[1]:
        assert (category, filename, lineno) == (DeprecationWarning, __file__, line)
        assert message.startswith("Plural value must be an integer, got ")
    return std[0]


@pytest.fixture
def mo(gettext_catalogs):
    return str(gettext_catalogs.mo)


@pytest.fixture
def pair(mo):
    """pair(domain, languages) -> (standard, Parlance) translation objects."""
    return lambda domain, languages: tuple(m.translation(domain, mo, languages) for m in BOTH)


@pytest.mark.parametrize("n", WHOLE + [True, 2.5])
def test_translation_objects_warn_at_the_callers_line(pair, n):
    warns = 0 if isinstance(n, int) else 1
    std, ours = pair("app", ["ru"])
    outcome = same(lambda t: t.ngettext("%d file", "%d files", n), std, ours, warns)
    if n != 2.5:   # a fraction is truncated by Parlance (README), so only the warning is compared
        assert outcome[1].startswith("%d файл")
    same(lambda t: t.npgettext("mailbox", "%d message", "%d messages", n), std, ours, warns)
    same(lambda t: t.ngettext("Not here", "Not heres", n), std, ours, warns)
    same(lambda t: t.npgettext("nowhere", "Not here", "Not heres", n), std, ours, warns)


def test_every_call_warns_cached_or_not(pair):
    std, ours = pair("app", ["ru"])
    same(lambda t: [t.ngettext("%d file", "%d files", 21.0) for _ in range(3)], std, ours, 3)
    # 1.0 == 1 and hash(1.0) == hash(1): an int lookup first must not hide the warning.
    same(lambda t: (t.ngettext("%d day", "%d days", 1), t.ngettext("%d day", "%d days", 1.0)), std, ours, 1)
    chat = ("chat", "%d message", "%d messages")
    same(lambda t: (t.npgettext(*chat, 5), t.npgettext(*chat, 5.0)), std, ours, 1)


@pytest.mark.parametrize("n", REFUSED)
def test_non_numbers_raise_as_in_the_standard_library(pair, n):
    std, ours = pair("app", ["ru"])
    for call in (lambda t: t.ngettext("%d file", "%d files", n),
                 lambda t: t.npgettext("mailbox", "%d message", "%d messages", n),
                 lambda t: t.ngettext("Not here", "Not heres", n)):
        outcome = same(call, std, ours, 0)
        assert outcome[0] in (TypeError, ValueError, OverflowError)


@pytest.mark.parametrize("n", WHOLE + REFUSED + [2.5, 0.5])
def test_without_plural_forms_any_count_is_silent(pair, n):
    std, ours = pair("app", ["de"])
    assert "plural-forms" not in std.info()
    for call in (lambda t: t.ngettext("%d file", "%d files", n),
                 lambda t: t.npgettext("menu", "%d file", "%d files", n),
                 lambda t: t.ngettext("Not here", "Not heres", n)):
        if isinstance(n, float) and math.isfinite(n) and not n.is_integer():
            # Parlance truncates (README); the standard library takes n != 1.
            assert observe(call, ours)[1] == observe(call, std)[1] == []
        else:
            same(call, std, ours, 0)


def test_fallbacks_warn_once_per_formula(pair, mo):
    # ru then pl, both with formulas: a message neither has is checked twice.
    std, ours = pair("app", ["ru", "pl"])
    same(lambda t: t.ngettext("Not here", "Not heres", 5.0), std, ours, 2)
    same(lambda t: t.ngettext("%d file", "%d files", 5.0), std, ours, 1)
    # ru then de (no formula): once.
    std, ours = pair("app", ["ru", "de"])
    same(lambda t: t.ngettext("Not here", "Not heres", 1.0), std, ours, 1)
    # A NullTranslations checks nothing before 3.13, alone or behind a catalog.
    std, ours = (m.translation("no such domain", mo, ["ru"], fallback=True) for m in BOTH)
    assert type(std) is type(ours) is stdlib_gettext.NullTranslations
    same(lambda t: t.ngettext("%d file", "%d files", 1.0), std, ours, UNTRANSLATED)
    same(lambda t: t.npgettext("mailbox", "%d message", "%d messages", "3"), std, ours, UNTRANSLATED)
    std, ours = pair("app", ["ru"])
    for t in (std, ours):
        t.add_fallback(stdlib_gettext.NullTranslations())
    same(lambda t: t.ngettext("Not here", "Not heres", 2.0), std, ours, 1 + UNTRANSLATED)
    # A NullTranslations in front: the standard library's frames are passed over too.
    std, ours = (stdlib_gettext.NullTranslations() for _ in BOTH)
    std.add_fallback(stdlib_gettext.translation("app", mo, ["ru"]))
    ours.add_fallback(pgettext.translation("app", mo, ["ru"]))
    same(lambda t: t.ngettext("%d file", "%d files", 2.0), std, ours, 1)


@pytest.mark.parametrize("source", ["file", "bytes"])
def test_gnutranslations_from_a_file_object(gettext_catalogs, source):
    path = gettext_catalogs.mo / "ru" / "LC_MESSAGES" / "app.mo"

    def load(module):
        if source == "bytes":
            return module.GNUTranslations(io.BytesIO(path.read_bytes()))
        with open(path, "rb") as fp:
            return module.GNUTranslations(fp)

    std, ours = load(stdlib_gettext), load(pgettext)
    same(lambda t: t.ngettext("%d file", "%d files", 21.0), std, ours, 1)
    same(lambda t: t.npgettext("mailbox", "%d message", "%d messages", 2.0), std, ours, 1)
    same(lambda t: t.ngettext("%d file", "%d files", "21"), std, ours, 0)


@pytest.fixture
def bound(mo, monkeypatch, gettext_globals):
    """Both modules with domain "app" bound to the fixtures and the default
    domain "app", LANGUAGE=ru; their global state restored afterwards."""
    monkeypatch.setenv("LANGUAGE", "ru")
    for m in BOTH:
        m.bindtextdomain("app", mo)
        m.textdomain("app")
    yield


@pytest.mark.parametrize("n", [21.0, Decimal(5)])
def test_module_functions_warn_at_the_callers_line(bound, n):
    s, p = stdlib_gettext, pgettext
    for _ in range(2):   # the second time through the resolved translation
        same(lambda m: m.ngettext("%d file", "%d files", n), s, p, 1)
        same(lambda m: m.dngettext("app", "%d file", "%d files", n), s, p, 1)
        same(lambda m: m.npgettext("mailbox", "%d message", "%d messages", n), s, p, 1)
        same(lambda m: m.dnpgettext("app", "mailbox", "%d message", "%d messages", n), s, p, 1)
        same(lambda m: m.ngettext("Not here", "Not heres", n), s, p, 1)
    # No catalog for the domain: nothing evaluates the count (3.13 checks it).
    same(lambda m: m.dngettext("no such domain", "%d file", "%d files", n), s, p, UNTRANSLATED)
    same(lambda m: m.dnpgettext("no such domain", "c", "%d file", "%d files", None), s, p, UNTRANSLATED)


def test_module_functions_refuse_what_the_standard_library_refuses(bound):
    s, p = stdlib_gettext, pgettext
    for n in ("3", None, float("nan")):
        assert same(lambda m: m.ngettext("%d file", "%d files", n), s, p, 0)[0] != "value"
        assert same(lambda m: m.dnpgettext("app", "mailbox", "%d message", "%d messages", n), s, p, 0)[0] != "value"
