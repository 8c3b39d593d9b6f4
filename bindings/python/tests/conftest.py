"""Shared fixtures: the repository's example catalog and localizers over it.

Tests take paths and helpers from fixtures rather than importing this module:
the repository's other Python tests have a conftest.py of their own.

The library comes from PARLANCE_LIBRARY or the repository's build output
(`make build`); see parlance/_ffi.py.
"""

import os
import sys
from pathlib import Path

import pytest

BINDING = Path(__file__).resolve().parents[1]
REPO = BINDING.parents[1]
EXAMPLES = REPO / "Examples" / "catalog"

# Test the package of this source tree, installed or not.
sys.path.insert(0, str(BINDING))

import parlance  # noqa: E402


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
def repo() -> Path:
    return REPO


@pytest.fixture
def binding() -> Path:
    return BINDING
