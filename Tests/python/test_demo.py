"""`make demo`'s program as a person reads it on a terminal: columns aligned
by display width in every language (Russian, Arabic, Japanese), headings over
them, right-to-left cells isolated so that they do not reorder the columns."""
import subprocess
import unicodedata

FSI, PDI = "\u2068", "\u2069"


def width(text: str) -> int:
    """Terminal columns, as wcwidth counts them."""
    total = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        total += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return total


def test_demo_columns_line_up(root, library, tmp_path):
    program = tmp_path / "demo"
    subprocess.run(["cc", "-std=c11", "-Wall", "-Werror", f"-I{root / 'include'}", str(root / "Examples/c/demo.c"),
                    f"-L{root / 'build/lib'}", "-lparlance", f"-Wl,-rpath,{root / 'build/lib'}", "-o", str(program)],
                   check=True)
    output = subprocess.run([str(program), str(root / "Examples/catalog")], capture_output=True, text=True,
                            check=True, env={"PATH": "/usr/bin:/bin", "LANG": "C"}).stdout
    sections = output.split("\n\n")
    locales = [s.split(" ", 1)[0] for s in sections[1:] if "(chain:" in s]
    assert locales == ["en", "fr-CA", "ar", "ru", "ja"]
    # The count rows' columns: the separator and the explanation start at one display column.
    separators = {width(line[:line.index(" | ")]) for line in output.splitlines() if " | " in line}
    explanations = {width(line[:line.rindex("  [")]) for line in output.splitlines() if " | " in line}
    assert len(separators) == 1, separators
    assert len(explanations) == 1, explanations
    assert output.count("KEY") == 5 and output.count("files.count") == 5 and output.count("[LOCALE CATEGORY]") == 5
    # Right-to-left cells are isolated; left-to-right ones are not touched.
    arabic = [line for line in output.splitlines() if any("\u0600" <= c <= "\u06FF" for c in line)]
    assert arabic and all(FSI in line and PDI in line for line in arabic)
    assert FSI not in output.split("\nar ")[0]
