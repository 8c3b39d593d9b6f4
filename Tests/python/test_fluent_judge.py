"""The outside judge of Fluent formatting (Tests/reference/fluent/judge.py,
fluent.runtime 0.4.0 from PyPI): what it answers on the real .ftl files of
corpus3, and the places where fluent.runtime's text differs from fluent.js
and fluent-rs, which Parlance follows (docs/formats.md, Fluent). The
comparison with Parlance runs in Tests/ParlanceTests/Messages/Fluent/
FluentRuntimeJudgeTests.swift until the message-syntax plug-in serves
Fluent through the C API."""
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
