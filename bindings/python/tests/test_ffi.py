"""Loading the library, its declarations and versions."""

import ctypes
import ctypes.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import parlance
from parlance import _ffi

REPO = Path(__file__).resolve().parents[3]
BINDING = REPO / "bindings" / "python"


def test_version_strings():
    assert re.fullmatch(r"\d+\.\d+\.\d+", parlance.version())
    major, minor, patch = map(int, parlance.version().split("."))
    assert parlance.version_number() == major * 10000 + minor * 100 + patch
    assert major == _ffi.EXPECTED_VERSION[0]
    assert re.fullmatch(r"\d+\.\d+\.\d+", parlance.__version__)


def test_version_matches_header():
    header = (REPO / "include" / "parlance.h").read_text()
    parts = [int(re.search(rf"#define PARLANCE_VERSION_{name} (\d+)", header).group(1))
             for name in ("MAJOR", "MINOR", "PATCH")]
    assert tuple(parts) == _ffi.EXPECTED_VERSION


def test_every_header_function_is_declared_once():
    header = (REPO / "include" / "parlance.h").read_text()
    declared = set(re.findall(r"PARLANCE_API\s+[^;]*?\b(parlance_\w+)\s*\(", header))
    names = [entry[0] for entry in _ffi._FUNCTIONS]
    assert len(names) == len(set(names))
    assert set(names) == declared
    for name, argtypes, restype, errcheck in _ffi._FUNCTIONS:
        function = getattr(_ffi.lib, name)
        assert function.argtypes == argtypes
        assert function.restype is restype


def test_all_names_exist():
    for name in parlance.__all__:
        assert hasattr(parlance, name), name


def test_check_version():
    _ffi.check_version(100)      # 0.1.0
    _ffi.check_version(199)      # 0.1.99
    _ffi.check_version(205)      # 0.2.5: same major, newer
    with pytest.raises(parlance.LibraryVersionError, match=r"1\.1\.0.*needs 0\.x"):
        _ffi.check_version(10100)
    with pytest.raises(ImportError, match=r"0\.0\.9"):
        _ffi.check_version(9)


def test_missing_symbol_is_named():
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    with pytest.raises(parlance.LibraryVersionError, match="parlance_version_number"):
        _ffi.declare(libc)


def test_explicit_library_path_is_not_replaced(tmp_path):
    missing = str(tmp_path / "libparlance.so")
    with pytest.raises(parlance.LibraryNotFoundError) as info:
        _ffi.find_library({"PARLANCE_LIBRARY": missing})
    assert isinstance(info.value, ImportError)
    assert missing in str(info.value)
    assert "PARLANCE_LIBRARY" in str(info.value)


def test_lookup_order_without_environment():
    lib = _ffi.find_library({})
    built = REPO / "build" / "lib" / "libparlance.so"
    if built.is_file():
        assert lib._name == str(built)


def test_import_fails_clearly_without_the_library(tmp_path):
    env = dict(os.environ, PARLANCE_LIBRARY=str(tmp_path / "nowhere.so"), PYTHONPATH=str(BINDING))
    run = subprocess.run([sys.executable, "-c", "import parlance"], env=env, capture_output=True, text=True)
    assert run.returncode != 0
    assert "LibraryNotFoundError" in run.stderr
    assert "nowhere.so" in run.stderr
