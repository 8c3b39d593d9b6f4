"""The outside judge of Fluent formatting (Tests/reference/fluent/judge.py,
fluent.runtime 0.4.0 from PyPI): what it answers on the real .ftl files of
corpus3, and the places where fluent.runtime's text differs from fluent.js
and fluent-rs, which Parlance follows (docs/formats.md, Fluent); and
Parlance's public Python binding (Catalog.load of each .ftl file,
Localizer.format_named and format_message) compared with it on every
message and attribute of those files."""
import collections
import json
import re
import subprocess
import sys

import pytest

from conftest import ROOT, _unpacked

JUDGE = ROOT / "Tests" / "reference" / "fluent" / "judge.py"


def _judge(paths):
    result = subprocess.run([sys.executable, str(JUDGE)], input="\n".join(map(str, paths)).encode(),
                            capture_output=True, check=True)
    return json.loads(result.stdout)


def test_judge_reads_every_real_file():
    pytest.importorskip("fluent.runtime", reason="scripts/install-deps.sh installs fluent.runtime")
    _unpacked("corpus3.tar.xz", ROOT / "build" / "reference-data", ".corpus3")
    files = sorted((ROOT / "build" / "reference-data" / "corpus3" / "fluent").rglob("*.ftl"))
    assert len(files) > 1000
    judged = _judge(files)
    results = [r for entry in judged.values() for r in entry["results"]]
    assert len(judged) == len(files)
    assert len(results) > 50_000
    locales = {entry["locale"] for entry in judged.values()}
    assert {"de", "pl", "fr"} <= locales


def test_where_fluent_runtime_differs_from_fluent_js(tmp_path):
    pytest.importorskip("fluent.runtime", reason="scripts/install-deps.sh installs fluent.runtime")
    ftl = tmp_path / "en-US" / "a.ftl"
    ftl.parent.mkdir()
    ftl.write_text("missing = x { $n }\ncycle = c { cycle }\nliteral = { 1.50 }\n", encoding="utf-8")
    results = {r[0]: r[3] for r in _judge([ftl])[str(ftl)]["results"] if r[2] == 0}
    # fluent.js and fluent-rs: "x {$n}", "c {cycle}" (fluent.js "c {???}"), "1.50".
    assert results == {"missing": "x n", "cycle": "c ???", "literal": "1.5"}


def _real_files():
    _unpacked("corpus3.tar.xz", ROOT / "build" / "reference-data", ".corpus3")
    return sorted((ROOT / "build" / "reference-data" / "corpus3" / "fluent").rglob("*.ftl"))


# Arabic-Indic and extended Arabic-Indic digits, as ICU writes numbers in Arabic-script locales.
_ARABIC_DIGITS = {ord(c): str(i % 10) for i, c in enumerate("\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669"
                                                             "\u06f0\u06f1\u06f2\u06f3\u06f4\u06f5\u06f6\u06f7\u06f8\u06f9")}


def _cause(text, value, locale):
    """Why Parlance's text differs from fluent.runtime's (docs/formats.md, Fluent)."""
    if text.translate(_ARABIC_DIGITS) == value:
        return f"digits of {locale}"  # ICU's numbering system (fluent.js: Intl.NumberFormat); Babel writes 3
    plain = re.sub(r"\{\$([A-Za-z][\w-]*)\}", r"\1", text)
    if value in (plain, plain.translate(_ARABIC_DIGITS)):
        return "missing variable"  # fluent.js and fluent-rs: {$name}; fluent.runtime: name
    if re.fullmatch(re.escape(text).replace(re.escape("NUMBER()"), r"[A-Za-z][\w-]*"), value):
        return "NUMBER() of a missing variable"  # fluent-rs: NUMBER(); fluent.runtime: the variable's name
    return "unexplained"


def test_public_binding_formats_every_real_message_as_fluent_runtime(library):
    """Each real .ftl file is one table (one bundle) of the judge's locale,
    loaded through Catalog.load; every message and attribute, without
    arguments and with every variable 3, isolation off, formatted by
    Localizer.format_message, equals fluent.runtime's text but for the
    documented causes, counted exactly: numbers in Arabic-script locales
    (ICU's digits), fluent.runtime's text for a missing variable, and for
    NUMBER() of one (docs/formats.md, Fluent)."""
    pytest.importorskip("fluent.runtime", reason="scripts/install-deps.sh installs fluent.runtime")
    import parlance
    files = _real_files()
    judged = _judge(files)
    off = parlance.FormatOptions(isolation="none")
    compared = same = same_without_errors = without_errors = 0
    causes = collections.Counter()
    unexplained = []
    with parlance.Catalog() as catalog:
        tables = {}
        for index, path in enumerate(files):
            entry = judged[str(path)]
            tables[str(path)] = (f"f{index}", entry["locale"])
            catalog.load(path, locale=entry["locale"], table=f"f{index}")
        localizers = {}
        for path in files:
            table, locale = tables[str(path)]
            if locale not in localizers:
                localizers[locale] = parlance.Localizer(catalog, [locale], development=locale)
            localizer = localizers[locale]
            variables = _variables_by_message(path)
            for name, attribute, index, value, errors in judged[str(path)]["results"]:
                if value is None:
                    continue
                key = name if attribute is None else name + "." + attribute
                values = {}
                if index == 1:
                    values = {variable: 3 for variable in variables.get(name, ())}
                text, found = localizer.format_message(key, values, table=table, options=off)
                compared += 1
                without_errors += errors == 0
                if text == value:
                    same += 1
                    same_without_errors += errors == 0
                    continue
                cause = _cause(text, value, locale)
                causes[cause, errors == 0] += 1
                if cause == "unexplained" and len(unexplained) < 40:
                    unexplained.append(f"{path} {key} #{index}: {text!r} vs {value!r}")
    print(f"fluent.runtime vs Parlance's binding: {same_without_errors} of {without_errors} equal where "
          f"fluent.runtime reports no error, {same} of {compared} in all; differences: {dict(causes)}")
    assert compared == 181_676 and without_errors == 145_773
    assert same_without_errors == 145_256 and same == 164_001
    # (cause, whether fluent.runtime reported no error): count
    assert dict(causes) == {
        ("digits of ar", True): 511, ("digits of ar-SA", True): 3, ("digits of fa", True): 3,
        ("digits of ar", False): 203,
        ("missing variable", False): 16_947,
        ("NUMBER() of a missing variable", False): 8,
    }, "\n".join(unexplained)


def _variables_by_message(path):
    """The variables each message names anywhere (its value and attributes), as the judge sets them."""
    from fluent.syntax import FluentParser, ast as FTL
    from fluent.syntax.visitor import Visitor

    class Variables(Visitor):
        def __init__(self):
            self.names = set()

        def visit_VariableReference(self, node):
            self.names.add(node.id.name)

    names = {}
    for entry in FluentParser(with_spans=False).parse(path.read_text(encoding="utf-8", errors="replace")).body:
        if isinstance(entry, FTL.Message):
            visitor = Variables()
            visitor.visit(entry)
            names.setdefault(entry.id.name, visitor.names)
    return names
