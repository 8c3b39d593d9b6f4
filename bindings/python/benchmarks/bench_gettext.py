"""Time parlance.gettext against the standard library's gettext.

    python3 bindings/python/benchmarks/bench_gettext.py

Compiles tests/fixtures/gettext/app.ru.po with msgfmt into a temporary
directory, then times repeated lookups (hits, misses, plurals, contexts)
on translation objects and through the module-level functions. Prints
nanoseconds per call, the best of several runs.
"""

import gettext as stdlib_gettext
import os
import subprocess
import sys
import tempfile
import timeit
from pathlib import Path

BINDING = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(BINDING))

from parlance import gettext as pgettext  # noqa: E402

CALLS = 200_000


def best(statement, number=CALLS):
    return min(timeit.repeat(statement, number=number, repeat=5)) / number * 1e9


def main():
    with tempfile.TemporaryDirectory() as root:
        mo = Path(root) / "ru" / "LC_MESSAGES" / "app.mo"
        mo.parent.mkdir(parents=True)
        subprocess.run(["msgfmt", "-o", str(mo), str(BINDING / "tests/fixtures/gettext/app.ru.po")], check=True)
        os.environ["LANGUAGE"] = "ru"
        print(f"{'':28}{'stdlib':>10}{'parlance':>10}  (ns per call)")
        cases = [
            ("gettext hit", lambda t: lambda: t.gettext("Hello")),
            ("gettext miss", lambda t: lambda: t.gettext("Not translated")),
            ("ngettext", lambda t: lambda: t.ngettext("%d file", "%d files", 5)),
            ("pgettext", lambda t: lambda: t.pgettext("menu", "Open")),
            ("npgettext", lambda t: lambda: t.npgettext("mailbox", "%d message", "%d messages", 3)),
        ]
        objects = [m.translation("app", root, ["ru"]) for m in (stdlib_gettext, pgettext)]
        for name, make in cases:
            print(f"{name:28}" + "".join(f"{best(make(t)):10.0f}" for t in objects))
        for module in (stdlib_gettext, pgettext):
            module.bindtextdomain("app", root)
            module.textdomain("app")
        print(f"{'module gettext()':28}" + "".join(
            f"{best(lambda m=m: m.gettext('Hello'), CALLS // 10):10.0f}" for m in (stdlib_gettext, pgettext)))


if __name__ == "__main__":
    main()
