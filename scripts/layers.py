#!/usr/bin/env python3
"""The folders of each Swift module and the order they are layered in.

Each folder of a module (`Sources/<Module>/<Folder>/`, a format's
`Formats/<Format>/` counting as its own folder) may use the names that
its own folder and the folders *below* it declare — never one declared
above. `docs/architecture.md` gives the order; this script reads it from
the `LAYERS` table below, checks the sources and prints every use of a
name from a higher folder (exit 1), or nothing (exit 0).

    scripts/layers.py [--edges MODULE]     # --edges: every folder's dependencies

What it traces: the names a file declares at its top level (types,
functions); a use is any whole word equal to one, outside comments and
string literals, in a file that does not declare that name itself. And
the members an extension adds to a type of another folder (`extension
Table` in `Resolution/` adding `formsAlone`): a use is `.name` or, inside
another extension of the same type, a bare `name(`, in a file of another
folder. A member name declared twice anywhere in the module (or an enum
case of the same name) is ambiguous to a reader of words and is left out.
"""

import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|final|indirect|nonisolated)\s+)*"
    r"(?:class|struct|enum|protocol|typealias|actor)\s+([A-Z][A-Za-z0-9_]*)", re.M)
FUNCTION = re.compile(r"^(?:(?:public|package|internal|private|fileprivate)\s+)*func\s+([a-z][A-Za-z0-9_]*)", re.M)
EXTENSION_FUNCTION = re.compile(r"^(?:extension|\}|\s)")
WORD = re.compile(r"\b[A-Za-z_][A-Za-z0-9_]*\b")
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
STRING = re.compile(r'"""(?:.|\n)*?"""|"(?:\\.|[^"\\\n])*"')


def folder_of(module_root: Path, path: Path) -> str:
    parts = path.relative_to(module_root).parts
    if len(parts) == 1:
        return "."
    if parts[0] == "Formats" and len(parts) > 2:
        return "Formats/" + parts[1]
    return parts[0]


def strip(text: str) -> str:
    return STRING.sub('""', COMMENT.sub("", text))


def scan(module: str):
    module_root = ROOT / "Sources" / module
    declared = {}            # name -> folder
    files = {}
    for path in sorted(module_root.rglob("*.swift")):
        text = strip(path.read_text(encoding="utf-8"))
        folder = folder_of(module_root, path)
        files[path] = (folder, text)
        for name in DECLARATION.findall(text):
            # Nested types share names across folders (`Reader`, `State`): only top-level ones count.
            declared.setdefault(name, set()).add(folder)
        for match in FUNCTION.finditer(text):
            declared.setdefault(match.group(1), set()).add(folder)
    return module_root, declared, files


def top_level_names(text: str):
    """Types declared at the top level of a file (column 0)."""
    return set(re.findall(r"^(?:(?:public|package|internal|private|fileprivate|final|indirect)\s+)*"
                          r"(?:class|struct|enum|protocol|typealias|actor)\s+([A-Z][A-Za-z0-9_]*)", text, re.M)) | \
        set(re.findall(r"^(?:(?:public|package|internal|private|fileprivate)\s+)*func\s+([a-z][A-Za-z0-9_]*)", text, re.M))


def uses(module: str):
    """(file, folder, name, declaring folder) for each name a file uses from another folder."""
    module_root, _, files = scan(module)
    owners = defaultdict(set)
    for path, (folder, text) in files.items():
        for name in top_level_names(text):
            owners[name].add(folder)
    for path, (folder, text) in files.items():
        # What the file declares itself, nested types included (`XLIFFFile.Table`), shadows other folders' names.
        own = top_level_names(text) | set(DECLARATION.findall(text))
        seen = set()
        for word in WORD.findall(text):
            if word in own or word in seen or word not in owners:
                continue
            seen.add(word)
            homes = owners[word]
            if folder in homes or len(homes) != 1:
                continue
            yield path, folder, word, next(iter(homes))


MODIFIERS = (r"(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|final|static|class|"
             r"mutating|nonisolated|override|convenience|lazy|indirect)\s+)*")
MEMBER = re.compile(r"^\s+" + MODIFIERS + r"(?:func|var|let)\s+([a-z][A-Za-z0-9_]*)", re.M)
CASES = re.compile(r"^\s+(?:indirect\s+)?case\s+([a-z][^\n:=]*)$", re.M)
EXTENSION = re.compile(r"^(?:(?:public|package|internal|private|fileprivate)\s+)?extension\s+([A-Z][A-Za-z0-9_]*)"
                       r"[^\n]*\{[ \t]*$(.*?)^\}", re.M | re.S)
EXTENSION_MEMBER = re.compile(r"^    " + MODIFIERS + r"(?:func|var|let)\s+([a-z][A-Za-z0-9_]*)", re.M)


def extension_uses(module: str):
    """(file, folder, member, declaring folder) for each use of a member
    that an extension in another folder adds to a type."""
    module_root, _, files = scan(module)
    type_homes = defaultdict(set)
    for path, (folder, text) in files.items():
        for name in top_level_names(text):
            type_homes[name].add(folder)
    anywhere = defaultdict(int)          # member and case names -> declarations
    added = defaultdict(set)             # member -> {(folder, type)} added from another folder
    for path, (folder, text) in files.items():
        for match in MEMBER.finditer(text):
            anywhere[match.group(1)] += 1
        for match in CASES.finditer(text):
            for name in re.findall(r"(?:^|,)\s*([a-z][A-Za-z0-9_]*)", match.group(1)):
                anywhere[name] += 1
        for match in EXTENSION.finditer(text):
            extended = match.group(1)
            if extended in type_homes and folder not in type_homes[extended]:
                for member in EXTENSION_MEMBER.findall(match.group(2)):
                    added[member].add((folder, extended))
    traced = {name: next(iter(homes)) for name, homes in added.items() if len(homes) == 1 and anywhere[name] == 1}
    for path, (folder, text) in files.items():
        extended_here = {match.group(1) for match in EXTENSION.finditer(text)}
        seen = set()
        for match in re.finditer(r"(\.)?\b([a-z][A-Za-z0-9_]*)\b(\()?", text):
            name = match.group(2)
            if name in seen or name not in traced:
                continue
            home, extended = traced[name]
            if home == folder or not (match.group(1) or (match.group(3) and extended in extended_here)):
                continue
            if text[max(0, match.start() - 5):match.start()].endswith("func "):
                continue
            # A parameter or local of the same name (`documentLookup: Lookup?`, `if let documentLookup`).
            if re.search(r"(?:\blet|\bvar)\s+" + name + r"\b|[(,]\s*" + name + r"\s*:", text) and not match.group(1):
                continue
            seen.add(name)
            yield path, folder, name, home


def layers(module: str):
    """The module's folders, lowest first, as docs/architecture.md lists them."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- layers " + re.escape(module) + r" -->\n(.*?)<!-- end layers -->", text, re.S)
    if not block:
        raise SystemExit(f"docs/architecture.md has no layer list for {module}")
    order = []
    for line in block.group(1).splitlines():
        match = re.match(r"\s*\d+\.\s+`([^`]+)`", line)
        if match:
            order.append(match.group(1).rstrip("/"))
    return order


# The one name a folder may use from above, and why.
REACHES_UP = {
    "Parlance": {
        ("FormatPlugin", "registered"): "the plug-in layer asks the registry (Formats/Registry.swift) for the list of plug-ins",
        # A table served in place names its line of the registry's closed
        # enum of storages, which a lookup switches on: no cast, which
        # Embedded Swift has not (docs/architecture.md, "One storage layer").
        ("FormatPlugin", "InPlaceStorage"): "an in-place table names its storage case (InPlaceTable.inPlaceStorage)",
        ("Formats/Gettext", "InPlaceStorage"): "a .mo served in place is the registry's .mo storage case",
        ("Formats/Compiled", "InPlaceStorage"): "a compiled table is the registry's .compiled storage case",
    },
}


def check(modules=("Parlance", "ParlanceTools")):
    problems = []
    for module in modules:
        order = layers(module)
        rank = {name: index for index, name in enumerate(order)}

        def rank_of(folder):
            if folder in rank:
                return rank[folder]
            if folder.startswith("Formats/") and "Formats/*" in rank:
                return rank["Formats/*"]
            return None

        module_root, _, files = scan(module)
        for path, (folder, _) in files.items():
            if rank_of(folder) is None:
                problems.append(f"{path.relative_to(ROOT)}: folder {folder} is not in {module}'s layer list")
        for path, folder, name, home in [*uses(module), *extension_uses(module)]:
            if (folder, name) in REACHES_UP.get(module, {}):
                continue
            mine, theirs = rank_of(folder), rank_of(home)
            if mine is None or theirs is None:
                continue
            same_rank_formats = folder.startswith("Formats/") and home.startswith("Formats/") and mine == theirs
            if theirs > mine or same_rank_formats:
                problems.append(f"{path.relative_to(ROOT)}: uses {name} from {home}, which is above {folder}"
                                if not same_rank_formats else
                                f"{path.relative_to(ROOT)}: uses {name} from {home}: a format uses no other format")
    return problems


def main(argv):
    if "--edges" in argv:
        module = argv[argv.index("--edges") + 1] if len(argv) > argv.index("--edges") + 1 else "Parlance"
        edges = defaultdict(lambda: defaultdict(set))
        for path, folder, name, home in uses(module):
            edges[folder][home].add(name)
        for folder in sorted(edges):
            for home in sorted(edges[folder]):
                names = sorted(edges[folder][home])
                print(f"{folder} -> {home}: {', '.join(names[:8])}{' …' if len(names) > 8 else ''}")
        return 0
    problems = check()
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
