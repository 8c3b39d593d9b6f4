#!/usr/bin/env python3
"""What an installed parlance package does in this process, checked; run by
scripts/test-wheel.sh in the host and in the Debian roots, from outside the
source tree, with the package installed in a venv:

    wheel-probe.py --catalog DIR --icu MAJOR [--pyicu MAJOR] [--pyicu-first]
                   [--vendored | --system]

--icu: the ICU major version parlance must report and have loaded.
--pyicu: PyICU (`import icu`, on the system's ICU of that major version) is
    imported too, before parlance with --pyicu-first, after it otherwise; both
    must then work in this one process, each on its own ICU.
--vendored: parlance's ICU must be the one linked into the package's own
    parlance/_lib/libparlance-icu.so.0, no ICU library loaded for it;
    --system: the system's libicuuc.so.N.
Exits 1 naming the first check that failed; prints one line saying what
was loaded otherwise.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import List, Optional


def mapped(pattern: str) -> List[str]:
    with open("/proc/self/maps") as maps:
        return sorted({line.split()[-1] for line in maps if re.search(pattern, line.split()[-1])})


def check(condition: bool, what: str) -> None:
    if not condition:
        sys.exit(f"wheel-probe: FAILED: {what}")


def use_pyicu(icu: ModuleType, major: int) -> str:
    """PyICU's own work: CLDR plural rules and a German number, on its ICU."""
    check(int(icu.ICU_VERSION.split(".")[0]) == major, f"PyICU runs on ICU {icu.ICU_VERSION}, not {major}")
    rules = icu.PluralRules.forLocale(icu.Locale("ru"))
    check(rules.select(21) == "one" and rules.select(25) == "many", "PyICU's Russian plural rules")
    number = icu.NumberFormat.createInstance(icu.Locale("de_DE")).format(1234.5)
    check(number == "1.234,5", f"PyICU formats 1234.5 in de_DE as {number!r}")
    return str(icu.ICU_VERSION)


def use_parlance(parlance: ModuleType, catalog: Path) -> None:
    with parlance.Catalog() as cat:
        cat.load(str(catalog))
        with parlance.Localizer(cat, ["fr-CA"], development="en") as loc:
            check(loc.text("greeting") == "Bonjour !", f"greeting: {loc.text('greeting')!r}")
            check(loc.format("files.count", 3) == "3 fichiers", "files.count")
    check(parlance.plural_category("ru", 21) == "one", "parlance's Russian plural for 21")
    check(parlance.plural_category("ru", 25) == "many", "parlance's Russian plural for 25")


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--catalog", type=Path, required=True)
    parser.add_argument("--icu", type=int, required=True)
    parser.add_argument("--pyicu", type=int)
    parser.add_argument("--pyicu-first", action="store_true")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--vendored", action="store_true")
    where.add_argument("--system", action="store_true")
    args = parser.parse_args(argv)

    icu = importlib.import_module("icu") if args.pyicu and args.pyicu_first else None
    import parlance
    from parlance import _ffi
    if args.pyicu and icu is None:
        icu = importlib.import_module("icu")

    package = Path(parlance.__file__).resolve().parent
    check("site-packages" in package.parts, f"parlance comes from {package}, not an installed copy")
    library = Path(_ffi.lib._name).resolve()
    check(library.parent == package / "_lib", f"parlance loaded {library}, not its own copy")
    use_parlance(parlance, args.catalog)
    version = parlance.icu_version()
    check(int(version.split(".")[0]) == args.icu, f"parlance runs on ICU {version}, not {args.icu}")
    ours = [f for f in mapped(r"/libicuuc[-.]") if Path(f).parent == package / "_lib"]
    others = [f for f in mapped(r"/libicuuc[-.]") if Path(f).parent != package / "_lib"]
    if args.vendored:
        functions = mapped(r"/libparlance-icu\.so\.0$")
        check(not ours and functions == [str(package / "_lib" / "libparlance-icu.so.0")],
              f"parlance's ICU is not the one linked into its own libparlance-icu.so.0: {functions}, {ours}")
        check(icu is not None or not others, f"an ICU library was loaded for parlance: {others}")
    else:
        check(not ours and any(re.search(rf"/libicuuc\.so\.{args.icu}\b", f) for f in others),
              f"parlance's ICU is not the system's libicuuc.so.{args.icu}: ours {ours}, others {others}")

    pyicu_version = None
    if icu is not None:
        pyicu_version = use_pyicu(icu, args.pyicu)
        use_parlance(parlance, args.catalog)           # still serving, after PyICU's work
        check(parlance.icu_version() == version, "parlance's ICU changed under it")
        if args.vendored:
            check(any(re.search(rf"/libicuuc\.so\.{args.pyicu}\b", f) for f in others),
                  f"PyICU's system libicuuc.so.{args.pyicu} is not mapped: {others}")
    where = mapped(r"/libparlance-icu\.so\.0$") if args.vendored else others
    line = f"wheel-probe: parlance {parlance.version()} on ICU {version} ({', '.join(where)})"
    if pyicu_version:
        order = "imported first" if args.pyicu_first else "imported second"
        line += f"; PyICU {order}, on ICU {pyicu_version} ({', '.join(others)})"
    print(line)


if __name__ == "__main__":
    main()
