#!/usr/bin/env python3
"""Issue #28's hostile shapes at 1x, 4x and 16x their size: is each call linear?

    shapes_bench.py [--quick] [--rounds N]     measure every shape, print JSON
    shapes_bench.py measure ROUNDS SHAPE K      one shape at K times its size (used by the above): JSON
    shapes_bench.py count SHAPE K               prepare one shape, then one call between markers (callgrind)

The inputs are those of the fuzzing seeds (scripts/fuzz-seeds.py), made
bigger: XLIFF 1.2 and 2.0 with many attributes on one element (load) and
many <file> elements (load; catalog.tables apart), a String Catalog of many keys
in Xcode's layout and on one line (load + entries), a JSON UI document of
many texts (localize_document), an i18next value nesting another one n
times, under the 10,000 budget (format_named), ICU MessageFormat plural
arms nested up to the 64 levels allowed (format_named) and past them
(refused), a MessageFormat 2 chain of .local declarations (parse + format,
a fresh catalog each time), and `parlance merge` into a String Catalog,
i18next JSON, XLIFF 1.2 and Android resources, each written indented and
on one line, and into a `.po` file: the tools' readers (issue #26).

Each shape at each size is timed in a fresh Python process (the binding
of this tree, build/lib): two warm-up calls, then ROUNDS timed calls,
the median. In one process a small size timed after a large one finds
the heap already grown and its pages mapped, and looks faster than it is
(a JSON UI document: 3.0 ms at 5,000 texts there, 4.0 ms alone). 1x is
large enough that its data no longer fits the 1 MiB L2 cache, as 16x's
does not (below that a 5,000-long MF2 chain took 1.9 us a declaration,
one of 20,000 3.2 us). Calls shorter than about 10 ms are repeated
within one sample. A shape's linearity is t(16x) / (16 * t(1x)) (and t(4x) / (4 *
t(1x))): 1 is linear, 16 would be quadratic; the target is <= 1.5. `parlance merge` is timed as a whole
process, which adds its start-up (a few ms) to every size.

Time also grows with what no longer fits the caches: a reader that does the
same work per attribute at every size still takes longer per attribute at
1.28M attributes (an 80 MB array, a hash set of 1.28M names) than at 80,000.
So each shape is also counted in instructions, which callgrind counts the
same on every run whatever the caches and the other core do: each size is
prepared, then called once between two calls of getppid(), at which
`valgrind --tool=callgrind --dump-before=getppid` writes its counts, so the
part between them is the call alone, without the preparation and start-up
(child processes are followed, so `parlance merge` is counted too). The
counts use smaller sizes than the timings (INSTRUCTION_BASE; caches play no
part in them) and the library and CLI stripped of their DWARF 5 debug
information, which valgrind 3.19 cannot read. Linearity in instructions is
I(16x) / (16 * I(1x)), with the same target.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LIB = os.path.join(ROOT, "build", "lib", "libparlance.so")
CLI = os.path.join(ROOT, "build", "bin", "parlance")
BINDING = os.path.join(ROOT, "bindings", "python")
GOAL = 1.5


def shapes_module():
    """scripts/fuzz-seeds.py, where the shapes are written once."""
    spec = importlib.util.spec_from_file_location("fuzz_seeds", os.path.join(ROOT, "scripts", "fuzz-seeds.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# name: (label, the call measured, what n counts, n at 1x)
SHAPES = {
    "xliff12-attributes": ("XLIFF 1.2, many attributes on one element", "`load_bytes`", "attributes", 80_000),
    "xliff20-attributes": ("XLIFF 2.0, many attributes on one element", "`load_bytes`", "attributes", 80_000),
    "xliff12-files": ("XLIFF 1.2, many `<file>` elements", "`load`", "files", 250),
    "xliff20-files": ("XLIFF 2.0, many `<file>` elements", "`load`", "files", 250),
    "xliff-files-tables": ("XLIFF 1.2, many `<file>` elements", "`tables` after the load", "tables", 125),
    "xcstrings-keys": ("String Catalog, many keys (Xcode's layout)", "`load_bytes` + `entries`", "keys", 3_000),
    "xcstrings-keys-one-line": ("String Catalog, many keys on one line", "`load_bytes` + `entries`", "keys", 3_000),
    "document-json-texts": ("JSON UI document, many texts", "`localize_document`", "texts", 20_000),
    "i18next-fan-out": ("i18next, a value nesting another n times", "`format_named`", "`$t()`", 500),
    "icu-nested": ("ICU MessageFormat, nested plural arms (to the limit)", "`format_named`", "levels", 4),
    "icu-nested-refused": ("ICU MessageFormat, nested past the limit", "`format_named` (refused)", "levels", 1_000),
    "mf2-chain": ("MessageFormat 2, a chain of `.local` declarations", "parse + `format_named`", "declarations",
                  10_000),
    "merge-xcstrings-pretty": ("`parlance merge` into a String Catalog, Xcode's layout", "the CLI", "keys", 3_000),
    "merge-xcstrings-one-line": ("`parlance merge` into a String Catalog on one line", "the CLI", "keys", 3_000),
    "merge-i18next-pretty": ("`parlance merge` into i18next JSON, indented", "the CLI", "keys", 3_000),
    "merge-i18next-one-line": ("`parlance merge` into i18next JSON on one line", "the CLI", "keys", 3_000),
    "merge-xliff-pretty": ("`parlance merge` into XLIFF 1.2, indented", "the CLI", "units", 3_000),
    "merge-xliff-one-line": ("`parlance merge` into XLIFF 1.2 on one line", "the CLI", "units", 3_000),
    "merge-po": ("`parlance merge` into a `.po` file", "the CLI", "messages", 3_000),
    "merge-android-pretty": ("`parlance merge` into Android resources, indented", "the CLI", "strings", 3_000),
    "merge-android-one-line": ("`parlance merge` into Android resources on one line", "the CLI", "strings", 3_000),
}
SCALES = (1, 4, 16)
# n at 1x for the instruction counts where it differs from the timings'.
INSTRUCTION_BASE = {
    "xliff12-attributes": 5_000, "xliff20-attributes": 5_000, "xcstrings-keys": 500, "xcstrings-keys-one-line": 500,
    "document-json-texts": 2_000, "i18next-fan-out": 100, "mf2-chain": 1_000, "merge-xcstrings-pretty": 500,
    "merge-xcstrings-one-line": 500, "merge-i18next-pretty": 500, "merge-i18next-one-line": 500,
    "merge-xliff-pretty": 500, "merge-xliff-one-line": 500, "merge-po": 500, "merge-android-pretty": 500,
    "merge-android-one-line": 500,
}
# Where the stripped copies for valgrind go, and the CLI the shapes run.
VALGRIND_DIR = os.path.join(ROOT, "build", "bench-valgrind")
CLI = os.environ.get("PARLANCE_SHAPES_CLI", CLI)


def log(text: str) -> None:
    print(f"[shapes] {text}", file=sys.stderr, flush=True)


# ---- The measuring process -------------------------------------------------------------------

class Shape:
    """One shape at one size: its prepare_ method builds the input (not
    timed); call() is the timed call, which checks its result against the
    input (an entry count, the formatted text, the refusal's message)."""

    def __init__(self, name: str, n: int, work: str):
        import parlance
        self.p, self.name, self.n, self.work = parlance, name, n, work
        self.seeds = shapes_module()
        getattr(self, "prepare_" + name.replace("-", "_"))()
        if not hasattr(self, "size"):
            self.size = len(getattr(self, "data", None) or getattr(self, "source", None) or b"")

    # XLIFF
    def prepare_xliff12_attributes(self):
        self.data = self.seeds.xliff12_attributes(self.n)
        self.call = lambda: self.load_bytes("xliff")

    def prepare_xliff20_attributes(self):
        self.data = self.seeds.xliff20_attributes(self.n)
        self.call = lambda: self.load_bytes("xliff")

    def load_bytes(self, format):
        with self.p.Catalog() as cat:
            cat.load_bytes(self.data, "ru", table="T", format=format)
            return len(cat.entries("ru", "T"))

    def prepare_xliff12_files(self):
        self.path = self.write("ru.xliff", self.seeds.xliff12_files(self.n))
        self.call = self.load_files

    def prepare_xliff20_files(self):
        self.path = self.write("ru.xlf", self.seeds.xliff20_files(self.n))
        self.call = self.load_files

    def load_files(self):
        with self.p.Catalog() as cat:
            cat.load(self.path)
            return len(cat.locales)

    def prepare_xliff_files_tables(self):
        self.path = self.write("ru.xliff", self.seeds.xliff12_files(self.n))
        self.cat = self.p.Catalog()
        self.cat.load(self.path)
        self.call = self.tables

    def tables(self):
        tables = self.cat.tables
        assert len(tables) == self.n, (self.name, len(tables))
        return len(tables)

    def write(self, name: str, data: bytes) -> str:
        folder = os.path.join(self.work, f"{self.name}-{self.n}")
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, name)
        with open(path, "wb") as f:
            f.write(data)
        self.size = len(data)
        return path

    # String Catalogs
    def prepare_xcstrings_keys(self):
        self.data = self.seeds.xcstrings_catalog(self.n, one_line=False)
        self.call = self.catalog_entries

    def prepare_xcstrings_keys_one_line(self):
        self.data = self.seeds.xcstrings_catalog(self.n, one_line=True)
        self.call = self.catalog_entries

    def catalog_entries(self):
        with self.p.Catalog() as cat:
            cat.load_bytes(self.data, None, table="Localizable", format="xcstrings")
            count = len(cat.entries("ru", "Localizable"))
        assert count == self.n, (self.name, count)
        return count

    # UI documents
    def prepare_document_json_texts(self):
        self.data = self.seeds.document_json_texts(self.n)
        self.cat = self.p.Catalog()
        self.cat.load_bytes('"Open" = "Öffnen";\n"A" = "Ä";'.encode(), "de")
        self.loc = self.p.Localizer(self.cat, ["de"])
        self.call = self.localize_document

    def localize_document(self):
        out = self.loc.localize_document(self.data, name="window.json")
        assert out.count("Öffnen".encode()) >= self.n * 4 // 5, self.name
        return len(out)

    # Messages
    def named(self, pattern: bytes, syntax: str):
        escaped = pattern.decode().replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        cat = self.p.Catalog()
        cat.set_message_syntax(syntax, table="M")
        cat.load_bytes(f'"m" = "{escaped}";'.encode(), "en", table="M")
        return cat, self.p.Localizer(cat, ["en"])

    def prepare_i18next_fan_out(self):
        self.cat = self.p.Catalog()
        self.data = self.seeds.i18next_fan_out(self.n)
        self.cat.load_bytes(self.data, "de", table="common", format="i18next")
        self.loc = self.p.Localizer(self.cat, ["de"])
        self.call = self.fan_out

    def fan_out(self):
        text = self.loc.format_named("a", {"count": 3}, table="common")
        assert text == "3 é" * self.n, (self.name, text[:40])
        return len(text)

    def prepare_icu_nested(self):
        self.data = self.seeds.icu_nested_plural(self.n)
        self.cat, self.loc = self.named(self.data, "icu")
        self.call = self.icu_format

    def icu_format(self):
        text = self.loc.format_named("m", {"count": 3, "name": "x"}, table="M")
        assert text == "3", (self.name, text)
        return len(text)

    def prepare_icu_nested_refused(self):
        self.data = self.seeds.icu_nested_plural(self.n)
        self.cat, self.loc = self.named(self.data, "icu")
        self.call = self.icu_refused

    def icu_refused(self):
        try:
            self.loc.format_named("m", {"count": 3, "name": "x"}, table="M")
        except self.p.FormatError as error:
            assert "nest deeper than 64" in str(error), str(error)
            return 0
        raise AssertionError(f"{self.name}: a message nested {self.n} deep was formatted")

    def prepare_mf2_chain(self):
        self.source = self.seeds.mf2_chain(self.n)
        self.call = self.mf2_format

    def mf2_format(self):
        cat, loc = self.named(self.source, "mf2")
        with cat, loc:
            t0 = time.perf_counter_ns()
            text = loc.format_named("m", {"count": 7}, table="M")
            spent = time.perf_counter_ns() - t0
        assert text == "7 and 7", (self.name, text)
        return ("ns", spent)

    # parlance merge
    def prepare_merge_xcstrings_pretty(self):
        self.prepare_merge(one_line=False)

    def prepare_merge_xcstrings_one_line(self):
        self.prepare_merge(one_line=True)

    def prepare_merge(self, one_line: bool):
        """A catalog messages.xcstrings of n keys (en and ru), merged with a
        .pot of the same n messages and one more."""
        self.catalog = self.seeds.xcstrings_catalog(self.n, one_line=one_line)
        self.dir = os.path.join(self.work, f"{self.name}-{self.n}", "Resources")
        os.makedirs(self.dir, exist_ok=True)
        pot = ['msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n']
        strings = json.loads(self.catalog)["strings"]
        pot += [f'\nmsgid "{key}"\nmsgstr ""\n' for key in strings if not key.startswith("%lld")]
        pot.append('\nmsgid "one more"\nmsgstr ""\n')
        self.pot = self.write("messages.pot", "".join(pot).encode())
        self.target = os.path.join(self.dir, "messages.xcstrings")
        self.size = len(self.catalog)
        self.call = self.merge

    def merge(self):
        with open(self.target, "wb") as f:
            f.write(self.catalog)
        t0 = time.perf_counter_ns()
        out = subprocess.run([CLI, "merge", "--quiet", "--format", getattr(self, "format", "xcstrings"), "--from", self.pot,
                              "-o", self.dir], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        spent = time.perf_counter_ns() - t0
        if out.returncode != 0:
            raise RuntimeError(f"parlance merge failed ({out.returncode}): {out.stderr[-1000:]}")
        with open(self.target, encoding="utf-8") as f:
            assert getattr(self, "added", "one more") in f.read(), self.name
        return ("ns", spent)

    # The tools' other readers (issue 26): merge into a catalog of n keys in
    # its format, indented and on one line, with a .pot of the same keys and
    # one more (one_more: a valid Android name): the `ru` file, Android's default one.
    def prepare_tool_merge(self, format: str, relative: str, document: bytes):
        self.dir = os.path.join(self.work, f"{self.name}-{self.n}", "catalog")
        self.target = os.path.join(self.dir, relative)
        os.makedirs(os.path.dirname(self.target), exist_ok=True)
        self.catalog, self.format, self.added = document, format, "one_more"
        pot = ['msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n']
        pot += [f'\nmsgid "k{i:x}"\nmsgstr ""\n' for i in range(self.n)] + ['\nmsgid "one_more"\nmsgstr ""\n']
        self.pot = self.write("messages.pot", "".join(pot).encode())
        self.size = len(document)
        self.call = self.merge

    def i18next_document(self, one_line: bool) -> bytes:
        body = {f"k{i:x}": f"Значение {i:x}" for i in range(self.n)}
        return (json.dumps(body, ensure_ascii=False, separators=(",", ":")) if one_line
                else json.dumps(body, ensure_ascii=False, indent=2)).encode()

    def prepare_merge_i18next_pretty(self):
        self.prepare_tool_merge("i18next", "ru/messages.json", self.i18next_document(one_line=False))

    def prepare_merge_i18next_one_line(self):
        self.prepare_tool_merge("i18next", "ru/messages.json", self.i18next_document(one_line=True))

    def xliff_document(self, one_line: bool) -> bytes:
        step = "" if one_line else "\n      "
        units = "".join(f'{step}<trans-unit id="k{i:x}" xml:space="preserve"><source>k{i:x}</source>'
                        f'<target state="translated">Значение {i:x}</target></trans-unit>' for i in range(self.n))
        return ('<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" '
                'version="1.2"><file original="messages.strings" source-language="en" target-language="ru" '
                f'datatype="plaintext"><body>{units}</body></file></xliff>\n').encode()

    def prepare_merge_xliff_pretty(self):
        self.prepare_tool_merge("xliff", "ru.xliff", self.xliff_document(one_line=False))

    def prepare_merge_xliff_one_line(self):
        self.prepare_tool_merge("xliff", "ru.xliff", self.xliff_document(one_line=True))

    def prepare_merge_po(self):
        header = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                  '"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && '
                  '(n%100<10 || n%100>=20) ? 1 : 2);\\n"\n')
        body = "".join(f'\n#: src/file{i % 97}.c:{i}\nmsgid "k{i:x}"\nmsgstr "Значение {i:x}"\n' for i in range(self.n))
        self.prepare_tool_merge("po", "ru/LC_MESSAGES/messages.po", (header + body).encode())

    def android_document(self, one_line: bool) -> bytes:
        step = "" if one_line else "\n    "
        strings = "".join(f'{step}<string name="k{i:x}">Значение {i:x}</string>' for i in range(self.n))
        return f'<?xml version="1.0" encoding="utf-8"?>\n<resources>{strings}\n</resources>\n'.encode()

    def prepare_merge_android_pretty(self):
        self.prepare_tool_merge("android", "values/messages.xml", self.android_document(one_line=False))

    def prepare_merge_android_one_line(self):
        self.prepare_tool_merge("android", "values/messages.xml", self.android_document(one_line=True))


def timed(shape: Shape, repeat: int) -> int:
    """ns for one call (the median is taken over rounds)."""
    t0 = time.perf_counter_ns()
    for _ in range(repeat):
        result = shape.call()
        if isinstance(result, tuple):       # the call timed itself (it excludes its set-up)
            return result[1]
    return (time.perf_counter_ns() - t0) // repeat


def cmd_measure(rounds: int, name: str, scale: int) -> None:
    """One shape at one scale, in this process: two warm-up calls (first-call
    costs, the heap grown to this size), then rounds timed calls."""
    sys.path.insert(0, BINDING)
    work = tempfile.mkdtemp(prefix="parlance-shapes-")
    try:
        shape = Shape(name, SHAPES[name][3] * scale, work)
        shape.call()
        warm = timed(shape, 1)
        repeat = max(1, min(1000, 10_000_000 // max(warm, 1)))
        samples = [timed(shape, repeat) for _ in range(rounds)]
        for handle in ("loc", "cat"):
            if hasattr(shape, handle):
                getattr(shape, handle).close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(json.dumps({"ns": statistics.median(samples), "bytes": shape.size, "repeat": repeat}))


def cmd_count(name: str, scale: int) -> None:
    """One shape at one scale for instruction counts: prepared, called once
    to warm up (first-call costs; not `parlance merge`, a fresh process
    each time), then one call between two calls of getppid(), where
    callgrind dumps its counts (--dump-before), so that the second part
    counted is the call alone."""
    sys.path.insert(0, BINDING)
    work = tempfile.mkdtemp(prefix="parlance-shapes-")
    try:
        shape = Shape(name, INSTRUCTION_BASE.get(name, SHAPES[name][3]) * scale, work)
        if not name.startswith("merge-"):
            shape.call()
        os.getppid()
        shape.call()
        os.getppid()
        for handle in ("loc", "cat"):
            if hasattr(shape, handle):
                getattr(shape, handle).close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def valgrind_copies() -> tuple:
    """The library and the CLI without their debug information (valgrind
    3.19 cannot read DWARF 5): (library, cli) under build/bench-valgrind."""
    os.makedirs(VALGRIND_DIR, exist_ok=True)
    lib, cli = os.path.join(VALGRIND_DIR, "libparlance.so"), os.path.join(VALGRIND_DIR, "parlance")
    for source, copy in ((os.path.realpath(LIB), lib), (CLI, cli)):
        subprocess.run(["strip", "--strip-debug", "-o", copy, source], check=True)
    return lib, cli


def callgrind_call(args: list, env: dict) -> int:
    """Instructions of the call `args` (cmd_count) makes between its two
    markers, with every process it starts (`parlance merge`), under callgrind."""
    with tempfile.TemporaryDirectory(prefix="parlance-callgrind-") as folder:
        out = subprocess.run(["valgrind", "--tool=callgrind", "--trace-children=yes", "--dump-before=getppid",
                              f"--log-file={folder}/log.%p", f"--callgrind-out-file={folder}/cg.%p"] + args,
                             env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             timeout=1200)
        if out.returncode != 0:
            raise RuntimeError(f"callgrind failed ({out.returncode}): {out.stderr[-1500:]}")
        total, parts = 0, {}
        for file in os.listdir(folder):
            if not file.startswith("cg."):
                continue
            pid, _, part = file[3:].partition(".")
            with open(os.path.join(folder, file)) as f:
                counted = sum(int(line.split()[1]) for line in f if line.startswith("totals:"))
            parts.setdefault(pid, {})[int(part) if part else 0] = counted
        for pid, counts in parts.items():
            if len(counts) > 1:
                # The measuring process: part 1 ends at the first marker, part 2 is the call.
                if 2 not in counts:
                    raise RuntimeError(f"callgrind: no dump at the markers ({sorted(counts)})")
                total += counts[2]
            else:
                total += sum(counts.values())       # a process the call started
        if not any(len(c) > 1 for c in parts.values()):
            raise RuntimeError("callgrind: the measuring process dumped nothing")
        return total


def count_all(log=log) -> dict:
    """Every shape at every scale in instructions (callgrind); {"shapes": {name: ...}, "seconds"}, or
    {"error": why} where valgrind is missing."""
    if not shutil.which("valgrind"):
        return {"error": "valgrind is not installed"}
    started = time.monotonic()
    lib, cli = valgrind_copies()
    env = dict(os.environ, LC_ALL="C.UTF-8", PYTHONPATH=BINDING, PARLANCE_LIBRARY=lib, PARLANCE_SHAPES_CLI=cli,
               PYTHONHASHSEED="0")
    python = os.path.realpath(sys.executable)
    results = {}
    for name, (_, _, unit, _) in SHAPES.items():
        base = INSTRUCTION_BASE.get(name, SHAPES[name][3])
        r = {"n": {}, "instructions": {}}
        try:
            for scale in SCALES:
                r["n"][scale] = base * scale
                r["instructions"][scale] = callgrind_call([python, os.path.abspath(__file__), "count", name,
                                                           str(scale)], env)
        except (RuntimeError, subprocess.TimeoutExpired) as error:
            log(f"{name}: {error}")
            results[name] = {"error": str(error).splitlines()[0]}
            continue
        r["linear_4"] = r["instructions"][4] / (4 * r["instructions"][1])
        r["linear_16"] = r["instructions"][16] / (16 * r["instructions"][1])
        log(f"{name} (instructions): " + ", ".join(f"{r['n'][s]:,} {unit} {r['instructions'][s] / 1e6:.1f} M"
                                                  for s in SCALES)
            + f"; 4x {r['linear_4']:.2f}, 16x {r['linear_16']:.2f}")
        results[name] = r
    return {"shapes": results, "seconds": round(time.monotonic() - started, 1)}


# ---- The driver -----------------------------------------------------------------------------

def measure_all(rounds: int = 3, log=log, instructions: bool = True) -> dict:
    """Every shape at every scale, each in a fresh process; {"shapes": {name: ...}, "rounds", "seconds",
    "instructions": count_all()}."""
    started = time.monotonic()
    env = dict(os.environ, LC_ALL="C.UTF-8", PYTHONPATH=BINDING, PARLANCE_LIBRARY=LIB)
    results = {}
    for name, (_, _, unit, base) in SHAPES.items():
        r = {"n": {}, "bytes": {}, "ns": {}, "repeat": {}, "rounds": rounds}
        for scale in SCALES:
            out = subprocess.run([sys.executable, os.path.abspath(__file__), "measure", str(rounds), name, str(scale)],
                                 env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                 timeout=600)
            if out.returncode != 0:
                log(f"{name} at {scale}x: failed ({out.returncode}): {out.stderr[-1500:]}")
                r = {"error": out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "failed"}
                break
            one = json.loads(out.stdout)
            r["n"][scale], r["bytes"][scale], r["ns"][scale] = base * scale, one["bytes"], one["ns"]
            r["repeat"][scale] = one["repeat"]
        if "error" not in r:
            r["linear_4"] = r["ns"][4] / (4 * r["ns"][1])
            r["linear_16"] = r["ns"][16] / (16 * r["ns"][1])
            log(f"{name}: " + ", ".join(f"{r['n'][s]:,} {unit} {r['ns'][s] / 1e6:.2f} ms" for s in SCALES)
                + f"; 4x {r['linear_4']:.2f}, 16x {r['linear_16']:.2f}")
        results[name] = r
    res = {"shapes": results, "rounds": rounds, "seconds": round(time.monotonic() - started, 1)}
    if instructions:
        res["instructions"] = count_all(log)
    return res


# ---- Report (bench/run.py) ------------------------------------------------------------------

def fmt_ms(ns) -> str:
    if ns >= 1e9:
        return f"{ns / 1e9:.2f} s"
    if ns >= 1e6:
        return f"{ns / 1e6:.1f} ms"
    return f"{ns / 1e3:.0f} µs"


def fmt_bytes(n) -> str:
    if n >= 2**20:
        return f"{n / 2**20:.2f} MiB"
    return f"{n / 1024:.1f} KiB" if n >= 1024 else f"{n} B"


def verdict(value: float) -> str:
    return "met" if value <= GOAL else f"missed by {value / GOAL:.1f}×"


def by_scale(r):
    """A shape's result with its per-scale figures keyed by int (JSON, as in
    bench-results.json and run.py --from-json, keys them by string)."""
    if not r or "error" in r:
        return r
    return dict(r, **{k: {int(s): v for s, v in r[k].items()} for k in ("n", "bytes", "ns", "instructions") if k in r})


def fmt_count(n) -> str:
    return f"{n / 1e9:.2f} G" if n >= 1e9 else f"{n / 1e6:.1f} M" if n >= 1e6 else f"{n / 1e3:.0f} k"


def target_rows(res) -> list:
    """Rows of the Targets table: one per shape, 16x against 16 times 1x."""
    rows = []
    for name, (label, call, unit, _) in SHAPES.items():
        r = by_scale((res or {}).get("shapes", {}).get(name))
        if not r or "error" in r:
            rows.append(f"| Linear: {label}, {call} | not measured | – | – | ≤ {GOAL}× | not measured |")
            continue
        rows.append(f"| Linear: {label}, {call} | 16× ({r['n'][16]:,} {unit}): {fmt_ms(r['ns'][16])} | "
                    f"16 × 1× ({r['n'][1]:,}): 16 × {fmt_ms(r['ns'][1])} | {r['linear_16']:.2f}× | "
                    f"≤ {GOAL}× | {verdict(r['linear_16'])} |")
    counted = (res or {}).get("instructions") or {}
    for name, (label, call, unit, _) in SHAPES.items():
        r = by_scale(counted.get("shapes", {}).get(name))
        if not r or "error" in r:
            why = (r or {}).get("error") or counted.get("error") or "not measured"
            rows.append(f"| Linear in instructions: {label}, {call} | {why} | – | – | ≤ {GOAL}× | not measured |")
            continue
        rows.append(f"| Linear in instructions: {label}, {call} | 16× ({r['n'][16]:,} {unit}): "
                    f"{fmt_count(r['instructions'][16])} | 16 × 1× ({r['n'][1]:,}): 16 × "
                    f"{fmt_count(r['instructions'][1])} | {r['linear_16']:.2f}× | ≤ {GOAL}× | {verdict(r['linear_16'])} |")
    return rows


def shape_rows(results, w, measured) -> None:
    """One table row per shape: label, call, n at 1x, the cells `measured`
    gives of its result, the two linearity ratios and the verdict (the
    timings' table and the instruction counts' alike)."""
    for name, (label, call, unit, _) in SHAPES.items():
        r = by_scale(results.get(name))
        if not r or "error" in r:
            w(f"| {label} | {call} | – | – | – | – | – | – | – | {r['error'] if r else 'not measured'} |")
            continue
        cells = [label, call, f"{r['n'][1]:,} {unit}"] + measured(r) + [
            f"{r['linear_4']:.2f}×", f"{r['linear_16']:.2f}×", verdict(r['linear_16'])]
        w("| " + " | ".join(cells) + " |")


def report(res, w) -> None:
    """The section of this benchmark's results."""
    w("## Hostile shapes at 1×, 4× and 16× (issue 28)")
    w("")
    if not res or not res.get("shapes"):
        w("Not measured in this run.")
        w("")
        return
    w("`bench/shapes_bench.py`: the shapes of the fuzzing seeds (`scripts/fuzz-seeds.py`) at three sizes, each "
      "size in a fresh Python process over the binding (the CLI for `parlance merge`): two warm-up calls, then "
      f"the median of {res['rounds']} timed calls. Linear growth is t(k×) ÷ (k × t(1×)) = 1; "
      f"quadratic would be k. Target ≤ {GOAL}×. `merge` is a whole process, so its start-up is in every size.")
    w("")
    w("| Shape | Call | n at 1× | Bytes at 16× | 1× | 4× | 16× | 4× ÷ (4 × 1×) | 16× ÷ (16 × 1×) | Goal ≤ 1.5× |")
    w("|---|---|---|---|---|---|---|---|---|---|")
    shape_rows(res["shapes"], w, lambda r: [fmt_bytes(r['bytes'][16])] + [fmt_ms(r['ns'][k]) for k in SCALES])
    counted = res.get("instructions") or {}
    w("")
    w("The same shapes counted in instructions (callgrind, the second of its dumps at two markers "
      "around one call after a warm-up one, so preparation and start-up are not counted; smaller sizes, as caches "
      "play no part). Time per unit "
      "that grows where instructions per unit do not is memory, not a step that grows with the input.")
    w("")
    if "shapes" not in counted:
        w(f"Not counted in this run ({counted.get('error', 'skipped')}).")
    else:
        w("| Shape | Call | n at 1× | 1× | 4× | 16× | per unit at 16× | 4× ÷ (4 × 1×) | 16× ÷ (16 × 1×) | Goal ≤ 1.5× |")
        w("|---|---|---|---|---|---|---|---|---|---|")
        shape_rows(counted["shapes"], w, lambda r: [fmt_count(r['instructions'][k]) for k in SCALES]
                   + [f"{r['instructions'][16] / r['n'][16]:,.0f}"])
    pretty = by_scale(res["shapes"].get("merge-xcstrings-pretty")) or {}
    one_line = by_scale(res["shapes"].get("merge-xcstrings-one-line")) or {}
    if "ns" in pretty and "ns" in one_line:
        w("")
        w(f"`parlance merge` into the catalog written on one line ÷ the same catalog in Xcode's layout, "
          f"at 16× ({one_line['n'][16]:,} keys, {fmt_bytes(one_line['bytes'][16])} against "
          f"{fmt_bytes(pretty['bytes'][16])}): {one_line['ns'][16] / pretty['ns'][16]:.2f}× (issue 26: "
          "1.36 MB on one line used to take 30 s, 130× its pretty-printed twin).")
    w("")


def main(argv) -> int:
    if len(argv) == 5 and argv[1] == "measure":
        cmd_measure(int(argv[2]), argv[3], int(argv[4]))
        return 0
    if len(argv) == 4 and argv[1] == "count":
        cmd_count(argv[2], int(argv[3]))
        return 0
    import argparse
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="1 timed call per size")
    ap.add_argument("--rounds", type=int)
    ap.add_argument("--markdown", action="store_true", help="print the report section instead of JSON")
    ap.add_argument("--only-instructions", action="store_true", help="count instructions, skip the timings")
    args = ap.parse_args(argv[1:])
    if args.only_instructions:
        res = {"shapes": {}, "rounds": 0, "instructions": count_all()}
    else:
        res = measure_all(args.rounds or (1 if args.quick else 3))
    if args.markdown:
        lines = []
        report(res, lines.append)
        lines += ["", "| Target | Parlance | Reference | Ratio | Goal | Status |", "|---|---|---|---|---|---|"]
        lines += target_rows(res)
        print("\n".join(lines))
    else:
        print(json.dumps(res, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
