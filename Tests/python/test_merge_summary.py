"""What `parlance extract`/`merge` print: each file's totals (added,
updated, obsolete, kept) by default, the keys with --verbose; references
that moved (a line inserted above the calls) are rewritten, as msgmerge
rewrites them, but are no update."""
import re
import subprocess


def run(*args, cwd):
    done = subprocess.run(list(args), cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def entries(path):
    """msgid -> (references, msgstr) of a .po file, the header left out."""
    found, refs, msgid = {}, [], None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#:"):
            refs += line[2:].split()
        elif m := re.match(r'msgid "(.*)"$', line):
            msgid = m.group(1)
        elif (m := re.match(r'msgstr "(.*)"$', line)) and msgid:
            found[msgid] = (sorted(refs), m.group(1))
            refs, msgid = [], None
        elif not line.strip():
            refs = []
    return found


def test_moved_references_are_kept_not_updated_and_match_msgmerge(cli, tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    calls = "".join(f'print(_("Message number {i}"))\n' for i in range(50))
    (src / "app.py").write_text(calls, encoding="utf-8")
    first = run(cli, "extract", "--format", "po", "--locale", "fr", "-o", "po", "src", cwd=tmp_path)
    po = tmp_path / "po" / "fr" / "LC_MESSAGES" / "messages.po"
    assert f"{po.relative_to(tmp_path)} (created): 50 added, 0 updated, 0 obsolete, 0 kept\n" in first
    assert "+ " not in first
    text = po.read_text(encoding="utf-8").replace('msgstr ""\n\n', 'msgstr "traduit"\n\n')
    po.write_text(text, encoding="utf-8")
    old = tmp_path / "old.po"
    old.write_text(po.read_text(encoding="utf-8"), encoding="utf-8")

    (src / "app.py").write_text("# a comment line on top\n" + calls, encoding="utf-8")
    second = run(cli, "extract", "--format", "po", "--locale", "fr", "-o", "po", "src", cwd=tmp_path)
    assert (f"{po.relative_to(tmp_path)} (modified): 0 added, 0 updated, 0 obsolete, 50 kept (50 with references moved)\n"
            in second), second
    assert "total: 2 files, 2 changed; 0 added, 0 updated, 0 obsolete, 100 kept (100 with references moved)\n" in second, second
    verbose = run(cli, "extract", "--format", "po", "--locale", "fr", "--verbose", "-o", "po", "src", cwd=tmp_path)
    assert "~ " not in verbose and "+ " not in verbose

    # msgmerge with the new template moves the same references and keeps every translation.
    theirs = tmp_path / "theirs.po"
    subprocess.run(["msgmerge", "--quiet", "-o", str(theirs), str(old), str(tmp_path / "po" / "messages.pot")], check=True)
    assert entries(po) == entries(theirs)
    assert len(entries(po)) == 50 and entries(po)["Message number 0"] == (["src/app.py:2"], "traduit")


def test_a_changed_note_is_an_update_and_verbose_lists_it(cli, tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "app.py").write_text('# TRANSLATORS: old\n_("Save")\n_("Open")\n', encoding="utf-8")
    run(cli, "extract", "--format", "po", "-o", "po", "src", cwd=tmp_path)
    (src / "app.py").write_text('# TRANSLATORS: new\n_("Save")\n', encoding="utf-8")
    out = run(cli, "extract", "--format", "po", "--verbose", "-o", "po", "src", cwd=tmp_path)
    assert "po/messages.pot (modified)\n~ Save\n" in out, out
    out = run(cli, "extract", "--format", "po", "-o", "po", "src", cwd=tmp_path)
    assert "po/messages.pot (unchanged)" not in out
