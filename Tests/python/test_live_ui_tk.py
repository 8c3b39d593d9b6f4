"""The Tk walker on a real Tk under Xvfb: a window with every kind of text
Tk has, localized by the three rules, read back from the widgets and
compared with the catalog's lookups; switched between en, fr, ar and ja
1,000 times with every text right after each switch and memory flat."""
import gc
import os

import pytest

import parlance
from live_ui.catalog import write_catalog
from live_ui.display import rss_kib, xvfb

tkinter = pytest.importorskip("tkinter")
from tkinter import ttk  # noqa: E402

from parlance.ui.tk import TkWalker, split_mnemonic  # noqa: E402


@pytest.fixture(scope="module")
def display():
    with xvfb() as name:
        old = os.environ.get("DISPLAY")
        os.environ["DISPLAY"] = name
        yield name
        if old is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = old


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    with parlance.Catalog() as cat:
        cat.load(str(write_catalog(tmp_path_factory.mktemp("ui-catalog"))))
        yield cat


class Window:
    """A Tk window with every kind of text, and its source texts."""

    def __init__(self):
        self.root = root = tkinter.Tk()
        root.title("^Window title")
        self.label = tkinter.Label(root, text="^Name:")
        self.open = ttk.Button(root, text="^&Open")
        self.check = tkinter.Checkbutton(root, text="^Enable")
        self.radio = ttk.Radiobutton(root, text="^Fast")
        self.frame = ttk.Labelframe(root, text="^Options")
        self.notebook = ttk.Notebook(self.frame)
        self.page = ttk.Frame(self.notebook)
        self.notebook.add(self.page, text="^General")
        self.tree = ttk.Treeview(self.page, columns=("size",))
        self.tree.heading("#0", text="^Name:")
        self.tree.heading("size", text="^Size")
        self.row = self.tree.insert("", "end", text="^Options", values=("^Large",))
        self.child = self.tree.insert(self.row, "end", text="^General", values=("{app.name}",))
        self.listbox = tkinter.Listbox(self.page)
        self.listbox.insert("end", "^Small", "^Fast", "plain row")
        self.listbox.selection_set(1)
        self.combo = ttk.Combobox(self.page, values=["^Small", "^Large"], state="readonly")
        self.combo.set("^Large")
        self.entry = tkinter.Entry(root)
        self.entry.insert(0, "^Print")                      # the user's text
        self.placeholders = tkinter.Label(root, text="{login.title} — {app.name}")
        self.login = tkinter.Button(root, text="{login.button}")    # a placeholder in a button title
        self.nested = tkinter.Label(root, text="{app.menu.file} / {no.such.key}")
        self.caret_value = tkinter.Label(root, text="^Foo")      # "Foo" = "^Foo"
        self.no_key = tkinter.Label(root, text="^Missing key")   # a caret text without a key
        self.implicit = tkinter.Label(root, text="Greeting")      # labels opted in
        self.not_implicit = tkinter.Button(root, text="Greeting")  # buttons not
        self.menu = tkinter.Menu(root, tearoff=False)
        self.file = tkinter.Menu(self.menu, tearoff=False)
        self.menu.add_cascade(label="^&File", menu=self.file)
        self.file.add_command(label="^Quit")
        self.file.add_separator()
        root.configure(menu=self.menu)
        for w in (self.label, self.open, self.check, self.radio, self.frame, self.notebook, self.tree, self.listbox,
                  self.combo,
                  self.entry, self.placeholders, self.login, self.nested, self.caret_value, self.no_key,
                  self.implicit, self.not_implicit):
            w.pack()
        root.update()

    def shown(self):
        """Every text as the widgets show it now."""
        return {
            "title": self.root.wm_title(),
            "label": self.label.cget("text"),
            "open": (str(self.open.cget("text")), int(self.open.cget("underline"))),
            "check": self.check.cget("text"),
            "radio": str(self.radio.cget("text")),
            "frame": str(self.frame.cget("text")),
            "tab": str(self.notebook.tab(0, "text")),
            "heading0": self.tree.heading("#0", "text"),
            "heading": self.tree.heading("size", "text"),
            "items": tuple(self.combo.cget("values")),
            "rows": (self.tree.item(self.row, "text"), tuple(self.tree.item(self.row, "values")),
                     self.tree.item(self.child, "text"), tuple(self.tree.item(self.child, "values"))),
            "listbox": (self.listbox.get(0, "end"), self.listbox.curselection()),
            "combo": self.combo.get(),
            "entry": self.entry.get(),
            "placeholders": self.placeholders.cget("text"),
            "login": self.login.cget("text"),
            "nested": self.nested.cget("text"),
            "caret_value": self.caret_value.cget("text"),
            "no_key": self.no_key.cget("text"),
            "implicit": self.implicit.cget("text"),
            "not_implicit": self.not_implicit.cget("text"),
            "menu": (self.menu.entrycget(0, "label"), int(self.menu.entrycget(0, "underline"))),
            "quit": self.file.entrycget(0, "label"),
        }


def expected(loc):
    """The same texts from the catalog's lookups."""
    def t(key):
        return loc.text(key)

    def app(key):
        return loc.lookup(key, table="App")

    return {
        "title": t("Window title"),
        "label": t("Name:"),
        "open": split_mnemonic(t("&Open")),
        "check": t("Enable"),
        "radio": t("Fast"),
        "frame": t("Options"),
        "tab": t("General"),
        "heading0": t("Name:"),
        "heading": t("Size"),
        "items": (t("Small"), t("Large")),
        "rows": (t("Options"), (t("Large"),), t("General"), (app("app.name"),)),
        "listbox": ((t("Small"), t("Fast"), "plain row"), (1,)),
        "combo": t("Large"),
        "entry": "^Print",
        "placeholders": f"{app('login.title')} — {app('app.name')}",
        "login": app("login.button"),
        "nested": f"{app('app.menu.file')} / {{no.such.key}}",
        "caret_value": t("Foo"),
        "no_key": "Missing key",
        "implicit": t("Greeting"),
        "not_implicit": "Greeting",
        "menu": split_mnemonic(t("&File")),
        "quit": t("Quit"),
    }


@pytest.fixture
def window(display):
    made = Window()
    yield made
    made.root.destroy()


def AppTable(loc):
    """Carets and labels from Localizable, placeholders from the JSON table App."""
    return TkWalker(loc, placeholders=True, implicit=["label"], placeholder_table="App")


@pytest.mark.parametrize("locale", ["en", "fr", "ar", "ja"])
def test_every_text_is_the_catalogs(catalog, window, locale):
    loc = parlance.Localizer(catalog, [locale])
    walker = AppTable(loc)
    assert walker.localize(window.root) > 15
    assert window.shown() == expected(loc)
    assert window.shown()["entry"] == "^Print"
    walker.close()
    loc.close()


def test_switching_1000_times_every_text_right_and_memory_flat(catalog, window):
    loc = parlance.Localizer(catalog, ["en"])
    walker = AppTable(loc)
    walker.localize(window.root)
    cycle = ["fr", "ar", "ja", "en"]
    wanted = {}
    for locale in cycle:
        loc.set_locales([locale])
        wanted[locale] = window.shown()
        assert wanted[locale] == expected(loc)
    before = None
    for i in range(1000):
        locale = cycle[i % 4]
        loc.set_locales([locale])              # the walker hears it and localizes again
        assert window.shown() == wanted[locale], (i, locale)
        if i == 199:
            window.root.update()
            gc.collect()
            before = rss_kib()
    window.root.update()
    gc.collect()
    growth = rss_kib() - before
    assert growth < 2048, f"RSS grew {growth} KiB over 800 switches"
    walker.close()
    loc.set_locales(["fr"])                   # closed: no longer follows
    assert window.shown() == wanted["en"]
    loc.close()


def test_program_set_text_becomes_the_new_source(catalog, window):
    loc = parlance.Localizer(catalog, ["fr"])
    walker = AppTable(loc)
    walker.localize(window.root)
    window.label.configure(text="^Print")      # the program changes a text
    loc.set_locales(["ja"])
    assert window.label.cget("text") == "印刷"
    window.check.configure(text="Plain")       # not a key: left alone from now on
    loc.set_locales(["ar"])
    assert window.check.cget("text") == "Plain"
    walker.close()
    loc.close()


def test_widgets_created_later_are_localized_when_handed_over(catalog, window):
    loc = parlance.Localizer(catalog, ["fr"])
    walker = AppTable(loc)
    walker.localize(window.root)
    later = tkinter.Label(window.root, text="^Print")
    walker.localize(later)
    assert later.cget("text") == "Imprimer"
    loc.set_locales(["ja"])
    assert later.cget("text") == "印刷"
    later.destroy()
    loc.set_locales(["fr"])                    # a destroyed widget is dropped, not an error
    walker.close()
    loc.close()


def test_mnemonic_markers():
    assert split_mnemonic("&Fichier") == ("Fichier", 0)
    assert split_mnemonic("ファイル(&F)") == ("ファイル(F)", 5)
    assert split_mnemonic("Save && quit") == ("Save & quit", -1)
    assert split_mnemonic("Plain") == ("Plain", -1)
