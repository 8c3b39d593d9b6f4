"""Folders of i18next's `{{lng}}.json` files (`locales/en.json`,
`locales/kab-KAB.json`) are read alike by the runtime (`Catalog.load`),
`lint`, `stats` and `merge`, each file its language's `translation`
namespace under the name i18next looks it up by; and a bare three-letter
folder name is a language only when CLDR knows the language (a display name
and likely subtags, asked of ICU itself here), so `src/`, `app/`, `lib/`
are no languages."""
import json
import os
import re
import shutil
import subprocess

import pytest

import parlance


def canonical(name):
    """ICU's BCP 47 form of these files' names, which the runtime gives: `pt_BR` is
    `pt-BR`; a three-letter region is no region, `kab-KAB` is `kab-x-kab`."""
    language, _, region = name.replace("_", "-").partition("-")
    if re.fullmatch(r"[A-Za-z]{3}", region):
        return f"{language.lower()}-x-{region.lower()}"
    return f"{language.lower()}-{region.upper() if len(region) == 2 else region}" if region else language.lower()


def run(cli, *arguments):
    return subprocess.run([cli, *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)


def runtime_pairs(library, folder):
    os.environ.setdefault("PARLANCE_LIBRARY", library)
    with parlance.Catalog() as catalog:
        try:
            catalog.load(str(folder))
        except parlance.Error:
            return set()
        pairs = set()
        for locale in catalog.locales:
            for table in catalog.tables:
                try:
                    if catalog.entries(locale, table):
                        pairs.add((locale, table))
                except parlance.NotFoundError:
                    pass
        return pairs


def tool_views(cli, folder, scratch):
    """(stats pairs, stats files, lint files, merge files) of a folder."""
    stats = run(cli, "stats", "--format", "json", str(folder))
    assert stats.returncode == 0, stats.stderr.decode()
    rows = json.loads(stats.stdout.decode())
    lint = run(cli, "lint", str(folder))
    linted = set()
    for line in lint.stdout.decode().splitlines():
        if m := (re.match(r"(.+?)(?::\d+:\d+)?: ", line) or re.match(r"(.+): OK$", line)):
            linted.add(m.group(1))
    empty = scratch / "empty.pot"
    empty.write_text("")
    merge = run(cli, "merge", "--dry-run", "--report", "json", "--from", str(empty), "-o", str(folder))
    if named := re.search(r"holds no catalog of its own but (.+) \(i18next\): give one", merge.stderr.decode()):
        # A folder holding a catalog below it: merge names it, and merges into it when given.
        merge = run(cli, "merge", "--dry-run", "--report", "json", "--from", str(empty), "-o", named.group(1))
    assert merge.returncode == 0, merge.stderr.decode()
    merged = {f["path"] for f in json.loads(merge.stdout.decode()) if not f["path"].endswith(".pot")}
    return ({(r["locale"], r["table"]) for r in rows if r["files"]}, {f for r in rows for f in r["files"]}, linted, merged)


@pytest.mark.parametrize("place", [
    "corpus/json-i18next/excalidraw__excalidraw/packages/excalidraw/locales",
    "corpus4/json-i18next/Nerivec__zigbee2mqtt-windfront/src/i18n/locales",
    "corpus4/json-i18next/Nerivec__zigbee2mqtt-windfront/src/i18n",
], ids=["excalidraw-locales", "zigbee2mqtt-locales", "zigbee2mqtt-i18n"])
def test_a_folder_of_language_files_is_one_reading(cli, library, corpus, corpus4, tmp_path, place):
    folder = corpus.parent / place
    # Names that are no language (`percentages.json`, zigbee2mqtt's `ptbr.json`, four letters) are no tables.
    files = sorted(p for p in folder.rglob("*.json") if re.fullmatch(r"[A-Za-z]{2,3}([-_].+)?", p.stem))
    stems = {p.stem for p in files}
    pairs = runtime_pairs(library, folder)
    assert len(pairs) == len(files) > 10
    # Each file a language (none named `locales`), canonical as the runtime names every locale.
    assert {locale for locale, _ in pairs} == {canonical(stem) for stem in stems}
    assert {table for _, table in pairs} == {"translation"}
    if "excalidraw" in place:
        # i18next is asked for `kab-KAB` and reads kab-KAB.json; so is Parlance: ICU makes the
        # three-letter region private use (`kab-x-kab`), the same for the file and the request.
        assert ("kab-x-kab", "translation") in pairs
        with parlance.Catalog() as catalog:
            catalog.load(str(folder))
            kabyle = json.loads((folder / "kab-KAB.json").read_text(encoding="utf-8"))
            with parlance.Localizer(catalog, ["kab-KAB"]) as localizer:
                assert localizer.text("labels.paste", table="translation") == kabyle["labels"]["paste"]
    stats_pairs, stats_files, linted, merged = tool_views(cli, folder, tmp_path)
    assert {(canonical(locale), table) for locale, table in stats_pairs} == pairs   # stats names them as the files do
    assert stats_files == linted == merged == {str(p) for p in files}


def test_merge_adds_a_language_file_to_a_folder_of_language_files(cli, library, corpus, tmp_path):
    source = corpus / "json-i18next" / "excalidraw__excalidraw" / "packages" / "excalidraw" / "locales"
    folder = tmp_path / "locales"
    shutil.copytree(source, folder)
    os.remove(folder / "fr-FR.json")
    done = run(cli, "merge", "--quiet", "--from", str(folder / "en.json"), "--locale", "fr-FR", "-o", str(folder))
    assert done.returncode == 0, done.stderr.decode()
    # The new language is a file beside the others, not a `fr-FR/translation.json` folder.
    assert (folder / "fr-FR.json").is_file() and not (folder / "fr-FR").exists()


ICU_PROBE = r"""
#include <unicode/uloc.h>
#include <stdio.h>
#include <string.h>
/* For each code: 2 when ICU has a display name and likely subtags for it,
   1 a display name only (and it is no alias of another code), 0 neither. */
int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    UErrorCode e = U_ZERO_ERROR; UChar name[128]; char likely[128], canon[64], lang[16];
    uloc_getDisplayLanguage(argv[i], "en", name, 128, &e);
    int named = U_SUCCESS(e) && e != U_USING_DEFAULT_WARNING;
    e = U_ZERO_ERROR; uloc_addLikelySubtags(argv[i], likely, 128, &e);
    int placed = U_SUCCESS(e) && strcmp(likely, argv[i]) != 0 && strstr(likely, "_ZZ") == NULL;
    e = U_ZERO_ERROR; uloc_canonicalize(argv[i], canon, 64, &e);
    e = U_ZERO_ERROR; uloc_getLanguage(canon, lang, 16, &e);
    printf("%s %d\n", argv[i], named && placed ? 2 : named && strcmp(lang, argv[i]) == 0 ? 1 : 0);
  }
  return 0;
}
"""

# Folder names of real projects, and three-letter codes of each kind.
NAMES = ["src", "app", "lib", "res", "doc", "img", "css", "tmp", "out", "web", "api", "dev", "gen", "etc", "raw", "mac",
         "kab", "fil", "yue", "ast", "sat", "haw", "fur", "lij", "szl", "ckb", "ars", "zun", "locales", "strings", "assets"]


def icu_kinds(tmp_path, names):
    gcc = shutil.which("gcc") or shutil.which("cc")
    if gcc is None:
        pytest.fail("a C compiler is needed to ask ICU (libicu-dev)")
    (tmp_path / "probe.c").write_text(ICU_PROBE)
    subprocess.run([gcc, str(tmp_path / "probe.c"), "-o", str(tmp_path / "probe"), "-licuuc"], check=True)
    answers = subprocess.run([str(tmp_path / "probe"), *names], check=True, capture_output=True, text=True).stdout
    return {line.split()[0]: int(line.split()[1]) for line in answers.splitlines()}


def make_catalog(folder, names):
    for name in names:
        (folder / name).mkdir(parents=True)
        (folder / name / "translation.json").write_text(json.dumps({"hello": f"hello {name}"}))


def test_three_letter_folders_are_languages_as_cldr_knows_them(cli, library, tmp_path):
    """Beside `en/` and `fr/`: a code CLDR has data for (display name and
    likely subtags) or names (`zun`) is a language; `app`, `lib`, `doc`…,
    which ICU does not know, and `locales` are none."""
    kinds = icu_kinds(tmp_path, [n for n in NAMES if len(n) == 3])
    assert {"kab", "fil", "yue"} <= {n for n, k in kinds.items() if k == 2}
    assert {"zun", "src", "mac"} <= {n for n, k in kinds.items() if k == 1}
    assert {"app", "lib", "res", "doc", "img", "dev"} <= {n for n, k in kinds.items() if k == 0}
    names = ["en", "fr"] + [n for n in NAMES if n not in ("src", "mac")]
    catalog = tmp_path / "catalog"
    make_catalog(catalog, names)
    expected = {"en", "fr"} | {n for n in names if kinds.get(n, 0) > 0}
    pairs = runtime_pairs(library, catalog)
    assert {locale for locale, _ in pairs} == expected
    stats_pairs, stats_files, linted, merged = tool_views(cli, catalog, tmp_path)
    assert stats_pairs == pairs
    assert stats_files == linted == merged == {str(catalog / n / "translation.json") for n in expected}


def test_project_folders_are_no_languages(cli, library, tmp_path):
    """A project's `src/`, `app/`, `lib/`, `doc/`, `mac/` holding `.json` files,
    with no language beside them, are no catalog; with `kab/` beside them,
    only the names CLDR knows join it (`src` and `mac`, which ICU names,
    beside a language)."""
    kinds = icu_kinds(tmp_path, ["src", "app", "lib", "doc", "mac", "dev"])
    project = tmp_path / "project"
    make_catalog(project, ["src", "app", "lib", "doc", "mac", "dev"])
    assert runtime_pairs(library, project) == set()
    assert run(cli, "stats", str(project)).returncode != 0
    make_catalog(project, ["kab"])
    pairs = runtime_pairs(library, project)
    assert {locale for locale, _ in pairs} == {"kab"} | {n for n, k in kinds.items() if k > 0} == {"kab", "src", "mac"}
