"""Android resources served as a device of a locale sees them, against
aapt's compiled resources (the comparison helpers are
bindings/python/tests/test_android_aapt.py's)."""

import importlib.util
from pathlib import Path

import pytest

import parlance

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location(
    "android_aapt", ROOT / "bindings" / "python" / "tests" / "test_android_aapt.py")
aapt = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(aapt)


def test_default_resources_resolve_for_the_device_locale(corpus2, tmp_path_factory):
    """A resource only the default `values` folder has is served to a device
    of a locale as that folder's value, with each `@string/` reference in
    it resolved for the device's locale (its configuration, then the
    default): NewPipe's `autoplay_type_description` array refers to
    `@string/always`, so an Arabic device sees `دائماً`, not `Always`. A
    `<string>` and a `<plurals>` of one name are two resources. Checked on
    every real project of the reference data and the fixtures, against aapt."""
    checked = 0
    mismatches: list = []
    projects = [p for p in aapt.PROJECTS if p != aapt.TRICKY]
    projects += sorted(p for p in (corpus2 / "android").rglob("res") if (p / "values").is_dir())
    assert len(projects) >= 7, projects
    aapt_tmp = tmp_path_factory.mktemp("aapt")
    refused, dropped = [], []
    for res in projects:
        try:
            compiled = aapt.compile_project(res, aapt_tmp, drop_refused=True)
        except pytest.skip.Exception as why:   # aapt1 refuses a file aapt2 takes: that project only
            refused.append(f"{res}: {why}")
            continue
        dropped += [f"{res.parent.parent.parent.parent.name}: {d}" for d in compiled.dropped]
        default = compiled.dump.configs["(default)"]
        with parlance.Catalog() as catalog:
            catalog.load(compiled.res)
            for locale, config in sorted(compiled.locales().items()):
                if config == "(default)" or locale not in catalog.locales:   # `values-und` names no language
                    continue
                own = compiled.dump.configs[config]
                with parlance.Localizer(catalog, [locale], development=compiled.default_locale) as loc:
                    def check(what, value, actual):
                        nonlocal checked
                        if value.kind != "reference":   # a plain default value: test_android_aapt's
                            return
                        expected = compiled.resolve(config, value)
                        if expected.kind != "string":
                            return
                        checked += 1
                        if actual != expected.text:
                            mismatches.append(f"{res}: [{config}] {what}: Android {expected.text!r}, Parlance {actual!r}")
                    # A configuration with a region whose language has a folder of its own takes a
                    # missing resource from that folder by Android's script-aware locale matching
                    # (pa-rPK is not pa's Gurmukhi): left to test_android_aapt's per-folder check.
                    language = config.split("-")[0] if not config.startswith("b+") else config
                    if language != config and language in compiled.dump.configs:
                        continue
                    for name, value in default.get("string", {}).items():
                        if name not in own.get("string", {}):
                            check(f"string/{name}", value, loc.lookup(name))
                    for name, bag in default.get("array", {}).items():
                        if name in compiled.string_arrays and name not in own.get("array", {}):
                            for key, value in bag.items():
                                check(f"array/{name}[{key - aapt.ARRAY_KEY_BASE}]", value,
                                      loc.lookup(f"{name}[{key - aapt.ARRAY_KEY_BASE}]"))
    print(f"{checked} references of the default resources served to other locales; "
          f"left out as aapt1 refuses them: {dropped or 'none'}")
    assert not refused, refused
    assert checked > 10000, checked
    assert not mismatches, f"{len(mismatches)} of {checked} differ:\n" + "\n".join(mismatches[:40])


def test_a_string_and_plurals_of_one_name_are_two_resources(tmp_path):
    values = tmp_path / "res" / "values"
    values.mkdir(parents=True)
    (values / "strings.xml").write_text('<resources><string name="songs">Songs</string></resources>')
    (values / "plurals.xml").write_text('<resources><plurals name="songs"><item quantity="one">%d song</item>'
                                        '<item quantity="other">%d songs</item></plurals></resources>')
    with parlance.Catalog() as catalog:
        catalog.load(tmp_path / "res")
        with parlance.Localizer(catalog, ["en"]) as en:
            assert en.lookup("songs") == "Songs"
            assert en.plural("songs", 1) == "%d song"
            assert en.plural("songs", 5) == "%d songs"


def test_a_string_and_plurals_of_one_name_are_listed_and_converted_apart(cli, tmp_path):
    """The listing gives both resources (the string as a text, the plurals
    as a plural); `convert` keeps both where the target keeps a key's text
    apart from its plural — Android, and i18next, where node-i18next's
    `t("songs")` and `t("songs", {count})` give each — and elsewhere writes
    the plural and lists the string as not carried."""
    import json
    import subprocess
    values = tmp_path / "res" / "values"
    german = tmp_path / "res" / "values-de"
    values.mkdir(parents=True)
    german.mkdir(parents=True)
    (values / "strings.xml").write_text('<resources><string name="songs">Songs</string><string name="t">T</string>'
                                        '<plurals name="songs"><item quantity="one">%d song</item>'
                                        '<item quantity="other">%d songs</item></plurals></resources>')
    (german / "strings.xml").write_text('<resources><string name="songs">Lieder</string>'
                                        '<plurals name="songs"><item quantity="one">%d Lied</item>'
                                        '<item quantity="other">%d Lieder</item></plurals></resources>')
    with parlance.Catalog() as catalog:
        catalog.load(tmp_path / "res")
        listed = [(e.key, e.kind, e.text) for e in catalog.entries("de", catalog.tables[0])]
    assert listed == [("songs", "text", "Lieder"), ("songs", "plural", "%d Lieder")], listed
    for target in ("android", "i18next", "po", "xcstrings", "strings"):
        out = tmp_path / target
        run = subprocess.run([cli, "convert", str(tmp_path / "res"), str(out) + "/", "--to", target],
                             capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        lost = [line for line in run.stderr.splitlines() if "not carried" in line]
        if target in ("android", "i18next"):
            assert not lost, lost
            with parlance.Catalog() as catalog:
                catalog.load(out)
                with parlance.Localizer(catalog, ["de"]) as de:
                    table = catalog.tables[0]
                    assert de.lookup("songs", table=table) == "Lieder", target
                    assert de.plural("songs", 1, table=table) == "%d Lied", target
        else:
            assert sorted(line.split(": '")[0] for line in lost) == [
                "parlance convert: not carried: de/Localizable", "parlance convert: not carried: en/Localizable"], lost
            assert all("a text beside a plural of the same key" in line for line in lost), lost
        if target == "i18next":
            resources = {lng: {"Localizable": json.loads((out / lng / "Localizable.json").read_text())}
                         for lng in ("de", "en")}
            queries = [{"lng": "de", "key": "songs", "options": {}}, {"lng": "de", "key": "songs", "options": {"count": 1}},
                       {"lng": "de", "key": "songs", "options": {"count": 4}}]
            reference = importlib.util.spec_from_file_location(
                "i18next_reference", ROOT / "bindings" / "python" / "tests" / "test_i18next_reference.py")
            module = importlib.util.module_from_spec(reference)
            reference.loader.exec_module(module)
            answers = module._ask_i18next({"resources": resources, "init": {"fallbackLng": "en", "ns": ["Localizable"],
                                                                            "defaultNS": "Localizable"},
                                           "queries": queries})
            assert [a["text"] for a in answers] == ["Lieder", "%d Lied", "%d Lieder"], answers
        if target == "po":
            for po in out.rglob("*.po"):
                check = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(po)], capture_output=True, text=True)
                assert check.returncode == 0, check.stderr


_CATEGORIES: dict = {}


def _device_categories(locale, counts):
    """ICU's cardinal categories of counts in locale (Node's `Intl.PluralRules`)."""
    if locale in _CATEGORIES:
        return _CATEGORIES[locale]
    import json
    import shutil
    import subprocess
    script = "const [l, c] = JSON.parse(process.argv[1]); console.log(JSON.stringify(c.map(n => new Intl.PluralRules(l).select(n))))"
    run = subprocess.run([shutil.which("node") or "node", "-e", script, json.dumps([locale, list(counts)])],
                         capture_output=True, text=True, check=True)
    _CATEGORIES[locale] = json.loads(run.stdout)
    return _CATEGORIES[locale]


def test_default_plurals_serve_every_device_by_its_rules(corpus2, tmp_path_factory):
    """A `<plurals>` only the default `values` folder has is what
    `getQuantityString` gives a device of any locale, its item chosen by the
    device's rules: a locale folder's `<string>` of the same name does not
    shadow it (strings and plurals are two resource types: Wikipedia's
    `values-ar` has a `<string>` for plurals of `values`), and the default
    bag's `zero` item serves a device whose rules have the zero category
    (AntennaPod's `episodes_sleep_timer_exceeds_queue` on an Arabic device
    at 0). The expected text is aapt's compiled bag item of the device
    rule's category, else its `other`. The category is ICU's, as Android's
    is: counts where the system ICU's CLDR (Parlance's rules) and Node's
    newer one (`Intl.PluralRules`) disagree are left out, a question of
    CLDR versions rather than of resources (Tatar's `one`)."""
    checked, shadowed, zeros, drift = 0, 0, 0, 0
    mismatches: list = []
    projects = [p for p in aapt.PROJECTS if p != aapt.TRICKY]
    projects += sorted(p for p in (corpus2 / "android").rglob("res") if (p / "values").is_dir())
    aapt_tmp = tmp_path_factory.mktemp("aapt")
    counts = (0, 1, 2, 3, 4, 5, 6, 11, 12, 21, 22, 100, 101, 102, 1000000)
    for res in projects:
        try:
            compiled = aapt.compile_project(res, aapt_tmp, drop_refused=True)
        except pytest.skip.Exception:   # reported by test_default_resources_resolve_for_the_device_locale
            continue
        default = compiled.dump.configs["(default)"].get("plurals", {})
        if not default:
            continue
        with parlance.Catalog() as catalog:
            catalog.load(compiled.res)
            for locale, config in sorted(compiled.locales().items()):
                if config == "(default)" or locale not in catalog.locales:
                    continue
                language = config.split("-")[0] if not config.startswith("b+") else config
                if language != config and language in compiled.dump.configs:
                    continue   # Android's script-aware matching: test_android_aapt's per-folder check
                own = compiled.dump.configs[config]
                categories = _device_categories(locale, counts)
                ours = _CATEGORIES.setdefault((locale, "parlance"), [parlance.plural_category(locale, n) for n in counts])
                with parlance.Localizer(catalog, [locale], development=compiled.default_locale) as loc:
                    for name, bag in sorted(default.items()):
                        if name in own.get("plurals", {}):
                            continue   # the folder's own plurals: test_android_aapt
                        items = {aapt.QUANTITY_KEYS[key]: value for key, value in bag.items()}
                        for n, category, own_category in zip(counts, categories, ours):
                            if category != own_category:
                                drift += 1
                                continue
                            value = items.get(category, items.get("other"))
                            if value is None:
                                continue
                            expected = compiled.resolve(config, value)
                            if expected.kind != "string":
                                continue
                            checked += 1
                            shadowed += name in own.get("string", {})
                            zeros += category == "zero" and "zero" in items
                            actual = loc.plural(name, n)
                            if actual != expected.text:
                                mismatches.append(f"{res}: [{config}] plurals/{name} ({n}, {category}): "
                                                  f"Android {expected.text!r}, Parlance {actual!r}")
    print(f"{checked} counts of default plurals on devices of other locales; {shadowed} beside the locale's "
          f"<string> of the name, {zeros} of the default bag's zero item; {drift} left out (CLDR versions)")
    assert checked > 100000 and shadowed > 500 and zeros >= 1, (checked, shadowed, zeros)
    assert not mismatches, f"{len(mismatches)} of {checked} differ:\n" + "\n".join(mismatches[:40])
