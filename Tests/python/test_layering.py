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


def test_the_c_boundary_sees_only_the_public_header():
    """ParlanceCAPI converts between parlance.h and the core: it imports the
    header's module and the core, never the ICU shim."""
    for path in sorted((ROOT / "Sources" / "ParlanceCAPI").glob("*.swift")):
        imports = [line.split()[-1] for line in path.read_text(encoding="utf-8").splitlines()
                   if line.split()[:1] == ["import"] or line.split()[1:2] == ["import"]]
        assert "CParlanceShim" not in imports, path.name
        assert set(imports) <= {"CParlanceAPI", "Parlance", "Glibc", "Synchronization"}, (path.name, imports)
