"""Files real apps ship that Apple's runtime tolerates: they load (one bad
entry costs that entry, not the table), and `parlance lint` reports them."""

import subprocess

import parlance

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
