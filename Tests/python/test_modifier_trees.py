"""A gettext tree whose languages come with and without a modifier (``ca``
and ``ca@valencia``, ``be`` and ``be@latin``, ``sr``, ``sr@latin`` and
``sr@ije``, ``en@quot``), loaded whole by ``Catalog.load(tree)`` and asked
through a Localizer for the POSIX names glibc is given in LANGUAGE: every
answer must be glibc's. A modifier keeps a locale apart from the plain
language (Catalan users never get Valencian text), what a modifier's
catalog lacks comes from the plain language's (``be@latin`` falls back to
``be``, not to English), and a singular entry answers ngettext() for every
count before a later catalog's plural entry (``sr@latin`` gives the Latin
text). The libintl functions are compared too (Tests/c/test_system_mo.c
does so on every system catalog).
"""
import ctypes
import json
import os
import subprocess
import sys

import pytest

import parlance
from conftest import ROOT

HEADER = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

"""


def entry(msgid, text):
    if isinstance(text, list):
        return (f'msgid "{msgid}"\nmsgid_plural "{msgid}s"\n'
                + "".join(f'msgstr[{i}] "{form}"\n' for i, form in enumerate(text)) + "\n")
    return f'msgid "{msgid}"\nmsgstr "{text}"\n\n'


TREE = {
    "ca": {"Open": "Obre", "Close": "Tanca", "File": ["fitxer", "fitxers", "fitxers."]},
    "ca@valencia": {"Open": "Obri", "File": "fitxer (valencià)"},
    "be": {"Open": "Адкрыць", "Close": "Закрыць", "File": ["файл", "файлы", "файлаў"]},
    "be@latin": {"Open": "Adkryć"},
    "sr": {"Open": "Отвори", "Close": "Затвори", "File": ["датотека", "датотеке", "датотека."]},
    "sr@latin": {"Open": "Otvori", "File": "datoteka (latinica)"},
    "sr@ije": {"Close": "Затвори (ијекавски)"},
    "en@quot": {"Open": "“Open”"},
}
MESSAGES = ["Open", "Close", "File", "Missing"]
COUNTS = [0, 1, 2, 5, 11, 21, 101]
LANGUAGES = ["ca", "ca@valencia", "ca_ES.UTF-8@valencia", "ca_ES", "be", "be@latin", "be_BY@latin",
             "sr", "sr@latin", "sr_RS@latin", "sr@ije", "en@quot", "en"]

# Every answer of glibc's libintl functions (library "-") or Parlance's
# (a path: parlance_-prefixed), one process, LANGUAGE set before each language.
PROBE = r"""
import ctypes, json, sys
root, languages, messages, counts = sys.argv[1], *map(json.loads, sys.argv[2:5])
libc = ctypes.CDLL(None)
libc.setlocale.restype = ctypes.c_char_p
libc.setlocale.argtypes = [ctypes.c_int, ctypes.c_char_p]
assert libc.setlocale(6, b"C.UTF-8") is not None, "the C.UTF-8 locale is missing"
libc.setenv.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int]
if sys.argv[5] == "-":
    lib, prefix = libc, ""
    counter = ctypes.c_int.in_dll(libc, "_nl_msg_cat_cntr")
    reread = lambda: setattr(counter, "value", counter.value + 1)   # glibc reads LANGUAGE again
else:
    lib, prefix = ctypes.CDLL(sys.argv[5]), "parlance_"
    reread = lambda: lib.parlance_set_languages(None)
bind, codeset, dgettext, dngettext = (getattr(lib, prefix + name) for name in
                                      ("bindtextdomain", "bind_textdomain_codeset", "dgettext", "dngettext"))
for function in (bind, codeset, dgettext, dngettext):
    function.restype = ctypes.c_char_p
dngettext.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulong]
bind(b"d", root.encode())
codeset(b"d", b"UTF-8")
answers = {}
for language in languages:
    libc.setenv(b"LANGUAGE", language.encode(), 1)
    reread()
    answers[language] = {m: [dgettext(b"d", m.encode()).decode()]
                            + [dngettext(b"d", m.encode(), (m + "s").encode(), n).decode() for n in counts]
                         for m in messages}
print(json.dumps(answers, ensure_ascii=False))
"""


def libintl_answers(tree, library):
    env = dict(os.environ, LANG="C.UTF-8")
    env.pop("LC_ALL", None)
    run = subprocess.run([sys.executable, "-c", PROBE, str(tree), json.dumps(LANGUAGES), json.dumps(MESSAGES),
                          json.dumps(COUNTS), library], env=env, capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    root = tmp_path_factory.mktemp("modifiers")
    for language, entries in TREE.items():
        po = root / f"{language}.po"
        po.write_text(HEADER + "".join(entry(k, v) for k, v in entries.items()), encoding="utf-8")
        mo = root / "locale" / language / "LC_MESSAGES" / "d.mo"
        mo.parent.mkdir(parents=True)
        subprocess.run(["msgfmt", "-o", str(mo), str(po)], check=True)
    return root / "locale"


@pytest.fixture(scope="module")
def glibc(tree):
    return libintl_answers(tree, "-")


def test_glibc_itself_keeps_the_modifier_rules(glibc):
    # The reference behaves as the module's docstring says, so the
    # comparison below is about these rules.
    assert glibc["ca"]["Open"][0] == "Obre"
    assert glibc["ca@valencia"]["Open"][0] == "Obri"
    assert glibc["be@latin"]["Close"][0] == "Закрыць"
    assert glibc["sr@latin"]["File"] == ["datoteka (latinica)"] * (1 + len(COUNTS))


def test_a_tree_loaded_whole_answers_as_glibc(tree, glibc):
    with parlance.Catalog() as catalog:
        catalog.load(str(tree))
        assert {"ca", "ca-valencia", "be-Latn", "sr-Latn", "sr-ijekavsk", "en-x-quot"} <= set(catalog.locales)
        for language in LANGUAGES:
            with parlance.Localizer(catalog, [language]) as localizer:
                for message in MESSAGES:
                    text = localizer.lookup(message, table="d")
                    ours = [message if text is None else text]
                    for n in COUNTS:
                        found = localizer.explain(message, count=n, table="d")
                        ours.append(found.text if found.found else message if n == 1 else message + "s")
                    assert ours == glibc[language][message], (language, message)


def test_the_environment_names_the_same_chain(tree, glibc, library):
    # LANGUAGE read by a Localizer made with no locales (the C API's
    # "from the environment"), in a process of its own.
    probe = r"""
import json, sys, parlance
tree, messages = sys.argv[1], json.loads(sys.argv[2])
with parlance.Catalog() as catalog:
    catalog.load(tree)
    with parlance.Localizer(catalog, None) as localizer:
        print(json.dumps([localizer.lookup(m, table="d") or m for m in messages], ensure_ascii=False))
"""
    for language in ("ca", "ca@valencia", "be@latin", "sr@latin"):
        env = dict(os.environ, LANG="C.UTF-8", LANGUAGE=language, PARLANCE_LIBRARY=library,
                   PYTHONPATH=str(ROOT / "bindings" / "python"))
        env.pop("LC_ALL", None)
        run = subprocess.run([sys.executable, "-c", probe, str(tree), json.dumps(MESSAGES)], env=env,
                             capture_output=True, text=True, check=True)
        assert json.loads(run.stdout) == [glibc[language][m][0] for m in MESSAGES], language


def test_the_libintl_functions_answer_as_glibc(tree, glibc, library):
    assert libintl_answers(tree, library) == glibc
