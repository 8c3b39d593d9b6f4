"""The source text's plural form (gettext's msgid_plural) from the C API
(Tests/c/test_source_plural.c) and the CLI (`parlance get --plural`), each
next to CPython's ngettext on the same .mo files: English msgids, no `en`
catalog, a `de` catalog without the key and a `ru` one with it."""

import gettext
import shutil
import subprocess

import pytest

from conftest import build_c_program

SINGULAR, PLURAL = "You have %d new message.", "You have %d new messages."
COUNTS = [0, 1, 2, 3, 5, 11, 21, 101]
HEADER = 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\nPlural-Forms: {forms}\\n"\n\n'
CATALOGS = {
    "de": ("nplurals=2; plural=(n != 1);",
           'msgid "%d day"\nmsgid_plural "%d days"\nmsgstr[0] "%d Tag"\nmsgstr[1] "%d Tage"\n'),
    "ru": ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
           f'msgid "{SINGULAR}"\nmsgid_plural "{PLURAL}"\nmsgstr[0] "У вас %d новое сообщение."\n'
           'msgstr[1] "У вас %d новых сообщения."\nmsgstr[2] "У вас %d новых сообщений."\n'),
}


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    if shutil.which("msgfmt") is None:
        pytest.fail("msgfmt (gettext) is missing; scripts/install-deps.sh installs it")
    root = tmp_path_factory.mktemp("source-plural") / "locale"
    for locale, (forms, body) in CATALOGS.items():
        folder = root / locale / "LC_MESSAGES"
        folder.mkdir(parents=True)
        po = folder / "app.po"
        po.write_text(HEADER.format(forms=forms) + body, encoding="utf-8")
        subprocess.run(["msgfmt", "-o", str(folder / "app.mo"), str(po)], check=True)
        po.unlink()
    return root


@pytest.fixture(scope="module")
def c_program(library, tmp_path_factory):
    """Tests/c/test_source_plural.c, built against include/ and the library."""
    return build_c_program("test_source_plural", library, tmp_path_factory.mktemp("c"))


@pytest.mark.parametrize("locale", ["de", "ru", "ja"])
@pytest.mark.parametrize("singular,plural", [(SINGULAR, PLURAL), ("%d day", "%d days")])
def test_c_api_agrees_with_cpython_ngettext(c_program, tree, locale, singular, plural):
    reference = gettext.translation("app", str(tree), languages=[locale], fallback=True)
    run = subprocess.run([str(c_program), str(tree), locale, "app", singular, plural, *map(str, COUNTS)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == len(COUNTS)
    for n, line in zip(COUNTS, lines):
        want = reference.ngettext(singular, plural, n)
        assert line.split("\t") == [str(n), want, want % n], (locale, n)


@pytest.mark.parametrize("locale", ["de", "ru"])
def test_cli_get_plural_agrees_with_cpython_ngettext(cli, tree, locale):
    reference = gettext.translation("app", str(tree), languages=[locale], fallback=True)
    for singular, plural in [(SINGULAR, PLURAL), ("%d day", "%d days")]:
        for n in COUNTS:
            want = reference.ngettext(singular, plural, n)
            base = [cli, "get", "--catalog", str(tree), "--locale", locale, "--table", "app", "--count", str(n),
                    "--plural", plural, singular]
            run = subprocess.run(base, capture_output=True, text=True, timeout=60)
            assert run.returncode == 0, run.stderr
            assert run.stdout == want % n + "\n", (locale, singular, n)
            raw = subprocess.run(base + ["--raw"], capture_output=True, text=True, timeout=60)
            assert raw.stdout == want + "\n", (locale, singular, n)


def test_cli_plural_needs_a_count(cli, tree):
    run = subprocess.run([cli, "get", "--catalog", str(tree), "--plural", PLURAL, SINGULAR],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode != 0
    assert "--plural needs --count" in run.stderr
