"""CPython's own Lib/test/test_gettext.py, of the interpreter running these
tests, run against parlance.gettext: its one ``import gettext`` becomes
``import parlance.gettext as gettext`` and every test must pass but
``test__all__``, which compares ``__all__`` (the standard library's) with
the public names a module defines itself and so differs by
NullTranslations (the standard class, which parlance.gettext re-exports),
``po_sources`` (its switch) and the per-thread language functions; see
parlance/gettext.py."""

import os
import re
import subprocess
import sys
import sysconfig
from pathlib import Path

import parlance

SUITE = Path(sysconfig.get_path("stdlib")) / "test" / "test_gettext.py"


def test_cpython_test_gettext_passes_against_parlance(tmp_path: Path) -> None:
    assert SUITE.is_file(), (f"{SUITE} is missing: this interpreter lacks its test suite "
                             "(Debian: libpython3-testsuite; scripts/install-deps.sh installs it)")
    source, swaps = re.subn(r"^import gettext$", "import parlance.gettext as gettext",
                            SUITE.read_text(encoding="utf-8"), flags=re.MULTILINE)
    assert swaps == 1, "the suite no longer imports gettext on a line of its own"
    (tmp_path / "test_gettext_parlance.py").write_text(source, encoding="utf-8")
    package = Path(parlance.__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(package), str(tmp_path)]))
    run = subprocess.run([sys.executable, "-m", "unittest", "-v", "test_gettext_parlance"],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    report = run.stderr
    outcomes = dict(re.findall(r"^test\w+ \(([\w.]+)\)\s*(?:\n.*?)?\.\.\. (ok|FAIL|ERROR|skipped.*)$",
                               report, flags=re.MULTILINE))
    assert len(outcomes) >= 40 and f"Ran {len(outcomes)} tests" in report, report
    assert [test for test, outcome in outcomes.items() if outcome != "ok"] == \
        ["test_gettext_parlance.MiscTestCase.test__all__"], report
    # test__all__ fails on these names only (Parlance's extensions, and the
    # standard class re-exported): every other name matches.
    failure = report[report.index("FAIL: test__all__"):]
    assert sorted(re.findall(r"has \d+, Second has \d+:\s+'(\w+)'", failure)) == \
        ["NullTranslations", "get_thread_languages", "po_sources", "set_thread_languages", "thread_languages"], failure
    # Proof the suite ran against Parlance: the module it imported is this one.
    probe = subprocess.run([sys.executable, "-c", "import test_gettext_parlance as t; print(t.gettext.__name__)"],
                           cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
    assert probe.stdout.strip() == "parlance.gettext"
