"""Bad input in each newer format: a located error, and the catalog keeps serving what it had."""

import pytest

import parlance

CASES = [
    ("values-de/strings.xml", '<resources>\n  <string name="a">x</strin>\n</resources>', (2, 21), "expected </string>"),
    ("values-de/strings.xml", '<resources>\n  <plurals name="p"><item quantity="lots">x</item></plurals>\n</resources>', (2, 21),
     "needs a quantity"),
    ("de.xliff", '<xliff version="1.2">\n<file original="T.strings" target-language="de"><body>\n'
                 '<trans-unit id="a"><target>&nbsp;</target></trans-unit></body></file></xliff>', (3, 28), "unknown entity &nbsp;"),
    ("de/common.json", '{"a": "x",\n "b": }', (2, 7), "unexpected"),
    ("Localizable.xcstrings", '{"sourceLanguage": "en",\n "strings": {"a": {"localizations": {"de": {"stringUnit": {"state": 3}}}}}}',
     (2, 69), '"state" in "a" is a number'),
]


@pytest.mark.parametrize("name, text, where, message", CASES, ids=[c[0] + ":" + c[3][:12] for c in CASES])
def test_a_bad_file_is_located_and_changes_nothing(tmp_path, name, text, where, message):
    good = tmp_path / "good" / "de.lproj" / "Localizable.strings"
    good.parent.mkdir(parents=True)
    good.write_text('"greeting" = "Hallo";')
    bad = tmp_path / "bad" / name
    bad.parent.mkdir(parents=True)
    bad.write_text(text)
    with parlance.Catalog() as cat:
        cat.load(good)
        with pytest.raises(parlance.Error) as caught:
            cat.load(bad, format="i18next") if name.endswith("common.json") else cat.load(bad)
        error = caught.value
        assert (error.path, error.line, error.column) == (str(bad), *where), str(error)
        assert message in str(error)
        with parlance.Localizer(cat, ["de"]) as loc:
            assert loc.text("greeting") == "Hallo"
        assert cat.locales == ("de",)
