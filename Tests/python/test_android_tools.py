"""`parlance merge` and `pseudo` with `--format android`, checked with aapt,
Android's resource compiler: the resources merge and pseudo write compile,
every string compiles to the text that was meant, and the Parlance runtime
serves what aapt compiled (the comparison of bindings/python/tests/test_android_aapt.py)."""
import importlib.util
import pathlib
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
