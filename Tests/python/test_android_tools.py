"""`parlance merge` and `pseudo` with `--format android`, checked with aapt,
Android's resource compiler: the resources merge and pseudo write compile,
every string compiles to the text that was meant, and the Parlance runtime
serves what aapt compiled (the comparison of bindings/python/tests/test_android_aapt.py)."""
import importlib.util
import json
import pathlib
import re
import shutil
import subprocess

import pytest

import parlance

ROOT = pathlib.Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("android_aapt", ROOT / "bindings" / "python" / "tests" / "test_android_aapt.py")
aapt = importlib.util.module_from_spec(spec)
spec.loader.exec_module(aapt)

TRICKY_TEXTS = {
    "quote_mix": "It's \"quoted\" & <b>bold</b>",
    "at_start": "@not a reference",
    "question_start": "?not an attribute",
    "spaces": "  two  spaces  ",
    "lines": "line one\nline two\ttabbed",
    "unicode": "Ünïcödé — 😀 \\ backslash",
}


def run(cli, *args):
    result = subprocess.run([cli, *args], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result


def test_merged_strings_compile_to_their_texts(cli, library, tmp_path):
    project = tmp_path / "merged"
    shutil.copytree(ROOT / "Tests" / "Fixtures" / "real" / "android" / "commons", project / "res")
    source = tmp_path / "src" / "en.lproj"
    source.mkdir(parents=True)
    # The texts in a .strings file, escaped as .strings escapes them.
    body = "\n".join(f'"{k}" = "' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '";'
                     for k, v in TRICKY_TEXTS.items())
    (source / "Localizable.strings").write_text(body + '\n"Not a name" = "x";\n', encoding="utf-8")
    before = {p: p.read_bytes() for p in (project / "res").rglob("*.xml")}
    result = run(cli, "merge", "--format", "android", "--locale", "ru", "--from", str(source / "Localizable.strings"),
                 "-o", str(project / "res"))
    assert "! Not a name: not an Android resource name" in result.stdout
    # Only the default resources changed; the translations are as they were.
    for path, content in before.items():
        if path.parent.name != "values":
            assert path.read_bytes() == content, path
    compiled = aapt.compile_project(project, tmp_path / "aapt")
    strings = compiled.dump.configs["(default)"]["string"]
    for key, text in TRICKY_TEXTS.items():
        assert strings[key].text == text, key
    catalog = parlance.Catalog()
    catalog.load(str(project / "res"))
    comparison = aapt.compare_locale(compiled, catalog, "en", "(default)")
    assert comparison.mismatches == []
    assert comparison.strings > 200


def test_pseudo_resources_compile_and_serve_what_aapt_compiles(cli, library, tmp_path, monkeypatch):
    # A pseudo-locale has its language's plural rules: counts for en-XA are English ones.
    base_counts = aapt.counts_for
    monkeypatch.setattr(aapt, "counts_for", lambda locale, quantity: base_counts(locale.split("-")[0], quantity))
    project = tmp_path / "pseudo"
    shutil.copytree(ROOT / "Tests" / "Fixtures" / "real" / "android" / "commons", project / "res")
    for locale in ("en-XA", "ar-XB"):
        run(cli, "pseudo", "--locale", locale, "--quiet", "-o", str(project / "res"), str(project / "res"))
    assert (project / "res" / "values-en-rXA" / "strings.xml").is_file()
    assert (project / "res" / "values-ar-rXB" / "strings.xml").is_file()
    compiled = aapt.compile_project(project, tmp_path / "aapt")
    catalog = parlance.Catalog()
    catalog.load(str(project / "res"))
    for locale, config in (("en-XA", "en-rXA"), ("ar-XB", "ar-rXB")):
        comparison = aapt.compare_locale(compiled, catalog, locale, config)
        assert comparison.mismatches == [], locale
        assert comparison.strings > 200



def _android_projects(corpus2):
    projects = sorted(p for p in (corpus2 / "android").rglob("res") if (p / "values").is_dir())
    assert len(projects) == 5, projects
    return projects


def test_android_tree_converts_to_itself_byte_for_byte(cli, library, corpus2, tmp_path):
    """`convert` of a real project's res/ to Android, whole: every file with
    strings comes back byte for byte at the same place (string-arrays,
    `@string/` references, `values-in`/`-iw`/`-ji`/`-he` folders as they
    were), and the command reports nothing lost (`--strict`)."""
    files = 0
    for index, res in enumerate(_android_projects(corpus2)):
        out = tmp_path / f"out{index}"
        run(cli, "convert", str(res), str(out) + "/", "--to", "android", "--strict")
        with parlance.Catalog() as catalog:
            catalog.load(res)
        written = sorted(p.relative_to(out) for p in out.rglob("*.xml"))
        assert written, res
        for relative in written:
            assert (out / relative).read_bytes() == (res / relative).read_bytes(), relative
        read = {p.relative_to(res) for p in res.glob("values*/*.xml")
                if b"<string" in p.read_bytes() or b"<plurals" in p.read_bytes()}
        assert set(written) <= read, sorted(set(written) - read)[:10]
        # Left out: only what is no table of a language (`values-sw600dp`, `values-night`, `values-und`).
        locale_folder = re.compile(r"values(-[a-z]{2,3}(-r[A-Z]{2})?|-b\+[A-Za-z0-9+]+)?")
        left = {r.parts[0] for r in read - set(written)}
        assert all(not locale_folder.fullmatch(f) or f == "values-und" for f in left), sorted(left)
        files += len(written)
    assert files > 300, files


def test_android_tree_through_a_string_catalog_keeps_arrays_and_legacy_folders(cli, library, corpus2, tmp_path):
    """Converted to a String Catalog and back, a real project's strings and
    every string-array item serve what they served (arrays are
    `<string-array>` again, not lost), and Indonesian, Hebrew and Yiddish
    land in `values-in`, `values-iw`, `values-ji`, Android's folder names
    for them."""
    legacy = arrays = 0
    for index, res in enumerate(_android_projects(corpus2)):
        middle, back = tmp_path / f"json{index}", tmp_path / f"back{index}" / "res"
        run(cli, "convert", str(res), str(middle) + "/", "--to", "xcstrings")
        run(cli, "convert", str(middle), str(back) + "/", "--to", "android", "--strict")
        legacy += len({p.name for p in back.iterdir()} & {"values-in", "values-iw", "values-ji"})
        assert not {p.name for p in back.iterdir()} & {"values-id", "values-he", "values-yi"}
        arrays += (back / "values" / "strings.xml").read_bytes().count(b"<string-array")
        with parlance.Catalog() as original, parlance.Catalog() as converted:
            original.load(res)
            converted.load(back)
            for locale in original.locales:
                mine = {(e.key, e.context): (e.kind, e.text, e.forms) for e in original.entries(locale)}
                theirs = {(e.key, e.context): (e.kind, e.text, e.forms) for e in converted.entries(locale)}
                # Every string and array item the original has comes back (a String Catalog
                # also gives its source language the keys only translations had, its keys as
                # their text; a plural without `other` it cannot hold, which convert reports).
                differ = sorted(k for k in mine if mine[k][0] == "text" and mine[k] != theirs.get(k))
                assert not differ, (res, locale, [(k, mine.get(k), theirs.get(k)) for k in differ[:5]])
    assert legacy >= 10, legacy
    assert arrays >= 20, arrays


def test_a_folders_resource_files_are_one_table_and_untranslatable_strings_no_messages(cli, library, tmp_path):
    """Android serves every resource file of a folder as one namespace, and
    so does the runtime (`Localizable`): stats, lint and merge read the
    folder's files as that one table. `translatable="false"` strings and
    the strings of `donottranslate.xml` (Android lint's rule) are resources,
    not messages: stats counts no translation of them missing, merge never
    reports them unused, pseudo leaves them to the default resources."""
    res = tmp_path / "res"
    (res / "values").mkdir(parents=True)
    (res / "values-fr").mkdir()
    (res / "values" / "strings.xml").write_text("""<resources>
    <string name="hello">Hello</string>
    <string name="app_id" translatable="false">org.example</string>
</resources>
""")
    (res / "values" / "arrays.xml").write_text("""<resources>
    <string-array name="planets"><item>Mercury</item><item>Venus</item></string-array>
    <string-array name="codes" translatable="false"><item>mer</item></string-array>
</resources>
""")
    (res / "values" / "donottranslate.xml").write_text('<resources>\n    <string name="url">https://example.org</string>\n</resources>\n')
    (res / "values" / "colors.xml").write_text('<resources>\n    <color name="red">#f00</color>\n</resources>\n')
    (res / "values-fr" / "strings.xml").write_text('<resources>\n    <string name="hello">Bonjour</string>\n</resources>\n')
    (res / "values-fr" / "arrays.xml").write_text(
        '<resources>\n    <string-array name="planets"><item>Mercure</item><item>Vénus</item></string-array>\n</resources>\n')

    with parlance.Catalog() as catalog:
        catalog.load(str(res))
        assert catalog.tables == ("Localizable",)
        served = {e.key for e in catalog.entries("fr", "Localizable")}
    assert served == {"hello", "planets[0]", "planets[1]"}

    rows = {row["locale"]: row for row in json.loads(run(cli, "stats", "--format", "json", str(res)).stdout)}
    assert {row["table"] for row in rows.values()} == {"Localizable"}
    # hello and the two planets are messages, all translated; app_id, codes[0] and url are not.
    assert (rows["fr"]["entries"], rows["fr"]["translated"], rows["fr"]["missing"]) == (3, 3, 0), rows["fr"]
    assert sorted(rows["fr"]["files"]) == [str(res / "values-fr" / "arrays.xml"), str(res / "values-fr" / "strings.xml")]

    source = tmp_path / "src" / "Localizable.strings"
    source.parent.mkdir()
    source.write_text('"hello" = "Hello";\n"bye" = "Goodbye";\n')
    merged = run(cli, "merge", "--format", "android", "--verbose", "--from", str(source), "-o", str(res)).stdout
    # The new string goes to the default strings.xml; nothing of arrays.xml or donottranslate.xml is unused.
    assert '<string name="bye">Goodbye</string>' in (res / "values" / "strings.xml").read_text()
    assert "url" not in merged and "app_id" not in merged and "codes" not in merged and "planets" not in merged, merged
    assert (res / "values" / "donottranslate.xml").read_text().count("<string") == 1
