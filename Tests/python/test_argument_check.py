"""Formatting arguments are checked once, in the core: the C API only
converts them. parlance_catalog_format_message (no localizer on its way)
and the localizer's calls refuse the same bad decimal and the same
non-finite date with the same error (Tests/c/test_argument_check.c), and
so do their Python wrappers."""

import decimal
import subprocess

import pytest

import parlance

from conftest import build_c_program


@pytest.fixture(scope="module")
def c_program(library, tmp_path_factory):
    return build_c_program("test_argument_check", library, tmp_path_factory.mktemp("c"), libs=["-lm"])


def test_c_entry_points_refuse_alike(c_program):
    run = subprocess.run([str(c_program)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "value 'z' ('12,5') is not a decimal number",
        "argument 2 ('12,5') is not a decimal number",
        "value 'z' is not a finite date",
        "argument 2 is not a finite date",
    ]


class Unchecked(decimal.Decimal):
    """A Decimal whose text is not a number: reaches the C API as a decimal
    argument that only the core's check can refuse."""

    def __str__(self):
        return "12,5"


def test_python_wrappers_refuse_alike():
    bad = Unchecked("1")
    with parlance.Catalog() as cat:
        loc = parlance.Localizer(cat, ["en"])
        errors = []
        for call in (lambda: cat.format_message("{$z}", "en", {"z": bad}),
                     lambda: loc.format_named("missing.key", {"z": bad}),
                     lambda: loc.format_message("missing.key", {"z": bad})):
            with pytest.raises(parlance.InvalidArgumentError) as raised:
                call()
            errors.append(str(raised.value))
        assert len(set(errors)) == 1, errors
        assert "value 'z' ('12,5') is not a decimal number" in errors[0]
