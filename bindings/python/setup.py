"""What pyproject.toml cannot say: the version, read from include/parlance.h,
and the library, copied into the package.

Built from the repository, the package carries ``parlance/_lib/
libparlance.so.MAJOR``, a copy of ``build/lib/libparlance.so`` (``make
build`` at the repository's root runs first when the library is not built),
and the wheel is a platform wheel (``py3-none-<platform>``: the library is
native, the Python code is not tied to an interpreter). Built from an sdist,
where there is no repository, the version comes from the sdist's PKG-INFO
and no library is bundled: the package then finds one through
``PARLANCE_LIBRARY`` or the system loader, and its wheel is pure.
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

try:
    from setuptools.command.bdist_wheel import bdist_wheel  # setuptools >= 70.1
except ImportError:
    from wheel.bdist_wheel import bdist_wheel  # the `wheel` package, before

HERE = Path(__file__).resolve().parent
# The rule that reads the header, from the package itself (without importing
# the package, which would load the library).
_VERSION: Dict[str, Any] = runpy.run_path(str(HERE / "parlance" / "_version.py"))
REPO: Optional[Path] = HERE.parents[1] if (HERE.parents[1] / "include" / "parlance.h").is_file() else None


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


def built_library() -> Optional[Path]:
    """The repository's library, built first with `make build` when missing;
    None outside a repository."""
    if REPO is None:
        return None
    library = REPO / "build" / "lib" / "libparlance.so"
    if not library.exists():
        print(f"parlance: {library} is not built yet; running `make build` in {REPO}")
        subprocess.run([os.environ.get("MAKE", "make"), "-C", str(REPO), "build"], check=True)
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
        shutil.copyfile(library.resolve(), target)
        os.chmod(target, 0o755)


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


setup(version=VERSION, distclass=NativeDistribution, cmdclass={"build_py": BuildPy, "bdist_wheel": BdistWheel})
