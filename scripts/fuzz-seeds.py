#!/usr/bin/env python3
"""The hostile shapes of issue #28, written as fuzzing seeds.

    fuzz-seeds.py OUTDIR [TARGET...]    writes OUTDIR/TARGET/SHAPE for each target (default: all)

Each shape is a function of its size (`SHAPES`): the same functions give
`make bench` its inputs at 1x, 4x and 16x (bench/shapes_bench.py). The
seeds are generated at fuzz time (scripts/fuzz.sh) instead of committed:
each is tens of KB, under the fuzz targets' 64 KiB input limit, and past
the documented limits where there is one (ICU nesting > 64 levels, more
than 10,000 $t() expansions). Sizes are chosen so that each target still
runs its `make test` budget (15,000 executions) in about 10-20 s.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

XLIFF12 = "urn:oasis:names:tc:xliff:document:1.2"
XLIFF20 = "urn:oasis:names:tc:xliff:document:2.0"


# ---- XLIFF -----------------------------------------------------------------------------------

def xliff12_attributes(n: int) -> bytes:
    """XLIFF 1.2: one trans-unit with n attributes besides its id."""
    attributes = "".join(f' a{i:x}="{i}"' for i in range(n))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="{XLIFF12}" version="1.2">\n'
            '<file original="Localizable.strings" source-language="en" target-language="ru" datatype="plaintext">'
            f'<body>\n<trans-unit id="a"{attributes}><source>a</source><target>b</target></trans-unit>\n'
            '<trans-unit id="greeting"><source>Hello</source><target>Привет</target></trans-unit>\n'
            '</body></file></xliff>\n').encode()


def xliff20_attributes(n: int) -> bytes:
    """XLIFF 2.0: one unit with n attributes besides its id."""
    attributes = "".join(f' a{i:x}="{i}"' for i in range(n))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="{XLIFF20}" version="2.0" srcLang="en" '
            f'trgLang="ru">\n<file id="f" original="Localizable.strings">\n<unit id="a"{attributes}><segment>'
            '<source>a</source><target>b</target></segment></unit>\n<unit id="greeting"><segment><source>Hello'
            '</source><target>Привет</target></segment></unit>\n</file></xliff>\n').encode()


def xliff12_files(n: int) -> bytes:
    """XLIFF 1.2: n <file> elements, each a table of its own with one entry."""
    files = "".join(f'<file original="T{i:x}.strings" source-language="en" target-language="ru" datatype="plaintext">'
                    f'<body><trans-unit id="k{i:x}"><source>k</source><target>v{i:x}</target></trans-unit></body></file>\n'
                    for i in range(n))
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="{XLIFF12}" version="1.2">\n{files}</xliff>\n'.encode()


def xliff20_files(n: int) -> bytes:
    """XLIFF 2.0: n <file> elements, each a table of its own with one entry."""
    files = "".join(f'<file id="f{i:x}" original="T{i:x}.strings"><unit id="k{i:x}"><segment><source>k</source>'
                    f'<target>v{i:x}</target></segment></unit></file>\n' for i in range(n))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="{XLIFF20}" version="2.0" srcLang="en" '
            f'trgLang="ru">\n{files}</xliff>\n').encode()


# ---- String Catalogs, i18next, Android, UI documents -----------------------------------------

def xcstrings_catalog(n: int, one_line: bool, locale: str = "ru") -> bytes:
    """A String Catalog of n keys (every 8th a plural), in Xcode's layout or on one line."""
    strings = {}
    for i in range(n):
        if i % 8 == 1:
            strings[f"%lld files {i:x}"] = {"localizations": {locale: {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": f"%lld файл {i:x}"}},
                "other": {"stringUnit": {"state": "translated", "value": f"%lld файлов {i:x}"}}}}}}}
        else:
            strings[f"key {i:x}"] = {"localizations": {locale: {"stringUnit": {"state": "translated",
                                                                           "value": f"Значение {i:x}"}}}}
    document = {"sourceLanguage": "en", "strings": strings, "version": "1.0"}
    if one_line:
        return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()
    return json.dumps(document, ensure_ascii=False, indent=2, separators=(",", " : ")).encode()


def xcstrings_keys(n: int) -> bytes:
    return xcstrings_catalog(n, one_line=False)


def xcstrings_keys_one_line(n: int) -> bytes:
    return xcstrings_catalog(n, one_line=True)


def i18next_wide_deep(width: int, depth: int) -> bytes:
    """i18next: "a" nests width messages, each nesting width more, depth levels
    (width**depth lookups unless bounded)."""
    tree = {"a": " ".join(["$t(l1)"] * width)}
    for level in range(1, depth):
        tree[f"l{level}"] = " ".join([f"$t(l{level + 1})"] * width)
    tree[f"l{depth}"] = "x {{name}}"
    return json.dumps(tree).encode()


def i18next_fan_out(n: int) -> bytes:
    """i18next: "a" nests "b" n times in one value (n expansions)."""
    return json.dumps({"a": "$t(b)" * n, "b": "{{count}} é"}).encode()


def i18next_keys(n: int) -> bytes:
    """i18next: n keys in nested sections, plural pairs among them."""
    tree = {}
    for i in range(n):
        section = tree.setdefault(f"s{i % 64:x}", {})
        if i % 8 == 1:
            section[f"k{i:x}_one"] = "{{count}} файл"
            section[f"k{i:x}_other"] = "{{count}} файлов"
        else:
            section[f"k{i:x}"] = f"v{i:x}"
    return json.dumps(tree, ensure_ascii=False).encode()


def android_attributes(n: int) -> bytes:
    """Android: one <string> with n attributes besides its name."""
    attributes = "".join(f' a{i:x}="{i}"' for i in range(n))
    return ('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n'
            f'<string name="a"{attributes}>b</string>\n<string name="greeting">Привет</string>\n'
            '</resources>\n').encode()


def android_strings(n: int) -> bytes:
    """Android: n <string>s and a <plurals> every 8th."""
    items = []
    for i in range(n):
        if i % 8 == 1:
            items.append(f'<plurals name="p{i:x}"><item quantity="one">%d файл</item>'
                         f'<item quantity="other">%d файлов</item></plurals>')
        else:
            items.append(f'<string name="k{i:x}">v \\\'{i:x}\\\'</string>')
    return ('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n' + "\n".join(items) + "\n</resources>\n").encode()


def document_json_texts(n: int) -> bytes:
    """A JSON UI document of n localizable texts (text, title, label, caret-marked)."""
    members = ("text", "title", "label", "placeholder")
    children = [{"id": i, members[i % 4]: ("^A" if i % 5 == 0 else "Open")} for i in range(n)]
    return json.dumps({"title": "Open", "children": children}).encode()


def gtkbuilder_attributes(n: int) -> bytes:
    """A GtkBuilder document whose <object> has n attributes besides its class and id."""
    attributes = "".join(f' a{i:x}="{i}"' for i in range(n))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<interface>\n'
            f'<object class="GtkLabel" id="l"{attributes}><property name="label" translatable="yes">Open</property>'
            '</object>\n</interface>\n').encode()


# ---- Messages ----------------------------------------------------------------------------------

def icu_nested_plural(depth: int) -> bytes:
    """ICU MessageFormat: plural arms nested depth levels (64 is the most
    Parlance formats), the innermost "#"."""
    return ("{count, plural, one {# x} other {" * depth + "#" + "}}" * depth).encode()


def icu_nested_select(depth: int) -> bytes:
    """ICU MessageFormat: select and plural arms alternating, depth levels."""
    opening = ["{gender, select, female {f " if i % 2 else "{count, plural, =0 {none} other {# " for i in range(depth)]
    closing = ["} other {o}}" if i % 2 else "}}" for i in reversed(range(depth))]
    return ("".join(opening) + "{name}" + "".join(closing)).encode()


def mf2_chain(n: int) -> bytes:
    """MessageFormat 2: n .local declarations, each using the one before."""
    lines = [".local $a0 = {$count :number}\n"] + [f".local $a{i:x} = {{$a{i - 1:x}}}\n" for i in range(1, n)]
    return ("".join(lines) + "{{{$a%x} and {$a%x}}}" % (n - 1, n // 2)).encode()


def mf2_chain_match(n: int) -> bytes:
    """MessageFormat 2: a chain of n .local declarations ending in a selector."""
    lines = [".input {$count :number}\n"] + [f".local $a{i:x} = {{${'count' if i == 0 else f'a{i - 1:x}'} :number}}\n"
                                             for i in range(n)]
    return ("".join(lines) + f".match $a{n - 1:x}\none {{{{one {{$a{n - 1:x}}}}}}}\n* {{{{other {{$name}}}}}}").encode()


# ---- The seeds ---------------------------------------------------------------------------------

# The document target's first byte gives the kind: 1 GtkBuilder, 3 a JSON UI tree.
DOCUMENT_GTKBUILDER, DOCUMENT_JSON = b"\x01", b"\x03"

# target: {seed name: bytes}, each under 64 KiB (fuzz.c ignores larger inputs).
# ---- Fluent: real resources of corpus3 ---------------------------------------------------------

def fluent_real(count: int = 48) -> dict:
    """Real .ftl files of corpus3 (the reference data, unpacked under
    build/reference-data as the Python tests unpack it; never committed),
    spread over its projects; none when the archive is not found."""
    root = pathlib.Path(__file__).resolve().parent.parent
    target = root / "build" / "reference-data"
    folder = target / "corpus3" / "fluent"
    if not (target / ".corpus3").exists():
        candidates = [os.environ.get("PARLANCE_REFERENCE_DATA"), root.parent / "shared" / "reference-data",
                      "/work/shared/reference-data"]
        archive = next((pathlib.Path(c) / "corpus3.tar.xz" for c in candidates
                        if c and (pathlib.Path(c) / "corpus3.tar.xz").is_file()), None)
        if archive is None:
            return {}
        target.mkdir(parents=True, exist_ok=True)
        subprocess.run(["tar", "-xJf", str(archive), "-C", str(target)], check=True)
        (target / ".corpus3").touch()
    files = sorted(path for path in folder.rglob("*.ftl") if path.stat().st_size < 1 << 16)
    step = max(1, len(files) // count)
    return {"real-" + "-".join(path.relative_to(folder).parts): path.read_bytes() for path in files[::step][:count]}


def seeds() -> dict:
    return {
        "fluent": fluent_real(),
        "xliff": {
            "v12-attributes-4000": xliff12_attributes(4000),
            "v2-attributes-4000": xliff20_attributes(4000),
            "v12-files-220": xliff12_files(220),
            "v2-files-320": xliff20_files(320),
        },
        "xcstrings": {
            "keys-160": xcstrings_keys(160),
            "keys-320-one-line": xcstrings_keys_one_line(320),
        },
        "i18next": {
            # Past the 10,000 budget (32**9 in #28; a smaller width and depth
            # spend the same budget, each step cheaper under the sanitizers).
            "nesting-8-wide-5-deep": i18next_wide_deep(8, 5),
            "fan-out-100x101": json.dumps({"a": "$t(b)" * 100, "b": "$t(c)" * 101, "c": "x"}).encode(),
            "fan-out-2000": i18next_fan_out(2000),
            "keys-1000": i18next_keys(1000),
        },
        "android": {
            "attributes-4000": android_attributes(4000),
            "strings-800": android_strings(800),
        },
        "document": {
            "json-texts-1800": DOCUMENT_JSON + document_json_texts(1800),
            "gtkbuilder-attributes-4000": DOCUMENT_GTKBUILDER + gtkbuilder_attributes(4000),
        },
        "icu": {
            "plural-64": icu_nested_plural(64),
            "plural-65": icu_nested_plural(65),
            "plural-1000": icu_nested_plural(1000),
            "select-plural-60": icu_nested_select(60),
            "select-plural-200": icu_nested_select(200),
        },
        "mf2": {
            "local-chain-2500": mf2_chain(2500),
            "local-chain-match-1200": mf2_chain_match(1200),
        },
    }


def main(argv) -> int:
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    out, wanted = argv[1], argv[2:]
    for target, shapes in seeds().items():
        if wanted and target not in wanted:
            continue
        folder = os.path.join(out, target)
        os.makedirs(folder, exist_ok=True)
        for name, data in shapes.items():
            assert len(data) < 1 << 16, f"{target}/{name}: {len(data)} bytes, over the 64 KiB input limit"
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
