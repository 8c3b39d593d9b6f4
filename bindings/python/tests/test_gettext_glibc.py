"""Where parlance.gettext follows GNU libintl rather than the standard
library, as its docstring and bindings/python/README.md list: each case
shows the standard library's answer and Parlance's libintl answer."""

import gettext as stdlib_gettext
import io
from decimal import Decimal
from fractions import Fraction
import struct
import subprocess
import warnings

import pytest

from parlance import gettext as pgettext


@pytest.fixture
def mo(gettext_catalogs):
    return str(gettext_catalogs.mo)


def test_unparsable_plural_forms_means_germanic(mo):
    with pytest.raises(ValueError):
        stdlib_gettext.translation("broken", mo, ["xx"])
    t = pgettext.translation("broken", mo, ["xx"])
    assert t.info()["plural-forms"] == "nplurals=2; plural=(n==1 ? 0 : ;"
    assert t.gettext("Hello") == "Hello (xx)"
    assert [t.ngettext("%d file", "%d files", n) for n in (0, 1, 2, 11)] == [
        "%d files (xx other)", "%d file (xx one)", "%d files (xx other)", "%d files (xx other)"]


def test_deeply_nested_plural_forms_are_evaluated(mo):
    with pytest.raises(ValueError, match="too complex"):
        stdlib_gettext.translation("deep", mo, ["xx"])
    t = pgettext.translation("deep", mo, ["xx"])
    for n in range(0, 60):
        expected = "%d file (ends in 1)" if n % 10 == 1 else "%d files (other)"
        assert t.ngettext("%d file", "%d files", n) == expected


def test_index_past_nplurals_selects_the_first_form(mo):
    std = stdlib_gettext.translation("overflow", mo, ["xx"])
    t = pgettext.translation("overflow", mo, ["xx"])
    # plural=n%3 with nplurals=2: n = 2 gives index 2.
    assert std.ngettext("%d file", "%d files", 2) == "%d files"          # missing form: msgid_plural
    assert t.ngettext("%d file", "%d files", 2) == "%d file (0)"
    assert std.ngettext("%d book", "%d books", 5) == "%d books (2)"      # msgstr[2] exists
    assert t.ngettext("%d book", "%d books", 5) == "%d book (0)"         # but 2 >= nplurals
    assert t.ngettext("%d book", "%d books", 4) == std.ngettext("%d book", "%d books", 4) == "%d books (1)"


def test_index_past_the_forms_given_selects_the_first_form(mo):
    std = stdlib_gettext.translation("app", mo, ["ru"])
    t = pgettext.translation("app", mo, ["ru"])
    # "%d day" has two of Russian's three forms.
    assert std.ngettext("%d day", "%d days", 5) == "%d days"
    assert t.ngettext("%d day", "%d days", 5) == "%d день"
    assert t.ngettext("%d day", "%d days", 3) == std.ngettext("%d day", "%d days", 3) == "%d дня"


def test_division_by_zero_selects_the_first_form(mo):
    std = stdlib_gettext.translation("divzero", mo, ["xx"])
    t = pgettext.translation("divzero", mo, ["xx"])
    with pytest.raises(ZeroDivisionError):
        std.ngettext("%d file", "%d files", 10)
    assert t.ngettext("%d file", "%d files", 10) == "%d file (0)"
    assert t.ngettext("%d file", "%d files", 9) == std.ngettext("%d file", "%d files", 9) == "%d files (1)"
    assert t.ngettext("unknown", "unknowns", 10) == "unknowns"


def test_counts_wrap_like_unsigned_long(mo):
    std = stdlib_gettext.translation("app", mo, ["ru"])
    t = pgettext.translation("app", mo, ["ru"])
    forms = ["%d файл", "%d файла", "%d файлов"]
    # Python: -9 % 10 == 1 and -9 % 100 == 91, the "one" form; libintl sees 2**64 - 9.
    assert std.ngettext("%d file", "%d files", -9) == forms[0]
    assert std.plural(2**64 - 9) == 2
    assert t.ngettext("%d file", "%d files", -9) == forms[2]
    for n in (-1, -2, -21, -(2**63)):
        assert t.ngettext("%d file", "%d files", n) == forms[std.plural(n % 2**64)]
    assert t.ngettext("%d file", "%d files", 2**64 + 1) == forms[0]
    assert t.ngettext("%d file", "%d files", 2**64 + 2) == forms[1]
    assert t.ngettext("%d file", "%d files", 2**70 + 5) == forms[std.plural((2**70 + 5) % 2**64)]


def test_non_integer_counts_warn_and_go_to_the_formula_as_they_are(mo):
    std = stdlib_gettext.translation("app", mo, ["ru"])
    t = pgettext.translation("app", mo, ["ru"])
    with pytest.warns(DeprecationWarning, match="Plural value must be an integer, got float") as caught:
        assert t.ngettext("%d file", "%d files", 2.5) == "%d файла"   # 2 <= 2.5 % 10 <= 4
    assert len(caught) == 1 and caught[0].filename == __file__
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert t.ngettext("%d file", "%d files", 1.0) == "%d файл"
        assert t.npgettext("mailbox", "%d message", "%d messages", 21.9) == "%d писем"
        for n in (0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 11.0, 21.0, 21.9, 22.0, 101.0, 1e20, Fraction(7, 2), Decimal("21")):
            assert t.ngettext("%d file", "%d files", n) == std.ngettext("%d file", "%d files", n), n
            assert t.npgettext("mailbox", "%d message", "%d messages", n) == \
                std.npgettext("mailbox", "%d message", "%d messages", n), n
    for bad in ("3", None):
        for module in (stdlib_gettext, pgettext):
            with pytest.raises(TypeError, match="Plural value must be an integer, got"):
                module.translation("app", mo, ["ru"]).ngettext("%d file", "%d files", bad)
    assert t.ngettext("%d file", "%d files", True) == "%d файл"


def test_plural_entry_through_gettext_gives_the_first_form(mo):
    std = stdlib_gettext.translation("app", mo, ["ar"])
    t = pgettext.translation("app", mo, ["ar"])
    assert std.gettext("%d file") == "ملف واحد (%d)"        # the form for n = 1
    assert t.gettext("%d file") == "لا ملفات (%d)"           # msgstr[0]
    assert std.pgettext("mailbox", "%d message") == "رسالة واحدة"
    assert t.pgettext("mailbox", "%d message") == "لا رسائل"


def test_singular_entry_through_ngettext_answers_every_count(mo):
    std = stdlib_gettext.translation("app", mo, ["ru"])
    t = pgettext.translation("app", mo, ["ru"])
    assert std.ngettext("Hello", "Hellos", 5) == "Hellos"
    assert [t.ngettext("Hello", "Hellos", n) for n in (0, 1, 5)] == ["Привет"] * 3
    assert t.npgettext("menu", "Open", "Opens", 2) == "Открыть файл"
    assert t.ngettext("", "headers", 2) == std.ngettext("", "headers", 2) == "headers"


def _compile(tmp_path, text, name="t"):
    po = tmp_path / f"{name}.po"
    po.write_bytes(text.encode("utf-8"))
    mo = tmp_path / f"{name}.mo"
    result = subprocess.run(["msgfmt", "-o", str(mo), str(po)], capture_output=True)
    if result.returncode != 0:
        pytest.skip(f"msgfmt refused the catalog: {result.stderr.decode()}")
    return mo


def test_catalog_without_charset_is_utf8(gettext_catalogs, tmp_path):
    mo = _compile(tmp_path, 'msgid ""\nmsgstr ""\n"Language: de\\n"\n\nmsgid "Tuer"\nmsgstr "Tür"\n')
    with open(mo, "rb") as fp, pytest.raises(UnicodeDecodeError):
        stdlib_gettext.GNUTranslations(fp)
    with open(mo, "rb") as fp:
        t = pgettext.GNUTranslations(fp)
    assert t.gettext("Tuer") == "Tür"
    assert t.charset() is None
    assert t.info() == {"language": "de"}


def test_malformed_mo_raises_oserror(gettext_catalogs, tmp_path):
    good = (gettext_catalogs.mo / "ru" / "LC_MESSAGES" / "app.mo").read_bytes()
    for data, message in ((b"not a catalog at all", "Bad magic number"),
                          (good[:4] + struct.pack("<I", 3 << 16) + good[8:], "Bad version number 3")):
        for module in (stdlib_gettext, pgettext):
            with pytest.raises(OSError) as raised:
                module.GNUTranslations(io.BytesIO(data))
            assert raised.value.args[:2] == (0, message)
    truncated = tmp_path / "ru" / "LC_MESSAGES" / "app.mo"
    truncated.parent.mkdir(parents=True)
    truncated.write_bytes(good[:len(good) // 2])
    for module in (stdlib_gettext, pgettext):
        with pytest.raises(OSError) as raised, open(truncated, "rb") as fp:
            module.GNUTranslations(fp)
        assert raised.value.errno == 0
        assert raised.value.filename == str(truncated)


def test_shift_jis_uses_the_jis_mapping(gettext_catalogs, tmp_path):
    text = "〜 ‖ − ¢ £ ¬"   # 0x8160 0x8161 0x817C 0x8191 0x8192 0x81CA
    po = tmp_path / "ja" / "LC_MESSAGES" / "sjis.po"
    po.parent.mkdir(parents=True)
    po.write_bytes(('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=Shift_JIS\\n"\n\n'
                    f'msgid "Symbols"\nmsgstr "{text}"\n').encode("shift_jis"))
    subprocess.run(["msgfmt", "-o", str(po.with_suffix(".mo")), str(po)], check=True)
    std = stdlib_gettext.translation("sjis", str(tmp_path), ["ja"])
    assert std.gettext("Symbols") == text
    assert pgettext.translation("sjis", str(tmp_path), ["ja"]).gettext("Symbols") == text
