"""The outside judge of Fluent formatting (Tests/reference/fluent/judge.py,
fluent.runtime 0.4.0 from PyPI): what it answers on the real .ftl files of
corpus3, and the places where fluent.runtime's text differs from fluent.js
and fluent-rs, which Parlance follows (docs/formats.md, Fluent); and
Parlance's public Python binding (Catalog.load of each .ftl file,
Localizer.format_named and format_message) compared with it on every
message and attribute of those files."""
import json
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


def test_public_binding_formats_every_real_message_as_fluent_runtime(library):
    """Each real .ftl file is one table (one bundle) of the judge's locale,
    loaded through Catalog.load; every message and attribute, without
    arguments and with every variable 3, isolation off, equals
    fluent.runtime's text where fluent.runtime reports no error."""
    pytest.importorskip("fluent.runtime", reason="scripts/install-deps.sh installs fluent.runtime")
    import parlance
    files = _real_files()
    judged = _judge(files)
    off = parlance.FormatOptions(isolation="none")
    compared = same = errors_seen = 0
    differences = []
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
                if errors != 0 or value is None:
                    continue
                key = name if attribute is None else name + "." + attribute
                values = {}
                if index == 1:
                    values = {variable: 3 for variable in variables.get(name, ())}
                text, found = localizer.format_message(key, values, table=table, options=off)
                errors_seen += len(found)
                compared += 1
                if text == value:
                    same += 1
                elif len(differences) < 40:
                    differences.append(f"{path} {key} #{index}: {text!r} vs {value!r}")
    print(f"fluent.runtime vs Parlance's binding: {same} of {compared} equal")
    assert compared > 100_000
    assert same * 1000 >= compared * 995, "\n".join(differences)


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
