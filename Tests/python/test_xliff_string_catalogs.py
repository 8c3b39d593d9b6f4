"""XLIFF that Xcode 15 and later exports from String Catalogs spells a
plural as units `KEY|==|plural.CATEGORY`, and a substitution's forms as
`KEY|==|substitutions.NAME.plural.CATEGORY` beside the unit `KEY` that holds
the format. Parlance reads them back into the entry the catalog had, as
the compiled catalog serves it: checked on every such export in the
reference data (real `.xcloc` files)."""

import re
from pathlib import Path

import parlance

UNIT = re.compile(r'<trans-unit id="([^"]*)"[^>]*>\s*<source>.*?</source>\s*<target([^>]*)>(.*?)</target>', re.S)
FILE = re.compile(r'<file original="([^"]*)"[^>]*target-language="([^"]*)"[^>]*>(.*?)</file>', re.S)


def _unescape(text):
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&apos;", "'").replace("&amp;", "&")


def _exports(corpus2):
    found = sorted(p for p in Path(corpus2).rglob("*.xliff") if "|==|" in p.read_text(encoding="utf-8"))
    assert found, "the reference data has String Catalog exports"
    return found


def _numbers_by_category(locale):
    numbers = {}
    for n in range(0, 200):
        numbers.setdefault(parlance.plural_category(locale, n), n)
    return numbers


def test_string_catalog_plurals_in_xliff_are_plural_entries(corpus2):
    checked = substitutions = 0
    for path in _exports(corpus2):
        text = path.read_text(encoding="utf-8")
        with parlance.Catalog() as cat:
            cat.load(path)
            for original, language, body in FILE.findall(text):
                if not original.endswith(".xcstrings"):
                    continue
                table = Path(original).stem
                # The units served: a target not "new" or "needs-translation", and not empty.
                units = {_unescape(k): _unescape(v) for k, attributes, v in UNIT.findall(body)
                         if v and 'state="new"' not in attributes and 'state="needs-translation"' not in attributes}
                plurals, subs = {}, {}
                for key, target in units.items():
                    if "|==|" not in key:
                        continue
                    base, path_ = key.split("|==|", 1)
                    parts = path_.split(".")
                    if parts[0] == "plural" and len(parts) == 2:
                        plurals.setdefault(base, {})[parts[1]] = target
                    elif parts[0] == "substitutions" and parts[-2] == "plural":
                        subs.setdefault(base, {}).setdefault(".".join(parts[1:-2]), {})[parts[-1]] = target
                with parlance.Localizer(cat, [language]) as loc:
                    numbers = _numbers_by_category(loc.locales[0])
                    for base, forms in plurals.items():
                        assert loc.lookup(f"{base}|==|plural.other", table=table) is None, base
                        for category, form in forms.items():
                            if category in numbers:
                                assert loc.plural(base, numbers[category], table=table) == form, (path.name, base, category)
                                checked += 1
                    entries = {e.key: e for e in cat.entries(loc.locales[0], table)}
                    for base, by_name in subs.items():
                        if base not in units:
                            continue
                        entry = entries[base]
                        assert entry.kind == "variables" and entry.text == units[base], (path.name, base)
                        first = min(by_name)   # the listing's forms are the first plural variable's
                        assert entry.forms == by_name[first] or entry.forms in by_name.values(), (path.name, base)
                        substitutions += 1
    assert checked > 200 and substitutions > 10, (checked, substitutions)


def test_a_stringsdict_unit_wins_over_a_strings_unit_of_its_key():
    """As Apple's runtime serves a table's .stringsdict entry over its
    .strings entry of the same key, whichever file the export lists first."""
    def document(first, second):
        return ('<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">'
                + first + second + "</xliff>")
    strings = ('<file original="en.lproj/Localizable.strings" source-language="en" target-language="de"><body>'
               '<trans-unit id="files"><source>files</source><target>Dateien (strings)</target></trans-unit>'
               "</body></file>")
    stringsdict = ('<file original="en.lproj/Localizable.stringsdict" source-language="en" target-language="de"><body>'
                   '<trans-unit id="/files:dict/NSStringLocalizedFormatKey:dict/:string"><source>%#@n@</source>'
                   "<target>%#@n@</target></trans-unit>"
                   '<trans-unit id="/files:dict/n:dict/one:dict/:string"><source>one</source><target>eine Datei</target></trans-unit>'
                   '<trans-unit id="/files:dict/n:dict/other:dict/:string"><source>x</source><target>%d Dateien</target></trans-unit>'
                   "</body></file>")
    for order in ((strings, stringsdict), (stringsdict, strings)):
        with parlance.Catalog() as cat:
            cat.load_bytes(document(*order).encode(), None, format="xliff")
            with parlance.Localizer(cat, ["de"]) as loc:
                assert loc.format("files", 3) == "3 Dateien"
                assert loc.format("files", 1) == "eine Datei"
