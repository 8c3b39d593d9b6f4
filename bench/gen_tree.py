#!/usr/bin/env python3
"""Generated source trees for the toolchain rows of `make bench`.

    gen_tree.py DIR FILES [--seed N] [--changed PERCENT]

Writes FILES small sources into DIR (even-numbered files C, odd ones
Python), 18 messages each: plain calls, ngettext plurals and a
TRANSLATORS: note every fifth message. With --changed, that share of the
messages get a new text (what a merge after a code change sees)."""
import argparse
import os
import random


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("files", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--changed", type=float, default=0.0)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.dir, exist_ok=True)
    k = 0
    for i in range(args.files):
        sub = os.path.join(args.dir, f"d{i // 100}")
        os.makedirs(sub, exist_ok=True)
        lines = []
        if i % 2 == 0:
            lines += ["#include <libintl.h>", "#include <stdio.h>", "#define _(s) gettext(s)", f"void f{i}(int n) {{"]
        else:
            lines += ["from gettext import gettext as _, ngettext", f"def f{i}(n):"]
        for j in range(18):
            k += 1
            edit = " (revised)" if rng.random() * 100 < args.changed else ""
            if i % 2 == 0:
                if j % 5 == 0:
                    lines.append(f"    /* TRANSLATORS: message {k} of file {i} */")
                if j % 7 == 0:
                    lines.append(f'    printf(ngettext("%d item {k}{edit}", "%d items {k}{edit}", n), n);')
                else:
                    lines.append(f'    puts(_("Message number {k} of file {i}{edit}"));')
            else:
                if j % 5 == 0:
                    lines.append(f"    # TRANSLATORS: message {k} of file {i}")
                if j % 6 == 0:
                    lines.append(f'    print(ngettext("%d thing {k}{edit}", "%d things {k}{edit}", n) % n)')
                else:
                    lines.append(f'    print(_("Python message {k} in {i}{edit}"))')
        if i % 2 == 0:
            lines.append("}")
        name = f"f{i}.c" if i % 2 == 0 else f"f{i}.py"
        with open(os.path.join(sub, name), "w") as f:
            f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
