"""MessageFormat 2 messages from Python: keyword values, typed values
(Decimal, datetime), selection, located errors, bidi isolation by the
spec's default strategy. The engine's own conformance suite is Swift's
(Tests/ParlanceTests/Messages, docs/messageformat2.md); this checks that
messages reach it from a table through the C ABI unchanged."""

import datetime
import decimal

import pytest

import parlance

MESSAGES = {
    "en": {
        "files": ".input {$count :integer}\n.match $count\n0 {{No files}}\none {{One file}}\n* {{{$count} files}}",
        "price": "Total: {$amount :number minimumFractionDigits=2}",
        "when": "Sent {$at :date length=long}",
        "both": ".input {$a :integer}\n.input {$b :integer}\n.match $a $b\none one {{1 and 1}}\none * {{1 and many}}\n"
                "* * {{{$a} and {$b}}}",
        "hello": "Hello, {$name}!",
        "broken": "Hello, {$name",
    },
    "ar": {
        "hello": "مرحبا {$name}!",
    },
}


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    root = tmp_path_factory.mktemp("mf2")
    for locale, messages in MESSAGES.items():
        folder = root / f"{locale}.lproj"
        folder.mkdir()
        lines = []
        for key, text in messages.items():
            escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            lines.append(f'"{key}" = "{escaped}";\n')
        (folder / "Messages.strings").write_text("".join(lines), encoding="utf-8")
    with parlance.Catalog() as catalog:
        catalog.load(root)
        catalog.set_message_syntax("mf2", table="Messages")
        yield catalog


def test_selection_and_numbers(catalog):
    with parlance.Localizer(catalog, ["en"]) as en:
        def t(key, **values):
            return en.format_named(key, table="Messages", **values)
        assert [t("files", count=n) for n in (0, 1, 2, 1234)] == ["No files", "One file", "2 files", "1,234 files"]
        assert t("price", amount=decimal.Decimal("1234.5")) == "Total: 1,234.50"
        assert t("price", amount=3) == "Total: 3.00"
        assert t("both", a=1, b=1) == "1 and 1"
        assert t("both", a=1, b=5) == "1 and many"
        assert t("both", a=3, b=1) == "3 and 1"
        at = datetime.datetime(2026, 12, 2, 12, 0, tzinfo=datetime.timezone.utc)
        assert t("when", at=at) == "Sent December 2, 2026"


def test_errors_are_format_errors_with_their_kind(catalog):
    with parlance.Localizer(catalog, ["en"]) as en:
        with pytest.raises(parlance.FormatError, match=r"en/Messages: 'broken': 1:\d+: syntax-error"):
            en.format_named("broken", table="Messages", name="x")
        with pytest.raises(parlance.FormatError, match="unresolved-variable"):
            en.format_named("hello", table="Messages")
        with pytest.raises(parlance.FormatError, match="takes named values"):
            en.format("hello", "x", table="Messages")


def test_isolation_follows_the_default_bidi_strategy(catalog):
    with parlance.Localizer(catalog, ["ar"]) as ar, parlance.Localizer(catalog, ["en"]) as en:
        # The Default Bidi Strategy when isolation is asked for: a right-to-left message isolates its
        # placeholders; an LTR one only non-LTR values. Off (the default), no isolates.
        assert ar.format_named("hello", table="Messages", name="Ann") == "مرحبا Ann!"
        assert ar.format_named("hello", table="Messages", name="Ann",
                               options=parlance.FormatOptions(isolation="automatic")) == "مرحبا \u2068Ann\u2069!"
        assert en.format_named("hello", table="Messages", name="Ann") == "Hello, Ann!"
        isolated = en.format_named("hello", table="Messages", name="שלום",
                                   options=parlance.FormatOptions(isolation="first_strong"))
        assert isolated == "Hello, \u2068שלום\u2069!"
