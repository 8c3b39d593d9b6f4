"""`parlance extract` next to GNU xgettext on git's C sources (the reference
data's corpus): the same messages — msgctxt, msgid, msgid_plural — and the
same `#:` references, on the sources as they are and as git's Makefile
hands them to xgettext (its own `PRItime` macro rewritten to `PRIuMAX`)."""
import shutil
import subprocess

import pytest

from conftest import po_entries

KEYWORDS = ["--keyword=_", "--keyword=N_", "--keyword=Q_:1,2"]


def pot_records(path):
    """The entries of a .pot in file order: [((msgctxt, msgid, msgid_plural), flags but fuzzy, '#:' references)],
    the header left out."""
    return [((e["msgctxt"], e["msgid"], e["msgid_plural"]), [f for f in e["flags"] if f != "fuzzy"], e["refs"])
            for e in po_entries(path)]


def pot_entries(path):
    """(msgctxt, msgid, msgid_plural) → sorted '#:' references; the header left out."""
    found = {}
    for key, _, refs in pot_records(path):
        found.setdefault(key, set()).update(refs)
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


def pot_in_order(path):
    """The entries of a .pot in file order: [(identity, flags, sorted references)], the header left out."""
    return [(key, sorted(flags), sorted(set(refs))) for key, flags, refs in pot_records(path)]


# xgettext 0.21's Python keywords lack the pgettext family that Python's gettext
# module has had since 3.8 (xgettext 0.22 adds it); Parlance also takes N_ and gettext_noop.
PYTHON_KEYWORDS = ["--keyword=N_", "--keyword=gettext_noop", "--keyword=pgettext:1c,2", "--keyword=npgettext:1c,2,3",
                   "--keyword=dpgettext:2c,3", "--keyword=dnpgettext:2c,3,4"]


def extract_both(cli, tree, tmp_path, pattern, language, xgettext_keywords, our_keywords=()):
    files = sorted(str(p.relative_to(tree)) for p in tree.rglob(pattern))
    (tmp_path / "files.txt").write_text("\n".join(files) + "\n")
    subprocess.run(["xgettext", "--force-po", "--add-comments=TRANSLATORS:", f"--language={language}", "--from-code=UTF-8",
                    *xgettext_keywords, "-o", str(tmp_path / "x.pot"), "-f", str(tmp_path / "files.txt")],
                   cwd=tree, check=True, capture_output=True)
    subprocess.run([cli, "extract", "--format", "pot", "--quiet", *our_keywords, "-o", str(tmp_path / "ours"), *files],
                   cwd=tree, check=True, capture_output=True)
    return pot_in_order(tmp_path / "x.pot"), pot_in_order(tmp_path / "ours" / "messages.pot")


@pytest.mark.parametrize("project", ["GNOME__meld", "django__django"])
def test_python_extraction_is_xgettexts_entries_flags_and_order(cli, corpus, tmp_path, project):
    """meld and Django's sources: the same messages in the same order (first
    appearance), the same `#, python-format`/`python-brace-format` flags and
    references; `_(f"…")`, `_("…" % x)` and `_("….format(…))` give their
    literal, and Gtk's `TextTagTable.lookup("dimmed")` is no message."""
    tree = next(corpus.glob(f"source-gettext/{project}"))
    theirs, ours = extract_both(cli, tree, tmp_path, "*.py", "Python", PYTHON_KEYWORDS)
    assert len(theirs) > 150
    assert sum(1 for _, flags, _ in theirs if flags) > 30
    assert [e[0] for e in ours] == [e[0] for e in theirs]
    assert [e for e in ours if e not in theirs][:5] == []


def test_c_extraction_is_xgettexts_flags_and_order(cli, corpus, tmp_path):
    """git's C sources: entries in xgettext's order with its `#, c-format`
    flags, including strings with no directive passed to printf-like
    functions (`fprintf(stderr, _("Bye.\\n"))`, xgettext's --flag table)."""
    tree = next(corpus.glob("source-gettext/git__git"))
    theirs, ours = extract_both(cli, tree, tmp_path, "*.[ch]", "C", KEYWORDS, ["--keyword", "Q_:1,2"])
    assert [e[0] for e in ours] == [e[0] for e in theirs]
    assert sum(1 for _, flags, _ in theirs if flags) > 2000
    differ = [(a[0], a[1], b[1]) for a, b in zip(theirs, ours) if a[1] != b[1]]
    # The one known difference: git's error(fmt, ...) takes `cond ? strerror(errno) : _("unexpected end of file")`
    # as argument 3, glibc's error()'s format; xgettext does not flag a literal after the nested call.
    assert [d[0][1] for d in differ] == ["unexpected end of file"]


def test_extract_flags_and_literals_on_a_small_python_file(cli, tmp_path):
    """Each of xgettext's format decisions on one file, and the calls it
    takes the literal of, compared with xgettext itself."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.py").write_text(
        'x = _(f"Hello {name}")\ny = _("a %s b" % name)\nz = _("c {0} d".format(name))\n_("pct 100%%")\n'
        '_("both %s {x}")\n_("bad % z")\n_("{} anon")\n_("{x!r:>{w}}")\n_("%(a)s %s")\nngettext("%d file", "%d files", n)\n'
        'obj.text("not a keyword")\nTextTagTable.lookup("dimmed")\n_("first")\n_("dup")\n_("dup")\n', encoding="utf-8")
    theirs, ours = extract_both(cli, tmp_path / "src", tmp_path, "*.py", "Python", PYTHON_KEYWORDS)
    assert len(theirs) == 12
    assert ours == theirs


def pot_comments(path):
    """(msgctxt, msgid, msgid_plural) → its `#.` lines, the header left out."""
    return {(e["msgctxt"], e["msgid"], e["msgid_plural"]): e["comments"] for e in po_entries(path)}


def comments_of_both(cli, tree, tmp_path, pattern, language, xgettext_args, our_args):
    files = sorted(str(p.relative_to(tree)) for p in tree.rglob(pattern))
    (tmp_path / "files.txt").write_text("\n".join(files) + "\n")
    subprocess.run(["xgettext", "--force-po", f"--language={language}", "--from-code=UTF-8", *xgettext_args,
                    "-o", str(tmp_path / "x.pot"), "-f", str(tmp_path / "files.txt")], cwd=tree, check=True, capture_output=True)
    shutil.rmtree(tmp_path / "ours", ignore_errors=True)
    subprocess.run([cli, "extract", "--format", "pot", "--quiet", *our_args, "-o", str(tmp_path / "ours"), *files],
                   cwd=tree, check=True, capture_output=True)
    return pot_comments(tmp_path / "x.pot"), pot_comments(tmp_path / "ours" / "messages.pot")


@pytest.mark.parametrize("project,pattern,language,tag,xgettext_keywords,our_keywords,at_least", [
    ("git__git", "*.[ch]", "C", "TRANSLATORS:", KEYWORDS, ["--keyword", "Q_:1,2"], 50),
    ("git__git", "*.[ch]", "C", "", KEYWORDS, ["--keyword", "Q_:1,2"], 100),
    ("GNOME__meld", "*.py", "Python", "TRANSLATORS:", PYTHON_KEYWORDS, [], 3),
    ("django__django", "*.py", "Python", "Translators:", PYTHON_KEYWORDS, [], 15),
    ("django__django", "*.py", "Python", "", PYTHON_KEYWORDS, [], 15),
], ids=["git", "git-all", "meld", "django", "django-all"])
def test_translator_comments_are_xgettexts(cli, corpus, tmp_path, project, pattern, language, tag, xgettext_keywords,
                                           our_keywords, at_least):
    """`--add-comments=TAG` (or every comment, `--add-comments`) on real
    sources gives every message the `#.` lines xgettext gives it: the tag
    kept, a block comment's lines as written (its `*` margin dropped after
    the tag, its empty last line kept), comments piled up to the call's
    line, dropped by a line of code, a preprocessor directive or once a
    message took them, a repeated comment not written twice."""
    tree = next(corpus.glob(f"source-gettext/{project}"))
    option = ["--add-comments=" + tag] if tag else ["--add-comments"]
    theirs, ours = comments_of_both(cli, tree, tmp_path, pattern, language, option + xgettext_keywords, option + our_keywords)
    assert set(theirs) == set(ours)
    assert sum(1 for c in theirs.values() if c) >= at_least
    differ = [(k[1][:40], theirs[k], ours[k]) for k in theirs if theirs[k] != ours[k]]
    assert differ[:5] == [], f"{len(differ)} messages with other comments"


SMALL_C = """/* TRANSLATORS: one */
x = _("m1");
/*
 * TRANSLATORS: two
 * more
 */
x = _("m2");
/* a */ f();
x = _("m3");
/* TRANSLATORS: four */

#include <stdio.h>
x = _("m4");
/** TRANSLATORS: five
 ** five b */
x = _("m5");
// TRANSLATORS: six
// six b
y = f(_("m6"), _("m6b"));
/* TRANSLATORS: seven */
x = _(
  "m7");
/* before */
// TRANSLATORS: eight
x = _("m8");
/* TRANSLATORS: nine */ x = _("m9");
x = _("m10"); /* TRANSLATORS: ten */
x = _("m11");
/* TRANSLATORS: dup */
x = _("m12");
/* TRANSLATORS: dup */
x = _("m12");
/* TRANSLATORS: other */
x = _("m12");
/*   TRANSLATORS:   */
x = _("m13");
/* xx TRANSLATORS: mid */
x = _("m14");
/* a */ /* TRANSLATORS: b */
x = _("m15");
x = _(/* TRANSLATORS: inside */ "m16");
"""

SMALL_PY = """# TRANSLATORS: one
x = _("m1")
## TRANSLATORS: two
#   more
x = _("m2")
# a
f()
x = _("m3")
y = f(_("m6"), _("m6b"))  # TRANSLATORS: after
x = _("m7")
x = [  # TRANSLATORS: nine
  _("m9"),
  _("m10"),
]
#
# NOTE: eleven
#
x = _("m11")
"""


@pytest.mark.parametrize("xgettext_args,our_args", [
    (["--add-comments=TRANSLATORS:"], ["--add-comments=TRANSLATORS:"]),
    (["-cTRANSLATORS:"], ["-cTRANSLATORS:"]),
    (["--add-comments"], ["--add-comments"]),
    (["-c"], ["-c"]),
    (["--add-comments=NOTE:"], ["--add-comments=NOTE:"]),
    ([], ["--no-comments"]),
], ids=["tag", "c-tag", "all", "c-all", "other-tag", "none"])
@pytest.mark.parametrize("language", ["C", "Python"])
def test_add_comments_forms_match_xgettext(cli, tmp_path, xgettext_args, our_args, language):
    """Each of xgettext's comment rules on one file, in each spelling of the
    option; without it xgettext takes no comment (Parlance: --no-comments)."""
    src = tmp_path / "src"
    src.mkdir()
    (src / ("a.c" if language == "C" else "a.py")).write_text(SMALL_C if language == "C" else SMALL_PY, encoding="utf-8")
    keywords = ["--keyword=_"] if language == "C" else []
    theirs, ours = comments_of_both(cli, src, tmp_path, "a.*", language, xgettext_args + keywords, our_args)
    assert len(theirs) >= (17 if language == "C" else 9)
    assert ours == theirs


C_SOURCE = r'''#include <stdio.h>
#include <libintl.h>
#define _(s) gettext(s)
int main(int argc, char **argv) {
    /* TRANSLATORS: the greeting */
    printf(_("Hello, %s!\n"), argv[0]);
    printf(ngettext("%d file", "%d files", argc), argc);
    puts(pgettext("menu", "Open"));
    puts(dgettext("other", "From another domain"));
    puts(_("Hello, %s!\n") + 0);
    return 0;
}
'''


def test_extract_to_one_template_file_as_xgettext_o(cli, tmp_path):
    """`parlance extract -o po/app.pot src` writes one template to that file,
    as `xgettext -o` does: the same entries, flags, references and notes (every
    domain's messages in it), no folder named app.pot."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.c").write_text(C_SOURCE, encoding="utf-8")
    subprocess.run(["xgettext", "--force-po", "--add-comments=TRANSLATORS:", "--language=C", "--from-code=UTF-8",
                    "--keyword=_", "-o", "x.pot", "src/main.c"], cwd=tmp_path, check=True, capture_output=True)
    got = subprocess.run([cli, "extract", "--quiet", "-o", "po/app.pot", "src"], cwd=tmp_path, capture_output=True, text=True)
    assert got.returncode == 0, got.stderr
    assert (tmp_path / "po" / "app.pot").is_file()
    theirs, ours = po_entries(tmp_path / "x.pot"), po_entries(tmp_path / "po" / "app.pot")
    assert len(theirs) == 4
    assert ours == theirs
    # A .po name is a template file too (xgettext -o app.po), and --format pot agrees with it.
    got = subprocess.run([cli, "extract", "--quiet", "--format", "pot", "-o", "app.po", "src"], cwd=tmp_path,
                         capture_output=True, text=True)
    assert got.returncode == 0, got.stderr
    assert po_entries(tmp_path / "app.po") == theirs


def test_extract_refuses_an_output_file_of_another_kind(cli, tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.c").write_text(C_SOURCE, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("mine\n", encoding="utf-8")
    got = subprocess.run([cli, "extract", "-o", "notes.txt", "src"], cwd=tmp_path, capture_output=True, text=True)
    assert got.returncode == 2
    assert "-o 'notes.txt' is a file: give a directory, or a .pot or .po file" in got.stderr
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine\n"
    # A template file and a --format that writes directories contradict each other.
    got = subprocess.run([cli, "extract", "--format", "strings", "-o", "app.pot", "src"], cwd=tmp_path,
                         capture_output=True, text=True)
    assert got.returncode == 2 and "--format strings writes a directory" in got.stderr
    assert not (tmp_path / "app.pot").exists()
