#!/usr/bin/env python3
"""The library's functions a program's first lookup runs, in the order the
link places them (packaging/first-use.order, lld's --symbol-ordering-file).

A process pays a page fault for each 64 KiB of the library's code it first
touches; a first lookup scattered over the library touched 24 such windows
of a 1,000-message `.mo`'s open, placed together 6. The list is made from
callgrind runs of four first uses, each a fresh process: a `.mo` loaded
through the C API, the libintl functions on the same file, the compiled
catalog of it and its `.po` (bench/first_use.c, bench/show_one.c), on a
generated file of 1,000 messages (a tenth in a context, a tenth plurals). Functions come in that order, each once.

  scripts/first-use-order.py           writes packaging/first-use.order
  scripts/first-use-order.py --check   fails when the file orders fewer
                                       than 90% of the functions first use
                                       runs now (make test-c)

Needs build/lib/libparlance.so and build/bin/parlance (make build), and
valgrind, msgfmt and the de_DE.UTF-8 locale (make test-deps).
"""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "first-use"
ORDER = ROOT / "packaging" / "first-use.order"
LIB = ROOT / "build" / "lib"
MESSAGES = 1000
KEY = "Message 500 of the first-use catalog"
COVERAGE = 0.90


def run(cmd, **kw):
    subprocess.run(cmd, check=True, **kw)


def prepare():
    OUT.mkdir(parents=True, exist_ok=True)
    cflags = ["-O2", "-gdwarf-4", "-std=c11", f"-I{ROOT / 'include'}", f"-L{LIB}", "-lparlance",
              f"-Wl,-rpath,{LIB}"]
    run(["cc", str(ROOT / "bench" / "first_use.c"), *cflags, "-o", str(OUT / "first_use")])
    run(["cc", "-DPARLANCE", str(ROOT / "bench" / "show_one.c"), *cflags, "-o", str(OUT / "show_one")])
    folder = OUT / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True, exist_ok=True)
    po = folder / "first.po"
    lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"',
             '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"', ""]
    for i in range(MESSAGES):
        # As real catalogs have: some messages in a context, some plurals.
        if i % 10 == 3:
            lines.append('msgctxt "menu"')
        lines.append(f'msgid "Message {i} of the first-use catalog"')
        if i % 10 == 7:
            lines += [f'msgid_plural "Messages {i} of the first-use catalog"',
                      f'msgstr[0] "Nachricht {i} des Katalogs für die erste Verwendung"',
                      f'msgstr[1] "Nachrichten {i} des Katalogs für die erste Verwendung"', ""]
        else:
            lines += [f'msgstr "Nachricht {i} des Katalogs für die erste Verwendung"', ""]
    po.write_text("\n".join(lines), encoding="utf-8")
    run(["msgfmt", "-o", str(folder / "first.mo"), str(po)])
    run([str(ROOT / "build" / "bin" / "parlance"), "compile", "-o", str(OUT / "first.parlance"),
         str(folder / "first.mo")], stdout=subprocess.DEVNULL)
    return folder


def functions(outfile):
    """libparlance's functions that ran, by mangled name (or address), in file order."""
    names, objects, current, found = {}, {}, None, []
    for line in open(outfile, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        m = re.match(r"^c?ob=\((\d+)\)(?: (.*))?$", line)
        if m:
            if m.group(2):
                objects[m.group(1)] = m.group(2)
            if line.startswith("ob="):
                current = objects.get(m.group(1))
            continue
        m = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line)
        if m:
            if m.group(3):
                names[m.group(2)] = m.group(3)
            if m.group(1) == "fn" and current and "libparlance.so" in current:
                found.append(names[m.group(2)])
    return found


def symbols():
    """libparlance's function symbols: each name's address, and each
    address's names."""
    at, names = {}, {}
    nm = subprocess.run(["nm", "--defined-only", str(LIB / "libparlance.so")], check=True,
                        stdout=subprocess.PIPE, text=True).stdout
    for line in nm.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            address = int(parts[0], 16)
            at[parts[2]] = address
            names.setdefault(address, []).append(parts[2])
    return at, names


def named(order, at, names):
    """The functions in `order` by their symbols, each followed by the body
    it jumps to when it is a thunk. LLVM's function merging makes identical
    functions thunks (`jmp BODY`) to a body of no symbol, which the build
    names MODULE.merged.N (Makefile, name_merged); such a symbol has no
    size, so callgrind counts the body in the thunk that jumped to it (or
    names it by its address). A function named by an address with no
    symbol is left out: nothing to order."""
    lib = (LIB / "libparlance.so").resolve()
    sections = subprocess.run(["readelf", "-SW", str(lib)], check=True, stdout=subprocess.PIPE, text=True).stdout
    text = next(line.split("]", 1)[1].split() for line in sections.splitlines() if " .text " in line)
    text_address, text_offset, text_size = int(text[2], 16), int(text[3], 16), int(text[4], 16)
    code = lib.read_bytes()[text_offset:text_offset + text_size]

    def body(address):
        at_code = address - text_address
        if 0 <= at_code <= len(code) - 5 and code[at_code] == 0xE9:   # jmp rel32
            target = address + 5 + int.from_bytes(code[at_code + 1:at_code + 5], "little", signed=True)
            return sorted(names.get(target, []))
        return []

    result = []
    for name in order:
        if name.startswith("0x"):
            symbols = sorted(names.get(int(name, 16), []))
            if not symbols:
                continue
            name = symbols[0]
        result.append(name)
        if name in at:
            result += body(at[name])
    return unique(result)


def with_aliases(order, at, names):
    """Each function with every other name at its address: identical
    functions are folded at link time (--icf=all), callgrind names one of
    them, and the next link may keep another."""
    return unique(alias for name in order for alias in [name] + sorted(names.get(at.get(name), [])))


def unique(names):
    """names in order, each once."""
    seen = set()
    return [name for name in names if not (name in seen or seen.add(name))]


def profile():
    folder = prepare()
    env = dict(os.environ, LC_ALL="de_DE.UTF-8")
    env.pop("LANGUAGE", None)
    runs = [
        [str(OUT / "first_use"), str(folder / "first.mo"), "de", "first", KEY],
        [str(OUT / "show_one"), "first", str(OUT / "locale"), KEY],
        [str(OUT / "first_use"), str(OUT / "first.parlance"), "de", "first", KEY],
        [str(OUT / "first_use"), str(folder / "first.po"), "de", "first", KEY],
    ]
    order = []
    for i, cmd in enumerate(runs):
        out = OUT / f"callgrind.{i}"
        result = subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}",
                                 *cmd], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if result.returncode != 0 or not result.stdout.startswith("Nachricht 500"):
            sys.exit(f"first-use-order: {' '.join(cmd)} failed ({result.returncode}): "
                     f"{result.stdout[:200]}{result.stderr[-400:]}")
        order += functions(out)
    return unique(order)


def main():
    at, names = symbols()
    order = named(profile(), at, names)
    if not order:
        sys.exit("first-use-order: no function of libparlance.so ran (no symbols?)")
    if "--check" in sys.argv[1:]:
        listed = set(ORDER.read_text().split()) if ORDER.exists() else set()
        covered = sum(1 for name in order if name in listed)
        share = covered / len(order)
        print(f"first-use order: {covered} of the {len(order)} functions a first use runs are ordered "
              f"({share:.0%}; at least {COVERAGE:.0%})")
        if share < COVERAGE:
            sys.exit("first-use order: stale; run scripts/first-use-order.py and commit packaging/first-use.order")
        return
    ORDER.write_text("".join(name + "\n" for name in with_aliases(order, at, names)))
    print(f"first-use order: {len(order)} functions written to {ORDER.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
