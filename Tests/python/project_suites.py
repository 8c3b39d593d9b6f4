"""A project's own test suite run against parlance.gettext: its sdist from
PyPI (pinned) unpacked and installed into a virtual environment under
build/, and a sitecustomize that sets ``sys.modules["gettext"] =
parlance.gettext`` for the run that swaps the module in. Django's and
Babel's suites (test_django_suite.py, test_babel_suite.py) are prepared
here, each run twice: as shipped and with Parlance."""

import os
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Dict, List

from conftest import ROOT

SITECUSTOMIZE = """\
import sys
import parlance.gettext
sys.modules["gettext"] = parlance.gettext
"""


def run(command, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, **kwargs)


def prepared(base: Path, project: str, version: str, extras: List[str]) -> Path:
    """The venv's python, with project==version and extras installed and
    the sdist unpacked beside it (base/<project>-<version>), made once."""
    python = base / "venv" / "bin" / "python"
    ready = base / f"ready-{version}"
    if not ready.exists():
        base.mkdir(parents=True, exist_ok=True)
        if not python.exists():
            made = run([sys.executable, "-m", "venv", str(base / "venv")])
            assert made.returncode == 0, made.stderr
        pip = [str(python), "-m", "pip", "-q", "--disable-pip-version-check"]
        got = run(pip + ["download", "--no-deps", "--no-binary", ":all:", "-d", str(base), f"{project}=={version}"])
        assert got.returncode == 0, got.stderr
        with tarfile.open(base / f"{project}-{version}.tar.gz") as sdist:
            sdist.extractall(base, filter="data")
        installed = run(pip + ["install", f"{project}=={version}"] + extras)
        assert installed.returncode == 0, installed.stderr
        ready.touch()
    (base / "parlance-site").mkdir(exist_ok=True)
    (base / "parlance-site" / "sitecustomize.py").write_text(SITECUSTOMIZE)
    return python


def environment(base: Path, library: str, with_parlance: bool, drop: List[str]) -> Dict[str, str]:
    """The environment of a run: the machine's less `drop`, and with
    Parlance, the sitecustomize and the binding first on the path."""
    env = {k: v for k, v in os.environ.items() if k not in ["PYTHONPATH", *drop]}
    if with_parlance:
        env["PYTHONPATH"] = os.pathsep.join([str(base / "parlance-site"), str(ROOT / "bindings" / "python")])
        env["PARLANCE_LIBRARY"] = library
    return env


def probe(python: Path, source: str, base: Path, library: str, drop: List[str]) -> List[List[str]]:
    """The lines `source` prints in the project's venv, as shipped and with
    Parlance: [stock, ours]; each run must succeed."""
    runs = [run([str(python), "-c", source], env=environment(base, library, with_parlance, drop))
            for with_parlance in (False, True)]
    for done in runs:
        assert done.returncode == 0, done.stderr
    return [done.stdout.splitlines() for done in runs]
