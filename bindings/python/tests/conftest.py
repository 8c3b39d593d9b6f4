"""Shared fixtures: the repository's example catalog and localizers over it.

Tests take paths and helpers from fixtures rather than importing this module:
the repository's other Python tests have a conftest.py of their own.

The library comes from PARLANCE_LIBRARY or the repository's build output
(`make build`); see parlance/_ffi.py.
"""

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Tuple

import pytest

BINDING = Path(__file__).resolve().parents[1]
REPO = BINDING.parents[1]
EXAMPLES = REPO / "Examples" / "catalog"
GETTEXT_FIXTURES = Path(__file__).resolve().parent / "fixtures" / "gettext"

# Test the package of this source tree, installed or not; with
# PARLANCE_TEST_INSTALLED set (test_install.py sets it), the package found on
# sys.path, which must not be this source tree's.
INSTALLED = bool(os.environ.get("PARLANCE_TEST_INSTALLED"))
if not INSTALLED:
    sys.path.insert(0, str(BINDING))

import parlance  # noqa: E402

if INSTALLED and BINDING in Path(parlance.__file__).resolve().parents:
    raise pytest.UsageError(f"PARLANCE_TEST_INSTALLED is set, but parlance comes from the source tree: "
                            f"{parlance.__file__}")


@pytest.fixture
def example_dir() -> Path:
    return EXAMPLES


@pytest.fixture
def catalog():
    """A catalog holding the whole example catalog."""
    with parlance.Catalog() as cat:
        cat.load(EXAMPLES)
        yield cat


@pytest.fixture
def localize(catalog):
    """localize(locales) -> a Localizer over the example catalog, closed after the test."""
    made = []

    def make(locales, development="en"):
        loc = parlance.Localizer(catalog, locales, development=development)
        made.append(loc)
        return loc

    yield make
    for loc in made:
        loc.close()


def _write(path: Path, content) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


@pytest.fixture
def write():
    """write(path, text_or_bytes) -> path: writes a file (text as UTF-8),
    creating parent folders."""
    return _write


@pytest.fixture
def installed() -> bool:
    """Whether the package under test is an installed copy (PARLANCE_TEST_INSTALLED)."""
    return INSTALLED


@pytest.fixture
def repo() -> Path:
    return REPO


@pytest.fixture
def binding() -> Path:
    return BINDING


@pytest.fixture(scope="session")
def icu_slicer():
    """scripts/slice-icu-data.py, loaded as a module (its data-package
    search and ICU tool helpers)."""
    spec = importlib.util.spec_from_file_location("slice_icu_data", REPO / "scripts" / "slice-icu-data.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ---- gettext catalogs -------------------------------------------------------------

@dataclass(frozen=True)
class GettextCatalogs:
    """The gettext fixtures compiled for one test session.

    ``fixtures/gettext/DOMAIN.LANG.po`` is copied, and ``DOMAIN.LANG.po.in``
    (UTF-8) converted with iconv to the charset its header names, into
    ``sources``; msgfmt compiles each into ``mo/LANG/LC_MESSAGES/DOMAIN.mo``
    (little-endian) and ``mo_be/...`` (big-endian); ``po/LANG/LC_MESSAGES/
    DOMAIN.po`` holds the sources alone.
    """
    mo: Path
    mo_be: Path
    po: Path
    sources: Dict[Tuple[str, str], Path]   # (domain, lang) -> converted .po


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed; the gettext tests compile their catalogs with it")
    return path


@pytest.fixture(scope="session")
def gettext_catalogs(tmp_path_factory) -> GettextCatalogs:
    msgfmt = _tool("msgfmt")
    root = tmp_path_factory.mktemp("gettext")
    catalogs = GettextCatalogs(root / "mo", root / "mo_be", root / "po", {})
    for source in sorted(GETTEXT_FIXTURES.iterdir()):
        name = source.name
        if not name.endswith((".po", ".po.in")):
            continue
        domain, lang = name.split(".")[:2]
        po = catalogs.po / lang / "LC_MESSAGES" / f"{domain}.po"
        po.parent.mkdir(parents=True, exist_ok=True)
        if name.endswith(".in"):
            charset = re.search(rb"charset=([^\\\s\"]+)", source.read_bytes()).group(1).decode()
            po.write_bytes(subprocess.run([_tool("iconv"), "-f", "UTF-8", "-t", charset, str(source)],
                                          check=True, capture_output=True).stdout)
        else:
            shutil.copyfile(source, po)
        catalogs.sources[(domain, lang)] = po
        for base, endianness in ((catalogs.mo, "little"), (catalogs.mo_be, "big")):
            mo = base / lang / "LC_MESSAGES" / f"{domain}.mo"
            mo.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run([msgfmt, f"--endianness={endianness}", "-o", str(mo), str(po)],
                           check=True, capture_output=True)
    return catalogs


@pytest.fixture
def po_sources(monkeypatch):
    """parlance.gettext's .po search turned on (it is off by default)."""
    from parlance import gettext as pgettext

    monkeypatch.setattr(pgettext, "po_sources", True)
    pgettext._resolved.clear()
    yield
    pgettext._resolved.clear()


@pytest.fixture
def gettext_globals(monkeypatch):
    """No language variables set; the standard library's and parlance.gettext's
    global domain state (bindings, current domain, resolved catalogs)
    restored after the test."""
    import gettext as stdlib_gettext

    from parlance import gettext as pgettext

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    saved = [(m, dict(m._localedirs), m._current_domain) for m in (stdlib_gettext, pgettext)]
    yield
    for module, localedirs, domain in saved:
        module._localedirs.clear()
        module._localedirs.update(localedirs)
        module._current_domain = domain
    pgettext._resolved.clear()
