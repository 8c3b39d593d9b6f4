"""The per-localizer lookup cache never serves a stale answer."""
import threading

import pytest

import parlance


def strings(**pairs):
    return "".join(f'"{k}" = "{v}";\n' for k, v in pairs.items()).encode()


def test_catalog_loads_invalidate():
    with parlance.Catalog() as cat:
        cat.load_bytes(strings(hello="Bonjour"), locale="fr")
        loc = parlance.Localizer(cat, ["fr"])
        assert loc.text("hello") == "Bonjour"
        assert loc.text("hello") == "Bonjour"          # served from the cache
        assert loc.text("later") == "later"            # a miss, cached too
        cat.load_bytes(strings(hello="Salut", later="Plus tard"), locale="fr")
        assert loc.text("hello") == "Salut"
        assert loc.text("later") == "Plus tard"
        loc.close()


def test_failed_load_keeps_answers():
    with parlance.Catalog() as cat:
        cat.load_bytes(strings(hello="Bonjour"), locale="fr")
        loc = parlance.Localizer(cat, ["fr"])
        assert loc.text("hello") == "Bonjour"
        with pytest.raises(parlance.ParseError):
            cat.load_bytes(b'"hello" = "x"', locale="fr")
        assert loc.text("hello") == "Bonjour"
        loc.close()


def test_set_locales_invalidates_and_contexts_are_separate():
    with parlance.Catalog() as cat:
        cat.load_bytes(strings(hello="Bonjour", **{"(menu)Open": "Ouvrir"}), locale="fr")
        cat.load_bytes(strings(hello="Hallo", **{"(menu)Open": "Öffnen"}), locale="de")
        loc = parlance.Localizer(cat, ["fr"])
        assert loc.text("Open", context="menu") == "Ouvrir"
        assert loc.text("Open") == "Open"
        loc.set_locales(["de"])
        assert loc.text("hello") == "Hallo"
        assert loc.text("Open", context="menu") == "Öffnen"
        loc.close()
        with pytest.raises(parlance.Error):
            loc.text("hello")


def test_misses_still_reach_the_callback():
    with parlance.Catalog() as cat:
        cat.load_bytes(strings(hello="Bonjour"), locale="fr")
        loc = parlance.Localizer(cat, ["fr"])
        assert loc.text("gone") == "gone"
        seen = []
        loc.on_miss(lambda key, context, table, locales: seen.append(key))
        loc.text("gone")
        loc.text("gone")
        assert seen == ["gone", "gone"]
        loc.close()


def test_switching_under_load_never_mixes():
    with parlance.Catalog() as cat:
        cat.load_bytes(strings(hello="Bonjour"), locale="fr")
        cat.load_bytes(strings(hello="Hallo"), locale="de")
        loc = parlance.Localizer(cat, ["fr"])
        stop = threading.Event()
        bad = []

        def read():
            while not stop.is_set():
                if loc.text("hello") not in ("Bonjour", "Hallo"):
                    bad.append(1)

        threads = [threading.Thread(target=read) for _ in range(3)]
        for t in threads:
            t.start()
        for i in range(300):
            loc.set_locales(["de"] if i % 2 else ["fr"])
        loc.set_locales(["de"])
        stop.set()
        for t in threads:
            t.join()
        assert not bad
        assert loc.text("hello") == "Hallo"   # the last switch wins, no stale entry
        loc.close()
