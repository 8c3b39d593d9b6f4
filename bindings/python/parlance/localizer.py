"""Localizers: lookups along a locale fallback chain, plurals and formatting."""

from __future__ import annotations

import ctypes
import datetime
import decimal
import numbers
import os
import threading
import weakref
from ctypes import byref
from dataclasses import dataclass
from typing import (TYPE_CHECKING, Any, Callable, Dict, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple,
                    Union)

from . import _ffi
from ._errors import InvalidArgumentError, NotFoundError
from .catalog import Catalog, encode, encode_required

if TYPE_CHECKING:
    from .messages import MessageError

__all__ = ["Localizer", "Explanation", "FormatOptions", "MissCallback", "ChangeCallback", "Number", "FormatArg", "plural_category",
           "accept_language", "Languages", "Served"]

#: A plural count: an int, a float, a decimal string such as ``"1.50"``, or a
#: :class:`decimal.Decimal`; strings and Decimals keep their fraction digits.
Number = Union[int, float, str, decimal.Decimal]
#: A formatting argument.
FormatArg = Union[int, float, str, decimal.Decimal, datetime.datetime, datetime.date, Sequence[str]]
#: ``callback(key, context, table, locales)``
MissCallback = Callable[[str, Optional[str], str, List[str]], None]

_INT64_MIN = -(1 << 63)
_INT64_MAX = (1 << 63) - 1

_copy = _ffi.lib.parlance_localizer_copy
_plural_copy = _ffi.lib.parlance_localizer_plural_copy
_plural_source_copy = _ffi.lib.parlance_localizer_plural_source_copy
_format_plural = _ffi.lib.parlance_localizer_format_plural
_buffers = threading.local()


def _copied(function: Any, handle: Any, *args: Any) -> Optional[bytes]:
    """Calls a parlance_*_copy function with this thread's buffer (grown as
    needed): the text is copied while the library guarantees it, so a load
    on another thread cannot free it under us. None when missing."""
    buffer = getattr(_buffers, "buffer", None)
    if buffer is None:
        buffer = _buffers.buffer = ctypes.create_string_buffer(256)
    while True:
        n = function(handle, buffer, len(buffer), *args)
        if n < 0:
            if n == -1:
                return None
            _ffi.raise_last_error()
        if n < len(buffer):
            return ctypes.string_at(buffer, n)
        buffer = _buffers.buffer = ctypes.create_string_buffer(n + 1)


# ---- Arguments ---------------------------------------------------------------------

def _string_arg(text: str, what: str) -> _ffi.Arg:
    arg = _ffi.Arg(_ffi.ARG_STRING)
    arg.value.s = encode(text, what)   # the Arg keeps the bytes alive
    return arg


def count_arg(count: Number, what: str = "count") -> _ffi.Arg:
    """A plural operand. Integers outside int64 and Decimals go as decimal
    strings, which are exact; floats must be finite."""
    if isinstance(count, bool):
        raise TypeError(f"{what} must be a number, not bool")
    if isinstance(count, str):
        return _string_arg(count, what)
    if isinstance(count, decimal.Decimal):
        if not count.is_finite():
            raise ValueError(f"{what} must be finite, not {count}")
        return _string_arg(format(count, "f"), what)   # "1.50" stays "1.50"; no exponent
    if isinstance(count, numbers.Integral):
        n = int(count)
        if _INT64_MIN <= n <= _INT64_MAX:
            arg = _ffi.Arg(_ffi.ARG_INT)
            arg.value.i = n
            return arg
        return _string_arg(str(n), what)
    if isinstance(count, numbers.Real):
        d = float(count)
        if d != d or d in (float("inf"), float("-inf")):
            raise ValueError(f"{what} must be finite, not {d}")
        arg = _ffi.Arg(_ffi.ARG_DOUBLE)
        arg.value.d = d
        return arg
    raise TypeError(f"{what} must be an int, float, decimal str or Decimal, not {type(count).__name__}")


def format_arg(value: FormatArg, index: int) -> _ffi.Arg:
    """A formatting argument: int → 64-bit integer, float → double, Decimal
    → decimal (every digit kept), str → string, datetime → date (a naive
    datetime is local time, as :meth:`datetime.datetime.timestamp` takes it),
    date → its midnight UTC, bool → boolean ("true"/"false" in i18next, ICU
    select and MessageFormat 2 messages; 1/0 for printf conversions), list
    or tuple of str → list (i18next's ``{{v, list}}``: "a, b, and c"; an
    item cannot be empty)."""
    if type(value) is int and _INT64_MIN <= value <= _INT64_MAX:
        # The common case first, ahead of the isinstance checks against ABCs.
        arg = _ffi.Arg(_ffi.ARG_INT)
        arg.value.i = value
        return arg
    what = f"argument {index + 1}"
    if isinstance(value, bool):
        arg = _ffi.Arg(_ffi.ARG_BOOL)
        arg.value.i = int(value)
        return arg
    if isinstance(value, (list, tuple)):
        items = [encode_required(item, f"item {number + 1} of {what}") for number, item in enumerate(value)]
        if not all(items):
            raise ValueError(f"{what} has an empty item, which a list cannot carry")
        arg = _ffi.Arg(_ffi.ARG_LIST)
        arg.value.s = b"".join(item + b"\0" for item in items) + b"\0"   # the Arg keeps the bytes alive
        return arg
    if isinstance(value, str):
        return _string_arg(value, what)
    if isinstance(value, decimal.Decimal):
        if not value.is_finite():
            raise ValueError(f"{what} ({value}) is not a finite number")
        arg = _ffi.Arg(_ffi.ARG_DECIMAL)
        arg.value.s = str(value).encode("ascii")
        return arg
    if isinstance(value, (datetime.datetime, datetime.date)):
        if isinstance(value, datetime.datetime):
            milliseconds = value.timestamp() * 1000
        else:
            milliseconds = (value - datetime.date(1970, 1, 1)).days * 86_400_000
        arg = _ffi.Arg(_ffi.ARG_DATE)
        arg.value.d = float(milliseconds)
        return arg
    if isinstance(value, numbers.Integral):
        n = int(value)
        if not _INT64_MIN <= n <= _INT64_MAX:
            raise OverflowError(f"{what} ({n}) does not fit a 64-bit signed integer")
        arg = _ffi.Arg(_ffi.ARG_INT)
        arg.value.i = n
        return arg
    if isinstance(value, numbers.Real):
        arg = _ffi.Arg(_ffi.ARG_DOUBLE)
        arg.value.d = float(value)
        return arg
    raise TypeError(f"{what} must be an int, float, str, Decimal, datetime or list of str, not {type(value).__name__}")


_NUMBERS = {"c": 1, "locale": 2}
_ISOLATION = {"automatic": 1, "none": 2, "first_strong": 3, "directional": 4}


@dataclass(frozen=True)
class FormatOptions:
    """How formatted messages present their arguments; None takes the
    localizer's setting.

    ``numbers``: ``"c"`` (printf numbers as C writes them, the default) or
    ``"locale"`` (``%d %i %u %f %F`` the locale's way, through ICU).
    ``isolation``: ``"none"`` (the default: what each format's own runtime
    gives), ``"automatic"`` (first-strong isolates in right-to-left locales,
    none elsewhere), ``"first_strong"`` (U+2068 … U+2069 around each
    placeholder's text) or ``"directional"`` (U+2066 or U+2067 by the
    argument's direction). Isolation wraps a placeholder's formatted text,
    never a value a selector or plural reads."""
    numbers: Optional[str] = None
    isolation: Optional[str] = None

    def _c(self) -> _ffi.FormatOptions:
        if self.numbers is not None and self.numbers not in _NUMBERS:
            raise InvalidArgumentError(f"unknown numbers setting {self.numbers!r}; use {', '.join(_NUMBERS)}")
        if self.isolation is not None and self.isolation not in _ISOLATION:
            raise InvalidArgumentError(f"unknown isolation {self.isolation!r}; use {', '.join(_ISOLATION)}")
        return _ffi.FormatOptions(_ffi.FORMAT_OPTIONS_VERSION, _NUMBERS.get(self.numbers or "", 0),
                                  _ISOLATION.get(self.isolation or "", 0))


def _locale_array(locales: Iterable[str]) -> "ctypes.Array[ctypes.c_char_p]":
    names = [encode(name, "locale") for name in locales]
    return (ctypes.c_char_p * len(names))(*names)


class Languages(List[str]):
    """Preferred locales read from an ``Accept-Language`` header: a list to
    hand :class:`Localizer`, with the ranges that named no language (or had
    a malformed quality) in :attr:`rejected`."""
    rejected: List[str]

    def __init__(self, languages: Iterable[str] = (), rejected: Iterable[str] = ()) -> None:
        super().__init__(languages)
        self.rejected = list(rejected)

    def __repr__(self) -> str:
        return f"Languages({list(self)!r}, rejected={self.rejected!r})"


def accept_language(header: Union[str, bytes, None]) -> Languages:
    """The preferred locales of an HTTP ``Accept-Language`` header (RFC 9110),
    highest quality first (equal qualities in the header's order), each once;
    ``*`` and ``q=0`` ranges are dropped, and ranges that name no language are
    listed in ``.rejected`` instead of raising. None or ``""``: no languages,
    which a :class:`Localizer` serves in its development locale::

        loc = parlance.Localizer(catalog, parlance.accept_language(request.headers.get("Accept-Language")))
    """
    if header is None:
        return Languages()
    raw = header.encode("utf-8", "surrogateescape") if isinstance(header, str) else bytes(header)
    raw = raw.split(b"\0", 1)[0]
    buffer = ctypes.create_string_buffer(3 * len(raw) + 1)   # room for repaired UTF-8 too
    capacity = raw.count(b",") + 1
    tags = (ctypes.c_char_p * capacity)()
    count, rejected = ctypes.c_size_t(), ctypes.c_size_t()
    _ffi.lib.parlance_accept_language(raw, buffer, len(buffer), tags, capacity, byref(count), byref(rejected))
    found = [(tags[i] or b"").decode("utf-8", "replace") for i in range(min(count.value + rejected.value, capacity))]
    return Languages(found[:count.value], found[count.value:])


def plural_category(locale: str, number: Number, ordinal: bool = False) -> str:
    """The CLDR plural category (``"zero"``, ``"one"``, ``"two"``, ``"few"``,
    ``"many"`` or ``"other"``) of number in locale, cardinal or ordinal.

    Decimal strings and Decimals keep their fraction digits: in English
    ``"1"`` is ``"one"`` and ``"1.0"`` is ``"other"``."""
    out = ctypes.c_char_p()
    arg = count_arg(number, "number")
    _ffi.lib.parlance_plural_category(byref(out), encode_required(locale, "locale"), byref(arg), bool(ordinal))
    return _ffi.text_at(out.value).decode()


# ---- Explanations ------------------------------------------------------------------

class Served(NamedTuple):
    """A translation and the locale that supplied it (None: a miss, the key)."""
    text: str
    locale: Optional[str]


@dataclass(frozen=True)
class Explanation:
    """Where a looked-up string came from."""
    text: str                   #: the result, as text()/plural() give it
    found: bool                 #: False: text is the key itself
    locale: Optional[str]       #: the supplying locale
    table: str                  #: the table name
    stored_key: Optional[str]   #: the key as stored, e.g. "(ctx##one)key"
    category: Optional[str]     #: the plural category used
    fallback: bool              #: True when a locale after the first supplied it


def _text_or_none(value: Optional[bytes]) -> Optional[str]:
    return None if value is None else value.decode()


# ---- Localizer ---------------------------------------------------------------------

def _miss_trampoline(ref: "weakref.ReferenceType[Localizer]") -> Any:
    """The C callback of one localizer. It calls the Python callback and keeps
    any exception for the localizer call that caused the miss to raise once
    the C call has returned: nothing propagates into C."""

    def trampoline(user_data: Any, key: bytes, context: Optional[bytes], table: bytes,
                   locales: Any, count: int) -> None:
        localizer = ref()
        if localizer is None:
            return
        callback = localizer._miss_callback
        if callback is None:
            return
        try:
            callback(key.decode(), _text_or_none(context), table.decode(),
                     [locales[i].decode() for i in range(count)])
        except BaseException as error:  # noqa: B036 -- re-raised after the C call
            pending = localizer._pending
            if getattr(pending, "error", None) is None:
                pending.error = error

    return _ffi.MissCallback(trampoline)


def _change_trampoline(ref: "weakref.ReferenceType[Localizer]") -> Any:
    """The C change callback of one localizer: empties the lookup cache
    first (the change is already visible in C), then calls the Python
    callables in the order they were added. An exception is kept for the
    call that made the change (set_locales(), a catalog load) to raise on
    the same thread once the C call has returned; the other callables
    still run."""

    def trampoline(user_data: Any, handle: Any, change: int) -> None:
        localizer = ref()
        if localizer is None:
            return
        localizer._invalidate()
        reason = "locales" if change == _ffi.CHANGE_LOCALES else "catalog"
        for callback in list(localizer._change_callbacks):
            try:
                callback(localizer, reason)
            except BaseException as error:  # noqa: B036 -- re-raised after the C call
                pending = localizer._pending
                if getattr(pending, "change_error", None) is None:
                    pending.change_error = error

    return _ffi.ChangeCallback(trampoline)


#: ``callback(localizer, change)``: change is "locales" or "catalog".
ChangeCallback = Callable[["Localizer", str], None]

#: Entries a localizer caches before starting over (keys may be unbounded).
_CACHE_LIMIT = 65536


class Localizer:
    """Looks strings up in a catalog along a locale fallback chain.

    ``locales`` are the preferred locales, most preferred first, in BCP 47 or
    POSIX spelling (a single str is one locale); None reads the environment
    like glibc (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). An empty list means
    "the development locale only"; a name that names no language is skipped.
    ``development`` is the last-resort locale. ``table`` is the table calls
    that name none look in (a gettext program's domain, an i18next namespace;
    None: ``Localizable``); a table named in a call still wins.

    Safe to use from many threads at once, including :meth:`set_locales`
    while others look strings up. Do not race :meth:`close` with other calls.
    The localizer keeps its catalog alive.
    """

    def __init__(self, catalog: Catalog, locales: Union[None, str, Iterable[str]] = None,
                 development: Optional[str] = "en", table: Optional[str] = None) -> None:
        self._handle: Optional[int] = None
        if not isinstance(catalog, Catalog):
            raise TypeError(f"catalog must be a parlance.Catalog, not {type(catalog).__name__}")
        self._development = "en" if development is None else development
        self._miss_callback: Optional[MissCallback] = None
        self._trampoline: Any = None
        self._watching = False       # becomes True for good once a callback is installed
        self._change_callbacks: List[ChangeCallback] = []
        self._change_trampoline: Any = None
        self._pending = threading.local()
        names, count = self._locale_list(locales)
        catalog_handle = catalog._acquire()
        self._catalog: Optional[Catalog] = catalog
        handle = _ffi.localizer_p()
        try:
            _ffi.lib.parlance_localizer_create_for_table(byref(handle), catalog_handle, names, count,
                                                         encode(self._development, "development"),
                                                         encode(table, "table"))
        except BaseException:
            self._catalog = None
            catalog._release()
            raise
        self._handle = handle.value
        # Lookup cache: text() results by key (plain) or (key, context, table);
        # plural() and format() results for one int by (key, n, plural,
        # context, table). Emptied on set_locales(), catalog loads and
        # changes of the device or the format options; filled only under the
        # lock and only if no change happened since the lookup began.
        self._plain: Dict[str, str] = {}
        self._keyed: Dict[Tuple[str, Optional[str], Optional[str]], str] = {}
        self._plurals: Dict[Tuple[Any, ...], str] = {}
        self._formats: Dict[Tuple[Any, ...], str] = {}
        self._cache_generation = 0
        self._cache_lock = threading.Lock()
        catalog._watchers.add(self)

    def _invalidate(self) -> None:
        with self._cache_lock:
            self._cache_generation += 1
            self._plain = {}
            self._keyed = {}
            self._plurals = {}
            self._formats = {}

    def _locale_list(self, locales: Union[None, str, Iterable[str]]) -> Any:
        if locales is None:
            return None, 0
        if isinstance(locales, str):
            locales = [locales]
        names = list(locales)
        if not names:
            # No languages: the development locale only, as in C and Swift.
            names = [self._development]
        return _locale_array(names), len(names)

    # ---- lifecycle

    @property
    def catalog(self) -> Catalog:
        """The catalog this localizer reads."""
        if self._catalog is None:
            raise InvalidArgumentError("the localizer is closed")
        return self._catalog

    def close(self) -> None:
        """Frees the localizer and lets its catalog go. Idempotent."""
        handle, self._handle = self._handle, None
        self._invalidate()
        if handle is not None:
            _ffi.lib.parlance_localizer_free(handle)
            catalog, self._catalog = self._catalog, None
            if catalog is not None:
                catalog._release()

    @property
    def closed(self) -> bool:
        return self._handle is None

    def __enter__(self) -> "Localizer":
        self._live()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass  # interpreter shutdown

    def _live(self) -> int:
        handle = self._handle
        if handle is None:
            raise InvalidArgumentError("the localizer is closed")
        return handle

    def _raise_pending(self) -> None:
        error = getattr(self._pending, "error", None)
        if error is not None:
            self._pending.error = None
            raise error

    # ---- locales

    @property
    def locales(self) -> List[str]:
        """The resolved fallback chain, most preferred first: one consistent
        snapshot even while another thread calls :meth:`set_locales`."""
        handle = self._live()
        count = ctypes.c_size_t(0)
        names = _ffi.lib.parlance_localizer_locales(handle, ctypes.byref(count))
        return [names[index].decode() for index in range(count.value)]

    @property
    def development(self) -> str:
        """The development (last-resort) locale as given."""
        return self._development

    def set_locales(self, locales: Union[None, str, Iterable[str]]) -> None:
        """Replaces the preferred locales (None: from the environment). On an
        error the previous chain stays."""
        handle = self._live()
        names, count = self._locale_list(locales)
        try:
            _ffi.lib.parlance_localizer_set_locales(handle, names, count)
        finally:
            self._invalidate()
        self._raise_change_error()

    # ---- lookups

    def text(self, key: str, context: Optional[str] = None, table: Optional[str] = None) -> str:
        """The translation of key, or key itself when no locale has it."""
        if context is None and table is None:
            try:
                return self._plain[key]
            except (KeyError, TypeError):
                pass
        else:
            try:
                return self._keyed[(key, context, table)]
            except (KeyError, TypeError):
                pass
        generation = self._cache_generation
        handle = self._handle
        if handle is None:
            raise InvalidArgumentError("the localizer is closed")
        try:
            k = key.encode()
        except AttributeError:
            raise TypeError(f"key must be a str, not {type(key).__name__}") from None
        if b"\0" in k:
            raise ValueError("key contains a NUL character")
        result = _copied(_copy, handle, k, None if context is None else encode(context, "context"),
                         None if table is None else encode(table, "table"))
        text = key if result is None else result.decode()
        if self._watching:
            # Misses must reach the callback every time: nothing is cached.
            self._raise_pending()
            return text
        with self._cache_lock:
            if generation == self._cache_generation and not self._watching:
                if len(self._plain) + len(self._keyed) >= _CACHE_LIMIT:
                    self._plain, self._keyed = {}, {}
                if context is None and table is None:
                    self._plain[key] = text
                else:
                    self._keyed[(key, context, table)] = text
        return text

    def lookup(self, key: str, context: Optional[str] = None, table: Optional[str] = None) -> Optional[str]:
        """The translation of key, or None when no locale has it."""
        handle = self._live()
        result = _copied(_copy, handle, encode_required(key, "key"), encode(context, "context"),
                         encode(table, "table"))
        if self._watching:
            self._raise_pending()
        return None if result is None else result.decode()

    def __call__(self, key: str, context: Optional[str] = None, table: Optional[str] = None) -> str:
        """Same as :meth:`text`, for ``_ = localizer`` style."""
        return self.text(key, context, table)

    def plural(self, key: str, count: Number, context: Optional[str] = None, table: Optional[str] = None, *,
               plural: Optional[str] = None) -> str:
        """The plural variant of key for count's CLDR category in the locale
        that supplies it, unformatted; falls back to "other", then to key.

        ``plural`` is the source text's plural form (gettext's msgid_plural):
        when no locale has key, the result is key or plural as the
        development language's CLDR rule chooses for count, as
        ``ngettext(key, plural, count)`` does."""
        cached = type(count) is int
        if cached:
            try:
                return self._plurals[(key, count, plural, context, table)]
            except (KeyError, TypeError):
                pass
        generation = self._cache_generation
        if plural is None:
            result = self.lookup_plural(key, count, context, table)
            text = key if result is None else result
        else:
            handle = self._live()
            arg = count_arg(count)
            try:
                found = _copied(_plural_source_copy, handle, encode_required(key, "key"),
                                encode_required(plural, "plural"), byref(arg), encode(context, "context"),
                                encode(table, "table"))
            finally:
                if self._watching:
                    self._raise_pending()
            text = "" if found is None else found.decode()
        if cached:
            self._remember(self._plurals, (key, count, plural, context, table), text, generation)
        return text

    def _remember(self, cache: Dict[Any, str], entry: Any, text: str, generation: int) -> None:
        """Keeps a plural() or format() result, unless the localizer changed
        since the call began or misses are watched (they must reach the
        callback every time)."""
        with self._cache_lock:
            if generation == self._cache_generation and not self._watching:
                if len(cache) >= _CACHE_LIMIT:
                    cache.clear()
                cache[entry] = text

    def lookup_plural(self, key: str, count: Number, context: Optional[str] = None,
                      table: Optional[str] = None) -> Optional[str]:
        """Like :meth:`plural`, but None when no locale has the string."""
        handle = self._live()
        arg = count_arg(count)
        try:
            result = _copied(_plural_copy, handle, encode_required(key, "key"), byref(arg),
                             encode(context, "context"), encode(table, "table"))
        finally:
            if self._watching:
                self._raise_pending()
        return None if result is None else result.decode()

    @property
    def device(self) -> Optional[str]:
        """The device whose texts device-specific entries give (``"iphone"``,
        ``"mac"``… as catalogs name them: ``.stringsdict`` device rules,
        String Catalog ``device`` variations); None, the default, gives
        their ``"other"`` texts. An unknown name raises InvalidArgumentError."""
        name = _ffi.lib.parlance_localizer_device(self._live())
        return None if name is None else name.decode()

    @device.setter
    def device(self, device: Optional[str]) -> None:
        if device is not None and not isinstance(device, str):
            raise TypeError(f"device must be a str or None, not {type(device).__name__}")
        _ffi.lib.parlance_localizer_set_device(self._live(), None if device is None else encode(device, "device"))
        self._invalidate()

    @property
    def format_options(self) -> FormatOptions:
        """The defaults of this localizer's formatting calls (each call's
        ``options`` override them where set)."""
        options = _ffi.FormatOptions(_ffi.FORMAT_OPTIONS_VERSION, 0, 0)
        _ffi.lib.parlance_localizer_format_options(self._live(), byref(options))
        numbers = next((name for name, code in _NUMBERS.items() if code == options.numbers), None)
        isolation = next((name for name, code in _ISOLATION.items() if code == options.isolation), None)
        return FormatOptions(numbers, isolation)

    @format_options.setter
    def format_options(self, options: FormatOptions) -> None:
        try:
            _ffi.lib.parlance_localizer_set_format_options(self._live(), byref(options._c()))
        finally:
            self._invalidate()

    def format(self, key: str, *args: FormatArg, plural: Optional[str] = None, context: Optional[str] = None,
               table: Optional[str] = None, options: Optional[FormatOptions] = None) -> str:
        """Formats the translation of key (or key itself) with args.

        int → 64-bit integer (OverflowError beyond), float → double, str →
        string, Decimal → decimal (every digit kept), datetime → date; bool
        is refused. A placeholder whose type does not match its argument
        raises FormatError. A table of ICU MessageFormat messages takes args
        as ``{0}``, ``{1}``…

        ``plural`` is the source text's plural form (gettext's msgid_plural):
        when no locale has key, key or plural is formatted, as the
        development language's CLDR rule chooses for the first numeric
        argument: ``format(s, n, plural=p)`` gives ``ngettext(s, p, n) % n``."""
        cached = options is None and len(args) == 1 and type(args[0]) is int
        if cached:
            try:
                return self._formats[(key, args[0], plural, context, table)]
            except (KeyError, TypeError):
                pass
        generation = self._cache_generation
        array = (_ffi.Arg * len(args))(*(format_arg(value, index) for index, value in enumerate(args)))
        text = self._formatted(_format_plural, key, context, table, array, len(args), options,
                               (encode(plural, "plural"),))
        if cached:
            self._remember(self._formats, (key, args[0], plural, context, table), text, generation)
        return text

    def _formatted(self, function: Any, key: str, context: Optional[str], table: Optional[str],
                   array: Any, count: int, options: Optional[FormatOptions], extra: Tuple[Any, ...] = ()) -> str:
        """Calls a formatting function of the C API (``extra``: its arguments
        between the key and the context); the text it returns, freed."""
        handle = self._live()
        out = ctypes.c_void_p()
        c_options = byref(options._c()) if options is not None else None
        try:
            function(handle, byref(out), encode_required(key, "key"), *extra, encode(context, "context"),
                     encode(table, "table"), array, count, c_options)
            return _ffi.text_at(out.value).decode()
        finally:
            if out.value:
                _ffi.lib.parlance_free(out)
            if self._watching:
                self._raise_pending()

    def format_named(self, key: str, values: Optional[Mapping[str, FormatArg]] = None, *,
                     context: Optional[str] = None, table: Optional[str] = None,
                     options: Optional[FormatOptions] = None, **kwargs: FormatArg) -> str:
        """Formats the message of key with named values, by its table's
        message syntax (:meth:`Catalog.set_message_syntax`).

        ICU MessageFormat (``{count, plural, one {# file} other {# files}}``)
        is formatted by ICU; MessageFormat 2 (``.input {$n :number} .match
        $n …``) by Parlance's implementation. In i18next tables, as i18next's
        ``t(key, options)``: ``{{name}}`` (HTML-escaped), ``{{- name}}``,
        ``$t(other.key)``, plural and context suffixes; ``count`` selects
        the plural form, ``ordinal=True`` ordinal rules,
        ``escapeValue=False`` turns escaping off for this call.

        Values come from ``values`` (names that are not Python identifiers,
        such as ``"user.name"``, or are ``context``, ``table``, ``options``)
        and keyword arguments. A missing key gives key. A key whose table
        takes positional arguments, or a message that cannot be formatted,
        raises FormatError; so does ``$t()`` nesting that asks for more than
        10,000 messages. A text that would be longer than 16 MiB raises
        ResourceError before it is built."""
        merged: Dict[str, FormatArg] = dict(values or {})
        merged.update(kwargs)
        for flag in ("ordinal", "escapeValue"):
            value = merged.get(flag)
            if isinstance(value, bool):
                merged[flag] = int(value)
        array = (_ffi.NamedArg * len(merged))(*(
            _ffi.NamedArg(encode_required(name, "name"), format_arg(value, index))
            for index, (name, value) in enumerate(merged.items())))
        return self._formatted(_ffi.lib.parlance_localizer_format_named_with, key, context, table, array, len(merged),
                               options)

    def format_message(self, key: str, values: Optional[Mapping[str, FormatArg]] = None, *,
                       context: Optional[str] = None, table: Optional[str] = None,
                       options: Optional[FormatOptions] = None, **kwargs: FormatArg) -> "Tuple[str, List[MessageError]]":
        """:meth:`format_named`, with the errors of a MessageFormat 2 message
        given beside its text instead of raised: ``(text, errors)``, each a
        :class:`MessageError` (``kind``, ``message``), in the order found; a
        failed expression shows its fallback (``{$name}``), as the
        specification asks. Other syntaxes' failures still raise."""
        from .messages import format_with_errors
        return format_with_errors(_ffi.lib.parlance_localizer_format_message, self._live(),
                                  (encode_required(key, "key"), encode(context, "context"), encode(table, "table")),
                                  {**(values or {}), **kwargs}, options)

    def localize_marked(self, text: str) -> Optional[str]:
        """For caret-marked text such as ``"^Print"``, the translation of
        "Print" (or "Print" when missing); None when text has no leading ^."""
        encode_required(text, "text")
        if not text.startswith("^"):
            return None
        return self.text(text[1:])

    def resource_path(self, name: str, ext: Optional[str] = None) -> Optional[str]:
        """The path of ``xx.lproj/name.ext`` for the first locale of the chain
        whose loaded folders have it, or None."""
        handle = self._live()
        out = ctypes.c_void_p()
        try:
            _ffi.lib.parlance_localizer_resource_path(handle, byref(out), encode_required(name, "name"),
                                                      encode(ext, "ext"))
        except NotFoundError:
            return None
        try:
            return os.fsdecode(_ffi.text_at(out.value))
        finally:
            _ffi.lib.parlance_free(out)

    #: UI document kinds for :meth:`localize_document` (None: by name, else by content).
    DOCUMENT_KINDS = {"gtkbuilder": 1, "interface-builder": 2, "json": 3}

    def localize_document(self, document: Union[bytes, str], name: Optional[str] = None,
                          kind: Optional[str] = None, table: Optional[str] = None) -> Union[bytes, str]:
        """A UI document (GtkBuilder ``.ui``, Interface Builder ``.xib`` or
        ``.storyboard``, a JSON UI tree) with its caret-marked ``^Key`` texts
        and the texts its kind localizes by convention translated along the
        chain, every other byte as it was. ``name`` (a file name) gives the
        kind by its extension and an Interface Builder document's table;
        ``kind`` is ``"gtkbuilder"``, ``"interface-builder"`` or ``"json"``;
        ``table`` holds the texts the document does not place (carets, JSON
        texts, GtkBuilder texts without a domain; default ``Localizable``).
        Returns bytes for bytes, str for str. A document that is not
        well-formed raises :class:`ParseError` with its line and column."""
        handle = self._live()
        if kind is not None and kind not in self.DOCUMENT_KINDS:
            raise InvalidArgumentError(f"unknown document kind {kind!r} ({', '.join(self.DOCUMENT_KINDS)})")
        data = document.encode("utf-8") if isinstance(document, str) else bytes(document)
        out = ctypes.c_void_p()
        size = ctypes.c_size_t()
        _ffi.lib.parlance_localizer_localize_document(handle, byref(out), byref(size), data, len(data),
                                                      encode(name, "name"), encode(table, "table"),
                                                      0 if kind is None else self.DOCUMENT_KINDS[kind])
        try:
            result = ctypes.string_at(out.value or 0, size.value)
        finally:
            _ffi.lib.parlance_free(out)
        return result.decode("utf-8") if isinstance(document, str) else result

    def served(self, key: str, context: Optional[str] = None, table: Optional[str] = None) -> Served:
        """The translation of key (or key itself when no locale has it) and
        the locale that supplied it (None on a miss), from one lookup: what a
        response's ``Content-Language`` says. ``served(k).text == text(k)``."""
        handle = self._live()
        locale = ctypes.c_char_p()
        k = encode_required(key, "key")
        # A read section keeps the borrowed strings valid until they are decoded.
        _ffi.lib.parlance_read_begin()
        try:
            text = _ffi.lib.parlance_localizer_text_served(handle, k, encode(context, "context"),
                                                           encode(table, "table"), byref(locale))
            return Served(text=key if text is None else text.decode(), locale=_text_or_none(locale.value))
        finally:
            _ffi.lib.parlance_read_end()
            if self._watching:
                self._raise_pending()

    def explain(self, key: str, count: Optional[Number] = None, context: Optional[str] = None,
                table: Optional[str] = None) -> Explanation:
        """Looks key up like :meth:`text` (or :meth:`plural` when count is
        given) and tells where the result came from."""
        handle = self._live()
        out = _ffi.Explanation(_ffi.EXPLANATION_VERSION)
        k = encode_required(key, "key")
        arg = None if count is None else byref(count_arg(count))
        # A read section keeps the borrowed strings valid until they are decoded.
        _ffi.lib.parlance_read_begin()
        try:
            _ffi.lib.parlance_localizer_explain(handle, byref(out), k, arg, encode(context, "context"),
                                                encode(table, "table"))
            return Explanation(text=out.text.decode(), found=bool(out.found), locale=_text_or_none(out.locale),
                               table=out.table.decode(), stored_key=_text_or_none(out.stored_key),
                               category=_text_or_none(out.category), fallback=bool(out.fallback))
        finally:
            _ffi.lib.parlance_read_end()
            if self._watching:
                self._raise_pending()

    # ---- misses

    def on_miss(self, callback: Optional[MissCallback]) -> None:
        """Installs ``callback(key, context, table, locales)`` to hear about
        misses (None removes it). ``locales`` lists the locales that lacked
        the string: all of the chain on a miss, or those tried before the
        supplier when a fallback locale had it.

        The callback runs synchronously on the looking-up thread and must not
        use this localizer. An exception it raises does not cross into C: the
        lookup finishes, then the lookup call (text(), plural(), ...) raises
        that exception on the same thread.
        """
        handle = self._live()
        if callback is not None and not callable(callback):
            raise TypeError("callback must be callable or None")
        if callback is None:
            _ffi.lib.parlance_localizer_on_miss(handle, _ffi.MissCallback(), None)
            self._miss_callback = None
            return
        self._miss_callback = callback
        self._watching = True
        self._invalidate()
        if self._trampoline is None:
            # One trampoline per localizer, kept until the localizer dies: a
            # lookup on another thread may still be inside it after removal.
            self._trampoline = _miss_trampoline(weakref.ref(self))
        _ffi.lib.parlance_localizer_on_miss(handle, self._trampoline, None)

    # ---- change notification

    def on_change(self, callback: ChangeCallback) -> ChangeCallback:
        """Adds ``callback(localizer, change)``, called after the languages
        change (``change == "locales"``: set_locales() chose a different
        chain) or a load into the catalog published new tables
        (``"catalog"``). Returns callback, so it works as a decorator; the
        same callable added twice is called once.

        It runs synchronously on the thread that made the change, after the
        change is visible to lookups, with no Parlance lock held: it may look
        strings up, add or remove callbacks, even call set_locales() (which
        calls the callbacks again before returning). An exception it raises
        does not cross into C: the remaining callbacks run, then the call that
        made the change (set_locales(), Catalog.load...) raises it.
        """
        handle = self._live()
        if not callable(callback):
            raise TypeError("callback must be callable")
        if not any(c is callback for c in self._change_callbacks):
            self._change_callbacks.append(callback)
        if self._change_trampoline is None:
            # One C callback per localizer, kept until the localizer is
            # freed (freeing removes it): it calls every Python callable.
            self._change_trampoline = _change_trampoline(weakref.ref(self))
            _ffi.lib.parlance_localizer_on_change(handle, self._change_trampoline, None)
        return callback

    def remove_on_change(self, callback: ChangeCallback) -> None:
        """Removes a callable added by on_change(); ValueError when it was not added."""
        for i, added in enumerate(self._change_callbacks):
            if added is callback:
                # A new list: a round of calls running on another thread keeps its copy.
                self._change_callbacks = self._change_callbacks[:i] + self._change_callbacks[i + 1:]
                return
        raise ValueError("callback was not added with on_change()")

    def _raise_change_error(self) -> None:
        error = getattr(self._pending, "change_error", None)
        if error is not None:
            self._pending.change_error = None
            raise error

    def __repr__(self) -> str:
        if self._handle is None:
            return "<parlance.Localizer (closed)>"
        return f"<parlance.Localizer locales={self.locales!r}>"
