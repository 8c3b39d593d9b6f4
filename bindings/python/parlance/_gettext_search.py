"""The file searches of :mod:`parlance.gettext` beyond the standard
library's ``find()``: ``.po`` sources, and the environment variables that
choose the languages."""

from __future__ import annotations

import gettext as _stdlib
import os
from typing import Any, Callable, Iterable, List, Optional

__all__ = ["LANGUAGE_VARIABLES", "find_sources", "environment_reader"]

#: The variables the standard find() reads, in its order.
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

#: The standard find()'s expansion of a language name (``de_AT.UTF-8@euro``
#: ... ``de``), private there, so the standard library's stubs leave it out.
_expand_lang: Callable[[str], List[str]] = getattr(_stdlib, "_expand_lang")


def find_sources(domain: str, localedir: str, languages: Optional[Iterable[str]]) -> List[str]:
    """Every ``LANG/LC_MESSAGES/DOMAIN.po`` along the same search as find()."""
    if languages is None:
        languages = []
        for envar in LANGUAGE_VARIABLES:
            val = os.environ.get(envar)
            if val:
                languages = val.split(":")
                break
        if "C" not in languages:
            languages.append("C")
    expanded: List[str] = []
    for lang in languages:
        for name in _expand_lang(lang):
            if name not in expanded:
                expanded.append(name)
    found = []
    for lang in expanded:
        if lang == "C":
            break
        path = os.path.join(localedir, lang, "LC_MESSAGES", "%s.po" % domain)
        if os.path.exists(path):
            found.append(path)
    return found


def environment_reader() -> Any:
    """A function returning the four variables find() reads, as a tuple.

    ``os.environ.get`` of an unset name costs close to a microsecond (it
    goes through KeyError), more than a cached lookup. CPython keeps
    os.environ's contents in the dict ``os.environ._data`` under encoded
    keys, updated by every change made through os.environ; read it there
    when it has that shape, else through os.environ."""
    data = getattr(os.environ, "_data", None)
    encodekey = getattr(os.environ, "encodekey", None)
    if isinstance(data, dict) and encodekey is not None:
        try:
            a, b, c, d = (encodekey(name) for name in LANGUAGE_VARIABLES)
        except Exception:
            pass
        else:
            get = data.get
            return lambda: (get(a), get(b), get(c), get(d))
    environ = os.environ
    return lambda: tuple(environ.get(name) for name in LANGUAGE_VARIABLES)
