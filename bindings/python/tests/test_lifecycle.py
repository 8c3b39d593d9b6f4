"""Closing, context managers, and a catalog kept alive by its localizers."""

import gc
import weakref

import pytest

import parlance


def test_context_managers_close(example_dir):
    with parlance.Catalog() as cat:
        cat.load(example_dir / "fr.lproj" / "Localizable.strings")
        with parlance.Localizer(cat, ["fr"]) as loc:
            assert loc.text("greeting") == "Bonjour !"
        assert loc.closed
    assert cat.closed


def test_close_is_idempotent():
    cat = parlance.Catalog()
    loc = parlance.Localizer(cat, ["en"])
    loc.close()
    loc.close()
    cat.close()
    cat.close()


def test_closed_catalog_raises(example_dir):
    cat = parlance.Catalog()
    cat.close()
    for use in (lambda: cat.load(example_dir), lambda: cat.load_bytes(b"", locale="en"), lambda: cat.locales,
                lambda: cat.tables, lambda: parlance.Localizer(cat, ["en"])):
        with pytest.raises(parlance.InvalidArgumentError, match="closed"):
            use()
    with pytest.raises(ValueError):
        cat.tables
    with pytest.raises(parlance.Error):
        with cat:
            pass


def test_closed_localizer_raises(catalog):
    loc = parlance.Localizer(catalog, ["fr"])
    loc.close()
    uses = [
        lambda: loc.text("greeting"), lambda: loc.lookup("greeting"), lambda: loc("greeting"),
        lambda: loc.plural("x", 1), lambda: loc.format("x"), lambda: loc.localize_marked("^x"),
        lambda: loc.resource_path("help", "html"), lambda: loc.explain("x"), lambda: loc.on_miss(None),
        lambda: loc.set_locales(["en"]), lambda: loc.locales, lambda: loc.catalog,
    ]
    for use in uses:
        with pytest.raises(parlance.InvalidArgumentError, match="closed"):
            use()
    assert "closed" in repr(loc)


def test_localizer_keeps_its_catalog_alive(example_dir):
    cat = parlance.Catalog()
    cat.load(example_dir / "ja.lproj" / "Localizable.strings")
    loc = parlance.Localizer(cat, ["ja"])
    ref = weakref.ref(cat)
    del cat
    gc.collect()
    assert ref() is not None and loc.catalog is ref()
    assert loc.text("greeting") == "こんにちは！"
    loc.close()


def test_closing_a_catalog_in_use_defers_the_free(example_dir):
    cat = parlance.Catalog()
    cat.load(example_dir / "ja.lproj" / "Localizable.strings")
    first = parlance.Localizer(cat, ["ja"])
    second = parlance.Localizer(cat, ["ja"])
    cat.close()
    assert cat.closed
    with pytest.raises(parlance.InvalidArgumentError):
        cat.locales
    # The localizers still read the tables.
    assert first.text("greeting") == "こんにちは！"
    first.close()
    assert second.text("Print") == "印刷"
    assert cat._handle is not None
    second.close()
    assert cat._handle is None


def test_unclosed_objects_are_freed_by_the_collector(example_dir):
    for _ in range(200):
        cat = parlance.Catalog()
        cat.load(example_dir / "fr.lproj" / "Localizable.strings")
        loc = parlance.Localizer(cat, ["fr"])
        assert loc.text("greeting") == "Bonjour !"
        del cat, loc
    gc.collect()


def test_failed_localizer_creation_releases_the_catalog():
    cat = parlance.Catalog()
    with pytest.raises(parlance.LocaleError):
        parlance.Localizer(cat, ["fr"], development="!!")
    cat.close()
    assert cat._handle is None


def test_catalog_type_is_checked():
    with pytest.raises(TypeError):
        parlance.Localizer(object(), ["en"])
