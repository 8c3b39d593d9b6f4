"""The tools and the runtime on a real project's files: GNU gettext's own
example programs (Debian's gettext-doc, installed by scripts/install-deps.sh),
whose sources are C, C++, Objective-C and Python and whose 1,290 .po files come
from the Translation Project.

- `parlance extract` finds the same messages as xgettext in every source;
- every .po loads, and serves what msgfmt compiles from it (read back through
  the standard library's .mo reader);
- merging every .po with the template Parlance extracts keeps every
  translation, and msgfmt --check accepts every file merge writes.
"""
import gettext
import os
import pathlib
import shutil
import subprocess
import tempfile

import pytest

import parlance

EXAMPLES = pathlib.Path("/usr/share/doc/gettext/examples")
# Project folder -> the sources xgettext is given (the projects' po/POTFILES.in).
PROJECTS = ["hello-c", "hello-c-gnome", "hello-c-gnome3", "hello-c++", "hello-c++-gnome", "hello-c++-kde",
            "hello-c++-qt", "hello-c++-wxwidgets", "hello-objc", "hello-objc-gnome", "hello-objc-gnustep",
            "hello-python"]
SOURCE_SUFFIXES = {".c": "C", ".cc": "C++", ".cpp": "C++", ".m": "ObjectiveC", ".py": "Python"}


def sources(project):
    found = []
    for path in sorted((EXAMPLES / project).rglob("*")):
        suffix = "".join(path.suffixes[-2:]) if path.name.endswith(".py.in") else path.suffix
        if suffix in SOURCE_SUFFIXES:
            found.append(path)
        elif path.name.endswith(".py.in"):
            found.append(path)
    return found


def language(path):
    return "Python" if path.name.endswith(".py.in") else SOURCE_SUFFIXES[path.suffix]


def identities(pot_text):
    """(context, msgid, msgid_plural) of every live entry of a .po/.pot text."""
    entries, context, msgid, plural, field = set(), None, None, None, None
    for line in pot_text.splitlines() + [""]:
        if line.startswith("msgctxt "):
            context, field = eval(line[8:]), "ctx"
        elif line.startswith("msgid "):
            msgid, field = eval(line[6:]), "id"
        elif line.startswith("msgid_plural "):
            plural, field = eval(line[13:]), "plural"
        elif line.startswith('"') and field:
            if field == "ctx":
                context += eval(line)
            elif field == "id":
                msgid += eval(line)
            elif field == "plural":
                plural += eval(line)
        elif line.startswith("msgstr") or not line.strip():
            if msgid:
                entries.add((context, msgid, plural))
            if not line.strip():
                context, msgid, plural, field = None, None, None, None
            else:
                field = None
    return entries


@pytest.fixture(scope="module")
def examples():
    if not (EXAMPLES / "hello-c").is_dir():
        pytest.fail("GNU gettext's examples are missing: run scripts/install-deps.sh (Debian's gettext-doc)")
    return EXAMPLES


@pytest.mark.parametrize("project", PROJECTS)
def test_extract_finds_what_xgettext_finds(examples, cli, tmp_path, project):
    files = sources(project)
    assert files, project
    keywords = ["--keyword=_", "--keyword=N_", "--keyword=i18n", "--keyword=tr", "--keyword=gettext_noop"]
    theirs, ours = set(), set()
    for path in files:
        lang = language(path)
        out = tmp_path / "x.pot"
        subprocess.run(["xgettext", "-L", lang, "--from-code=UTF-8", "--force-po", "-o", str(out)] + keywords
                       + [str(path)], check=True, capture_output=True)
        theirs |= identities(out.read_text())
        copy = tmp_path / "src" / (path.name[:-3] if path.name.endswith(".py.in") else path.name)
        copy.parent.mkdir(exist_ok=True)
        shutil.copy(path, copy)
    result = subprocess.run([cli, "extract", "--format", "pot", "--quiet", "--keyword", "i18n", "--keyword", "tr",
                             "-o", str(tmp_path / "ours"), str(tmp_path / "src")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    for pot in (tmp_path / "ours").glob("*.pot"):
        ours |= identities(pot.read_text())
    assert theirs, f"{project}: xgettext found nothing"
    assert ours == theirs, f"{project}: only Parlance {ours - theirs}, only xgettext {theirs - ours}"


def all_po_files():
    return sorted(EXAMPLES.rglob("*.po")) if EXAMPLES.is_dir() else []


def test_every_po_serves_what_msgfmt_compiles(examples, tmp_path):
    checked = files = 0
    for po in all_po_files():
        mo = tmp_path / "m.mo"
        if subprocess.run(["msgfmt", "-o", str(mo), str(po)], capture_output=True).returncode != 0:
            continue   # msgfmt refuses it: nothing to compare
        files += 1
        reference = gettext.GNUTranslations(open(mo, "rb"))
        catalog = parlance.Catalog()
        catalog.load(str(po), locale=po.stem, table="messages")
        loc = parlance.Localizer(catalog, [po.stem])
        for key, value in reference._catalog.items():
            if key == "" or isinstance(key, tuple):
                continue
            context, _, msgid = key.rpartition("\x04")
            got = loc.text(msgid, context=context or None, table="messages")
            assert got == value, f"{po}: {key!r}: Parlance {got!r}, msgfmt {value!r}"
            checked += 1
        catalog.close()
    assert files > 1000 and checked > 1000, (files, checked)


def test_merge_keeps_every_translation(examples, cli, tmp_path):
    files = 0
    for project in ("hello-c", "hello-python", "hello-objc"):
        src = tmp_path / project / "src"
        src.mkdir(parents=True)
        for path in sources(project):
            shutil.copy(path, src / (path.name[:-3] if path.name.endswith(".py.in") else path.name))
        out = tmp_path / project / "po"
        for po in sorted((EXAMPLES / project / "po").glob("*.po")):
            target = out / po.stem / "LC_MESSAGES" / "messages.po"
            target.parent.mkdir(parents=True)
            shutil.copy(po, target)
        before = {po.stem: gettext_entries(po) for po in (EXAMPLES / project / "po").glob("*.po")}
        result = subprocess.run([cli, "extract", "--format", "po", "--quiet", "-o", str(out), str(src)],
                                capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        for lang, old in before.items():
            path = out / lang / "LC_MESSAGES" / "messages.po"
            check = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(path)], capture_output=True, text=True)
            assert check.returncode == 0, f"{path}: {check.stderr}"
            new = gettext_entries(path)
            for key, text in old.items():
                assert new.get(key) == text, f"{project}/{lang}: {key!r} lost: {text!r} -> {new.get(key)!r}"
            files += 1
    assert files > 50, files


def gettext_entries(po):
    """msgid -> msgstr of the translated entries (live or obsolete), through msgfmt's own reading."""
    handle, name = tempfile.mkstemp(suffix=".mo")
    os.close(handle)
    target = pathlib.Path(name)
    subprocess.run(["msgfmt", "-o", str(target), str(po)], check=True, capture_output=True)
    try:
        with open(target, "rb") as f:
            return {k: v for k, v in gettext.GNUTranslations(f)._catalog.items() if k != ""}
    finally:
        target.unlink()
