"""Fluent through the public Python binding: a folder of LOCALE/NAME.ftl
resources loaded by Catalog.load, served by Localizer.text, format_named
and format_message — attributes by the key "message.attribute", terms
not served as messages, FSI/PDI isolation unless an isolation is set,
errors listed beside the text, and the chain doing the language fallback."""
import re

import pytest

import parlance

FSI, PDI = "\u2068", "\u2069"

EN = """\
-brand = Firefox
    .gender = masculine

# The greeting on the start page.
hello = Hello, { $name }!
about = About { -brand }
emails = { $count ->
    [one] You have one e-mail.
   *[other] You have { $count } e-mails.
}
login = Log in
    .title = Log in to { -brand }
    .accesskey = L
only-en = Only in English
missing = Dear { $who }
broken = { 
after-junk = Still here
"""

DE = """\
-brand = Firefox
hello = Hallo, { $name }!
emails = { $count ->
    [one] Sie haben eine E-Mail.
   *[other] Sie haben { $count } E-Mails.
}
login = Anmelden
    .title = Bei { -brand } anmelden
"""


@pytest.fixture
def catalog(library, tmp_path):
    for locale, text in (("en-US", EN), ("de", DE)):
        folder = tmp_path / "locales" / locale
        folder.mkdir(parents=True)
        (folder / "main.ftl").write_text(text, encoding="utf-8")
    with parlance.Catalog() as catalog:
        catalog.load(tmp_path)
        yield catalog


def test_the_folder_layout_gives_a_table_per_resource(catalog):
    assert set(catalog.locales) == {"en-US", "de"}
    assert catalog.tables == ("main",)
    assert catalog.message_syntax("main") == "fluent"


def test_messages_with_arguments_isolated_by_default(catalog):
    with parlance.Localizer(catalog, ["de"], development="en-US", table="main") as localizer:
        assert localizer.format_named("hello", {"name": "Anna"}) == f"Hallo, {FSI}Anna{PDI}!"
        assert localizer.format_named("emails", {"count": 1}) == "Sie haben eine E-Mail."
        assert localizer.format_named("emails", {"count": 5}) == f"Sie haben {FSI}5{PDI} E-Mails."
        off = parlance.FormatOptions(isolation="none")
        assert localizer.format_named("hello", {"name": "Anna"}, options=off) == "Hallo, Anna!"


def test_attributes_terms_and_the_fallback(catalog):
    with parlance.Localizer(catalog, ["de"], development="en-US", table="main") as localizer:
        # As in fluent-rs, message and term references are not isolated; variables are.
        assert localizer.format_named("login.title", {}) == "Bei Firefox anmelden"
        assert localizer.text("login") == "Anmelden"
        # Missing in German: the chain gives English, formatted in its own bundle.
        assert localizer.format_named("about", {}) == "About Firefox"
        assert localizer.format_named("login.accesskey", {}) == "L"
        assert localizer.text("only-en") == "Only in English"
        # Terms are no messages.
        assert localizer.lookup("-brand") is None
        assert localizer.lookup("brand") is None
        assert localizer.format_named("brand", {}) == "brand"


def test_errors_are_listed_and_formatting_goes_on(catalog):
    with parlance.Localizer(catalog, ["en-US"], table="main") as localizer:
        assert localizer.format_named("missing", {}) == f"Dear {FSI}{{$who}}{PDI}"
        text, errors = localizer.format_message("missing", {})
        assert text == f"Dear {FSI}{{$who}}{PDI}"
        assert [(e.kind, e.message) for e in errors] == [("Reference", "Unknown variable: $who")]
        # A broken entry costs that entry only.
        assert localizer.lookup("broken") is None
        assert localizer.text("after-junk") == "Still here"


def test_a_cycle_names_the_message_it_started_from(library):
    """As fluent-rs tracks the pattern it starts from: `foo` reaching back
    to itself through `bar` shows `{foo}` (its own fixture), not `{bar}`;
    the attribute asked for is tracked too."""
    with parlance.Catalog() as catalog:
        catalog.load_bytes(b"foo = { bar }\nbar = { foo }\nlink = Go\n    .title = { link.title }\n",
                           locale="en-US", table="cycles", format="fluent")
        with parlance.Localizer(catalog, ["en-US"], table="cycles") as localizer:
            text, errors = localizer.format_message("foo", {})
            assert (text, [e.kind for e in errors]) == ("{foo}", ["Cyclic"])
            text, errors = localizer.format_message("link.title", {})
            assert (text, [e.kind for e in errors]) == ("{link.title}", ["Cyclic"])


def test_notes_for_translators(catalog):
    notes = {entry.key: entry.comment for entry in catalog.entries("en-US", "main")}
    assert notes["hello"] == "The greeting on the start page."


def test_application_functions_are_fluent_functions(library, tmp_path):
    """Catalog.set_function registers a function MessageFormat 2 and Fluent
    share: positional arguments, named ones as options, the result's text;
    a function that fails or is unknown is written {NAME()}, as fluent.js
    writes a function that threw, with its error listed."""
    folder = tmp_path / "en-US"
    folder.mkdir()
    (folder / "main.ftl").write_text(
        'price = Costs { MONEY($amount, "EUR", style: "short", digits: 2) }\n'
        'shout = { SHOUT($name) }\n'
        'picked = { SHOUT($name) ->\n    [ADA] Hi Ada\n   *[other] Someone\n}\n'
        'failing = { SHOUT(3) }\n'
        'unknown = { NOPE($name) }\n', encoding="utf-8")
    seen = []

    def money(call):
        seen.append((call.name, call.locale, call.operand, call.arguments, call.options))
        return parlance.FunctionResult(text=f"{call.arguments[0]} {call.arguments[1]}")

    def shout(call):
        if not isinstance(call.operand, str):
            call.error("bad-operand", "SHOUT takes a string")
            return None
        return parlance.FunctionResult(text=call.operand.upper())

    with parlance.Catalog() as catalog:
        catalog.load(tmp_path)
        catalog.set_function("MONEY", money)
        catalog.set_function("SHOUT", shout)
        off = parlance.FormatOptions(isolation="none")
        with parlance.Localizer(catalog, ["en-US"], table="main") as localizer:
            assert localizer.format_named("price", {"amount": 12.5}, options=off) == "Costs 12.5 EUR"
            import decimal
            assert seen == [("MONEY", "en-US", decimal.Decimal("12.5"), [decimal.Decimal("12.5"), "EUR"],
                             {"style": "short", "digits": decimal.Decimal("2")})]
            assert localizer.format_named("shout", {"name": "ada"}) == "ADA"
            # A selector on a function's result compares its text with the keys.
            assert localizer.format_named("picked", {"name": "ada"}) == "Hi Ada"
            assert localizer.format_named("picked", {"name": "bob"}) == "Someone"
            text, errors = localizer.format_message("failing", {})
            assert text == "{SHOUT()}"
            assert [(e.kind, e.message) for e in errors] == [("Function", "SHOUT(): SHOUT takes a string")]
            text, errors = localizer.format_message("unknown", {"name": "x"})
            assert text == "{NOPE()}"
            assert [(e.kind, e.message) for e in errors] == [("Reference", "Unknown function: NOPE()")]
            catalog.set_function("SHOUT", None)
            assert localizer.format_named("shout", {"name": "ada"}) == "{SHOUT()}"


def test_nested_resources_are_tables_named_by_their_resource_path(library):
    """mozilla.org's resources (corpus3, www-l10n) lie up to four folders
    under their language (`pl/mozorg/about/governance/policies/participation.ftl`):
    each is the table of its path from the language folder without `.ftl`,
    the resource id L10nRegistry asks for less its extension."""
    from conftest import ROOT, _unpacked
    _unpacked("corpus3.tar.xz", ROOT / "build" / "reference-data", ".corpus3")
    tree = ROOT / "build" / "reference-data" / "corpus3" / "fluent" / "mozilla-l10n__www-l10n"
    expected = {}
    for language in sorted(path for path in tree.iterdir() if path.is_dir() and not path.name.startswith(".")):
        for path in language.rglob("*.ftl"):
            expected.setdefault(path.relative_to(language).with_suffix("").as_posix(), set()).add(language.name)
    assert max(name.count("/") for name in expected) == 4
    with parlance.Catalog() as catalog:
        catalog.load(tree)
        assert set(catalog.tables) == set(expected)
        table = "mozorg/about/governance/policies/participation"
        assert "pl" in expected[table]
        with parlance.Localizer(catalog, ["pl"], table=table) as localizer:
            source = (tree / "pl" / (table + ".ftl")).read_text(encoding="utf-8")
            # A message of one line of text alone, the next line no continuation.
            key, value = re.search(r"^([a-z][\w-]*) = ([^{\n]+)\n(?![ \t])", source, re.M).groups()
            assert localizer.text(key) == value.strip()
