"""Localizer.on_miss: what misses report, fallback hits, removal, and
exceptions raised by the callback."""

import gc
import threading

import pytest

import parlance

REGISTRATION = "Name label in registration screen"


@pytest.fixture
def recorded(localize):
    """(localizer over fr-CA → fr → en, list of recorded misses)."""
    loc = localize(["fr-CA", "en"])
    misses = []
    loc.on_miss(lambda *args: misses.append(args))
    return loc, misses


def test_full_miss_lists_the_whole_chain(recorded):
    loc, misses = recorded
    assert loc.text("No such key") == "No such key"
    assert misses == [("No such key", None, "Localizable", loc.locales)]


def test_fallback_hit_lists_the_locales_tried_before(recorded):
    loc, misses = recorded
    assert loc.text("Name", context=REGISTRATION) == "Full name"
    [(key, context, table, locales)] = misses
    assert (key, context, table) == ("Name", REGISTRATION, "Localizable")
    assert "fr" in locales
    assert "en" not in locales


def test_hit_in_the_first_loaded_locale_is_not_reported(recorded):
    loc, misses = recorded
    assert loc.text("greeting") == "Bonjour !"
    assert loc.lookup("Name", context="Name label in login screen") == "Nom"
    assert misses == []


def test_every_lookup_kind_reports(recorded):
    loc, misses = recorded
    assert loc.lookup("a") is None
    loc.plural("b", 3)
    loc.format("c")
    loc.localize_marked("^d")
    loc.explain("e", table="Menu")
    assert [(m[0], m[2]) for m in misses] == [("a", "Localizable"), ("b", "Localizable"), ("c", "Localizable"),
                                              ("d", "Localizable"), ("e", "Menu")]


def test_remove_and_replace(recorded):
    loc, misses = recorded
    loc.on_miss(None)
    loc.text("x")
    assert misses == []
    other = []
    loc.on_miss(lambda key, context, table, locales: other.append(key))
    loc.text("y")
    assert other == ["y"] and misses == []


def test_callback_exception_is_raised_by_the_lookup(localize):
    loc = localize(["fr"])

    class Strict(Exception):
        pass

    def strict(key, context, table, locales):
        raise Strict(f"untranslated: {key}")

    loc.on_miss(strict)
    with pytest.raises(Strict, match="untranslated: missing"):
        loc.text("missing")
    # Hits do not call it; the next calls are unaffected.
    assert loc.text("greeting") == "Bonjour !"
    with pytest.raises(Strict):
        loc.plural("missing", 2)
    with pytest.raises(Strict):
        loc.format("missing %d", 2)
    with pytest.raises(Strict):
        loc.explain("missing")
    with pytest.raises(Strict):
        loc.localize_marked("^missing")
    loc.on_miss(None)
    assert loc.text("missing") == "missing"


def test_callback_exception_stays_on_its_thread(localize):
    loc = localize(["fr"])
    barrier = threading.Barrier(2)
    failing_thread = []

    def callback(key, context, table, locales):
        if key == "raise":
            failing_thread.append(threading.get_ident())
            raise RuntimeError("from the callback")

    loc.on_miss(callback)
    outcome = {}

    def raiser():
        barrier.wait()
        try:
            loc.text("raise")
        except RuntimeError:
            outcome["raiser"] = "raised"

    def quiet():
        barrier.wait()
        for _ in range(200):
            loc.text("quiet")
        outcome["quiet"] = "ok"

    threads = [threading.Thread(target=raiser), threading.Thread(target=quiet)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcome == {"raiser": "raised", "quiet": "ok"}
    assert failing_thread == [threads[0].ident]


def test_callback_runs_on_the_looking_up_thread(localize):
    loc = localize(["fr"])
    seen = []
    loc.on_miss(lambda *args: seen.append(threading.get_ident()))
    worker = threading.Thread(target=loc.text, args=("x",))
    worker.start()
    worker.join()
    assert seen == [worker.ident]


def test_callback_must_be_callable(localize):
    with pytest.raises(TypeError):
        localize(["fr"]).on_miss("not callable")


def test_localizer_with_callback_can_be_collected(catalog):
    loc = parlance.Localizer(catalog, ["fr"])
    loc.on_miss(lambda *args: None)
    loc.text("x")
    del loc
    gc.collect()
    with parlance.Localizer(catalog, ["fr"]) as again:
        assert again.text("greeting") == "Bonjour !"
