"""A drop-in for the standard library's :mod:`gettext`, served by Parlance.

Switch with one line and keep the ``.po``/``.mo`` files::

    import parlance.gettext as gettext        # or: from parlance import gettext

    t = gettext.translation("app", "locale", languages=["ru"])
    t.ngettext("%d file", "%d files", 21)

The API is the standard library's: :func:`translation` (alias
:data:`Catalog`), :func:`install`, :func:`find`, :func:`bindtextdomain`,
:func:`textdomain`, the module-level :func:`gettext`, :func:`ngettext`,
:func:`pgettext`, :func:`npgettext`, :func:`dgettext`, :func:`dngettext`,
:func:`dpgettext`, :func:`dnpgettext`, :class:`NullTranslations` (the
standard class itself), :class:`GNUTranslations` (a subclass of the standard
one) and :func:`c2py` (the standard function). Files are found by the same
search (:func:`find` is the standard library's), translation objects are
cached in :data:`_translations` by ``(class, absolute path)`` and copied for
each caller, and fallbacks chain the same way.

Each catalog is loaded into Parlance (locale: the name of its directory, or
``zxx`` when Parlance does not accept that name; table: the domain) and
looked up through the C library; a ``.mo`` opened from a path (as
:func:`translation` opens it) is loaded by that path and served in
place as :meth:`parlance.Catalog.load` serves it, while other file objects
are read. Results are cached per object, so a repeated ``gettext()`` is a
dict lookup.

Where the standard library and GNU libintl (glibc) disagree, Parlance
follows libintl, as its C API does:

* A plural index at or past ``nplurals``, or one whose ``msgstr[i]`` the
  entry lacks (``msgfmt`` without ``-c`` accepts short entries), selects
  ``msgstr[0]``; the standard library goes to the fallback, then to msgid or
  msgid_plural.
* A ``Plural-Forms`` that libintl cannot use (bad syntax, a missing
  ``nplurals``, nesting the standard library calls "too complex") means
  ``nplurals=2; plural=n != 1;``; the standard library raises ValueError
  when loading. A division by zero in the formula selects ``msgstr[0]``
  instead of raising ZeroDivisionError.
* An int ``n`` is C's ``unsigned long``: negative counts and counts from
  2**64 on wrap modulo 2**64 before the formula sees them. A count that is
  not an int goes to the formula as it is, as the standard library gives
  it (``plural=n != 1`` makes 1.1 plural). The count is checked as the
  standard library checks it, on every call: with a ``Plural-Forms``
  formula a non-int number warns (DeprecationWarning, at the caller's
  line) and a non-number raises TypeError; without one, nothing is
  checked.
* ``gettext()``/``pgettext()`` of a msgid that has plural forms give
  ``msgstr[0]``; the standard library gives the form for ``n = 1``.
* ``ngettext()``/``npgettext()`` of a msgid translated without plural forms
  give that translation for every ``n``; the standard library treats it as
  missing.
* A catalog with no charset is read as UTF-8 (the standard library: ASCII),
  and a header that is not valid in its charset is decoded with
  replacement characters instead of failing the load.
* A division by zero does not make ``ngettext()`` of a missing msgid raise:
  it gives msgid or msgid_plural.
* A malformed ``.mo`` raises OSError (errno 0, Parlance's message, the file
  name), like the standard library's "Bad magic number"/"File is corrupt".
  Served in place, an entry pointing outside the file is a miss instead
  (a bad header, or a file cut short, still raise).

Known issue: the core decodes ``Shift_JIS`` with the Windows-31J table, so
six symbols (0x8160 and 0x8161, 0x817C, 0x8191, 0x8192, 0x81CA) differ from
Python's and iconv's JIS X 0208 mapping.

Parlance extensions and limits:

* With :data:`po_sources` set to True (it is False by default), when no
  ``.mo`` file is found for a domain, :func:`translation` (and so
  the module-level functions and :func:`install`) looks for
  ``LANG/LC_MESSAGES/DOMAIN.po`` along the same language list and loads the
  sources directly. :func:`find` itself reports ``.mo`` files only, as the
  standard library's does. The ``.po`` search applies when ``class_`` is
  None or a :class:`GNUTranslations` subclass.
* Translation objects have the standard class's internals that programs
  read and subclasses fill (Django, Babel, Flask-Babel): ``_catalog``,
  ``plural``, ``_info``, ``_charset``, ``_fallback`` and ``_parse``.
  ``_catalog`` is built on first use; once a program assigns ``_catalog``
  or ``plural``, or changes ``_catalog``, the object answers from them as
  the standard class does (bindings/python/README.md).
* A ``.mo`` of a minor revision whose system-dependent tables are broken
  loads with its plain strings, as the standard library (which never reads
  those tables) loads it.
* ``__all__`` is the standard library's. CPython's ``test__all__``
  compares it with the public names a module defines itself, so it
  differs by ``NullTranslations`` (the standard class, re-exported),
  :data:`po_sources` (this module's switch) and the per-thread functions
  (below); the rest of CPython's
  ``test_gettext.py`` passes against this module.
* The module-level functions resolve their translation once per domain,
  bound directory and ``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/``LANG``
  values (read on every call, as the standard library reads them). A
  ``.mo`` file created after the first lookup is seen after the next
  :func:`bindtextdomain` call with a directory, which starts over.
* Per-thread languages, for servers that answer each request in its own
  language: :func:`set_thread_languages` (and the context manager
  :func:`thread_languages`) chooses the calling thread's languages; the
  module-level functions then search them on that thread instead of the
  environment's, as if each call passed ``languages=``, and so do Parlance's
  C libintl functions (``parlance_set_thread_languages``) called on that
  thread. ``None`` or an empty list returns the thread to the environment.
  Other threads are not affected.
"""

# The functions the standard library defines carry their types in type
# comments, not annotations: their signatures (inspect.signature,
# getfullargspec) are the standard library's, which has none, and mypy
# still checks them and their callers.

from __future__ import annotations

import contextlib
import copy
import ctypes
import gettext as _stdlib
import os
import sys
import threading
from errno import ENOENT
from typing import Any, Dict, Iterable, Iterator, List, Optional, Tuple, Type

from . import _ffi

from ._gettext_search import environment_reader, find_sources
from ._gettext_translations import GNUTranslations, untranslated_count

GNUTranslations.__module__ = __name__   # the class is this module's, as the standard library's is its

__all__ = ["NullTranslations", "GNUTranslations", "Catalog",
           "bindtextdomain", "find", "translation", "install",
           "textdomain", "dgettext", "dngettext", "gettext",
           "ngettext", "pgettext", "dpgettext", "npgettext",
           "dnpgettext"]

#: The standard library's class: nothing to translate, so nothing to change.
NullTranslations = _stdlib.NullTranslations
#: The standard library's Plural-Forms compiler, for code that calls it.
c2py = _stdlib.c2py

_default_localedir = getattr(_stdlib, "_default_localedir", os.path.join(sys.base_prefix, "share", "locale"))


def find(domain, localedir=None, languages=None, all=False):
    # type: (str, Optional[str], Optional[Iterable[str]], bool) -> Any
    """The ``.mo`` file (or with ``all``, every one) of domain for the first
    of languages (default: from ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``) that has one: the standard library's search."""
    if localedir is None:
        localedir = _default_localedir
    return _stdlib.find(domain, localedir, languages, all)


#: Parlance extension, off by default (the standard library reads ``.mo``
#: files only): when true, translation() loads ``LANG/LC_MESSAGES/DOMAIN.po``
#: sources where the search finds no ``.mo``.
po_sources = False

#: Loaded translation objects by (class, absolute path), as in the standard library.
_translations: Dict[Tuple[Any, str], Any] = {}


def translation(domain, localedir=None, languages=None, class_=None, fallback=False):
    # type: (str, Optional[str], Optional[Iterable[str]], Optional[Type[Any]], bool) -> Any
    """The translations of domain for the languages found, the first one
    falling back to the next. With nothing found: a
    :class:`NullTranslations` when fallback is true, else FileNotFoundError.
    """
    if class_ is None:
        class_ = GNUTranslations
    if languages is not None:
        languages = list(languages)
    mofiles = find(domain, localedir, languages, all=True)
    if not mofiles and po_sources and isinstance(class_, type) and issubclass(class_, GNUTranslations):
        mofiles = find_sources(domain, localedir if localedir is not None else _default_localedir, languages)
    if not mofiles:
        if fallback:
            return NullTranslations()
        raise FileNotFoundError(ENOENT, "No translation file found for domain", domain)
    result = None
    for mofile in mofiles:
        key = (class_, os.path.abspath(mofile))
        t = _translations.get(key)
        if t is None:
            with open(mofile, "rb") as fp:
                t = _translations.setdefault(key, class_(fp))
        # Copies share the loaded catalog but not the fallback.
        t = copy.copy(t)
        if result is None:
            result = t
        else:
            result.add_fallback(t)
    return result


Catalog = translation


def install(domain, localedir=None, *, names=None):
    # type: (str, Optional[str], Optional[Iterable[str]]) -> None
    """Installs ``_`` (and the named methods among gettext, ngettext,
    pgettext, npgettext) of domain's translations in builtins."""
    t = translation(domain, localedir, fallback=True)
    t.install(names)


# ---- The global domain ------------------------------------------------------------

_localedirs: Dict[str, str] = {}
_current_domain = "messages"

#: translation(domain, bound directory) per (domain, directory, environment
#: or the thread's languages); None when it raised OSError.
_resolved: Dict[Tuple[str, Optional[str], bool, Any], Optional[_stdlib.NullTranslations]] = {}
_RESOLVED_LIMIT = 256
_UNRESOLVED = _stdlib.NullTranslations()   # a marker: "not resolved yet"


def textdomain(domain=None):
    # type: (Optional[str]) -> str
    """Sets (unless None) and returns the global domain ("messages" at first)."""
    global _current_domain
    if domain is not None:
        _current_domain = domain
    return _current_domain


def bindtextdomain(domain, localedir=None):
    # type: (str, Optional[str]) -> str
    """Binds domain to localedir (unless None); returns its directory."""
    if localedir is not None:
        _localedirs[domain] = localedir
        _resolved.clear()
    return _localedirs.get(domain, _default_localedir)


_environment = environment_reader()


class _ThreadLanguages(threading.local):
    #: The calling thread's languages as a tuple, or None: the environment's.
    chosen: Optional[Tuple[str, ...]] = None


_thread = _ThreadLanguages()
_CHOSEN = object()   # marks a thread's languages in _resolved's keys, apart from any environment


def set_thread_languages(languages: Optional[Iterable[str]]) -> None:
    """Chooses the calling thread's languages, most preferred first
    (``["pt_BR", "pt"]``; a ``"C"`` entry ends the list, as in
    ``LANGUAGE``): the module-level functions (:func:`gettext`,
    :func:`dgettext`, ...) search them on this thread instead of the
    environment's, and so do Parlance's C libintl functions
    (``parlance_set_thread_languages()``). ``None`` or an empty list returns
    the thread to the environment. A name that is empty, holds ``:`` or
    cannot be parsed raises :class:`parlance.LocaleError` and changes
    nothing. Other threads are not affected."""
    chosen = tuple(languages) if languages is not None else ()
    for name in chosen:
        if not isinstance(name, str):
            raise TypeError(f"a language name must be a str, not {type(name).__name__}")
    names = [name.encode() for name in chosen]
    _ffi.lib.parlance_set_thread_languages((ctypes.c_char_p * max(1, len(names)))(*names), len(names))
    _thread.chosen = chosen or None


def get_thread_languages() -> Optional[List[str]]:
    """The calling thread's chosen languages, or None when it follows the environment."""
    chosen = _thread.chosen
    return None if chosen is None else list(chosen)


@contextlib.contextmanager
def thread_languages(languages: Optional[Iterable[str]]) -> Iterator[None]:
    """:func:`set_thread_languages` for the ``with`` block; the thread's
    previous choice comes back after it, even when it raises."""
    previous = _thread.chosen
    set_thread_languages(languages)
    try:
        yield
    finally:
        set_thread_languages(previous)


def _resolve(domain: str) -> Optional[_stdlib.NullTranslations]:
    """translation(domain, its bound directory), or None: what the standard
    library recomputes on each call, kept while its inputs stay the same."""
    localedir = _localedirs.get(domain)
    chosen = _thread.chosen
    key = (domain, localedir, po_sources, _environment() if chosen is None else (_CHOSEN, chosen))
    t = _resolved.get(key, _UNRESOLVED)
    if t is _UNRESOLVED:
        try:
            t = translation(domain, localedir, chosen)
        except OSError:
            t = None
        if len(_resolved) >= _RESOLVED_LIMIT:
            _resolved.clear()
        _resolved[key] = t
    return t


def dgettext(domain, message):
    # type: (str, str) -> str
    t = _resolve(domain)
    if t is None:
        return message
    return t.gettext(message)


def dngettext(domain, msgid1, msgid2, n):
    # type: (str, str, str, int) -> str
    t = _resolve(domain)
    if t is None:
        return msgid1 if untranslated_count(n) == 1 else msgid2
    return t.ngettext(msgid1, msgid2, n)


def dpgettext(domain, context, message):
    # type: (str, str, str) -> str
    t = _resolve(domain)
    if t is None:
        return message
    return t.pgettext(context, message)


def dnpgettext(domain, context, msgid1, msgid2, n):
    # type: (str, str, str, str, int) -> str
    t = _resolve(domain)
    if t is None:
        return msgid1 if untranslated_count(n) == 1 else msgid2
    return t.npgettext(context, msgid1, msgid2, n)


def gettext(message):
    # type: (str) -> str
    return dgettext(_current_domain, message)


def ngettext(msgid1, msgid2, n):
    # type: (str, str, int) -> str
    return dngettext(_current_domain, msgid1, msgid2, n)


def pgettext(context, message):
    # type: (str, str) -> str
    return dpgettext(_current_domain, context, message)


def npgettext(context, msgid1, msgid2, n):
    # type: (str, str, str, int) -> str
    return dnpgettext(_current_domain, context, msgid1, msgid2, n)
