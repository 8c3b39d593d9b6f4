"""A catalog file rewritten in place under a running program.

``cp new.mo app.mo`` (and, in some versions, ``install -m 644 new.mo
app.mo``, what ``make install`` runs) truncates the same inode and writes
it again. A program that
has the file mapped dies of SIGBUS at its next lookup (glibc's libintl
does); Parlance reads ``.mo`` files and compiled catalogs into private
memory at load, so it keeps serving what it loaded. Each case runs in a
child process (a signal there fails the test, not pytest): load, read
every entry, rewrite the file, look every entry up again.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, build_c_program

CHILD = r"""
import os, subprocess, sys
import parlance, parlance.gettext
path, how, other = sys.argv[1:4]
catalog = parlance.Catalog()
catalog.load(path)
locale, table = catalog.locales[0], catalog.tables[0]
localizer = parlance.Localizer(catalog, [locale])
entries = catalog.entries(locale, table)
translations = None
if path.endswith(".mo"):
    with open(path, "rb") as fp:   # parlance.gettext serves a .mo opened by path in place
        translations = parlance.gettext.GNUTranslations(fp)

def answers():
    found = []
    for entry in entries:
        if entry.kind == "gettext_plural":
            found += [localizer.plural(entry.key, n, context=entry.context, table=table) for n in range(4)]
        else:
            found.append(localizer.lookup(entry.key, context=entry.context, table=table))
            if translations is not None:
                found.append(translations.pgettext(entry.context, entry.key) if entry.context is not None
                             else translations.gettext(entry.key))
    return found

before = answers()
inode, size = os.stat(path).st_ino, os.stat(path).st_size
if how == "truncate":
    os.truncate(path, 4096)
else:
    subprocess.run(how.split() + [other, path], check=True)
assert os.stat(path).st_size != size, "not rewritten"
# cp keeps the inode; coreutils' install, depending on its version, too or not.
assert how.startswith("install") or os.stat(path).st_ino == inode, "not rewritten in place"
after = answers()
assert after == before, [(a, b) for a, b in zip(before, after) if a != b][:5]
assert [e.text for e in catalog.entries(locale, table)] == [e.text for e in entries]
print("ok", len(before), sum(a is not None for a in before))
"""

REWRITES = ["truncate", "cp", "install -m 644"]


@pytest.fixture(scope="module")
def catalogs(corpus, cli, tmp_path_factory):
    """git's German and Spanish catalogs (some 5,000 messages, contexts and
    plurals) compiled by msgfmt and by `parlance compile`: the German ones
    are loaded, the Spanish ones written over them."""
    msgfmt = shutil.which("msgfmt")
    assert msgfmt, "msgfmt is missing: scripts/install-deps.sh installs gettext"
    base = tmp_path_factory.mktemp("rewritten")
    made = {}
    for language in ("de", "es"):
        po = corpus / "gettext-po" / "git__git" / "po" / f"{language}.po"
        mo = base / language / "LC_MESSAGES" / "git.mo"
        mo.parent.mkdir(parents=True)
        subprocess.run([msgfmt, "-o", str(mo), str(po)], check=True)
        compiled = base / f"{language}.parlance"
        subprocess.run([cli, "compile", "-o", str(compiled), str(mo)], check=True, capture_output=True)
        made[language + ".mo"], made[language + ".parlance"] = mo, compiled
    assert made["de.mo"].stat().st_size > 64 * 1024
    return made


def _fresh(original: Path, tmp_path: Path) -> Path:
    """A copy of original to rewrite, at the same relative place (the .mo's
    locale and domain come from its path)."""
    target = tmp_path / original.parent.parent.name / original.parent.name / original.name \
        if original.suffix == ".mo" else tmp_path / original.name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(original, target)
    return target


@pytest.mark.parametrize("kind", [".mo", ".parlance"])
@pytest.mark.parametrize("how", REWRITES)
def test_python_keeps_serving_what_it_loaded(catalogs, library, tmp_path, kind, how):
    path = _fresh(catalogs["de" + kind], tmp_path)
    env = dict(os.environ, PARLANCE_LIBRARY=library, PYTHONPATH=str(ROOT / "bindings" / "python"))
    run = subprocess.run([sys.executable, "-c", CHILD, str(path), how, str(catalogs["es" + kind])],
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, f"exit {run.returncode}: {run.stderr[-2000:]}"
    _, answers, translated = run.stdout.split()
    assert int(translated) > 1000


@pytest.fixture(scope="module")
def c_program(library, tmp_path_factory):
    """Tests/c/test_rewritten_file.c, built against include/ and the library."""
    return build_c_program("test_rewritten_file", library, tmp_path_factory.mktemp("c"))


@pytest.mark.parametrize("kind", [".mo", ".parlance"])
@pytest.mark.parametrize("how", ["truncate", "rewrite"])
def test_c_keeps_serving_what_it_loaded(c_program, catalogs, tmp_path, kind, how):
    path = _fresh(catalogs["de" + kind], tmp_path)
    run = subprocess.run([str(c_program), str(path), "de", "git", how, str(catalogs["es" + kind])],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, f"exit {run.returncode}: {run.stderr[-2000:]}"
    assert int(run.stdout.split()[1]) > 1000


# A large file (git's German .mo is some 700 KB, its compiled catalog more)
# is read a chunk at a time,
# as lookups first need its bytes: rewritten before all of it was read, it
# serves what it read and misses the rest, never the new file's bytes; a
# file replaced by a new one (rename) serves its old bytes to the end.
CHILD_EARLY = r"""
import os, shutil, subprocess, sys
import parlance
path, how, other, reference = sys.argv[1:5]
catalog = parlance.Catalog()
catalog.load(path)
locale, table = catalog.locales[0], catalog.tables[0]
localizer = parlance.Localizer(catalog, [locale])
untouched = parlance.Catalog()
untouched.load(reference)
expected = parlance.Localizer(untouched, [locale])
keys = [(e.key, e.context) for e in untouched.entries(locale, table) if e.kind != "gettext_plural"]
key, context = keys[len(keys) // 2]
assert localizer.lookup(key, context=context, table=table) == expected.lookup(key, context=context, table=table)
if how == "truncate":
    os.truncate(path, 4096)
elif how == "rename":
    shutil.copyfile(other, path + ".new")
    os.replace(path + ".new", path)
else:
    subprocess.run(how.split() + [other, path], check=True)
served = missed = 0
for key, context in keys:
    got = localizer.lookup(key, context=context, table=table)
    want = expected.lookup(key, context=context, table=table)
    if got is None:
        missed += 1
    else:
        assert got == want, (key, got, want)
        served += 1
print(served, missed)
"""


@pytest.mark.parametrize("kind", [".mo", ".parlance"])
@pytest.mark.parametrize("how", ["truncate", "cp", "rename"])
def test_a_large_file_rewritten_before_it_was_read(catalogs, library, tmp_path, kind, how):
    original = catalogs["de" + kind]
    assert original.stat().st_size > 256 * 1024, "small files are read whole at open"
    path = _fresh(original, tmp_path / "loaded")
    reference = _fresh(original, tmp_path / "reference")
    env = dict(os.environ, PARLANCE_LIBRARY=library, PYTHONPATH=str(ROOT / "bindings" / "python"))
    run = subprocess.run([sys.executable, "-c", CHILD_EARLY, str(path), how, str(catalogs["es" + kind]), str(reference)],
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, f"exit {run.returncode}: {run.stderr[-2000:]}"
    served, missed = map(int, run.stdout.split())
    if how == "rename":
        # The old file, still open, is read to the end.
        assert missed == 0 and served > 3000
    else:
        # What was read before the rewrite is served; the rest misses.
        assert served >= 1 and missed > 1000


@pytest.fixture(scope="module")
def small_catalogs(cli, tmp_path_factory):
    """A German and a Spanish catalog of 1,000 messages (about 100 KB: more
    than the 16 KiB read whole at open, so read a page at a time), as a
    .mo and compiled."""
    base = tmp_path_factory.mktemp("small")
    made = {}
    for language, text in (("de", "Nachricht {} des kleinen Katalogs"), ("es", "Mensaje {} del catálogo pequeño")):
        po = base / f"{language}.po"
        entries = ['msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n']
        entries += [f'msgid "Message {i} of the small catalog"\nmsgstr "{text.format(i)}"\n' for i in range(1000)]
        po.write_text("\n".join(entries), encoding="utf-8")
        mo = base / language / "LC_MESSAGES" / "small.mo"
        mo.parent.mkdir(parents=True)
        subprocess.run(["msgfmt", "-o", str(mo), str(po)], check=True)
        compiled = base / f"{language}.parlance"
        subprocess.run([cli, "compile", "-o", str(compiled), str(mo)], check=True, capture_output=True)
        made[language + ".mo"], made[language + ".parlance"] = mo, compiled
    return made


@pytest.mark.parametrize("kind", [".mo", ".parlance"])
@pytest.mark.parametrize("how", ["truncate", "cp", "rename"])
def test_a_small_file_rewritten_before_it_was_read(small_catalogs, library, tmp_path, kind, how):
    """A .mo between 16 and 256 KiB is read a page at a time: after one
    lookup, rewritten, it serves the pages it read and misses the rest;
    renamed over, it serves its old bytes to the end. A compiled catalog
    of that size is read whole at open (its lookups would otherwise each
    ask for their bytes), so it serves every answer."""
    original = small_catalogs["de" + kind]
    assert 16 * 1024 < original.stat().st_size <= 256 * 1024
    path = _fresh(original, tmp_path / "loaded")
    reference = _fresh(original, tmp_path / "reference")
    env = dict(os.environ, PARLANCE_LIBRARY=library, PYTHONPATH=str(ROOT / "bindings" / "python"))
    run = subprocess.run([sys.executable, "-c", CHILD_EARLY, str(path), how, str(small_catalogs["es" + kind]),
                          str(reference)], capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, f"exit {run.returncode}: {run.stderr[-2000:]}"
    served, missed = map(int, run.stdout.split())
    if how == "rename" or kind == ".parlance":
        assert missed == 0 and served == 1000
    else:
        assert served >= 1 and missed > 500


CHILD_DESCRIPTORS = r"""
import os, sys
import parlance
folder, count = sys.argv[1], int(sys.argv[2])
def descriptors():
    return len(os.listdir("/proc/self/fd"))
before = descriptors()
catalog = parlance.Catalog()
catalog.load(folder)
localizer = parlance.Localizer(catalog, ["de"])
answers = {localizer.lookup("binary", table=table) for table in catalog.tables}
held = descriptors() - before
# A table read to its end gives its descriptor back.
for table in catalog.tables:
    catalog.entries("de", table)
print(len(catalog.tables), held, descriptors() - before, *answers)
"""


def test_large_files_hold_a_bounded_number_of_descriptors(catalogs, library, tmp_path):
    count = 70
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    for index in range(count):
        shutil.copyfile(catalogs["de.mo"], folder / f"git{index}.mo")
    env = dict(os.environ, PARLANCE_LIBRARY=library, PYTHONPATH=str(ROOT / "bindings" / "python"))
    run = subprocess.run([sys.executable, "-c", CHILD_DESCRIPTORS, str(tmp_path), str(count)],
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, f"exit {run.returncode}: {run.stderr[-2000:]}"
    tables, held, after, *answers = run.stdout.split()
    tables, held, after = int(tables), int(held), int(after)
    assert tables == count and answers == ["Binär"]
    # At most 64 files keep a descriptor; the others were read whole at open.
    assert 1 <= held <= 64
    assert after == 0


def test_a_large_file_is_read_from_its_header_on(corpus, library, tmp_path):
    """A file read as it is needed still takes its Plural-Forms from its
    header, wherever in the file the header's bytes lie: git's Polish .mo
    (three forms; some 700 KB) gives CPython's form for every n."""
    import gettext
    mo = tmp_path / "pl" / "LC_MESSAGES" / "git.mo"
    mo.parent.mkdir(parents=True)
    subprocess.run(["msgfmt", "-o", str(mo), str(corpus / "gettext-po" / "git__git" / "po" / "pl.po")], check=True)
    assert mo.stat().st_size > 256 * 1024, "small files are read whole at open"
    env = dict(os.environ, PARLANCE_LIBRARY=library, PYTHONPATH=str(ROOT / "bindings" / "python"))
    child = r"""
import gettext, sys
import parlance
path = sys.argv[1]
catalog = parlance.Catalog()
catalog.load(path)
localizer = parlance.Localizer(catalog, ["pl"])
with open(path, "rb") as fp:
    reference = gettext.GNUTranslations(fp)
checked = 0
for entry in catalog.entries("pl", "git"):
    # CPython reads no system-dependent strings (PRIuMAX): those are left out.
    if entry.kind != "gettext_plural" or entry.context is not None or (entry.key, 0) not in reference._catalog:
        continue
    for n in (1, 2, 5, 12, 21, 22, 101, 1000001):
        assert localizer.plural(entry.key, n, table="git") == reference.ngettext(entry.key, entry.key, n), (entry.key, n)
        checked += 1
print(checked)
"""
    run = subprocess.run([sys.executable, "-c", child, str(mo)], capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert int(run.stdout) > 400
