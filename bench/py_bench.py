#!/usr/bin/env python3
"""Parlance's Python lookups next to the standard library's gettext, same catalog.

    py_bench.py lookup MO BUDGET_MS       tab-separated "row, contestant, median ns, batches, per batch"
    py_bench.py load KIND MO              "ns<TAB>peak RSS KiB" for load + first lookup (fresh process)
                                          KIND: none, stdlib (GNUTranslations of the file),
                                          stdlib-translation (gettext.translation()), parlance
                                          (Catalog.load), parlance-bytes (Catalog.load_bytes of the
                                          file's bytes), parlance-gettext (translation())

MO is DIR/de/LC_MESSAGES/bench.mo. Standard library only (plus parlance).
Contestants take turns batch by batch over the same keys; each reports its
median batch in ns per lookup. ``parlance.gettext`` rows are skipped, with a
note on stderr and a "skip" line, when the module is not there yet.
"""

from __future__ import annotations

import gettext as stdlib_gettext
import os
import random
import resource
import struct
import sys
import time

import parlance

try:
    import parlance.gettext as parlance_gettext   # being written in parallel; may be absent
except ImportError:
    parlance_gettext = None

DOMAIN = "bench"
#: Distinct keys the hit rows cycle over: fewer than the binding's caches hold.
HOT_KEYS = 50_000


def keys_of(mo_path: str):
    """The catalog's plain msgids (no context, no plural), shuffled, and misses."""
    data = open(mo_path, "rb").read()
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">"
    count, orig = struct.unpack(order + "2I", data[8:16])
    plain = []
    for i in range(count):
        length, offset = struct.unpack(order + "2I", data[orig + 8 * i:orig + 8 * i + 8])
        raw = data[offset:offset + length]
        if not raw or b"\0" in raw or b"\4" in raw:
            continue
        plain.append(raw.decode("utf-8"))
    random.Random(1).shuffle(plain)
    misses_path = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(mo_path)))),
                               "misses.txt")
    misses = [line.rstrip("\n") for line in open(misses_path, encoding="utf-8")][:20000]
    return plain, misses


def root_of(mo_path: str) -> str:
    return os.path.dirname(os.path.dirname(os.path.dirname(mo_path)))


def race(row, contestants, keys, budget_ms):
    """contestants: [(name, function)]; prints each one's median ns/lookup."""
    if not keys or not contestants:
        return
    # warm-up: every key once per contestant (caches fill). Not cut by the
    # budget: a batch timed later must not meet a key asked for the first time.
    for _, fn in contestants:
        for k in keys:
            fn(k)
    per_batch = min(len(keys), 2000)
    samples = {name: [] for name, _ in contestants}
    rounds = 0
    at = 0
    deadline = time.perf_counter() + budget_ms / 1000
    while rounds < 7 or (time.perf_counter() < deadline and rounds < 300):
        batch = keys[at:at + per_batch]
        if len(batch) < per_batch:
            batch = batch + keys[:per_batch - len(batch)]
        for i in range(len(contestants)):
            name, fn = contestants[(i + rounds) % len(contestants)]
            t0 = time.perf_counter_ns()
            for k in batch:
                fn(k)
            samples[name].append((time.perf_counter_ns() - t0) / per_batch)
        at = (at + per_batch) % len(keys)
        rounds += 1
    for name, _ in contestants:
        s = sorted(samples[name])
        print(f"{row}\t{name}\t{s[len(s) // 2]:.1f}\t{rounds}\t{per_batch}", flush=True)


def agree(row, contestants, keys):
    for k in keys[:2000]:
        want = contestants[0][1](k)
        for name, fn in contestants[1:]:
            got = fn(k)
            if got != want:
                sys.exit(f"py_bench: {row}: {contestants[0][0]} and {name} disagree on {k!r}: {want!r} vs {got!r}")


def cmd_lookup(mo_path: str, budget_ms: float) -> None:
    plain, misses = keys_of(mo_path)
    root = root_of(mo_path)
    with open(mo_path, "rb") as fp:
        stdlib_t = stdlib_gettext.GNUTranslations(fp)
    catalog = parlance.Catalog()
    catalog.load(mo_path)
    localizer = parlance.Localizer(catalog, ["de"])

    def localizer_text(k, text=localizer.text):
        return text(k, None, DOMAIN)

    text_row = [("stdlib GNUTranslations.gettext", stdlib_t.gettext), ("Localizer.text", localizer_text)]
    module_row = []
    os.environ["LANGUAGE"] = "de"
    stdlib_gettext.bindtextdomain(DOMAIN, root)
    stdlib_gettext.textdomain(DOMAIN)
    module_row.append(("stdlib gettext.gettext", stdlib_gettext.gettext))
    if parlance_gettext is not None:
        parlance_t = parlance_gettext.translation(DOMAIN, root, languages=["de"])
        text_row.insert(1, ("parlance.gettext translation().gettext", parlance_t.gettext))
        parlance_gettext.bindtextdomain(DOMAIN, root)
        parlance_gettext.textdomain(DOMAIN)
        module_row.append(("parlance.gettext.gettext", parlance_gettext.gettext))
    else:
        print("py_bench: parlance.gettext is not in this build yet; its rows are skipped", file=sys.stderr)
        print("skip\tparlance.gettext\tnot in this build yet", flush=True)
    # The binding's lookup caches empty when full: a working set larger than
    # them makes the figure depend on how full they are when measuring
    # starts. Cycle over at most HOT_KEYS keys, and say how big the caches are.
    import parlance.localizer as localizer_module
    print(f"info\tplain keys\t{len(plain)}")
    plain = plain[:HOT_KEYS]
    print(f"info\thit keys\t{len(plain)}")
    print(f"info\tLocalizer cache limit\t{getattr(localizer_module, '_CACHE_LIMIT', '')}")
    if parlance_gettext is not None:
        import parlance._gettext_translations as translations_module
        print(f"info\tparlance.gettext cache limit\t{getattr(translations_module, 'CACHE_LIMIT', '')}")
    agree("text", text_row, plain)
    race("text", text_row, plain, budget_ms)
    agree("module", module_row, plain)
    race("module", module_row, plain, budget_ms)
    agree("miss", text_row, misses)
    race("miss", text_row, misses, budget_ms)
    plural_rows(budget_ms)


#: The plural rows: keys of one Russian .mo, each asked for every n in 0..100;
#: PLURAL_KEYS x 101 questions fit the binding's plural and format caches.
PLURAL_KEYS = 500
RU_FORMS = ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")


def russian_mo(folder: str) -> str:
    """A Russian .mo of PLURAL_KEYS plural messages (msgid, msgid_plural, three forms), by msgfmt."""
    import subprocess
    po_path = os.path.join(folder, "ru", "LC_MESSAGES", DOMAIN + ".po")
    os.makedirs(os.path.dirname(po_path), exist_ok=True)
    with open(po_path, "w", encoding="utf-8") as po:
        po.write(f'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\nPlural-Forms: {RU_FORMS}\\n"\n\n')
        for i in range(PLURAL_KEYS):
            po.write(f'msgid "%d new message in folder {i}"\nmsgid_plural "%d new messages in folder {i}"\n'
                     f'msgstr[0] "%d новое сообщение в папке {i}"\nmsgstr[1] "%d новых сообщения в папке {i}"\n'
                     f'msgstr[2] "%d новых сообщений в папке {i}"\n\n')
    mo_path = po_path[:-3] + ".mo"
    subprocess.run(["msgfmt", "-o", mo_path, po_path], check=True)
    os.unlink(po_path)
    return mo_path


def plural_rows(budget_ms: float) -> None:
    """`Localizer.plural(s, n, plural=p)` next to `ngettext(s, p, n)`, and
    `Localizer.format(s, n, plural=p)` next to `ngettext(s, p, n) % n`, on
    one Russian .mo; and the first call of each question (nothing cached
    yet) next to the same standard library calls."""
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        mo_path = russian_mo(folder)
        with open(mo_path, "rb") as fp:
            stdlib_t = stdlib_gettext.GNUTranslations(fp)
        catalog = parlance.Catalog()
        catalog.load(mo_path)
        localizer = parlance.Localizer(catalog, ["ru"], table=DOMAIN)
        questions = [(f"%d new message in folder {i}", f"%d new messages in folder {i}", n)
                     for i in range(PLURAL_KEYS) for n in range(101)]
        random.Random(2).shuffle(questions)
        ngettext, plural, format_ = stdlib_t.ngettext, localizer.plural, localizer.format
        print(f"info\tplural questions\t{len(questions)}")

        # The first call of each question (nothing cached yet), next to the standard library.
        first_race("plural first", ("stdlib GNUTranslations.ngettext", lambda q: ngettext(q[0], q[1], q[2])),
                   "Localizer.plural, first call", lambda loc: lambda q: loc.plural(q[0], q[2], plural=q[1]),
                   catalog, questions, budget_ms)
        first_race("format first", ("stdlib ngettext % n", lambda q: ngettext(q[0], q[1], q[2]) % q[2]),
                   "Localizer.format, first call", lambda loc: lambda q: loc.format(q[0], q[2], plural=q[1]),
                   catalog, questions, budget_ms)
        plural_row = [("stdlib GNUTranslations.ngettext", lambda q: ngettext(q[0], q[1], q[2])),
                      ("Localizer.plural", lambda q: plural(q[0], q[2], plural=q[1]))]
        format_row = [("stdlib ngettext % n", lambda q: ngettext(q[0], q[1], q[2]) % q[2]),
                      ("Localizer.format", lambda q: format_(q[0], q[2], plural=q[1]))]
        agree("plural", plural_row, questions)
        race("plural", plural_row, questions, budget_ms)
        agree("format", format_row, questions)
        race("format", format_row, questions, budget_ms)


def first_race(row, reference, name, make, catalog, questions, budget_ms):
    """Like ``race``, for first calls: each batch is asked of a new
    ``Localizer`` (its caches empty, ``make(localizer)`` the call) and of the
    standard library (``reference``: (name, function)), taking turns; both
    report their median batch in ns per question."""
    per_batch = min(len(questions), 2000)
    samples = {reference[0]: [], name: []}
    rounds = 0
    at = 0
    deadline = time.perf_counter() + budget_ms / 1000
    while rounds < 7 or (time.perf_counter() < deadline and rounds < 300):
        batch = questions[at:at + per_batch]
        if len(batch) < per_batch:
            batch = batch + questions[:per_batch - len(batch)]
        localizer = parlance.Localizer(catalog, ["ru"], table=DOMAIN)
        contestants = [reference, (name, make(localizer))]
        for i in range(2):
            who, fn = contestants[(i + rounds) % 2]
            t0 = time.perf_counter_ns()
            for q in batch:
                fn(q)
            samples[who].append((time.perf_counter_ns() - t0) / per_batch)
        localizer.close()
        at = (at + per_batch) % len(questions)
        rounds += 1
    for who in samples:
        s = sorted(samples[who])
        print(f"{row}\t{who}\t{s[len(s) // 2]:.1f}\t{rounds}\t{per_batch}", flush=True)


def first_key(mo_path: str) -> str:
    """The first plain msgid, read with small reads (so the peak RSS is the load's)."""
    with open(mo_path, "rb") as f:
        head = f.read(28)
        order = "<" if struct.unpack("<I", head[:4])[0] == 0x950412DE else ">"
        count, orig = struct.unpack(order + "2I", head[8:16])
        for i in range(count):
            f.seek(orig + 8 * i)
            length, offset = struct.unpack(order + "2I", f.read(8))
            f.seek(offset)
            raw = f.read(length)
            if raw and b"\0" not in raw and b"\4" not in raw:
                return raw.decode("utf-8")
    return ""


def peak_rss_kib() -> int:
    """VmHWM: the peak RSS of this process image (ru_maxrss would carry the
    parent's peak across fork and exec on Linux)."""
    try:
        for line in open("/proc/self/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def cmd_load(kind: str, mo_path: str) -> None:
    first = first_key(mo_path)
    t0 = time.perf_counter_ns()
    if kind == "none":
        result = None
    elif kind == "stdlib":
        with open(mo_path, "rb") as fp:
            t = stdlib_gettext.GNUTranslations(fp)
        result = t.gettext(first)
    elif kind == "stdlib-translation":
        result = stdlib_gettext.translation(DOMAIN, root_of(mo_path), languages=["de"]).gettext(first)
    elif kind == "parlance":
        catalog = parlance.Catalog()
        catalog.load(mo_path)
        result = parlance.Localizer(catalog, ["de"]).text(first, None, DOMAIN)
    elif kind == "parlance-bytes":
        # The .mo's bytes loaded from memory, as GNUTranslations(fp) does for a file object that is not a plain file.
        with open(mo_path, "rb") as fp:
            data = fp.read()
        catalog = parlance.Catalog()
        catalog.load_bytes(data, locale="de", table=DOMAIN, format="mo")
        result = parlance.Localizer(catalog, ["de"]).text(first, None, DOMAIN)
    elif kind == "parlance-gettext":
        if parlance_gettext is None:
            print("skip")
            return
        result = parlance_gettext.translation(DOMAIN, root_of(mo_path), languages=["de"]).gettext(first)
    else:
        sys.exit(f"py_bench: unknown kind {kind}")
    elapsed = time.perf_counter_ns() - t0
    if kind != "none" and result == first:
        sys.exit("py_bench: the first lookup missed")
    print(f"{elapsed}\t{peak_rss_kib()}")


def main(argv):
    if len(argv) == 4 and argv[1] == "lookup":
        cmd_lookup(argv[2], float(argv[3]))
    elif len(argv) == 4 and argv[1] == "load":
        cmd_load(argv[2], argv[3])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
