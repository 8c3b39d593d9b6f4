"""The folders of each Swift module are layered in the order
docs/architecture.md gives: no file uses a name declared in a folder listed
after its own, and no format's folder uses another format's."""

import importlib.util
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _layers():
    spec = importlib.util.spec_from_file_location("layers", ROOT / "scripts" / "layers.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_folder_uses_only_the_folders_below_it():
    problems = _layers().check()
    assert problems == [], "\n".join(problems)


def test_every_folder_is_in_the_order(tmp_path):
    layers = _layers()
    for module in ("Parlance", "ParlanceTools"):
        order = layers.layers(module)
        assert len(order) == len(set(order)), module
        root = ROOT / "Sources" / module
        folders = {layers.folder_of(root, path) for path in root.rglob("*.swift")}
        listed = set(order)
        unlisted = {f for f in folders if f not in listed and not (f.startswith("Formats/") and "Formats/*" in listed)}
        assert unlisted == set(), f"{module}: {sorted(unlisted)}"


def test_the_check_finds_a_use_from_above(tmp_path, monkeypatch):
    """The checker itself: a file in a low folder that names a type of a
    higher one is reported; the same use from above is not."""
    layers = _layers()
    sources = tmp_path / "Sources" / "Demo"
    (sources / "Low").mkdir(parents=True)
    (sources / "High").mkdir()
    (sources / "Low" / "Base.swift").write_text("struct Base {}\nfunc helper() {}\n")
    (sources / "High" / "Top.swift").write_text("struct Top { let base = Base() }\n")
    (sources / "Low" / "Bad.swift").write_text(textwrap.dedent("""\
        // Top in a comment does not count, nor "Top" in a string.
        struct Bad { let top: Top? = nil }
        """))
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "architecture.md").write_text("<!-- layers Demo -->\n1. `Low`\n2. `High`\n<!-- end layers -->\n")
    monkeypatch.setattr(layers, "ROOT", tmp_path)
    assert layers.check(("Demo",)) == ["Sources/Demo/Low/Bad.swift: uses Top from High, which is above Low"]
    (sources / "Low" / "Bad.swift").write_text("// Top is named only here.\nlet text = \"Top\"\n")
    assert layers.check(("Demo",)) == []


def test_the_check_follows_members_an_extension_adds(tmp_path, monkeypatch):
    """A member an extension in a higher folder adds to a lower folder's type
    (`extension Table` in Resolution) is traced: a lower file calling it,
    dotted or from another extension of the type, is reported; a parameter
    of the same name is not a use."""
    layers = _layers()
    sources = tmp_path / "Sources" / "Demo"
    for folder in ("Low", "Middle", "High"):
        (sources / folder).mkdir(parents=True)
    (sources / "Low" / "Table.swift").write_text("struct Table {}\n")
    (sources / "High" / "Table+Lookup.swift").write_text(
        "extension Table {\n    func formsAlone(_ forms: [Int]) -> [Int] { forms }\n}\n")
    (sources / "Middle" / "Writer.swift").write_text(
        "struct Writer {\n    func write(_ table: Table) -> [Int] { table.formsAlone([1]) }\n}\n")
    (sources / "Middle" / "Table+Listing.swift").write_text(
        "extension Table {\n    func listed() -> [Int] { formsAlone([2]) }\n}\n")
    (sources / "Middle" / "Reader.swift").write_text(
        "struct Reader {\n    func read(formsAlone: Int) -> Int { formsAlone }\n}\n")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "architecture.md").write_text(
        "<!-- layers Demo -->\n1. `Low`\n2. `Middle`\n3. `High`\n<!-- end layers -->\n")
    monkeypatch.setattr(layers, "ROOT", tmp_path)
    assert sorted(layers.check(("Demo",))) == [
        "Sources/Demo/Middle/Table+Listing.swift: uses formsAlone from High, which is above Middle",
        "Sources/Demo/Middle/Writer.swift: uses formsAlone from High, which is above Middle",
    ]
    (sources / "High" / "Table+Lookup.swift").rename(sources / "Low" / "Table+Lookup.swift")
    assert layers.check(("Demo",)) == []


def test_the_c_boundary_sees_only_the_public_header():
    """ParlanceCAPI converts between parlance.h and the core: it imports the
    header's module and the core, never the ICU shim."""
    for path in sorted((ROOT / "Sources" / "ParlanceCAPI").glob("*.swift")):
        imports = [line.split()[-1] for line in path.read_text(encoding="utf-8").splitlines()
                   if line.split()[:1] == ["import"] or line.split()[1:2] == ["import"]]
        assert "CParlanceShim" not in imports, path.name
        assert set(imports) <= {"CParlanceAPI", "Parlance", "Glibc", "Synchronization"}, (path.name, imports)


# What the tools above the formats may still name of one format, and why:
# nothing else may (the registry, Layout/OutputFormat.swift, names them all).
FORMAT_USES_OUTSIDE = {
}


def test_the_tools_ask_the_registry_not_a_format():
    """Each format the tools write is one folder and one line in
    `OutputFormat.registry` (Layout/OutputFormat+Registry.swift): merge, pseudo, convert, lint
    and stats ask a format's `ToolFormat`, never name its types, but for the
    uses listed above."""
    layers = _layers()
    found = set()
    for path, folder, name, home in layers.uses("ParlanceTools"):
        if not home.startswith("Formats/") or folder.startswith("Formats/"):
            continue
        if path.name == "OutputFormat+Registry.swift" and folder == "Layout":
            continue
        found.add((folder, name))
    assert found - set(FORMAT_USES_OUTSIDE) == set(), sorted(found - set(FORMAT_USES_OUTSIDE))
    # The list stays true: an entry nobody needs any more goes.
    assert set(FORMAT_USES_OUTSIDE) - found == set(), sorted(set(FORMAT_USES_OUTSIDE) - found)


def test_a_format_extension_is_spelled_only_in_its_folder_and_the_registry():
    """A grep for a format's file extensions in the tools' code (comments and
    usage texts aside) finds them only in the format's folder and the registry."""
    import re
    layers = _layers()
    root = ROOT / "Sources" / "ParlanceTools"
    spelled = re.compile(r'"\.?(xliff|xlf|xcstrings|pot|po|stringsdict|strings|xml)"')
    outside = []
    for path in sorted(root.rglob("*.swift")):
        relative = path.relative_to(root)
        # extract's own output choices (`--format pot|strings|…`) are its names, not a layout.
        if relative.parts[0] in ("Formats", "Extract") or str(relative) in ("Layout/OutputFormat+Registry.swift", "ExtractCommand.swift"):
            continue
        text = layers.COMMENT.sub("", path.read_text(encoding="utf-8"))
        text = re.sub(r'"""(?:.|\n)*?"""', '""', text)   # usage texts
        for match in spelled.finditer(text):
            outside.append(f"{relative}:{text[:match.start()].count(chr(10)) + 1}: {match.group(0)}")
    assert outside == [], "\n".join(outside)


_KINDS = "strings|stringsdict|json|po|mo|compiled|xcstrings|android|xliff|i18next"
# A test of which format a table is: `format == .xliff`, `[.strings, .po, ...`, `switch source.format {`.
FORMAT_ASKED = __import__("re").compile(
    r'(?:\bformat [=!]= \.(?:%s)\b|\[\.(?:%s), |switch [\w.]*\bformat \{)' % (_KINDS, _KINDS))


def test_the_runtime_names_a_format_only_in_its_folder_and_the_registry():
    """In the core, a format's file extension, and a test of which format a
    table is (`== .xliff`, `case .xcstrings:`), stand only in the format's
    folder and in the registry (`Tables/TableFormat*.swift`): loading a file,
    a buffer or a folder, and reading notes, ask the registry."""
    import re
    layers = _layers()
    root = ROOT / "Sources" / "Parlance"
    extension = re.compile(r'"\.?(xliff|xlf|xcstrings|pot|po|mo|stringsdict|strings|parlance)"')
    asked = FORMAT_ASKED
    outside = []
    for path in sorted(root.rglob("*.swift")):
        relative = path.relative_to(root)
        if relative.parts[0] == "Formats" or (relative.parts[0] == "Tables" and path.name.startswith("TableFormat")):
            continue
        text = layers.COMMENT.sub("", path.read_text(encoding="utf-8"))
        for pattern in (extension, asked):
            for match in pattern.finditer(text):
                outside.append(f"{relative}:{text[:match.start()].count(chr(10)) + 1}: {match.group(0)}")
    assert outside == [], "\n".join(outside)


def test_the_runtime_check_sees_a_format_named_outside(tmp_path):
    """The check above is not vacuous: the same patterns find the uses the
    registry replaced."""
    import re
    asked = FORMAT_ASKED
    assert asked.search("if format == .xliff {")
    assert asked.search("        switch source.format {")
    assert asked.search("where [.strings, .po].contains(f)")
    assert not asked.search("case .text(let value):")
    assert not asked.search("switch syntax {")


def test_swift_tests_mirror_the_sources_folder_for_folder():
    """Each folder of Tests/ParlanceTests is a folder of Sources/Parlance
    (`Formats/Gettext`), or under `Tools/` one of Sources/ParlanceTools, so
    a source file's tests are found where it is. Below a format's folder
    (or another leaf folder of the sources) a test may keep a folder of its
    own: the test-only plug-ins (`FormatPlugin/KeyValueFormat`)."""
    tests = ROOT / "Tests" / "ParlanceTests"
    strays = []
    for folder in sorted(path for path in tests.rglob("*") if path.is_dir()):
        parts = folder.relative_to(tests).parts
        sources = ROOT / "Sources" / ("ParlanceTools" if parts[0] == "Tools" else "Parlance")
        parts = parts[1:] if parts[0] == "Tools" else parts
        # The longest prefix of the test folder that is a source folder.
        matched = 0
        while matched < len(parts) and (sources.joinpath(*parts[:matched + 1])).is_dir():
            matched += 1
        own = parts[matched:]
        if (matched == 0 and parts) or len(own) > 1:
            strays.append(str(folder.relative_to(ROOT)))
    assert strays == [], strays
