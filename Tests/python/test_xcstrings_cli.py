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
    run = subprocess.run([cli, "merge", "--format", "xcstrings", "--verbose", *froms, "-o", str(directory)],
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


def _marks_written(target: str, out) -> int:
    """Marks a converted folder carries, counted by the format's reference
    reader: XLIFF units Translate Toolkit reads as needing review and
    `translate="no"` keys (a plural's units count once per language and
    key), `.po` entries it reads as fuzzy, Android `translatable="false"`
    resources."""
    import re
    from translate.storage import factory, xliff
    count = 0
    if target == "xliff":
        review, fixed = set(), set()
        for path in sorted(out.glob("*.xliff")):
            store = xliff.xlifffile(path.read_bytes())
            for unit in store.units:
                key = unit.getid().split("\x04")[-1]
                key = key[1:].split(":dict/")[0] if key.startswith("/") and ":dict/" in key else key
                if unit.gettarget() and unit.get_state_n() == xliff.xliffunit.S_NEEDS_REVIEW:
                    review.add((path.stem, key))
                if not unit.istranslatable():
                    fixed.add(key)
        count = len(review) + len(fixed)
    elif target == "po":
        for path in sorted(out.rglob("*.po")):
            count += sum(1 for unit in factory.getobject(str(path)).units if not unit.isheader() and unit.isfuzzy())
    elif target == "android":
        count = len({name for path in out.rglob("*.xml")
                     for name in re.findall(r'name="([^"]+)" translatable="false"', path.read_text(encoding="utf-8"))})
    return count


def test_convert_carries_or_lists_every_string_catalog_mark(cli, corpus, tmp_path):
    """Converting real String Catalogs to XLIFF, .po, Android, .strings and
    i18next: each `extractionState`, `shouldTranslate: false` and state
    other than `translated` (counted from the catalog's JSON, one per entry
    and language) is either written where the target has a place for it —
    `needs_review` as XLIFF's `needs-review-translation` and gettext's
    `fuzzy`, `shouldTranslate: false` as XLIFF's `translate="no"` and
    Android's `translatable="false"`, each counted by Translate Toolkit or
    in the files — or listed as not carried; the command succeeds, and
    `--strict` exits 1 when anything is listed. The `.po` files pass
    `msgfmt -c`, and the runtime loads the XLIFF with its translations to
    review."""
    import json
    catalogs = sorted(corpus.glob("xcstrings/**/*.xcstrings"))
    assert len(catalogs) >= 15
    carried_in_all = {"xliff": 0, "po": 0, "android": 0}
    for number, path in enumerate(catalogs):
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
        for target in ("xliff", "po", "android", "strings", "i18next"):
            out = tmp_path / f"{number}-{path.stem}-{target}"   # two catalogs are mul.lproj/Main
            result = subprocess.run([cli, "convert", str(path), str(out) + "/", "--to", target], capture_output=True, text=True)
            if result.returncode == 2 and "only the development language" in result.stderr:
                continue   # XLIFF of a catalog with no translation: refused, as documented
            assert result.returncode == 0, result.stderr
            listed = [line for line in result.stderr.splitlines()
                      if "not carried" in line and ("extractionState" in line or "shouldTranslate" in line or "state '" in line)]
            carried = _marks_written(target, out)
            if target in carried_in_all:
                carried_in_all[target] += carried
            assert len(listed) + carried == expected, (path, target, len(listed), carried, expected)
            strict = subprocess.run([cli, "convert", str(path), str(out) + "-strict/", "--to", target, "--strict"],
                                    capture_output=True, text=True)
            assert strict.returncode == (1 if result.stderr.count("not carried") else 0), (path, target)
            if target == "po":
                for po in out.rglob("*.po"):
                    check = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(po)], capture_output=True, text=True)
                    assert check.returncode == 0, (po, check.stderr)
            if target == "xliff" and carried:
                import parlance
                with parlance.Catalog() as catalog:
                    catalog.load(out)
                    served = sum(len(catalog.entries(locale, table)) for locale in catalog.locales
                                 for table in catalog.tables)
                assert served > 0, path
    # The real catalogs' `needs_review` reach XLIFF and .po (their one `shouldTranslate: false` is the
    # empty key, which no target can spell; the next test writes that mark).
    assert carried_in_all["xliff"] and carried_in_all["po"], carried_in_all


def test_review_and_do_not_translate_marks_reach_their_targets(cli, tmp_path):
    """`needs_review` becomes XLIFF 1.2's `needs-review-translation` (as
    Translate Toolkit reads it), 2.0's `initial` with its target, and
    gettext's `fuzzy`; `shouldTranslate: false` becomes Android's
    `translatable="false"`. XLIFF has no unit for a key served only in the
    development language (Xcode exports none either), so there, as in
    `.po`, the mark is listed. The runtime serves
    the texts of every file written (not `.po`'s fuzzy one, as gettext:
    the development language's text instead)."""
    import json
    from translate.storage import factory, xliff, xliff2
    import parlance
    catalog = {"sourceLanguage": "en", "version": "1.0", "strings": {
        "app_name": {"shouldTranslate": False, "localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Parlance"}}}},
        "greeting": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Hello"}},
            "de": {"stringUnit": {"state": "needs_review", "value": "Hallo"}}}},
        "bye": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Bye"}},
            "de": {"stringUnit": {"state": "translated", "value": "Tschüss"}}}},
    }}
    source = tmp_path / "Localizable.xcstrings"
    source.write_text(json.dumps(catalog, indent=2), encoding="utf-8")
    for target, extra in (("xliff", []), ("xliff", ["--xliff-version", "2.0"]), ("po", []), ("android", [])):
        out = tmp_path / f"{target}{''.join(extra)}"
        result = subprocess.run([cli, "convert", str(source), str(out) + "/", "--to", target] + extra,
                                capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        listed = [line for line in result.stderr.splitlines() if "not carried" in line]
        if target == "android":
            assert listed == ["parlance convert: not carried: de/Localizable: 'greeting': state 'needs_review' has no "
                              "place in android; written as translated"], listed
            text = (out / "values" / "strings.xml").read_text(encoding="utf-8")
            assert '<string name="app_name" translatable="false">Parlance</string>' in text, text
            assert '<string name="greeting">Hallo</string>' in (out / "values-de" / "strings.xml").read_text(encoding="utf-8")
        elif target == "po":
            assert listed == ["parlance convert: not carried: en/Localizable: 'app_name': shouldTranslate false "
                              "(not to be translated) has no place in po; left out"], listed
            units = {u.source: u for u in factory.getobject(str(out / "de" / "LC_MESSAGES" / "Localizable.po")).units}
            assert units["greeting"].isfuzzy() and not units["bye"].isfuzzy()
        else:
            assert listed == ["parlance convert: not carried: en/Localizable: 'app_name': shouldTranslate false "
                              "(not to be translated) has no place in xliff; left out"], listed
            path = out / "de.xliff"
            if extra:
                import re
                assert len(xliff2.Xliff2File(path.read_bytes()).units) == 2
                text = path.read_text(encoding="utf-8")
                units = dict.fromkeys(re.findall(r'<unit id="[^"]+" name="([^"]+)">', text))
                assert text.count('<segment state="initial">') == 1 and text.count('<segment state="translated">') == 1
            else:
                units = {unit.getid().split("\x04")[-1]: unit for unit in xliff.xlifffile(path.read_bytes()).units}
                assert units["greeting"].get_state_n() == xliff.xliffunit.S_NEEDS_REVIEW
                assert units["bye"].get_state_n() != xliff.xliffunit.S_NEEDS_REVIEW
            assert sorted(units) == ["bye", "greeting"], units
        with parlance.Catalog() as loaded:
            loaded.load(out)
            with parlance.Localizer(loaded, ["de"]) as loc:
                table = loaded.tables[0]
                assert loc.text("bye", table=table) == "Tschüss", target
                assert loc.text("greeting", table=table) == ("Hello" if target == "po" else "Hallo"), target


def test_device_texts_without_other_give_nothing_and_lint_says_so(cli, tmp_path):
    """A device variation without `other`, on a device it does not name,
    gives nothing — as a plural variable without the count's category does
    in Apple's runtime — from a plain lookup, a plural nested in it and the
    default device alike; a named device gets its text; `parlance lint`
    reports the entry as an error."""
    import json
    import parlance
    catalog = {"sourceLanguage": "en", "version": "1.0", "strings": {
        "tap": {"localizations": {"de": {"variations": {"device": {
            "mac": {"stringUnit": {"state": "translated", "value": "Klicken"}}}}}}},
        "n": {"localizations": {"de": {"variations": {"plural": {
            "one": {"variations": {"device": {"mac": {"stringUnit": {"state": "translated", "value": "ein Ding"}}}}},
            "other": {"stringUnit": {"state": "translated", "value": "%lld Dinge"}}}}}}},
    }}
    path = tmp_path / "Localizable.xcstrings"
    path.write_text(json.dumps(catalog), encoding="utf-8")
    with parlance.Catalog() as loaded:
        loaded.load(path)
        for device, tap, one in ((None, "", ""), ("ipad", "", ""), ("iphone", "", ""), ("mac", "Klicken", "ein Ding")):
            with parlance.Localizer(loaded, ["de"]) as de:
                if device:
                    de.device = device
                assert de.text("tap", table="Localizable") == tap, device
                assert de.format("n", 1, table="Localizable") == one, device
                assert de.format("n", 3, table="Localizable") == "3 Dinge", device
    lint = subprocess.run([cli, "lint", str(path)], capture_output=True, text=True)
    assert lint.returncode != 0, lint.stdout + lint.stderr
    assert "have no 'other' text" in lint.stdout + lint.stderr, lint.stdout + lint.stderr
