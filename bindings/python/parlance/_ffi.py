"""Finding and loading libparlance, and every C declaration the binding uses.

This is the one module that touches the shared library. The library is looked
for, in order:

1. the path in the ``PARLANCE_LIBRARY`` environment variable (when it is set,
   nothing else is tried, so a wrong path is reported rather than silently
   replaced by another copy, and a test run or a program can point an
   installed package at another build);
2. the copy installed with the package, ``parlance/_lib/libparlance.so.MAJOR``
   (a wheel carries it);
3. the repository's build output, ``<repo>/build/lib/libparlance.so``, when
   the package is imported from the source tree;
4. the system loader: ``ctypes.util.find_library("parlance")``, then
   ``libparlance.so`` on the default search path.

The loaded library must have the package's major version and at least its
minor.patch (``EXPECTED_VERSION``, from ``include/parlance.h`` through the
package's version; see :mod:`parlance._version`).

Every C function is declared once, in ``_FUNCTIONS``, as
``(name, argtypes, restype, errcheck)``. A status-returning function gets
``_check_status`` as its errcheck, which turns a non-zero status into the
matching :class:`parlance.Error` subclass, reading the message and location
on the same thread, right after the call.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from ctypes import (CFUNCTYPE, c_ssize_t, POINTER, Structure, Union, byref, c_bool, c_char_p, c_double,
                    c_int, c_int64, c_size_t, c_uint, c_uint32, c_void_p)
from pathlib import Path
from typing import Any, Callable, List, Mapping, Optional, Sequence, Tuple

from . import _version
from ._errors import Error, LibraryNotFoundError, LibraryVersionError, error_for_status

#: This package's version, "MAJOR.MINOR.PATCH" (None for a copy without
#: metadata, which then takes the version of the library it loads).
VERSION = _version.package_version()

#: The library version this binding was written against: its own, which is
#: parlance.h's. The loaded library must have the same major version and at
#: least this minor.patch. None: any version (a copy without metadata).
EXPECTED_VERSION = None if VERSION is None else _version.version_tuple(VERSION)

LIBRARY_NAME = "libparlance.so"

#: Where a built package keeps its own copy of the library (setup.py puts it
#: there under its soname, libparlance.so.MAJOR).
BUNDLED_DIRECTORY = Path(__file__).resolve().parent / "_lib"

# ---- C types mirrored from include/parlance.h ---------------------------------

OK = 0
EINVAL = 1
ENOTFOUND = 2

ARG_INT = 1
ARG_DOUBLE = 2
ARG_STRING = 3
ARG_DECIMAL = 4
ARG_DATE = 5
ARG_BOOL = 6
ARG_LIST = 7

FORMAT_OPTIONS_VERSION = 1

FORMAT_AUTO = 0
FORMAT_STRINGS = 1
FORMAT_STRINGSDICT = 2
FORMAT_JSON = 3
FORMAT_PO = 4
FORMAT_MO = 5
FORMAT_COMPILED = 6
FORMAT_XCSTRINGS = 7
FORMAT_ANDROID = 8
FORMAT_XLIFF = 9
FORMAT_I18NEXT = 10
FORMAT_PROPERTIES = 11
FORMAT_FLUENT = 12
FORMAT_QT_TS = 13
FORMAT_QT_QM = 14

EXPLANATION_VERSION = 1


class ArgValue(Union):
    _fields_ = [("i", c_int64), ("d", c_double), ("s", c_char_p)]


class Arg(Structure):
    """``parlance_arg``: a tagged argument."""
    _fields_ = [("type", c_int), ("value", ArgValue)]


class NamedArg(Structure):
    """``parlance_named_arg``: a name and a tagged argument."""
    _fields_ = [("name", c_char_p), ("value", Arg)]


class FormatOptions(Structure):
    """``parlance_format_options``; fields left 0 take the localizer's setting."""
    _fields_ = [("version", c_uint32), ("numbers", c_int), ("isolation", c_int)]


class Explanation(Structure):
    """``parlance_explanation``; initialise ``version`` before use."""
    _fields_ = [
        ("version", c_uint32),
        ("text", c_char_p),
        ("found", c_bool),
        ("locale", c_char_p),
        ("table", c_char_p),
        ("stored_key", c_char_p),
        ("category", c_char_p),
        ("fallback", c_bool),
    ]


class MessageError(Structure):
    """``parlance_message_error``: a MessageFormat 2 error's kind and message."""
    _fields_ = [("kind", c_char_p), ("message", c_char_p)]


#: ``parlance_function(user_data, call)``
FunctionCallback = CFUNCTYPE(None, c_void_p, c_void_p)

#: ``parlance_miss_callback(user_data, key, context, table, locales, count)``
MissCallback = CFUNCTYPE(None, c_void_p, c_char_p, c_char_p, c_char_p, POINTER(c_char_p), c_size_t)

catalog_p = c_void_p
localizer_p = c_void_p

#: ``parlance_change_callback(user_data, localizer, change)``
ChangeCallback = CFUNCTYPE(None, c_void_p, c_void_p, c_int)
#: ``parlance_change`` values.
CHANGE_LOCALES = 1
CHANGE_CATALOG = 2
entries_p = c_void_p

ENTRY_VERSION = 2
ENTRY_KINDS = ("text", "plural", "gettext_plural", "variables")


class Entry(Structure):
    """``parlance_entry``; initialise ``version`` before use."""
    _fields_ = [
        ("version", c_uint32),
        ("kind", c_int),
        ("key", c_char_p),
        ("context", c_char_p),
        ("text", c_char_p),
        ("forms", POINTER(c_char_p)),
        ("form_count", c_size_t),
        ("comment", c_char_p),
    ]


# ---- Error mapping -------------------------------------------------------------

def last_error(status: int) -> Error:
    """The exception for a call that just returned ``status`` on this thread."""
    path = c_char_p()
    line = c_uint32()
    column = c_uint32()
    recorded = _lib.parlance_last_error_details(byref(path), byref(line), byref(column))
    message = (_lib.parlance_last_error() or b"").decode("utf-8", "replace")
    if recorded != status:
        # The details belong to another failure; keep only what the call returned.
        return error_for_status(status, message or f"Parlance call failed with status {status}")
    return error_for_status(status, message, path.value, line.value, column.value)


def text_at(address: int | bytes | None) -> bytes:
    """The NUL-terminated text a successful call returned or wrote through an
    out parameter (a ``char *`` or ``void *``), which is never NULL there."""
    if address is None:
        raise RuntimeError("libparlance reported success without a string")
    # c_char_p reads the text without a foreign call (string_at is one): a third of the time.
    return address if isinstance(address, bytes) else ctypes.c_char_p(address).value or b""


def raise_last_error() -> None:
    """Raises the error a call that just failed recorded on this thread."""
    status = _lib.parlance_last_error_details(None, None, None)
    raise last_error(status or EINVAL)


def _check_status(result: int, func: Any, args: Tuple[Any, ...]) -> Tuple[Any, ...]:
    if result != OK:
        raise last_error(result)
    return args


def _check_not_null(result: Optional[bytes], func: Any, args: Tuple[Any, ...]) -> bytes:
    """For calls that return NULL, with an error recorded, on invalid input."""
    if result is None:
        status = _lib.parlance_last_error_details(None, None, None)
        raise last_error(status or EINVAL)
    return result


# ---- The declarations ------------------------------------------------------------

_c_char_pp = POINTER(c_char_p)
_FUNCTIONS: Sequence[Tuple[str, List[Any], Any, Optional[Callable[..., Any]]]] = [
    # Version
    ("parlance_version_number", [], c_uint32, None),
    ("parlance_version", [], c_char_p, None),
    ("parlance_icu_version", [], c_char_p, None),
    ("parlance_icu_error", [], c_char_p, None),
    # Errors
    ("parlance_last_error", [], c_char_p, None),
    ("parlance_last_error_details", [_c_char_pp, POINTER(c_uint32), POINTER(c_uint32)], c_int, None),
    ("parlance_free", [c_void_p], None, None),
    # Catalogs
    ("parlance_catalog_create", [POINTER(catalog_p)], c_int, _check_status),
    ("parlance_catalog_free", [catalog_p], None, None),
    ("parlance_catalog_load", [catalog_p, c_char_p, c_char_p, c_char_p, c_int], c_int, _check_status),
    ("parlance_catalog_load_bytes", [catalog_p, c_char_p, c_size_t, c_char_p, c_char_p, c_int], c_int,
     _check_status),
    ("parlance_catalog_locale_count", [catalog_p], c_size_t, None),
    ("parlance_catalog_set_xcstrings_states", [catalog_p, c_uint], c_int, _check_status),
    ("parlance_catalog_set_message_syntax", [catalog_p, c_char_p, c_int], c_int, _check_status),
    ("parlance_catalog_message_syntax", [catalog_p, c_char_p], c_int, None),
    ("parlance_catalog_entries", [POINTER(entries_p), catalog_p, c_char_p, c_char_p], c_int, _check_status),
    ("parlance_entries_count", [entries_p], c_size_t, None),
    ("parlance_entries_get", [entries_p, c_size_t, POINTER(Entry)], c_int, _check_status),
    ("parlance_entries_free", [entries_p], None, None),
    ("parlance_catalog_locale", [catalog_p, c_size_t], c_char_p, None),
    ("parlance_catalog_table_count", [catalog_p], c_size_t, None),
    ("parlance_catalog_table", [catalog_p, c_size_t], c_char_p, None),
    ("parlance_catalog_header", [catalog_p, c_char_p, c_char_p], c_char_p, None),
    # Localizers
    ("parlance_localizer_create", [POINTER(localizer_p), catalog_p, _c_char_pp, c_size_t, c_char_p], c_int,
     _check_status),
    ("parlance_localizer_create_for_table", [POINTER(localizer_p), catalog_p, _c_char_pp, c_size_t, c_char_p, c_char_p],
     c_int, _check_status),
    ("parlance_localizer_free", [localizer_p], None, None),
    ("parlance_localizer_set_locales", [localizer_p, _c_char_pp, c_size_t], c_int, _check_status),
    ("parlance_accept_language", [c_char_p, c_char_p, c_size_t, _c_char_pp, c_size_t, POINTER(c_size_t),
                                  POINTER(c_size_t)], c_int, _check_status),
    ("parlance_localizer_locales", [localizer_p, POINTER(c_size_t)], _c_char_pp, None),
    ("parlance_localizer_copy", [localizer_p, c_void_p, c_size_t, c_char_p, c_char_p, c_char_p], c_ssize_t, None),
    ("parlance_localizer_plural_copy", [localizer_p, c_void_p, c_size_t, c_char_p, POINTER(Arg), c_char_p, c_char_p],
     c_ssize_t, None),
    ("parlance_localizer_plural_source", [localizer_p, c_char_p, c_char_p, POINTER(Arg), c_char_p, c_char_p], c_char_p,
     _check_not_null),
    ("parlance_localizer_plural_source_copy", [localizer_p, c_void_p, c_size_t, c_char_p, c_char_p, POINTER(Arg),
                                               c_char_p, c_char_p], c_ssize_t, None),
    ("parlance_read_begin", [], None, None),
    ("parlance_read_end", [], None, None),
    ("parlance_localizer_text", [localizer_p, c_char_p, c_char_p, c_char_p], c_char_p, None),
    ("parlance_localizer_text_served", [localizer_p, c_char_p, c_char_p, c_char_p, POINTER(c_char_p)], c_char_p, None),
    ("parlance_localizer_lookup", [localizer_p, c_char_p, c_char_p, c_char_p], c_char_p, None),
    ("parlance_localizer_plural", [localizer_p, c_char_p, POINTER(Arg), c_char_p, c_char_p], c_char_p,
     _check_not_null),
    # out is a char ** whose text is released with parlance_free: declared as
    # void ** so the pointer is kept, not copied into bytes.
    ("parlance_localizer_format", [localizer_p, POINTER(c_void_p), c_char_p, c_char_p, c_char_p, POINTER(Arg),
                                   c_size_t], c_int, _check_status),
    ("parlance_localizer_format_named", [localizer_p, POINTER(c_void_p), c_char_p, c_char_p, c_char_p,
                                         POINTER(NamedArg), c_size_t], c_int, _check_status),
    ("parlance_localizer_format_with", [localizer_p, POINTER(c_void_p), c_char_p, c_char_p, c_char_p,
                                        POINTER(Arg), c_size_t, POINTER(FormatOptions)], c_int, _check_status),
    ("parlance_localizer_format_plural", [localizer_p, POINTER(c_void_p), c_char_p, c_char_p, c_char_p, c_char_p,
                                          POINTER(Arg), c_size_t, POINTER(FormatOptions)], c_int, _check_status),
    ("parlance_localizer_format_named_with", [localizer_p, POINTER(c_void_p), c_char_p, c_char_p, c_char_p,
                                              POINTER(NamedArg), c_size_t, POINTER(FormatOptions)], c_int,
     _check_status),
    ("parlance_localizer_set_device", [localizer_p, c_char_p], c_int, _check_status),
    ("parlance_localizer_device", [localizer_p], c_char_p, None),
    ("parlance_localizer_set_format_options", [localizer_p, POINTER(FormatOptions)], c_int, _check_status),
    ("parlance_localizer_format_options", [localizer_p, POINTER(FormatOptions)], c_int, _check_status),
    ("parlance_localizer_localize_marked", [localizer_p, c_char_p], c_char_p, None),
    ("parlance_localizer_resource_path", [localizer_p, POINTER(c_void_p), c_char_p, c_char_p], c_int,
     _check_status),
    ("parlance_localizer_localize_document", [localizer_p, POINTER(c_void_p), POINTER(c_size_t), c_char_p, c_size_t,
                                              c_char_p, c_char_p, c_int], c_int, _check_status),
    ("parlance_localizer_explain", [localizer_p, POINTER(Explanation), c_char_p, POINTER(Arg), c_char_p,
                                    c_char_p], c_int, _check_status),
    ("parlance_localizer_on_miss", [localizer_p, MissCallback, c_void_p], c_int, _check_status),
    ("parlance_localizer_on_change", [localizer_p, ChangeCallback, c_void_p], c_int, _check_status),
    ("parlance_localizer_remove_on_change", [localizer_p, ChangeCallback, c_void_p], c_int, _check_status),
    # MessageFormat 2: text with its errors (status read by the caller), functions
    ("parlance_catalog_format_message", [catalog_p, POINTER(c_void_p), POINTER(c_void_p), POINTER(c_size_t), c_char_p,
                                         c_char_p, POINTER(NamedArg), c_size_t, POINTER(FormatOptions)], c_int, None),
    ("parlance_localizer_format_message", [localizer_p, POINTER(c_void_p), POINTER(c_void_p), POINTER(c_size_t),
                                           c_char_p, c_char_p, c_char_p, POINTER(NamedArg), c_size_t,
                                           POINTER(FormatOptions)], c_int, None),
    ("parlance_catalog_set_function", [catalog_p, c_char_p, FunctionCallback, c_void_p], c_int, _check_status),
    ("parlance_function_name", [c_void_p], c_char_p, None),
    ("parlance_function_locale", [c_void_p], c_char_p, None),
    ("parlance_function_operand", [c_void_p, POINTER(c_char_p), POINTER(c_double)], c_int, None),
    ("parlance_function_operand_function", [c_void_p], c_char_p, None),
    ("parlance_function_operand_field", [c_void_p, c_char_p], c_char_p, None),
    ("parlance_function_argument_count", [c_void_p], c_size_t, None),
    ("parlance_function_argument", [c_void_p, c_size_t, POINTER(c_char_p), POINTER(c_double)], c_int, None),
    ("parlance_function_option_count", [c_void_p], c_size_t, None),
    ("parlance_function_option_name", [c_void_p, c_size_t], c_char_p, None),
    ("parlance_function_option", [c_void_p, c_char_p, POINTER(c_char_p), POINTER(c_double)], c_int, None),
    ("parlance_function_error", [c_void_p, c_char_p, c_char_p], None, None),
    ("parlance_function_set_value", [c_void_p, c_char_p], None, None),
    ("parlance_function_set_field", [c_void_p, c_char_p, c_char_p], None, None),
    ("parlance_function_set_text", [c_void_p, c_char_p], None, None),
    ("parlance_function_set_format_error", [c_void_p, c_char_p, c_char_p], None, None),
    ("parlance_function_set_keys", [c_void_p, POINTER(c_char_p), c_size_t], None, None),
    # Plural rules
    ("parlance_plural_category", [POINTER(c_char_p), c_char_p, POINTER(Arg), c_bool], c_int, _check_status),
    # The libintl functions' languages for the calling thread (parlance_libintl.h)
    ("parlance_set_thread_languages", [_c_char_pp, c_size_t], c_int, _check_status),
]


# ---- Loading ---------------------------------------------------------------------

def bundled_library() -> Optional[Path]:
    """The copy of the library installed with the package, if any."""
    if not BUNDLED_DIRECTORY.is_dir():
        return None
    copies = sorted(BUNDLED_DIRECTORY.glob(LIBRARY_NAME + "*"))
    return copies[0] if copies else None


def _repository_library() -> Optional[Path]:
    """``<repo>/build/lib/libparlance.so`` when the package is imported from
    ``<repo>/bindings/python/parlance``; None for an installed copy."""
    repo = _version.repository()
    return None if repo is None else repo / "build" / "lib" / LIBRARY_NAME


def find_library(environ: Mapping[str, str] = os.environ) -> ctypes.CDLL:
    """Loads libparlance from the first place that has it (see the module
    docstring). Raises LibraryNotFoundError naming every place tried."""
    tried: List[str] = []

    def attempt(name: str, what: str) -> Optional[ctypes.CDLL]:
        try:
            return ctypes.CDLL(name)
        except OSError as error:
            tried.append(f"{what} {name!r}: {error}")
            return None

    explicit = environ.get("PARLANCE_LIBRARY")
    if explicit:
        lib = attempt(explicit, "PARLANCE_LIBRARY")
        if lib is None:
            raise LibraryNotFoundError(f"cannot load the Parlance library: {tried[0]}", path=explicit)
        return lib

    bundled = bundled_library()
    if bundled is not None:
        lib = attempt(str(bundled), "the package's copy")
        if lib is not None:
            return lib

    built = _repository_library()
    if built is None:
        pass  # not run from the source tree
    elif built.is_file():
        lib = attempt(str(built), "build output")
        if lib is not None:
            return lib
    else:
        tried.append(f"build output {str(built)!r}: no such file")

    found = ctypes.util.find_library("parlance")
    if found:
        lib = attempt(found, "find_library('parlance')")
        if lib is not None:
            return lib
    else:
        tried.append("find_library('parlance'): not found")
    lib = attempt(LIBRARY_NAME, "system loader")
    if lib is not None:
        return lib
    raise LibraryNotFoundError(
        "cannot find the Parlance library; set PARLANCE_LIBRARY to the path of libparlance.so "
        "or run `make build` in the repository. Tried:\n  " + "\n  ".join(tried), name=LIBRARY_NAME)


def declare(lib: ctypes.CDLL) -> ctypes.CDLL:
    """Declares every function of ``_FUNCTIONS`` on lib and checks its version."""
    where = getattr(lib, "_name", "libparlance")
    for name, argtypes, restype, errcheck in _FUNCTIONS:
        try:
            function = getattr(lib, name)
        except AttributeError:
            raise LibraryVersionError(f"{where} has no function {name}(); "
                                      f"the library is older than this binding or not Parlance",
                                      path=where) from None
        function.argtypes = argtypes
        function.restype = restype
        if errcheck is not None:
            function.errcheck = errcheck
    check_version(lib.parlance_version_number(), where)
    return lib


def check_version(number: int, where: str = "libparlance",
                  expected: Optional[Tuple[int, int, int]] = EXPECTED_VERSION) -> None:
    """Raises LibraryVersionError unless a library of version ``number``
    (MAJOR * 10000 + MINOR * 100 + PATCH) can serve a binding that needs
    ``expected`` (MAJOR, MINOR, PATCH); None accepts any."""
    if expected is None:
        return
    found = (number // 10000, number // 100 % 100, number % 100)
    if found[0] != expected[0] or found < expected:
        raise LibraryVersionError(
            f"{where} is Parlance {'.'.join(map(str, found))}, but this binding needs "
            f"{expected[0]}.x at least {'.'.join(map(str, expected))}", path=where)


_lib = declare(find_library())
lib = _lib
