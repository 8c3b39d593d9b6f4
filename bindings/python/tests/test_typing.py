"""The package's annotations: `mypy --strict` accepts the whole package (it
ships a py.typed marker, so programs that use it are checked against them)."""

import importlib.util
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "parlance"


def test_package_has_a_typed_marker():
    assert (PACKAGE / "py.typed").is_file()


def test_mypy_strict_accepts_the_package(tmp_path):
    assert importlib.util.find_spec("mypy") is not None, "mypy is missing: scripts/install-deps.sh installs it"
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental",
                          "--cache-dir", str(tmp_path / "cache"), str(PACKAGE)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Success" in run.stdout
