"""Per-thread languages: parlance.gettext.set_thread_languages() and the
thread_languages() context manager, for the module-level functions and for
Parlance's C libintl functions called on the same thread
(parlance_set_thread_languages). Threads in different languages at once,
answered as the standard library answers translation(languages=[...]); no
installed system locale is needed."""

import ctypes
import gettext as stdlib_gettext
import threading

import pytest

import parlance
from parlance import _ffi
from parlance import gettext as pgettext

LANGUAGES = [["de"], ["ru"], ["pl"], ["ar"], ["ja", "de"]]
MESSAGES = ["Open", "Hello", "Only in German", "Missing everywhere"]
COUNTS = list(range(0, 25)) + [101, 111]


@pytest.fixture(autouse=True)
def clean_state(gettext_globals):
    """No language variables set (so the environment means untranslated)."""
    yield
    pgettext.set_thread_languages(None)


@pytest.fixture
def mo(gettext_catalogs):
    pgettext.bindtextdomain("app", str(gettext_catalogs.mo))
    return str(gettext_catalogs.mo)


def answers(lookup):
    return ([lookup.gettext(m) for m in MESSAGES],
            [lookup.ngettext("%d file", "%d files", n) for n in COUNTS])


class Module:
    """The module-level functions, shaped like a translation object."""
    gettext = staticmethod(lambda m: pgettext.dgettext("app", m))
    ngettext = staticmethod(lambda a, b, n: pgettext.dngettext("app", a, b, n))


def test_threads_are_answered_in_their_own_languages(mo):
    expected = {tuple(langs): answers(stdlib_gettext.translation("app", mo, languages=langs, fallback=True))
                for langs in LANGUAGES}
    assert len({str(v) for v in expected.values()}) == len(LANGUAGES)   # every language answers differently
    results = {}
    start = threading.Barrier(len(LANGUAGES) + 1)

    def serve(langs):
        pgettext.set_thread_languages(langs)
        start.wait()
        got = [answers(Module) for _ in range(50)]   # while the other threads serve theirs
        results[tuple(langs)] = got

    threads = [threading.Thread(target=serve, args=(langs,)) for langs in LANGUAGES]
    for t in threads:
        t.start()
    start.wait()
    # Meanwhile this thread, which chose nothing, follows the (empty) environment.
    for _ in range(50):
        assert pgettext.dgettext("app", "Hello") == "Hello"
    for t in threads:
        t.join()
    for langs, got in results.items():
        assert all(g == expected[langs] for g in got), langs


def test_clearing_returns_the_thread_to_the_environment(mo, monkeypatch):
    pgettext.set_thread_languages(["de"])
    assert pgettext.get_thread_languages() == ["de"]
    assert pgettext.dgettext("app", "Hello") == "Hallo"
    monkeypatch.setenv("LANGUAGE", "pl")
    assert pgettext.dgettext("app", "Hello") == "Hallo"         # the thread's choice wins
    pgettext.set_thread_languages([])
    assert pgettext.get_thread_languages() is None
    assert pgettext.dgettext("app", "Hello") == "Cześć"         # the environment again
    pgettext.set_thread_languages(["ru"])
    pgettext.set_thread_languages(None)
    assert pgettext.dgettext("app", "Hello") == "Cześć"


def test_a_c_entry_ends_the_list(mo):
    pgettext.set_thread_languages(["C", "de"])
    assert pgettext.dgettext("app", "Hello") == "Hello"
    assert pgettext.dngettext("app", "%d file", "%d files", 2) == "%d files"


def test_the_context_manager_restores_the_previous_choice(mo):
    pgettext.set_thread_languages(["pl"])
    with pgettext.thread_languages(["de"]):
        assert pgettext.dgettext("app", "Hello") == "Hallo"
        with pytest.raises(RuntimeError):
            with pgettext.thread_languages(["ru"]):
                assert pgettext.dgettext("app", "Hello") == "Привет"
                raise RuntimeError
        assert pgettext.dgettext("app", "Hello") == "Hallo"
    assert pgettext.get_thread_languages() == ["pl"]
    assert pgettext.dgettext("app", "Hello") == "Cześć"


@pytest.mark.parametrize("bad", [[""], ["de:fr"], ["de", "!!"]])
def test_a_bad_name_raises_and_changes_nothing(mo, bad):
    pgettext.set_thread_languages(["de"])
    with pytest.raises(parlance.LocaleError):
        pgettext.set_thread_languages(bad)
    assert pgettext.get_thread_languages() == ["de"]
    assert pgettext.dgettext("app", "Hello") == "Hallo"


def test_a_name_must_be_a_string(mo):
    with pytest.raises(TypeError):
        pgettext.set_thread_languages([b"de"])  # type: ignore[list-item]
    assert pgettext.get_thread_languages() is None


def test_the_c_libintl_functions_follow_the_thread(mo):
    """The same choice reaches parlance_dgettext() on this thread only."""
    lib = ctypes.CDLL(_ffi.lib._name)   # a handle of its own: declarations apart from the binding's
    lib.parlance_bindtextdomain.restype = ctypes.c_char_p
    lib.parlance_bindtextdomain.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    lib.parlance_dgettext.restype = ctypes.c_char_p
    lib.parlance_dgettext.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    lib.parlance_bindtextdomain(b"app", mo.encode())
    lib.parlance_set_languages.argtypes = [ctypes.c_char_p]
    assert lib.parlance_set_languages(b"C") == 0   # threads without a choice: untranslated, whatever LANG says

    def c_hello():
        return lib.parlance_dgettext(b"app", b"Hello").decode()

    seen = {}

    def other():
        seen["other"] = c_hello()

    with pgettext.thread_languages(["ru"]):
        assert c_hello() == "Привет"
        t = threading.Thread(target=other)
        t.start()
        t.join()
    try:
        assert seen["other"] == "Hello"
        assert c_hello() == "Hello"
    finally:
        lib.parlance_set_languages(None)
