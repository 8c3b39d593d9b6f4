"""MessageFormat 2 from Python: a message's text with every error found
beside it, and functions the application adds (``{$price :app:money}``,
and Fluent's ``{ MONEY($price) }``: the same registration).

A function is a callable taking a :class:`FunctionCall` and returning a
:class:`FunctionResult` (or None: no value, the expression shows its
fallback). It runs on the formatting thread, once per expression and call::

    def shout(call):
        if not isinstance(call.operand, str):
            call.error("bad-operand", ":app:shout takes a string")
            return None
        return parlance.FunctionResult(value=call.operand, text=call.operand.upper())

    catalog.set_function("app:shout", shout)
    catalog.format_message("{$name :app:shout}", "en", name="ann")
    # ('ANN', [])
"""

from __future__ import annotations

import ctypes
import datetime
import decimal
from ctypes import byref, c_char_p, c_double, c_size_t, c_void_p
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

from . import _ffi
from ._errors import FormatError

__all__ = ["MessageError", "FunctionCall", "FunctionResult", "FunctionValue", "FALLBACK"]


class MessageError(NamedTuple):
    """An error found while formatting: ``kind`` is the specification's name
    (``"unresolved-variable"``, ``"bad-operand"``, ``"syntax-error"``…)."""
    kind: str
    message: str


class _Fallback:
    """The operand of a call whose resolution failed (``FALLBACK``)."""
    _instance: Optional["_Fallback"] = None

    def __repr__(self) -> str:
        return "parlance.FALLBACK"


#: An operand that failed to resolve: the expression is a fallback whatever
#: the function returns; the specification's suite expects a "bad-operand".
FALLBACK = _Fallback()


@dataclass(frozen=True)
class FunctionValue:
    """The result of an application's function as another call sees it: the
    function's name, the value it gave, and its fields (``field(name)``)."""
    function: str
    value: Optional[str]
    _call: Any = field(repr=False, compare=False, default=None)

    def field(self, name: str) -> Optional[str]:
        """A field the function set on this result (``FunctionResult.fields``)."""
        found = _ffi.lib.parlance_function_operand_field(self._call, name.encode())
        return found.decode() if found is not None else None


Value = Union[str, decimal.Decimal, datetime.datetime, FunctionValue, _Fallback, None]


@dataclass
class FunctionResult:
    """A function's resolved value. ``value``: what an option or another
    function reads of it; ``fields``: name=value pairs its own later calls
    read back (:meth:`FunctionValue.field`); ``text``: its formatted text
    (None: formatting reports ``format_error``, a ``(kind, message)`` pair,
    else "unsupported-operation"); ``keys``: the variant keys it matches,
    best first (None: it does not select, and a ``.match`` on it reports
    "bad-selector")."""
    value: Optional[str] = None
    fields: Dict[str, str] = field(default_factory=dict)
    text: Optional[str] = None
    format_error: Optional[Tuple[str, str]] = None
    keys: Optional[Sequence[str]] = None


_KINDS = {1: "string", 2: "number", 3: "date", 4: "function", 5: "fallback"}


class FunctionCall:
    """What a function is given: ``name``, ``locale`` (a BCP 47 tag),
    ``operand`` and ``options`` (by name), each value a str, a Decimal (a
    number), an aware datetime (UTC), a :class:`FunctionValue`, FALLBACK or
    None (no operand); ``arguments``, the positional arguments of a Fluent
    call (``{ PRICE($amount, 2) }``, whose named arguments are the options;
    a MessageFormat 2 call's operand alone). Valid during the call only."""

    def __init__(self, handle: int) -> None:
        self._handle = handle
        self.name: str = (_ffi.lib.parlance_function_name(handle) or b"").decode()
        self.locale: str = (_ffi.lib.parlance_function_locale(handle) or b"").decode()
        self.operand: Value = self._value(lambda text, date: _ffi.lib.parlance_function_operand(handle, text, date),
                                          operand=True)
        self.arguments: List[Value] = [
            self._value(self._argument_reader(index))
            for index in range(_ffi.lib.parlance_function_argument_count(handle))]
        self.options: Dict[str, Value] = {}
        for index in range(_ffi.lib.parlance_function_option_count(handle)):
            name = _ffi.lib.parlance_function_option_name(handle, index)
            if name is not None:
                self.options[name.decode()] = self._value(self._option_reader(name))

    def _argument_reader(self, index: int) -> Callable[[Any, Any], int]:
        handle = self._handle

        def read(text: Any, date: Any) -> int:
            return int(_ffi.lib.parlance_function_argument(handle, index, text, date))
        return read

    def _option_reader(self, name: bytes) -> Callable[[Any, Any], int]:
        handle = self._handle

        def read(text: Any, date: Any) -> int:
            return int(_ffi.lib.parlance_function_option(handle, name, text, date))
        return read

    def _value(self, read: Callable[[Any, Any], int], operand: bool = False) -> Value:
        text, date = c_char_p(), c_double()
        kind = _KINDS.get(read(byref(text), byref(date)))
        decoded = text.value.decode() if text.value is not None else None
        if kind == "string":
            return decoded
        if kind == "number":
            return decimal.Decimal(decoded or "0")
        if kind == "date":
            return datetime.datetime.fromtimestamp(date.value / 1000, tz=datetime.timezone.utc)
        if kind == "function":
            function = _ffi.lib.parlance_function_operand_function(self._handle) if operand else None
            return FunctionValue(function.decode() if function else "", decoded, self._handle if operand else None)
        if kind == "fallback":
            return FALLBACK
        return None

    def error(self, kind: str, message: str = "") -> None:
        """Reports an error of the specification's ``kind`` ("bad-operand", "bad-option"…)."""
        _ffi.lib.parlance_function_error(self._handle, kind.encode(), message.encode())


def _answer(handle: int, result: FunctionResult) -> None:
    lib = _ffi.lib
    lib.parlance_function_set_value(handle, result.value.encode() if result.value is not None else None)
    for name, value in result.fields.items():
        lib.parlance_function_set_field(handle, name.encode(), value.encode())
    if result.text is not None:
        lib.parlance_function_set_text(handle, result.text.encode())
    if result.format_error is not None:
        kind, message = result.format_error
        lib.parlance_function_set_format_error(handle, kind.encode(), message.encode())
    if result.keys is not None:
        keys = (c_char_p * max(1, len(result.keys)))(*(k.encode() for k in result.keys))
        lib.parlance_function_set_keys(handle, keys, len(result.keys))


def function_callback(function: Callable[[FunctionCall], Optional[FunctionResult]]) -> Any:
    """The C callback that runs function; an exception it raises is
    reported as a "bad-operand" error naming it (it cannot cross C)."""
    def call(_user_data: Optional[int], handle: int) -> None:
        try:
            result = function(FunctionCall(handle))
            if result is not None:
                _answer(handle, result)
        except Exception as exception:   # noqa: BLE001 - reported, as C cannot carry it
            _ffi.lib.parlance_function_error(handle, b"bad-operand",
                                             f"{type(exception).__name__}: {exception}".encode())
    return _ffi.FunctionCallback(call)


def formatted_with_errors(function: Any, *arguments: Any) -> Tuple[str, List[MessageError]]:
    """Calls a C function that gives text and errors; raises only when it gave no text."""
    out, errors, count = c_void_p(), c_void_p(), c_size_t()
    status = function(byref(out), byref(errors), byref(count), *arguments)
    try:
        if out.value is None:
            raise _ffi.last_error(status)
        text = _ffi.text_at(out.value).decode()
        listed = []
        if errors.value:
            array = ctypes.cast(errors.value, ctypes.POINTER(_ffi.MessageError))
            for index in range(count.value):
                listed.append(MessageError(array[index].kind.decode(), array[index].message.decode()))
        return text, listed
    finally:
        if out.value:
            _ffi.lib.parlance_free(out)
        if errors.value:
            _ffi.lib.parlance_free(errors)


def format_with_errors(function: Any, handle: int, leading: Tuple[Any, ...], values: Mapping[str, Any],
                       options: Any) -> Tuple[str, List[MessageError]]:
    """A C call ``function(handle, out, errors, count, *leading, args, arg_count, options)``: its text and errors."""
    array, count = named_args(values)
    c_options = byref(options._c()) if options is not None else None
    return formatted_with_errors(
        lambda out, errors, error_count: function(handle, out, errors, error_count, *leading, array, count, c_options))


def named_args(values: Mapping[str, Any]) -> Tuple[Any, int]:
    from .catalog import encode_required
    from .localizer import format_arg
    array = (_ffi.NamedArg * max(1, len(values)))(*(
        _ffi.NamedArg(encode_required(name, "name"), format_arg(value, index))
        for index, (name, value) in enumerate(values.items())))
    return array, len(values)
