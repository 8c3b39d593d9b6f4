"""String Catalogs (.xcstrings): the repository's fixture and real projects' catalogs.

Real catalogs are checked against a reading of the file made here with the
standard library's json and Babel's CLDR plural rules: every string unit a
language serves, every plural form for counts 0 to 200, the device variant
each device takes (its own, else other; no device set: other)."""

import itertools
import json
import re
from pathlib import Path

import pytest
from babel import Locale as BabelLocale

import parlance

REPO = Path(__file__).resolve().parents[3]
FIXTURE = REPO / "Tests" / "Fixtures" / "xcstrings" / "Localizable.xcstrings"
REAL = sorted((REPO / "Tests" / "Fixtures" / "real" / "xcstrings").glob("*.xcstrings"))


def test_every_language_is_a_table():
    with parlance.Catalog() as cat:
        cat.load(FIXTURE)
        assert cat.locales == ("de", "en", "fr", "pt-BR", "ru", "zh-Hans")
        assert cat.tables == ("Localizable",)
        with parlance.Localizer(cat, ["ru"]) as ru:
            assert ru.format("%lld files", 3) == "3 файла"
            assert ru.format("%lld files", 11) == "11 файлов"
        with parlance.Localizer(cat, ["en"]) as en:
            assert en.format("%lld files", 0) == "No files"
            assert en.text("Tap to continue") == "Tap to continue"
            en.device = "mac"
            assert en.device == "mac"
            assert en.text("Tap to continue") == "Click to continue"
            assert en.format("%@ has %lld photos in %lld albums", "Ana", 1, 4) == "Ana has 1 photo in 4 albums"
        with parlance.Localizer(cat, ["zh-CN"]) as zh:
            assert zh.text("Delete") == "删除"


def test_states_are_a_catalog_setting():
    with parlance.Catalog() as cat:
        assert cat.xcstrings_states == {"translated", "needs_review", "stale"}
        cat.xcstrings_states = {"translated"}
        cat.load(FIXTURE)
        with parlance.Localizer(cat, ["de"]) as de:
            assert de.lookup("Delete") == "Delete"      # needs_review: not served, en has the key
        cat.xcstrings_states = {"translated", "needs_review"}
        cat.load(FIXTURE)
        with parlance.Localizer(cat, ["de"]) as de:
            assert de.lookup("Delete") == "Löschen"
        with pytest.raises(parlance.InvalidArgumentError):
            cat.xcstrings_states = {"reviewed"}


def test_bytes_load_every_language_or_one():
    data = FIXTURE.read_bytes()
    with parlance.Catalog() as cat:
        cat.load_bytes(data, None, table="Menu", format="xcstrings")
        assert len(cat.locales) == 6
    with parlance.Catalog() as cat:
        cat.load_bytes(data, "fr", table="Menu", format="xcstrings")
        assert cat.locales == ("fr",)
        with parlance.Localizer(cat, ["fr"]) as fr:
            assert fr.text("Delete", table="Menu") == "Supprimer"


def test_a_bad_catalog_is_located_and_changes_nothing(tmp_path):
    bad = tmp_path / "Localizable.xcstrings"
    bad.write_text('{"sourceLanguage": "en",\n "strings": {"a": {"localizations": {"fr": {"stringUnit": {"value": true}}}}}}')
    with parlance.Catalog() as cat:
        cat.load(FIXTURE)
        with pytest.raises(parlance.ParseError) as caught:
            cat.load(bad)
        assert (caught.value.path, caught.value.line, caught.value.column) == (str(bad), 2, 69)
        assert "expected a string" in str(caught.value)
        with parlance.Localizer(cat, ["fr"]) as fr:
            assert fr.text("Delete") == "Supprimer"


def _chosen(body, is_source, device=None):
    """The text or plural forms a localization body gives on `device` (None:
    no device set), or None; units in state "new" are not served but in the
    source."""
    variations = body.get("variations")
    if variations:
        if "device" in variations:
            devices = variations["device"]
            pick = devices.get(device, devices.get("other"))
            return None if pick is None else _chosen(pick, is_source, device)
        if "plural" in variations:
            forms = {}
            for category, form in variations["plural"].items():
                chosen = _chosen(form, is_source, device)
                if isinstance(chosen, str):
                    forms[category] = chosen
            return forms if "other" in forms else None
        return None
    unit = body.get("stringUnit")
    if unit is None or "value" not in unit:
        return None
    if not is_source and unit.get("state") == "new":
        return None
    return unit["value"]


CONVERSION = re.compile(r"%(?:(\d+)\$)?(?:#@([^@]+)@|(lld|ld|d|@))")


def _render(value, substitutions, args, tag, is_source):
    """A substitution entry as Xcode's compiled .stringsdict renders it:
    `%#@name@` takes the plural form of argument argNum, `%arg` in it that
    argument; other conversions take their argument (in order when unnumbered)."""
    sequence = 0

    def replace(match):
        nonlocal sequence
        position = int(match.group(1)) if match.group(1) else None
        if position is None:
            sequence += 1
            position = sequence
        if match.group(2):
            substitution = substitutions[match.group(2)]
            n = args[substitution["argNum"] - 1]
            forms = _chosen(substitution, is_source)
            category = "zero" if n == 0 and "zero" in forms else _category(tag, n)
            return forms.get(category, forms["other"]).replace("%arg", str(n))
        return str(args[position - 1])

    return CONVERSION.sub(replace, value)


def _category(tag, n):
    rule = BabelLocale.parse(tag.replace("-", "_")).plural_form
    return rule(n)


@pytest.mark.parametrize("device", [None, "mac", "iphone", "applevision"])
@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_real_catalogs_serve_what_the_file_says(path, device):
    document = json.loads(path.read_text(encoding="utf-8"))
    source = document["sourceLanguage"]
    checked = 0
    with parlance.Catalog() as cat:
        cat.load(path)
        localizers = {}
        for key, entry in document["strings"].items():
            for tag, body in entry.get("localizations", {}).items():
                if entry.get("shouldTranslate") is False and tag != source:
                    continue
                if "substitutions" in body:
                    if tag not in localizers:
                        localizers[tag] = parlance.Localizer(cat, [tag], development=tag)
                        localizers[tag].device = device
                    value = body["stringUnit"]["value"]
                    numbers = {sub["argNum"] for sub in body["substitutions"].values()}
                    count = max(numbers | {len(CONVERSION.findall(value))})
                    kinds = {}   # integer conversions take a number, %@ a string
                    for sequence, match in enumerate(CONVERSION.finditer(value), 1):
                        position = int(match.group(1)) if match.group(1) else sequence
                        if match.group(3) and match.group(3) != "@":
                            kinds[position] = 40 + position
                    for ns in itertools.product(range(0, 4), repeat=len(numbers)):
                        by_position = dict(zip(sorted(numbers), ns))
                        args = [by_position.get(p, kinds.get(p, f"s{p}")) for p in range(1, count + 1)]
                        expected = _render(value, body["substitutions"], args, tag, tag == source)
                        assert localizers[tag].format(key, *args, table=path.stem) == expected, (tag, key, args)
                    checked += 1
                    continue
                chosen = _chosen(body, tag == source, device)
                if chosen is None:
                    continue
                if tag not in localizers:
                    localizers[tag] = parlance.Localizer(cat, [tag], development=tag)
                    localizers[tag].device = device
                loc = localizers[tag]
                if isinstance(chosen, str):
                    assert loc.lookup(key, table=path.stem) == chosen, (tag, key)
                else:
                    for n in range(0, 201):
                        category = "zero" if n == 0 and "zero" in chosen else _category(tag, n)
                        expected = chosen.get(category, chosen["other"])
                        assert loc.plural(key, n, table=path.stem) == expected, (tag, key, n)
                checked += 1
            if entry.get("shouldTranslate") is False:
                with parlance.Localizer(cat, [source], development=source) as loc:
                    assert loc.lookup(key, table=path.stem) is not None
        for loc in localizers.values():
            loc.close()
    assert checked > 0


def test_the_device_is_a_localizer_setting():
    with parlance.Catalog() as cat:
        cat.load(FIXTURE)
        with parlance.Localizer(cat, ["fr"]) as fr, parlance.Localizer(cat, ["fr"]) as other:
            assert fr.device is None
            fr.device = "iphone"
            assert fr.text("Tap to continue") == "Touchez pour continuer"
            assert other.text("Tap to continue") == "Cliquez pour continuer"   # each localizer its own
            with pytest.raises(parlance.InvalidArgumentError, match="toaster"):
                fr.device = "toaster"
            with pytest.raises(TypeError):
                fr.device = 3
            assert fr.device == "iphone"
            assert fr.text("Tap to continue") == "Touchez pour continuer"
            fr.device = None
            assert fr.text("Tap to continue") == "Cliquez pour continuer"

