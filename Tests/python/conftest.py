import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


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
