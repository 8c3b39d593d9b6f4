"""The shared library's footprint: dependencies, exported symbols, bindings."""
import os
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


# A C program (Python's ctypes opens libraries RTLD_NOW, binding everything).
FIRST_LOOKUP = r"""
#include <parlance.h>
#include <stdio.h>
#include <unistd.h>
int main(int argc, char **argv) {
    parlance_catalog *catalog;
    parlance_localizer *localizer;
    const char *locales[] = {"de"};
    (void)argc;
    write(2, "-- first lookup --\n", 19);
    if (parlance_catalog_create(&catalog) != PARLANCE_OK
        || parlance_catalog_load(catalog, argv[1], NULL, NULL, PARLANCE_FORMAT_AUTO) != PARLANCE_OK
        || parlance_localizer_create(&localizer, catalog, locales, 1, "en") != PARLANCE_OK) return 1;
    puts(parlance_localizer_text(localizer, "Open", NULL, "app"));
    fflush(stdout);
    write(2, "-- done --\n", 11);
    return 0;
}
"""


def test_first_lookup_binds_no_libc_function_lazily(library, root, tmp_path):
    """The libc functions a first load and lookup of a .mo call are bound
    when the library is loaded (eager_bindings.c): after that, the first
    lookup binds none (LD_DEBUG=bindings), and each of them is bound at load
    through the global offset table, not the PLT."""
    real = str(Path(library).resolve())
    for messages in (1, 2000):   # a file read whole at open, and one read as lookups need it
        check_first_lookup(root, real, tmp_path / str(messages), messages)


def check_first_lookup(root, real, folder, messages):
    po = folder / "de" / "LC_MESSAGES" / "app.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Open"\nmsgstr "Öffnen"\n'
                  + "".join(f'\nmsgid "Message number {n}"\nmsgstr "Nachricht Nummer {n}"\n' for n in range(1, messages)))
    mo = po.with_suffix(".mo")
    subprocess.run(["msgfmt", "-o", str(mo), str(po)], check=True)
    source = folder / "first_lookup.c"
    source.write_text(FIRST_LOOKUP)
    program = folder / "first_lookup"
    subprocess.run(["cc", "-I", str(root / "include"), str(source), "-o", str(program), real], check=True)
    env = dict(os.environ, LD_DEBUG="bindings", LC_ALL="C.UTF-8", LD_LIBRARY_PATH=str(Path(real).parent))
    env.pop("LD_BIND_NOW", None)
    run = subprocess.run([str(program), str(mo)], capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == "Öffnen"
    load, _, first = run.stderr.partition("-- first lookup --")
    first, _, _ = first.partition("-- done --")
    assert first, run.stderr[-2000:]
    # The library's references bound to another object (libc), not the
    # program's to the library.
    bound = re.compile(r"binding file (\S+) \[0\] to (\S+) \[0\]: normal symbol `(\w+)'")

    def imports(log):
        return {name for path, to, name in bound.findall(log)
                if os.path.realpath(path) == real and os.path.realpath(to) != real}
    assert imports(load), run.stderr[-2000:]
    lazy = sorted(imports(first))
    assert lazy == [], f"bound at the first lookup: {lazy}"
    eager = re.findall(r"^WRAPPER [^{]*__wrap_(\w+)", (root / "Sources" / "CParlanceShim" / "eager_bindings.c").read_text(), re.M)
    assert len(eager) >= 15, eager
    at_load = imports(load)
    assert set(eager) <= at_load, sorted(set(eager) - at_load)
    relocations = subprocess.run(["readelf", "-rW", real], capture_output=True, text=True, check=True).stdout
    slots = {line.split()[4].split("@")[0] for line in relocations.splitlines() if "JUMP_SLO" in line}
    assert not set(eager) & slots, sorted(set(eager) & slots)
