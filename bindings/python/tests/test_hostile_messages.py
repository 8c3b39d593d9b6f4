"""Messages built to exhaust the stack: an ICU MessageFormat message of
100,000 nested plural arms is refused with a located error before ICU
(which parses recursively) sees it; a MessageFormat 2 message of a chain
of 100,000 `.local` declarations, each using the one before, formats."""

from pathlib import Path

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


def test_i18next_nesting_that_fans_out_is_refused_before_the_text_is_built(tmp_path):
    """`b0` nests `b1` eight times, … down to `b8`, a 1 MB text: 1 MB of
    input asking for 8⁸ MB (16 TB) of output. The call counts each piece of
    text before it writes it and fails at the 16 MiB limit with
    PARLANCE_ERESOURCE, having built at most that much. A child process
    runs it, its timeout only a guard: building the text would take hours
    and more memory than the machine has."""
    import json
    import subprocess
    import sys
    messages = {f"b{level}": " ".join([f"$t(b{level + 1})"] * 8) for level in range(8)}
    messages["b8"] = "x" * 1_000_000
    messages["fits"] = "$t(b8) $t(b8)"
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "translation.json").write_text(json.dumps(messages))
    script = (
        "import sys, parlance\n"
        "with parlance.Catalog() as cat:\n"
        "    cat.load(sys.argv[1])\n"
        "    with parlance.Localizer(cat, ['en']) as loc:\n"
        "        assert len(loc.format_named('fits', table='translation')) == 2_000_001\n"
        "        try:\n"
        "            loc.format_named('b0', table='translation')\n"
        "        except parlance.ResourceError as error:\n"
        "            print(type(error).__name__, error)\n"
    )
    run = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=600,
                         env={**__import__("os").environ, "PYTHONPATH": str(Path(parlance.__file__).parents[1])})
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("ResourceError "), run.stdout
    assert "'b0': the text would be longer than 16 MiB" in run.stdout, run.stdout
