"""String Catalogs through the built CLI: `merge --format xcstrings` and
`extract --format xcstrings` leave a catalog Xcode wrote byte for byte as it
was when nothing changed (no `git diff`), a change adds only its own lines,
and the runtime, through the Python binding, serves what merge wrote."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
import sys  # noqa: E402
sys.path.insert(0, str(ROOT / "bindings" / "python"))
import parlance  # noqa: E402

REAL = ROOT / "Tests" / "Fixtures" / "real" / "xcstrings"
# Catalogs with stale keys are left out: merging a catalog's own keys brings those back, as Xcode would.
UNTOUCHED = sorted(p.name for p in REAL.glob("*.xcstrings") if '"extractionState" : "stale"' not in p.read_text())


def git(directory, *args):
    return subprocess.run(["git", "-C", str(directory), *args], capture_output=True, text=True, check=True).stdout


def repository(tmp_path, name):
    """tmp_path/Localizable.xcstrings, a copy of a real catalog, committed in a fresh repository."""
    path = tmp_path / "Localizable.xcstrings"
    shutil.copyfile(REAL / name, path)
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", ".")
    git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "catalog")
    return path


def merge(cli, directory, *sources):
    froms = [arg for source in sources for arg in ("--from", str(source))]
    run = subprocess.run([cli, "merge", "--format", "xcstrings", *froms, "-o", str(directory)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return run.stdout


@pytest.mark.parametrize("name", UNTOUCHED)
def test_merging_a_catalog_into_itself_leaves_no_diff(cli, tmp_path, name):
    path = repository(tmp_path, name)
    merge(cli, tmp_path, path)
    assert git(tmp_path, "status", "--porcelain") == ""
    assert (REAL / name).read_bytes() == path.read_bytes()


def test_a_new_message_adds_only_its_lines_and_the_runtime_serves_it(cli, tmp_path):
    path = repository(tmp_path, "NetNewsWire-ErrorLogWindow.xcstrings")
    template = tmp_path / "new" / "Localizable.pot"
    template.parent.mkdir()
    template.write_text('#. The window\'s subtitle\nmsgid "Recent errors"\nmsgstr ""\n\n'
                        'msgid "%d error"\nmsgid_plural "%d errors"\nmsgstr[0] ""\nmsgstr[1] ""\n')
    summary = merge(cli, tmp_path, path, template)
    assert "+ Recent errors" in summary and "+ %d error" in summary
    added, removed, _ = git(tmp_path, "diff", "--numstat").split("\t")
    assert removed == "0" and int(added) > 0
    diff = git(tmp_path, "diff", "-U0")
    assert '+    "Recent errors" : {\n+      "comment" : "The window\'s subtitle"\n' in diff
    with parlance.Catalog() as catalog:
        catalog.load(str(tmp_path))
        with parlance.Localizer(catalog, ["es"], development="en") as spanish:
            assert spanish.text("k75-bg-mhK.title") == "Copiar contenido"
            assert spanish.text("Recent errors") == "Recent errors"
        with parlance.Localizer(catalog, ["en"], development="en") as english:
            assert english.plural("%d error", 1) == "%d error"
            assert english.plural("%d error", 5) == "%d errors"
    # Again: nothing more to write.
    merge(cli, tmp_path, path, template)
    assert git(tmp_path, "diff", "--numstat").split("\t")[:2] == [added, removed]


def test_extract_marks_vanished_keys_stale(cli, tmp_path):
    source = tmp_path / "src" / "main.c"
    source.parent.mkdir()
    source.write_text('/* TRANSLATORS: greeting */\nconst char *a = NSLocalizedString(@"Hello", @"Greeting");\n'
                      'const char *b = NSLocalizedString(@"Bye", @"");\n')
    out = tmp_path / "out"
    run = subprocess.run([cli, "extract", "--format", "xcstrings", "-o", str(out), str(source.parent)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    catalog = (out / "Localizable.xcstrings").read_text()
    assert catalog.startswith('{\n  "sourceLanguage" : "en",\n  "strings" : {\n    "Bye" : {\n\n    },\n')
    assert not catalog.endswith("\n")
    source.write_text('/* TRANSLATORS: greeting */\nconst char *a = NSLocalizedString(@"Hello", @"Greeting");\n')
    subprocess.run([cli, "extract", "--format", "xcstrings", "--quiet", "-o", str(out), str(source.parent)], check=True)
    assert (out / "Localizable.xcstrings").read_text() == catalog.replace(
        '"Bye" : {\n\n    }', '"Bye" : {\n      "extractionState" : "stale"\n    }')


@pytest.mark.parametrize("path", [ROOT / "Tests" / "Fixtures" / "xcstrings" / "Localizable.xcstrings"]
                         + sorted(REAL.glob("*.xcstrings")), ids=lambda p: p.name)
def test_device_texts_survive_conversion_to_stringsdict(cli, tmp_path, path):
    """Converted to .strings + .stringsdict (device rules in Apple's
    entry-level form), every device gets what it got from the catalog."""
    run = subprocess.run([cli, "convert", "--to", "strings", str(path), str(tmp_path / "out") + "/"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    with parlance.Catalog() as before, parlance.Catalog() as after:
        before.load(path)
        after.load(tmp_path / "out")
        compared = 0
        for locale in before.locales:
            for table in before.tables:
                try:
                    entries = before.entries(locale, table)
                except parlance.NotFoundError:
                    continue
                for device in (None, "iphone", "mac", "applewatch"):
                    with parlance.Localizer(before, [locale], development=locale) as a, \
                            parlance.Localizer(after, [locale], development=locale) as b:
                        a.device = b.device = device
                        for entry in entries:
                            assert b.lookup(entry.key, table=table) == a.lookup(entry.key, table=table), \
                                (locale, entry.key, device)
                            compared += 1
        assert compared > 0


def test_convert_lists_every_string_catalog_mark_another_format_drops(cli, corpus, tmp_path):
    """Converting real String Catalogs to XLIFF, .strings and i18next: each
    `extractionState`, `shouldTranslate: false` and state other than
    `translated` is listed as not carried (one line per entry and
    language, counted from the catalog's JSON), the command succeeds, and
    `--strict` exits 1 on them; a catalog with nothing of the kind converts
    under `--strict`."""
    import json
    catalogs = sorted(corpus.glob("xcstrings/**/*.xcstrings"))
    assert len(catalogs) >= 15
    for path in catalogs:
        document = json.loads(path.read_text(encoding="utf-8"))
        expected = 0
        for entry in document.get("strings", {}).values():
            expected += entry.get("shouldTranslate") is False
            expected += "extractionState" in entry

            def states(node):
                found = set()
                if isinstance(node, dict):
                    unit = node.get("stringUnit")
                    if isinstance(unit, dict) and isinstance(unit.get("state"), str):
                        found.add(unit["state"])
                    for key, value in node.items():
                        if key != "stringUnit":
                            found |= states(value)
                return found
            for localization in entry.get("localizations", {}).values():
                expected += len(states(localization) - {"translated"})
        for target in ("xliff", "strings", "i18next"):
            out = tmp_path / f"{path.parent.name}-{path.stem}-{target}"
            result = subprocess.run([cli, "convert", str(path), str(out) + "/", "--to", target], capture_output=True, text=True)
            if result.returncode == 2 and "only the development language" in result.stderr:
                continue   # XLIFF of a catalog with no translation: refused, as documented
            assert result.returncode == 0, result.stderr
            listed = [line for line in result.stderr.splitlines()
                      if "not carried" in line and ("extractionState" in line or "shouldTranslate" in line or "state '" in line)]
            assert len(listed) == expected, (path, target, len(listed), expected)
            strict = subprocess.run([cli, "convert", str(path), str(out) + "-strict/", "--to", target, "--strict"],
                                    capture_output=True, text=True)
            assert strict.returncode == (1 if result.stderr.count("not carried") else 0), (path, target)
