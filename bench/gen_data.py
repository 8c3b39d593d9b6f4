#!/usr/bin/env python3
"""Benchmark catalogs: the same messages as gettext `.po`/`.mo` and Apple `.strings`.

    gen_data.py [--cli PARLANCE] OUTDIR SIZE...   SIZE: 1k, 10k, 100k, 1m (or a plain count)

For each size, OUTDIR/<size>/ receives
    po/de/LC_MESSAGES/bench.po
    mo/de/LC_MESSAGES/bench.mo          msgfmt's output (about 15 s for 1m here, so
                                        no writer of our own is needed)
    strings/de.lproj/Localizable.strings, strings/Info.plist (a bundle for Foundation)
    keys.txt                            the plain msgids (no context, no plural), one per line
    misses.txt                          keys that are in no catalog, one per line
    compiled/strings.parlance           with --cli: `parlance compile` of strings/
    compiled/mo.parlance                ... and of the mo/ tree (kept while
                                        `parlance compile --verify` accepts them)
and a stamp file `done` holding this generator's version, so that an
unchanged size is not generated again.

Entries (seeded per size, so every run writes the same bytes): 80% plain
messages, 10% with a msgctxt, 10% plural (msgid/msgid_plural, two forms,
German's `n != 1`). Messages are 2-10 words with a unique suffix; values
mix in non-ASCII letters, a quote or a newline now and then.

In `.strings`, contexts use Parlance's key-value spelling `(ctx)key` and
plural forms `(##one)key` / `(##other)key`.

A real catalog, when the machine has one, is copied to OUTDIR/real/mo/de/
LC_MESSAGES/bench.mo (see `find_real_catalog`).
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import time

VERSION = "4"   # bump when the content changes, to regenerate cached data

SIZES = {"1k": 1_000, "10k": 10_000, "100k": 100_000, "1m": 1_000_000}

WORDS = ("file directory cannot open read write the a of to in for with on by from "
         "error warning invalid option argument missing value user group permission denied "
         "network connection timeout server client request response message queue item list "
         "show hide open close save cancel delete remove add create update settings preferences "
         "window tab page document image video audio track album artist playlist library "
         "account password login logout profile name address email phone number date time "
         "download upload sync backup restore import export print share copy paste undo redo "
         "search filter sort select all none new recent favorite archive trash empty full "
         "unable failed successfully completed pending running stopped started paused resumed "
         "please try again later now not found available unavailable unknown default custom").split()
UMLAUT = {"a": "ä", "o": "ö", "u": "ü", "s": "ß"}
CONTEXTS = ("menu", "button", "dialog title", "toolbar", "status bar", "tooltip", "error",
            "Name label in registration screen", "verb", "noun")


def log(text: str) -> None:
    print(f"[bench-data] {text}", file=sys.stderr, flush=True)


def translate(words: list[str], rng: random.Random) -> str:
    out = []
    for w in words:
        t = w[::-1].capitalize() if len(w) > 3 else w.upper()
        if rng.random() < 0.3:
            t = "".join(UMLAUT.get(c, c) for c in t)
        out.append(t)
    text = " ".join(out)
    roll = rng.random()
    if roll < 0.03:
        text = f"\"{text}\""
    elif roll < 0.05:
        text = text + "\n" + out[0]
    return text


def entries(count: int, seed: str):
    """(context, msgid, msgid_plural, [msgstr...]) tuples, header excluded."""
    rng = random.Random(seed)
    for i in range(count):
        words = rng.choices(WORDS, k=rng.randint(2, 10))
        msgid = " ".join(words).capitalize() + f" ({i:x})"
        kind = i % 10
        if kind == 0:
            yield rng.choice(CONTEXTS), msgid, None, [translate(words, rng) + f" [{i:x}]"]
        elif kind == 1:
            other = f"%d {' '.join(words)}s ({i:x})"
            t = translate(words, rng)
            yield None, msgid, other, [f"%d {t} ({i:x})", f"%d {t}en ({i:x})"]
        else:
            yield None, msgid, None, [translate(words, rng) + f" ({i:x})"]


def po_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def strings_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


HEADER = ("Project-Id-Version: parlance-bench\n"
          "Language: de\n"
          "MIME-Version: 1.0\n"
          "Content-Type: text/plain; charset=UTF-8\n"
          "Content-Transfer-Encoding: 8bit\n"
          "Plural-Forms: nplurals=2; plural=(n != 1);\n")


# Foundation's Bundle finds de.lproj through the development region.
INFO_PLIST = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>CFBundleIdentifier</key>
\t<string>org.parlance.bench</string>
\t<key>CFBundleDevelopmentRegion</key>
\t<string>de</string>
</dict>
</plist>
"""


def write_size(out: str, label: str, count: int) -> None:
    base = os.path.join(out, label)
    stamp = os.path.join(base, "done")
    want = f"{VERSION} {count}\n"
    if os.path.exists(stamp) and open(stamp).read() == want:
        log(f"{label}: cached")
        return
    shutil.rmtree(base, ignore_errors=True)
    po_dir = os.path.join(base, "po", "de", "LC_MESSAGES")
    mo_dir = os.path.join(base, "mo", "de", "LC_MESSAGES")
    st_dir = os.path.join(base, "strings", "de.lproj")
    for d in (po_dir, mo_dir, st_dir):
        os.makedirs(d)
    started = time.monotonic()
    po_path = os.path.join(po_dir, "bench.po")
    mo_path = os.path.join(mo_dir, "bench.mo")
    with open(os.path.join(base, "strings", "Info.plist"), "w") as plist:
        plist.write(INFO_PLIST)
    with open(po_path, "w", encoding="utf-8") as po, \
            open(os.path.join(base, "keys.txt"), "w", encoding="utf-8") as keys, \
            open(os.path.join(st_dir, "Localizable.strings"), "w", encoding="utf-8") as st:
        po.write('msgid ""\nmsgstr ""\n' + "".join(po_quote(line + "\n") + "\n" for line in HEADER.splitlines()) + "\n")
        st.write("/* Parlance benchmark catalog: %d entries, generated by bench/gen_data.py */\n" % count)
        for context, msgid, plural, texts in entries(count, f"parlance-bench-{count}"):
            if context is not None:
                po.write(f"msgctxt {po_quote(context)}\n")
            po.write(f"msgid {po_quote(msgid)}\n")
            if plural is None:
                po.write(f"msgstr {po_quote(texts[0])}\n\n")
                key = msgid if context is None else f"({context}){msgid}"
                if context is None:
                    keys.write(msgid + "\n")
                st.write(f"{strings_quote(key)} = {strings_quote(texts[0])};\n")
            else:
                po.write(f"msgid_plural {po_quote(plural)}\n")
                for n, text in enumerate(texts):
                    po.write(f"msgstr[{n}] {po_quote(text)}\n")
                po.write("\n")
                st.write(f"{strings_quote('(##one)' + msgid)} = {strings_quote(texts[0])};\n")
                st.write(f"{strings_quote('(##other)' + msgid)} = {strings_quote(texts[1])};\n")
    log(f"{label}: wrote .po and .strings in {time.monotonic() - started:.1f} s")
    started = time.monotonic()
    subprocess.run(["msgfmt", "-o", mo_path, po_path], check=True)
    seconds = time.monotonic() - started
    log(f"{label}: msgfmt wrote the .mo in {seconds:.1f} s")
    with open(os.path.join(base, "msgfmt-seconds"), "w") as f:
        f.write(f"{seconds:.1f}\n")
    rng = random.Random(f"parlance-bench-misses-{count}")
    with open(os.path.join(base, "misses.txt"), "w", encoding="utf-8") as misses:
        for i in range(min(count, 100_000)):
            words = rng.choices(WORDS, k=rng.randint(2, 10))
            misses.write(" ".join(words).capitalize() + f" [missing {i:x}]\n")
    with open(stamp, "w") as f:
        f.write(want)


# Catalogs that most Debian/Ubuntu machines carry, about the size the issue's
# reference figures use (1,000-1,500 messages), in the order tried.
REAL_CANDIDATES = [f"/usr/share/locale/{lang}/LC_MESSAGES/{domain}.mo"
                   for lang in ("de", "fr", "es", "it")
                   for domain in ("dpkg", "libc", "coreutils", "tar", "apt")]


def find_real_catalog() -> str | None:
    for path in REAL_CANDIDATES:
        if os.path.isfile(path):
            return path
    return None


def write_real(out: str) -> None:
    base = os.path.join(out, "real")
    source = find_real_catalog()
    note = os.path.join(base, "source.txt")
    if source is None:
        shutil.rmtree(base, ignore_errors=True)
        log("real: no real catalog on this machine; the generated 1k stands in for it")
        return
    if os.path.exists(note) and open(note).read().strip() == source:
        log(f"real: cached ({source})")
        return
    shutil.rmtree(base, ignore_errors=True)
    mo_dir = os.path.join(base, "mo", "de", "LC_MESSAGES")
    os.makedirs(mo_dir)
    shutil.copyfile(source, os.path.join(mo_dir, "bench.mo"))
    # Misses for the real catalog: generated sentences that no catalog has.
    rng = random.Random("parlance-bench-misses-real")
    with open(os.path.join(base, "misses.txt"), "w", encoding="utf-8") as misses:
        for i in range(10_000):
            misses.write(" ".join(rng.choices(WORDS, k=rng.randint(2, 10))).capitalize() + f" [missing {i:x}]\n")
    with open(note, "w") as f:
        f.write(source + "\n")
    log(f"real: {source}")


def compile_catalogs(base: str, label: str, cli: str, sources: list) -> None:
    """base/compiled/NAME.parlance from each (NAME, catalog directory), compiled
    once by `parlance compile` and reused while `--verify` accepts it (a
    changed key hash or format makes it recompile)."""
    folder = os.path.join(base, "compiled")
    os.makedirs(folder, exist_ok=True)
    for name, source in sources:
        target = os.path.join(folder, f"{name}.parlance")
        if os.path.exists(target):
            check = subprocess.run([cli, "compile", "--verify", target], stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True)
            if check.returncode == 0 and " 0 entries" not in check.stdout:
                log(f"{label}: compiled {name} cached")
                continue
            log(f"{label}: compiled {name} is stale ({check.stdout.strip()}); compiling again")
        started = time.monotonic()
        result = subprocess.run([cli, "compile", "-o", target, source], stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        seconds = time.monotonic() - started
        if result.returncode != 0 or " 0 entries" in result.stdout:
            raise SystemExit(f"parlance compile of {source} failed or wrote no entries:\n{result.stdout}")
        log(f"{label}: compiled {name} in {seconds:.1f} s: {result.stdout.strip()}")
        with open(os.path.join(folder, f"{name}-seconds"), "w") as f:
            f.write(f"{seconds:.1f}\n")


def main(argv: list[str]) -> int:
    cli = None
    if len(argv) > 2 and argv[1] == "--cli":
        cli = argv[2]
        argv = argv[:1] + argv[3:]
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    out = argv[1]
    os.makedirs(out, exist_ok=True)
    for label in argv[2:]:
        if label == "real":
            write_real(out)
            base = os.path.join(out, "real")
            if cli and os.path.isdir(os.path.join(base, "mo")):
                compile_catalogs(base, label, cli, [("mo", os.path.join(base, "mo"))])
        else:
            write_size(out, label, SIZES[label] if label in SIZES else int(label))
            base = os.path.join(out, label)
            if cli:
                compile_catalogs(base, label, cli, [("strings", os.path.join(base, "strings")),
                                                    ("mo", os.path.join(base, "mo"))])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
