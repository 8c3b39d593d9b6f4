"""A .qm's dependencies, loaded as QTranslator loads them: Debian's
qt6-translations-l10n `qt_LANG.qm` holds nothing but dependencies
(`qtbase_LANG`, `qtmultimedia_LANG`), and PyQt6's QTranslator, loading
`qt_LANG.qm`, answers every message of those. Parlance, through the public
Python binding (the folder loaded, and the file loaded alone), must answer
every one alike (docs/formats.md, Qt Linguist, `.qm` dependencies)."""
import json
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

import parlance
from conftest import ROOT

JUDGE = ROOT / "Tests" / "reference" / "qt_linguist" / "judge.py"
LRELEASE = shutil.which("lrelease") or "/usr/lib/qt6/bin/lrelease"
TRANSLATIONS = Path("/usr/share/qt6/translations")
COUNTS = list(range(0, 31)) + [101, 102, 111, 1000, 1001]


def _blocks(data):
    """The tagged blocks of a .qm, as QTranslator::load walks them."""
    blocks, at = {}, 16
    while at < len(data) - 5:
        tag, length = data[at], struct.unpack(">I", data[at + 1:at + 5])[0]
        if tag == 0 or length == 0:
            break
        blocks[tag] = data[at + 5:at + 5 + length]
        at += 5 + length
    return blocks


def _dependencies(path):
    block, at, names = _blocks(path.read_bytes()).get(0x96, b""), 0, []
    while at + 4 <= len(block):
        length = struct.unpack(">I", block[at:at + 4])[0]
        names.append(block[at + 4:at + 4 + length].decode("utf-16-be"))
        at += 4 + length
    return names


def _messages(path):
    """(context, source, disambiguation, numerus) of every record of a .qm's Messages block."""
    block, at, found = _blocks(path.read_bytes()).get(0x69, b""), 0, []
    record = {"translations": 0}
    while at < len(block):
        tag = block[at]
        at += 1
        if tag == 1:
            found.append((record.get(7, ""), record.get(6, ""), record.get(8, ""), record["translations"] > 1))
            record = {"translations": 0}
            continue
        length = struct.unpack(">I", block[at:at + 4])[0]
        at += 4
        if tag == 5:
            continue
        assert tag in (3, 6, 7, 8), (path, tag)
        if tag == 3:
            record["translations"] += 1
        else:
            record[tag] = block[at:at + length].rstrip(b"\0").decode()
        at += length
    return found


def _queries(messages):
    queries = []
    for context, source, comment, numerus in messages:
        queries.append((context, source, comment, -1))
        # A disambiguation no file names: QTranslator's retry without it.
        queries.append((context, source, "never named", -1))
        if numerus:
            queries += [(context, source, comment, n) for n in COUNTS]
    return queries


def _judge(directory, name, queries):
    """QTranslator.load(name) in `directory` (its dependencies found there) and its answers."""
    judged = subprocess.run([sys.executable, str(JUDGE)], input=json.dumps({"qm": name, "queries": queries}),
                            capture_output=True, text=True, cwd=directory)
    assert judged.returncode == 0, judged.stderr[-2000:]
    return json.loads(judged.stdout)


def _ask(localizer, table, queries):
    answers = []
    for context, source, comment, n in queries:
        key = (context + ("\x04" + comment if comment else "")) or None
        if n < 0:
            found = localizer.lookup(source, context=key, table=table)
        else:
            found = localizer.lookup_plural(source, n, context=key, table=table)
        answers.append(found if found != "" else None)
    return answers


def _references():
    pytest.importorskip("PyQt6.QtCore", reason="scripts/install-deps.sh installs PyQt6")
    if not TRANSLATIONS.is_dir():
        pytest.skip("scripts/install-deps.sh installs qt6-translations-l10n")


def test_every_message_of_every_dependency_of_qt_lang_as_qtranslator(library):
    _references()
    metas = [path for path in sorted(TRANSLATIONS.glob("qt_*.qm")) if _dependencies(path)]
    languages = {path.stem[len("qt_"):] for path in metas}
    assert {"de", "fr", "ru", "ar", "ja"} <= languages and len(metas) >= 25
    totals = {"files": 0, "dependencies": 0, "lookups": 0, "found": 0, "folder_equal": 0, "file_equal": 0}
    differences = []
    with parlance.Catalog() as folder:
        folder.load(TRANSLATIONS)
        for meta in metas:
            locale = meta.stem[len("qt_"):].replace("_", "-")
            messages = []
            for dependency in _dependencies(meta):
                messages += _messages(TRANSLATIONS / (dependency + ".qm"))
                totals["dependencies"] += 1
            queries = _queries(messages) + [("QObject", "No file has this source", "", -1)]
            expected = _judge(TRANSLATIONS, meta.name, queries)
            assert expected["loaded"], meta
            with parlance.Localizer(folder, [locale]) as localizer:
                from_folder = _ask(localizer, "qt", queries)
            with parlance.Catalog() as alone:
                alone.load(meta)
                assert alone.tables == ("qt",)
                with parlance.Localizer(alone, [locale]) as localizer:
                    from_file = _ask(localizer, "qt", queries)
            totals["files"] += 1
            for query, want, got_folder, got_file in zip(queries, expected["answers"], from_folder, from_file):
                totals["lookups"] += 1
                totals["found"] += want is not None
                totals["folder_equal"] += got_folder == want
                totals["file_equal"] += got_file == want
                if (got_folder != want or got_file != want) and len(differences) < 20:
                    differences.append((meta.name, query, want, got_folder, got_file))
    print(json.dumps(totals))
    assert totals["dependencies"] >= 50 and totals["lookups"] > 75_000 and totals["found"] > 75_000
    assert not differences, differences
    assert totals["folder_equal"] == totals["file_equal"] == totals["lookups"]


TS = """\
<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="{language}">
{dependencies}
<context>
    <name>MainWindow</name>
    {messages}
</context>
</TS>
"""


def _compile(folder, name, language, dependencies=(), messages=""):
    """NAME.qm compiled by lrelease from a .ts naming `dependencies`."""
    if not Path(LRELEASE).exists():
        pytest.skip("scripts/install-deps.sh installs qt6-l10n-tools (lrelease)")
    listed = "".join(f'<dependency catalog="{dependency}"/>' for dependency in dependencies)
    ts = folder / "sources" / (name + ".ts")
    ts.parent.mkdir(exist_ok=True)
    ts.write_text(TS.format(language=language, messages=messages,
                            dependencies=f"<dependencies>{listed}</dependencies>" if listed else ""))
    subprocess.run([LRELEASE, "-silent", str(ts), "-qm", str(folder / (name + ".qm"))], check=True)
    return folder / (name + ".qm")


def _message(source, translation, comment=""):
    return (f"<message><source>{source}</source>" + (f"<comment>{comment}</comment>" if comment else "")
            + f"<translation>{translation}</translation></message>")


def _numerus(source, *forms):
    return (f'<message numerus="yes"><source>{source}</source><translation>'
            + "".join(f"<numerusform>{form}</numerusform>" for form in forms) + "</translation></message>")


def test_dependencies_are_asked_in_order_after_the_files_own_messages(library, tmp_path):
    _compile(tmp_path, "app_de", "de", ["first_de", "second_de"], _message("Open", "Öffnen (app)"))
    _compile(tmp_path, "first_de", "de", ["nested_de"],
             _message("Open", "Öffnen (first)") + _message("Save", "Speichern (first)")
             + _message("Close", "Schließen (first)") + _numerus("%n file(s)", "eine Datei", "%n Dateien"))
    _compile(tmp_path, "second_de", "de", [],
             _message("Save", "Speichern (second)") + _message("Quit", "Beenden (second)")
             + _message("Close", "Schließen (second, verb)", "verb") + _message("Print", "Drucken (second)", "menu"))
    _compile(tmp_path, "nested_de", "de", [],
             _message("Quit", "Beenden (nested)") + _message("Print", "Drucken (nested)"))
    queries = [("MainWindow", source, comment, -1) for source in ("Open", "Save", "Quit", "Close", "Print", "Gone")
               for comment in ("", "verb", "menu")]
    queries += [("MainWindow", "%n file(s)", "", n) for n in range(0, 5)]
    expected = _judge(tmp_path, "app_de.qm", queries)["answers"]
    # Own first; then first_de and the nested_de it names; then second_de.
    # "Close"/"verb": first_de's bare message before second_de's exact one.
    assert expected[:3] == ["Öffnen (app)"] * 3
    assert expected[9:12] == ["Schließen (first)"] * 3
    assert expected[12:15] == ["Drucken (nested)"] * 3
    with parlance.Catalog() as catalog:
        catalog.load(tmp_path / "app_de.qm")
        with parlance.Localizer(catalog, ["de"]) as localizer:
            assert _ask(localizer, "app", queries) == expected
    with parlance.Catalog() as catalog:
        catalog.load(tmp_path)
        assert set(catalog.tables) == {"app", "first", "second", "nested"}
        with parlance.Localizer(catalog, ["de"]) as localizer:
            assert _ask(localizer, "app", queries) == expected
            assert localizer.lookup("Save", context="MainWindow", table="second") == "Speichern (second)"


def test_each_dependency_is_found_as_qtranslator_finds_a_file(library, tmp_path):
    # "tools_de_DE" is found as tools_de.qm: the name is cut at its last "_" or ".".
    _compile(tmp_path, "app_de", "de", ["tools_de_DE"])
    _compile(tmp_path, "tools_de", "de", [], _message("Open", "Öffnen"))
    expected = _judge(tmp_path, "app_de.qm", [("MainWindow", "Open", "", -1)])
    assert expected == {"loaded": True, "answers": ["Öffnen"]}
    with parlance.Catalog() as catalog:
        catalog.load(tmp_path / "app_de.qm")
        with parlance.Localizer(catalog, ["de"]) as localizer:
            assert localizer.lookup("Open", context="MainWindow", table="app") == "Öffnen"


def test_a_missing_dependency_fails_the_load_as_qtranslators(library, tmp_path):
    _compile(tmp_path, "app_de", "de", ["base_de", "missing_de"], _message("Open", "Öffnen"))
    _compile(tmp_path, "base_de", "de", [], _message("Save", "Speichern"))
    assert _judge(tmp_path, "app_de.qm", [])["loaded"] is False
    with parlance.Catalog() as catalog:
        with pytest.raises(parlance.NotFoundError, match='dependency "missing_de" not found') as error:
            catalog.load(tmp_path / "app_de.qm")
        assert "app_de.qm" in str(error.value)
        # The failed load left nothing behind.
        assert catalog.tables == ()


def test_a_dependency_cycle_is_an_error(library, tmp_path):
    # QTranslator follows a cycle until its stack runs out: not asked here.
    _compile(tmp_path, "app_de", "de", ["base_de"], _message("Open", "Öffnen"))
    _compile(tmp_path, "base_de", "de", ["more_de"], _message("Save", "Speichern"))
    _compile(tmp_path, "more_de", "de", ["app_de"], _message("Quit", "Beenden"))
    with parlance.Catalog() as catalog:
        with pytest.raises(parlance.KeyPathError, match="dependency cycle: app_de.qm -> base_de.qm -> more_de.qm -> app_de.qm"):
            catalog.load(tmp_path / "app_de.qm")


def test_a_dependency_named_twice_is_read_once(library, tmp_path):
    _compile(tmp_path, "app_de", "de", ["left_de", "right_de"])
    _compile(tmp_path, "left_de", "de", ["shared_de"], _message("Open", "Öffnen (left)"))
    _compile(tmp_path, "right_de", "de", ["shared_de"], _message("Save", "Speichern (right)"))
    _compile(tmp_path, "shared_de", "de", [], _message("Open", "Öffnen (shared)") + _message("Quit", "Beenden"))
    queries = [("MainWindow", source, "", -1) for source in ("Open", "Save", "Quit")]
    expected = _judge(tmp_path, "app_de.qm", queries)["answers"]
    assert expected == ["Öffnen (left)", "Speichern (right)", "Beenden"]
    with parlance.Catalog() as catalog:
        catalog.load(tmp_path / "app_de.qm")
        with parlance.Localizer(catalog, ["de"]) as localizer:
            assert _ask(localizer, "app", queries) == expected


def test_dependencies_cannot_be_found_from_memory(library, tmp_path):
    qm = _compile(tmp_path, "app_de", "de", ["base_de"], _message("Open", "Öffnen"))
    _compile(tmp_path, "base_de", "de", [], _message("Save", "Speichern"))
    with parlance.Catalog() as catalog:
        with pytest.raises(parlance.NotFoundError, match="depends on base_de, which a load from memory cannot find"):
            catalog.load_bytes(qm.read_bytes(), "de", "app", format="qt_qm")


def test_lint_reads_the_dependencies_as_the_runtime(cli, tmp_path):
    _compile(tmp_path, "app_de", "de", ["base_de"], _message("Open", "Öffnen"))
    linted = subprocess.run([str(cli), "lint", str(tmp_path / "app_de.qm")], capture_output=True, text=True)
    assert linted.returncode != 0
    assert 'app_de.qm: error: dependency "base_de" not found' in linted.stdout + linted.stderr
    _compile(tmp_path, "base_de", "de", [], _message("Save", "Speichern"))
    linted = subprocess.run([str(cli), "lint", str(tmp_path / "app_de.qm")], capture_output=True, text=True)
    assert linted.returncode == 0, linted.stdout + linted.stderr
