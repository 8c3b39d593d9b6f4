"""`parlance merge` gives each `.po` entry its template's flags (`c-format`,
`no-c-format`, …; all but `fuzzy`, which stays the translation's), as
msgmerge does: judged against msgmerge on vim's real `.po` files and
`vim.pot` from the reference data, and through extract on Python sources."""
import re
import shutil
import subprocess

import pytest

from conftest import po_entries


def flags_by_entry(path):
    """(msgctxt, msgid) → (flags but fuzzy, fuzzy) of the live entries, the header left out."""
    return {(e["msgctxt"], e["msgid"]): (sorted(f for f in e["flags"] if f != "fuzzy"), "fuzzy" in e["flags"])
            for e in po_entries(path, errors="replace")}


@pytest.mark.parametrize("language", ["es", "it", "ja"])   # UTF-8 ones: merge writes UTF-8
def test_merge_takes_the_templates_flags_as_msgmerge_does(cli, corpus, tmp_path, language):
    source = next(corpus.glob("gettext-po/vim__vim/src/po"))
    template = tmp_path / "vim.pot"
    shutil.copy(source / "vim.pot", template)
    text = (source / f"{language}.po").read_text(encoding="utf-8", errors="surrogateescape")
    # The translation's own format flags are dropped: the template's must come back.
    stripped = re.sub(r"^#, (.*)$", lambda m: "#, fuzzy" if "fuzzy" in m.group(1) else "", text, flags=re.M)
    (tmp_path / "po").mkdir()
    (tmp_path / "po" / f"{language}.po").write_text(stripped, encoding="utf-8", errors="surrogateescape")
    (tmp_path / "old.po").write_text(stripped, encoding="utf-8", errors="surrogateescape")
    subprocess.run([cli, "merge", "--format", "po", "--quiet", "--from", str(template), "-o", str(tmp_path / "po")],
                   check=True, capture_output=True)
    subprocess.run(["msgmerge", "--quiet", "-o", str(tmp_path / "theirs.po"), str(tmp_path / "old.po"), str(template)],
                   check=True, capture_output=True)
    ours, theirs = flags_by_entry(tmp_path / "po" / f"{language}.po"), flags_by_entry(tmp_path / "theirs.po")
    assert set(ours) == set(theirs)
    assert sum(1 for flags, _ in theirs.values() if "c-format" in flags) > 500
    differ = [(k[1][:40], theirs[k][0], ours[k][0]) for k in theirs if theirs[k][0] != ours[k][0]]
    assert differ[:5] == [], f"{len(differ)} entries with other flags"
    # The template's own copy in the folder has them too.
    assert flags_by_entry(tmp_path / "po" / "vim.pot") == {k: (v[0], False) for k, v in flags_by_entry(template).items()}


def test_extract_gives_new_and_old_entries_their_flags(cli, tmp_path):
    """extract --format po: a new locale's entries and an existing entry whose
    text became a format carry xgettext's flag, as msgmerge writes them (and
    `_("b")` on the line after `… % name` is a call, as xgettext reads it)."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "app.py").write_text('_("Hello")\n_("Bye")\n', encoding="utf-8")
    subprocess.run([cli, "extract", "--format", "po", "--quiet", "--locale", "fr", "-o", "po", "src"], cwd=tmp_path, check=True)
    po = tmp_path / "po" / "fr" / "LC_MESSAGES" / "messages.po"
    (src / "app.py").write_text('_("Hello %s") % name\n_("Bye")\n_("{n} files")\n', encoding="utf-8")
    subprocess.run([cli, "extract", "--format", "po", "--quiet", "--locale", "fr", "-o", "po", "src"], cwd=tmp_path, check=True)
    found = flags_by_entry(po)
    assert found[(None, "Hello %s")][0] == ["python-format"]
    assert found[(None, "{n} files")][0] == ["python-brace-format"]
    assert found[(None, "Bye")][0] == []
    theirs = tmp_path / "theirs.po"
    subprocess.run(["msgmerge", "--quiet", "-o", str(theirs), str(po), str(tmp_path / "po" / "messages.pot")], check=True)
    assert {k: v[0] for k, v in flags_by_entry(theirs).items()} == {k: v[0] for k, v in found.items()}


# Entries whose template brings a format flag they lacked, each translation
# judged as msgmerge judges it: a missing, extra or retyped argument, an
# invalid format, plural forms strict where Plural-Forms uses them often.
FLAG_TEMPLATE = r'''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"

#, c-format
msgid "%d files"
msgstr ""

#, c-format
msgid "%s and %d"
msgstr ""

#, c-format
msgid "ok %d"
msgstr ""

#, python-format
msgid "hello %(name)s"
msgstr ""

#, python-format
msgid "j %(a)s %(b)d"
msgstr ""

#, python-format
msgid "i %s"
msgstr ""

#, c-format
msgid "plain"
msgstr ""

#, c-format
msgid "file %s"
msgid_plural "%d files"
msgstr[0] ""
msgstr[1] ""

#, c-format
msgid "a %d"
msgid_plural "b %d"
msgstr[0] ""
msgstr[1] ""

#, c-format
msgid "n %d"
msgid_plural "n %d pl"
msgstr[0] ""
msgstr[1] ""

#, c-format
msgid "already %d"
msgstr ""

#, c-format
msgid "e %ld"
msgstr ""

#, c-format
msgid "f %1$s %2$d"
msgstr ""

#, c-format
msgid "g %s"
msgstr ""

#, c-format
msgid "h %s"
msgstr ""

#, c-format
msgid "k %i"
msgstr ""

#, c-format
msgid "untranslated %d"
msgstr ""

#, c-format
msgid "no-flag %d"
msgstr ""
'''

FLAG_TRANSLATION = r'''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "%d files"
msgstr "Dateien"

msgid "%s and %d"
msgstr "%s und %d"

msgid "ok %d"
msgstr "ok %s"

msgid "hello %(name)s"
msgstr "hallo"

msgid "j %(a)s %(b)d"
msgstr "J %(b)d"

msgid "i %s"
msgstr "I %d"

msgid "plain"
msgstr "schlicht %d"

msgid "file %s"
msgid_plural "%d files"
msgstr[0] "Datei %s"
msgstr[1] "%d Dateien"

msgid "a %d"
msgid_plural "b %d"
msgstr[0] "A"
msgstr[1] "B"

msgid "n %d"
msgid_plural "n %d pl"
msgstr[0] "eins"
msgstr[1] "%d viele"

#, c-format
msgid "already %d"
msgstr "schon"

msgid "e %ld"
msgstr "E %d"

msgid "f %1$s %2$d"
msgstr "F %s %d"

msgid "g %s"
msgstr "G %s %s"

msgid "h %s"
msgstr "H %"

msgid "k %i"
msgstr "K %d"

msgid "untranslated %d"
msgstr ""

#, no-c-format
msgid "no-flag %d"
msgstr "kein"
'''


def test_merge_marks_fuzzy_where_a_new_format_flag_does_not_fit(cli, tmp_path):
    template = tmp_path / "app.pot"
    template.write_text(FLAG_TEMPLATE, encoding="utf-8")
    (tmp_path / "po").mkdir()
    (tmp_path / "po" / "de.po").write_text(FLAG_TRANSLATION, encoding="utf-8")
    (tmp_path / "old.po").write_text(FLAG_TRANSLATION, encoding="utf-8")
    subprocess.run([cli, "merge", "--format", "po", "--quiet", "--from", str(template), "-o", str(tmp_path / "po")],
                   check=True, capture_output=True)
    subprocess.run(["msgmerge", "--quiet", "-o", str(tmp_path / "theirs.po"), str(tmp_path / "old.po"), str(template)],
                   check=True, capture_output=True)
    ours, theirs = flags_by_entry(tmp_path / "po" / "de.po"), flags_by_entry(tmp_path / "theirs.po")
    fuzzy = sorted(k[1] for k, v in theirs.items() if v[1])
    assert fuzzy == sorted(["%d files", "ok %d", "hello %(name)s", "j %(a)s %(b)d", "i %s", "plain", "file %s", "a %d",
                            "e %ld", "g %s", "h %s", "no-flag %d"])
    assert {k: v[1] for k, v in ours.items()} == {k: v[1] for k, v in theirs.items()}


VIM_UTF8 = ["da", "eo", "es", "fi", "hu", "it", "ja", "ru", "sr", "sv", "tr", "uk"]


def test_merge_fuzzy_on_new_format_flags_is_msgmerges_on_vim(cli, corpus, tmp_path):
    """vim's UTF-8 translations with their format flags taken away, merged
    with vim.pot: every entry the template matches exactly is fuzzy in
    Parlance's result where, and only where, it is in msgmerge's."""
    source = next(corpus.glob("gettext-po/vim__vim/src/po"))
    template = tmp_path / "vim.pot"
    shutil.copy(source / "vim.pot", template)
    newly, differ = 0, []
    for language in VIM_UTF8:
        work = tmp_path / language
        (work / "po").mkdir(parents=True)
        text = (source / f"{language}.po").read_text(encoding="utf-8", errors="surrogateescape")
        stripped = re.sub(r"^#, (.*)$", lambda m: "#, fuzzy" if "fuzzy" in m.group(1) else "", text, flags=re.M)
        for path in (work / "po" / f"{language}.po", work / "old.po"):
            path.write_text(stripped, encoding="utf-8", errors="surrogateescape")
        subprocess.run([cli, "merge", "--format", "po", "--quiet", "--from", str(template), "-o", str(work / "po")],
                       check=True, capture_output=True)
        subprocess.run(["msgmerge", "--quiet", "-o", str(work / "theirs.po"), str(work / "old.po"), str(template)],
                       check=True, capture_output=True)
        old = flags_by_entry(work / "old.po")
        ours, theirs = flags_by_entry(work / "po" / f"{language}.po"), flags_by_entry(work / "theirs.po")
        kept = [k for k in theirs if k in old]   # matched exactly, not by similarity
        newly += sum(1 for k in kept if theirs[k][1] and not old[k][1])
        differ += [(language, k[1][:40], theirs[k][1]) for k in kept if ours.get(k, ([], None))[1] != theirs[k][1]]
    assert newly >= 10   # 10 of vim's translations do not fit their msgid's format
    assert differ[:10] == [], f"{len(differ)} entries fuzzy in one merge and not the other"
