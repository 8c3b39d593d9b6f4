"""The version of the package, which is the version of Parlance.

It is written in one place, the ``PARLANCE_VERSION_MAJOR``/``_MINOR``/
``_PATCH`` defines of ``include/parlance.h``. ``setup.py`` reads them with
:func:`header_version` when the package is built, so the metadata of an
installed package carries them; imported from the source tree, the package
reads the header itself. This module imports nothing of the package (setup.py
runs it before anything is built).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional, Tuple

_DEFINE = re.compile(r"^#define PARLANCE_VERSION_(MAJOR|MINOR|PATCH) (\d+)[ \t]*$", re.MULTILINE)

#: The distribution name in the package metadata.
DISTRIBUTION = "parlance"


def header_version(header: Path) -> str:
    """``"MAJOR.MINOR.PATCH"`` from the defines of a ``parlance.h``; raises
    ValueError naming the define that is missing."""
    parts = dict(_DEFINE.findall(header.read_text(encoding="utf-8")))
    missing = [name for name in ("MAJOR", "MINOR", "PATCH") if name not in parts]
    if missing:
        raise ValueError(f"{header}: no '#define PARLANCE_VERSION_{missing[0]} <number>'")
    return f"{int(parts['MAJOR'])}.{int(parts['MINOR'])}.{int(parts['PATCH'])}"


def version_tuple(version: str) -> Tuple[int, int, int]:
    """(MAJOR, MINOR, PATCH) of a ``"MAJOR.MINOR.PATCH"`` version."""
    major, minor, patch = (int(part) for part in version.split(".")[:3])
    return major, minor, patch


def repository() -> Optional[Path]:
    """The repository's root when the package is used from its source tree
    (``<repo>/bindings/python/parlance``); None for an installed copy."""
    root = Path(__file__).resolve().parents[3]
    return root if (root / "include" / "parlance.h").is_file() else None


def package_version() -> Optional[str]:
    """The version of this copy of the package: the header's in the source
    tree, the installed metadata's otherwise; None for a copy that has neither
    (a package directory copied by hand)."""
    root = repository()
    if root is not None:
        return header_version(root / "include" / "parlance.h")
    from importlib.metadata import PackageNotFoundError, distribution
    try:
        found = distribution(DISTRIBUTION)
    except PackageNotFoundError:
        return None
    # Only metadata installed with this very directory counts, not that of
    # another copy elsewhere on sys.path.
    here = Path(__file__).resolve().parent
    if Path(str(found.locate_file("parlance"))).resolve() != here:
        return None
    return found.version
