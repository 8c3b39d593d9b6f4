"""The source text's plural form (gettext's msgid_plural) through
Localizer.plural()/format(plural=...): with English msgids and no English
catalog, a key the chain's tables lack gives what CPython's
``ngettext(s, p, n)`` gives on the same files."""

import gettext
import shutil
import subprocess

import pytest

import parlance

HEADER = 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\nPlural-Forms: {forms}\\n"\n\n'
SINGULAR, PLURAL = "You have %d new message.", "You have %d new messages."
COUNTS = [0, 1, 2, 3, 5, 11, 21, 101, 1000]


def write_tree(root):
    """de lacks the message; ru has it; both have `%d file`. No en catalog."""
    catalogs = {
        "de": ("nplurals=2; plural=(n != 1);",
               'msgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] "%d Datei"\nmsgstr[1] "%d Dateien"\n'),
        "ru": ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
               'msgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] "%d файл"\nmsgstr[1] "%d файла"\nmsgstr[2] "%d файлов"\n\n'
               f'msgid "{SINGULAR}"\nmsgid_plural "{PLURAL}"\nmsgstr[0] "У вас %d новое сообщение."\n'
               'msgstr[1] "У вас %d новых сообщения."\nmsgstr[2] "У вас %d новых сообщений."\n'),
    }
    for locale, (forms, body) in catalogs.items():
        folder = root / locale / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "app.po").write_text(HEADER.format(forms=forms) + body, encoding="utf-8")
        subprocess.run(["msgfmt", "-o", str(folder / "app.mo"), str(folder / "app.po")], check=True)
        (folder / "app.po").unlink()   # one source per table: the .mo both runtimes read
    return root


@pytest.fixture()
def tree(tmp_path):
    if shutil.which("msgfmt") is None:
        pytest.fail("msgfmt (gettext) is missing; scripts/install-deps.sh installs it")
    return write_tree(tmp_path / "locale")


@pytest.mark.parametrize("locale", ["de", "ru", "fr"])
def test_format_and_plural_agree_with_cpython_ngettext(tree, locale):
    reference = gettext.translation("app", str(tree), languages=[locale], fallback=True)
    with parlance.Catalog() as cat:
        cat.load(tree)
        loc = parlance.Localizer(cat, [locale])
        for singular, plural in [(SINGULAR, PLURAL), ("%d file", "%d files")]:
            for n in COUNTS:
                want = reference.ngettext(singular, plural, n)
                assert loc.plural(singular, n, table="app", plural=plural) == want, (locale, singular, n)
                assert loc.format(singular, n, plural=plural, table="app") == want % n, (locale, singular, n)
                # Cached and uncached answers are the same: ask again.
                assert loc.format(singular, n, plural=plural, table="app") == want % n


def test_the_issue_example(tree):
    with parlance.Catalog() as cat:
        cat.load(tree)
        loc = parlance.Localizer(cat, ["de"])
        assert loc.format(SINGULAR, 5, plural=PLURAL, table="app") == "You have 5 new messages."
        assert loc.format(SINGULAR, 1, plural=PLURAL, table="app") == "You have 1 new message."
        # Without the plural the key is all there is, as before.
        assert loc.format(SINGULAR, 5, table="app") == "You have 5 new message."
        assert loc.plural(SINGULAR, 5, table="app") == SINGULAR


def test_the_development_language_rule_chooses(tree):
    """CLDR's rule of the development language, not English's n == 1:
    French counts 0 and 1.5 as `one`; English "1.0" (a visible fraction digit) is `other`."""
    with parlance.Catalog() as cat:
        cat.load(tree)
        fr = parlance.Localizer(cat, ["de"], development="fr")
        assert fr.plural("%d chat", 0, table="app", plural="%d chats") == "%d chat"
        assert fr.plural("%d chat", 2, table="app", plural="%d chats") == "%d chats"
        en = parlance.Localizer(cat, ["de"])
        assert en.plural("%s cat", "1.0", table="app", plural="%s cats") == "%s cats"
        assert en.plural("%s cat", "1", table="app", plural="%s cats") == "%s cat"
        assert en.format("%.1f cat", 1.5, plural="%.1f cats", table="app") == "1.5 cats"


def test_caches_follow_changes(tree):
    """plural() and format() results are cached per count; a locale switch,
    a load or new format options are seen at once."""
    with parlance.Catalog() as cat:
        cat.load(tree)
        loc = parlance.Localizer(cat, ["de"])
        assert loc.format(SINGULAR, 5, plural=PLURAL, table="app") == "You have 5 new messages."
        loc.set_locales(["ru"])
        assert loc.format(SINGULAR, 5, plural=PLURAL, table="app") == "У вас 5 новых сообщений."
        assert loc.plural("%d file", 5, table="app") == "%d файлов"
        loc.set_locales(["de"])
        assert loc.plural("%d file", 5, table="app") == "%d Dateien"
        cat.load_bytes(('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                        f'msgid "{SINGULAR}"\nmsgid_plural "{PLURAL}"\nmsgstr[0] "Eine Nachricht"\n'
                        'msgstr[1] "%d Nachrichten"\n').encode(), locale="de", table="app", format="po")
        assert loc.format(SINGULAR, 5, plural=PLURAL, table="app") == "5 Nachrichten"


def test_bad_arguments_raise_and_are_not_cached(tree):
    with parlance.Catalog() as cat:
        cat.load(tree)
        loc = parlance.Localizer(cat, ["de"])
        with pytest.raises(TypeError):
            loc.plural(SINGULAR, 2, table="app", plural=3)
        with pytest.raises(ValueError):
            loc.format(SINGULAR, 2, plural="a\0b", table="app")
        with pytest.raises(parlance.FormatError):
            loc.format("%s!", 2, plural="%s!", table="app")
        with pytest.raises(parlance.FormatError):
            loc.format("%s!", 2, plural="%s!", table="app")


def test_cached_answers_follow_options_device_and_miss_callbacks(tree):
    """The per-count caches of plural() and format(): new format options
    are seen at once, and with a miss callback every call reaches it."""
    with parlance.Catalog() as cat:
        cat.load(tree)
        loc = parlance.Localizer(cat, ["ru"], table="app")
        assert loc.format("%d file", 12345) == "12345 файлов"
        loc.format_options = parlance.FormatOptions(numbers="locale")
        assert loc.format("%d file", 12345) == "12\u00a0345 файлов"
        loc.format_options = parlance.FormatOptions(numbers="c")
        assert loc.format("%d file", 12345) == "12345 файлов"
        heard = []
        loc.on_miss(lambda key, context, table, locales: heard.append(key))
        for _ in range(3):
            assert loc.format(SINGULAR, 2, plural=PLURAL, table="de-only") == "You have 2 new messages."
            assert loc.plural(SINGULAR, 2, plural=PLURAL, table="de-only") == PLURAL
        assert heard == [SINGULAR] * 6
