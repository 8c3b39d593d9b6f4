"""Language matching: the locale a Localizer serves a request from equals
ICU's LocaleMatcher (CLDR's language distance) over the locales a catalog
has, on real trees of the reference data whose folders carry regions
(`pt-BR.lproj`, `zh-Hant.lproj`, `en-GB.lproj`…) and on small trees that
name the cases people meet first (`fr` against `fr_FR` catalogs).

ICU is asked through PyICU in another interpreter (Debian's python3-icu,
which scripts/install-deps.sh installs). Where ICU finds nothing close
enough, the localizer serves its development locale's table (or the key).
"""

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Optional

import pytest

import parlance

from conftest import ROOT

#: Browser- and OS-style requests: a language, a region of it, a script, several at once.
REQUESTS: List[List[str]] = [[tag] for tag in (
    "fr", "fr-CH", "fr-CA", "de", "de-AT", "de-CH", "pt", "pt-BR", "pt-PT", "pt-AO", "es", "es-AR", "es-MX",
    "es-419", "es-ES", "zh", "zh-CN", "zh-HK", "zh-TW", "zh-Hant", "zh-Hans", "zh-SG", "zh-MO", "nb", "nn", "no",
    "sr", "sr-Latn", "en-AU", "en-GB", "en-US", "en-IN", "it", "it-CH", "nl-BE", "ru", "uk", "ja", "ko", "ar-EG",
    "he", "hi", "id", "ms", "sv-FI", "ca", "gl", "eu", "cs", "sk", "pl", "da", "fi", "tr", "el", "vi", "th")] + [
    ["fr-CH", "fr", "en"], ["de-CH", "de"], ["pt-AO", "en"], ["es-AR", "en"], ["zh-HK", "en"],
]

ORACLE = """
import icu, json, sys
answers = []
for supported, desired in json.load(sys.stdin):
    builder = icu.LocaleMatcher.Builder()
    for tag in supported:
        builder.addSupportedLocale(icu.Locale.forLanguageTag(tag))
    builder.setNoDefaultLocale()
    matcher = builder.build()
    index = matcher.getBestMatchResult([icu.Locale.forLanguageTag(t) for t in desired]).getSupportedIndex()
    answers.append(supported[index] if index >= 0 else None)
print(json.dumps(answers))
"""


def _oracle_python() -> str:
    for candidate in (sys.executable, "/usr/bin/python3", shutil.which("python3")):
        if candidate and subprocess.run([candidate, "-c", "import icu; icu.LocaleMatcher"],
                                        capture_output=True).returncode == 0:
            return candidate
    pytest.fail("no Python with PyICU (Debian: python3-icu; scripts/install-deps.sh installs it)")


def ask_icu(queries) -> List[Optional[str]]:
    result = subprocess.run([_oracle_python(), "-c", ORACLE], input=json.dumps(queries), capture_output=True,
                            text=True, check=True)
    return json.loads(result.stdout)


def served(catalog: parlance.Catalog, request: List[str], development: str) -> Optional[str]:
    """The locale of the first table along the localizer's chain."""
    have = set(catalog.locales)
    with parlance.Localizer(catalog, request, development=development) as localizer:
        return next((locale for locale in localizer.locales if locale in have), None)


def compare(catalog: parlance.Catalog, development: str) -> Dict[str, str]:
    """Every request's served locale against ICU's; the differences by request."""
    supported = list(catalog.locales)
    matched = ask_icu([(supported, request) for request in REQUESTS])
    differences = {}
    fallback = development if development in supported else None
    for request, icu_answer in zip(REQUESTS, matched):
        expected = icu_answer if icu_answer is not None else fallback
        got = served(catalog, request, development)
        if got != expected:
            differences[",".join(request)] = f"Parlance {got}, ICU {icu_answer}"
    return differences


def regional_trees(corpus: Path) -> List[Path]:
    """Folders of the reference data holding `.lproj` folders, some named with a region or script."""
    parents: Dict[Path, List[str]] = {}
    for lproj in corpus.glob("apple-strings/*/**/*.lproj"):
        parents.setdefault(lproj.parent, []).append(lproj.stem)
    return sorted(parent for parent, names in parents.items()
                  if len(names) >= 10 and any("-" in name or "_" in name for name in names))


def test_real_trees_serve_what_icu_matches(corpus):
    trees = regional_trees(corpus)
    assert len(trees) >= 8, trees
    requests = 0
    for tree in trees:
        with parlance.Catalog() as catalog:
            try:
                catalog.load(tree)
            except parlance.Error as error:   # a tree that does not load is another test's concern
                pytest.fail(f"{tree}: {error}")
            development = "en" if "en" in catalog.locales else catalog.locales[0]
            differences = compare(catalog, development)
            requests += len(REQUESTS)
            assert not differences, f"{tree.relative_to(corpus)}: {differences}"
    print(f"language matching: {len(trees)} trees x {len(REQUESTS)} requests = {requests}, all as ICU")


def make_tree(tmp_path: Path, locales: List[str]) -> Path:
    for locale in locales:
        (tmp_path / f"{locale}.lproj").mkdir()
        (tmp_path / f"{locale}.lproj" / "Localizable.strings").write_text(f'"hello" = "hello from {locale}";\n')
    return tmp_path


@pytest.mark.parametrize("request_, locales, expected", [
    (["fr"], ["en", "fr_FR", "de_DE"], "fr_FR"),
    (["pt"], ["en", "pt_BR", "pt_PT"], "pt_BR"),
    (["zh-HK"], ["en", "zh_TW", "zh_CN"], "zh_TW"),
    (["es-AR"], ["en", "es", "es-419"], "es-419"),
    (["en-AU"], ["en", "en_GB"], "en_GB"),
    (["nb"], ["en", "no_NO"], "no_NO"),
    (["de"], ["en", "fr_FR"], "en"),
])
def test_a_language_reaches_its_regional_tables(tmp_path, request_, locales, expected):
    with parlance.Catalog() as catalog:
        catalog.load(make_tree(tmp_path, locales))
        with parlance.Localizer(catalog, request_) as localizer:
            assert localizer.text("hello") == f"hello from {expected}"
        assert compare(catalog, "en") == {}


def test_a_catalog_loaded_later_is_matched_again(tmp_path):
    """The chain follows the catalog's locales: a regional table loaded after
    the localizer was made is reached on the next lookup."""
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    make_tree(first, ["en"])
    make_tree(second, ["fr_FR"])
    with parlance.Catalog() as catalog:
        catalog.load(first)
        with parlance.Localizer(catalog, ["fr"]) as localizer:
            assert localizer.text("hello") == "hello from en"
            catalog.load(second)
            assert localizer.text("hello") == "hello from fr_FR"
            assert localizer.locales[:2] == ["fr", "fr-FR"]


def test_the_cli_matches_too(tmp_path, cli):
    make_tree(tmp_path, ["en", "pt_BR", "pt_PT"])
    result = subprocess.run([str(cli), "get", "--catalog", str(tmp_path), "--locale", "pt", "hello"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "hello from pt_BR"
