"""The tools' gettext output and findings judged by GNU gettext: `parlance
pseudo --format po` keeps msgid's and msgid_plural's forms apart in a `.po`
that `msgfmt -c` compiles, read back by Python's gettext (`ngettext` on the
`.mo`)."""

import gettext
import json
import os
import plistlib
import re
import shutil
import subprocess

import pytest

TEMPLATE = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

#, c-format
msgid "%d day"
msgid_plural "%d days"
msgstr[0] ""
msgstr[1] ""

msgid "Open"
msgstr ""
'''

FRENCH = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

#, c-format
msgid "%d day"
msgid_plural "%d days"
msgstr[0] "%d jour"
msgstr[1] "%d jours"

msgid "Open"
msgstr "Ouvrir"
'''


def gnu(tool):
    path = shutil.which(tool)
    if path is None:
        pytest.fail(f"{tool} is needed (GNU gettext; scripts/install-deps.sh installs it)")
    return path


def run(cli, *arguments):
    return subprocess.run([cli, *arguments], capture_output=True, timeout=600)


@pytest.fixture
def catalog(tmp_path):
    root = tmp_path / "po"
    (root / "fr" / "LC_MESSAGES").mkdir(parents=True)
    (root / "app.pot").write_text(TEMPLATE)
    (root / "fr" / "LC_MESSAGES" / "app.po").write_text(FRENCH)
    return root


@pytest.mark.parametrize("locale,language", [("en-XA", "en_XA"), ("ar-XB", "ar_XB")])
def test_pseudo_po_keeps_singular_and_plural_apart(cli, catalog, tmp_path, locale, language):
    result = run(cli, "pseudo", "--locale", locale, "--format", "po", "-o", str(tmp_path / "out"), str(catalog))
    assert result.returncode == 0, result.stderr.decode()
    po = tmp_path / "out" / language / "LC_MESSAGES" / "app.po"
    mo = tmp_path / "app.mo"
    check = subprocess.run([gnu("msgfmt"), "-c", "-o", str(mo), str(po)], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr + po.read_text()

    # The same catalog pseudo-localized as .stringsdict: its one and other forms are the expected texts.
    result = run(cli, "pseudo", "--locale", locale, "--format", "strings", "-o", str(tmp_path / "apple"), str(catalog))
    assert result.returncode == 0, result.stderr.decode()
    with open(tmp_path / "apple" / f"{locale}.lproj" / "app.stringsdict", "rb") as handle:
        forms = plistlib.load(handle)["%d day"]["count"]
    singular, plural = forms["one"], forms["other"]
    assert singular != plural

    with open(mo, "rb") as handle:
        translations = gettext.GNUTranslations(handle)
    assert translations.ngettext("%d day", "%d days", 1) == singular
    assert translations.ngettext("%d day", "%d days", 5) == plural
    assert translations.gettext("Open") not in ("Open", "")


def msgfmt_statistics(path):
    """msgfmt --statistics of a .po: (translated, fuzzy, untranslated), or None when msgfmt refuses it."""
    result = subprocess.run([gnu("msgfmt"), "--statistics", "-o", os.devnull, str(path)], capture_output=True,
                            timeout=60, env={**os.environ, "LC_ALL": "C"})
    if result.returncode != 0:
        return None
    text = result.stderr.decode()
    count = lambda word: int(m.group(1)) if (m := re.search(r"(\d+) " + word, text)) else 0
    return count("translated message"), count("fuzzy translation"), count("untranslated message")


def gnu_statistics(po, template, scratch):
    """What msgfmt --statistics counts of a .po brought up to its template
    (msgmerge --no-fuzzy-matching, as stats measures against the template),
    or of the .po alone when the folder has none."""
    if template is None:
        return msgfmt_statistics(po)
    merged = scratch / "merged.po"
    result = subprocess.run([gnu("msgmerge"), "--no-fuzzy-matching", "-q", "-o", str(merged), str(po), str(template)],
                            capture_output=True, timeout=120)
    return msgfmt_statistics(merged) if result.returncode == 0 else None


def po_folders(roots):
    """Every folder of gettext catalogs: one holding `LANG.po` files (a
    source tree's `po/`, GNOME's `help/LANG/`) or `LANG/LC_MESSAGES/*.po`,
    each .po with its template (the folder's `DOMAIN.pot`) or None."""
    folders = {}
    for root in roots:
        for po in sorted(root.rglob("*.po")):
            if po.parent.name == "LC_MESSAGES":
                folder, domain = po.parent.parent.parent, po.stem
            else:
                folder = po.parent
                templates = sorted(folder.glob("*.pot"))
                domain = templates[0].stem if templates else None
            template = folder / f"{domain}.pot" if domain else None
            folders.setdefault(folder, []).append((po, template if template and template.is_file() else None))
    return folders


def compare_stats_with_msgfmt(cli, folders, scratch):
    """(files compared, differences): per .po, stats' row against msgfmt --statistics."""
    compared, differences = 0, []
    for folder, files in sorted(folders.items()):
        result = run(cli, "stats", "--format", "json", str(folder))
        rows = json.loads(result.stdout.decode() or "[]")
        errors = result.stderr.decode()
        by_file = {f: r for r in rows for f in r["files"] if f.endswith(".po")}
        for po, template in files:
            compared += 1
            expected = gnu_statistics(po, template, scratch)
            row = by_file.get(str(po))
            if row is None:
                # A file stats does not count must be named with its location (msgfmt refusing it or not).
                if not re.search(re.escape(str(po)) + r":\d+:\d+: ", errors):
                    differences.append(f"{po}: no row and no located error (msgfmt {expected})")
                elif expected is not None:
                    differences.append(f"{po}: msgfmt {expected}, stats an error")
                continue
            got = (row["translated"], row["fuzzy"], row["missing"] - row["fuzzy"])
            if got != expected:
                differences.append(f"{po}: msgfmt {expected}, stats {got}")
    return compared, differences


# Files that differ from msgfmt, each for a stated reason (docs/decisions.md, "Tools (2026-12)").
OBSOLETE_REVIVED = "msgmerge brings an obsolete #~ entry whose msgid the template has again back as fuzzy; stats counts it untranslated"
TWO_FLAG_LINES = "`#, fuzzy` followed by another `#,` line: GNU gettext 0.21 keeps the last line's flags, so msgfmt compiles the entry; Parlance's reader (the runtime's) takes it as fuzzy"
KNOWN = {
    "corpus/gettext-po/vim__vim/src/po/es.po": OBSOLETE_REVIVED,
    "corpus/gettext-po/vim__vim/src/po/nb.po": OBSOLETE_REVIVED,
    "corpus/gettext-po/vim__vim/src/po/no.po": OBSOLETE_REVIVED,
    "corpus4/gettext-po/nicotine-plus__nicotine-plus/po/ko.po": TWO_FLAG_LINES,
    "corpus4/ui/nicotine-plus__nicotine-plus/po/ko.po": TWO_FLAG_LINES,
}


def test_stats_counts_every_po_as_msgfmt(cli, corpus, corpus2, corpus4, tmp_path):
    folders = po_folders([corpus, corpus2, corpus4])
    compared, differences = compare_stats_with_msgfmt(cli, folders, tmp_path)
    assert compared > 2000, compared
    assert len(differences) <= len(KNOWN), "\n".join(differences)
    unexplained = [d for d in differences if d.split(": ", 1)[0].split("/reference-data/", 1)[-1] not in KNOWN]
    assert unexplained == [], "\n".join(unexplained[:40]) + f"\n({len(differences)} of {compared} files)"


def test_stats_counts_a_flat_po_folder_and_names_a_file_it_cannot_read(cli, corpus):
    # vim's src/po: LANG.po beside vim.pot, one of them (ja.sjis.po) in Shift-JIS with an escape msgfmt refuses too.
    folder = corpus / "gettext-po" / "vim__vim" / "src" / "po"
    result = run(cli, "stats", "--format", "json", str(folder))
    rows = json.loads(result.stdout.decode())
    files = {f for r in rows for f in r["files"]}
    assert str(folder / "de.po") in files and len(files) >= 40
    assert {r["table"] for r in rows} == {"vim"}
    assert msgfmt_statistics(folder / "ja.sjis.po") is None
    assert re.search(re.escape(str(folder / "ja.sjis.po")) + r":\d+:\d+: ", result.stderr.decode())
    assert result.returncode == 1


def test_stats_counts_a_msgid_that_became_plural_as_msgmerge_does(cli, tmp_path):
    # msgmerge keeps the old translation of a msgid that gained msgid_plural, marked fuzzy.
    folder = tmp_path / "po"
    folder.mkdir()
    (folder / "app.pot").write_text(TEMPLATE)
    (folder / "fr.po").write_text(FRENCH.replace('msgid_plural "%d days"\nmsgstr[0] "%d jour"\nmsgstr[1] "%d jours"',
                                                 'msgstr "%d jour"'))
    compared, differences = compare_stats_with_msgfmt(cli, po_folders([tmp_path]), tmp_path)
    assert (compared, differences) == (1, [])
    rows = json.loads(run(cli, "stats", "--format", "json", str(folder)).stdout.decode())
    assert [(r["table"], r["translated"], r["fuzzy"]) for r in rows] == [("app", 1, 1)]


def test_lint_of_one_po_checks_its_placeholders_as_the_folder_lint(cli, catalog, tmp_path):
    po = catalog / "fr" / "LC_MESSAGES" / "app.po"
    po.write_text(FRENCH.replace('msgstr[0] "%d jour"', 'msgstr[0] "%s jour"'))
    check = subprocess.run([gnu("msgfmt"), "-c", "-o", os.devnull, str(po)], capture_output=True, text=True)
    assert check.returncode != 0 and "msgstr[0]" in check.stderr
    alone = run(cli, "lint", str(po))
    folder = run(cli, "lint", str(catalog))
    assert alone.returncode == folder.returncode == 1
    finding = f"{po}:7:1: error: '%d day': '%s' for argument 1"
    assert alone.stdout.decode().startswith(finding), alone.stdout.decode()
    assert finding in folder.stdout.decode(), folder.stdout.decode()
    # The same file with the mistake mended is clean alone.
    po.write_text(FRENCH)
    assert run(cli, "lint", str(po)).returncode == 0


SEVERAL_ERRORS = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

msgid "Open"
msgstr "Ouvrir

msgid "Close"
msgstr "Fermer"

msgid "Save"
msgstrr "Enregistrer"

msgid "Quit"
msgstr "Quitter"

msgid "Edit"
msgstr "Éditer" "x

msgid "Help"
msgstr "Aide"
'''


def entry_of_line(text, line):
    """The index of the entry (blank-line separated) holding a 1-based line."""
    return text.split("\n")[:line - 1].count("")   # a blank line closes the entry before it


def test_lint_reports_every_syntax_error_of_a_po_as_msgfmt(cli, tmp_path):
    po = tmp_path / "fr.po"
    po.write_text(SEVERAL_ERRORS)
    check = subprocess.run([gnu("msgfmt"), "-c", "-o", os.devnull, str(po)], capture_output=True, text=True,
                           env={**os.environ, "LC_ALL": "C"})
    assert check.returncode == 1
    gnu_lines = [int(m.group(1)) for m in re.finditer(re.escape(str(po)) + r":(\d+):", check.stderr)]
    result = run(cli, "lint", str(po))
    assert result.returncode == 1
    findings = re.findall(re.escape(str(po)) + r":(\d+):(\d+): error: ", result.stdout.decode())
    assert len(findings) == 3, result.stdout.decode()
    # Each finding is in an entry msgfmt refuses, and each entry msgfmt refuses has one.
    assert sorted({entry_of_line(SEVERAL_ERRORS, int(line)) for line, _ in findings}) \
        == sorted({entry_of_line(SEVERAL_ERRORS, line) for line in gnu_lines}), (check.stderr, result.stdout.decode())
    assert all(int(column) > 0 for _, column in findings)
