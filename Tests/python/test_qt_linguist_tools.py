"""Qt Linguist files through the CLI: `parlance lint` reads a .ts or .qm as
the runtime does and reports a broken one at its place (file:line:col for
a .ts, the byte offset for a .qm), exit status 1; a sound file is OK.
The tools' format `ts` (stats, convert, pseudo, merge) judged by Qt's own
lrelease, lupdate and QTranslator (docs/formats.md, Qt Linguist, Tools)."""
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from test_qt_linguist_judge import JUDGE, LRELEASE, _messages, _references

TS = """\
<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>Main</name>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
</context>
</TS>
"""


def run(cli, *arguments):
    return subprocess.run([cli, *arguments], capture_output=True, text=True, timeout=120)


def test_lint_a_sound_ts(cli, tmp_path):
    path = tmp_path / "app_de.ts"
    path.write_text(TS, encoding="utf-8")
    result = run(cli, "lint", str(path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "OK" in result.stdout


def test_lint_locates_a_broken_ts(cli, tmp_path):
    path = tmp_path / "app_de.ts"
    path.write_text(TS.replace("</message>\n", "", 1), encoding="utf-8")
    result = run(cli, "lint", str(path))
    assert result.returncode == 1
    assert f"{path}:9:5: error: expected </message>" in result.stdout + result.stderr


def test_lint_locates_a_truncated_qm(cli, tmp_path):
    qm = tmp_path / "app_de.qm"
    # The magic, then a Messages block that claims 200 bytes and has 3.
    qm.write_bytes(bytes.fromhex("3cb86418caef9c95cd211cbf60a1bddd") + bytes([0x69, 0, 0, 0, 200, 1, 2, 3]))
    result = run(cli, "lint", str(qm))
    assert result.returncode == 1
    assert "block 0x69 of 200 bytes runs past the end of the file at byte 16" in result.stdout + result.stderr

LUPDATE = str(Path(LRELEASE).parent / "lupdate")


def _judge(qm, queries, application=None):
    request = {"qm": str(qm), "queries": queries}
    if application:
        request["application"] = application
    judged = subprocess.run([sys.executable, str(JUDGE)], input=json.dumps(request), capture_output=True, text=True)
    assert judged.returncode == 0, judged.stderr[-2000:]
    answers = json.loads(judged.stdout)
    assert answers["loaded"], qm
    return answers["answers"]


def _lrelease(ts, qm):
    result = subprocess.run([LRELEASE, str(ts), "-qm", str(qm)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def test_convert_every_real_ts_to_ts_byte_identical(cli, tmp_path, qt_ts_files):
    for ts in qt_ts_files:
        out = tmp_path / ts.name
        # lupdate's template (no locale in its name) is read with one given.
        result = run(cli, "convert", str(ts), str(out), "--quiet", "--from-locale", "en")
        assert result.returncode == 0, (ts, result.stderr)
        assert out.read_bytes() == ts.read_bytes(), ts


def test_stats_counts_as_lrelease_reports(cli, tmp_path, qt_ts_files):
    """Per file: translated = lrelease's finished, fuzzy = its unfinished
    (served), missing - fuzzy = its ignored untranslated source texts. A
    folder with lupdate's template (pcmanfm-qt.ts) is measured against it,
    as a .po against its .pot: its files are counted alone in a copy
    without it, and the template itself is no language."""
    _references()
    rows = {}
    templates = [ts for ts in qt_ts_files if "_" not in ts.stem]
    assert [ts.name for ts in templates] == ["pcmanfm-qt.ts"]
    for folder in sorted({ts.parent for ts in qt_ts_files}):
        if any(template.parent == folder for template in templates):
            copy = tmp_path / folder.name
            copy.mkdir()
            for ts in folder.glob("*_*.ts"):
                (copy / ts.name).write_bytes(ts.read_bytes())
            result = run(cli, "stats", "--format", "json", "--catalog-format", "ts", str(copy))
            assert result.returncode == 0, result.stderr
            for row in json.loads(result.stdout):
                for path in row["files"]:
                    rows[str(folder / Path(path).name)] = row
            # Against the template: every template message is an entry of each language.
            result = run(cli, "stats", "--format", "json", "--catalog-format", "ts", str(folder))
            template_rows = json.loads(result.stdout)
            assert {row["entries"] for row in template_rows} == {len(_messages(templates[0]))}
            continue
        result = run(cli, "stats", "--format", "json", "--catalog-format", "ts", str(folder))
        assert result.returncode == 0, result.stderr
        for row in json.loads(result.stdout):
            for path in row["files"]:
                rows[path] = row
    equal, differences = 0, []
    for ts in qt_ts_files:
        if ts in templates:
            continue
        report = subprocess.run([LRELEASE, str(ts), "-qm", "/dev/null"], capture_output=True, text=True).stdout
        generated = re.search(r"Generated \d+ translation\(s\) \((\d+) finished and (\d+) unfinished\)", report)
        ignored = re.search(r"Ignored (\d+) untranslated source text", report)
        want = (int(generated[1]), int(generated[2]), int(ignored[1]) if ignored else 0) if generated else (0, 0, 0)
        row = rows.get(str(ts))
        got = (row["translated"], row["fuzzy"], row["missing"] - row["fuzzy"]) if row else (0, 0, 0)
        if got == want:
            equal += 1
        else:
            differences.append((ts.name, want, got))
    print(json.dumps({"files": len(qt_ts_files), "equal": equal}))
    assert equal == len(qt_ts_files) - len(templates) and differences == []


def _unfinished_served(ts):
    """(context, source, disambiguation) of the unfinished messages lrelease serves (a first translation)."""
    found = set()
    for context in ElementTree.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            if translation is None or translation.get("type") != "unfinished":
                continue
            forms = translation.findall("numerusform") if message.get("numerus") == "yes" else [translation]
            if forms and "".join(forms[0].itertext()):
                found.add((name, message.findtext("source") or "", message.findtext("comment") or ""))
    return found


def _unmatched_line_breaks(ts):
    """Messages with a translation that begins or ends with a line break where
    the source does not (or the other way round), which msgfmt refuses."""
    found = set()
    for context in ElementTree.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            translation = message.find("translation")
            if translation is None:
                continue
            forms = translation.findall("numerusform") if message.get("numerus") == "yes" else [translation]
            texts = ["".join(form.itertext()) for form in forms]
            if any(text and (text.startswith("\n") != source.startswith("\n") or text.endswith("\n") != source.endswith("\n"))
                   for text in texts):
                found.add((name, source, message.findtext("comment") or ""))
    return found


def test_convert_ts_to_po_and_back_answers_as_the_original(cli, tmp_path, qt_ts_files):
    """Every real .ts with a language, to .po and back to .ts: lrelease
    accepts the result, and QTranslator answers every message (numerus ones
    for n = 0…11) as on the original, but for two kinds of message, counted:
    a served unfinished one becomes a fuzzy .po entry, which gettext does
    not serve, so it is not carried back; one with a disambiguation has no
    place in a msgctxt (listed as not carried); a translation beginning or
    ending with a line break where its source does not (msgfmt refuses it);
    and numerus forms of a language where two of Qt's forms fall in one CLDR
    category (Hindi: Qt gives 0 the plural form, CLDR calls 0 `one`), which
    the way through .po's categories merges."""
    _references()
    totals = {"files": 0, "queries": 0, "equal": 0, "unfinished": 0, "disambiguated": 0, "line_breaks": 0,
              "numerus_through_cldr": 0}
    languages = set()
    differences = []
    for index, ts in enumerate(qt_ts_files):
        language = ElementTree.parse(ts).getroot().get("language")
        queries = []
        for context, source, comment, numerus in _messages(ts):
            queries.append((context, source, comment, -1))
            if numerus:
                queries += [(context, source, comment, n) for n in range(12)]
        if not language or not queries:
            continue
        po, back = tmp_path / f"f{index}.po", tmp_path / f"f{index}_{language}.ts"
        for source, destination in ((ts, po), (po, back)):
            result = run(cli, "convert", str(source), str(destination), "--quiet", "--from-locale", language)
            assert result.returncode == 0, (ts, result.stderr)
        _lrelease(ts, tmp_path / "original.qm")
        _lrelease(back, tmp_path / "back.qm")
        unfinished = _unfinished_served(ts)
        line_breaks = _unmatched_line_breaks(ts)
        totals["files"] += 1
        for query, want, got in zip(queries, _judge(tmp_path / "original.qm", queries), _judge(tmp_path / "back.qm", queries)):
            totals["queries"] += 1
            if want == got:
                totals["equal"] += 1
            elif tuple(query[:3]) in unfinished:
                totals["unfinished"] += 1
            elif query[2]:
                totals["disambiguated"] += 1
            elif tuple(query[:3]) in line_breaks:
                totals["line_breaks"] += 1
            elif query[3] >= 0:
                totals["numerus_through_cldr"] += 1
                languages.add(language)
            else:
                differences.append((ts.name, query, want, got))
    print(json.dumps(totals), sorted(languages))
    assert totals["files"] > 230 and totals["equal"] > 0.9 * totals["queries"]
    assert differences[:20] == []


MAIN_CPP = """\
#include <QObject>
class Main : public QObject {{ Q_OBJECT
  void f() {{ {calls} }}
}};
"""


def _lupdate(folder, calls, *ts):
    (folder / "main.cpp").write_text(MAIN_CPP.format(calls=calls), encoding="utf-8")
    result = subprocess.run([LUPDATE, "-silent", "main.cpp", "-ts", *ts], cwd=folder, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def _states(ts):
    """Every message: (context, source, disambiguation) → (type, translations)."""
    states = {}
    for context in ElementTree.parse(ts).getroot().iter("context"):
        for message in context.iter("message"):
            translation = message.find("translation")
            forms = translation.findall("numerusform") if message.get("numerus") == "yes" else [translation]
            states[(context.findtext("name"), message.findtext("source"), message.findtext("comment") or "")] = (
                translation.get("type"), ["".join(form.itertext()) for form in forms])
    return states


def test_merge_as_lupdate_merges(cli, tmp_path):
    """New messages come in unfinished (numerus ones with the language's
    forms), a translated message gone from the template becomes vanished, an
    untranslated one goes, translations are kept: as lupdate does it."""
    _references()
    old = 'tr("Open"); tr("Close", "verb"); tr("%n file(s)", 0, 3); tr("Gone"); tr("Untranslated gone");'
    new = 'tr("Open"); tr("Close", "verb"); tr("%n file(s)", 0, 3); tr("New"); tr("%n new file(s)", 0, 2);'
    qt, ours = tmp_path / "qt", tmp_path / "ours"
    for folder in (qt, ours):
        folder.mkdir()
    _lupdate(qt, old, "app_de.ts")
    translated = (qt / "app_de.ts").read_text(encoding="utf-8")
    translated = re.sub(r"(<source>(Open|Close|Gone)</source>\n(?:        <comment>verb</comment>\n)?)"
                        r"        <translation type=\"unfinished\"></translation>",
                        r'\1        <translation>X</translation>', translated)
    (qt / "app_de.ts").write_text(translated, encoding="utf-8")
    (ours / "app_de.ts").write_text(translated, encoding="utf-8")
    _lupdate(tmp_path, new, "app.ts")            # the template
    _lupdate(qt, new, "app_de.ts")
    result = run(cli, "merge", "--format", "ts", "--from", str(tmp_path / "app.ts"), "-o", str(ours))
    assert result.returncode == 0, result.stdout + result.stderr
    assert _states(ours / "app_de.ts") == _states(qt / "app_de.ts")
    assert _states(qt / "app_de.ts")[("Main", "Gone", "")] == ("vanished", ["X"])
    # Written as lupdate writes a message: the new numerus one, byte for byte.
    new_numerus = re.search(r"    <message numerus=\"yes\">\n(?:(?!</message>).)*<source>%n new file\(s\)</source>.*?</message>\n",
                            (qt / "app_de.ts").read_text(encoding="utf-8"), re.S)[0]
    assert new_numerus in (ours / "app_de.ts").read_text(encoding="utf-8")
    # Merged again from the same template: nothing changes.
    before = (ours / "app_de.ts").read_bytes()
    assert run(cli, "merge", "--format", "ts", "--from", str(tmp_path / "app.ts"), "-o", str(ours)).returncode == 0
    assert (ours / "app_de.ts").read_bytes() == before


PSEUDO_SOURCE = """\
<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>Main</name>
    <message>
        <source>Open %1 of %2</source>
        <translation>Open %1 of %2</translation>
    </message>
    <message>
        <source>Close</source>
        <comment>verb</comment>
        <translation>Close</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) in %L1</source>
        <translation>
            <numerusform>%n file in %L1</numerusform>
            <numerusform>%n files in %L1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln bytes</source>
        <translation>
            <numerusform>%Ln byte</numerusform>
            <numerusform>%Ln bytes</numerusform>
        </translation>
    </message>
</context>
</TS>
"""


def test_pseudo_ts_is_compiled_by_lrelease_and_served(cli, tmp_path):
    _references()
    catalog = tmp_path / "catalog"
    catalog.mkdir()
    (catalog / "app_en.ts").write_text(PSEUDO_SOURCE, encoding="utf-8")
    result = run(cli, "pseudo", "--locale", "en-XA", "-o", str(catalog), str(catalog))
    assert result.returncode == 0, result.stdout + result.stderr
    pseudo = catalog / "app_en_XA.ts"
    report = _lrelease(pseudo, tmp_path / "pseudo.qm")
    assert "Generated 4 translation(s) (4 finished and 0 unfinished)" in report
    queries = [["Main", "Open %1 of %2", "", -1], ["Main", "Close", "verb", -1],
               ["Main", "%n file(s) in %L1", "", 1], ["Main", "%n file(s) in %L1", "", 5], ["Main", "%Ln bytes", "", 1234]]
    answers = _judge(tmp_path / "pseudo.qm", queries, application="en_US")
    for (context, source, comment, n), answer in zip(queries, answers):
        assert answer != source, answer
        assert answer.startswith("[") and answer.endswith("]"), answer
    assert "%1" in answers[0] and "%2" in answers[0]
    assert "1 " in answers[2] and "%L1" in answers[2]
    assert "5 " in answers[3]
    assert "1,234" in answers[4]


LENGTH_VARIANTS = """\
<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>Main</name>
    <message>
        <source>Open the file</source>
        <translation variants="yes">
            <lengthvariant>Die Datei öffnen</lengthvariant>
            <lengthvariant>Öffnen</lengthvariant>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n files</source>
        <translation>
            <numerusform variants="yes">
                <lengthvariant>%n Datei</lengthvariant>
                <lengthvariant>%n D.</lengthvariant>
            </numerusform>
            <numerusform>%n Dateien</numerusform>
        </translation>
    </message>
</context>
</TS>
"""


def test_length_variants_served_as_qtranslator_and_kept_by_the_tools(cli, tmp_path):
    """Qt joins a translation's <lengthvariant>s with U+009C; QTranslator
    serves them so. The runtime serves the same of the .ts; convert to .po and
    back writes them as variants again, as Qt's writer does."""
    _references()
    import parlance
    ts = tmp_path / "lv_de.ts"
    ts.write_text(LENGTH_VARIANTS, encoding="utf-8")
    _lrelease(ts, tmp_path / "lv.qm")
    queries = [["Main", "Open the file", "", -1], ["Main", "%n files", "", 1], ["Main", "%n files", "", 2]]
    expected = _judge(tmp_path / "lv.qm", queries)
    assert expected == ["Die Datei öffnen\x9cÖffnen", "%n Datei\x9c%n D.", "%n Dateien"]
    with parlance.Catalog() as catalog:
        catalog.load(str(ts), table="lv")
        with parlance.Localizer(catalog, ["de"]) as localizer:
            assert localizer.lookup("Open the file", context="Main", table="lv") == expected[0]
            assert localizer.lookup_plural("%n files", 1, context="Main", table="lv") == expected[1]
            assert localizer.lookup_plural("%n files", 2, context="Main", table="lv") == expected[2]
    po, back = tmp_path / "lv.po", tmp_path / "back_de.ts"
    assert run(cli, "convert", str(ts), str(po), "--quiet").returncode == 0
    assert run(cli, "convert", str(po), str(back), "--quiet", "--from-locale", "de").returncode == 0
    written = back.read_text(encoding="utf-8")
    assert ('        <translation variants="yes">\n            <lengthvariant>Die Datei öffnen</lengthvariant>\n'
            '            <lengthvariant>Öffnen</lengthvariant>\n        </translation>\n') in written
    assert ('            <numerusform variants="yes">\n                <lengthvariant>%n Datei</lengthvariant>\n'
            '                <lengthvariant>%n D.</lengthvariant>\n            </numerusform>\n') in written
    _lrelease(back, tmp_path / "back.qm")
    assert _judge(tmp_path / "back.qm", queries) == expected
