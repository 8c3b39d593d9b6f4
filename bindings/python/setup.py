"""What pyproject.toml cannot say: the version, read from include/parlance.h,
the library, copied into the package, and the sdist's native sources.

Built from the repository, the package carries ``parlance/_lib/
libparlance.so.MAJOR``, a copy of ``build/lib/libparlance.so`` (``make
build`` at the repository's root runs first when the library is not built),
and the wheel is a platform wheel (``py3-none-<platform>``: the library is
native, the Python code is not tied to an interpreter);
``scripts/build-wheel.sh`` makes it a manylinux wheel that carries ICU too.

The sdist holds no binary: beside the package it carries, under ``native/``,
what ``make build`` needs (``Package.swift``, ``Sources/``, ``include/``, the
``Makefile``...). Built from it, the library is compiled from those sources
(Swift, a C toolchain and ICU's headers, libicu-dev, must be there) against
the machine's ICU, and bundled the same way.
"""

from __future__ import annotations

import email.parser
import os
import runpy
import shutil
import subprocess
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

try:
    from setuptools.command.bdist_wheel import bdist_wheel  # setuptools >= 70.1
except ImportError:
    from wheel.bdist_wheel import bdist_wheel  # the `wheel` package, before

HERE = Path(__file__).resolve().parent
# The rule that reads the header, from the package itself (without importing
# the package, which would load the library).
_VERSION: Dict[str, Any] = runpy.run_path(str(HERE / "parlance" / "_version.py"))

def native_tree() -> Optional[Path]:
    """Where the library's sources are: the repository around this package,
    or an unpacked sdist's ``native/``; None for neither."""
    for tree in (HERE.parents[1], HERE / "native"):
        if (tree / "include" / "parlance.h").is_file():
            return tree
    return None


REPO: Optional[Path] = native_tree()
#: From an sdist: the repository's own prerequisites (scripts/install-build-deps.sh,
#: the test tools) are not the package's, so make is told build/.deps is done.
FROM_SDIST = REPO is not None and REPO == HERE / "native"

#: What the sdist's native/ carries from the repository: what `make build`
#: and `make install` read (Package.swift declares the Swift demo and the
#: test target, whose folders must exist).
NATIVE_FILES = ("Package.swift", "Makefile", "Sources", "include", "packaging", "Examples/swift",
                "Tests/ParlanceTests", "scripts/install-deps.sh", "scripts/install-build-deps.sh",
                "scripts/relink-relr.sh")


def version() -> str:
    if REPO is not None:
        return str(_VERSION["header_version"](REPO / "include" / "parlance.h"))
    pkg_info = HERE / "PKG-INFO"
    if pkg_info.is_file():
        found = email.parser.Parser().parsestr(pkg_info.read_text(encoding="utf-8"), headersonly=True)["Version"]
        if found:
            return str(found)
    raise SystemExit(f"parlance: cannot tell the version: neither {HERE.parents[1] / 'include' / 'parlance.h'} "
                     f"nor {pkg_info} exists")


VERSION = version()
SONAME = "libparlance.so." + VERSION.split(".")[0]
ICU_LIBRARY = "libparlance-icu.so.0"
#: The library to bundle instead of build/lib's, when set: scripts/build-wheel.sh
#: names the link for glibc 2.35 (the manylinux wheel's), where `make build`
#: may have packed build/lib's relocations for glibc 2.36.
PORTABLE_LIBRARY = os.environ.get("PARLANCE_PORTABLE_LIBRARY")
#: The ICU functions' library to bundle instead of build/lib's, when set:
#: scripts/build-wheel.sh names the one with ICU linked in (`make wheel-icu`).
ICU_LIBRARY_FILE = os.environ.get("PARLANCE_ICU_LIBRARY_FILE")


def built_library() -> Optional[Path]:
    """The repository's library, built first with `make build` when missing;
    None outside a repository."""
    if REPO is None:
        return None
    library = REPO / "build" / "lib" / "libparlance.so"
    if not library.exists():
        print(f"parlance: {library} is not built yet; running `make build` in {REPO}")
        make = [os.environ.get("MAKE", "make"), "-C", str(REPO)]
        subprocess.run(make + (["-o", "build/.deps"] if FROM_SDIST else []) + ["build"], check=True)
        if not library.exists():
            raise SystemExit(f"parlance: `make build` did not produce {library}")
    return library


class BuildPy(build_py):
    """Copies the package, then the library into parlance/_lib/ under its soname."""

    def run(self) -> None:
        # Start from an empty package: nothing left from an earlier build
        # (a removed module, another version's library) reaches the wheel.
        shutil.rmtree(Path(self.build_lib) / "parlance", ignore_errors=True)
        super().run()
        library = built_library()
        if library is None:
            print("parlance: no repository around this package: no library bundled")
            return
        target = Path(self.build_lib) / "parlance" / "_lib" / SONAME
        target.parent.mkdir(parents=True, exist_ok=True)
        # The real file behind the symlinks (a wheel holds no symlinks).
        bundle_stripped(Path(PORTABLE_LIBRARY) if PORTABLE_LIBRARY else library.resolve(), target)
        # The shim's ICU functions, which libparlance opens beside itself at
        # the first call that needs ICU (docs/packaging.md).
        icu = Path(ICU_LIBRARY_FILE) if ICU_LIBRARY_FILE else library.parent / ICU_LIBRARY
        if not icu.is_file():
            raise SystemExit(f"parlance: `make build` did not produce {icu}")
        bundle_stripped(icu.resolve(), target.parent / ICU_LIBRARY)


def bundle_stripped(library: Path, target: Path) -> None:
    """Copies LIBRARY to TARGET without its symbol table (`strip`, or $STRIP;
    the dynamic symbols stay): the package carries what runs, and the debug
    information, already split off by `make build`, stays in build/lib/.debug."""
    strip = os.environ.get("STRIP", "strip")
    if shutil.which(strip) is None:
        raise SystemExit(f"parlance: no {strip} to strip {library} with (binutils)")
    subprocess.run([strip, "--strip-all", "-o", str(target), str(library)], check=True)
    os.chmod(target, 0o755)


class Sdist(sdist):
    """Adds the library's sources under native/ (from the repository; an
    sdist rebuilt from an unpacked sdist copies its own native/)."""

    def make_release_tree(self, base_dir: str, files: Any) -> None:
        super().make_release_tree(base_dir, files)
        if REPO is None:
            raise SystemExit("parlance: no library sources around this package: cannot make an sdist")
        for name in NATIVE_FILES:
            source, target = REPO / name, Path(base_dir) / "native" / name
            target.parent.mkdir(parents=True, exist_ok=True)
            if source.is_dir():
                shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy2(source, target)


class NativeDistribution(Distribution):
    """A distribution with native code when the library is bundled, so that
    it is installed as platform-specific (platlib, a platform wheel)."""

    def has_ext_modules(self) -> bool:
        return REPO is not None


class BdistWheel(bdist_wheel):
    """Tags a wheel with a bundled library ``py3-none-<platform>``: the
    library ties it to the platform, no Python code to an interpreter."""

    def get_tag(self) -> Tuple[str, str, str]:
        python, abi, platform = super().get_tag()
        return (python, abi, platform) if self.root_is_pure else ("py3", "none", platform)


setup(version=VERSION, distclass=NativeDistribution, cmdclass={"build_py": BuildPy, "sdist": Sdist, "bdist_wheel": BdistWheel})
