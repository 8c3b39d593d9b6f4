#!/usr/bin/env python3
"""`make bench`: every benchmark, one Markdown report on stdout and in BENCHMARKS.md.

    run.py [--quick] [--skip-swift] [--skip-callgrind] [--sizes 1k,10k,100k,1m]

Runs, each Parlance figure next to its reference measured in the same run:
the C lookups (bench/c_bench.c) on the real catalog and each generated size,
load time and peak RSS in fresh processes (compiled catalogs included), the
memory a compiled catalog takes and shares, decimal plural selection against
ICU, the Python binding against the
standard library (bench/py_bench.py), the String Catalog, i18next, Android and
XLIFF readers against json / ElementTree (bench/formats_bench.py), issue 28's hostile shapes at 1x, 4x
and 16x their size (bench/shapes_bench.py), Parlance's Swift Localizer against
Foundation's Bundle (bench/swift), and callgrind instruction counts. Progress
goes to stderr; raw results to build/bench-results.json.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "build")
DATA = os.path.join(OUT, "bench-data")
C_BENCH = os.path.join(OUT, "bench", "c_bench")
SWIFT_BENCH = os.path.join(OUT, "bench-swift", "release", "swift-bench")
LIB = os.path.join(OUT, "lib", "libparlance.so")
CLI = os.path.join(OUT, "bin", "parlance")
STARTED = time.monotonic()

ENV = dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE="de",
           PARLANCE_LIBRARY=LIB, PYTHONPATH=os.path.join(ROOT, "bindings", "python"))
for name in ("LANG", "LC_MESSAGES"):
    ENV.pop(name, None)

SIZE_LABELS = {"real": "real", "1k": "1k", "10k": "10k", "100k": "100k", "1m": "1M"}


def log(text: str) -> None:
    print(f"[bench {time.monotonic() - STARTED:6.1f} s] {text}", file=sys.stderr, flush=True)


def run(cmd, timeout=300, env=ENV, check=True):
    result = subprocess.run(cmd, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, timeout=timeout)
    if check and result.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({result.returncode}):\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
    return result


def paths(size: str) -> dict:
    base = os.path.join(DATA, size)
    p = {
        "base": base,
        "mo": os.path.join(base, "mo", "de", "LC_MESSAGES", "bench.mo"),
        "po": os.path.join(base, "po", "de", "LC_MESSAGES", "bench.po"),
        "strings": os.path.join(base, "strings", "de.lproj", "Localizable.strings"),
        "bundle": os.path.join(base, "strings"),
        "keys": os.path.join(base, "keys.txt"),
        "misses": os.path.join(base, "misses.txt"),
        "compiled_mo": os.path.join(base, "compiled", "mo.parlance"),
        "compiled_strings": os.path.join(base, "compiled", "strings.parlance"),
    }
    return {k: v for k, v in p.items() if os.path.exists(v)}


def parse_rows(text: str) -> dict:
    """'row<TAB>contestant<TAB>ns<TAB>batches<TAB>per batch' lines -> {row: {contestant: ns}}."""
    rows: dict = {}
    for line in text.splitlines():
        parts = line.split("\t")
        if len(parts) >= 3 and parts[0] not in ("skip", "info"):
            rows.setdefault(parts[0], {})[parts[1]] = float(parts[2])
        elif parts and parts[0] in ("skip", "info"):
            rows.setdefault(parts[0], {})[parts[1]] = parts[2] if len(parts) > 2 else ""
    return rows


# ---- The machine -----------------------------------------------------------------------

def first_line(cmd) -> str:
    try:
        out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=30).stdout
        return out.strip().splitlines()[0] if out.strip() else "?"
    except (OSError, subprocess.SubprocessError):
        return "not found"


def machine() -> list:
    cpu = "?"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = "?"
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal"):
                mem = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    os_name = platform.platform()
    try:
        for line in open("/etc/os-release"):
            if line.startswith("PRETTY_NAME="):
                os_name = line.split("=", 1)[1].strip().strip('"') + f" (kernel {platform.release()})"
    except OSError:
        pass
    icu = "?"
    try:
        out = subprocess.run(["ldd", LIB], stdout=subprocess.PIPE, text=True).stdout
        m = re.search(r"libicuuc\.so\.(\d+)", out)
        if m:
            icu = m.group(1)
    except OSError:
        pass
    load = open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else ["?"]
    return [
        ("CPUs (`nproc`)", str(os.cpu_count()) if shutil.which("nproc") is None else first_line(["nproc"])),
        ("CPU model", cpu),
        ("Memory", mem),
        ("OS", os_name),
        ("C compiler", first_line([os.environ.get("CC", "cc"), "--version"])),
        ("Swift", first_line(["swift", "--version"])),
        ("ICU", icu),
        ("glibc", first_line(["ldd", "--version"])),
        ("Python", platform.python_version()),
        ("valgrind", first_line(["valgrind", "--version"])),
        ("Load average at start", " ".join(load)),
    ]


# ---- C ------------------------------------------------------------------------------------

def c_lookups(sizes, budget_ms) -> dict:
    results = {}
    for size in sizes:
        p = paths(size)
        if "mo" not in p:
            continue
        # Parlance takes close to a minute to parse the 1M .strings here (see the
        # load table), so the 1M lookups leave that catalog out to stay in budget.
        strings = "-" if size == "1m" else p.get("strings", "-")
        log(f"C lookups on {size}")
        out = run([C_BENCH, "lookup", p["mo"], strings, p.get("compiled_mo", "-"), p.get("compiled_strings", "-"),
                   p["misses"], str(budget_ms)], timeout=300)
        results[size] = parse_rows(out.stdout)
    return results


def median_runs(cmd, runs, time_box_s, cap_s=150):
    """Median ns and median peak RSS (KiB) over runs, fewer when runs are slow
    (at least one). A run over cap_s is stopped: (None, None, 0); a command
    that answers "skip": None."""
    return interleaved_runs({0: cmd}, runs, time_box_s, cap_s)[0]


def interleaved_runs(cmds: dict, rounds: int, time_box_s, cap_s=150) -> dict:
    """median_runs for several commands taking turns: each round runs each
    command once, until `rounds` rounds or the time box (at least one
    round). Name -> (median ns, median peak RSS KiB, runs); a command
    stopped after cap_s, or answering "skip", runs no more."""
    times = {name: [] for name in cmds}
    rss = {name: [] for name in cmds}
    done = {}
    started = time.monotonic()
    for _ in range(rounds):
        for name, cmd in cmds.items():
            if name in done:
                continue
            try:
                out = run(cmd, timeout=cap_s)
            except subprocess.TimeoutExpired:
                log(f"  stopped after {cap_s} s")
                done[name] = (None, None, 0)
                continue
            if out.stdout.strip() == "skip":
                done[name] = None
                continue
            ns, kib = out.stdout.split()
            times[name].append(int(ns))
            rss[name].append(int(kib))
        if time.monotonic() - started > time_box_s or len(done) == len(cmds):
            break
    return {name: done[name] if name in done else
            (statistics.median(times[name]), statistics.median(rss[name]), len(times[name])) for name in cmds}


def c_loads(sizes, runs, time_box_s) -> dict:
    results = {}
    for size in sizes:
        p = paths(size)
        if "mo" not in p:
            continue
        log(f"C load time and RSS on {size}")
        r = {}
        small = size in ("1k", "10k")
        kinds = [("none", "none", p["mo"]), ("glibc dgettext", "glibc", p["mo"]),
                 ("bare probe", "probe", p["mo"]), ("parlance_dgettext", "parlance-libintl", p["mo"]),
                 ("Parlance catalog (.mo)", "parlance", p["mo"]),
                 ("compiled catalog (of the .mo)", "compiled-mo", p.get("compiled_mo")),
                 ("compiled catalog (of the .strings)", "compiled-strings", p.get("compiled_strings")),
                 ("Parlance catalog (.po)", "parlance", p.get("po") if size != "1m" else None),
                 ("Parlance catalog (.strings)", "parlance", p.get("strings"))]
        if small:
            kinds = [k for k in kinds if k[1] not in ("probe", "parlance-libintl")]
        kinds = [k for k in kinds if k[2] is not None]
        # Loads that do no work per entry take microseconds, where the
        # machine's drift over a few seconds is as large as the differences
        # measured: they take turns, one run each per round, so that each
        # is compared with glibc's under the same conditions.
        fast = [k for k in kinds if small or k[2] == p["mo"] or k[1] in ("compiled-mo", "compiled-strings")]
        measured = interleaved_runs({name: [C_BENCH, "load", kind, path, p["mo"]] for name, kind, path in fast},
                                    max(runs, 41), time_box_s)
        for name, kind, path in kinds:
            m = measured[name] if name in measured else median_runs([C_BENCH, "load", kind, path, p["mo"]], runs, time_box_s)
            r[name] = {"ns": m[0], "rss_kib": m[1], "runs": m[2]}
            if m[0] is not None:
                log(f"  {name}: {m[0] / 1e6:.3f} ms, {m[1] / 1024:.1f} MiB ({m[2]} runs)")
        if not small:
            for name, kind, path in kinds[1:7]:
                if path is None:
                    continue
                m = median_runs([C_BENCH, "load", kind, path, p["mo"], "all"], 1, 0)
                r[name]["rss_all_kib"] = m[1]
        results[size] = r
    return results


MEMORY_FIELDS = ("hwm", "rss", "all_rss", "all_pss", "all_shared_clean", "all_private_clean", "all_private_dirty",
                 "file_rss", "file_pss", "file_shared_clean")


def memory(sizes) -> dict:
    """Two processes load the same file and look every plain key up; each
    reports its memory after loading, after the lookups, and (the first)
    once the second has done the same (c_bench memory)."""
    results = {}
    for size in sizes:
        p = paths(size)
        if "mo" not in p:
            continue
        log(f"memory on {size}")
        r = {}
        for name, kind, path in (("none", "none", p["mo"]), ("glibc dgettext", "glibc", p["mo"]),
                                 ("Parlance catalog (.mo)", "parlance", p["mo"]),
                                 ("compiled catalog (of the .mo)", "compiled-mo", p.get("compiled_mo")),
                                 ("compiled catalog (of the .strings)", "compiled-strings", p.get("compiled_strings"))):
            if path is None:
                continue
            cmd = [C_BENCH, "memory", kind, path, p["mo"]]
            procs, stages = [], {}

            def read(proc, who):
                parts = proc.stdout.readline().split("\t")
                if len(parts) != len(MEMORY_FIELDS) + 1:
                    raise RuntimeError(f"c_bench memory {kind}: unexpected output {parts}")
                stages[f"{who} {parts[0]}"] = dict(zip(MEMORY_FIELDS, map(int, parts[1:])))
            try:
                for who in ("first", "second"):
                    proc = subprocess.Popen(cmd, env=ENV, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            text=True)
                    procs.append(proc)
                    read(proc, who)
                    read(proc, who)
                    read(proc, who)
                for proc, who in zip(procs, ("first", "second")):
                    proc.stdin.write("\n")
                    proc.stdin.flush()
                    read(proc, who)
            finally:
                for proc in procs:
                    proc.stdin.close()
                    proc.wait(timeout=120)
            stages["file_kib"] = os.path.getsize(path) // 1024
            r[name] = stages
            f = stages["first again"]
            log(f"  {name}: VmHWM {stages['first all']['hwm'] / 1024:.1f} MiB, file mapping Rss "
                f"{f['file_rss'] / 1024:.1f} MiB Pss {f['file_pss'] / 1024:.1f} MiB with two processes")
        results[size] = r
    return results


def runtime_bench(budget_ms) -> dict:
    log("long-running programs: set_locales, a localizer per request, read sections, copies")
    return parse_rows(run([C_BENCH, "runtime", os.path.join(ROOT, "Examples", "catalog"), str(budget_ms)],
                          timeout=120).stdout)


def message_format(budget_ms) -> dict:
    log("messages: an ICU MessageFormat plural message, Parlance vs ICU's umsg_format")
    return parse_rows(run([C_BENCH, "message", str(budget_ms)], timeout=120).stdout)


def soak_figures() -> dict:
    """The soak program's VmRSS lines (the same program make test runs)."""
    soak = os.path.join(OUT, "soak")
    if not os.path.exists(soak):
        return {}
    out = run([soak, os.path.join(ROOT, "Examples", "catalog"), os.path.join(OUT, "libintl"), "8"], timeout=300,
              check=False).stdout
    return {"lines": [line[len("soak: "):] for line in out.splitlines() if line.startswith("soak: ")]}


def decimal_plurals(budget_ms) -> dict:
    log("decimal plurals: parlance_plural_category vs ICU")
    return parse_rows(run([C_BENCH, "decimal", str(budget_ms)], timeout=120).stdout)


def callgrind(catalogs, iterations) -> dict:
    if shutil.which("valgrind") is None:
        log("callgrind: valgrind is missing; skipped")
        return {}
    # valgrind 3.19 cannot read the DWARF 5 that Swift's clang writes: give it
    # a copy of the library without debug info (symbols stay).
    libdir = os.path.join(OUT, "bench", "callgrind-lib")
    os.makedirs(libdir, exist_ok=True)
    # Under its soname too: programs linked with it ask for libparlance.so.N.
    real = os.path.realpath(LIB)
    soname = os.path.basename(real).rsplit(".", 2)[0] if re.search(r"\.so\.\d+\.\d+\.\d+$", real) else None
    subprocess.run(["strip", "--strip-debug", "-o", os.path.join(libdir, "libparlance.so"), real], check=True)
    if soname:
        shutil.copyfile(os.path.join(libdir, "libparlance.so"), os.path.join(libdir, soname))
    # ICU, opened beside the library at the first call that needs it.
    icu = os.path.join(os.path.dirname(real), "libparlance-icu.so.0")
    if os.path.exists(icu):
        shutil.copyfile(icu, os.path.join(libdir, "libparlance-icu.so.0"))
    env = dict(ENV, LD_LIBRARY_PATH=libdir)
    results = {}
    for size, contestants in catalogs:
        p = paths(size)
        if "mo" not in p:
            continue
        results[size] = {}
        for who in contestants:
            strings = p.get("strings", "-") if who == "parlance-text-strings" else "-"
            if who == "parlance-text-strings" and strings == "-":
                continue
            compiled_mo = p.get("compiled_mo", "-") if "compiled" in who else "-"
            compiled_strings = p.get("compiled_strings", "-") if who == "parlance-text-compiled-strings" else "-"
            if "compiled" in who and (compiled_mo if who != "parlance-text-compiled-strings" else compiled_strings) == "-":
                continue
            log(f"callgrind on {size}: {who}")
            outfile = os.path.join(OUT, "bench", f"callgrind.{size}.{who}")
            r = run(["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=cg_measured",
                     f"--callgrind-out-file={outfile}", C_BENCH, "callgrind", who, p["mo"], strings,
                     compiled_mo, compiled_strings, p["misses"], str(iterations)], env=env, timeout=300)
            total = None
            for line in open(outfile):
                if line.startswith("totals:") or line.startswith("summary:"):
                    total = int(line.split()[1])
            results[size][who] = {"ir_per_lookup": total / iterations, "file": outfile}
    return results


SHOW_ONE = {who: os.path.join(OUT, "bench", f"show_one_{who}") for who in ("glibc", "parlance")}
# One translated string shown by a whole process: dpkg's German catalog, as Debian installs it.
SHOW_ONE_ARGS = ("dpkg", "/usr/share/locale", "(no description available)")


def start_bench() -> dict:
    """What a program pays to show one string and what Parlance weighs: the
    instructions of a whole process (bench/show_one.c: setlocale,
    bindtextdomain, one dgettext) with glibc's libintl and with Parlance's,
    under callgrind; the library's size as built and stripped; the wheel's
    installed size (the wheel built from this library, with ICU and its data)."""
    res: dict = {}
    real = os.path.realpath(LIB)
    work = os.path.join(OUT, "bench", "size")
    os.makedirs(work, exist_ok=True)
    stripped = os.path.join(work, os.path.basename(real))
    subprocess.run(["strip", "--strip-all", "-o", stripped, real], check=True)
    res["lib_built"] = os.path.getsize(real)
    res["lib_stripped"] = os.path.getsize(stripped)
    icu = os.path.join(os.path.dirname(real), "libparlance-icu.so.0")
    if os.path.exists(icu):
        subprocess.run(["strip", "--strip-all", "-o", os.path.join(work, "icu.so"), icu], check=True)
        res["icu_stripped"] = os.path.getsize(os.path.join(work, "icu.so"))
    # The wheel of this build (scripts/build-wheel.sh: ICU's code and sliced
    # data linked into libparlance-icu.so.0).
    wheel_dir = os.path.join(OUT, "bench", "wheel")
    log("start: building the wheel")
    built_wheel = run(["bash", os.path.join(ROOT, "scripts", "build-wheel.sh"), wheel_dir], timeout=600, check=False)
    if built_wheel.returncode != 0:
        log(f"start: the wheel was not built; its row is skipped:\n{built_wheel.stderr[-1000:]}")
    wheels = sorted(glob.glob(os.path.join(wheel_dir, "parlance-*.whl")))
    if wheels:
        with zipfile.ZipFile(wheels[-1]) as wheel:
            res["wheel_installed"] = sum(i.file_size for i in wheel.infolist())
        res["wheel_file"] = os.path.getsize(wheels[-1])
    mo = os.path.join(SHOW_ONE_ARGS[1], "de", "LC_MESSAGES", SHOW_ONE_ARGS[0] + ".mo")
    if shutil.which("valgrind") is None or not os.path.exists(mo):
        log("start: valgrind or dpkg's German catalog missing; the whole-process row is skipped")
        return res
    libdir = os.path.join(OUT, "bench", "callgrind-lib")
    env = dict(ENV, LD_LIBRARY_PATH=libdir, LC_ALL="de_DE.UTF-8")
    env.pop("LANGUAGE", None)
    res["process"] = {}
    for who, program in SHOW_ONE.items():
        outfile = os.path.join(OUT, "bench", f"callgrind.show_one.{who}")
        r = run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={outfile}", program, *SHOW_ONE_ARGS],
                env=env, timeout=300)
        if r.stdout.strip() in ("", SHOW_ONE_ARGS[2]):
            raise RuntimeError(f"show_one {who} showed no translation: {r.stdout!r}")
        total = None
        for line in open(outfile):
            if line.startswith("totals:") or line.startswith("summary:"):
                total = int(line.split()[1])
        res["process"][who] = total
        log(f"  whole process, {who}: {total:,} instructions")
    return res


def callgrind_load(loads) -> dict:
    """Instructions to load a catalog and look one key up (c_bench load under
    callgrind, counting inside load_kind only), for the profiles of slow loads."""
    if shutil.which("valgrind") is None:
        return {}
    libdir = os.path.join(OUT, "bench", "callgrind-lib")
    env = dict(ENV, LD_LIBRARY_PATH=libdir)
    results = {}
    for label, size, kind, key in loads:
        p = paths(size)
        if key not in p:
            continue
        log(f"callgrind on the {size} load: {label}")
        outfile = os.path.join(OUT, "bench", f"callgrind.load.{size}.{label}")
        run(["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=load_kind",
             f"--callgrind-out-file={outfile}", C_BENCH, "load", kind, p[key], p["mo"]], env=env, timeout=300)
        total = None
        for line in open(outfile):
            if line.startswith("totals:") or line.startswith("summary:"):
                total = int(line.split()[1])
        results[label] = {"size": size, "ir": total, "file": outfile}
    return results


HARNESS = re.compile(r"(c_bench\.c:|libc-start|libc_start_call_main|\(below main\)|ld-linux|PROGRAM TOTALS)")


def profile_top(outfile: str, count: int = 10) -> list:
    """(inclusive %, self %, function) of the top functions below the benchmark loop."""
    def annotate(inclusive: bool) -> list:
        out = subprocess.run(["callgrind_annotate", "--auto=no", f"--inclusive={'yes' if inclusive else 'no'}",
                              outfile], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
        rows = []
        for line in out.splitlines():
            m = re.match(r"\s*([\d,]+)\s+\(\s*([\d.]+)%\)\s+(.*)$", line)
            if not m or HARNESS.search(m.group(3)):
                continue
            name = re.sub(r"\s+\[[^\]]*\]$", "", m.group(3))      # the object file
            name = re.sub(r"^[^:]*:", "", name, count=1)              # the source file, or ???
            rows.append((float(m.group(2)), name))
        return rows
    inclusive = annotate(True)[:count]
    own = {name: pct for pct, name in annotate(False)}
    rows = [(pct, own.get(name, 0.0), name) for pct, name in inclusive]
    names = [n for _, _, n in rows]
    if shutil.which("swift") and names:
        demangled = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(names),
                                   stdout=subprocess.PIPE, text=True).stdout.splitlines()
        if len(demangled) == len(names):
            rows = [(pct, self_pct, d) for (pct, self_pct, _), d in zip(rows, demangled)]
    return rows


# ---- Python and Swift ---------------------------------------------------------------------

def python_bench(sizes, budget_ms, runs, time_box_s, with_load) -> dict:
    script = os.path.join(ROOT, "bench", "py_bench.py")
    results = {"lookup": {}, "load": {}}
    for size in sizes:
        p = paths(size)
        if "mo" not in p:
            continue
        log(f"Python lookups on {size}")
        out = run([sys.executable, script, "lookup", p["mo"], str(budget_ms)], timeout=240)
        results["lookup"][size] = parse_rows(out.stdout)
    p = paths("100k")
    if "mo" in p and with_load:
        for name, kind in (("none", "none"), ("stdlib GNUTranslations", "stdlib"), ("Parlance Localizer", "parlance"),
                           ("Parlance Catalog.load_bytes (.mo bytes)", "parlance-bytes"),
                           ("stdlib gettext.translation()", "stdlib-translation"),
                           ("parlance.gettext translation()", "parlance-gettext")):
            log(f"Python load on 100k: {name}")
            m = median_runs([sys.executable, script, "load", kind, p["mo"]], runs, time_box_s)
            if m is not None:
                results["load"][name] = {"ns": m[0], "rss_kib": m[1], "runs": m[2]}
    return results


READERS = (("xcstrings", "String Catalog (`.xcstrings`)"), ("i18next", "i18next JSON v4"),
           ("android", "Android `strings.xml`"), ("xliff", "XLIFF 1.2"))


def readers_bench(runs, time_box_s) -> dict:
    """The four readers' load + first lookup (bench/formats_bench.py), each next to the parser a user would
    otherwise run, fresh processes taking turns; data generated once into build/bench-data/formats/."""
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    import formats_bench
    return formats_bench.measure_all(runs, time_box_s, log=lambda text: log(f"readers: {text}"))


def shapes_bench(rounds) -> dict:
    """Each hostile shape of issue 28 at 1x, 4x and 16x (bench/shapes_bench.py): linear growth or not."""
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    import shapes_bench as shapes
    log("shapes: issue 28's hostile inputs at 1x, 4x and 16x")
    return shapes.measure_all(rounds, log=lambda text: log(f"shapes: {text}"))


TOOL_TREES = (100, 1000, 10000)
MSGMERGE_BOX_S = 90


def timed(cmd, timeout):
    """Wall seconds of one run of cmd, or None past the timeout."""
    t0 = time.monotonic()
    try:
        run(cmd, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    return time.monotonic() - t0


def tools_bench(trees, runs) -> dict:
    """extract and merge over generated source trees, next to xgettext and msgmerge on the same files."""
    results = {}
    gen = os.path.join(ROOT, "bench", "gen_tree.py")
    keywords = ["--keyword=_", "--keyword=ngettext:1,2", "--add-comments=TRANSLATORS:", "--from-code=UTF-8"]
    for files in trees:
        base = os.path.join(DATA, "trees", str(files))
        old, new = os.path.join(base, "old"), os.path.join(base, "new")
        if not os.path.isdir(new):
            shutil.rmtree(base, ignore_errors=True)
            run([sys.executable, gen, old, str(files)], timeout=300)
            run([sys.executable, gen, new, str(files), "--changed", "10"], timeout=300)
        listing = os.path.join(base, "files.txt")
        with open(listing, "w") as f:
            for root, _, names in sorted(os.walk(new)):
                for name in sorted(names):
                    f.write(os.path.join(root, name) + "\n")
        row = {}
        log(f"tools: extract over {files} files")
        work = os.path.join(base, "work")
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        xs = [timed(["xgettext", "-f", listing, "-o", os.path.join(work, "x.pot")] + keywords, 300) for _ in range(runs)]
        ps = [timed([CLI, "extract", "--quiet", "--format", "pot", "-o", os.path.join(work, "new"), new], 300)
              for _ in range(runs)]
        row["xgettext"] = statistics.median(x for x in xs if x is not None)
        row["parlance extract"] = statistics.median(x for x in ps if x is not None)
        with open(os.path.join(work, "new", "messages.pot")) as f:
            row["messages"] = f.read().count("\nmsgid ")
        # The old catalog: every message of the old tree translated, as msgen and a translator would leave it.
        run([CLI, "extract", "--quiet", "--format", "pot", "-o", os.path.join(work, "old"), old], timeout=300)
        translated = run(["msgen", os.path.join(work, "old", "messages.pot")], timeout=300).stdout
        translated = translated.replace('"Content-Type: text/plain; charset=UTF-8\\n"',
                                        '"Content-Type: text/plain; charset=UTF-8\\n"\n'
                                        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"', 1)
        old_po = os.path.join(work, "de.po")
        with open(old_po, "w") as f:
            f.write(translated)
        pot = os.path.join(work, "new", "messages.pot")
        log(f"tools: merge over {files} files")
        for name, cmd, box in (("msgmerge", ["msgmerge", "--quiet", "-o", os.path.join(work, "m.po"), old_po, pot],
                                MSGMERGE_BOX_S),
                               ("msgmerge --no-fuzzy-matching", ["msgmerge", "--quiet", "--no-fuzzy-matching", "-o",
                                                                  os.path.join(work, "mn.po"), old_po, pot], 300)):
            row[name] = timed(cmd, box)
            if row[name] is None:
                row[name] = f">{box}"
        catalog = os.path.join(work, "catalog")
        times = []
        for _ in range(runs):
            shutil.rmtree(catalog, ignore_errors=True)
            os.makedirs(os.path.join(catalog, "de", "LC_MESSAGES"))
            shutil.copy(old_po, os.path.join(catalog, "de", "LC_MESSAGES", "messages.po"))
            times.append(timed([CLI, "merge", "--quiet", "--format", "po", "--from", pot, "-o", catalog], 300))
        row["parlance merge"] = statistics.median(t for t in times if t is not None)
        with open(os.path.join(catalog, "de", "LC_MESSAGES", "messages.po")) as f:
            row["fuzzy"] = f.read().count("#, fuzzy")
        # A String Catalog of the old tree's messages, merged with the new tree's (new keys, stale ones).
        strings = os.path.join(work, "xcstrings")
        times = []
        for _ in range(runs):
            shutil.rmtree(strings, ignore_errors=True)
            run([CLI, "merge", "--quiet", "--format", "xcstrings", "--from", os.path.join(work, "old", "messages.pot"),
                 "-o", strings], timeout=300)
            times.append(timed([CLI, "merge", "--quiet", "--format", "xcstrings", "--from", pot, "-o", strings], 300))
        row["parlance merge xcstrings"] = statistics.median(t for t in times if t is not None)
        # i18next namespaces of the old tree's messages (en and de), merged with the new tree's.
        namespaces = os.path.join(work, "i18next")
        times = []
        for _ in range(runs):
            shutil.rmtree(namespaces, ignore_errors=True)
            run([CLI, "merge", "--quiet", "--format", "i18next", "--locale", "de", "--from",
                 os.path.join(work, "old", "messages.pot"), "-o", namespaces], timeout=300)
            times.append(timed([CLI, "merge", "--quiet", "--format", "i18next", "--from", pot, "-o", namespaces], 300))
        row["parlance merge i18next"] = statistics.median(t for t in times if t is not None)
        results[str(files)] = row
    return results


def swift_bench(size, budget_ms, runs, time_box_s) -> dict:
    log("Swift: building bench/swift (release)")
    build = ["swift", "build", "-c", "release", "--package-path", os.path.join(ROOT, "bench", "swift"),
             "--scratch-path", os.path.join(OUT, "bench-swift")]
    for attempt in (1, 2):
        try:
            run(build, timeout=900)
            break
        except (RuntimeError, subprocess.TimeoutExpired) as error:
            log(f"Swift: build failed (attempt {attempt})\n{error}")
            if attempt == 2:
                return {"error": "the Swift benchmark did not build"}
    p = paths(size)
    results = {"size": size, "load": {}}
    log(f"Swift lookups on {size}")
    out = run([SWIFT_BENCH, "lookup", p["bundle"], p["keys"], str(budget_ms)], timeout=300)
    results["lookup"] = parse_rows(out.stdout)
    for name, kind in (("none", "none"), ("Foundation Bundle", "foundation"), ("Parlance Localizer", "parlance")):
        log(f"Swift load on {size}: {name}")
        m = median_runs([SWIFT_BENCH, "load", kind, p["bundle"], p["keys"]], runs, time_box_s)
        results["load"][name] = {"ns": m[0], "rss_kib": m[1], "runs": m[2]}
    return results


# ---- Report ---------------------------------------------------------------------------------

def fmt_ns(ns) -> str:
    if ns is None:
        return "–"
    if ns >= 1e9:
        return f"{ns / 1e9:.2f} s"
    if ns >= 1e6:
        return f"{ns / 1e6:.1f} ms"
    if ns >= 1e4:
        return f"{ns / 1e3:.0f} µs"
    if ns >= 1e3:
        return f"{ns / 1e3:.2f} µs"
    return f"{ns:.0f} ns"


def fmt_mib(kib) -> str:
    return "–" if kib is None else f"{kib / 1024:.1f} MiB"


def times(x: float) -> str:
    return f"{x:,.0f}×" if x >= 100 else f"{x:.2f}×"


def ratio(a, b) -> str:
    return "–" if a is None or not b else times(a / b)


def verdict(value, goal) -> str:
    """value: Parlance ÷ reference; goal: the largest ratio that meets the target."""
    if value is None:
        return "not measured"
    if value <= goal:
        return "met"
    return f"missed by {times(value / goal) if value / goal >= 100 else f'{value / goal:.1f}×'}"


def get(d, *keys):
    for k in keys:
        if not isinstance(d, dict) or k not in d:
            return None
        d = d[k]
    return d


def report_readers(readers, w) -> None:
    """The section of bench/formats_bench.py's results."""
    w("## Readers: load + first lookup, 100k entries")
    w("")
    if not readers or not readers.get("formats"):
        w("Not measured in this run.")
        w("")
        return
    w(f"`bench/formats_bench.py`: each format generated once ({readers['entries']:,} entries, "
      f"{readers['plurals']:,} of them plurals where the format has them; German text mixing ASCII and "
      "non-ASCII) into `build/bench-data/formats/`. Each run is a fresh Python process that has already imported "
      "`json`, `xml.etree.ElementTree` and `parlance`; it times load + the first lookup of a key halfway "
      "through the file, and reports its peak RSS growth (`VmHWM` after, reset with `/proc/self/clear_refs` "
      "just before, minus `VmRSS` before). Parlance: `Catalog().load(path)` (i18next: the folder holding "
      "`de/`), then `Localizer(catalog, [\"de\"])` and `text` (i18next: `format_named(key, {\"count\": 3}, "
      "table=\"common\")`). Parlance and the reference take turns run by run; medians; both return the same "
      "text (checked every run). Parlance's time is split into the load and the first lookup (which includes "
      "creating the `Localizer`).")
    w("")
    w("| Format | File | Reference | Reference time | Parlance time (load + first lookup) | Parlance ÷ reference | "
      "Goal ≤ 0.2× | Reference peak growth | Parlance peak growth | ÷ file | Goal ≤ 2× | Runs |")
    w("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name, label in READERS:
        r = readers["formats"].get(name)
        if not r:
            w(f"| {label} | – | – | – | – | – | not measured | – | – | – | not measured | – |")
            continue
        p, ref = r["parlance"], r["reference"]
        rv = p["ns"] / ref["ns"] if ref["ns"] else None
        mv = p["grew_kib"] * 1024 / r["file_bytes"]
        w(f"| {label} | {fmt_mib(r['file_bytes'] / 1024)} | {r['reference_label']} | {fmt_ns(ref['ns'])} | "
          f"{fmt_ns(p['ns'])} ({fmt_ns(p['parse_ns'])} + {fmt_ns(p['lookup_ns'])}) | {ratio(p['ns'], ref['ns'])} | "
          f"{verdict(rv, 0.2)} | +{fmt_mib(ref['grew_kib'])} | +{fmt_mib(p['grew_kib'])} | {times(mv)} | "
          f"{verdict(mv, 2.0)} | {min(p['runs'], ref['runs'])} |")
    w("")


def report(res: dict) -> str:
    L = []
    w = L.append
    real = "real" if "real" in res["c_lookup"] else "1k"
    real_name = f"real catalog ({res['real_source']})" if real == "real" else "generated 1k (no real catalog here)"
    w("# Parlance benchmarks")
    w("")
    prep = (f" (data preparation {res['data_seconds']:.0f} s of it: the catalogs were cached; generating them and "
            "compiling them with `parlance compile` takes about 80 s more on a fresh clone)") if "data_seconds" in res else ""
    w(f"Output of `make bench` (bench/run.py), {res['date']}, {res['seconds']:.0f} s in all{prep}. "
      "Every figure is a median; each Parlance figure is measured in the same run, in the same process "
      "where it can be, as its reference. Lower is better; a ratio is Parlance ÷ reference.")
    w("")
    w("This machine is shared with other work (see the load average below), so wall-clock figures move "
      "from one run to the next; compare the ratios within a run, and the callgrind instruction counts, "
      "which do not move.")
    w("")
    w("Run it with `make bench` (builds `libparlance.so` in release mode first; the catalogs are generated "
      "once into `build/bench-data/` and reused). `make -C bench BENCH_FLAGS=--quick` is a short smoke run; "
      "`python3 bench/run.py --help` lists the other options.")
    w("")
    w("## Machine")
    w("")
    w("| | |")
    w("|---|---|")
    for k, v in res["machine"]:
        w(f"| {k} | {v} |")
    w("")
    w("## Targets (issue 5)")
    w("")
    w(f"`{real}` below is the {real_name}.")
    w("")
    w("| Target | Parlance | Reference | Ratio | Goal | Status |")
    w("|---|---|---|---|---|---|")
    c = res["c_lookup"]

    def target(label, p_name, p_val, r_name, r_val, goal, goal_text):
        rv = None if p_val is None or not r_val else p_val / r_val
        w(f"| {label} | {p_name}: {fmt_ns(p_val)} | {r_name}: {fmt_ns(r_val)} | {ratio(p_val, r_val)} | "
          f"{goal_text} | {verdict(rv, goal)} |")

    compiled_text = "parlance_localizer_text (compiled .mo)"
    compiled_plural = "parlance_localizer_plural (compiled .mo)"
    for size in (real, "100k"):
        for p_name in ("parlance_dgettext", "parlance_localizer_text (.mo)", compiled_text):
            target(f"C lookup, {size}", p_name, get(c, size, "text", p_name),
                   "glibc dgettext", get(c, size, "text", "glibc dgettext"), 0.5, "≤ 0.5×")
        for p_name in ("parlance_dgettext", "parlance_localizer_text (.mo)", compiled_text):
            target(f"C lookup vs the floor, {size}", p_name,
                   get(c, size, "text", p_name), "bare probe", get(c, size, "text", "bare probe"), 1.2, "≤ 1.2×")
    for size in (real, "100k"):
        for p_name in ("parlance_dngettext", "parlance_localizer_plural (.mo)", compiled_plural):
            target(f"C plural, {size}", p_name, get(c, size, "plural", p_name),
                   "glibc dngettext", get(c, size, "plural", "glibc dngettext"), 0.5, "≤ 0.5×")
    for size in (real, "100k"):
        for p_name in ("parlance_dgettext", "parlance_localizer_text (.mo)", compiled_text):
            target(f"C miss, {size}", p_name, get(c, size, "miss", p_name),
                   "glibc dgettext", get(c, size, "miss", "glibc dgettext"), 0.25, "≤ 0.25×")
    loads = res["c_load"]
    for name in ("compiled catalog (of the .mo)", "compiled catalog (of the .strings)"):
        v = get(loads, "1m", name, "ns")
        target("Compiled catalog open + first lookup, 1M", name, v, "1 ms", 1e6 if v is not None else None,
               1.0, "< 1 ms")
        small = get(loads, "1k", name, "ns")
        target("Compiled open, flat in size: 1M ÷ 1k", name + ", 1M", v, "the same, 1k", small, 2.0,
               "flat (≤ 2×)")
    for size in ("100k", "1m"):
        target(f"`.mo` open + first lookup, {SIZE_LABELS[size]}", "Parlance catalog (.mo)",
               get(loads, size, "Parlance catalog (.mo)", "ns"), "glibc dgettext",
               get(loads, size, "glibc dgettext", "ns"), 1.0, "O(1) like glibc (≤ 1×)")
    target("`.mo` open, flat in size: 1M ÷ 1k", "Parlance catalog (.mo), 1M",
           get(loads, "1m", "Parlance catalog (.mo)", "ns"), "the same, 1k",
           get(loads, "1k", "Parlance catalog (.mo)", "ns"), 2.0, "flat (≤ 2×)")
    small = "1k" if get(loads, "1k") else None
    if small:
        target("`.mo` open + first lookup, 1k (a program's first use)", "Parlance catalog (.mo)",
               get(loads, small, "Parlance catalog (.mo)", "ns"), "glibc dgettext",
               get(loads, small, "glibc dgettext", "ns"), 2.0, "≤ 2×")
    st = res.get("start", {})
    proc = st.get("process", {})
    g, p = proc.get("glibc"), proc.get("parlance")
    pr = None if not g or p is None else p / g
    w(f"| A whole process showing one string (callgrind instructions, dpkg's German .mo) | "
      f"Parlance's libintl: {'–' if p is None else f'{p:,}'} | glibc: {'–' if g is None else f'{g:,}'} | "
      f"{ratio(p, g)} | ≤ 2× (goal 1.5×) | {verdict(pr, 2.0)} |")

    def size_row(label, value, goal_bytes, goal_text):
        v = None if value is None else value / goal_bytes
        shown = "–" if value is None else f"{value / 1e6:.1f} MB"
        w(f"| {label} | {shown} | {goal_text} | {ratio(value, goal_bytes)} | ≤ 1× | {verdict(v, 1.0)} |")

    size_row("`libparlance.so` stripped", st.get("lib_stripped"), 3e6, "3 MB (goal 2 MB)")
    if st.get("icu_stripped") is not None:
        w(f"| `libparlance-icu.so.0` stripped (loaded on first need) | {st['icu_stripped'] / 1e6:.2f} MB | – | – | – | – |")
    built = st.get("lib_built")
    w(f"| `libparlance.so` as built | {'–' if built is None else f'{built / 1e6:.1f} MB'} | – | – | – | – |")
    size_row("The wheel, installed", st.get("wheel_installed"), 16e6, "16 MB (goal 8 MB)")
    download = st.get("wheel_file")
    w(f"| The wheel, downloaded (ICU's data cut to what Parlance reads) | "
      f"{'–' if download is None else f'{download / 1e6:.1f} MB'} | – | – | – | – |")
    sw = res.get("swift", {})
    target("`.strings` load + first lookup, 100k (Swift)", "Parlance Localizer",
           get(sw, "load", "Parlance Localizer", "ns"), "Foundation Bundle",
           get(sw, "load", "Foundation Bundle", "ns"), 0.2, "≥ 5× faster (≤ 0.2×)")
    py = res.get("python", {})
    target("`.po` load + first lookup, 100k", "Parlance catalog (.po), C",
           get(loads, "100k", "Parlance catalog (.po)", "ns"), "stdlib GNUTranslations (.mo)",
           get(py, "load", "stdlib GNUTranslations", "ns"), 0.2, "≥ 5× faster (≤ 0.2×)")
    target("`.mo` bytes load + first lookup, 100k (Python)", "Catalog.load_bytes",
           get(py, "load", "Parlance Catalog.load_bytes (.mo bytes)", "ns"), "stdlib GNUTranslations (.mo)",
           get(py, "load", "stdlib GNUTranslations", "ns"), 0.2, "≥ 5× faster (≤ 0.2×)")
    rd = get(res, "readers", "formats") or {}
    for name, label in READERS:
        r = rd.get(name, {})
        target(f"{label} load + first lookup, 100k (Python)", "Parlance", get(r, "parlance", "ns"),
               r.get("reference_label", "reference"), get(r, "reference", "ns"), 0.2,
               "≥ 5× faster (≤ 0.2×)")
    for name, label in READERS:
        r = rd.get(name, {})
        grew = get(r, "parlance", "grew_kib")
        if grew is None or not r.get("file_bytes"):
            w(f"| Memory: {label} load, 100k | not measured | – | – | ≤ 2× file | not measured |")
            continue
        rv = grew * 1024 / r["file_bytes"]
        w(f"| Memory: {label} load, 100k | Parlance: peak +{fmt_mib(grew)} | its file: {fmt_mib(r['file_bytes'] / 1024)} | "
          f"{times(rv)} | ≤ 2× file | {verdict(rv, 2.0)} |")
    for size in (real, "100k"):
        target(f"Python lookup, {size}", "Localizer.text", get(py, "lookup", size, "text", "Localizer.text"),
               "GNUTranslations.gettext", get(py, "lookup", size, "text", "stdlib GNUTranslations.gettext"),
               1.5, "≤ 1.5×")
        pg = get(py, "lookup", size, "text", "parlance.gettext translation().gettext")
        if pg is None:
            w(f"| Python lookup, {size} | parlance.gettext: not in this build yet | – | – | ≤ 1.5× | not yet |")
        else:
            target(f"Python lookup, {size}", "parlance.gettext translation().gettext", pg,
                   "GNUTranslations.gettext", get(py, "lookup", size, "text", "stdlib GNUTranslations.gettext"),
                   1.5, "≤ 1.5×")
            target(f"Python lookup, {size}", "parlance.gettext.gettext (module)",
                   get(py, "lookup", size, "module", "parlance.gettext.gettext"), "gettext.gettext (module)",
                   get(py, "lookup", size, "module", "stdlib gettext.gettext"), 1.5, "≤ 1.5×")
    for size in (real, "100k"):
        target(f"Python plural (one Russian .mo), {size} run", "Localizer.plural",
               get(py, "lookup", size, "plural", "Localizer.plural"), "GNUTranslations.ngettext",
               get(py, "lookup", size, "plural", "stdlib GNUTranslations.ngettext"), 1.5, "≤ 1.5×")
        target(f"Python plural format (one Russian .mo), {size} run", "Localizer.format",
               get(py, "lookup", size, "format", "Localizer.format"), "ngettext(...) % n",
               get(py, "lookup", size, "format", "stdlib ngettext % n"), 1.5, "≤ 1.5×")
        target(f"Python plural, first call (one Russian .mo), {size} run", "Localizer.plural, first call",
               get(py, "lookup", size, "plural first", "Localizer.plural, first call"), "GNUTranslations.ngettext",
               get(py, "lookup", size, "plural first", "stdlib GNUTranslations.ngettext"), 1.5, "≤ 1.5×")
        target(f"Python plural format, first call (one Russian .mo), {size} run", "Localizer.format, first call",
               get(py, "lookup", size, "format first", "Localizer.format, first call"), "ngettext(...) % n",
               get(py, "lookup", size, "format first", "stdlib ngettext % n"), 1.5, "≤ 1.5×")
    mem = res.get("memory", {})
    for name in ("compiled catalog (of the .mo)", "compiled catalog (of the .strings)"):
        m = get(mem, "100k", name)
        base = get(mem, "100k", "none", "first all", "rss")
        if not m or base is None:
            w(f"| Memory, 100k {name} | not measured | – | – | – | not measured |")
            continue
        added = m["first all"]["rss"] - base
        file_kib = m["file_kib"]
        rv = added / file_kib
        w(f"| Memory: RSS added after every key, 100k | {name}: {fmt_mib(added)} | its file: {fmt_mib(file_kib)} | "
          f"{times(rv)} | ≤ 1× file | {verdict(rv, 1.0)} |")
        again = m["first again"]
        private = again["file_rss"] - again["file_shared_clean"]
        rv = private / again["file_rss"] if again["file_rss"] else None
        w(f"| Memory: shared between two processes, 100k | {name}: {fmt_mib(private)} of the mapping's "
          f"{fmt_mib(again['file_rss'])} private (Pss {fmt_mib(again['file_pss'])}) | – | "
          f"{'–' if rv is None else f'{rv:.2f}×'} | ≤ 0.01× private | {verdict(rv, 0.01)} |")
        grew = m["first all"]["all_private_dirty"] - m["first loaded"]["all_private_dirty"]
        ref = get(mem, "100k", "glibc dgettext")
        ref_grew = ref["first all"]["all_private_dirty"] - ref["first loaded"]["all_private_dirty"] if ref else None
        rv = max(grew, 0) / file_kib
        w(f"| Memory: the first pass over every key reads the file at most once, 100k | {name}: private memory "
          f"+{fmt_mib(grew)} | glibc dgettext: +{fmt_mib(ref_grew)} | {rv:.3f}× file | ≤ 1× file | {verdict(rv, 1.0)} |")
        if "first twice" in m:
            grew = m["first twice"]["all_private_dirty"] - m["first all"]["all_private_dirty"]
            ref_grew = (ref["first twice"]["all_private_dirty"] - ref["first all"]["all_private_dirty"]
                        if ref and "first twice" in ref else None)
            rv = max(grew, 0) / file_kib
            w(f"| Memory: lookups do not grow it, 100k | {name}: private memory +{fmt_mib(grew)} over every key "
              f"again | glibc dgettext: +{fmt_mib(ref_grew)} | {rv:.3f}× file | ≤ 0.01× file | {verdict(rv, 0.01)} |")
    rt = res.get("runtime", {}).get("runtime", {})
    rt_lookup = rt.get("lookup (parlance_localizer_text)")
    target("Switching locales (example catalog)", "set_locales + first lookup", rt.get("set_locales + first lookup"),
           "a lookup", rt_lookup, 8, "≤ 8× a lookup")
    target("A localizer per request (example catalog)", "create + lookup + free",
           rt.get("create + lookup + free (a request)"), "a lookup", rt_lookup, 8, "≤ 8× a lookup")
    target("Read section around a lookup", "read section + lookup", rt.get("read section + lookup"),
           "a lookup", rt_lookup, 1.5, "≤ 1.5×")
    d = res.get("decimal", {}).get("decimal", {})
    target("Decimal plurals (8 locales × 20 decimal strings)", "parlance_plural_category",
           d.get("parlance_plural_category"), "ICU format + `uplrules_selectFormatted`",
           d.get("ICU format + uplrules_selectFormatted"), 0.5, "≤ 0.5×")
    m = res.get("message", {}).get("message", {})
    target("ICU MessageFormat plural message (3 locales × 200 counts)", "parlance_localizer_format",
           m.get("parlance_localizer_format (ICU table)"), "ICU `umsg_format` (parsed once) + UTF-8",
           m.get("ICU umsg_format (parsed once) + UTF-8"), 1.0, "≤ 1×")
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    import shapes_bench as shapes
    for row in shapes.target_rows(res.get("shapes")):
        w(row)
    w("")

    # ---- C lookups by size
    w("## C lookups by catalog size (ns per lookup)")
    w("")
    w("Hits in random order over every key of the kind; after a warm-up pass over all keys (glibc fills its "
      "cache of found strings). The ratio is to glibc's figure in the same row.")
    w("")
    sizes = [s for s in ("real", "1k", "10k", "100k", "1m") if s in c]
    groups = [("text", "plain `dgettext` hit", "glibc dgettext"),
              ("context", "context hit (`dpgettext`)", "glibc dpgettext"),
              ("plural", "plural (`dngettext`, n in 0–100)", "glibc dngettext"),
              ("miss", "miss (key in no catalog)", "glibc dgettext")]
    w("| Lookup | Contestant | " + " | ".join(SIZE_LABELS[s] for s in sizes) + " |")
    w("|---|---|" + "---|" * len(sizes))
    for row, title, ref in groups:
        names = []
        for s in sizes:
            for n in c[s].get(row, {}):
                if n not in names:
                    names.append(n)
        for n in names:
            cells = []
            for s in sizes:
                v = get(c, s, row, n)
                rv = get(c, s, row, ref)
                cells.append("–" if v is None else (fmt_ns(v) if n == ref else f"{fmt_ns(v)} ({ratio(v, rv)})"))
            w(f"| {title} | {n} | " + " | ".join(cells) + " |")
    w("")
    if "real" in c:
        w(f"`real` is {res['real_source']} ({res['real_entries']} messages), copied unchanged; "
          "it has few context and plural entries, so those rows rest on few keys.")
    else:
        w("No real `.mo` catalog was found on this machine (nothing was installed for one); the generated 1k "
          "catalog stands in for it.")
    if "1m" in c:
        w("")
        w("The 1M `.strings` cells are empty: Parlance takes tens of seconds to parse that file (see the load "
          "table), too long for `make bench`'s 10-minute budget.")
    w("")

    # ---- Loads
    w("## Load + first lookup by catalog size (C, fresh process each run)")
    w("")
    w("Time from nothing to the first translated string (bind or load, then one lookup), median over fresh "
      "processes; the file is in the page cache (the data were just generated or read), so this is a warm "
      "open. The ratio is to glibc's `bindtextdomain` + first `dgettext` at the same size.")
    w("")
    load_sizes = [s for s in ("1k", "10k", "100k", "1m") if s in loads]
    w("| What | " + " | ".join(SIZE_LABELS[s] for s in load_sizes) + " |")
    w("|---|" + "---|" * len(load_sizes))
    names = []
    for s_ in load_sizes:
        names += [n for n in loads[s_] if n not in names and n != "none"]
    for n in names:
        cells = []
        for s_ in load_sizes:
            v = get(loads, s_, n)
            g = get(loads, s_, "glibc dgettext", "ns")
            if v is None:
                cells.append("–")
            elif v["ns"] is None:
                cells.append("stopped (over the time cap)")
            else:
                cells.append(fmt_ns(v["ns"]) + ("" if n == "glibc dgettext" else f" ({ratio(v['ns'], g)})")
                             + (f" [{v['runs']} run{'s' if v['runs'] != 1 else ''}]" if v["runs"] < 5 else ""))
        w(f"| {n} | " + " | ".join(cells) + " |")
    w("")
    w("Bracketed: fewer than 5 runs (slow loads are time-boxed). The `.po` is loaded up to 100k; the probe and "
      "`parlance_dgettext` from 100k.")
    w("")
    w("### Peak RSS (C, fresh process each run)")
    w("")
    w("RSS is the process's peak (`VmHWM`) minus that of the same program when it loads nothing; \"after all "
      "keys\" is the peak after one lookup of every plain key. (`VmHWM`, not `getrusage`'s `ru_maxrss`: on Linux "
      "the latter carries the parent's peak across fork and exec.)")
    w("")
    w("| Size | What | RSS added | RSS added after all keys |")
    w("|---|---|---|---|")
    for size in ("100k", "1m"):
        r = loads.get(size)
        if not r:
            continue
        base = r["none"]["rss_kib"]
        for name, v in r.items():
            if name == "none":
                continue
            after = fmt_mib(v["rss_all_kib"] - base) if v.get("rss_all_kib") else "–"
            added = fmt_mib(v["rss_kib"] - base) if v.get("rss_kib") else "–"
            w(f"| {SIZE_LABELS[size]} | {name} | {added} | {after} |")
    w("")
    fs = res.get("file_sizes", {})
    w("File sizes: " + "; ".join(
        f"{SIZE_LABELS[s_]}: " + ", ".join(f"{k.replace('compiled_', 'compiled of the .').replace('mo', 'mo') if k.startswith('compiled') else '.' + k} "
                                           f"{v / 2**20:.1f} MiB" for k, v in fs[s_].items())
        for s_ in ("100k", "1m") if s_ in fs) + ".")
    if res.get("compile_seconds"):
        w("")
        w("`parlance compile` took (once, at data preparation; cached): " + ", ".join(
            f"{SIZE_LABELS[k.split('/')[0]]} from the .{k.split('/')[1]} {v} s" for k, v in res["compile_seconds"].items()) + ".")
    w("")

    # ---- Memory
    if mem:
        w("## Memory of a mapped catalog, shared between processes")
        w("")
        w("`c_bench memory`: a process loads the catalog and looks the first key up (\"loaded\"), then every plain "
          "key once (\"all keys\"); a second process then does the same on the same file, and the first reads "
          "its `/proc/self/smaps` again. RSS added is `VmRSS` minus that of a process that loads nothing and "
          "reads the same keys (`VmRSS`, not the peak: every process maps the `.mo` briefly to read its keys before "
          "loading, which would count in `VmHWM`); "
          "private growth is `smaps_rollup` `Private_Dirty` after every key minus after loading (heap and other "
          "anonymous memory that lookups add: a large `.mo` or compiled catalog is copied into private memory as "
          "lookups first need its bytes, so the first pass reads the file, at most once), then after every key "
          "asked again minus after the first pass (what lookups add once the file is read); the mapping columns are the file's own mappings in the first process "
          "while the second one is alive (for glibc, the `.mo` it maps).")
        w("")
        w("| Size | What | File | RSS added, loaded | RSS added, all keys | Private growth, first pass | "
          "Private growth, second pass | Mapping Rss | Mapping Shared_Clean | Mapping Pss |")
        w("|---|---|---|---|---|---|---|---|---|---|")
        for size, r in mem.items():
            base = get(r, "none", "first all", "rss")
            for name, m in r.items():
                if name == "none":
                    continue
                again = m["first again"]
                w(f"| {SIZE_LABELS[size]} | {name} | {fmt_mib(m['file_kib'])} | "
                  f"{fmt_mib(m['first loaded']['rss'] - base)} | {fmt_mib(m['first all']['rss'] - base)} | "
                  f"{fmt_mib(m['first all']['all_private_dirty'] - m['first loaded']['all_private_dirty'])} | "
                  f"{fmt_mib(m['first twice']['all_private_dirty'] - m['first all']['all_private_dirty']) if 'first twice' in m else '–'} | "
                  f"{fmt_mib(again['file_rss'])} | {fmt_mib(again['file_shared_clean'])} | {fmt_mib(again['file_pss'])} |")
        w("")

    # ---- Long-running programs
    if rt:
        w("## Long-running programs (C, example catalog)")
        w("")
        w("Lookups of six keys (hits, a context, a miss) in `Examples/catalog`, each request on another of three "
          "chains (`fr,en` / `ar,en` / `ru,ja`). *set_locales + first lookup* switches a localizer to the "
          "request's chain, then looks the key up; *a request* creates a localizer for it, looks up, frees it. "
          "Chains are resolved once per catalog and shared, so neither resolves anything after the first time.")
        w("")
        w("| Contestant | ns per call | ÷ a lookup |")
        w("|---|---|---|")
        for n, v in rt.items():
            w(f"| {n} | {fmt_ns(v)} | {'–' if n.startswith('lookup') else ratio(v, rt_lookup)} |")
        w("")
        soak = res.get("soak", {}).get("lines")
        if soak:
            w("The soak program (`Tests/soak/soak.c`, also run by `make test` with an 8 MiB bound):")
            w("")
            w("```")
            for line in soak:
                w(line)
            w("```")
            w("")

    def icu_table(rows, ref_name):
        """Contestants against ICU's figure, per call."""
        w("")
        w("| Contestant | ns per call | ÷ ICU |")
        w("|---|---|---|")
        for n, v in rows.items():
            w(f"| {n} | {fmt_ns(v)} | {'–' if n == ref_name else ratio(v, rows.get(ref_name))} |")
        w("")

    # ---- Decimal plurals
    if d:
        w("## Decimal plurals (C, same process)")
        w("")
        w("The CLDR cardinal category of 20 decimal strings with visible fraction digits (\"1.5\", \"2.0\", "
          "\"21.00\", \"0.1\", \"1.000\", \"1234.56\", …) in 8 locales (en, fr, ru, ar, lv, pl, cy, pt-PT), in "
          "random order. Parlance: `parlance_plural_category(&out, locale, &PARLANCE_STRING(text), false)`. "
          "ICU: per locale an open `uplrules` and one `unumf_openForSkeletonAndLocale` formatter per count of "
          "fraction digits (skeletons `precision-integer`, `.0`, `.00`, `.000`), kept open as a program would; per "
          "call the digits after the point are counted, `unumf_formatDecimal` into one reused result, then "
          "`uplrules_selectFormatted`. Every contestant gives the same category for every input (checked before "
          "timing).")
        icu_table(d, "ICU format + uplrules_selectFormatted")

    # ---- Messages
    m = res.get("message", {}).get("message", {})
    if m:
        w("## ICU MessageFormat messages (C, same process)")
        w("")
        w("`" + "{0, plural, =0 {No files} one {# file} other {# files}} in {1}" + "` in en, de and ru, counts 0–199 "
          "in random order. ICU: one `umsg_open` per locale kept open, per call `umsg_format` and `u_strToUTF8`. "
          "Parlance: the same pattern in a `.strings` table declared `PARLANCE_SYNTAX_ICU`, per call "
          "`parlance_localizer_format` (lookup, the cached parsed pattern, ICU's format, UTF-8 text the caller "
          "frees). Both give the same text for every input (checked before timing).")
        icu_table(m, "ICU umsg_format (parsed once) + UTF-8")

    # ---- The toolchain
    tools = res.get("tools", {})
    if tools:
        w("## The toolchain on generated source trees (wall seconds, median)")
        w("")
        w("`bench/gen_tree.py` writes N small sources (half C, half Python), 18 messages each with plurals and "
          "`TRANSLATORS:` notes, and a second tree with 10% of the messages changed. *extract*: "
          "`parlance extract --format pot` next to `xgettext` with the same keywords on the same files. *merge*: "
          "the old tree's messages, every one translated (`msgen`), merged with the new tree's template: "
          "`parlance merge --format po` (which also rewrites the template and, like msgmerge, matches changed "
          "messages fuzzily) next to `msgmerge` with and without its fuzzy matching "
          f"(msgmerge is stopped after {MSGMERGE_BOX_S} s). *merge xcstrings*: the new tree's template merged "
          "into a String Catalog of the old tree's (`parlance merge --format xcstrings`: new keys, stale ones); "
          "*merge i18next*: the same into `en` and `de` namespaces of the old tree's (`--format i18next`).")
        w("")
        w("| Files | Messages | xgettext | parlance extract | ratio | msgmerge | msgmerge --no-fuzzy-matching | "
          "parlance merge | ratio to msgmerge | fuzzy entries | parlance merge xcstrings | parlance merge i18next |")
        w("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for files, row in tools.items():
            mm = row.get("msgmerge")
            mm_text = mm if isinstance(mm, str) else f"{mm:.2f}"
            mm_ratio = f"< {row['parlance merge'] / float(mm[1:]):.2f}×" if isinstance(mm, str) else \
                f"{row['parlance merge'] / mm:.2f}×"
            nf = row.get("msgmerge --no-fuzzy-matching")
            nf_text = nf if isinstance(nf, str) else f"{nf:.2f}"
            w(f"| {int(files):,} | {row['messages']:,} | {row['xgettext']:.2f} | {row['parlance extract']:.2f} | "
              f"{row['parlance extract'] / row['xgettext']:.2f}× | {mm_text} | {nf_text} | "
              f"{row['parlance merge']:.2f} | {mm_ratio} | {row['fuzzy']:,} | "
              f"{row.get('parlance merge xcstrings', float('nan')):.2f} | "
              f"{row.get('parlance merge i18next', float('nan')):.2f} |")
        w("")

    # ---- Python
    w("## Python (ctypes binding vs the standard library's gettext)")
    w("")
    w("| Catalog | Lookup | Contestant | ns per lookup | ÷ stdlib |")
    w("|---|---|---|---|---|")
    for size, rows in py.get("lookup", {}).items():
        for row, ref in (("text", "stdlib GNUTranslations.gettext"), ("module", "stdlib gettext.gettext"),
                         ("miss", "stdlib GNUTranslations.gettext")):
            for n, v in rows.get(row, {}).items():
                w(f"| {SIZE_LABELS[size]} | {row} | {n} | {fmt_ns(v)} | "
                  f"{'–' if n == ref else ratio(v, rows[row].get(ref))} |")
        if "skip" in rows:
            w(f"| {SIZE_LABELS[size]} | – | parlance.gettext | not in this build yet (row skipped) | – |")
    w("")
    for size, rows in py.get("lookup", {}).items():
        info = rows.get("info", {})
        limits = [int(info[n]) for n in ("Localizer cache limit", "parlance.gettext cache limit")
                  if info.get(n, "").isdigit()]
        keys, hot = int(info.get("plain keys") or 0), int(info.get("hit keys") or 0)
        if hot < keys:
            w(f"At {SIZE_LABELS[size]} the hits cycle over {hot:,} of the {keys:,} plain keys in random order, "
              f"fewer than the binding's lookup caches hold ({min(limits):,} entries in this build). The caches "
              "empty when full, so over a larger working set a figure would depend on how full they were when "
              "measuring began.")
            w("")
    if py.get("load"):
        base = py["load"]["none"]["rss_kib"]
        ref = get(py, "load", "stdlib GNUTranslations", "ns")
        w("| 100k | Load + first lookup | RSS added | ÷ stdlib (time) |")
        w("|---|---|---|---|")
        for n, v in py["load"].items():
            if n != "none":
                w(f"| {n} | {fmt_ns(v['ns'])} | {fmt_mib(v['rss_kib'] - base)} | {ratio(v['ns'], ref)} |")
        w("")

    # ---- Readers
    report_readers(res.get("readers"), w)

    # ---- Hostile shapes
    shapes.report(res.get("shapes"), w)

    # ---- Swift
    w("## Swift (Parlance `Localizer` vs Foundation `Bundle`, same `.strings`, 100k entries)")
    w("")
    if "error" in sw or not sw:
        w(f"Not measured: {sw.get('error', 'skipped')}.")
    else:
        w("| What | Foundation | Parlance | Parlance ÷ Foundation |")
        w("|---|---|---|---|")
        for row in ("text", "miss"):
            f = get(sw, "lookup", row, "Foundation Bundle.localizedString")
            p = get(sw, "lookup", row, "Parlance Localizer.text")
            w(f"| lookup ({'hit' if row == 'text' else 'miss'}), ns | {fmt_ns(f)} | {fmt_ns(p)} | {ratio(p, f)} |")
        base = sw["load"]["none"]["rss_kib"]
        f, p = sw["load"]["Foundation Bundle"], sw["load"]["Parlance Localizer"]
        w(f"| load + first lookup | {fmt_ns(f['ns'])} | {fmt_ns(p['ns'])} | {ratio(p['ns'], f['ns'])} |")
        w(f"| peak RSS added by the load | {fmt_mib(f['rss_kib'] - base)} | {fmt_mib(p['rss_kib'] - base)} | "
          f"{ratio(p['rss_kib'] - base, f['rss_kib'] - base)} |")
    w("")

    # ---- Callgrind
    cg = res.get("callgrind", {})
    w("## Instructions per lookup (callgrind)")
    w("")
    if not cg:
        w("Skipped: valgrind is missing.")
    else:
        w(f"`valgrind --tool=callgrind`, {res['cg_iterations']} lookups after a warm-up pass, instructions "
          "(Ir) counted inside the benchmark loop only: repeatable whatever the machine is doing.")
        w("")
        cg_sizes = list(cg)
        w("| Contestant | " + " | ".join(SIZE_LABELS[s] for s in cg_sizes) + " |")
        w("|---|" + "---|" * len(cg_sizes))
        refs = {"parlance-dgettext": "glibc-dgettext", "parlance-text": "glibc-dgettext",
                "parlance-text-strings": "glibc-dgettext", "probe": "glibc-dgettext",
                "parlance-dngettext": "glibc-dngettext", "parlance-plural": "glibc-dngettext",
                "parlance-dgettext-miss": "glibc-miss", "parlance-text-miss": "glibc-miss",
                "parlance-text-compiled": "glibc-dgettext", "parlance-text-compiled-strings": "glibc-dgettext",
                "parlance-plural-compiled": "glibc-dngettext", "parlance-text-compiled-miss": "glibc-miss",
                "parlance-decimal": "icu-decimal"}
        names = []
        for s in cg_sizes:
            names += [n for n in cg[s] if n not in names]
        for n in names:
            cells = []
            for s in cg_sizes:
                v = get(cg, s, n, "ir_per_lookup")
                r = get(cg, s, refs.get(n, ""), "ir_per_lookup")
                cells.append("–" if v is None else (f"{v:,.0f}" if n not in refs else f"{v:,.0f} ({ratio(v, r)})"))
            w(f"| {n} | " + " | ".join(cells) + " |")
        w("")
        w("Ratios are to glibc's count for the same kind of lookup (`glibc-dgettext`, `glibc-dngettext`, `glibc-miss`); "
          "`parlance-decimal` (`parlance_plural_category` on a decimal string) is to `icu-decimal`; `-compiled` "
          "contestants use the compiled catalog of the `.mo`.")
        w("")
        for title, size, who in res.get("profiles", []):
            rows = res["profile_rows"].get(f"{size}/{who}", [])
            if not rows:
                continue
            w(f"### Where `{who}` spends its instructions ({SIZE_LABELS[size]}; callgrind_annotate, inclusive)")
            w("")
            w("| Inclusive | Self | Function |")
            w("|---|---|---|")
            for pct, self_pct, name in rows:
                cell = name.replace("|", "\\|")
                w(f"| {pct:.1f}% | {self_pct:.1f}% | `{cell}` |")
            w("")
        cl = res.get("callgrind_load", {})
        if cl:
            w("### Loads under callgrind (10k catalogs)")
            w("")
            w("`c_bench load KIND PATH` under callgrind, counting inside the load and first lookup only.")
            w("")
            w("| Load | Instructions |")
            w("|---|---|")
            for label, v in cl.items():
                w(f"| {label} ({SIZE_LABELS[v['size']]}) | {v['ir']:,} |")
            w("")
            for label in cl:
                rows = res["profile_rows"].get(f"load/{label}", [])
                if not rows:
                    continue
                what = "compiled (of the `.strings`)" if label == "compiled" else f"`.{label}`"
                w(f"#### Where the {SIZE_LABELS[cl[label]['size']]} {what} load spends its instructions (inclusive)")
                w("")
                w("| Inclusive | Self | Function |")
                w("|---|---|---|")
                for pct, self_pct, name in rows:
                    cell = name.replace("|", "\\|")
                    w(f"| {pct:.1f}% | {self_pct:.1f}% | `{cell}` |")
                w("")
    # ---- Why
    w("## Why targets are missed")
    w("")
    why = os.path.join(ROOT, "bench", "why.md")
    w(open(why).read().strip() if os.path.exists(why) else "_bench/why.md is missing._")
    w("")
    w("## Method")
    w("")
    w("- Data (`bench/gen_data.py`, seeded, cached in `build/bench-data/`): 1k, 10k, 100k and 1M messages, "
      "80% plain, 10% with a `msgctxt`, 10% with plural forms (German, `nplurals=2; plural=(n != 1)`), "
      "written as `.po`, compiled by `msgfmt` (" + ", ".join(f"{SIZE_LABELS[s]} {t} s" for s, t in res['msgfmt'].items()) +
      ", so no writer of our own was needed), and the same content as `de.lproj/Localizable.strings` "
      "(contexts as `(ctx)key`, plural forms as `(##one)key`/`(##other)key`). Each size is also compiled once with "
      "`parlance compile`, from the `.strings` bundle and from the `.mo` tree, into `compiled/*.parlance` (kept "
      "while `parlance compile --verify` accepts them).")
    w("- C (`bench/c_bench.c`): glibc's `dgettext`/`dcgettext`/`dngettext` and Parlance's libintl API bound to the "
      "same directory (`LC_ALL=C.UTF-8`, `LANGUAGE=de`), the native `parlance_localizer_text`/`_plural` over a "
      "catalog loaded from the same `.mo` and from the `.strings`, and a bare probe: the file mapped and gettext's "
      "own PJW hash table probed, no locks, no cache (the floor). glibc's `dpgettext` is gnulib's `pgettext_aux` "
      "with the `ctx\\004msgid` key prebuilt, as the macro does for literals. Every contestant must return the "
      "same text for the first 2,000 keys or the run stops. Each contestant first looks every key up once "
      "(within the time budget), so caches are warm as in a long-running program. "
      "`CLOCK_MONOTONIC` around batches of about 1 ms; "
      "the contestants take turns batch by batch over the same keys and each reports its median batch.")
    w("- Load: a fresh process per run, median over the runs; the first lookup is part of the time. Loads that "
      "take microseconds (every load of the 1k and 10k files, and of every `.mo` and compiled catalog) take turns, one run "
      "each per round, at least 41 rounds, so that drift of the machine falls on all of them alike.")
    w("- Python (`bench/py_bench.py`): `GNUTranslations` from the same `.mo`; the Parlance `Localizer` over a "
      "catalog loaded from it (table `bench`).")
    w("- Readers (`bench/formats_bench.py`): a String Catalog, an i18next v4 namespace, an Android "
      "`values-de/strings.xml` and an XLIFF 1.2 file of 100k entries each, loaded by Parlance and by the "
      "standard library's `json.load` / `xml.etree.ElementTree.parse` (then the one entry found, Android's "
      "escapes undone, `{{count}}` replaced), each in fresh processes.")
    w("- Hostile shapes (`bench/shapes_bench.py`): the inputs of the fuzzing seeds (`scripts/fuzz-seeds.py`) "
      "at 1×, 4× and 16×, each size timed in a fresh process; a row is linear when 16× takes at most 1.5 × 16 "
      "times 1×. The same shapes are counted in instructions under callgrind (smaller sizes; one call between "
      "two markers), which caches do not change: a shape whose time per unit grows while its instructions per "
      "unit do not is paying for memory, not for a step that grows with the input.")
    w("- Swift (`bench/swift`, its own package so `make test` never builds it): `Bundle(path:)` over a directory "
      "with `Info.plist` (development region `de`) and `de.lproj/Localizable.strings`; "
      "`localizedString(forKey:value:nil,table:nil)` vs `Localizer.text`, both returning `String`.")
    w("- Raw figures of the latest run: `build/bench-results.json`.")
    return "\n".join(L) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="short budgets, fewer runs (a smoke test)")
    ap.add_argument("--sizes", default="1k,10k,100k,1m")
    ap.add_argument("--skip-swift", action="store_true")
    ap.add_argument("--skip-callgrind", action="store_true")
    ap.add_argument("--output", default=os.path.join(ROOT, "BENCHMARKS.md"))
    ap.add_argument("--from-json", metavar="FILE", help="render the report from a saved bench-results.json; measure nothing")
    args = ap.parse_args()
    if args.from_json:
        text = report(json.load(open(args.from_json)))
        with open(args.output, "w") as f:
            f.write(text)
        sys.stdout.write(text)
        return 0
    sizes = [s for s in args.sizes.split(",") if s]
    budget = 80 if args.quick else 400
    runs = 2 if args.quick else 5
    big_runs = 1 if args.quick else 3

    res: dict = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "machine": machine()}
    log("data: generating (or reusing) the catalogs")
    gen = run([sys.executable, os.path.join(ROOT, "bench", "gen_data.py"), "--cli", CLI, DATA, "real"] + sizes,
              timeout=900)
    sys.stderr.write(gen.stderr)
    src = os.path.join(DATA, "real", "source.txt")
    res["real_source"] = open(src).read().strip() if os.path.exists(src) else None
    if res["real_source"]:
        import struct
        data = open(paths("real")["mo"], "rb").read(12)
        res["real_entries"] = struct.unpack("<I" if data[:4] == b"\xde\x12\x04\x95" else ">I", data[8:12])[0]
    res["msgfmt"] = {s: open(os.path.join(DATA, s, "msgfmt-seconds")).read().strip()
                     for s in sizes if os.path.exists(os.path.join(DATA, s, "msgfmt-seconds"))}
    res["compile_seconds"] = {f"{s}/{n}": open(os.path.join(DATA, s, "compiled", f"{n}-seconds")).read().strip()
                              for s in sizes for n in ("strings", "mo")
                              if os.path.exists(os.path.join(DATA, s, "compiled", f"{n}-seconds"))}
    res["data_seconds"] = time.monotonic() - STARTED
    res["file_sizes"] = {s: {k: os.path.getsize(v) for k, v in paths(s).items()
                             if k in ("mo", "po", "strings", "compiled_mo", "compiled_strings")}
                         for s in ["real"] + sizes}
    lookup_sizes = (["real"] if res["real_source"] else []) + sizes
    res["c_lookup"] = c_lookups(lookup_sizes, budget)
    res["c_load"] = {}
    for size in sizes:
        res["c_load"].update(c_loads([size], big_runs if size == "1m" else runs, 15 if size == "1m" else 10))
    res["memory"] = memory([s for s in ("100k", "1m") if s in sizes])
    res["decimal"] = decimal_plurals(budget)
    res["message"] = message_format(budget)
    res["runtime"] = runtime_bench(budget)
    res["soak"] = soak_figures()
    py_sizes = [lookup_sizes[0]] + (["100k"] if "100k" in sizes else [])
    res["tools"] = tools_bench(TOOL_TREES, 1 if args.quick else 3)
    res["python"] = python_bench(py_sizes, budget, runs, 20, "100k" in sizes)
    res["readers"] = readers_bench(3 if args.quick else 5, 6 if args.quick else 18)
    res["shapes"] = shapes_bench(1 if args.quick else 3)
    if args.skip_swift or "100k" not in sizes:
        res["swift"] = {"error": "skipped (--skip-swift)"}
    else:
        res["swift"] = swift_bench("100k", budget, big_runs, 30)
    res["cg_iterations"] = 2000 if args.quick else 10000
    if args.skip_callgrind:
        res["callgrind"] = {}
    else:
        first = lookup_sizes[0]
        mo_contestants = ["glibc-dgettext", "parlance-dgettext", "probe", "parlance-text",
                          "parlance-text-compiled", "glibc-dngettext", "parlance-dngettext", "parlance-plural",
                          "parlance-plural-compiled", "glibc-miss", "parlance-dgettext-miss", "parlance-text-miss",
                          "parlance-text-compiled-miss", "icu-decimal", "parlance-decimal"]
        catalogs = [(first, mo_contestants)]
        if first != "1k" and "1k" in sizes:
            catalogs.append(("1k", ["glibc-dgettext", "parlance-text", "parlance-text-strings",
                                    "parlance-text-compiled", "parlance-text-compiled-strings"]))
        elif first == "1k":
            catalogs = [("1k", mo_contestants + ["parlance-text-strings", "parlance-text-compiled-strings"])]
        res["callgrind"] = callgrind(catalogs, res["cg_iterations"])
        res["profiles"] = [("text", first, "parlance-text"), ("dgettext", first, "parlance-dgettext"),
                           ("plural", first, "parlance-plural"), ("compiled", first, "parlance-text-compiled"),
                           ("compiled plural", first, "parlance-plural-compiled"),
                           ("decimal", first, "parlance-decimal"), ("decimal", first, "icu-decimal")]
        res["profile_rows"] = {f"{s}/{w}": profile_top(res["callgrind"][s][w]["file"])
                               for _, s, w in res["profiles"] if get(res["callgrind"], s, w)}
        if "10k" in sizes:
            res["callgrind_load"] = callgrind_load([("mo", "10k", "parlance", "mo"),
                                                    ("strings", "10k", "parlance", "strings"),
                                                    ("po", "10k", "parlance", "po"),
                                                    ("compiled", "10k", "compiled-strings", "compiled_strings")])
            for label, v in res["callgrind_load"].items():
                res["profile_rows"][f"load/{label}"] = profile_top(v["file"], 14)
    res["start"] = start_bench()
    res["seconds"] = time.monotonic() - STARTED
    text = report(res)
    with open(os.path.join(OUT, "bench-results.json"), "w") as f:
        json.dump(res, f, indent=1, default=str)
    with open(args.output, "w") as f:
        f.write(text)
    sys.stdout.write(text)
    log(f"done in {res['seconds']:.0f} s; wrote {os.path.relpath(args.output, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
