"""The shared library's footprint: dependencies and exported symbols."""
import re
import subprocess
from pathlib import Path

ALLOWED = re.compile(r"^(linux-vdso|ld-linux|libc\.|libm\.)")


def test_depends_only_on_libc_and_libm(library):
    """Built in Embedded Swift: no Swift runtime, no libstdc++, no libgcc_s."""
    out = subprocess.run(["ldd", library], capture_output=True, text=True, check=True).stdout
    names = [line.split()[0] for line in out.splitlines() if line.strip()]
    assert names, out
    unexpected = [name for name in names if not ALLOWED.match(name.rsplit("/", 1)[-1])]
    assert unexpected == [], f"unexpected dependencies: {unexpected}"
    assert not any("swift" in n.lower() or "foundation" in n.lower() for n in names)


def test_loads_icu_only_on_first_need(library):
    """ICU is the dependency of libparlance-icu.so.0, beside the library,
    which it opens at the first call that needs ICU; the library itself
    needs neither ICU nor libstdc++."""
    out = subprocess.run(["readelf", "-d", library], capture_output=True, text=True, check=True).stdout
    needed = re.findall(r"\(NEEDED\).*\[(.*)\]", out)
    assert needed and not [n for n in needed if n.startswith(("libicu", "libstdc++"))], needed
    icu = subprocess.run(["readelf", "-d", str(Path(library).resolve().parent / "libparlance-icu.so.0")],
                         capture_output=True, text=True, check=True).stdout
    assert re.search(r"\(NEEDED\).*\[libicuuc\.so\.\d+\]", icu), icu


def test_exports_only_the_c_api(library, root):
    out = subprocess.run(["nm", "-D", "--defined-only", library], capture_output=True, text=True, check=True).stdout
    exported = {line.split()[-1] for line in out.splitlines() if " T " in line}
    header = (root / "include" / "parlance.h").read_text() + (root / "include" / "parlance_libintl.h").read_text()
    declared = set(re.findall(r"PARLANCE_API [^;]*?\b(parlance_\w+)\(", header))
    assert declared, "no declarations found in parlance.h"
    assert declared <= exported, f"declared but not exported: {sorted(declared - exported)}"
    assert {s for s in exported if s.startswith("parlance_")} == declared
