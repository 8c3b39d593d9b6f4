"""Catalogs: sets of loaded translation tables."""

from __future__ import annotations

import os
import threading
import weakref
from ctypes import byref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Tuple, Union

from . import _ffi
from ._errors import InvalidArgumentError

if TYPE_CHECKING:
    from .messages import FunctionCall, FunctionResult, MessageError

__all__ = ["Catalog", "Entry", "FORMATS", "MESSAGE_SYNTAXES", "PathArg", "XCSTRINGS_STATES"]

PathArg = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]

#: Format names accepted by :meth:`Catalog.load` and :meth:`Catalog.load_bytes`.
FORMATS = {
    None: _ffi.FORMAT_AUTO,
    "strings": _ffi.FORMAT_STRINGS,
    "stringsdict": _ffi.FORMAT_STRINGSDICT,
    "json": _ffi.FORMAT_JSON,
    "po": _ffi.FORMAT_PO,
    "mo": _ffi.FORMAT_MO,
    "compiled": _ffi.FORMAT_COMPILED,
    "xcstrings": _ffi.FORMAT_XCSTRINGS,
    "android": _ffi.FORMAT_ANDROID,
    "xliff": _ffi.FORMAT_XLIFF,
    "i18next": _ffi.FORMAT_I18NEXT,
    "properties": _ffi.FORMAT_PROPERTIES,
    "fluent": _ffi.FORMAT_FLUENT,
    "qt_ts": _ffi.FORMAT_QT_TS,
    "qt_qm": _ffi.FORMAT_QT_QM,
}

#: String Catalog ``stringUnit`` states, for :attr:`Catalog.xcstrings_states`.
XCSTRINGS_STATES = {"translated": 1, "needs_review": 2, "new": 4, "stale": 8}

#: Message syntaxes, for :meth:`Catalog.set_message_syntax`.
MESSAGE_SYNTAXES = {"printf": 1, "icu": 2, "mf2": 3, "i18next": 4, "java": 5, "fluent": 6, "qt": 7}


@dataclass(frozen=True)
class Entry:
    """One entry of a table, as :meth:`Catalog.entries` lists it.

    ``kind`` is ``"text"``, ``"plural"`` (``forms`` by CLDR category name),
    ``"gettext_plural"`` (``forms`` by Plural-Forms index, as ``"0"``, ``"1"``…)
    or ``"variables"`` (a .stringsdict entry: ``text`` is its format,
    ``forms`` its first plural variable's). ``text`` is what a plain lookup
    gives."""
    key: str
    context: Optional[str]
    kind: str
    text: str
    forms: Dict[str, str] = field(default_factory=dict)
    #: The note the entry's file keeps for translators (a ``.strings``
    #: comment, ``.po`` ``#.``/``#`` lines, a String Catalog ``comment``, XLIFF
    #: ``<note>``, ``.properties`` comments), or None; kept when the file or
    #: bytes were loaded.
    comment: Optional[str] = None


_CATEGORY_NAMES = ("zero", "one", "two", "few", "many", "other")


def _format_code(format: Optional[str]) -> int:
    try:
        return FORMATS[format]
    except (KeyError, TypeError):
        raise InvalidArgumentError(
            f"unknown format {format!r}; use None, 'strings', 'stringsdict', 'json', 'po', 'mo', 'compiled', 'xcstrings', "
            "'android', 'xliff', 'i18next', 'properties', 'fluent', 'qt_ts' or 'qt_qm'") from None


def encode(text: Optional[str], what: str) -> Optional[bytes]:
    """UTF-8 for the C boundary; None stays NULL. Rejects NUL, which C would
    silently cut the text at."""
    if text is None:
        return None
    if not isinstance(text, str):
        raise TypeError(f"{what} must be a str, not {type(text).__name__}")
    data = text.encode()
    if b"\0" in data:
        raise ValueError(f"{what} contains a NUL character")
    return data


def encode_required(text: str, what: str) -> bytes:
    """Like encode(), for arguments that cannot be None."""
    if text is None:
        raise TypeError(f"{what} must be a str, not None")
    return encode(text, what)  # type: ignore[return-value]


def _encode_path(path: PathArg) -> bytes:
    data = os.fsencode(path)
    if b"\0" in data:
        raise ValueError("path contains a NUL character")
    return data


class Catalog:
    """A set of loaded translation tables, by locale and table name.

    Thread-safe like the C catalog: loads may run while other threads look
    strings up through localizers; readers see the tables before or after a
    load, never a mix. Do not race :meth:`close` with other calls on the
    same catalog.

    A catalog stays alive while a :class:`~parlance.Localizer` uses it:
    :meth:`close` then only stops further use through this object, and the
    C catalog is freed when the last localizer is closed.
    """

    def __init__(self) -> None:
        handle = _ffi.catalog_p()
        _ffi.lib.parlance_catalog_create(byref(handle))
        self._handle: Optional[int] = handle.value
        self._lock = threading.Lock()
        self._users = 0          # open localizers
        self._closed = False
        # Localizers whose lookup caches a load must empty.
        self._watchers: "weakref.WeakSet[Any]" = weakref.WeakSet()
        self._states: "frozenset[str]" = frozenset({"translated", "needs_review", "stale"})
        self._functions: Dict[str, Any] = {}

    # ---- lifecycle

    def close(self) -> None:
        """Frees the catalog (once no localizer uses it). Idempotent."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            if self._users == 0:
                self._free()

    @property
    def closed(self) -> bool:
        return self._closed

    def __enter__(self) -> "Catalog":
        self._live()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        # Backstop only: a localizer holds a reference to its catalog, so
        # by now no localizer uses it.
        if getattr(self, "_handle", None) is not None:
            self._closed = True
            self._free()

    def _free(self) -> None:
        handle, self._handle = self._handle, None
        if handle is not None:
            _ffi.lib.parlance_catalog_free(handle)

    def _live(self) -> int:
        handle = self._handle
        if self._closed or handle is None:
            raise InvalidArgumentError("the catalog is closed")
        return handle

    def _acquire(self) -> int:
        """For a new localizer: the handle, kept alive until _release()."""
        with self._lock:
            handle = self._live()
            self._users += 1
            return handle

    def _release(self) -> None:
        with self._lock:
            self._users -= 1
            if self._closed and self._users == 0:
                self._free()

    # ---- loading

    def load(self, path: PathArg, locale: Optional[str] = None, table: Optional[str] = None,
             format: Optional[str] = None) -> None:
        """Loads a file or a directory of ``xx.lproj`` folders.

        For a file, a None locale and table come from its path
        (``fr.lproj/Menu.strings`` is locale fr, table Menu; an i18next
        ``fr.json`` is locale fr, table ``translation``, i18next's default
        namespace) and a None format from its name, place and contents. For a directory all three must be None.
        A compiled catalog (``parlance compile``, format ``"compiled"``) is
        recognised by its contents, holds every locale and table (locale and
        table must be None), and is copied into memory, not parsed.
        All or nothing: on an error nothing changes and the exception carries
        the file, line and column.
        """
        _ffi.lib.parlance_catalog_load(self._live(), _encode_path(path), encode(locale, "locale"),
                                       encode(table, "table"), _format_code(format))
        self._changed()

    def load_bytes(self, data: Union[bytes, bytearray, memoryview], locale: Optional[str], table: str = "Localizable",
                   format: Optional[str] = None) -> None:
        """Loads one table from memory (the bytes are copied). A None format
        reads ``.strings``, which also covers XML and binary property lists.
        A String Catalog (``format="xcstrings"``) holds every language: a None
        locale loads them all, a locale only that one. An XLIFF document
        (``format="xliff"``) names its languages: a locale serves only files
        that name none."""
        if locale is None and format not in ("xcstrings", "xliff"):
            raise InvalidArgumentError("load_bytes() needs a locale")
        data = bytes(data)
        _ffi.lib.parlance_catalog_load_bytes(self._live(), data, len(data), encode(locale, "locale"),
                                             encode(table, "table"), _format_code(format))
        self._changed()

    def entries(self, locale: str, table: str = "Localizable") -> List[Entry]:
        """The entries of one table of one locale, sorted by key then context
        (a snapshot: later loads do not change it). Raises NotFoundError when
        the catalog has no such table."""
        handle = self._live()
        snapshot = _ffi.entries_p()
        _ffi.lib.parlance_catalog_entries(byref(snapshot), handle, encode_required(locale, "locale"),
                                          encode_required(table, "table"))
        try:
            result = []
            for index in range(_ffi.lib.parlance_entries_count(snapshot)):
                raw = _ffi.Entry(version=_ffi.ENTRY_VERSION)
                _ffi.lib.parlance_entries_get(snapshot, index, byref(raw))
                kind = _ffi.ENTRY_KINDS[raw.kind]
                forms: Dict[str, str] = {}
                for slot in range(raw.form_count):
                    text = raw.forms[slot]
                    if text is not None:
                        name = str(slot) if kind == "gettext_plural" else _CATEGORY_NAMES[slot]
                        forms[name] = text.decode()
                result.append(Entry(raw.key.decode(), raw.context.decode() if raw.context is not None else None,
                                    kind, raw.text.decode(), forms,
                                    raw.comment.decode() if raw.comment is not None else None))
            return result
        finally:
            _ffi.lib.parlance_entries_free(snapshot)

    @property
    def xcstrings_states(self) -> "frozenset[str]":
        """The String Catalog ``stringUnit`` states later loads serve (names
        from :data:`XCSTRINGS_STATES`; default translated, needs_review and
        stale). Tables already loaded keep what they serve."""
        return self._states

    @xcstrings_states.setter
    def xcstrings_states(self, states: "frozenset[str] | set[str] | tuple[str, ...] | list[str]") -> None:
        flags = 0
        for name in states:
            if name not in XCSTRINGS_STATES:
                raise InvalidArgumentError(f"unknown String Catalog state {name!r}; use {', '.join(XCSTRINGS_STATES)}")
            flags |= XCSTRINGS_STATES[name]
        _ffi.lib.parlance_catalog_set_xcstrings_states(self._live(), flags)
        self._states = frozenset(states)

    def set_message_syntax(self, syntax: Optional[str], table: str = "Localizable") -> None:
        """Declares the message syntax of the tables named table, in every
        locale, loaded before or after: ``"printf"``, ``"icu"`` (ICU
        MessageFormat), ``"mf2"`` (MessageFormat 2), ``"i18next"``, ``"java"``
        (java.text.MessageFormat), ``"fluent"`` or ``"qt"`` (``%n``); None
        restores the table format's own (i18next for i18next JSON, java for
        .properties, fluent for Fluent resources, qt for Qt Linguist, printf
        for the others)."""
        if syntax is not None and syntax not in MESSAGE_SYNTAXES:
            raise InvalidArgumentError(f"unknown message syntax {syntax!r}; use {', '.join(MESSAGE_SYNTAXES)}")
        code = 0 if syntax is None else MESSAGE_SYNTAXES[syntax]
        _ffi.lib.parlance_catalog_set_message_syntax(self._live(), encode_required(table, "table"), code)

    def message_syntax(self, table: str = "Localizable") -> str:
        """The syntax the messages of table are formatted with: declared,
        else the table format's own."""
        code = _ffi.lib.parlance_catalog_message_syntax(self._live(), encode_required(table, "table"))
        return next(name for name, value in MESSAGE_SYNTAXES.items() if value == code)

    def set_function(self, name: str, function: "Optional[Callable[[FunctionCall], Optional[FunctionResult]]]") -> None:
        """Adds function as the MessageFormat 2 function ``:name``
        (``"app:money"``; a default function's name replaces it) for the
        MessageFormat 2 messages of every table and of :meth:`format_message`,
        and as ``NAME(...)`` for Fluent messages (its ``text`` is the call's
        value); None removes it. See :mod:`parlance.messages`."""
        from .messages import function_callback
        callback = function_callback(function) if function is not None else None
        _ffi.lib.parlance_catalog_set_function(self._live(), encode_required(name, "name"),
                                               callback or _ffi.FunctionCallback(), None)
        # The C callback lives as long as the catalog uses it.
        if callback is None:
            self._functions.pop(name, None)
        else:
            self._functions[name] = callback

    def format_message(self, message: str, locale: str, values: "Optional[Dict[str, Any]]" = None, *,
                       options: Any = None, **kwargs: Any) -> "Tuple[str, List[MessageError]]":
        """Formats a MessageFormat 2 message given as text in locale, with
        the catalog's functions: ``(text, errors)``. Formatting always gives
        text: a failed expression shows its fallback (``{$name}``), a message
        that does not parse ``{\ufffd}``; each error is a
        :class:`MessageError` (``kind``: the specification's name), in the
        order found. ``options`` (a :class:`FormatOptions`) takes
        ``isolation``: any but "none" isolates placeholders by the
        specification's Default Bidi Strategy."""
        from .messages import format_with_errors
        return format_with_errors(_ffi.lib.parlance_catalog_format_message, self._live(),
                                  (encode_required(message, "message"), encode_required(locale, "locale")),
                                  {**(values or {}), **kwargs}, options)

    def _changed(self) -> None:
        watchers = list(self._watchers)
        for localizer in watchers:
            localizer._invalidate()
        # An exception a change callback raised during the load (Localizer.on_change).
        for localizer in watchers:
            localizer._raise_change_error()

    # ---- contents

    @property
    def locales(self) -> Tuple[str, ...]:
        """Locales with at least one loaded table (canonical BCP 47, sorted)."""
        return self._names(_ffi.lib.parlance_catalog_locale_count, _ffi.lib.parlance_catalog_locale)

    @property
    def tables(self) -> Tuple[str, ...]:
        """Distinct table names loaded, over all locales (sorted)."""
        return self._names(_ffi.lib.parlance_catalog_table_count, _ffi.lib.parlance_catalog_table)

    def header(self, locale: str, table: str = "Localizable") -> Optional[str]:
        """The header of a gettext table (the translation of ``""``:
        ``Content-Type``, ``Plural-Forms``…), as the library read it; None
        when the catalog has no such table or its format keeps no header."""
        found = _ffi.lib.parlance_catalog_header(self._live(), encode_required(locale, "locale"),
                                                 encode(table, "table"))
        return None if found is None else found.decode()

    def _names(self, count: Any, item: Any) -> Tuple[str, ...]:
        handle = self._live()
        names = []
        # The count and the items are read separately; a concurrent load can
        # change them in between, which a NULL item shows.
        for index in range(count(handle)):
            name = item(handle, index)
            if name is None:
                break
            names.append(name.decode())
        return tuple(names)

    def __repr__(self) -> str:
        if self._closed:
            return "<parlance.Catalog (closed)>"
        return f"<parlance.Catalog locales={list(self.locales)!r} tables={list(self.tables)!r}>"
