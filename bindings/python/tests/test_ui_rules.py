"""The rules of parlance.ui without a toolkit: GTMUILocalizer's carets,
BRLocalize's {key.path} placeholders, implicit keys by kind, the hook and
the subclass override, and the direction of a language."""
import json

import pytest

import parlance
from parlance.ui import UITexts, is_right_to_left


@pytest.fixture
def loc(tmp_path):
    fr = tmp_path / "fr.lproj"
    fr.mkdir()
    (fr / "Localizable.strings").write_text('"Print" = "Imprimer";\n"Foo" = "^Foo";\n"Name" = "Nom";\n'
                                            '"_File" = "_Fichier";\n"&File" = "&Fichier";\n', encoding="utf-8")
    (fr / "App.json").write_text(json.dumps({"login": {"title": "Connexion", "form": {"user": "Utilisateur"}},
                                             "braces": "{login.title}"}), encoding="utf-8")
    with parlance.Catalog() as cat:
        cat.load(str(tmp_path))
        with parlance.Localizer(cat, ["fr"]) as made:
            yield made


def test_caret_texts_only(loc):
    texts = UITexts(loc)
    assert texts.localized("^Print", "button") == "Imprimer"
    assert texts.localized("Print", "button") is None           # not marked: left alone
    assert texts.localized("", "label") is None


def test_a_value_may_start_with_a_caret(loc):
    # GTMUILocalizer: "Foo" = "^Foo" shows ^Foo, not looked up again.
    assert UITexts(loc).localized("^Foo", "label") == "^Foo"


def test_caret_text_without_a_key_shows_the_key(loc):
    assert UITexts(loc).localized("^No such key", "label") == "No such key"
    assert UITexts(loc).localized("^", "label") == ""              # the empty key: an empty text


def test_mnemonics_are_part_of_key_and_value(loc):
    texts = UITexts(loc, implicit=["menu"])
    assert texts.localized("^_File", "menu") == "_Fichier"
    assert texts.localized("&File", "menu") == "&Fichier"


def test_placeholders_anywhere_nested_key_paths_one_pass(loc):
    texts = UITexts(loc, placeholders=True, placeholder_table="App")
    assert texts.localized("{login.title}", "button") == "Connexion"      # a placeholder as a button title
    assert texts.localized("→ {login.form.user}: ", "label") == "→ Utilisateur: "
    assert texts.localized("{login.title} / {nope}", "label") == "Connexion / {nope}"
    # A value is shown as the table serves it (one pass: not expanded again);
    # braces around a placeholder stay.
    assert texts.localized("{braces}", "label") == loc.lookup("braces", table="App")
    assert texts.localized("{{login.title}}", "label") == "{Connexion}"
    assert texts.localized("no braces", "label") is None
    assert UITexts(loc).localized("{login.title}", "label") is None        # the rule is a choice


def test_implicit_for_the_kinds_opted_in(loc):
    texts = UITexts(loc, implicit=["label", "placeholder"])
    assert texts.localized("Name", "label") == "Nom"
    assert texts.localized("Name", "placeholder") == "Nom"
    assert texts.localized("Name", "button") is None
    assert texts.localized("Missing", "label") == "Missing"
    assert UITexts(loc, implicit=True).localized("Name", "column") == "Nom"
    with pytest.raises(ValueError):
        UITexts(loc, implicit=["labels"])


def test_hook_and_subclass_override(loc):
    texts = UITexts(loc, hook=lambda text, kind: text.upper() if kind == "title" else None)
    assert texts.localized("^Print", "title") == "^PRINT"
    assert texts.localized("^Print", "label") == "Imprimer"

    class Bracketed(UITexts):
        def localized_string_for_string(self, text, kind):
            if not text.startswith("^"):
                return None
            return "[" + self.localizer.text(text[1:]) + "]"

    assert Bracketed(loc).localized("^Print", "label") == "[Imprimer]"


def test_direction_of_languages():
    assert is_right_to_left("ar") and is_right_to_left("he-IL") and is_right_to_left("fa_IR")
    assert is_right_to_left("pa-Arab") and not is_right_to_left("az-Latn")
    assert not is_right_to_left("en") and not is_right_to_left("ja") and not is_right_to_left(None)


def test_texts_a_document_marks_translatable_are_keys_of_its_table(loc):
    texts = UITexts(loc, table="Nowhere")
    texts.mark_translatable("Print", table=None)          # the walker's table: no such table
    texts.mark_translatable("Name", table="Localizable")
    texts.mark_translatable("Name", table="Nowhere")      # the first mark wins
    assert texts.localized("Print", "label") == "Print"
    assert texts.localized("Name", "cell") == "Nom"
    assert texts.localized("Foo", "label") is None        # not marked, no rule
    assert UITexts(loc).localized("Name", "label") is None


def test_cell_is_a_kind_of_text(loc):
    assert UITexts(loc, implicit=["cell"]).localized("Print", "cell") == "Imprimer"
    with pytest.raises(ValueError):
        UITexts(loc, implicit=["row"])
