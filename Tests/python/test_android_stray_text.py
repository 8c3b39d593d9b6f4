"""Text directly inside <resources> (`<string name="a">A</string>en`): aapt2
refuses the file ("plain text not allowed here"), so the app does not
build. The runtime stays tolerant and serves the file; `parlance lint`
reports each such text as a located error, on the same lines as aapt2,
over every Android strings.xml of the reference data."""
import json
import re
import shutil
import subprocess

import pytest

AAPT2 = shutil.which("aapt2")


def aapt2_stray_lines(paths, tmp_path):
    out = tmp_path / "compiled"
    out.mkdir(exist_ok=True)
    found = set()
    for path in paths:
        run = subprocess.run([AAPT2, "compile", "-o", str(out), str(path)], capture_output=True, text=True)
        for m in re.finditer(r"^(.*?):(\d+): error: plain text not allowed here", run.stderr, re.M):
            found.add((m.group(1), int(m.group(2))))
    return found


def lint_stray_lines(cli, paths):
    found = set()
    for start in range(0, len(paths), 200):
        run = subprocess.run([cli, "lint", "--format", "json", *map(str, paths[start:start + 200])], capture_output=True, text=True)
        for finding in json.loads(run.stdout or "[]"):
            if "plain text not allowed here" in finding["message"]:
                assert finding["severity"] == "error"
                found.add((finding["path"], finding["line"]))
    return found


@pytest.mark.skipif(AAPT2 is None, reason="aapt2 is not installed (scripts/install-deps.sh installs it)")
def test_lint_finds_the_stray_text_aapt2_refuses(cli, corpus2, corpus4, tmp_path):
    paths = sorted(p for root in (corpus2, corpus4) for p in root.rglob("res/values*/strings.xml"))
    assert len(paths) > 500
    theirs = aapt2_stray_lines(paths, tmp_path)
    assert any(path.endswith("KeePassDX/app/src/main/res/values-fr/strings.xml") and line == 145 for path, line in theirs)
    assert lint_stray_lines(cli, paths) == theirs


@pytest.mark.skipif(AAPT2 is None, reason="aapt2 is not installed (scripts/install-deps.sh installs it)")
def test_stray_text_is_an_error_and_the_file_is_still_served(cli, tmp_path):
    values = tmp_path / "res" / "values-fr"
    values.mkdir(parents=True)
    strings = values / "strings.xml"
    strings.write_text('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <string name="a">A</string>en\n'
                       '    <plurals name="p"><item quantity="one">x</item>inside plurals is fine</plurals>\n'
                       '  x  <!-- c --> y\n    <string name="b">B</string>\n</resources>\n', encoding="utf-8")
    theirs = aapt2_stray_lines([strings], tmp_path)
    assert theirs == {(str(strings), 3), (str(strings), 5)}
    run = subprocess.run([cli, "lint", "--format", "json", str(strings)], capture_output=True, text=True)
    assert run.returncode != 0
    findings = [f for f in json.loads(run.stdout) if "plain text" in f["message"]]
    assert [(f["line"], f["column"]) for f in findings] == [(3, 32), (5, 3), (5, 17)]
    got = subprocess.run([cli, "get", "--catalog", str(tmp_path / "res"), "--locale", "fr", "b"], capture_output=True, text=True)
    assert got.stdout.strip() == "B", got.stderr
