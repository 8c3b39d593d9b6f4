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
