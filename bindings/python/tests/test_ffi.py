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
from parlance import _ffi, _version

REPO = Path(__file__).resolve().parents[3]
BINDING = REPO / "bindings" / "python"


def test_version_strings():
    assert re.fullmatch(r"\d+\.\d+\.\d+", parlance.version())
    major, minor, patch = map(int, parlance.version().split("."))
    assert parlance.version_number() == major * 10000 + minor * 100 + patch
    assert major == _ffi.EXPECTED_VERSION[0]
    assert re.fullmatch(r"\d+\.\d+\.\d+", parlance.__version__)


def test_header_library_and_package_versions_agree(installed):
    header = (REPO / "include" / "parlance.h").read_text()
    parts = tuple(int(re.search(rf"^#define PARLANCE_VERSION_{name} (\d+)$", header, re.M).group(1))
                  for name in ("MAJOR", "MINOR", "PATCH"))
    written = ".".join(map(str, parts))
    assert parlance.version() == written                       # the library's parlance_version()
    assert parlance.version_number() == parts[0] * 10000 + parts[1] * 100 + parts[2]
    assert parlance.__version__ == written                     # metadata or header
    assert _ffi.EXPECTED_VERSION == parts
    if installed:
        from importlib.metadata import version
        assert version("parlance") == written                  # what setup.py wrote from the header


def test_header_version_reading(tmp_path):
    header = tmp_path / "parlance.h"
    header.write_text("#define PARLANCE_VERSION_MAJOR 3\n#define PARLANCE_VERSION_MINOR 14\n"
                      "#define PARLANCE_VERSION_NUMBER (x)\n#define PARLANCE_VERSION_PATCH 15\n")
    assert _version.header_version(header) == "3.14.15"
    header.write_text("#define PARLANCE_VERSION_MAJOR 3\n#define PARLANCE_VERSION_PATCH 15\n")
    with pytest.raises(ValueError, match="PARLANCE_VERSION_MINOR"):
        _version.header_version(header)


def test_every_header_function_is_declared_once():
    def declarations(name):
        header = (REPO / "include" / name).read_text()
        return set(re.findall(r"PARLANCE_API\s+[^;]*?\b(parlance_\w+)\s*\(", header))

    # Every function of parlance.h, and of parlance_libintl.h the one that
    # parlance.gettext calls.
    libintl = {"parlance_set_thread_languages"}
    assert libintl <= declarations("parlance_libintl.h")
    names = [entry[0] for entry in _ffi._FUNCTIONS]
    assert len(names) == len(set(names))
    assert set(names) == declarations("parlance.h") | libintl
    for name, argtypes, restype, errcheck in _ffi._FUNCTIONS:
        function = getattr(_ffi.lib, name)
        assert function.argtypes == argtypes
        assert function.restype is restype


def test_all_names_exist():
    for name in parlance.__all__:
        assert hasattr(parlance, name), name


def test_check_version():
    needs = (0, 1, 0)
    _ffi.check_version(100, expected=needs)      # 0.1.0
    _ffi.check_version(199, expected=needs)      # 0.1.99
    _ffi.check_version(205, expected=needs)      # 0.2.5: same major, newer
    with pytest.raises(parlance.LibraryVersionError, match=r"1\.1\.0.*needs 0\.x"):
        _ffi.check_version(10100, expected=needs)
    with pytest.raises(ImportError, match=r"0\.0\.9"):
        _ffi.check_version(9, expected=needs)
    _ffi.check_version(10100, expected=None)     # a copy without metadata takes any
    _ffi.check_version(parlance.version_number())


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


def test_lookup_order_without_environment(installed):
    lib = _ffi.find_library({})
    if installed:
        # An installed package loads its own copy, wherever it is imported from.
        bundled = Path(parlance.__file__).resolve().parent / "_lib" / "libparlance.so.0"
        assert _ffi.bundled_library() == bundled
        assert lib._name == str(bundled)
    else:
        # The source tree has no copy of its own; it loads the build output.
        assert _ffi.bundled_library() is None
        assert lib._name == str(REPO / "build" / "lib" / "libparlance.so")


def test_explicit_library_wins_over_the_package_copy():
    explicit = str(REPO / "build" / "lib" / "libparlance.so.0")
    assert _ffi.find_library({"PARLANCE_LIBRARY": explicit})._name == explicit


def test_import_fails_clearly_without_the_library(tmp_path):
    # The package under test (installed or the source tree) with a wrong explicit path.
    env = dict(os.environ, PARLANCE_LIBRARY=str(tmp_path / "nowhere.so"),
               PYTHONPATH=str(Path(parlance.__file__).resolve().parents[1]))
    run = subprocess.run([sys.executable, "-c", "import parlance"], env=env, capture_output=True, text=True)
    assert run.returncode != 0
    assert "LibraryNotFoundError" in run.stderr
    assert "nowhere.so" in run.stderr
