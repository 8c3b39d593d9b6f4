"""One reading of a folder: `parlance lint DIR`, `stats DIR`, `merge -o DIR`,
`convert DIR` and `pseudo DIR` list a catalog folder's tables as the
runtime does (`Catalog.load(DIR)`, here through the Python binding), on
every catalog folder of the reference data and on a folder mixing
i18next's `locales/` with `res/*.lproj`; and
`stats` on gettext's `LANG/LC_MESSAGES/DOMAIN.po` without a template counts
each file as `msgfmt --statistics` does."""

import json
import os
import pathlib
import re
import shutil
import subprocess

import pytest

import parlance

CATALOG_MARKS = ("i18n", "res", "locales")


def run(cli, *arguments, cwd=None):
    return subprocess.run([cli, *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600, cwd=cwd)


def locale_key(name):
    """Locales compared as the runtime canonicalizes them: `pt_BR` is
    `pt-BR`, `sr@latin` is `sr-Latn`, `ca@valencia` is `ca-valencia`, and a
    three-letter region is none (ICU: `kab-KAB` is `kab-x-kab`)."""
    key = name.replace("@latin", "-latn").replace("@", "-").replace("_", "-").lower()
    # The root language: a root bundle (`Messages.properties`) is the runtime's `und` and the
    # tools' development table; Android's `values-und` is `und` to both. Compared as one.
    if key == "und":
        return "en"
    return re.sub(r"^([a-z]{2,3})-([a-z]{3})$", r"\1-x-\2", key)


def runtime_pairs(library, folder):
    """(locale, table) of every table Catalog.load(folder) serves entries of."""
    os.environ.setdefault("PARLANCE_LIBRARY", library)
    with parlance.Catalog() as catalog:
        try:
            catalog.load(str(folder))
        except parlance.Error:   # no catalog here, or one the runtime refuses
            return set()
        pairs = set()
        for locale in catalog.locales:
            for table in catalog.tables:
                try:
                    if catalog.entries(locale, table):
                        # A root bundle (`Messages.properties`) is the runtime's `und`, served at the end of
                        # every chain, and the tools' development-language table (`en` here).
                        pairs.add((locale_key(locale), table))
                except parlance.NotFoundError:   # no such table in that locale
                    pass
        return pairs


def lint_files(cli, folder):
    """The files `parlance lint DIR` names: `FILE: OK`, or `FILE:LINE:COL: …` per finding."""
    result = run(cli, "lint", str(folder))
    files = set()
    for line in result.stdout.decode().splitlines():
        match = re.match(r"(.+?)(?::\d+:\d+)?: ", line) or re.match(r"(.+): OK$", line)
        if match:
            files.add(match.group(1))
    return result, files


def stats_rows(cli, folder):
    result = run(cli, "stats", "--format", "json", str(folder))
    return result, json.loads(result.stdout.decode() or "[]")


def merge_files(cli, folder, scratch):
    """The table files `parlance merge` finds in DIR: merged with no message
    (`--dry-run`), every table is reported unused (or, for a String Catalog,
    its file). A folder holding catalogs only below it names them, and one
    holding catalogs of several formats names those: each is merged in
    turn. Templates (`.pot`) left out: the runtime loads none."""
    empty = scratch / "empty.pot"
    empty.write_text("")
    merge = ("merge", "--dry-run", "--report", "json", "--from", str(empty), "-o")
    result = run(cli, *merge, str(folder))
    if result.returncode != 0:
        named = re.search(r"holds no catalog of its own but (.+): give one", result.stderr.decode())
        formats = re.search(r"holds catalogs of several formats \((.+)\): merge one at a time", result.stderr.decode())
        if named:
            roots = [re.sub(r" \(\w+\)$", "", part) for part in named.group(1).split(", ")]
            reports = [run(cli, *merge, root) for root in roots]
        elif formats:
            reports = [run(cli, *merge, str(folder), "--format", name) for name in formats.group(1).split(", ")]
        else:
            return None
    else:
        reports = [result]
    files = set()
    for report in reports:
        if report.returncode != 0:
            return None
        # A table of a language's file (XLIFF) is reported as FILE#TABLE.
        files |= {f["path"].split("#", 1)[0] for f in json.loads(report.stdout.decode()) if not f["path"].endswith(".pot")}
    return files


def pseudo_tables(cli, library, folder, scratch):
    """The tables `parlance pseudo DIR` writes, as Catalog.load reads them back."""
    out = scratch / "pseudo"
    shutil.rmtree(out, ignore_errors=True)
    result = run(cli, "pseudo", "--quiet", "-o", str(out), str(folder))
    if result.returncode != 0:
        return None
    return {table for locale, table in runtime_pairs(library, out)}


def converted_pairs(cli, library, folder, scratch):
    """(locale, table) of what `parlance convert DIR OUT/ --to json` writes,
    read back, and those of the entries it reports it could not carry (an
    empty key, which hierarchical JSON refuses)."""
    out = scratch / "converted"
    shutil.rmtree(out, ignore_errors=True)
    result = run(cli, "convert", "--quiet", str(folder), str(out) + "/", "--to", "json")
    if result.returncode != 0:
        return None, set()
    lost = {(locale_key(m.group(1)), m.group(2))
            for m in re.finditer(r"not carried: ([^/\s]+)/(.+?): ", result.stderr.decode())}
    return runtime_pairs(library, out), lost


# A name Fluent projects give a language's folder or file (`pl`, `es-419`,
# `en-US`, `kab`): a language of two or three letters, then subtags.
FLUENT_LOCALE = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)*")


def is_qt_ts(path):
    """A Qt Linguist document, not a TypeScript source."""
    with open(path, "rb") as f:
        head = f.read(512)
    return b"<TS" in head or b"<!DOCTYPE TS" in head


def fluent_languages(here, names, files):
    """The members of a folder Fluent reads as languages: `LOCALE.ftl`
    files and folders named by a locale holding `.ftl` resources."""
    folders = [n for n in names if FLUENT_LOCALE.fullmatch(n) and next((here / n).rglob("*.ftl"), None)]
    return folders, [f for f in files if f.endswith(".ftl") and FLUENT_LOCALE.fullmatch(f[:-4])]


def catalog_folders(roots):
    """The folders of the reference data that are catalogs: a project's
    folders holding `xx.lproj/`, `LANG/LC_MESSAGES/`, Android `values/`,
    String Catalogs, XLIFF documents, Qt `.ts` documents, `.properties`
    bundles, Fluent's `LOCALE/` folders or `LOCALE.ftl` files, or `i18n/`,
    `res/`, `locales/`, topmost first (a catalog's own subfolders are left
    to it: `pl/firefox/` of mozilla.org's `pl/` is a resource folder, not a
    catalog)."""
    found = []
    for root in roots:
        for project in sorted(p for category in root.iterdir() if category.is_dir() for p in category.iterdir() if p.is_dir()):
            for directory, names, files in os.walk(project):
                names.sort()
                here = pathlib.Path(directory)
                fluent_folders, fluent_files = fluent_languages(here, names, files)
                marked = (any(n.endswith(".lproj") or n == "values" or n in CATALOG_MARKS for n in names)
                          or any((here / n / "LC_MESSAGES").is_dir() for n in names)
                          or any(f.endswith((".xcstrings", ".xliff", ".xlf", ".properties")) for f in files)
                          or any(f.endswith(".ts") and is_qt_ts(here / f) for f in files)
                          or fluent_folders or fluent_files)
                if marked:
                    found.append(here)
                    names[:] = [n for n in names if n not in CATALOG_MARKS and not n.endswith(".lproj")
                                and not (here / n / "LC_MESSAGES").is_dir() and not n.startswith("values")
                                and n not in fluent_folders]
    return found


@pytest.fixture(scope="module")
def reference_folders(corpus, corpus2, corpus3, corpus4):
    return catalog_folders([corpus, corpus2, corpus3, corpus4])


def test_every_tool_lists_the_tables_the_runtime_loads(cli, library, reference_folders, tmp_path):
    compared = 0
    differences = []
    queue = list(reference_folders)
    while queue:
        folder = queue.pop(0)
        pairs = runtime_pairs(library, folder)
        if not pairs:
            # The runtime searches one `i18n/`, `res/` or `locales/` below a folder: a catalog two
            # below (`lib/i18n/locales/en/*.json`) is compared from the first (`lib/i18n/`).
            queue += [folder / name for name in CATALOG_MARKS if (folder / name).is_dir()]
            continue
        compared += 1
        _, rows = stats_rows(cli, folder)
        _, linted = lint_files(cli, folder)
        stats_pairs = {(locale_key(r["locale"]), r["table"]) for r in rows if r["files"]}
        # A table file with nothing translated (gettext's untranslated .po) is read, but the runtime serves nothing of it.
        unserved = {(locale_key(r["locale"]), r["table"]) for r in rows if r["files"] and r["translated"] == 0}
        stats_files = {f for r in rows for f in r["files"]}
        if (pairs - stats_pairs or stats_pairs - pairs - unserved):
            differences.append(f"{folder}: stats {sorted(stats_pairs - pairs - unserved)[:5]} runtime {sorted(pairs - stats_pairs)[:5]}")
        unlinted = stats_files - linted
        if unlinted:
            differences.append(f"{folder}: lint leaves out {sorted(unlinted)[:5]}")
        # merge -o DIR: every table file stats counts entries of is one merge finds (all unused: no message
        # is given), and merge finds no file lint does not read (an empty `.strings` is read, with no entries).
        merged = merge_files(cli, folder, tmp_path)
        if (merged is None or not stats_files <= merged <= linted):
            differences.append(f"{folder}: merge {merged and sorted(merged - linted)[:3]} stats {sorted(stats_files - (merged or set()))[:3]}")
        # convert DIR OUT/: what it writes, read back, is every table the runtime serves (but for one whose
        # every entry it names as not carried).
        converted, lost = converted_pairs(cli, library, folder, tmp_path)
        if (converted is None or not converted <= pairs or not pairs - converted <= lost):
            differences.append(f"{folder}: convert {converted and sorted(converted - pairs)[:5]} runtime {sorted(pairs - (converted or set()))[:5]}")
        # pseudo DIR: a pseudo table for every table with development texts, and no other.
        tables = {r["table"] for r in rows}
        development = {table for locale, table in pairs if locale == "en"}
        pseudo = pseudo_tables(cli, library, folder, tmp_path)
        if (pseudo is None or not development <= pseudo <= tables):
            differences.append(f"{folder}: pseudo {pseudo and sorted(pseudo - tables)[:5]} runtime's en {sorted(development - (pseudo or set()))[:5]}")
    assert compared >= 200, compared
    assert differences == [], "\n".join(differences[:40]) + f"\n({len(differences)} of {compared} folders)"


def test_i18next_locales_and_lproj_resources_are_both_linted(cli, library, tmp_path):
    (tmp_path / "locales" / "en").mkdir(parents=True)
    (tmp_path / "locales" / "fr").mkdir(parents=True)
    (tmp_path / "locales" / "en" / "translation.json").write_text(json.dumps({"hello": "Hello {{name}}", "bye": "Bye"}))
    (tmp_path / "locales" / "fr" / "translation.json").write_text(json.dumps({"hello": "Bonjour {{name}}", "bye": "Salut"}))
    (tmp_path / "res" / "en.lproj").mkdir(parents=True)
    (tmp_path / "res" / "fr.lproj").mkdir(parents=True)
    (tmp_path / "res" / "en.lproj" / "Localizable.strings").write_text('"Open" = "Open %@";\n"Close" = "Close";\n')
    (tmp_path / "res" / "fr.lproj" / "Localizable.strings").write_text('"Open" = "Ouvrir %d";\n"Close" = "Fermer";\n')

    result, linted = lint_files(cli, tmp_path)
    output = result.stdout.decode()
    assert "'locales'" not in output and "locale 'locales'" not in output, output
    strings = {str(tmp_path / "res" / f"{l}.lproj" / "Localizable.strings") for l in ("en", "fr")}
    namespaces = {str(tmp_path / "locales" / l / "translation.json") for l in ("en", "fr")}
    assert strings | namespaces <= linted, output
    # The one mistake, %@ → %d in French, is found; the i18next tables are clean.
    findings = [line for line in output.splitlines() if not line.endswith(": OK")]
    assert len(findings) == 1 and "fr.lproj/Localizable.strings:1:" in findings[0], output
    assert result.returncode == 1

    pairs = runtime_pairs(library, tmp_path)
    _, rows = stats_rows(cli, tmp_path)
    assert {(locale_key(r["locale"]), r["table"]) for r in rows if r["files"]} == pairs == {
        ("en", "translation"), ("fr", "translation"), ("en", "Localizable"), ("fr", "Localizable")}


def msgfmt_statistics(path):
    """msgfmt --statistics of a .po: (translated, fuzzy, untranslated)."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.fail("msgfmt is needed (GNU gettext; scripts/install-deps.sh installs it)")
    result = subprocess.run([msgfmt, "--statistics", "-o", os.devnull, str(path)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, timeout=60, env={**os.environ, "LC_ALL": "C"})
    text = result.stderr.decode()
    if result.returncode != 0:
        return None
    count = lambda word: int(m.group(1)) if (m := re.search(r"(\d+) " + word, text)) else 0
    return count("translated message"), count("fuzzy translation"), count("untranslated message")


def test_stats_without_a_template_counts_each_po_as_msgfmt(cli, corpus):
    # django.contrib.humanize keeps LANG/LC_MESSAGES/django.po and no .pot.
    folder = corpus / "gettext-po" / "django__django" / "django" / "contrib" / "humanize" / "locale"
    assert not list(folder.glob("*.pot"))
    result, rows = stats_rows(cli, folder)
    assert result.returncode == 0, result.stderr.decode()
    by_file = {r["files"][0]: r for r in rows if r["files"]}
    files = sorted(folder.glob("*/LC_MESSAGES/django.po"))
    assert len(files) > 50
    differences = []
    for path in files:
        expected = msgfmt_statistics(path)
        row = by_file.get(str(path))
        if expected is None or row is None:
            differences.append(f"{path}: msgfmt {expected}, stats {row and (row['translated'], row['fuzzy'])}")
            continue
        translated, fuzzy, untranslated = expected
        got = (row["translated"], row["fuzzy"], row["missing"] - row["fuzzy"])
        if got != expected:
            differences.append(f"{path}: msgfmt {expected}, stats {got}")
        assert row["entries"] == translated + fuzzy + untranslated or got != expected
    assert differences == [], "\n".join(differences)


def test_a_po_that_does_not_parse_is_an_error_not_a_percentage(cli, tmp_path):
    (tmp_path / "fr" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "de" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "fr" / "LC_MESSAGES" / "app.po").write_text('msgid "Open"\nmsgstr "Ouvrir"\n\nmsgid "Close"\nmsgstr ""\n')
    (tmp_path / "de" / "LC_MESSAGES" / "app.po").write_text('msgid "Open"\nmsgstr "Öffnen\n')
    result, rows = stats_rows(cli, tmp_path)
    assert result.returncode == 1
    assert "de/LC_MESSAGES/app.po:2:" in result.stderr.decode(), result.stderr.decode()
    assert [(r["locale"], r["translated"], r["missing"]) for r in rows] == [("fr", 1, 1)]

