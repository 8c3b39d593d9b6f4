"""ICU itself, called directly (PyICU over the system's ICU), answering
formatting queries: the reference for Parlance's ICU MessageFormat messages
and locale-aware numbers.

Reads JSON queries on stdin, writes one answer per query as JSON on stdout.
A query is {"kind": "message", "locale": L, "pattern": P, "args": [[name,
type, value], ...]} or {"kind": "number", "locale": L, "skeleton": S,
"type": T, "value": V}; types are int, double, decimal, string, date (epoch
milliseconds; decimal only in number queries: PyICU has no decimal
Formattable). An answer is the formatted text, or {"error": name}.
"""

import json
import sys

import icu


def formattable(kind, value):
    if kind == "int":
        return icu.Formattable(int(value))
    if kind == "double":
        return icu.Formattable(float(value))
    if kind == "string":
        return icu.Formattable(value)
    if kind == "date":
        # PyICU's dates are in seconds.
        return icu.Formattable(float(value) / 1000.0, icu.Formattable.kIsDate)
    raise ValueError(kind)


def answer(query):
    try:
        if query["kind"] == "message":
            message = icu.MessageFormat(query["pattern"], icu.Locale(query["locale"]))
            names = [name for name, _, _ in query["args"]]
            values = [formattable(kind, value) for _, kind, value in query["args"]]
            return message.format(names, values)
        formatter = icu.NumberFormatter.forSkeleton(query["skeleton"]).locale(icu.Locale(query["locale"]))
        kind, value = query["type"], query["value"]
        if kind == "int":
            return str(formatter.formatInt(int(value)))
        if kind == "double":
            return str(formatter.formatDouble(float(value)))
        return str(formatter.formatDecimal(value))
    except icu.ICUError as error:
        return {"error": str(error)}


json.dump([answer(query) for query in json.load(sys.stdin)], sys.stdout, ensure_ascii=False)
