"""Several `#,` lines before one message: msgfmt (the judge) reads each one
as replacing the flags before it, so `#, fuzzy` followed by `#, c-format`
is not fuzzy and is compiled, while `#, c-format` followed by `#, fuzzy`
is. Parlance serves from the .po what msgfmt writes to the .mo."""
import gettext as stdlib_gettext
import shutil
import subprocess

import pytest

import parlance

PO = """msgid ""
msgstr "Content-Type: text/plain; charset=UTF-8\\n"

#, fuzzy
#, c-format
msgid "a %d"
msgstr "A %d"

#, c-format
#, fuzzy
msgid "b"
msgstr "B"

#, fuzzy
#. note
#, no-wrap
msgid "c"
msgstr "C"

#,fuzzy
msgid "d"
msgstr "D"

#, fuzzy,c-format
msgid "e"
msgstr "E"

#, c-format fuzzy
msgid "f"
msgstr "F"

#, fuzzy
#= no-wrap
msgid "g"
msgstr "G"

#, fuzzy
#, c-format
msgid "p"
msgid_plural "ps"
msgstr[0] "P"
msgstr[1] "Ps"

msgid "plain"
msgstr "Plain"
"""


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="msgfmt (gettext) is not installed")
def test_po_serves_what_msgfmt_compiles_from_several_flag_lines(tmp_path):
    po = tmp_path / "fr" / "LC_MESSAGES" / "app.po"
    po.parent.mkdir(parents=True)
    po.write_text(PO, encoding="utf-8")
    mo = tmp_path / "app.mo"
    subprocess.run(["msgfmt", "-o", str(mo), str(po)], check=True)
    with open(mo, "rb") as f:
        compiled = {k if isinstance(k, str) else k[0]: v for k, v in stdlib_gettext.GNUTranslations(f)._catalog.items() if k}
    theirs = sorted(compiled)
    assert theirs == ["a %d", "c", "p", "plain"]

    with parlance.Catalog() as catalog:
        catalog.load(str(po), locale="fr", table="app")
        ours = sorted(e.key for e in catalog.entries("fr", "app"))
    assert ours == theirs
