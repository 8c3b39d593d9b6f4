"""The Qt walker on real Qt 6 Widgets (PyQt6, offscreen platform): a window
from a Qt Designer form with every kind of text, localized by the three
rules, read back from the widgets and compared with the catalog's lookups;
switched between en, fr, ar and ja 1,000 times with every text right after
each switch, the layout direction following the language, memory flat."""
import gc
import os
import pathlib
import subprocess

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
QtWidgets = pytest.importorskip("PyQt6.QtWidgets")
from PyQt6 import QtCore, QtGui, uic  # noqa: E402

import parlance  # noqa: E402
from live_ui.catalog import write_catalog  # noqa: E402
from live_ui.display import rss_kib  # noqa: E402
from live_ui.png import ink_span, read_png  # noqa: E402
from parlance.ui.qt import QtWalker  # noqa: E402

FORM = pathlib.Path(__file__).resolve().parents[1] / "Fixtures" / "ui" / "qt" / "notes.ui"


@pytest.fixture(scope="module")
def app():
    made = QtWidgets.QApplication.instance() or QtWidgets.QApplication(["test"])
    yield made


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    with parlance.Catalog() as cat:
        cat.load(str(write_catalog(tmp_path_factory.mktemp("ui-catalog"))))
        yield cat


@pytest.fixture
def window(app):
    made = uic.loadUi(str(FORM))
    yield made
    made.deleteLater()
    app.processEvents()


def shown(w):
    quit_action = w.actionQuit
    return {
        "title": w.windowTitle(),
        "label": w.nameLabel.text(),
        "placeholder": w.search.placeholderText(),
        "entry": w.search.text(),
        "open": w.openButton.text(),
        "tooltip": w.openButton.toolTip(),
        "check": w.enable.text(),
        "radio": w.fast.text(),
        "frame": w.options.title(),
        "tab": w.tabs.tabText(0),
        "columns": (w.files.headerItem().text(0), w.files.headerItem().text(1)),
        "items": (w.sizes.itemText(0), w.sizes.itemText(1)),
        "tree items": (w.files.topLevelItem(0).text(0), w.files.topLevelItem(0).text(1),
                       w.files.topLevelItem(0).toolTip(1), w.files.topLevelItem(0).child(0).text(0),
                       w.files.topLevelItem(0).child(0).text(1)),
        "list items": (w.kinds.item(0).text(), w.kinds.item(1).text(), w.kinds.item(1).toolTip()),
        "table": (w.grid.horizontalHeaderItem(0).text(), w.grid.horizontalHeaderItem(1).text(),
                  w.grid.verticalHeaderItem(0).text(), w.grid.item(0, 0).text(), w.grid.item(0, 1).text()),
        "placeholders": w.placeholders.text(),
        "login": w.login.text(),
        "nested": w.nested.text(),
        "caret_value": w.caretValue.text(),
        "no_key": w.noKey.text(),
        "implicit": w.implicit.text(),
        "not_implicit": w.notImplicit.text(),
        "menu": w.menuFile.title(),
        "action": quit_action.text(),
        "status": quit_action.statusTip(),
    }


def expected(loc):
    t = loc.text

    def app(key):
        return loc.lookup(key, table="App")

    return {
        "title": t("Window title"), "label": t("Name:"), "placeholder": t("Search…"), "entry": "^Print",
        "open": t("&Open"), "tooltip": t("Prints the page"), "check": t("Enable"), "radio": t("Fast"),
        "frame": t("Options"), "tab": t("General"), "columns": (t("Name:"), t("Size")),
        "items": (t("Small"), t("Large")),
        "tree items": (t("Options"), t("Large"), t("Prints the page"), t("General"), t("Small")),
        "list items": (t("Fast"), app("app.name"), t("Quit the program")),
        "table": (t("Name:"), t("Size"), t("Small"), t("Print"), t("Large")),
        "placeholders": f"{app('login.title')} — {app('app.name')}", "login": app("login.button"),
        "nested": f"{app('app.menu.file')} / {{no.such.key}}", "caret_value": t("Foo"), "no_key": "Missing key",
        "implicit": t("Greeting"), "not_implicit": "Greeting", "menu": t("&File"), "action": t("Quit"),
        "status": t("Quit the program"),
    }


def walker(loc):
    return QtWalker(loc, placeholders=True, implicit=["label"], placeholder_table="App")


@pytest.mark.parametrize("locale", ["en", "fr", "ar", "ja"])
def test_every_text_is_the_catalogs(catalog, window, locale):
    loc = parlance.Localizer(catalog, [locale])
    with walker(loc) as w:
        assert w.localize(window) > 20
        assert shown(window) == expected(loc)
        rtl = QtCore.Qt.LayoutDirection.RightToLeft if locale == "ar" else QtCore.Qt.LayoutDirection.LeftToRight
        assert QtWidgets.QApplication.layoutDirection() == rtl
        assert window.layoutDirection() == rtl
    loc.close()


def test_switching_1000_times_every_text_right_and_memory_flat(app, catalog, window):
    loc = parlance.Localizer(catalog, ["en"])
    w = walker(loc)
    w.localize(window)
    cycle = ["fr", "ar", "ja", "en"]
    wanted = {}
    for locale in cycle:
        loc.set_locales([locale])
        wanted[locale] = shown(window)
        assert wanted[locale] == expected(loc)
    before = None
    for i in range(1000):
        locale = cycle[i % 4]
        loc.set_locales([locale])
        assert shown(window) == wanted[locale], (i, locale)
        assert window.isRightToLeft() == (locale == "ar")
        if i == 199:
            app.processEvents()
            gc.collect()
            before = rss_kib()
    app.processEvents()
    gc.collect()
    growth = rss_kib() - before
    assert growth < 4096, f"RSS grew {growth} KiB over 800 switches"
    w.close()
    loc.close()


def test_a_switch_on_another_thread_reaches_the_ui_thread(app, catalog, window):
    import threading
    loc = parlance.Localizer(catalog, ["en"])
    w = walker(loc)
    w.localize(window)
    worker = threading.Thread(target=loc.set_locales, args=(["ja"],))
    worker.start()
    worker.join()
    assert window.nameLabel.text() == "Name:"      # not touched from the other thread
    app.processEvents()                             # the queued signal runs on the UI thread
    assert window.nameLabel.text() == "名前:"
    w.close()
    loc.close()


def test_the_users_text_is_never_touched(catalog, window):
    loc = parlance.Localizer(catalog, ["fr"])
    w = QtWalker(loc, implicit=True)                # every kind opted in
    window.search.setText("Print")                   # a key, typed by the user
    w.localize(window)
    assert window.search.text() == "Print"
    assert window.search.placeholderText() == "Rechercher…"
    w.close()
    loc.close()


def test_a_sorted_tree_keeps_each_items_source(app, catalog):
    """Sorting moves items when their texts change: each item's source is in
    its own data, so every switch shows each item's own translation."""
    tree = QtWidgets.QTreeWidget()
    tree.setColumnCount(1)
    keys = ["Small", "Large", "Fast", "Print"]
    for key in keys:
        QtWidgets.QTreeWidgetItem(tree, ["^" + key])
    tree.setSortingEnabled(True)
    tree.sortItems(0, QtCore.Qt.SortOrder.AscendingOrder)
    loc = parlance.Localizer(catalog, ["en"])
    w = QtWalker(loc)
    w.localize(tree)
    for locale in ["fr", "ja", "ar", "en", "fr"]:
        loc.set_locales([locale])
        items = [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]
        assert items == sorted(loc.text(k) for k in keys), locale
    w.close()
    loc.close()
    tree.deleteLater()
    app.processEvents()


ROOT = pathlib.Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "build" / "screenshots"
LANGUAGES = ["en", "fr", "ar", "ja"]


def _png_size(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_the_cpp_qt_example_switches_its_open_window_and_shows_each_language(app, library, tmp_path):
    """Examples/cpp/qt_language_menu.cpp, built against parlance_qt.hpp and
    run offscreen: its language menu's actions switch the open window
    through en, fr, ar, ja twice, each text the catalog's, right to left
    for Arabic only; a screenshot of each language lands in build/screenshots
    (`make screenshots` writes the documentation's)."""
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "Qt6Widgets"], capture_output=True, text=True)
    if flags.returncode != 0:
        pytest.fail("Qt 6 Widgets for C++ is missing: scripts/install-deps.sh installs qt6-base-dev")
    program = tmp_path / "qt_language_menu"
    lib = str(pathlib.Path(library).parent)
    build = subprocess.run(["c++", "-std=c++17", "-pedantic", "-Wall", "-Wextra", "-Werror", "-O1", "-fPIC",
                            "-I", str(ROOT / "include"), str(ROOT / "Examples" / "cpp" / "qt_language_menu.cpp"),
                            *flags.stdout.split(), f"-L{lib}", "-lparlance", f"-Wl,-rpath,{lib}", "-o", str(program)],
                           capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stderr[-3000:]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for old in SCREENSHOTS.glob("qt-*.png"):
        old.unlink()
    run = subprocess.run([str(program), "--screenshots", str(SCREENSHOTS), str(ROOT / "Examples" / "catalog")],
                         capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    assert run.returncode == 0, run.stdout + run.stderr[-2000:]
    lines = run.stdout.splitlines()
    assert [line.split()[:2] for line in lines] == [["en", "ltr"], ["fr", "ltr"], ["ar", "rtl"], ["ja", "ltr"]] * 2
    assert "Imprimer" in lines[1] and "طباعة" in lines[2] and "印刷" in lines[3]
    shots = {lang: (SCREENSHOTS / f"qt-{lang}.png") for lang in LANGUAGES}
    images = {}
    for lang, path in shots.items():
        width, height = _png_size(path)
        assert width >= 300 and height >= 150, (lang, width, height)
        images[lang] = QtGui.QImage(str(path))
        assert not images[lang].isNull()
    assert len({path.read_bytes() for path in shots.values()}) == 4      # every language looks different
    # Right to left: the greeting (under the menu bar) starts at the left
    # edge in English and Japanese and ends at the right edge in Arabic.
    def ink(lang):
        return ink_span(read_png(shots[lang])[2], 32, 60)
    width = images["en"].width()
    assert ink("en")[0] < 30 and ink("en")[1] < width // 2
    assert ink("ja")[0] < 30 and ink("ja")[1] < width // 2
    assert ink("ar")[0] > width // 2 and ink("ar")[1] > width - 30


def test_views_over_a_standard_item_model(app, catalog):
    """A QTreeView and a QListView sharing a QStandardItemModel: its header
    items and its items at every level follow each switch."""
    from PyQt6.QtGui import QStandardItem, QStandardItemModel
    box = QtWidgets.QWidget()
    layout = QtWidgets.QVBoxLayout(box)
    model = QStandardItemModel()
    model.setHorizontalHeaderLabels(["^Name:", "^Size"])
    row = [QStandardItem("^Options"), QStandardItem("{app.name}")]
    row[1].setToolTip("^Prints the page")
    row[0].appendRow([QStandardItem("^Small"), QStandardItem("plain")])
    model.appendRow(row)
    for view in (QtWidgets.QTreeView(), QtWidgets.QListView()):
        view.setModel(model)
        layout.addWidget(view)
    loc = parlance.Localizer(catalog, ["en"])
    w = QtWalker(loc, placeholders=True, placeholder_table="App")
    w.localize(box)
    for locale in ["fr", "ar", "ja", "en", "fr"]:
        loc.set_locales([locale])
        t = loc.text
        got = (model.horizontalHeaderItem(0).text(), model.horizontalHeaderItem(1).text(), model.item(0, 0).text(),
               model.item(0, 1).text(), model.item(0, 1).toolTip(), model.item(0, 0).child(0, 0).text(),
               model.item(0, 0).child(0, 1).text())
        assert got == (t("Name:"), t("Size"), t("Options"), loc.lookup("app.name", table="App"),
                       t("Prints the page"), t("Small"), "plain"), locale
    w.close()
    loc.close()
    box.deleteLater()
    app.processEvents()
