"""A single i18next resource file loads from Python with its language
given, as a folder of them does. i18next's `{{lng}}.json` load path gives
each language one file, served as i18next's default namespace
(`translation`: what `t("key")` reads, checked here with node-i18next); a
file whose name and place
name no language is an error that names i18next's layout, not Apple's."""
import json
import os
import shutil
import subprocess

import pytest

import parlance

FR = {"hello": "Bonjour {{name}}", "item_one": "{{count}} élément", "item_other": "{{count}} éléments",
      "menu": {"open": "Ouvrir"}}
EN = {"hello": "Hello {{name}}", "item_one": "{{count}} item", "item_other": "{{count}} items", "menu": {"open": "Open"}}
QUERIES = [("fr", "hello", {"name": "Ada"}), ("fr", "item", {"count": 1}), ("fr", "item", {"count": 2}),
           ("fr", "menu.open", {}), ("en", "item", {"count": 0}), ("en", "hello", {"name": "Bob"})]

ORACLE = """
const i18next = require('i18next');
const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
i18next.init({lng: 'en', resources: input.resources, initImmediate: false,
              interpolation: {escapeValue: false}}).then(() => {
  console.log(JSON.stringify(input.queries.map(([lng, key, options]) => i18next.getFixedT(lng)(key, options))));
});
"""


def i18next_answers(resources):
    if shutil.which("node") is None or not os.path.isdir("/usr/share/nodejs/i18next"):
        pytest.skip("node-i18next is not installed (scripts/install-deps.sh installs it)")
    run = subprocess.run(["node", "-e", ORACLE], input=json.dumps({"resources": resources, "queries": QUERIES}),
                         capture_output=True, text=True, check=True,
                         env={"PATH": os.environ.get("PATH", ""), "NODE_PATH": "/usr/share/nodejs"})
    return json.loads(run.stdout)


def parlance_answers(catalog):
    answers = []
    for language, key, options in QUERIES:
        with parlance.Localizer(catalog, [language]) as loc:
            answers.append(loc.format_named(key, {k: v for k, v in options.items()}, table="translation"))
    return answers


def test_a_single_lng_json_file_is_the_translation_namespace(tmp_path):
    for name, body in (("fr.json", FR), ("en.json", EN)):
        (tmp_path / name).write_text(json.dumps(body, ensure_ascii=False), encoding="utf-8")
    # i18next names what it loads from {{lng}}.json its default namespace.
    want = i18next_answers({"fr": {"translation": FR}, "en": {"translation": EN}})
    assert want[:3] == ["Bonjour Ada", "1 élément", "2 éléments"]
    with parlance.Catalog() as catalog:
        catalog.load(tmp_path / "fr.json", locale="fr")
        catalog.load(tmp_path / "en.json", locale="en")
        assert catalog.tables == ("translation",)
        assert catalog.locales == ("en", "fr")
        assert parlance_answers(catalog) == want
    # The file's name is its language when none is given.
    with parlance.Catalog() as catalog:
        catalog.load(tmp_path / "fr.json")
        catalog.load(tmp_path / "en.json")
        assert parlance_answers(catalog) == want


def test_a_namespace_file_keeps_its_name_and_its_folders_language(tmp_path):
    (tmp_path / "de").mkdir()
    (tmp_path / "de" / "common.json").write_text('{"hello": "Hallo {{name}}"}', encoding="utf-8")
    with parlance.Catalog() as catalog:
        catalog.load(tmp_path / "de" / "common.json")
        assert catalog.tables == ("common",) and catalog.locales == ("de",)
        with parlance.Localizer(catalog, ["de"]) as loc:
            assert loc.format_named("hello", {"name": "Ada"}, table="common") == "Hallo Ada"


def test_a_file_naming_no_language_says_which_layout_it_wanted(tmp_path):
    path = tmp_path / "strings" / "common.json"
    path.parent.mkdir()
    path.write_text('{"a": "b"}', encoding="utf-8")
    with parlance.Catalog() as catalog:
        with pytest.raises(parlance.InvalidArgumentError) as caught:
            catalog.load(path)
        assert "lproj" not in str(caught.value)
        assert "i18next" in str(caught.value) and "give one" in str(caught.value)
        catalog.load(path, locale="fr")
        assert catalog.tables == ("common",)
