"""The exceptions of the Parlance binding.

Every failure the C library reports becomes a :class:`Error` carrying the
status code, the message and, for failures inside a file, its path, line and
column, all read from ``parlance_last_error_details()`` on the thread that
made the failing call, right after it.

Each status has its own subclass. Where a built-in exception means the same
thing, the subclass derives from it too, so ``except FileNotFoundError`` or
``except ValueError`` work as Python code expects.
"""

from __future__ import annotations

import os
from typing import Dict, Optional, Type

__all__ = [
    "Error",
    "InvalidArgumentError",
    "NotFoundError",
    "ReadError",
    "ParseError",
    "EncodingError",
    "FormatError",
    "LocaleError",
    "KeyPathError",
    "ResourceError",
    "LibraryNotFoundError",
    "LibraryVersionError",
    "error_for_status",
]


class Error(Exception):
    """A failure reported by the Parlance library.

    Attributes:
        status: the ``parlance_status`` code (1-9).
        message: the library's message; for a failure inside a file it
            begins with ``PATH:LINE:COLUMN:``.
        path: the file the failure concerns, or None.
        line, column: 1-based position in that file; 0 when unknown.
    """

    status: int = 0

    def __init__(self, message: str, *, status: Optional[int] = None, path: Optional[str] = None,
                 line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status
        self.path = path
        self.line = line
        self.column = column

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, status={self.status})"


class InvalidArgumentError(Error, ValueError):
    """PARLANCE_EINVAL: an unusable argument (also: using a closed object)."""
    status = 1


class NotFoundError(Error, FileNotFoundError):
    """PARLANCE_ENOTFOUND: no such file, directory or resource."""
    status = 2


class ReadError(Error, OSError):
    """PARLANCE_EIO: reading a file failed."""
    status = 3


class ParseError(Error, ValueError):
    """PARLANCE_ESYNTAX: a table does not follow its format's grammar."""
    status = 4


class EncodingError(Error, ValueError):
    """PARLANCE_EENCODING: invalid UTF-8/UTF-16 or an unknown charset."""
    status = 5


class FormatError(Error, TypeError):
    """PARLANCE_EFORMAT: placeholders do not match the arguments.

    A TypeError like ``"%d" % "x"`` in Python."""
    status = 6


class LocaleError(Error, ValueError):
    """PARLANCE_ELOCALE: a locale name that cannot be parsed."""
    status = 7


class KeyPathError(Error, ValueError):
    """PARLANCE_EREFERENCE: a ``{key.path}`` cycle or nesting too deep."""
    status = 8


class ResourceError(Error):
    """PARLANCE_ERESOURCE: out of memory or over a size limit."""
    status = 9


_BY_STATUS: Dict[int, Type[Error]] = {
    cls.status: cls
    for cls in (InvalidArgumentError, NotFoundError, ReadError, ParseError, EncodingError,
                FormatError, LocaleError, KeyPathError, ResourceError)
}


def error_for_status(status: int, message: str, path: Optional[bytes] = None,
                     line: int = 0, column: int = 0) -> Error:
    """The exception for a status and the details the library gave."""
    cls = _BY_STATUS.get(status, Error)
    return cls(message, status=status, path=None if path is None else os.fsdecode(path),
               line=line, column=column)


class LibraryNotFoundError(ImportError):
    """libparlance.so could not be found or loaded; the message lists every
    place tried."""


class LibraryVersionError(ImportError):
    """The loaded libparlance.so lacks a symbol or has an incompatible version."""
