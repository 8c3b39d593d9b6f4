"""Localizer.on_change: told after a language switch and after a load, on
the changing thread, with fresh lookups; callables added and removed;
exceptions surface in the call that made the change."""

import threading

import pytest


def test_switch_calls_back_with_fresh_lookups(localize):
    loc = localize(["en"])
    seen = []
    loc.on_change(lambda l, change: seen.append((change, l.text("Print"), l.locales[0])))
    assert loc.text("Print") == "Print"          # cached before the switch
    loc.set_locales(["fr"])
    assert seen == [("locales", "Imprimer", "fr")]
    loc.set_locales(["fr"])                      # the same chain again: nobody is told
    assert len(seen) == 1


def test_a_load_tells_every_observing_localizer(catalog, localize):
    first, second, silent = localize(["fr"]), localize(["fr"]), localize(["fr"])
    told = []
    first.on_change(lambda l, change: told.append(("first", change, l.text("Print"))))
    second.on_change(lambda l, change: told.append(("second", change, l.text("Print"))))
    assert first.text("Print") == "Imprimer"
    catalog.load_bytes('"Print" = "Imprimer (nouveau)";'.encode(), "fr")
    assert sorted(told) == [("first", "catalog", "Imprimer (nouveau)"), ("second", "catalog", "Imprimer (nouveau)")]
    assert silent.text("Print") == "Imprimer (nouveau)"


def test_added_once_removed_and_decorator(localize):
    loc = localize(["en"])
    calls = []

    @loc.on_change
    def heard(l, change):
        calls.append(change)

    loc.on_change(heard)
    loc.set_locales("fr")
    assert calls == ["locales"]
    loc.remove_on_change(heard)
    loc.set_locales("ja")
    assert calls == ["locales"]
    with pytest.raises(ValueError):
        loc.remove_on_change(heard)
    with pytest.raises(TypeError):
        loc.on_change("not callable")


def test_callback_may_switch_languages_itself(localize):
    loc = localize(["en"])
    order = []

    def back_to_english(l, change):
        order.append(l.locales[0])
        if l.locales[0] == "ar":
            l.set_locales(["en"])

    loc.on_change(back_to_english)
    loc.set_locales(["ar"])
    assert order == ["ar", "en"]
    assert loc.locales[0] == "en" and loc.text("Print") == "Print"


def test_runs_on_the_switching_thread(localize):
    loc = localize(["en"])
    threads = []
    loc.on_change(lambda l, change: threads.append(threading.get_ident()))
    worker = threading.Thread(target=loc.set_locales, args=(["fr"],))
    worker.start()
    worker.join()
    assert threads == [worker.ident]


def test_exception_is_raised_by_the_changing_call_after_all_callbacks_ran(catalog, localize):
    loc = localize(["en"])
    after = []

    def broken(l, change):
        raise RuntimeError(f"broken on {change}")

    loc.on_change(broken)
    loc.on_change(lambda l, change: after.append(change))
    with pytest.raises(RuntimeError, match="broken on locales"):
        loc.set_locales(["fr"])
    assert after == ["locales"] and loc.locales[0] == "fr"
    with pytest.raises(RuntimeError, match="broken on catalog"):
        catalog.load_bytes(b'"Print" = "Imprimer";', "fr")
    assert after == ["locales", "catalog"]


def test_closed_localizer_is_not_told(catalog, localize):
    loc = localize(["fr"])
    calls = []
    loc.on_change(lambda l, change: calls.append(change))
    loc.close()
    catalog.load_bytes(b'"Print" = "Imprimer";', "fr")
    assert calls == []


def test_many_switches_each_told_once(localize):
    loc = localize(["en"])
    calls = []
    loc.on_change(lambda l, change: calls.append(l.text("Print")))
    cycle = ["fr", "ar", "ja", "en"]
    for i in range(2000):
        loc.set_locales([cycle[i % 4]])
    assert len(calls) == 2000
    assert calls[0] == "Imprimer" and calls[3] == "Print"
    assert calls[4:8] == calls[:4]
