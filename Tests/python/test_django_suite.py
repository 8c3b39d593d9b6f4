"""Django's own test suite with parlance.gettext in place of the standard
library's gettext.

Django (from PyPI, into a virtual environment under build/django) reads and
fills the standard class's internals: DjangoTranslation subclasses
GNUTranslations, merges each app's catalog through ``_catalog`` and
``plural``, and calls the inherited gettext()/pgettext() on the dict it
filled; JavaScriptCatalog walks ``_catalog.items()`` and ``_fallback``.
The i18n-heavy labels are run twice from the same sdist's tests: once as
shipped, once with a sitecustomize that sets ``sys.modules["gettext"] =
parlance.gettext`` before Django imports it. Every test must end the same
way in both runs (passed, failed, skipped), so Parlance is measured against
the standard library on the same machine: a test that fails in the stock
run (as root, the permission tests do) must fail the same way, and nothing
may be skipped that the stock run does not skip.
"""

import re
from pathlib import Path
from typing import Dict

import pytest

import project_suites
from conftest import ROOT

DJANGO = "5.2.19"
LABELS = ["i18n", "template_tests", "view_tests", "forms_tests", "utils_tests", "humanize_tests"]
#: What the labels need beyond Django: jinja2 (form renderers, template
#: backends), PyYAML, tblib, as Django's tests/requirements/py3.txt lists them.
EXTRAS = ["jinja2", "pyyaml", "tblib"]
BASE = ROOT / "build" / "django"

# "test_x (module.Class.test_x) ... ok", the docstring's first line, if any,
# between the name and the outcome.
OUTCOME = re.compile(r"^test\w* \(([\w.]+)\)(?:\n[^\n]*?)? \.\.\. "
                     r"(ok|FAIL|ERROR|skipped.*|expected failure|unexpected success)$", re.MULTILINE)


_run = project_suites.run


@pytest.fixture(scope="module")
def django_tree() -> Dict[str, Path]:
    """The venv's python and the sdist's tests directory, made once."""
    python = project_suites.prepared(BASE, "django", DJANGO, EXTRAS)
    return {"python": python, "tests": BASE / f"django-{DJANGO}" / "tests"}


def _environment(library: str, with_parlance: bool) -> Dict[str, str]:
    return project_suites.environment(BASE, library, with_parlance, drop=["DJANGO_SETTINGS_MODULE"])


def _suite(tree: Dict[str, Path], env: Dict[str, str]) -> Dict[str, str]:
    run = _run([str(tree["python"]), "runtests.py", "--parallel", "1", "-v", "2"] + LABELS,
               cwd=tree["tests"], env=env, timeout=1800)
    report = run.stdout + run.stderr
    ran = re.search(r"^Ran (\d+) tests? in", report, re.MULTILINE)
    assert ran, report[-4000:]
    outcomes = {test: outcome for test, outcome in OUTCOME.findall(report)}
    assert len(outcomes) == int(ran.group(1)), "a test's outcome line was not read"
    return outcomes


PROBE = """
import sys, gettext
import django
from django.conf import settings
settings.configure(USE_I18N=True, LANGUAGE_CODE="de")
django.setup()
from django.utils import translation
from django.utils.translation import trans_real
translation.activate("de")
print(gettext.__name__, type(trans_real.translation("de")).__mro__[1].__module__)
print(translation.gettext("Yes"), translation.pgettext("abbrev. month", "May"),
      translation.ngettext("%(num)d minute", "%(num)d minutes", 5) % {"num": 5})
"""


def test_django_is_served_by_parlance(django_tree, library) -> None:
    stock, ours = project_suites.probe(django_tree["python"], PROBE, BASE, library, drop=["DJANGO_SETTINGS_MODULE"])
    assert stock[0] == "gettext gettext"
    # DjangoTranslation's base class is Parlance's GNUTranslations.
    assert ours[0] == "parlance.gettext parlance.gettext"
    assert ours[1] == stock[1] == "Ja Mai 5 Minuten"


def test_django_suite_ends_as_with_the_standard_library(django_tree, library) -> None:
    stock = _suite(django_tree, _environment(library, False))
    ours = _suite(django_tree, _environment(library, True))
    assert len(stock) > 3000
    assert ours.keys() == stock.keys()
    differ = {test: (stock[test], ours[test]) for test in stock if ours[test] != stock[test]}
    assert differ == {}, "\n".join(f"{test}: stock {a!r}, parlance {b!r}" for test, (a, b) in differ.items())
    # Most of it passes: the comparison is not between two broken runs.
    assert sum(outcome == "ok" for outcome in ours.values()) > 0.95 * len(ours)
