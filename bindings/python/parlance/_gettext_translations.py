"""``GNUTranslations`` backed by Parlance, for :mod:`parlance.gettext`.

A translation object loads its catalog once into a private
:class:`parlance.Catalog` (one table, one locale) and answers through a
:class:`parlance.Localizer` over it. A ``.mo`` given as a plain file opened
from a path is loaded by that path, so the library reads it and serves it in
place; other file objects are read and their bytes loaded.

The loaded content never changes, so each lookup's outcome (the text, or a
miss) is kept in a per-object dict: after the first call for a message,
``gettext()`` costs one dict lookup, as in the standard library. Copies made by ``copy.copy`` (as ``translation()``
makes them) share the loaded catalog and these caches, not the fallback.

The standard class's internals are there for the programs that read or
subclass them (Django, Babel, Flask-Babel): ``_catalog`` (built from the
loaded table on first use only, so a program that never touches it keeps
the in-place speed) and ``plural`` (the header's formula as the standard
library compiles it). Once a program assigns either, or changes the built
``_catalog``, this object answers as the standard class does, from them.
"""

from __future__ import annotations

import gettext as _stdlib
import enum
import io
import mmap
import os
import stat
import struct
import sys
import operator
import warnings
from typing import Any, Callable, Dict, Final, Optional, Protocol, Tuple, Union

from ._errors import Error, LocaleError
from ._gettext_header import MO_MAGICS, mo_strings_end_inside, parse_header
from .catalog import Catalog
from .localizer import Localizer

__all__ = ["GNUTranslations", "NEUTRAL_LOCALE"]

#: The locale a catalog is loaded under when its directory name is not a
#: locale Parlance accepts (``C``, ``und``, ``foo-bar``): ISO 639's "no
#: linguistic content". gettext plural forms come from the catalog's own
#: ``Plural-Forms``, so the locale only names the catalog.
NEUTRAL_LOCALE = "zxx"

class _Missing(enum.Enum):
    MISSING = 0


#: A cached miss (None in a cache means "not looked up yet").
_MISSING: Final = _Missing.MISSING
#: What a lookup cache holds for a key: its translation, or _MISSING.
_Cached = Union[str, _Missing]

#: Cached outcomes per translation object before its caches start over, so
#: that looking up unbounded sets of strings (user input, counts) cannot
#: grow memory without limit.
CACHE_LIMIT = 1 << 16

_ULONG = (1 << 64) - 1

#: Modules whose frames a count warning passes over to reach the caller:
#: this binding's gettext modules, and the standard library's (whose
#: NullTranslations may sit in front of a Parlance object in a chain).
_OWN_MODULES = frozenset({__name__, "parlance.gettext", "gettext"})


#: CPython 3.13's gettext (``_as_int2``) lets a count with ``__index__``
#: through without a warning, and checks the count also where no catalog
#: answers (``NullTranslations.ngettext``, ``dngettext`` without a
#: catalog); older versions do neither. parlance.gettext follows the
#: standard library it runs on.
_CHECKS_EVERY_COUNT = hasattr(_stdlib, "_as_int2")


def _warn_count(n: Any) -> None:
    """The standard library's DeprecationWarning for a count that is not an
    int, pointing at the first caller outside the gettext modules."""
    frame = sys._getframe(2)
    stacklevel = 3
    while frame.f_back is not None and frame.f_globals.get("__name__") in _OWN_MODULES:
        stacklevel += 1
        frame = frame.f_back
    warnings.warn("Plural value must be an integer, got %s" % (n.__class__.__name__,), DeprecationWarning, stacklevel)


def check_count(n: Any) -> None:
    """The standard library's check of a plural count (``gettext._as_int``),
    made where a catalog has a ``Plural-Forms`` formula: nothing for an int
    (on 3.13, for anything with ``__index__``), TypeError for what
    ``round()`` refuses, else a DeprecationWarning."""
    if isinstance(n, int):
        return
    try:
        round(n)
    except TypeError:
        raise TypeError("Plural value must be an integer, got %s" % (n.__class__.__name__,)) from None
    if _CHECKS_EVERY_COUNT:
        try:
            operator.index(n)
            return
        except TypeError:
            pass
    _warn_count(n)


def untranslated_count(n: Any) -> Any:
    """The count as the standard library compares it with 1 where no
    catalog answers: as given before 3.13; on 3.13, its ``__index__`` when
    it has one, else itself with a DeprecationWarning (``_as_int2``)."""
    if not _CHECKS_EVERY_COUNT or n.__class__ is int:
        return n
    try:
        return operator.index(n)
    except TypeError:
        _warn_count(n)
        return n


def ulong_count(n: int) -> int:
    """gettext's ``unsigned long n`` as the int64 Parlance takes: n modulo
    2**64, as C converts it."""
    n &= _ULONG
    return n - (1 << 64) if n >> 63 else n


def _names(filename: Any) -> Tuple[Optional[str], str]:
    """(locale directory name or None, domain) of ``LANG/LC_MESSAGES/DOMAIN.mo``."""
    try:
        path = os.fsdecode(filename)
    except TypeError:
        return None, "messages"
    head, base = os.path.split(path)
    domain = os.path.splitext(base)[0] or "messages"
    head, category = os.path.split(head)
    lang = os.path.basename(head)
    return (lang or None) if category == "LC_MESSAGES" else None, domain


def _opened_path(fp: Any, at_start: bool = True) -> Optional[Union[str, bytes]]:
    """The path a plain binary file (what ``open(path, "rb")`` returns) was
    opened from, when that path still names the regular file fp reads and,
    with at_start, fp is at its start; else None."""
    if type(fp) not in (io.BufferedReader, io.FileIO):
        return None
    name = fp.name
    if not isinstance(name, (str, bytes)):
        return None
    try:
        if at_start and fp.tell() != 0:
            return None
        opened = os.fstat(fp.fileno())
        if not stat.S_ISREG(opened.st_mode) or not os.path.samestat(opened, os.stat(name)):
            return None
    except (OSError, ValueError):
        return None
    return name


def _without_system_dependent(buf: bytes) -> Optional[bytes]:
    """A ``.mo`` of minor revision 1 or more as revision 0 (its
    system-dependent tables then unread); None for a revision 0 file."""
    order = "<" if struct.unpack("<I", buf[:4])[0] == MO_MAGICS[0] else ">"
    revision = struct.unpack(order + "I", buf[4:8])[0]
    if revision & 0xFFFF == 0:
        return None
    return buf[:4] + struct.pack(order + "I", revision & 0xFFFF0000) + buf[8:]


def _default_plural(n: Any) -> int:
    """The standard library's formula when a catalog names none."""
    return int(n != 1)


class _BuiltCatalog(Dict[Any, str]):
    """The standard library's ``_catalog`` of a loaded table (``msgid``,
    ``"ctx\\x04msgid"``, ``(msgid, i)`` keys; ``""`` the header), built on
    first use. A change to it tells its owner, whose answers then come from
    the dict, as the standard class's do."""

    __slots__ = ("_owner",)

    def __init__(self, owner: "_Shared") -> None:
        super().__init__()
        self._owner: Optional[_Shared] = owner

    def _changed(self) -> None:
        owner = self._owner
        if owner is not None:
            owner.catalog_changed()

    def __setitem__(self, key: Any, value: str) -> None:
        super().__setitem__(key, value)
        self._changed()

    def __delitem__(self, key: Any) -> None:
        super().__delitem__(key)
        self._changed()

    def update(self, *args: Any, **kwargs: Any) -> None:
        super().update(*args, **kwargs)
        self._changed()

    def __ior__(self, other: Any) -> "_BuiltCatalog":  # type: ignore[override, misc]
        self.update(other)
        return self

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return super().__getitem__(key)

    def pop(self, *args: Any) -> Any:
        result = super().pop(*args)
        self._changed()
        return result

    def popitem(self) -> Any:
        result = super().popitem()
        self._changed()
        return result

    def clear(self) -> None:
        super().clear()
        self._changed()


class _Shared:
    """What the copies of one translation object share besides the loaded
    catalog: the lookup caches, the built ``_catalog`` and ``plural``, and
    whether that ``_catalog`` was changed."""

    __slots__ = ("caches", "catalog", "plural", "changed")

    def __init__(self, caches: Tuple[Dict[Any, _Cached], ...]) -> None:
        self.caches = caches
        self.catalog: Optional[_BuiltCatalog] = None
        self.plural: Optional[Callable[[Any], int]] = None
        self.changed = False

    def catalog_changed(self) -> None:
        self.changed = True
        for cache in self.caches:
            cache.clear()


#: Marks an attribute the program has not assigned.
_UNSET: Final = object()


class _Reader(Protocol):
    """What a catalog is read from: the standard library's GNUTranslations
    calls ``read()``; a plain file is also mapped and loaded by its path."""

    def read(self) -> bytes: ...


class GNUTranslations(_stdlib.GNUTranslations):
    """The standard library's ``GNUTranslations``, answered by Parlance.

    Built from an open binary file like the standard class: a ``.mo`` in
    either byte order or, as a Parlance extension, a ``.po`` source (a file
    whose name ends in ``.po`` or ``.pot``). ``gettext``, ``ngettext``,
    ``pgettext``, ``npgettext``, ``info``, ``charset``, ``add_fallback`` and
    ``install`` behave as the standard library's, apart from the glibc
    rules listed in :mod:`parlance.gettext`. ``_catalog``, ``plural``,
    ``_info``, ``_charset``, ``_fallback`` and ``_parse`` are the standard
    class's (see the module's docstring).
    """

    # Set by the standard class, which the standard library's stubs leave out.
    _info: Dict[str, str]
    _fallback: Optional[_stdlib.NullTranslations]

    # The standard class's methods carry their types in type comments, so
    # that their signatures are the standard library's (which has no
    # annotations), as programs comparing them expect (Babel's tests).

    def __init__(self, fp=None):
        # type: (Optional[_Reader]) -> None
        self._fresh_caches()
        if self._given("_catalog") is not _UNSET or self._given("plural") is not _UNSET:
            self._shared.changed = True   # assigned by a subclass before this ran (Babel)
        self._localizer: Optional[Localizer] = None
        self._table = "messages"   # the domain, from the file's name (_parse)
        self._header: Optional[str] = None
        #: Whether the header has a Plural-Forms (the standard library then
        #: checks counts; its default formula takes any value).
        self._formula = False
        super().__init__(fp)

    # ---- the standard class's internals

    def _given(self, name: str) -> Any:
        """What the program assigned to ``_catalog`` or ``plural``, or _UNSET."""
        return self.__dict__.get("_given_" + name, _UNSET)

    def _assign(self, name: str, value: Any) -> None:
        """An assignment to ``_catalog`` or ``plural``: from now on this
        object answers from them, as the standard class does, through caches
        of its own that stay empty."""
        self.__dict__["_given_" + name] = value
        self._fresh_caches()
        self._shared.changed = True

    def _fresh_caches(self) -> None:
        """Empty lookup caches, and a _Shared of their own (copies made
        before keep the old ones)."""
        self._texts: Dict[Any, _Cached] = {}
        self._plurals: Dict[Any, _Cached] = {}
        self._contexts: Dict[Any, _Cached] = {}
        self._context_plurals: Dict[Any, _Cached] = {}
        self._shared = _Shared((self._texts, self._plurals, self._contexts, self._context_plurals))

    @property
    def _catalog(self) -> Any:
        given = self._given("_catalog")
        if given is not _UNSET:
            return given
        shared = self._shared
        if shared.catalog is None:
            shared.catalog = self._build_catalog(shared)
        return shared.catalog

    @_catalog.setter
    def _catalog(self, value: Any) -> None:
        self._assign("_catalog", value)

    @property
    def plural(self) -> Any:
        given = self._given("plural")
        if given is not _UNSET:
            return given
        shared = self._shared
        if shared.plural is None:
            shared.plural = self._compile_plural()
        return shared.plural

    @plural.setter
    def plural(self, value: Any) -> None:
        self._assign("plural", value)

    def _build_catalog(self, shared: _Shared) -> _BuiltCatalog:
        """The standard library's ``_catalog`` of the loaded table."""
        catalog = _BuiltCatalog(shared)
        fill = dict.__setitem__
        localizer = self._localizer
        if localizer is not None and not localizer.closed:
            for entry in localizer.catalog.entries(localizer.locales[0], self._table):
                key = entry.key if entry.context is None else entry.context + "\x04" + entry.key
                if entry.kind == "gettext_plural":
                    for index, form in entry.forms.items():
                        fill(catalog, (key, int(index)), form)
                else:
                    fill(catalog, key, entry.text)
        if self._header is not None:
            fill(catalog, "", self._header)
        return catalog

    def _compile_plural(self) -> Callable[[Any], int]:
        """The header's formula as the standard library compiles it; the
        default ``int(n != 1)`` when there is none or (as libintl reads it)
        when it is unusable."""
        forms = self._info.get("plural-forms") if self._formula else None
        if forms is not None:
            try:
                return _stdlib.c2py(forms.split(";")[1].split("plural=")[1])
            except (IndexError, ValueError, RecursionError, SyntaxError):
                pass
        return _default_plural

    # ---- loading

    def _parse(self, fp):
        # type: (_Reader) -> None
        # As the standard class's: what this reads replaces any _catalog and plural.
        self.__dict__.pop("_given__catalog", None)
        self.__dict__.pop("_given_plural", None)
        if self._shared.changed or self._shared.catalog is not None:
            self._fresh_caches()
        filename = getattr(fp, "name", "")
        lang, self._table = _names(filename)
        in_place = self._load_in_place(fp, filename, lang)
        if in_place is not None:
            self._localizer = in_place
        else:
            buf = fp.read()
            if self._is_mo(buf, filename):
                format = "mo"
            elif isinstance(filename, (str, bytes)) and os.fsdecode(filename).endswith((".po", ".pot")):
                format = "po"
            else:
                raise OSError(0, "Bad magic number", filename)
            try:
                self._localizer = self._open(filename, lang, lambda catalog, locale: catalog.load_bytes(
                    buf, locale=locale, table=self._table, format=format))
            except OSError:
                without = _without_system_dependent(buf) if format == "mo" else None
                if without is None:
                    raise
                # The standard library never reads a minor revision's
                # system-dependent tables: a file whose tables are broken
                # still loads, with its plain strings.
                self._localizer = self._open(filename, lang, lambda catalog, locale: catalog.load_bytes(
                    without, locale=locale, table=self._table, format=format))
        # The header as the library read it (decoded from the file's charset).
        localizer = self._localizer
        header = localizer.catalog.header(localizer.locales[0], self._table)
        if header is not None:
            self._header = header
            info, self._charset = parse_header(self._header)
            self._info.update(info)
            self._formula = "plural-forms" in info

    def _is_mo(self, buf: Any, filename: Any) -> bool:
        """Whether buf starts with a .mo magic number; OSError for a major
        version the standard library does not read."""
        magic = struct.unpack("<I", buf[:4])[0] if len(buf) >= 4 else None
        if magic not in MO_MAGICS:
            return False
        order = "<" if magic == MO_MAGICS[0] else ">"
        major = struct.unpack(order + "I", buf[4:8])[0] >> 16 if len(buf) >= 8 else 0
        if major not in self.VERSIONS:
            raise OSError(0, "Bad version number " + str(major), filename)
        return True

    def _load_in_place(self, fp: Any, filename: Any, lang: Optional[str]) -> Optional[Localizer]:
        """The localizer of a ``.mo`` the library reads and serves in
        place, loaded by path as :meth:`parlance.Catalog.load` loads it; None
        when fp is not a plain file at its start still named by its path,
        is not a ``.mo``, is cut short or fails to load: the caller then
        reads the bytes, and the full parse reports whatever is wrong.

        Only the magic number, the version and the last entry's extent are
        read here, through a mapping of fp (the pages they touch). The file
        is compared with fp again after the load: one replaced in between is
        read through fp instead.
        """
        path = _opened_path(fp)
        if path is None:
            return None
        try:
            view = mmap.mmap(fp.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError):   # an empty file, or one that cannot be mapped
            return None
        with view:
            if not self._is_mo(view, filename) or not mo_strings_end_inside(view):
                return None
        try:
            localizer = self._open(filename, lang, lambda catalog, locale: catalog.load(
                path, locale=locale, table=self._table, format="mo"))
        except OSError:
            return None
        if _opened_path(fp, at_start=False) != path:
            localizer.close()
            return None
        fp.seek(0, os.SEEK_END)   # consumed, as reading it leaves it
        return localizer

    def _open(self, filename: Any, lang: Optional[str], load: Callable[[Catalog, str], None]) -> Localizer:
        """A localizer over a new catalog that load(catalog, locale) fills:
        under the directory's name when Parlance takes it as a locale, else
        under NEUTRAL_LOCALE. A Parlance error becomes OSError(0, message,
        filename), as the standard library reports a corrupt file."""
        catalog = Catalog()   # kept open, for _catalog's listing; freed with the localizer
        try:
            try:
                load(catalog, lang or NEUTRAL_LOCALE)
            except LocaleError:
                load(catalog, NEUTRAL_LOCALE)
            locale = catalog.locales[0]
            return Localizer(catalog, [locale], development=locale)
        except Error as error:
            catalog.close()
            raise OSError(0, error.message, filename) from error
        except BaseException:
            catalog.close()
            raise

    # ---- lookups through Parlance (first call per key)

    def _look_up(self, cache: Dict[Any, _Cached], key: Any, message: Any, context: Optional[str]) -> _Cached:
        text = None
        if self._localizer is not None and isinstance(message, str):
            try:
                text = self._localizer.lookup(message, context=context, table=self._table)
            except ValueError:   # a NUL character: no entry can have it
                pass
            if text is None and message == "" and context is None:
                text = self._header   # the header is the translation of ""
        if len(cache) >= CACHE_LIMIT:
            cache.clear()
        cache[key] = result = _MISSING if text is None else text
        return result

    def _plural_of(self, key: Any, msgid1: str, msgid2: str, n: Any,
                   fallback: Callable[[], str]) -> str:
        """ngettext for a count that is not exactly an int, as the standard
        library answers it: the header's formula evaluated on the value
        itself (checked as the standard library checks it: with a
        Plural-Forms formula a non-int warns, a non-number raises
        TypeError), then the form it names in ``_catalog``. An entry with
        fewer forms gives its first, a singular entry its text (glibc's
        rules, as for int counts). Not cached: such counts are deprecated."""
        if self._formula:
            check_count(n)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)   # the formula's own check: made above
            try:
                index = self.plural(n)
            except ZeroDivisionError:
                index = 0
        catalog = self._catalog
        for candidate in ((key, index), (key, 0), key):
            try:
                text = catalog[candidate]
            except (KeyError, TypeError):
                continue
            if isinstance(text, str):
                return text
        if self._fallback:
            return fallback()
        return msgid1 if n == 1 else msgid2

    def _look_up_plural(self, cache: Dict[Any, _Cached], key: Any, msgid: Any, n: int,
                        context: Optional[str]) -> _Cached:
        text = None
        if self._localizer is not None and isinstance(msgid, str):
            try:
                text = self._localizer.lookup_plural(msgid, ulong_count(n), context=context, table=self._table)
            except ValueError:
                pass
        if len(cache) >= CACHE_LIMIT:
            cache.clear()
        cache[key] = result = _MISSING if text is None else text
        return result

    def _fallback_plural(self, msgid1: str, msgid2: str, n: Any, context: Any = _MISSING) -> str:
        """The fallback's answer. A bare NullTranslations is answered here,
        as it answers (CPython 3.13 checks the count there), so that its
        warning points at the caller, as behind the standard library's own
        GNUTranslations, not at this module."""
        fallback = self._fallback
        assert fallback is not None   # called only when there is one
        if type(fallback) is _stdlib.NullTranslations and getattr(fallback, "_fallback", None) is None:
            return msgid1 if untranslated_count(n) == 1 else msgid2
        if context is _MISSING:
            return fallback.ngettext(msgid1, msgid2, n)
        return fallback.npgettext(context, msgid1, msgid2, n)

    # ---- the standard library's interface

    def gettext(self, message):
        # type: (str) -> str
        tmsg = self._texts.get(message)
        if tmsg is None:
            if self._shared.changed:
                return _stdlib.GNUTranslations.gettext(self, message)
            tmsg = self._look_up(self._texts, message, message, None)
        if tmsg is not _MISSING:
            return tmsg
        if self._fallback:
            return self._fallback.gettext(message)
        return message

    def ngettext(self, msgid1, msgid2, n):
        # type: (str, str, int) -> str
        key = (msgid1, n)
        tmsg = self._plurals.get(key) if n.__class__ is int else None
        if tmsg is None:
            if self._shared.changed:
                return _stdlib.GNUTranslations.ngettext(self, msgid1, msgid2, n)
            if not isinstance(n, int):
                return self._plural_of(msgid1, msgid1, msgid2, n,
                                       lambda: self._fallback_plural(msgid1, msgid2, n))
            key = (msgid1, int(n))   # a bool or an int subclass: the int it is
            tmsg = self._look_up_plural(self._plurals, key, msgid1, key[1], None)
        if tmsg is not _MISSING:
            return tmsg
        if self._fallback:
            return self._fallback_plural(msgid1, msgid2, n)
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context, message):
        # type: (str, str) -> str
        key = (context, message)
        tmsg = self._contexts.get(key)
        if tmsg is None:
            if self._shared.changed:
                return _stdlib.GNUTranslations.pgettext(self, context, message)
            # As the standard library spells the key: "%s\x04%s" % (context, message).
            tmsg = self._look_up(self._contexts, key, "%s" % (message,), "%s" % (context,))
        if tmsg is not _MISSING:
            return tmsg
        if self._fallback:
            return self._fallback.pgettext(context, message)
        return message

    def npgettext(self, context, msgid1, msgid2, n):
        # type: (str, str, str, int) -> str
        key = (context, msgid1, n)
        tmsg = self._context_plurals.get(key) if n.__class__ is int else None
        if tmsg is None:
            if self._shared.changed:
                return _stdlib.GNUTranslations.npgettext(self, context, msgid1, msgid2, n)
            if not isinstance(n, int):
                return self._plural_of("%s\x04%s" % (context, msgid1), msgid1, msgid2, n,
                                       lambda: self._fallback_plural(msgid1, msgid2, n, context))
            key = (context, msgid1, int(n))
            tmsg = self._look_up_plural(self._context_plurals, key, "%s" % (msgid1,), key[2], "%s" % (context,))
        if tmsg is not _MISSING:
            return tmsg
        if self._fallback:
            return self._fallback_plural(msgid1, msgid2, n, context)
        return msgid1 if n == 1 else msgid2

    def __repr__(self) -> str:
        localizer = self._localizer
        where = f" {self._table!r} {localizer.locales[0]!r}" if localizer is not None and not localizer.closed else ""
        return f"<parlance.gettext.GNUTranslations{where}>"
