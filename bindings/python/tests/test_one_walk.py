"""Every lookup kind takes the same walk along the chain: `text`, `lookup`,
`plural`, `format`, `format_named`, `explain` and the libintl functions
give the same answer for the same question, in every format — for keys
asked in another normal form (NFD), for a device, for a string only a
fallback locale has, and for a miss (which every kind reports once)."""

import ctypes
import json
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

import parlance
from parlance import _ffi

CAFE = unicodedata.normalize("NFC", "Café")
CAFE_NFD = unicodedata.normalize("NFD", "Café")
OPEN_NFD = unicodedata.normalize("NFD", "Öffnen")

# What the German table holds, and English (the development locale) alone.
PLAIN = {CAFE: "Kaffee", "Only English": None}
CONTEXT = ("menu", OPEN_NFD, "Öffnen…")           # asked in NFD, stored in NFC
PLURAL = ("files", {"one": "eine Datei", "other": "viele Dateien"})
DEVICE = ("Tap", {"iphone": "Tippen", "other": "Klicken"})
FALLBACK = ("Only English", "English only")


def _plist(entries):
    body = "".join(f"<key>{k}</key>{v}" for k, v in entries)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
            '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0"><dict>' + body + "</dict></plist>\n")


def _stringsdict_de():
    def fmt(text, variables=""):
        return f"<dict><key>NSStringLocalizedFormatKey</key><string>{text}</string>{variables}</dict>"
    plural = ("<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
              "<key>NSStringFormatValueTypeKey</key><string>d</string>"
              "<key>one</key><string>eine Datei</string><key>other</key><string>viele Dateien</string></dict>")
    device = ("<key>d</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringDeviceSpecificRuleType</string>"
              "<key>iphone</key><string>Tippen</string><key>other</key><string>Klicken</string></dict>")
    return _plist([(CAFE, fmt("Kaffee")), ("(menu)Öffnen", fmt("Öffnen…")), ("files", fmt("%#@n@", plural)),
                   ("Tap", fmt("%#@d@", device))])


def _po(entries, plural=None):
    out = ['msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
           '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n']
    for context, key, value in entries:
        ctx = f'msgctxt "{context}"\n' if context else ""
        out.append(f'{ctx}msgid "{key}"\nmsgstr "{value}"\n')
    if plural:
        out.append(f'msgid "files"\nmsgid_plural "files"\nmsgstr[0] "{plural["one"]}"\nmsgstr[1] "{plural["other"]}"\n')
    return "\n".join(out)


def _xcstrings():
    def unit(value):
        return {"stringUnit": {"state": "translated", "value": value}}
    strings = {
        CAFE: {"localizations": {"de": unit("Kaffee")}},
        "(menu)Öffnen": {"localizations": {"de": unit("Öffnen…")}},
        "files": {"localizations": {"de": {"variations": {"plural": {
            "one": unit("eine Datei"), "other": unit("viele Dateien")}}}}},
        "Tap": {"localizations": {"de": {"variations": {"device": {
            "iphone": unit("Tippen"), "other": unit("Klicken")}}}}},
        "Only English": {"localizations": {"en": unit("English only")}},
    }
    return json.dumps({"sourceLanguage": "en", "strings": strings, "version": "1.0"}, ensure_ascii=False)


def _xliff():
    def unit(key, target):
        return f'<trans-unit id="{key}"><source>{key}</source><target>{target}</target></trans-unit>'
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">'
            '<file original="Localizable.strings" source-language="en" target-language="de" datatype="plaintext"><body>'
            + unit(CAFE, "Kaffee") + unit("(menu)Öffnen", "Öffnen…") + "</body></file>"
            '<file original="Localizable.strings" source-language="en" target-language="en" datatype="plaintext"><body>'
            + unit("Only English", "English only") + "</body></file></xliff>\n")


def _android(values):
    return '<?xml version="1.0" encoding="utf-8"?>\n<resources>' + values + "</resources>\n"


# Each format: (what it holds, how to write it as {relative path: text}).
# Android names are identifiers: its keys are ASCII.
FORMATS = {
    "strings": ({"context", "plural"}, lambda: {
        "de.lproj/Localizable.strings": f'"{CAFE}" = "Kaffee";\n"(menu)Öffnen" = "Öffnen…";\n'
                                        '"(##one)files" = "eine Datei";\n"(##other)files" = "viele Dateien";\n',
        "en.lproj/Localizable.strings": '"Only English" = "English only";\n'}),
    "stringsdict": ({"context", "plural", "device"}, lambda: {
        "de.lproj/Localizable.stringsdict": _stringsdict_de(),
        "en.lproj/Localizable.strings": '"Only English" = "English only";\n'}),
    "json": ({"context"}, lambda: {
        "de.lproj/Localizable.json": json.dumps({CAFE: "Kaffee", "(menu)Öffnen": "Öffnen…"}, ensure_ascii=False),
        "en.lproj/Localizable.json": json.dumps({"Only English": "English only"})}),
    "po": ({"context", "plural", "libintl"}, lambda: {
        "de/LC_MESSAGES/Localizable.po": _po([(None, CAFE, "Kaffee"), ("menu", "Öffnen", "Öffnen…")], PLURAL[1]),
        "en/LC_MESSAGES/Localizable.po": _po([(None, "Only English", "English only")])}),
    "mo": ({"context", "plural", "libintl"}, None),   # the .po tree through msgfmt
    "compiled": ({"context", "plural", "device"}, None),   # the stringsdict tree through `parlance compile`
    "xcstrings": ({"context", "plural", "device"}, lambda: {"Localizable.xcstrings": _xcstrings()}),
    "xliff": ({"context"}, lambda: {"de.xliff": _xliff()}),
    "android": ({"plural", "ascii"}, lambda: {
        "res/values-de/strings.xml": _android('<string name="cafe">Kaffee</string>'
                                              '<plurals name="files"><item quantity="one">eine Datei</item>'
                                              '<item quantity="other">viele Dateien</item></plurals>'),
        "res/values/strings.xml": _android('<string name="Only_English">English only</string>'
                                           '<string name="cafe">Coffee</string>'
                                           '<plurals name="files"><item quantity="one">one file</item>'
                                           '<item quantity="other">files</item></plurals>')}),
    "i18next": ({"context", "plural"}, lambda: {
        "locales/de/Localizable.json": json.dumps({CAFE: "Kaffee", "Öffnen_menu": "Öffnen…",
                                                  "files_one": "eine Datei", "files_other": "viele Dateien"},
                                                 ensure_ascii=False),
        "locales/en/Localizable.json": json.dumps({"Only English": "English only"})}),
}


def _write(root: Path, files):
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def trees(tmp_path_factory):
    """Every format's tree on disk; .mo through msgfmt, the compiled catalog
    through `parlance compile`."""
    root = tmp_path_factory.mktemp("walk")
    made = {}
    for name, (_, make) in FORMATS.items():
        if make is not None:
            _write(root / name, make())
            made[name] = root / name
    mo = root / "mo"
    for po in sorted((root / "po").rglob("*.po")):
        target = mo / po.relative_to(root / "po").with_suffix(".mo")
        target.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([shutil.which("msgfmt"), "-o", str(target), str(po)], check=True)
    made["mo"] = mo
    compiled = root / "compiled.parlance"
    subprocess.run([str(_cli()), "compile", "-o", str(compiled), str(root / "stringsdict")], check=True,
                   capture_output=True)
    made["compiled"] = compiled
    return made


def _cli() -> Path:
    import os
    return Path(os.environ.get("PARLANCE_CLI") or Path(__file__).resolve().parents[3] / "build/bin/parlance")


def _catalog(name, trees):
    cat = parlance.Catalog()
    if name == "android":
        cat.load(trees[name] / "res")
    elif name == "i18next":
        cat.load(trees[name] / "locales")
    else:
        cat.load(trees[name])
    # format_named takes named values: these plain texts read the same under i18next's syntax.
    if name != "i18next":
        cat.set_message_syntax("i18next")
    return cat


def _questions(features):
    """(key, context, count, device, expected text or None for a miss)."""
    ascii_keys = "ascii" in features
    cafe = "cafe" if ascii_keys else CAFE_NFD
    yield cafe, None, None, None, "Kaffee"
    yield (FALLBACK[0].replace(" ", "_") if ascii_keys else FALLBACK[0]), None, None, None, FALLBACK[1]
    yield "Absent", None, None, None, None
    yield "Absent", "menu", None, None, None
    if "context" in features:
        yield CONTEXT[1], CONTEXT[0], None, None, CONTEXT[2]
        yield CONTEXT[1], None, None, None, None
    if "plural" in features:
        for n, category in ((1, "one"), (5, "other")):
            yield PLURAL[0], None, n, None, PLURAL[1][category]
        yield "Absent", None, 3, None, None
    if "device" in features:
        for device in (None, "iphone"):
            yield DEVICE[0], None, None, device, DEVICE[1][device or "other"]


class _Libintl:
    """The libintl functions of the same library, over a LOCALEDIR tree."""

    def __init__(self, root: Path):
        lib = _ffi.lib
        self.lib = lib
        for name, args in (("parlance_bindtextdomain", [ctypes.c_char_p, ctypes.c_char_p]),
                           ("parlance_dgettext", [ctypes.c_char_p, ctypes.c_char_p]),
                           ("parlance_dpgettext", [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p]),
                           ("parlance_dngettext", [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulong]),
                           ("parlance_set_languages", [ctypes.c_char_p])):
            function = getattr(lib, name)
            function.argtypes = args
            function.restype = ctypes.c_char_p if name != "parlance_set_languages" else ctypes.c_int
        self.domain = b"Localizable"
        lib.parlance_bindtextdomain(self.domain, str(root).encode())
        assert lib.parlance_set_languages(b"de:en") == 0

    def ask(self, key, context, count):
        k = key.encode()
        if count is not None:
            assert context is None
            return self.lib.parlance_dngettext(self.domain, k, k, count).decode()
        if context is not None:
            return self.lib.parlance_dpgettext(self.domain, context.encode(), k).decode()
        return self.lib.parlance_dgettext(self.domain, k).decode()

    def close(self):
        self.lib.parlance_set_languages(None)


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_every_lookup_kind_gives_the_same_answer(name, trees):
    features = FORMATS[name][0]
    misses = []
    libintl = _Libintl(trees[name]) if "libintl" in features else None
    try:
        with _catalog(name, trees) as cat, parlance.Localizer(cat, ["de"], development="en") as loc:
            loc.on_miss(lambda key, context, table, locales: misses.append((key, context)))
            for key, context, count, device, expected in _questions(features):
                loc.device = device
                answer = expected if expected is not None else key
                what = f"{name}: {key!r} context={context!r} count={count!r} device={device!r}"
                kinds = {}
                if count is None:
                    kinds["text"] = loc.text(key, context=context)
                    kinds["lookup"] = loc.lookup(key, context=context) or key
                    kinds["explain"] = loc.explain(key, context=context).text
                    kinds["format"] = loc.format(key, context=context)
                    kinds["format_named"] = loc.format_named(key, {}, context=context)
                else:
                    kinds["plural"] = loc.plural(key, count, context=context)
                    kinds["lookup_plural"] = loc.lookup_plural(key, count, context=context) or key
                    kinds["explain"] = loc.explain(key, count=count, context=context).text
                    kinds["format"] = loc.format(key, count, context=context)
                    kinds["format_named"] = loc.format_named(key, {"count": count}, context=context)
                if libintl is not None and device is None:
                    kinds["libintl"] = libintl.ask(key, context, count)
                assert kinds == {kind: answer for kind in kinds}, what
                found = loc.explain(key, count=count, context=context)
                assert found.found == (expected is not None), what
                if expected is not None:
                    assert found.fallback == (expected == FALLBACK[1]), what
                # Each Localizer kind reports a miss (and a fallback hit) once.
                reported = [m for m in misses if m == (key, context)]
                localizer_kinds = len(kinds) - ("libintl" in kinds) + 1   # + the explain just above
                if expected is None or expected == FALLBACK[1]:
                    assert len(reported) == localizer_kinds, what
                else:
                    assert reported == [], what
                misses.clear()
    finally:
        if libintl is not None:
            libintl.close()


@pytest.mark.parametrize("name", ["po", "mo"])
def test_the_header_is_metadata_for_every_kind(name, trees):
    """`""` asks for the header in libintl (as glibc answers), and for
    nothing in a Localizer, whichever kind asks and however the table is
    stored (a .mo served in place, a parsed .po)."""
    with _catalog(name, trees) as cat, parlance.Localizer(cat, ["de"], development="en") as loc:
        assert loc.lookup("") is None
        assert loc.lookup_plural("", 1) is None and loc.lookup_plural("", 2) is None
        assert loc.text("") == "" and loc.plural("", 2) == ""
        assert not loc.explain("").found and not loc.explain("", count=2).found
        assert loc.format_named("", {"count": 2}) == ""
    libintl = _Libintl(trees[name])
    try:
        for count in (None, 1, 2):
            assert "Plural-Forms: nplurals=2" in libintl.ask("", None, count)
    finally:
        libintl.close()
