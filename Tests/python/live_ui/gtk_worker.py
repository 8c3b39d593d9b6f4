"""The GTK checks, run by the system python3 (PyGObject) under Xvfb from
Tests/python/test_live_ui_gtk.py; prints one JSON report.

    gtk_worker.py GTK_VERSION CATALOG_DIR SWITCHES UI_FILE:PO_DIR ...

1. Each real GtkBuilder file is loaded (untranslated: its texts are the
   source texts), localized with the implicit rule over its project's .po
   files (fr, ar, ja), and every text property of every object the file
   declares (label, title, subtitle, tooltip-text, placeholder-text,
   tree view column titles, menu model labels) is read back and compared
   with the catalog's lookup of its source text, in each language.
2. A window built in code with every kind of text and the seeds' edge
   cases is localized by carets and placeholders, then switched between
   en, fr, ar and ja SWITCHES times; after each switch every text is
   compared with what that language showed first, and the default text
   direction with the language. RSS growth after the first 200 switches
   is reported.
3. Each real GtkBuilder file is loaded twice: by GtkBuilder translating
   itself through gettext (its project's .po compiled by msgfmt, LANGUAGE
   set to fr, ar, ja) — the reference — and through GtkWalker.builder,
   untranslated, then localized by the walker with no rule but the file's
   translatable marks (and their contexts). Every text of every object
   with an id must equal the reference's, in each language and after
   switching back to it. A hand-written file checks that a translation
   which is itself a msgid is not looked up twice and that texts not
   marked translatable are left alone.
"""
import gc
import json
import locale
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

GTK_VERSION = sys.argv[1]
import gi  # noqa: E402

gi.require_version("Gtk", GTK_VERSION)
from gi.repository import Gio, GLib, Gtk  # noqa: E402

import parlance  # noqa: E402
from parlance.ui.gtk import GtkWalker  # noqa: E402

GTK4 = Gtk.get_major_version() >= 4
if not GTK4:
    Gtk.init([])
PROPERTIES = ("label", "title", "subtitle", "tooltip-text", "placeholder-text")
report = {"gtk": Gtk.get_major_version(), "files": {}, "skipped": {}, "mismatches": [], "checked": 0}


def rss_kib():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])


def pump():
    context = GLib.MainContext.default()
    while context.pending():
        context.iteration(False)


def text_slots(objects):
    """(object, property or menu slot, getter) of every text the objects declare."""
    slots = []
    for obj in objects:
        if isinstance(obj, Gio.MenuModel):
            menus = [obj]
            while menus:
                menu = menus.pop()
                for i in range(menu.get_n_items()):
                    label = menu.get_item_attribute_value(i, "label", GLib.VariantType.new("s"))
                    if label is not None:
                        slots.append((f"menu item {i}", lambda m=menu, i=i: m.get_item_attribute_value(
                            i, "label", GLib.VariantType.new("s")).get_string()))
                    links = menu.iterate_item_links(i)
                    while links.next():
                        menus.append(links.get_value())
            continue
        if isinstance(obj, (Gtk.Entry,)) or not isinstance(obj, (Gtk.Widget, Gtk.TreeViewColumn)):
            names = ("placeholder-text",) if isinstance(obj, Gtk.Entry) else ("title",)
            if not isinstance(obj, (Gtk.Entry, Gtk.TreeViewColumn)):
                continue
        else:
            names = PROPERTIES
        for name in names:
            if obj.find_property(name) is None:
                continue
            if isinstance(obj, Gtk.Widget) and name == "label" and isinstance(obj, (Gtk.Frame, Gtk.Expander)) \
                    and obj.get_label() is None:
                continue
            value = obj.get_property(name)
            if value:
                slots.append((f"{type(obj).__name__} {name}", lambda o=obj, n=name: o.get_property(n)))
    return slots


def check_real_files(pairs):
    for pair in pairs:
        path, po_dir = pair.split(":")
        name = os.path.relpath(path, os.path.dirname(os.path.dirname(os.path.dirname(path))))
        catalog = parlance.Catalog()
        for locale in ("fr", "ar", "ja"):
            catalog.load(os.path.join(po_dir, f"{locale}.po"), locale=locale, table="Localizable")
        loc = parlance.Localizer(catalog, ["en"])
        builder = Gtk.Builder()
        try:
            builder.add_from_file(path)
        except GLib.Error as error:
            # Templates and the project's own widget classes need the program.
            report["skipped"][name] = error.message
            continue
        objects = builder.get_objects()
        slots = text_slots(objects)
        sources = [(what, get()) for what, get in slots]
        walker = GtkWalker(loc, caret=False, implicit=True)
        roots = [o for o in objects if isinstance(o, (Gtk.Window, Gio.MenuModel))] or \
            [o for o in objects if isinstance(o, Gtk.Widget) and o.get_parent() is None]
        for root in roots:
            walker.localize(root)
        translated = 0
        for locale in ("fr", "ar", "ja", "en"):
            loc.set_locales([locale])
            pump()
            for (what, get), (_, source) in zip(slots, sources):
                want = loc.text(source)
                got = get()
                report["checked"] += 1
                if got != want:
                    report["mismatches"].append([name, locale, what, source, want, got])
                elif locale != "en" and got != source:
                    translated += 1
        report["files"][name] = {"texts": len(slots), "translated": translated}
        walker.close()
        for obj in objects:
            if isinstance(obj, Gtk.Window):
                obj.destroy()


def own_window():
    """A window with every kind of text and the seeds' edge cases; returns
    (window, {name: getter}, the user's entry)."""
    window = Gtk.Window()
    window.set_title("^Window title")
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    label = Gtk.Label(label="^Name:")
    button = Gtk.Button(label="^_Open", use_underline=True)
    button.set_tooltip_text("^Prints the page")
    check = Gtk.CheckButton(label="^Enable")
    entry = Gtk.Entry()
    entry.set_placeholder_text("^Search…")
    entry.set_text("^Print")
    frame = Gtk.Frame(label="^Options")
    notebook = Gtk.Notebook()
    page = Gtk.Box()
    notebook.append_page(page, Gtk.Label(label="^General"))
    store = Gtk.TreeStore(str, str)           # column 1: an id no renderer shows
    small = store.append(None, ["^Small", "^Small"])
    store.append(small, ["{app.name}", "id"])
    store.append(None, ["plain row", "^Large"])
    tree = Gtk.TreeView(model=store)
    tree.append_column(Gtk.TreeViewColumn("^Size", Gtk.CellRendererText(), text=0))
    choices = Gtk.ListStore(str, str)
    choices.append(["^Fast", "fast"])
    choices.append(["^Large", "^Large"])
    model_combo = Gtk.ComboBox(model=choices)
    renderer = Gtk.CellRendererText()
    model_combo.pack_start(renderer, True)
    model_combo.add_attribute(renderer, "text", 0)
    model_combo.set_active(1)
    combo = Gtk.ComboBoxText()
    combo.append_text("^Small")
    combo.append_text("^Large")
    placeholders = Gtk.Label(label="{login.title} — {app.name}")
    login = Gtk.Button(label="{login.button}")
    nested = Gtk.Label(label="{app.menu.file} / {no.such.key}")
    caret_value = Gtk.Label(label="^Foo")
    no_key = Gtk.Label(label="^Missing key")
    menu = Gio.Menu()
    section = Gio.Menu()
    section.append("^Quit", "app.quit")
    menu.append_submenu("^_File", section)
    menu_button = Gtk.MenuButton(label="^_File")
    menu_button.set_menu_model(menu)
    children = [label, button, check, entry, frame, notebook, tree, combo, model_combo, placeholders, login,
                nested, caret_value, no_key, menu_button]
    strings = None
    if GTK4:
        strings = Gtk.StringList.new(["^Enable", "^Quit", "plain"])
        selection = Gtk.SingleSelection(model=strings)
        selection.set_selected(1)
        factory = Gtk.SignalListItemFactory()
        factory.connect("setup", lambda f, item: item.set_child(Gtk.Label()))
        factory.connect("bind", lambda f, item: item.get_child().set_label(item.get_item().get_string()))
        children.append(Gtk.ListView(model=selection, factory=factory))
    frame_child = Gtk.Label(label="^Print")
    if GTK4:
        frame.set_child(frame_child)
        for child in children:
            box.append(child)
        window.set_child(box)
        window.present()
    else:
        frame.add(frame_child)
        for child in children:
            box.add(child)
        window.add(box)
        window.show_all()
    pump()

    def combo_items():
        model = combo.get_model()
        return [row[0] for row in model]

    getters = {
        "title": window.get_title, "label": label.get_label, "button": button.get_label,
        "tooltip": button.get_tooltip_text, "check": check.get_label, "placeholder": entry.get_placeholder_text,
        "entry": entry.get_text, "frame": frame.get_label, "frame child": frame_child.get_label,
        "tab": lambda: notebook.get_tab_label(page).get_label(), "column": lambda: tree.get_column(0).get_title(),
        "items": combo_items, "placeholders": placeholders.get_label, "login": login.get_label,
        "nested": nested.get_label, "caret value": caret_value.get_label, "no key": no_key.get_label,
        "menu button": menu_button.get_label,
        "menu": lambda: menu.get_item_attribute_value(0, "label", GLib.VariantType.new("s")).get_string(),
        "menu item": lambda: section.get_item_attribute_value(0, "label", GLib.VariantType.new("s")).get_string(),
        "use underline": button.get_use_underline,
        "tree rows": lambda: [(row[0], row[1], [(c[0], c[1]) for c in row.iterchildren()]) for row in store],
        "model combo": lambda: ([(row[0], row[1]) for row in choices], model_combo.get_active()),
    }
    if GTK4:
        getters["string rows"] = lambda: ([strings.get_string(i) for i in range(strings.get_n_items())],
                                          selection.get_selected())
    return window, getters


def expected(loc):
    t = loc.text

    def app(key):
        return loc.lookup(key, table="App")

    return {
        "title": t("Window title"), "label": t("Name:"), "button": t("_Open"), "tooltip": t("Prints the page"),
        "check": t("Enable"), "placeholder": t("Search…"), "entry": "^Print", "frame": t("Options"),
        "frame child": t("Print"), "tab": t("General"), "column": t("Size"), "items": [t("Small"), t("Large")],
        "placeholders": f"{app('login.title')} — {app('app.name')}", "login": app("login.button"),
        "nested": f"{app('app.menu.file')} / {{no.such.key}}", "caret value": t("Foo"), "no key": "Missing key",
        "menu button": t("_File"), "menu": t("_File"), "menu item": t("Quit"), "use underline": True,
        "tree rows": [(t("Small"), "^Small", [(app("app.name"), "id")]), ("plain row", "^Large", [])],
        "model combo": ([(t("Fast"), "fast"), (t("Large"), "^Large")], 1),
        "string rows": ([t("Enable"), t("Quit"), "plain"], 1),
    }


def check_own_window(catalog_dir, switches):
    catalog = parlance.Catalog()
    catalog.load(catalog_dir)
    loc = parlance.Localizer(catalog, ["en"])
    window, getters = own_window()
    walker = GtkWalker(loc, placeholders=True, placeholder_table="App")
    walker.localize(window)
    shown = {}
    for locale in ("en", "fr", "ar", "ja"):
        loc.set_locales([locale])
        pump()
        now = {name: get() for name, get in getters.items()}
        shown[locale] = now
        want = expected(loc)
        for name in getters:
            report["checked"] += 1
            if now[name] != want[name]:
                report["mismatches"].append(["own window", locale, name, "", want[name], now[name]])
        rtl = Gtk.Widget.get_default_direction() == Gtk.TextDirection.RTL
        if rtl != (locale == "ar") or (window.get_direction() == Gtk.TextDirection.RTL) != (locale == "ar"):
            report["mismatches"].append(["own window", locale, "direction", "", locale == "ar", rtl])
    cycle = ["fr", "ar", "ja", "en"]
    before = None
    wrong = 0
    for i in range(switches):
        locale = cycle[i % 4]
        loc.set_locales([locale])
        now = {name: get() for name, get in getters.items()}
        if now != shown[locale]:
            wrong += 1
            if wrong < 5:
                report["mismatches"].append(["switch", i, locale, "", shown[locale], now])
        if (Gtk.Widget.get_default_direction() == Gtk.TextDirection.RTL) != (locale == "ar"):
            wrong += 1
        if i == min(199, switches - 1):
            pump()
            gc.collect()
            before = rss_kib()
    pump()
    gc.collect()
    report["switches"] = switches
    report["wrong_after_switch"] = wrong
    report["rss_growth_kib"] = rss_kib() - before
    walker.close()
    window.destroy()


def by_id(builder, path):
    """{(object id, slot): getter} of every text of the objects path names by id."""
    ids = [e.get("id") for e in ElementTree.parse(path).iter() if e.tag in ("object", "menu") and e.get("id")]
    slots = {}
    for ident in ids:
        obj = builder.get_object(ident)
        if obj is None:
            continue
        for n, (what, get) in enumerate(text_slots([obj])):
            slots[(ident, what, n)] = get
    return slots


def check_builder_reference(pairs):
    """GtkBuilder's own gettext translation against GtkWalker.builder."""
    out = tempfile.mkdtemp(prefix="parlance-gtk-mo-")
    old = locale.setlocale(locale.LC_MESSAGES)
    locale.setlocale(locale.LC_MESSAGES, "fr_FR.UTF-8")      # gettext ignores LANGUAGE in the C locale
    reference = report["reference"] = {}
    for number, pair in enumerate(pairs):
        path, po_dir = pair.split(":")
        name = os.path.relpath(path, os.path.dirname(os.path.dirname(os.path.dirname(path))))
        # The file's own domain wins over the builder's: bind that one.
        domain = ElementTree.parse(path).getroot().get("domain") or f"parlance-reference-{number}"
        catalog = parlance.Catalog()
        languages = []
        for lang in ("fr", "ar", "ja"):
            po = os.path.join(po_dir, f"{lang}.po")
            mo = os.path.join(out, lang, "LC_MESSAGES", f"{domain}.mo")
            os.makedirs(os.path.dirname(mo), exist_ok=True)
            if subprocess.run(["msgfmt", "-o", mo, po], capture_output=True).returncode != 0:
                continue
            catalog.load(po, locale=lang, table="Localizable")
            languages.append(lang)
        locale.bindtextdomain(domain, out)
        loc = parlance.Localizer(catalog, ["en"])
        walker = GtkWalker(loc, caret=False)
        try:
            ours = walker.builder(path, table="Localizable")
        except GLib.Error:
            continue                                     # skipped by check_real_files too
        mine = by_id(ours, path)
        sources = {key: get() for key, get in mine.items()}
        for obj in ours.get_objects():
            if isinstance(obj, (Gtk.Window, Gio.MenuModel)) or \
                    (isinstance(obj, Gtk.Widget) and obj.get_parent() is None):
                walker.localize(obj)
        texts = differ = 0
        for lang in languages + languages[:1]:
            os.environ["LANGUAGE"] = lang
            # glibc reads LANGUAGE afresh once the locale changed: change it twice.
            locale.setlocale(locale.LC_MESSAGES, "en_US.UTF-8")
            locale.setlocale(locale.LC_MESSAGES, "fr_FR.UTF-8")
            ref = Gtk.Builder()
            ref.set_translation_domain(domain)
            ref.add_from_file(path)
            theirs = by_id(ref, path)
            loc.set_locales([lang])
            pump()
            for key, get in theirs.items():
                want = get()
                got = mine[key]() if key in mine else None
                texts += 1
                if got != want:
                    report["mismatches"].append(["reference", name, lang, list(key[:2]), want, got])
                elif got != sources.get(key):
                    differ += 1
            for obj in ref.get_objects():
                if isinstance(obj, Gtk.Window):
                    obj.destroy()
        reference[name] = {"languages": languages, "texts": texts, "translated": differ}
        walker.close()
        for obj in ours.get_objects():
            if isinstance(obj, Gtk.Window):
                obj.destroy()
    os.environ.pop("LANGUAGE", None)
    locale.setlocale(locale.LC_MESSAGES, old)


BUILDER = """<interface>
 <object class="GtkWindow" id="window">
  <property name="title" translatable="yes">Window title</property>
  <child><object class="GtkBox" id="box">
   <child><object class="GtkLabel" id="chain"><property name="label" translatable="yes">Small</property></object></child>
   <child><object class="GtkLabel" id="plain"><property name="label">Print</property></object></child>
   <child><object class="GtkLabel" id="caret"><property name="label">^Print</property></object></child>
  </object></child>
 </object>
</interface>"""


def check_builder_marks(catalog_dir):
    """translatable="yes" texts are keys, looked up once; other texts stay."""
    catalog = parlance.Catalog()
    catalog.load(catalog_dir)
    loc = parlance.Localizer(catalog, ["fr"])
    walker = GtkWalker(loc)
    built = walker.builder(string=BUILDER)
    window = built.get_object("window")
    get = {name: built.get_object(name).get_label for name in ("chain", "plain", "caret")}
    got = []
    for lang in ("fr", "fr", "ja", "fr"):
        walker.localize(window) if not got else loc.set_locales([lang])
        walker.relocalize()                           # a second walk: no second lookup
        got.append([lang, window.get_title(), get["chain"](), get["plain"](), get["caret"]()])
    report["builder"] = got
    walker.close()
    window.destroy()


check_real_files(sys.argv[4:])
check_builder_reference(sys.argv[4:])
check_builder_marks(sys.argv[2])
check_own_window(sys.argv[2], int(sys.argv[3]))
print(json.dumps(report, ensure_ascii=False))
