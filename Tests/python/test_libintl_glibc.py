"""Parlance's libintl functions against glibc's own, same catalogs, same
LANGUAGE: locales with a modifier (``sr@Latn``, ``sr@latin``) whose catalog
has a message without plural forms that the next language has with them.

Each side runs in its own process (glibc's catalogs and locale are process
state) after setlocale(LC_ALL, "C.UTF-8"): glibc's dngettext/dgettext, or
parlance_dngettext/parlance_dgettext from the library under test.
"""
import ctypes.util
import json
import os
import shutil
import subprocess
import sys

import pytest

SINGULAR_ONLY = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

msgid "%d file"
msgstr "latinica: %d fajl"

msgid "Only here"
msgstr "Samo ovde"
"""

PLURAL = """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

msgid "%d file"
msgid_plural "%d files"
msgstr[0] "ћирилица: %d фајл"
msgstr[1] "ћирилица: %d фајла"
msgstr[2] "ћирилица: %d фајлова"
"""

COUNTS = list(range(0, 30)) + [101, 111, 1001]

PROBE = r"""
import ctypes, json, sys
which, library, root = sys.argv[1:4]
libc = ctypes.CDLL(None)
libc.setlocale.restype = ctypes.c_char_p
libc.setlocale.argtypes = [ctypes.c_int, ctypes.c_char_p]
if libc.setlocale(6, b"C.UTF-8") is None:   # LC_ALL, as the program being switched sets it
    print("null")
    sys.exit()
if which == "glibc":
    lib = libc
    prefix = ""
else:
    lib = ctypes.CDLL(library)
    prefix = "parlance_"
bind = getattr(lib, prefix + "bindtextdomain")
bind.restype = ctypes.c_char_p
bind(b"app", root.encode())
codeset = getattr(lib, prefix + "bind_textdomain_codeset")
codeset.restype = ctypes.c_char_p
codeset(b"app", b"UTF-8")
dngettext = getattr(lib, prefix + "dngettext")
dngettext.restype = ctypes.c_char_p
dngettext.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulong]
dgettext = getattr(lib, prefix + "dgettext")
dgettext.restype = ctypes.c_char_p
dgettext.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
counts = json.loads(sys.argv[4])
print(json.dumps({
    "ngettext": [dngettext(b"app", b"%d file", b"%d files", n).decode() for n in counts],
    "gettext": [dgettext(b"app", m).decode() for m in (b"%d file", b"Only here", b"Missing")],
}, ensure_ascii=False))
"""


def probe(which, library, root, language):
    # LANG as well as setlocale(): Parlance reads the locale from the
    # environment, glibc from setlocale(); here both name C.UTF-8.
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES")}
    env.update(LANG="C.UTF-8", LANGUAGE=language)
    out = subprocess.run([sys.executable, "-c", PROBE, which, library, str(root), json.dumps(COUNTS)],
                         env=env, capture_output=True, text=True, check=True).stdout
    return json.loads(out)


@pytest.mark.parametrize("modifier", ["Latn", "latin"])
def test_a_message_without_plural_forms_answers_as_glibc(library, tmp_path, modifier):
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None or ctypes.util.find_library("c") is None:
        pytest.skip("needs msgfmt and glibc")
    for lang, text in ((f"sr@{modifier}", SINGULAR_ONLY), ("sr", PLURAL)):
        po = tmp_path / f"{lang}.po"
        po.write_text(text, encoding="utf-8")
        mo = tmp_path / "locale" / lang / "LC_MESSAGES" / "app.mo"
        mo.parent.mkdir(parents=True)
        subprocess.run([msgfmt, "-o", str(mo), str(po)], check=True)
    language = f"sr@{modifier}:sr"
    glibc = probe("glibc", library, tmp_path / "locale", language)
    if glibc is None:
        pytest.skip("the C.UTF-8 locale is not installed")
    # glibc takes the first catalog holding the msgid, plural forms or not,
    # and serves its one form for every count.
    assert glibc["ngettext"] == ["latinica: %d fajl"] * len(COUNTS)
    assert glibc["gettext"] == ["latinica: %d fajl", "Samo ovde", "Missing"]
    assert probe("parlance", library, tmp_path / "locale", language) == glibc
