"""ICU MessageFormat messages and locale-aware numbers, answered as ICU
answers them.

The reference is ICU itself, called directly: Tests/reference/icu/oracle.py
runs under a Python that has PyICU (Debian's python3-icu, built on the same
system ICU as libparlance). Every pattern below is stored in a .strings table
per locale, the table is declared ICU MessageFormat, and each query's text
from Parlance must equal ICU's for the same pattern, locale and values.
"""

import datetime
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import parlance

REPO = Path(__file__).resolve().parents[3]
ORACLE = REPO / "Tests" / "reference" / "icu" / "oracle.py"

LOCALES = ["en", "de", "fr", "ru", "pl", "ar", "he", "cy", "ja", "hi-IN", "pt-BR", "sr-Latn"]

# name -> pattern; values come from VALUES by the argument names used.
PATTERNS = {
    "files": "{count, plural, =0 {No files} one {# file} other {# files}}",
    "offset": "{n, plural, offset:1 =0 {nobody} =1 {{who}} one {{who} and # other} other {{who} and # others}}",
    "nested": "{gender, select, female {{count, plural, one {She has # cat} other {She has # cats}}} "
              "male {{count, plural, one {He has # cat} other {He has # cats}}} other {They have {count} cats}}",
    "ordinal": "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} place",
    "number": "{n, number} / {n, number, integer} / {n, number, percent}",
    "skeletons": "{n, number, ::.00} | {n, number, ::compact-short} | {n, number, ::sign-always group-off}",
    "spellout": "{n, spellout} and {n, ordinal}",
    "dates": "{d, date, short} | {d, date, long} | {d, time, short} | {d, date, ::yMMMdEEEE}",
    "quoting": "It''s '{literal}' and {name}''s; '#' {count, plural, other {'#' is #}}",
    "choice": "{n, choice, 0#none|1#one|1<many}",
}
VALUES = {
    "count": [("int", 0), ("int", 1), ("int", 2), ("int", 3), ("int", 5), ("int", 11), ("int", 21),
              ("int", 102), ("int", 1000000), ("double", 1.5), ("double", 0.0)],
    "n": [("int", 0), ("int", 1), ("int", 2), ("int", 3), ("int", 4), ("int", 11), ("int", 22), ("int", 103),
          ("int", -7), ("double", 1234.5678), ("double", 0.25)],
    "gender": [("string", "female"), ("string", "male"), ("string", "x")],
    "who": [("string", "Ann")],
    "name": [("string", "Zoë")],
    # 2026-12-02T04:34:39Z and 1999-12-31T23:59:59Z
    "d": [("date", 1796186079000.0), ("date", 946684799000.0)],
}


def _oracle_python():
    """An interpreter that can import PyICU: this one, else Debian's."""
    for candidate in (sys.executable, "/usr/bin/python3", shutil.which("python3")):
        if candidate and subprocess.run([candidate, "-c", "import icu"], capture_output=True).returncode == 0:
            return candidate
    pytest.fail("no Python with PyICU (Debian: python3-icu; scripts/install-deps.sh installs it)")


def _ask_icu(queries):
    result = subprocess.run([_oracle_python(), str(ORACLE)], input=json.dumps(queries), capture_output=True,
                            text=True, check=True, env={**os.environ, "TZ": os.environ.get("TZ", "UTC")})
    return json.loads(result.stdout)


def _names(pattern):
    return [name for name in VALUES if "{" + name + "," in pattern or "{" + name + "}" in pattern]


def _queries():
    """Every pattern with every combination of its arguments' values (cut to keep it small)."""
    queries = []
    for locale in LOCALES:
        for key, pattern in PATTERNS.items():
            names = _names(pattern)
            rows = [[]]
            for name in names:
                rows = [row + [(name, kind, value)] for row in rows for kind, value in VALUES[name]][:40]
            for row in rows:
                queries.append({"kind": "message", "locale": locale, "key": key, "pattern": pattern,
                                "args": [list(arg) for arg in row]})
    return queries


def _value(kind, value):
    if kind == "date":
        return datetime.datetime.fromtimestamp(value / 1000, tz=datetime.timezone.utc)
    return value


def _strings(patterns):
    def quote(text):
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return "".join(f"{quote(key)} = {quote(pattern)};\n" for key, pattern in patterns.items())


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    root = tmp_path_factory.mktemp("icu")
    for locale in LOCALES:
        folder = root / f"{locale}.lproj"
        folder.mkdir()
        (folder / "Messages.strings").write_text(_strings(PATTERNS), encoding="utf-8")
    with parlance.Catalog() as catalog:
        catalog.load(root)
        catalog.set_message_syntax("icu", table="Messages")
        yield catalog


def test_messages_format_as_icu_formats_them(catalog):
    queries = _queries()
    expected = _ask_icu(queries)
    assert len(expected) == len(queries) > 1000
    mismatches = []
    for query, want in zip(queries, expected):
        assert isinstance(want, str), f"ICU refused {query}: {want}"
        with parlance.Localizer(catalog, [query["locale"]], development=None) as localizer:
            values = {name: _value(kind, value) for name, kind, value in query["args"]}
            # The default options: ICU's own output, right-to-left locales included.
            got = localizer.format_named(query["key"], values, table="Messages")
        if got != want:
            mismatches.append((query["locale"], query["pattern"], query["args"], got, want))
    assert mismatches == []


def test_numbered_arguments_are_positional(catalog, tmp_path):
    pattern = "{0} has {1, number} points and {2, plural, one {# star} other {# stars}}"
    (tmp_path / "de.lproj").mkdir()
    (tmp_path / "de.lproj" / "Board.strings").write_text(_strings({"score": pattern}), encoding="utf-8")
    with parlance.Catalog() as own:
        own.load(tmp_path)
        own.set_message_syntax("icu", table="Board")
        [want] = _ask_icu([{"kind": "message", "locale": "de", "pattern": pattern,
                            "args": [["0", "string", "Ann"], ["1", "double", 12345.5], ["2", "int", 1]]}])
        with parlance.Localizer(own, ["de"]) as localizer:
            assert localizer.format("score", "Ann", 12345.5, 1, table="Board") == want == "Ann has 12.345,5 points and 1 star"


def test_a_message_icu_cannot_parse_is_a_located_format_error(tmp_path):
    (tmp_path / "en.lproj").mkdir()
    (tmp_path / "en.lproj" / "Localizable.strings").write_text(
        '"ok" = "{n, plural, other {# ok}}";\n"bad" = "Hello\\n{n, plural, one {x}";\n', encoding="utf-8")
    with parlance.Catalog() as catalog:
        catalog.load(tmp_path)
        catalog.set_message_syntax("icu")
        with parlance.Localizer(catalog, ["en"]) as localizer:
            assert localizer.format_named("ok", n=3) == "3 ok"
            with pytest.raises(parlance.FormatError, match=r"en/Localizable: 'bad': 2:12: not valid ICU MessageFormat \(U_PATTERN_SYNTAX_ERROR\)"):
                localizer.format_named("bad", n=1)


def test_the_syntax_is_per_table_and_can_be_undeclared(catalog):
    assert catalog.message_syntax("Messages") == "icu"
    assert catalog.message_syntax("Localizable") == "printf"
    with parlance.Localizer(catalog, ["en"]) as localizer:
        catalog.set_message_syntax(None, table="Messages")
        with pytest.raises(parlance.FormatError, match="positional"):
            localizer.format_named("files", table="Messages", count=2)
        catalog.set_message_syntax("icu", table="Messages")
        assert localizer.format_named("files", table="Messages", count=2) == "2 files"
    with pytest.raises(parlance.InvalidArgumentError):
        catalog.set_message_syntax("nonesuch")


# ---- Locale-aware printf numbers ---------------------------------------------------

NUMBER_CASES = [
    # (format, value, skeleton ICU is asked with)
    ("%d", 1234567, ""),
    ("%d", -42, ""),
    ("%i", 0, ""),
    ("%u", 987654321, ""),
    ("%+d", 5, "sign-always"),
    ("%05d", 42, "integer-width/*00000"),
    ("%f", 1234.5, ".000000"),
    ("%.2f", 1234.5678, ".00"),
    ("%.0f", 2.5, "precision-integer"),
    ("%.3f", -0.1, ".000"),
]


def test_locale_numbers_are_icus(tmp_path):
    (tmp_path / "x.lproj").mkdir()
    queries = []
    for locale in LOCALES + ["fa", "ar-EG", "bn", "th-TH-u-nu-thai"]:
        for spec, value, skeleton in NUMBER_CASES:
            queries.append({"kind": "number", "locale": locale, "skeleton": skeleton,
                            "type": "int" if isinstance(value, int) else "double", "value": value,
                            "spec": spec})
    expected = _ask_icu(queries)
    with parlance.Catalog() as catalog:
        mismatches = []
        for query, want in zip(queries, expected):
            with parlance.Localizer(catalog, [query["locale"]], development=None) as localizer:
                got = localizer.format(query["spec"], query["value"],
                                       options=parlance.FormatOptions(numbers="locale", isolation="none"))
                c = localizer.format(query["spec"], query["value"], options=parlance.FormatOptions(isolation="none"))
            if got != want:
                mismatches.append((query["locale"], query["spec"], query["value"], got, want))
            assert c == query["spec"] % query["value"]
        assert mismatches == []


def test_locale_numbers_as_a_localizer_default():
    with parlance.Catalog() as catalog, parlance.Localizer(catalog, ["de"]) as localizer:
        assert localizer.format("%d / %.1f / %x", 1234567, 2.25, 255) == "1234567 / 2.2 / ff"
        localizer.format_options = parlance.FormatOptions(numbers="locale")
        assert localizer.format_options == parlance.FormatOptions("locale", "none")
        assert localizer.format("%d / %.1f / %x", 1234567, 2.25, 255) == "1.234.567 / 2,2 / ff"
        assert localizer.format("%d", 1234567, options=parlance.FormatOptions(numbers="c")) == "1234567"


def test_isolation_wraps_placeholders_never_what_select_reads():
    """With isolation on, a selector still reads the value as given (ICU
    chooses `female`), and the simple placeholders' formatted text is what
    is isolated — strings, numbers and dates alike; quoted braces stay text."""
    pattern = ("{g, select, female {{name} liked '{it}'} other {{name} liked {n, number} posts}} "
               "{count, plural, one {# item} other {# items}}")
    with parlance.Catalog() as cat:
        cat.load_bytes(('"m" = "%s";' % pattern).encode(), "ar", table="Messages")
        cat.set_message_syntax("icu", table="Messages")
        with parlance.Localizer(cat, ["ar"]) as ar:
            values = {"g": "female", "name": "Ann", "n": 3, "count": 1}
            plain = ar.format_named("m", values, table="Messages")
            assert plain.startswith("Ann liked {it}")
            on = ar.format_named("m", values, table="Messages", options=parlance.FormatOptions(isolation="automatic"))
            assert on == plain.replace("Ann", "\u2068Ann\u2069")
            values["g"] = "x"
            on = ar.format_named("m", values, table="Messages", options=parlance.FormatOptions(isolation="first_strong"))
            assert on.startswith("\u2068Ann\u2069 liked \u2068\u0663\u2069 posts")
