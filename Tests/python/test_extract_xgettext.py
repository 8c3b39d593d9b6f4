"""`parlance extract` next to GNU xgettext on git's C sources (the reference
data's corpus): the same messages — msgctxt, msgid, msgid_plural — and the
same `#:` references, on the sources as they are and as git's Makefile
hands them to xgettext (its own `PRItime` macro rewritten to `PRIuMAX`)."""
import re
import shutil
import subprocess

import pytest

KEYWORDS = ["--keyword=_", "--keyword=N_", "--keyword=Q_:1,2"]


def pot_entries(path):
    """(msgctxt, msgid, msgid_plural) → sorted '#:' references; the header left out."""
    found, refs, fields, current = {}, [], {}, None
    text = path.read_text(encoding="utf-8") + "\n\n"
    for line in text.splitlines():
        if line.startswith("#:"):
            refs += line[2:].split()
        elif m := re.match(r'(msgctxt|msgid|msgid_plural) "(.*)"$', line):
            current = m.group(1)
            fields[current] = m.group(2)
        elif line.startswith('"') and current:
            fields[current] += line[1:-1]
        elif line.startswith("msgstr"):
            current = None
        elif not line.strip():
            if fields.get("msgid"):
                key = (fields.get("msgctxt"), fields["msgid"], fields.get("msgid_plural"))
                found.setdefault(key, set()).update(refs)
            refs, fields, current = [], {}, None
    return found


@pytest.mark.parametrize("as_git_builds_it", [False, True], ids=["as-is", "PRItime-as-PRIuMAX"])
def test_extract_finds_exactly_what_xgettext_finds_in_git(cli, corpus, tmp_path, as_git_builds_it):
    source = next(corpus.glob("source-gettext/git__git"))
    tree = tmp_path / "git"
    shutil.copytree(source, tree)
    if as_git_builds_it:   # git's Makefile: sed -e 's|PRItime|PRIuMAX|g' before xgettext
        for path in tree.rglob("*.[ch]"):
            text = path.read_text(encoding="utf-8", errors="surrogateescape")
            if "PRItime" in text:
                path.write_text(text.replace("PRItime", "PRIuMAX"), encoding="utf-8", errors="surrogateescape")
    files = sorted(str(p.relative_to(tree)) for p in tree.rglob("*.[ch]"))
    assert len(files) > 250
    (tmp_path / "files.txt").write_text("\n".join(files) + "\n")
    subprocess.run(["xgettext", "--force-po", "--add-comments=TRANSLATORS:", "--language=C", "--from-code=UTF-8",
                    *KEYWORDS, "-o", str(tmp_path / "x.pot"), "-f", str(tmp_path / "files.txt")], cwd=tree, check=True)
    subprocess.run([cli, "extract", "--format", "pot", "--quiet", "--keyword", "Q_:1,2", "-o", str(tmp_path / "ours"), "."],
                   cwd=tree, capture_output=True)
    theirs, ours = pot_entries(tmp_path / "x.pot"), pot_entries(tmp_path / "ours" / "messages.pot")
    assert len(theirs) > 5000
    assert sorted(set(theirs) - set(ours))[:10] == [] and sorted(set(ours) - set(theirs))[:10] == []
    differ = [(k, sorted(theirs[k] ^ ours[k])[:4]) for k in theirs if theirs[k] != ours[k]]
    assert differ[:10] == [], f"{len(differ)} messages with other references"
