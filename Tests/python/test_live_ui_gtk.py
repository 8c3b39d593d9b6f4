"""The GTK walker on real GTK 4 and GTK 3 under Xvfb, on real GtkBuilder
files of transmission, gnome-system-monitor and meld (each loaded by the
GTK version it was written for) and on a window with every kind of text.

PyGObject is Debian's (python3-gi) and runs under the system python3, not
the test venv: the checks run in Tests/python/live_ui/gtk_worker.py, which
prints a JSON report that the tests below judge."""
import json
import os
import pathlib
import subprocess

import pytest

from live_ui.catalog import write_catalog
from live_ui.display import xvfb
from live_ui.png import ink_span, read_png

ROOT = pathlib.Path(__file__).resolve().parents[2]
WORKER = ROOT / "Tests" / "python" / "live_ui" / "gtk_worker.py"
SYSTEM_PYTHON = "/usr/bin/python3"
SWITCHES = 1000


def _system_gtk(version):
    probe = f"import gi; gi.require_version('Gtk', '{version}'); from gi.repository import Gtk"
    return subprocess.run([SYSTEM_PYTHON, "-c", probe], capture_output=True).returncode == 0


@pytest.fixture(scope="module")
def display():
    with xvfb() as name:
        yield name


def projects(corpus2, corpus4, gtk):
    """(.ui file, folder of its project's .po files) for one GTK version."""
    transmission = corpus4 / "ui" / "transmission__transmission"
    pairs = [(ui, transmission / "po") for ui in sorted((transmission / "gtk" / "ui" / f"gtk{gtk}").glob("*.ui"))]
    if gtk == 4:
        monitor = corpus2 / "ui" / "GNOME__gnome-system-monitor"
        meld = corpus2 / "ui" / "GNOME__meld"
        pairs += [(monitor / "data" / "menus.ui", monitor / "po")]
        pairs += [(ui, meld / "po") for ui in sorted((meld / "meld" / "resources" / "ui").glob("*.ui"))]
    return pairs


def run_worker(display, library, tmp_path, corpus2, corpus4, gtk):
    if not _system_gtk(f"{gtk}.0"):
        pytest.fail(f"GTK {gtk} for {SYSTEM_PYTHON} is missing: scripts/install-deps.sh installs python3-gi "
                    f"and gir1.2-gtk-{gtk}.0")
    catalog = write_catalog(tmp_path / "catalog")
    env = dict(os.environ, DISPLAY=display, PARLANCE_LIBRARY=library, GDK_BACKEND="x11",
               PYTHONPATH=str(ROOT / "bindings" / "python"), NO_AT_BRIDGE="1")
    pairs = [f"{ui}:{po}" for ui, po in projects(corpus2, corpus4, gtk)]
    run = subprocess.run([SYSTEM_PYTHON, str(WORKER), f"{gtk}.0", str(catalog), str(SWITCHES), *pairs],
                         capture_output=True, text=True, env=env, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def gtk4(display, library, tmp_path_factory, corpus2, corpus4):
    return run_worker(display, library, tmp_path_factory.mktemp("gtk4"), corpus2, corpus4, 4)


@pytest.fixture(scope="module")
def gtk3(display, library, tmp_path_factory, corpus2, corpus4):
    return run_worker(display, library, tmp_path_factory.mktemp("gtk3"), corpus2, corpus4, 3)


@pytest.mark.parametrize("gtk", ["gtk4", "gtk3"])
def test_real_gtkbuilder_files_show_the_catalogs_texts(request, gtk):
    report = request.getfixturevalue(gtk)
    assert report["mismatches"] == []
    files = report["files"]
    # The files GtkBuilder loads without the program's own classes.
    assert len(files) >= (8 if gtk == "gtk4" else 10), (files, report["skipped"])
    assert sum(f["texts"] for f in files.values()) >= 150
    # Most texts have translations: a walk that changed nothing would fail here.
    assert sum(f["translated"] for f in files.values()) >= 300


@pytest.mark.parametrize("gtk", ["gtk4", "gtk3"])
def test_every_kind_of_text_and_the_seeds_edge_cases(request, gtk):
    report = request.getfixturevalue(gtk)
    assert [m for m in report["mismatches"] if m[0] == "own window"] == []


@pytest.mark.parametrize("gtk", ["gtk4", "gtk3"])
def test_switching_1000_times_every_text_right_and_memory_flat(request, gtk):
    report = request.getfixturevalue(gtk)
    assert report["switches"] == SWITCHES
    assert report["wrong_after_switch"] == 0
    assert report["rss_growth_kib"] < 4096, f"RSS grew {report['rss_growth_kib']} KiB over 800 switches"


def test_the_gtk4_example_switches_its_open_window(display, library):
    """Examples/python/gtk4_language_menu.py: its language menu's action
    switches the open window through en, fr, ar, ja twice, each text the
    catalog's and the direction right to left for Arabic only; it saves a
    screenshot of each language into build/screenshots."""
    if not _system_gtk("4.0"):
        pytest.fail("GTK 4 for the system python3 is missing (scripts/install-deps.sh)")
    env = dict(os.environ, DISPLAY=display, PARLANCE_LIBRARY=library, GDK_BACKEND="x11", NO_AT_BRIDGE="1",
               PYTHONPATH=str(ROOT / "bindings" / "python"))
    shots = ROOT / "build" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    for old in shots.glob("gtk4-*.png"):
        old.unlink()
    run = subprocess.run([SYSTEM_PYTHON, str(ROOT / "Examples" / "python" / "gtk4_language_menu.py"), "--self-test",
                          "--screenshots", str(shots)], capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr[-2000:]
    lines = run.stdout.splitlines()
    assert [line.split()[:2] for line in lines] == [["en", "ltr"], ["fr", "ltr"], ["ar", "rtl"], ["ja", "ltr"]] * 2
    assert "Imprimer" in lines[1] and "طباعة" in lines[2] and "印刷" in lines[3]
    # A screenshot of each language (`make screenshots` writes the documentation's).
    images = [(shots / f"gtk4-{lang}.png").read_bytes() for lang in ("en", "fr", "ar", "ja")]
    for image in images:
        assert image[:8] == b"\x89PNG\r\n\x1a\n"
        assert int.from_bytes(image[16:20], "big") >= 300 and int.from_bytes(image[20:24], "big") >= 150
    assert len(set(images)) == 4
    # Drawn mirrored for Arabic: the greeting and subtitle (the rows between
    # the header bar and the entry) start at the left edge in the other
    # languages and end at the right edge in Arabic.
    for lang in ("en", "fr", "ar", "ja"):
        width, _, rows = read_png(shots / f"gtk4-{lang}.png")
        left, right = ink_span(rows, 60, 112)
        if lang == "ar":
            assert left > width // 2 and right > width - 40, (lang, left, right)
        else:
            assert left < 40 and right < width * 0.6, (lang, left, right)


@pytest.mark.parametrize("gtk", ["gtk4", "gtk3"])
def test_gtkbuilder_files_loaded_by_the_walker_show_what_gtkbuilder_translates(request, gtk):
    """The reference is GtkBuilder translating itself through gettext (the
    project's .po compiled by msgfmt): a file loaded through
    GtkWalker.builder and localized from its translatable marks shows the
    same text in every object with an id, in fr, ar and ja and after
    switching back, contexts included."""
    report = request.getfixturevalue(gtk)
    assert [m for m in report["mismatches"] if m[0] == "reference"] == []
    files = report["reference"]
    assert all(f["languages"] == ["fr", "ar", "ja"] for f in files.values()), files
    assert sum(f["texts"] for f in files.values()) >= 300
    assert sum(f["translated"] for f in files.values()) >= 150


@pytest.mark.parametrize("gtk", ["gtk4", "gtk3"])
def test_translatable_texts_are_looked_up_once_and_others_left_alone(request, gtk):
    """"Small" is translatable, and its French "Petit" is itself a key: the
    label shows "Petit", walk after walk; "Print" not marked translatable
    stays; "^Print" follows the caret rule."""
    report = request.getfixturevalue(gtk)
    fr = ["fr", "Notes (fr)", "Petit", "Print", "Imprimer"]
    assert report["builder"] == [fr, fr, ["ja", "ノート", "小", "Print", "印刷"], fr]


def test_the_c_header_shows_what_gtkbuilder_translates_on_the_real_files(display, library, tmp_path, corpus2,
                                                                         corpus4):
    """Tests/c/test_gtk_reference.c, built against parlance_gtk.h: the same
    reference check as above from C — each real GTK 4 file loaded by
    parlance_gtk_builder_new_from_file() and localized from its marks
    equals GtkBuilder's own gettext translation, in fr, ar, ja, fr."""
    import xml.etree.ElementTree as ElementTree
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "gtk4"], capture_output=True, text=True)
    if flags.returncode != 0:
        pytest.fail("GTK 4 for C is missing: scripts/install-deps.sh installs libgtk-4-dev")
    program = tmp_path / "test_gtk_reference"
    lib = str(pathlib.Path(library).parent)
    build = subprocess.run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-O1", "-I", str(ROOT / "include"),
                            str(ROOT / "Tests" / "c" / "test_gtk_reference.c"), *flags.stdout.split(), f"-L{lib}",
                            "-lparlance", f"-Wl,-rpath,{lib}", "-o", str(program)],
                           capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stderr[-3000:]
    mo = tmp_path / "locale"
    args = []
    for number, (ui, po) in enumerate(projects(corpus2, corpus4, 4)):
        domain = ElementTree.parse(ui).getroot().get("domain") or f"parlance-reference-{number}"
        for lang in ("fr", "ar", "ja"):
            target = mo / lang / "LC_MESSAGES" / f"{domain}.mo"
            target.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run(["msgfmt", "-o", str(target), str(po / f"{lang}.po")], check=True)
        args.append(f"{ui}|{po}|{domain}")
    env = dict(os.environ, DISPLAY=display, GDK_BACKEND="x11", NO_AT_BRIDGE="1")
    run = subprocess.run([str(program), str(mo), *args], capture_output=True, text=True, env=env, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    counts = [line.split() for line in run.stdout.splitlines() if " texts " in line]
    assert len(counts) >= 8
    assert sum(int(c[2]) for c in counts) >= 600
    assert sum(int(c[4]) for c in counts) >= 400
