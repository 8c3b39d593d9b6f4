"""Concurrency: lookups while the chain changes or tables reload."""

import threading

import parlance

GREETINGS = {"fr": "Bonjour !", "ru": "Привет!", "ja": "こんにちは！", "ar": "مرحبًا!"}


def run_all(targets):
    errors = []

    def guarded(target):
        try:
            target()
        except BaseException as error:  # surface failures of any thread
            errors.append(error)

    threads = [threading.Thread(target=guarded, args=(target,)) for target in targets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []


def test_set_locales_while_others_look_up(localize):
    loc = localize(["fr"])
    stop = threading.Event()
    seen = set()
    order = list(GREETINGS)

    def switcher():
        for i in range(3000):
            loc.set_locales([order[i % len(order)], "en"])
        stop.set()

    def reader():
        local = set()
        while not stop.is_set():
            text = loc.text("greeting")
            assert text in GREETINGS.values(), text
            local.add(text)
            assert loc.plural("You have %d followers.", 5, context="Number of followers label") != ""
        seen.update(local)

    run_all([switcher] + [reader] * 3)
    assert len(seen) >= 1


def test_loads_while_others_look_up():
    versions = [b'"greeting" = "one"; "other" = "one";', b'"greeting" = "two"; "other" = "two";']
    with parlance.Catalog() as cat, parlance.Localizer(cat, ["en"]) as loc:
        cat.load_bytes(versions[0], locale="en")
        stop = threading.Event()

        def loader():
            for i in range(1000):
                cat.load_bytes(versions[i % 2], locale="en")
            stop.set()

        def reader():
            while not stop.is_set():
                explanation = loc.explain("greeting")
                assert explanation.found and explanation.text in ("one", "two")
                assert loc.text("other") in ("one", "two")

        run_all([loader] + [reader] * 3)


def test_many_localizers_on_one_catalog(catalog):
    def worker(locale):
        def run():
            for _ in range(300):
                with parlance.Localizer(catalog, [locale]) as loc:
                    assert loc.text("greeting") == GREETINGS[locale]
        return run

    run_all([worker(locale) for locale in GREETINGS])
