"""Messages built to exhaust the stack: an ICU MessageFormat message of
100,000 nested plural arms is refused with a located error before ICU
(which parses recursively) sees it; a MessageFormat 2 message of a chain
of 100,000 `.local` declarations, each using the one before, formats."""

import pytest

import parlance

DEPTH = 100_000


def _localizer(cat, text, syntax, table):
    cat.load_bytes(('"m" = "%s";' % text.replace("\n", "\\n")).encode(), "en", table=table)
    cat.set_message_syntax(syntax, table=table)
    return parlance.Localizer(cat, ["en"])


def test_deeply_nested_icu_messages_are_refused_where_they_nest_too_deep():
    pattern = "{c, plural, other {" * DEPTH + "x" + "}}" * DEPTH
    with parlance.Catalog() as cat, _localizer(cat, pattern, "icu", "M") as loc:
        with pytest.raises(parlance.FormatError, match=r"1:1217: arguments nest deeper than 64 levels"):
            loc.format_named("m", {"c": 1}, table="M")
        # Nesting within the limit still formats.
        shallow = "{c, plural, other {" * 10 + "x" + "}}" * 10
    with parlance.Catalog() as cat, _localizer(cat, shallow, "icu", "M") as loc:
        assert loc.format_named("m", {"c": 1}, table="M") == "x"


@pytest.mark.parametrize("length", [10_000, DEPTH])
def test_a_long_chain_of_declarations_formats(length):
    source = (".local $a0 = {7 :number}\n" + "".join(f".local $a{i} = {{$a{i - 1}}}\n" for i in range(1, length))
              + "{{{$a%d} and {$a%d}}}" % (length - 1, length // 2))
    with parlance.Catalog() as cat, _localizer(cat, source, "mf2", "M2") as loc:
        assert loc.format_named("m", {}, table="M2") == "7 and 7"
