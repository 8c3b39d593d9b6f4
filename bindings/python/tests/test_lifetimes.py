"""Strings reach Python whole and valid while other threads reload, however
long they are; damaged text served in place is a miss, never a decode error."""

import struct
import threading

import parlance


def make_mo(entries):
    """A little-endian .mo without a hash table; entries sorted by msgid."""
    entries = sorted(entries)
    n = len(entries)
    at = 28 + 16 * n
    head = struct.pack("<7I", 0x950412DE, 0, n, 28, 28 + 8 * n, 0, 0)
    table_o, table_t, data = b"", b"", b""
    for msgid, _ in entries:
        table_o += struct.pack("<2I", len(msgid), at + len(data))
        data += msgid + b"\0"
    for _, msgstr in entries:
        table_t += struct.pack("<2I", len(msgstr), at + len(data))
        data += msgstr + b"\0"
    return head + table_o + table_t + data


def test_lookups_during_reloads_are_whole(example_dir):
    cat = parlance.Catalog()
    cat.load(str(example_dir))
    loc = parlance.Localizer(cat, ["fr"], development="en")
    stop = threading.Event()
    failures = []

    def reload():
        while not stop.is_set():
            cat.load(str(example_dir))

    def look(index):
        # A localizer of its own per thread: the cache of the shared one would hide the library.
        own = parlance.Localizer(cat, ["ru" if index % 2 else "fr"], development="en")
        want_text = own.text("greeting")
        want_plural = own.plural("files.count", 5)
        for _ in range(3000):
            if own.lookup("greeting") != want_text or own.plural("files.count", 5) != want_plural:
                failures.append(index)
            own.explain("files.count", count=2)

    reloader = threading.Thread(target=reload)
    reloader.start()
    workers = [threading.Thread(target=look, args=(i,)) for i in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    stop.set()
    reloader.join()
    assert failures == []
    assert loc.text("greeting") == "Bonjour !"


def test_long_strings_grow_the_copy_buffer():
    cat = parlance.Catalog()
    long_text = "é" * 5000 + "!"
    cat.load_bytes(('"long" = "%s";' % long_text).encode(), locale="fr")
    cat.load_bytes(b'"short" = "court";', locale="fr", table="Other")
    loc = parlance.Localizer(cat, ["fr"])
    assert loc.lookup("long") == long_text
    assert loc.text("long") == long_text
    assert loc.plural("long", 3) == long_text
    assert loc.text("short", table="Other") == "court"
    assert loc.lookup("missing") is None
    assert loc.text("missing") == "missing"


def test_invalid_utf8_in_a_mapped_mo_is_a_miss(tmp_path):
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    path = folder / "app.mo"
    path.write_bytes(make_mo([
        (b"", b"Content-Type: text/plain; charset=UTF-8\n"),
        (b"bad", b"\xc3\x28 kaputt"),
        (b"good", b"gut"),
        (b"lone", b"\xed\xa0\x80"),
    ]))
    cat = parlance.Catalog()
    cat.load(str(path))
    cat.load_bytes(b'"bad" = "English bad";', locale="en", table="app")
    loc = parlance.Localizer(cat, ["de"], development="en")
    assert loc.text("good", table="app") == "gut"
    assert loc.text("bad", table="app") == "English bad"
    assert loc.lookup("lone", table="app") is None
    assert loc.explain("lone", table="app").found is False
    seen = []
    loc.on_miss(lambda key, context, table, locales: seen.append((key, locales)))
    assert loc.text("lone", table="app") == "lone"
    assert seen == [("lone", ["de", "en"])]
