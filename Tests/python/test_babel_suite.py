"""Babel's own test suite with parlance.gettext in place of the standard
library's gettext.

Babel's ``babel.support.Translations`` subclasses ``gettext.GNUTranslations``
and its ``NullTranslations`` the standard one; its tests compile catalogs
with ``write_mo`` (contexts make their originals out of byte order, with no
hash table), merge domains, and compare the two classes' signatures through
``inspect.getfullargspec``. The modules that touch gettext -- ``tests/
messages/``, ``tests/test_support_*.py``, ``tests/test_plural.py`` and the
doctests of ``babel/support.py`` and ``babel/messages/`` -- are run twice
from Babel's sdist (pinned, into a virtual environment under build/babel):
once as shipped, once with a sitecustomize that sets
``sys.modules["gettext"] = parlance.gettext`` before Babel imports it.
Every test must end the same way in both runs. (The rest of Babel's suite,
dates and numbers over every CLDR locale, takes minutes and never imports
gettext.)
"""

import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Dict

import pytest

import project_suites
from conftest import ROOT

BABEL = "2.17.0"
#: Babel's "dev" extras that these modules use (setup.py).
EXTRAS = ["freezegun~=1.0", "jinja2>=3.0", "pytest>=6.0", "pytz", "setuptools"]
MODULES = ["tests/messages", "tests/test_support_translations.py", "tests/test_support_format.py",
           "tests/test_support_lazy_proxy.py", "tests/test_plural.py", "babel/support.py", "babel/messages"]
#: Tests that failed with Parlance before it read Babel's .mo files as
#: CPython does and matched the standard library's signatures.
NAMED = ["test_npgettext", "test_unpgettext", "test_dnpgettext", "test_dunpgettext",
         "test_null_translations_method_signature_compatibility"]
BASE = ROOT / "build" / "babel"

PROBE = """
import gettext, io
from babel import support
from babel.messages import Catalog
from babel.messages.mofile import write_mo
catalog = Catalog(locale="de")
catalog.add("Save", "Speichern")
catalog.add("Save", "Sichern", context="menu")
out = io.BytesIO()
write_mo(out, catalog)
out.seek(0)
translations = support.Translations(out)
print(gettext.__name__, next(c.__module__ for c in support.Translations.__mro__ if c.__name__ == "GNUTranslations"))
print(translations.gettext("Save"), translations.pgettext("menu", "Save"))
"""


_run = project_suites.run


@pytest.fixture(scope="module")
def babel_tree() -> Dict[str, Path]:
    """The venv's python and the sdist's directory, made once."""
    python = project_suites.prepared(BASE, "babel", BABEL, EXTRAS)
    return {"python": python, "tree": BASE / f"babel-{BABEL}"}


def _environment(library: str, with_parlance: bool) -> Dict[str, str]:
    return project_suites.environment(BASE, library, with_parlance, drop=["PARLANCE_LIBRARY"])


def _suite(tree: Dict[str, Path], env: Dict[str, str], report: Path) -> Dict[str, str]:
    """Each test's outcome (passed, failed, error, skipped) by its id."""
    run = _run([str(tree["python"]), "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={report}"]
               + MODULES, cwd=tree["tree"], env=env, timeout=1800)
    assert report.exists(), (run.stdout + run.stderr)[-4000:]
    outcomes = {}
    for case in ElementTree.parse(report).iter("testcase"):
        outcome = "passed"
        for child in case:
            if child.tag in ("failure", "error", "skipped"):
                outcome = child.tag
        outcomes[case.get("classname", "") + "::" + case.get("name", "")] = outcome
    return outcomes


def test_babel_is_served_by_parlance(babel_tree, library) -> None:
    stock, ours = project_suites.probe(babel_tree["python"], PROBE, BASE, library, drop=["PARLANCE_LIBRARY"])
    assert stock[0] == "gettext gettext"
    # babel.support.Translations' GNUTranslations is Parlance's.
    assert ours[0] == "parlance.gettext parlance.gettext"
    assert ours[1] == stock[1] == "Speichern Sichern"


def test_babel_suite_ends_as_with_the_standard_library(babel_tree, library, tmp_path) -> None:
    stock = _suite(babel_tree, _environment(library, False), tmp_path / "stock.xml")
    ours = _suite(babel_tree, _environment(library, True), tmp_path / "parlance.xml")
    assert len(stock) > 400
    assert ours.keys() == stock.keys()
    differ = {test: (stock[test], ours[test]) for test in stock if ours[test] != stock[test]}
    assert differ == {}, "\n".join(f"{test}: stock {a!r}, parlance {b!r}" for test, (a, b) in differ.items())
    for name in NAMED:
        assert ours["tests.test_support_translations::" + name] == "passed", name
    # Most of it passes: the comparison is not between two broken runs.
    assert sum(outcome == "passed" for outcome in ours.values()) > 0.95 * len(ours)
