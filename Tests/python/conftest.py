import os
import sys
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
# The binding from this tree, whether or not it was pip-installed.
sys.path.insert(0, str(ROOT / "bindings" / "python"))


@pytest.fixture(scope="session")
def root():
    return ROOT


@pytest.fixture(scope="session")
def cli():
    path = pathlib.Path(os.environ.get("PARLANCE_CLI", ROOT / "build" / "bin" / "parlance"))
    if not path.exists():
        pytest.fail(f"the parlance CLI is not built at {path}; run `make build`")
    return str(path)


@pytest.fixture(scope="session")
def library():
    path = pathlib.Path(os.environ.get("PARLANCE_LIBRARY", ROOT / "build" / "lib" / "libparlance.so"))
    if not path.exists():
        pytest.fail(f"libparlance.so is not built at {path}; run `make build`")
    return str(path)


@pytest.fixture(scope="session")
def examples():
    return str(ROOT / "Examples" / "catalog")
