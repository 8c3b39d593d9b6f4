"""GNU gettext's own example programs, hello-c and hello-c++ (Debian's
gettext-doc), built with gnulib's "gettext.h" against parlance_libintl.h
with -Wall -Wextra -Werror, must print what the same programs print on
glibc's libintl, in every language they ship.

The header stands in for <libintl.h> both ways a program is switched:
included before gnulib's "gettext.h" (``-include``, so the later
``#include <libintl.h>`` declares nothing), or included by a "gettext.h"
whose ``#include <libintl.h>`` names it instead. A program of the test's
own, written as gnulib's users write them, checks pgettext()/npgettext()
(gnulib's, reaching Parlance through dcgettext()) and
``dgettext(domain, "")``, which returns the catalog's header, as glibc's
does.
"""
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT

EXAMPLES = Path("/usr/share/doc/gettext/examples")
GNULIB_GETTEXT_H = Path("/usr/share/gettext/gettext.h")
INCLUDE = ROOT / "include"
WARNINGS = ["-Wall", "-Wextra", "-Werror", "-O2"]

CONTEXTS = r'''
#include <locale.h>
#include <stdio.h>
#include "gettext.h"
#define _(string) gettext (string)
#define N_(string) string

static const char *const names[] = { N_("Open"), N_("Missing") };

int main (void) {
  setlocale (LC_ALL, "");
  textdomain ("contexts");
  bindtextdomain ("contexts", LOCALEDIR);
  printf ("[%s]\n", _(names[0]));
  printf ("[%s]\n", _(names[1]));
  printf ("[%s]\n", pgettext ("menu", "Open"));
  printf ("[%s]\n", pgettext ("door", "Open"));
  printf ("[%s]\n", pgettext ("nowhere", "Open"));
  for (unsigned long n = 0; n < 25; n++)
    printf ("[%s]\n", npgettext ("inbox", "%lu message", "%lu messages", n));
  printf ("[%s]\n", dgettext ("contexts", ""));
  printf ("[%s]\n", gettext (""));
  printf ("[%s]\n", dngettext ("contexts", "", "plural", 5));
  return 0;
}
'''

CONTEXTS_PO = {
    "de": ('"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
           {("", "Open"): "Öffnen", ("menu", "Open"): "Öffnen…", ("door", "Open"): "Aufmachen",
            ("inbox", "%lu message"): ["%lu Nachricht", "%lu Nachrichten"]}),
    "ru": ('"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && '
           '(n%100<10 || n%100>=20) ? 1 : 2);\\n"',
           {("menu", "Open"): "Открыть", ("inbox", "%lu message"): ["%lu сообщение", "%lu сообщения", "%lu сообщений"]}),
    "ja": ('"Plural-Forms: nplurals=1; plural=0;\\n"', {("", "Open"): "開く"}),
}


def po_text(plural_forms, entries):
    out = ['msgid ""\nmsgstr ""\n"Project-Id-Version: contexts 1.0\\n"\n'
           '"Content-Type: text/plain; charset=UTF-8\\n"\n' + plural_forms + "\n\n"]
    for (context, msgid), text in entries.items():
        head = (f'msgctxt "{context}"\n' if context else "") + f'msgid "{msgid}"\n'
        if isinstance(text, list):
            out.append(head + f'msgid_plural "{msgid}s"\n'
                       + "".join(f'msgstr[{i}] "{t}"\n' for i, t in enumerate(text)) + "\n")
        else:
            out.append(head + f'msgstr "{text}"\n\n')
    return "".join(out)


def tools():
    missing = [what for what, ok in (("gettext-doc", (EXAMPLES / "hello-c" / "hello.c").is_file()),
                                     ("gnulib's gettext.h", GNULIB_GETTEXT_H.is_file()),
                                     ("libasprintf-dev", Path("/usr/include/autosprintf.h").is_file()),
                                     ("msgfmt", shutil.which("msgfmt") is not None))
               if not ok]
    assert not missing, f"scripts/install-deps.sh installs {', '.join(missing)}"


@pytest.fixture(scope="module")
def work(tmp_path_factory):
    tools()
    root = tmp_path_factory.mktemp("gnu-examples")
    shutil.copy(GNULIB_GETTEXT_H, root / "gettext.h")
    # "gettext.h" switched by its include line, for the second way.
    switched = root / "switched"
    switched.mkdir()
    text = GNULIB_GETTEXT_H.read_text()
    text, count = re.subn(r"^# include <libintl\.h>$",
                          "# define PARLANCE_LIBINTL_MACROS\n# include <parlance_libintl.h>", text, flags=re.M)
    assert count >= 1
    (switched / "gettext.h").write_text(text)
    (root / "contexts.c").write_text(CONTEXTS)
    locale = root / "locale"
    languages = {}
    for program in ("hello-c", "hello-c++"):
        names = []
        for po in sorted((EXAMPLES / program / "po").glob("*.po")):
            mo = locale / po.stem / "LC_MESSAGES" / f"{program}.mo"
            mo.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run(["msgfmt", "-o", str(mo), str(po)], check=True)
            names.append(po.stem)
        languages[program] = names
    for language, (forms, entries) in CONTEXTS_PO.items():
        po = root / f"contexts-{language}.po"
        po.write_text(po_text(forms, entries), encoding="utf-8")
        mo = locale / language / "LC_MESSAGES" / "contexts.mo"
        mo.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["msgfmt", "-o", str(mo), str(po)], check=True)
    languages["contexts"] = list(CONTEXTS_PO)
    return {"root": root, "locale": locale, "languages": languages}


SOURCES = {"hello-c": (EXAMPLES / "hello-c" / "hello.c", "cc", []),
           "hello-c++": (EXAMPLES / "hello-c++" / "hello.cc", "c++", ["-lasprintf"]),
           "contexts": (None, "cc", [])}
WAYS = {
    "glibc": lambda root: ["-I", str(root)],
    "included first": lambda root: ["-I", str(root), "-I", str(INCLUDE), "-DPARLANCE_LIBINTL_MACROS",
                                    "-include", "parlance_libintl.h"],
    "gettext.h switched": lambda root: ["-I", str(root / "switched"), "-I", str(INCLUDE)],
}


def build(work, library, program, way):
    source, compiler, libs = SOURCES[program]
    source = source or work["root"] / "contexts.c"
    out = work["root"] / f"{program}-{way.replace(' ', '-')}"
    command = [compiler, *WARNINGS, "-DENABLE_NLS=1", "-DHAVE_UNISTD_H=1",
               f'-DLOCALEDIR="{work["locale"]}"', *WAYS[way](work["root"]), str(source), "-o", str(out), *libs]
    if way != "glibc":
        command += ["-L", str(Path(library).parent), "-lparlance", f"-Wl,-rpath,{Path(library).parent}"]
    made = subprocess.run(command, capture_output=True, text=True)
    assert made.returncode == 0, f"{' '.join(command)}\n{made.stderr}"
    return out


def run(binary, language):
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_") and k not in ("LANG", "LANGUAGE")}
    env.update(LC_ALL="C.UTF-8", LANGUAGE=language)
    done = subprocess.run([str(binary)], env=env, capture_output=True, check=True)
    # The process number hello-c prints differs from run to run.
    return re.sub(rb"\d+", b"N", done.stdout) if binary.name.startswith("hello") else done.stdout


@pytest.mark.parametrize("program", ["hello-c", "hello-c++", "contexts"])
def test_gnu_programs_print_what_they_print_on_glibc(work, library, program):
    binaries = {way: build(work, library, program, way) for way in WAYS}
    languages = work["languages"][program] + ["xx", "de_AT.UTF-8", "C"]
    translated = 0
    for language in languages:
        expected = run(binaries["glibc"], language)
        for way in ("included first", "gettext.h switched"):
            assert run(binaries[way], language) == expected, (program, way, language)
        translated += expected != run(binaries["glibc"], "C")
    # Most languages translate something: the runs compared translations.
    assert translated >= len(work["languages"][program]) - 2


def test_the_header_is_the_translation_of_the_empty_string(work, library):
    # dgettext(d, ""), gettext("") and dngettext(d, "", ..., 5) all give it.
    out = run(build(work, library, "contexts", "included first"), "ru").decode()
    assert out.count("[Project-Id-Version: contexts 1.0\n") == 3
    assert out.count("Plural-Forms: nplurals=3;") == 3
    # No catalog: "" itself, and msgid_plural for n != 1, as glibc gives them.
    assert run(build(work, library, "contexts", "included first"), "xx").decode().endswith("[]\n[]\n[plural]\n")
