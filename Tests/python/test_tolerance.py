"""Files real apps ship that Apple's runtime tolerates: they load (one bad
entry costs that entry, not the table), and `parlance lint` reports them."""

import json
import pathlib
import shutil
import subprocess

import parlance

REFERENCE = pathlib.Path(__file__).resolve().parent / "reference"

NO_OTHER = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
    <key>files</key>
    <dict>
        <key>NSStringLocalizedFormatKey</key>
        <string>%#@n@ left</string>
        <key>n</key>
        <dict>
            <key>NSStringFormatSpecTypeKey</key>
            <string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key>
            <string>d</string>
            <key>one</key>
            <string>%d файл</string>
            <key>few</key>
            <string>%d файла</string>
            <key>many</key>
            <string>%d файлов</string>
        </dict>
    </dict>
</dict>
</plist>
"""


def test_stringsdict_plural_without_other_loads_and_lints(cli, tmp_path):
    folder = tmp_path / "ru.lproj"
    folder.mkdir()
    path = folder / "Localizable.stringsdict"
    path.write_text(NO_OTHER, encoding="utf-8")
    cat = parlance.Catalog()
    cat.load(str(tmp_path))
    loc = parlance.Localizer(cat, ["ru"])
    assert loc.format("files", 1) == "1 файл left"
    assert loc.format("files", 3) == "3 файла left"
    assert loc.format("files", 5) == "5 файлов left"
    # "other" (fractions in Russian) is missing: the variable substitutes nothing.
    assert loc.format("files", 1.5) == " left"
    assert loc.explain("files", count=5).category == "many"
    lint = subprocess.run([cli, "lint", str(path)], capture_output=True, text=True)
    assert lint.returncode == 1
    assert "plural variable 'n' has no 'other' text" in lint.stdout + lint.stderr
    assert f"{path}:5:" in lint.stdout + lint.stderr


# ---- .strings files ending inside an open /* comment, against Foundation ----------

def _foundation_tables(tmp_path, paths):
    """Foundation's tables of `paths` (None where it refuses a file), read by
    reference/foundation_strings.swift built with the toolchain's Foundation."""
    swiftc = shutil.which("swiftc") or "/opt/swift/usr/bin/swiftc"
    program = tmp_path / "foundation_strings"
    subprocess.run([swiftc, str(REFERENCE / "foundation_strings.swift"), "-o", str(program)], check=True,
                   capture_output=True)
    out = subprocess.run([str(program)], input="".join(f"{p}\n" for p in paths), capture_output=True, text=True,
                         check=True).stdout
    tables = [json.loads(line) for line in out.splitlines()]
    assert len(tables) == len(paths)
    return tables


def _parlance_table(data):
    with parlance.Catalog() as catalog:
        try:
            catalog.load_bytes(data, locale="en", format="strings")
        except parlance.ParseError:
            return None
        return {(f"({e.context}){e.key}" if e.context is not None else e.key): e.text for e in catalog.entries("en")}


def _decoded(path):
    data = path.read_bytes()
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16")
    return data.decode("utf-8").removeprefix("\ufeff")


def test_real_strings_files_ending_in_an_open_comment_load_as_foundation_loads_them(cli, corpus, tmp_path):
    """Every real .strings file of the reference data, twice: with an open
    `/* …` comment appended (Foundation keeps every entry: so does Parlance,
    and lint reports the comment where it begins), and cut in the middle of
    its last comment (whatever Foundation makes of it, Parlance makes the
    same: the same table, or both refuse the file)."""
    sources = sorted((corpus / "apple-strings").rglob("*.strings"))
    assert len(sources) > 4000, len(sources)
    cases = tmp_path / "cases"
    cases.mkdir()
    paths, opened_at = [], []
    for index, source in enumerate(sources):
        text = _decoded(source)
        appended = text + '\n/* "left" = "open";'
        line = appended.count("\n", 0, len(text) + 1) + 1
        opened_at.append(line)
        (cases / f"{index}-appended.strings").write_text(appended, encoding="utf-8")
        start = text.rfind("/*")
        end = text.find("*/", start + 2) if start >= 0 else -1
        cut = text[:start + 2 + max(0, end - start - 2) // 2] if start >= 0 else text + "/*"
        (cases / f"{index}-cut.strings").write_text(cut, encoding="utf-8")
        paths += [cases / f"{index}-appended.strings", cases / f"{index}-cut.strings"]
    foundation = _foundation_tables(tmp_path, paths)
    kept = cut_alike = 0
    for index, source in enumerate(sources):
        appended, cut = foundation[2 * index], foundation[2 * index + 1]
        ours = _parlance_table(paths[2 * index].read_bytes())
        assert ours == appended, source
        kept += appended is not None
        assert _parlance_table(paths[2 * index + 1].read_bytes()) == cut, (source, "cut")
        cut_alike += cut is not None
    assert kept > 4000 and cut_alike > 3000, (kept, cut_alike)
    # lint: an error where the comment begins, the entries before it read.
    sample = [index for index in range(0, len(sources), 100) if foundation[2 * index] is not None]
    result = subprocess.run([cli, "lint", *(str(paths[2 * i]) for i in sample)], capture_output=True, text=True)
    assert result.returncode == 1
    for index in sample:
        assert (f"{paths[2 * index]}:{opened_at[index]}:1: error: unterminated comment at the end of the file; "
                "the entries before it are kept, as Foundation keeps them") in result.stdout, paths[2 * index]


def test_the_issue_example_reads_as_foundation_reads_it(cli, tmp_path):
    path = tmp_path / "en.lproj" / "Localizable.strings"
    path.parent.mkdir()
    path.write_bytes(b'"a" = "b";/* c')
    assert _foundation_tables(tmp_path, [path]) == [{"a": "b"}]
    assert _parlance_table(path.read_bytes()) == {"a": "b"}
    cat = parlance.Catalog()
    cat.load(str(tmp_path))
    assert parlance.Localizer(cat, ["en"]).lookup("a") == "b"
    lint = subprocess.run([cli, "lint", str(path)], capture_output=True, text=True)
    assert lint.returncode == 1
    assert f"{path}:1:11: error: unterminated comment at the end of the file" in lint.stdout
