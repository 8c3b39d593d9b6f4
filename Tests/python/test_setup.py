"""The set-up in two tiers: `make demo` (and `make`, `make install`) install
only what building needs; the test references come with `make test`.
Read from make's own plan (`make -n`), so a new prerequisite that pulls the
references into the build is caught here."""

import re
import subprocess

from conftest import ROOT


def plan(*targets: str) -> str:
    """What make would run for targets, every file taken as out of date."""
    run = subprocess.run(["make", "-n", "-B", *targets], cwd=ROOT, capture_output=True, text=True, check=True)
    return run.stdout


def apt_packages(script: str) -> set:
    text = (ROOT / "scripts" / script).read_text()
    return set(re.findall(r"need_apt\+=\(([\w.+-]+)\)", text))


def test_building_installs_only_what_building_needs():
    demo = plan("build/.deps")
    assert "scripts/install-build-deps.sh" in demo
    assert "scripts/install-deps.sh" not in demo
    assert apt_packages("install-build-deps.sh") == {"libicu-dev", "gcc", "g++"}
    assert "pip install" not in (ROOT / "scripts" / "install-build-deps.sh").read_text()


def test_the_tests_install_their_references_without_upgrading():
    assert "scripts/install-deps.sh" in plan("test-deps")
    for script in ("install-deps.sh", "install-build-deps.sh"):
        for line in (ROOT / "scripts" / script).read_text().splitlines():
            if "apt-get install" in line:
                assert "--no-upgrade" in line, f"{script}: {line.strip()}"
    # Every target of `make test` that needs a reference asks for them.
    makefile = (ROOT / "Makefile").read_text()
    for target in ("test", "test-c", "test-python", "sanitize", "fuzz", "bench", "test-install", "abi-check"):
        rule = re.search(rf"^{re.escape(target)}:([^\n]*)", makefile, re.MULTILINE)
        assert rule and "test-deps" in rule.group(1), target


def test_the_readme_says_what_each_command_installs():
    readme = (ROOT / "README.md").read_text()
    setup = readme[readme.index("## Set-up"):readme.index("## Installing")]
    assert "install-build-deps.sh" in setup and "install-deps.sh" in setup
    assert len(setup.splitlines()) <= 30   # one screen


def test_python_tools_go_into_a_virtual_environment_under_build():
    """No pip install into the machine's Python: the test tools live in
    build/venv, which the Makefile puts first on PATH."""
    script = (ROOT / "scripts" / "install-deps.sh").read_text()
    installs = [line for line in script.splitlines() if "pip" in line and "install" in line and not line.lstrip().startswith("#")]
    assert installs
    assert all("python3 -m pip" not in line for line in installs), installs
    assert 'venv="$(cd "$(dirname "$0")/.." && pwd)/build/venv"' in script
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^export PATH := \$\(VENV\)/bin:\$\(PATH\)$", makefile, re.MULTILINE)
    assert re.search(r"^VENV +:= \$\(CURDIR\)/build/venv$", makefile, re.MULTILINE)
