"""`pip install` of the binding, offline with the machine's setuptools.

Skipped where that cannot work offline: setuptools older than 70.1 needs the
`wheel` package to build (see the comment in pyproject.toml)."""

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

BINDING = Path(__file__).resolve().parents[1]


def offline_build_possible():
    try:
        import setuptools
    except ImportError:
        return False
    version = tuple(int(part) for part in setuptools.__version__.split(".")[:2] if part.isdigit())
    if version >= (70, 1):
        return True
    try:
        import wheel  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.mark.skipif(not offline_build_possible(), reason="offline build needs setuptools >= 70.1 or wheel")
def test_pip_install_without_network(tmp_path):
    env_dir = tmp_path / "venv"
    venv.create(env_dir, system_site_packages=True, with_pip=True)
    python = env_dir / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-index", "--no-build-isolation", "--no-deps",
                    str(BINDING)], check=True, cwd=tmp_path)
    library = os.environ.get("PARLANCE_LIBRARY") or str(BINDING.parents[1] / "build" / "lib" / "libparlance.so")
    env = dict(os.environ, PARLANCE_LIBRARY=library)
    env.pop("PYTHONPATH", None)
    out = subprocess.run([str(python), "-c", "import parlance, sys; print(parlance.__file__); print(parlance.version())"],
                         check=True, capture_output=True, text=True, env=env, cwd=tmp_path).stdout.split()
    assert out[0].startswith(str(env_dir))
    assert out[1] == subprocess.run([sys.executable, "-c", "import parlance; print(parlance.version())"],
                                    capture_output=True, text=True, check=True,
                                    env=dict(env, PYTHONPATH=str(BINDING))).stdout.strip()
