#!/usr/bin/env python3
"""ICU's data library, cut down to what Parlance reads, with ICU's own tools:
    scripts/slice-icu-data.py LIBICUDATA OUT_DIR
writes OUT_DIR/<LIBICUDATA's soname> (libicudata.so.72): the same kind of
library (one symbol, icudt<major>_dat, the common data package) holding only
the items kept below, and OUT_DIR/libicudata.a, the same data as an archive
for a library that links ICU in statically. scripts/build-wheel.sh puts it in the wheel in place
of the full one; docs/packaging.md says what is left out and why.

1. the package is read from LIBICUDATA's .rodata (its icudt<major>_dat
   symbol) into icudt<major>l.dat;
2. `icupkg -l` lists its items; those Parlance never reads are removed with
   `icupkg -r` (which refuses to remove an item a kept one depends on: a
   converter's base table, a bundle's pool or alias target);
3. `genccode -a gcc` turns the package into assembly and the C compiler
   links it into a shared library with the same soname (and an object,
   archived).

What goes, by item (every locale keeps all it has of what stays):
- collation but the root's (Parlance's one collator is the root collator);
- transliteration, break iteration (no transliterator or break iterator is
  opened: date and relative-time formats run without capitalization
  context), the language display names (no display name is asked for),
  character names, confusables, StringPrep profiles, UTS #46 and
  NFKC_Casefold normalization;
- the conversion tables of every charset but GNU gettext's portable ones
  (CHARSETS: what `msgfmt` accepts without a warning), whose tables and
  the base tables they extend stay.
What stays: every locale's own data (numbers, calendars, lists, relative
time fields, plural rules, likely subtags and the language matcher's data,
aliases, numbering systems, day periods), currencies, units, time-zone
rules and names, the region names time-zone names are made of ("Germany
Time": the generic location format), rule-based number formats (spellout,
ordinals), normalization (NFC, NFKC), the charset alias table.
"""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import List, Set

#: GNU gettext's portable charsets (po-charset.c's standard list) that ICU
#: knows; their conversion tables are kept (ASCII, Latin-1 and the UTFs are
#: algorithmic: ICU has no table for them).
CHARSETS = (
    "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5", "ISO-8859-6", "ISO-8859-7", "ISO-8859-8",
    "ISO-8859-9", "ISO-8859-10", "ISO-8859-13", "ISO-8859-14", "ISO-8859-15", "KOI8-R", "KOI8-U",
    "CP850", "CP866", "CP874", "CP932", "CP949", "CP950", "CP1250", "CP1251", "CP1252", "CP1253",
    "CP1254", "CP1255", "CP1256", "CP1257", "CP1258", "GB2312", "EUC-JP", "EUC-KR", "EUC-TW", "BIG5",
    "BIG5-HKSCS", "GBK", "GB18030", "SHIFT_JIS", "TIS-620",
)

#: Items removed: a folder (its whole tree) or a file name pattern.
DROPPED_TREES = ("brkitr/", "translit/", "lang/")
DROPPED_FILES = re.compile(r"^(unames\.icu|confusables\.cfu|.*\.spp|uts46\.nrm|nfkc_cf\.nrm)$")
#: Of the collation tree, what the root collator reads.
KEPT_COLLATION = {"coll/root.res", "coll/ucadata.icu", "coll/res_index.res", "coll/pool.res"}


def run(*command: str) -> str:
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"slice-icu-data: {' '.join(command)} failed:\n{done.stdout}{done.stderr}")
    return done.stdout


def icupkg() -> str:
    """ICU's icupkg (Debian's icu-devtools installs it in /usr/sbin)."""
    return tool("icupkg")


def tool(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/local/sbin")
    if found is None:
        sys.exit(f"slice-icu-data: no {name} (ICU's tools: Debian's icu-devtools)")
    return found


def soname(library: Path) -> str:
    found = re.search(r"SONAME\s+(\S+)", run("objdump", "-p", str(library)))
    if not found:
        sys.exit(f"slice-icu-data: {library} has no soname")
    return found.group(1)


def extract_package(library: Path, out: Path) -> str:
    """Writes the data package that LIBRARY's icudt<major>_dat holds to
    OUT/icudt<major>l.dat; returns the entry point (icudt<major>)."""
    symbols = re.findall(r"^\s*\d+:\s+([0-9a-f]+)\s+(\S+)\s+OBJECT\s+GLOBAL\s+\S+\s+(\d+)\s+(icudt\d+_dat)\s*$",
                         run("readelf", "--dyn-syms", "-W", str(library)), re.M)
    if len(symbols) != 1:
        sys.exit(f"slice-icu-data: {library} has no single icudt<major>_dat symbol: {symbols}")
    value, size, section, name = int(symbols[0][0], 16), int(symbols[0][1], 0), int(symbols[0][2]), symbols[0][3]
    headers = re.findall(r"^\s*\[\s*(\d+)\]\s+\S+\s+\S+\s+([0-9a-f]+)\s+([0-9a-f]+)\s",
                         run("readelf", "-S", "-W", str(library)), re.M)
    address, offset = next((int(a, 16), int(o, 16)) for n, a, o in headers if int(n) == section)
    entry = str(name)[: -len("_dat")]
    with open(library, "rb") as source:
        source.seek(offset + value - address)
        data = source.read(size)
    (out / f"{entry}l.dat").write_bytes(data)
    return entry


def packages_in(data: bytes) -> List[int]:
    """Where ICU common data packages start in DATA (a library's bytes): at
    their header's size, followed by 0xda27, with the data format "CmnD"
    at +12. A library that links the data in holds exactly one."""
    return [m.start() - 2 for m in re.finditer(b"\xda\x27", data) if data[m.start() + 10:m.start() + 14] == b"CmnD"]


def kept_converters(library: Path) -> Set[str]:
    """The .cnv items CHARSETS need, as the ICU beside LIBRARY names them
    (ucnv_getName of the opened converter), with the base tables they extend
    (icupkg checks those too)."""
    versions = re.findall(r"\.so\.(\d+)", library.name)
    suffix = "_" + versions[0] if versions else ""
    uc = ctypes.CDLL(str(library.parent / library.name.replace("libicudata", "libicuuc")))
    open_, name, close = (getattr(uc, f + suffix) for f in ("ucnv_open", "ucnv_getName", "ucnv_close"))
    open_.restype, open_.argtypes = ctypes.c_void_p, [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)]
    name.restype, name.argtypes = ctypes.c_char_p, [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)]
    close.argtypes = [ctypes.c_void_p]
    kept: Set[str] = set()
    for charset in CHARSETS:
        status = ctypes.c_int(0)
        converter = open_(charset.encode(), ctypes.byref(status))
        if not converter or status.value > 0:
            sys.exit(f"slice-icu-data: the ICU beside {library} does not know {charset}")
        kept.add(name(converter, ctypes.byref(status)).decode() + ".cnv")
        close(converter)
    return kept


def base_tables(directory: Path, kept: Set[str], items: Set[str]) -> Set[str]:
    """KEPT with the tables the extension-only ones among them name as their
    base (the string after the converter's own name in the file)."""
    pending, done = list(kept), set()
    while pending:
        item = pending.pop()
        if item in done:
            continue
        done.add(item)
        strings = re.findall(rb"[\x20-\x7e]{4,}", (directory / item).read_bytes()[:512])
        names = [s.decode() for s in strings]
        own = item[: -len(".cnv")]
        if own in names and names.index(own) + 1 < len(names):
            base = names[names.index(own) + 1] + ".cnv"
            if base in items:
                pending.append(base)
    return done


def dropped(items: List[str], converters: Set[str]) -> List[str]:
    out = []
    for item in items:
        if item.startswith(DROPPED_TREES) or DROPPED_FILES.match(item):
            out.append(item)
        elif item.startswith("coll/") and item not in KEPT_COLLATION:
            out.append(item)
        elif item.endswith(".cnv") and item not in converters:
            out.append(item)
    return out


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[0])
    library, out = Path(sys.argv[1]).resolve(), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        entry = extract_package(library, work)
        full, sliced = work / f"{entry}l.dat", work / "sliced" / f"{entry}l.dat"
        items = run(icupkg(), "-l", str(full)).split()
        # The converters' files, to read their base tables' names.
        (work / "cnv").mkdir()
        run(icupkg(), "-x", "*.cnv", "-d", str(work / "cnv"), str(full))
        converters = base_tables(work / "cnv", kept_converters(library), set(items))
        removed = dropped(items, converters)
        (work / "removed.txt").write_text("".join(item + "\n" for item in removed))
        sliced.parent.mkdir()
        run(icupkg(), "-r", str(work / "removed.txt"), str(full), str(sliced))
        run(tool("genccode"), "-q", "-a", "gcc", "-e", entry, "-d", str(work), str(sliced))
        assembly = next(work.glob("*.S"))
        name = soname(library)
        compiler = os.environ.get("CC", "cc")
        run(compiler, "-shared", "-nostdlib", "-Wl,-soname," + name, "-Wl,-z,noexecstack", "-o",
            str(work / name), str(assembly))
        shutil.copyfile(work / name, out / name)
        # The same data as an archive, for a library that links ICU in
        # statically (the wheel's libparlance-icu.so.0: Makefile, wheel-icu).
        run(compiler, "-c", "-o", str(work / "icudata.o"), str(assembly))
        (out / "libicudata.a").unlink(missing_ok=True)
        run(os.environ.get("AR", "ar"), "rcs", str(out / "libicudata.a"), str(work / "icudata.o"))
        print(f"slice-icu-data: {out / name}: {sliced.stat().st_size} bytes of data "
              f"({len(items) - len(removed)} of {len(items)} items; {full.stat().st_size} in full)")


if __name__ == "__main__":
    main()
