"""Qt Linguist lookups judged by Qt itself, on every real .ts of corpus3
(qt-ts/): Debian's lrelease compiles each file to a .qm, and PyQt6's
QTranslator.translate(context, source, disambiguation, n) answers every
message (n = -1) and every numerus message for n = 0…200
(Tests/reference/qt_linguist/judge.py). Parlance, through the public Python
binding, must give the same on the .ts and on the .qm: the context is the
Qt context, then U+0004 and the disambiguation when there is one
(docs/formats.md, Qt Linguist)."""
import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

import parlance
from conftest import ROOT

JUDGE = ROOT / "Tests" / "reference" / "qt_linguist" / "judge.py"
LRELEASE = shutil.which("lrelease") or "/usr/lib/qt6/bin/lrelease"
COUNTS = range(0, 201)


def _text(element):
    """An element's text as Qt's reader reads it: <byte value> as its character."""
    if element is None:
        return ""
    parts = [element.text or ""]
    for child in element:
        if child.tag == "byte":
            value = child.get("value", "")
            parts.append(chr(int(value[1:], 16) if value.startswith("x") else int(value)))
        else:
            parts.append(_text(child))
        parts.append(child.tail or "")
    return "".join(parts)


def _messages(ts):
    """(context, source, disambiguation, numerus) of every message, read by ElementTree."""
    found = []
    for context in ElementTree.parse(ts).getroot().iter("context"):
        name = _text(context.find("name"))
        for message in context.iter("message"):
            found.append((name, _text(message.find("source")), _text(message.find("comment")),
                          message.get("numerus") == "yes"))
    return found


def _references():
    if not Path(LRELEASE).exists():
        pytest.skip("scripts/install-deps.sh installs qt6-l10n-tools (lrelease)")
    pytest.importorskip("PyQt6.QtCore", reason="scripts/install-deps.sh installs PyQt6")


def _parlance(path, locale, queries):
    answers = []
    with parlance.Catalog() as catalog:
        catalog.load(path, locale=locale, table="qt")
        with parlance.Localizer(catalog, [locale]) as localizer:
            for context, source, comment, n in queries:
                key = context + ("\x04" + comment if comment else "")
                key = key or None
                if n < 0:
                    found = localizer.lookup(source, context=key, table="qt")
                else:
                    found = localizer.lookup_plural(source, n, context=key, table="qt")
                answers.append(found if found != "" else None)
    return answers


# Languages whose rule Debian's lrelease (6.4) does not know yet and Qt's
# numerus table now has (Ganda, qttools 6d47929): Parlance follows the newer
# table on a .ts; on the .qm the rules are the file's.
NEWER_RULES = {"lg"}


def test_every_message_of_every_real_ts_as_qtranslator(tmp_path, qt_ts_files):
    _references()
    files = qt_ts_files
    totals = {"files": 0, "lookups": 0, "found": 0, "ts_equal": 0, "qm_equal": 0,
              "ts_newer_rules": 0}
    differences = {"ts": [], "qm": []}
    for ts in files:
        qm = tmp_path / (ts.stem + ".qm")
        subprocess.run([LRELEASE, "-silent", str(ts), "-qm", str(qm)], check=True, capture_output=True)
        queries = []
        for context, source, comment, numerus in _messages(ts):
            queries.append((context, source, comment, -1))
            if numerus:
                queries += [(context, source, comment, n) for n in COUNTS]
        totals["files"] += 1
        if not queries:     # qt_LANG.ts: only <dependencies> on the others (docs/formats.md)
            continue
        judged = subprocess.run([sys.executable, str(JUDGE)], input=json.dumps({"qm": str(qm), "queries": queries}),
                                capture_output=True, text=True)
        assert judged.returncode == 0, (ts, judged.stderr[-2000:])
        expected = json.loads(judged.stdout)
        assert expected["loaded"], ts
        from_ts = _parlance(ts, "und", queries)
        from_qm = _parlance(qm, "und", queries)
        language = ElementTree.parse(ts).getroot().get("language", "").split("_")[0]
        for query, want, got_ts, got_qm in zip(queries, expected["answers"], from_ts, from_qm):
            totals["lookups"] += 1
            totals["found"] += want is not None
            if got_ts == want:
                totals["ts_equal"] += 1
            elif language in NEWER_RULES and query[3] >= 0:
                totals["ts_newer_rules"] += 1
            elif len(differences["ts"]) < 20:
                differences["ts"].append((ts.name, query, want, got_ts))
            if got_qm == want:
                totals["qm_equal"] += 1
            elif len(differences["qm"]) < 20:
                differences["qm"].append((ts.name, query, want, got_qm))
    print(json.dumps(totals))
    assert totals["lookups"] > 400_000 and totals["found"] > 350_000
    assert not differences["ts"], differences["ts"]
    assert not differences["qm"], differences["qm"]
    assert totals["ts_newer_rules"] <= 1000
    assert totals["qm_equal"] == totals["lookups"]


def _numbers_apart(text):
    """The text with each number (digits of any script, grouping marks) as #."""
    return re.sub(r"[\d,.\u00a0\u202f\u066c]+", "#", text or "")


# n as QCoreApplication::translate(context, source, disambiguation, n) is
# asked: none (-1), and counts whose %Ln differs by locale.
PERCENT_N_COUNTS = (-1, 0, 1, 2, 5, 21, 1234, 1234567)


def test_percent_n_as_qcoreapplication_translate(tmp_path, qt_ts_files):
    """Localizer.format of a Qt table replaces %n and %Ln as
    QCoreApplication::translate does, with the file's language the
    localizer's locale and Qt's default QLocale: on every message holding
    %n (found, or missing and given back as the source text). %Ln's digits
    come from the system's ICU, Qt's from the CLDR it was built with: where
    only they differ (minimum grouping, a language one of them lacks) the
    lookup is counted apart (docs/formats.md)."""
    _references()
    totals = {"files": 0, "lookups": 0, "equal": 0, "percent_ln": 0, "number_data": 0}
    differences = []
    for ts in qt_ts_files:
        language = ElementTree.parse(ts).getroot().get("language", "")
        # A message that is not numerus is asked without n: with one, Qt
        # finds it only where n's form is the first (docs/formats.md).
        queries = [(context, source, comment, n) for context, source, comment, numerus in _messages(ts) if "%" in source
                   for n in (PERCENT_N_COUNTS if numerus else (-1,))]
        if not language or not queries:
            continue
        # A source no file has: Qt gives it back with %n replaced.
        queries += [("Nowhere", "%n missing, %Ln of %1 (%L1) 100%", "", n) for n in PERCENT_N_COUNTS]
        qm = tmp_path / (ts.stem + ".qm")
        subprocess.run([LRELEASE, "-silent", str(ts), "-qm", str(qm)], check=True, capture_output=True)
        judged = subprocess.run([sys.executable, str(JUDGE)], capture_output=True, text=True,
                                input=json.dumps({"qm": str(qm), "application": language, "queries": queries}))
        assert judged.returncode == 0, (ts, judged.stderr[-2000:])
        expected = json.loads(judged.stdout)
        assert expected["loaded"], ts
        locale = language.replace("_", "-")
        totals["files"] += 1
        with parlance.Catalog() as catalog:
            catalog.load(qm, locale=locale, table="qt")
            with parlance.Localizer(catalog, [locale]) as localizer:
                for query, want in zip(queries, expected["answers"]):
                    context, source, comment, n = query
                    key = (context + ("\x04" + comment if comment else "")) or None
                    args = () if n < 0 else (n,)
                    got = localizer.format(source, *args, context=key, table="qt")
                    totals["lookups"] += 1
                    totals["percent_ln"] += "%Ln" in source and n >= 1000
                    if got == want:
                        totals["equal"] += 1
                    elif "%Ln" in (want or "") + source + got and _numbers_apart(got) == _numbers_apart(want):
                        totals["number_data"] += 1
                    elif len(differences) < 20:
                        differences.append((ts.name, query, want, got))
    print(json.dumps(totals))
    assert totals["files"] > 200 and totals["lookups"] > 10_000 and totals["percent_ln"] > 0
    assert not differences, differences
    assert totals["number_data"] <= 40
