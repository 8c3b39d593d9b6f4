"""parlance.gettext's functions and GNUTranslations' methods have the
standard library's signatures, annotations included (it has none): programs
compare them (Babel's test_null_translations_method_signature_compatibility
compares its Translations, a GNUTranslations, with NullTranslations through
inspect.getfullargspec). The types live in type comments, which mypy reads
(test_typing.py)."""

import gettext as stdlib_gettext
import inspect

import pytest

from parlance import gettext as pgettext

FUNCTIONS = sorted(name for name in stdlib_gettext.__all__ + ["c2py"]
                   if inspect.isfunction(getattr(stdlib_gettext, name)))
#: Every method the standard library's classes define that Parlance's defines again.
METHODS = sorted(name for name, value in vars(pgettext.GNUTranslations).items()
                 if inspect.isfunction(value) and any(name in vars(cls) for cls in stdlib_gettext.GNUTranslations.__mro__
                                                      if cls is not object))


def test_the_lists_are_not_empty():
    assert {"find", "translation", "install", "gettext", "dnpgettext", "textdomain"} <= set(FUNCTIONS)
    assert {"__init__", "_parse", "gettext", "ngettext", "pgettext", "npgettext"} <= set(METHODS)


@pytest.mark.parametrize("name", FUNCTIONS)
def test_function_signature_is_the_standard_librarys(name):
    ours, theirs = getattr(pgettext, name), getattr(stdlib_gettext, name)
    assert inspect.signature(ours) == inspect.signature(theirs)
    assert inspect.getfullargspec(ours) == inspect.getfullargspec(theirs)


@pytest.mark.parametrize("name", METHODS)
def test_method_signature_is_the_standard_librarys(name):
    ours, theirs = getattr(pgettext.GNUTranslations, name), getattr(stdlib_gettext.GNUTranslations, name)
    assert inspect.signature(ours) == inspect.signature(theirs)
    assert inspect.getfullargspec(ours) == inspect.getfullargspec(theirs)


@pytest.mark.parametrize("name", ["gettext", "ngettext", "pgettext", "npgettext"])
def test_bound_methods_match_null_translations(name):
    """Babel's check: a loaded object's methods against NullTranslations'."""
    ours = getattr(pgettext.GNUTranslations(), name)
    null = getattr(stdlib_gettext.NullTranslations(), name)
    assert inspect.getfullargspec(ours) == inspect.getfullargspec(null)
