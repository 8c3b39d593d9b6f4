"""Parlance: an embeddable localization runtime.

Load Apple ``.strings``/``.stringsdict`` and hierarchical JSON tables into a
:class:`Catalog`, then look strings up, choose CLDR plural variants and format
typed arguments through a :class:`Localizer` and its locale fallback chain::

    import parlance

    with parlance.Catalog() as catalog:
        catalog.load("Examples/catalog")
        with parlance.Localizer(catalog, ["fr-CA", "en"]) as loc:
            loc.text("greeting")                                  # 'Bonjour !'
            loc.format("You have %d followers.", 3, context="Number of followers label")

:mod:`parlance.gettext` is the standard library's :mod:`gettext` served by
Parlance: ``import parlance.gettext as gettext`` keeps a program's
``.po``/``.mo`` files and calls.

The binding loads ``libparlance.so`` at import (see :mod:`parlance._ffi` for
where it looks; ``PARLANCE_LIBRARY`` overrides) and raises
:class:`LibraryNotFoundError` (an ImportError) when it cannot.
"""

from __future__ import annotations

from . import _errors
from ._errors import (EncodingError, Error, FormatError, InvalidArgumentError, KeyPathError,
                      LibraryNotFoundError, LibraryVersionError, LocaleError, NotFoundError, ParseError,
                      ReadError, ResourceError)
from . import _ffi
from .catalog import FORMATS, MESSAGE_SYNTAXES, XCSTRINGS_STATES, Catalog, Entry
from .localizer import Explanation, FormatOptions, Languages, Localizer, Served, accept_language, plural_category
from .messages import FALLBACK, FunctionCall, FunctionResult, FunctionValue, MessageError

__all__ = [
    "Catalog",
    "MessageError",
    "FunctionCall",
    "FunctionResult",
    "FunctionValue",
    "FALLBACK",
    "Entry",
    "Localizer",
    "Explanation",
    "FormatOptions",
    "MESSAGE_SYNTAXES",
    "plural_category",
    "accept_language",
    "Languages",
    "Served",
    "version",
    "version_number",
    "icu_version",
    "icu_error",
    "FORMATS",
    "XCSTRINGS_STATES",
    "__version__",
    # The exceptions, as _errors lists them (its helper left out).
    *(name for name in _errors.__all__ if name != "error_for_status"),
]


def version() -> str:
    """The loaded library's version, "MAJOR.MINOR.PATCH"."""
    return _ffi.text_at(_ffi.lib.parlance_version()).decode()


def version_number() -> int:
    """The loaded library's MAJOR * 10000 + MINOR * 100 + PATCH."""
    return int(_ffi.lib.parlance_version_number())


def icu_version() -> str:
    """The version of the ICU the loaded library runs on, as that ICU reports
    it ("72.1"): the package's own copy for a manylinux wheel, the system's
    for a library built from source."""
    return _ffi.text_at(_ffi.lib.parlance_icu_version()).decode()


def icu_error() -> str | None:
    """Why the library could not load ICU; None while ICU is loaded or has
    not been needed yet. ICU is opened at the first call that needs it; when
    it cannot be, those calls answer without it, and the library writes this
    reason once to standard error. ``icu_version()`` loads it: call that
    first to know at start."""
    error = _ffi.lib.parlance_icu_error()
    return None if error is None else error.decode("utf-8", "replace")


#: The version of this package: include/parlance.h's, read from the installed
#: metadata (or the header, in the source tree); the loaded library's is
#: :func:`version`.
__version__: str = _ffi.VERSION or version()
