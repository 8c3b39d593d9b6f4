#!/usr/bin/env python3
"""A GTK 4 window whose language menu (English, français, العربية, 日本語)
switches the open window: the texts, and the direction for Arabic.

    python3 Examples/python/gtk4_language_menu.py [--self-test] [--screenshots DIR]

Needs PyGObject with GTK 4 (Debian: python3-gi gir1.2-gtk-4.0) and the
binding (PYTHONPATH=bindings/python, PARLANCE_LIBRARY=build/lib/libparlance.so).
The window comes from GtkBuilder XML whose texts are ^Keys of
Examples/catalog and {key.path} placeholders of its Menu.json; the walker
localizes it and does it again whenever the localizer's languages change.
--self-test switches through the four languages without a person, prints
the texts each shows, and exits (non-zero when a text is not the catalog's
or a character of a label has no glyph in the installed fonts);
--screenshots DIR also saves the window in each language as
DIR/gtk4-<language>.png.
"""
import os
import pathlib
import sys
import time

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import Gio, GLib, Gtk  # noqa: E402

import parlance  # noqa: E402
from parlance.ui.gtk import GtkWalker  # noqa: E402

CATALOG = pathlib.Path(__file__).resolve().parents[1] / "catalog"
LANGUAGES = [("en", "English"), ("fr", "Français"), ("ar", "العربية"), ("ja", "日本語")]

UI = """<interface>
  <menu id="language-menu">
    <section>
      <item><attribute name="label">English</attribute><attribute name="action">app.language</attribute><attribute name="target">en</attribute></item>
      <item><attribute name="label">Français</attribute><attribute name="action">app.language</attribute><attribute name="target">fr</attribute></item>
      <item><attribute name="label">العربية</attribute><attribute name="action">app.language</attribute><attribute name="target">ar</attribute></item>
      <item><attribute name="label">日本語</attribute><attribute name="action">app.language</attribute><attribute name="target">ja</attribute></item>
    </section>
  </menu>
  <object class="GtkApplicationWindow" id="window">
    <property name="title">{app.name}</property>
    <property name="default-width">420</property>
    <child type="titlebar">
      <object class="GtkHeaderBar">
        <child type="end">
          <object class="GtkMenuButton">
            <property name="icon-name">preferences-desktop-locale-symbolic</property>
            <property name="menu-model">language-menu</property>
            <property name="tooltip-text">Language</property>
          </object>
        </child>
      </object>
    </child>
    <child>
      <object class="GtkBox">
        <property name="orientation">vertical</property>
        <property name="spacing">12</property>
        <property name="margin-top">18</property><property name="margin-bottom">18</property>
        <property name="margin-start">18</property><property name="margin-end">18</property>
        <child><object class="GtkLabel" id="greeting"><property name="label">^greeting</property><property name="xalign">0</property></object></child>
        <child><object class="GtkLabel" id="subtitle"><property name="label">{login.subtitle}</property><property name="xalign">0</property></object></child>
        <child><object class="GtkEntry" id="name"><property name="placeholder-text">^(Name label in login screen)Name</property></object></child>
        <child>
          <object class="GtkBox">
            <property name="spacing">6</property>
            <child><object class="GtkButton" id="back"><property name="label">^button.back</property></object></child>
            <child><object class="GtkButton" id="print"><property name="label">^Print</property><property name="hexpand">1</property><property name="halign">end</property></object></child>
          </object>
        </child>
      </object>
    </child>
  </object>
</interface>"""


class NotesApp(Gtk.Application):
    def __init__(self, self_test, screenshots=None):
        super().__init__(application_id="org.parlance.Notes", flags=Gio.ApplicationFlags.NON_UNIQUE)
        self.self_test = self_test or screenshots is not None
        self.screenshots = screenshots
        self.catalog = parlance.Catalog()
        self.catalog.load(str(CATALOG))
        self.localizer = parlance.Localizer(self.catalog, ["en"])
        # Carets from Localizable, placeholders from Menu.json; the window
        # is localized again after every set_locales.
        self.walker = GtkWalker(self.localizer, placeholders=True, placeholder_table="Menu")
        self.failures = 0

    def do_activate(self):
        if self.screenshots is not None:
            # The same pixels run after run: no focus ring caught halfway
            # through its transition, no cursor caught blinking.
            settings = Gtk.Settings.get_default()
            settings.set_property("gtk-enable-animations", False)
            settings.set_property("gtk-cursor-blink", False)
        builder = Gtk.Builder.new_from_string(UI, -1)
        self.builder = builder
        window = builder.get_object("window")
        window.set_application(self)
        action = Gio.SimpleAction.new_stateful("language", GLib.VariantType.new("s"), GLib.Variant("s", "en"))
        action.connect("activate", self.on_language)
        self.add_action(action)
        self.walker.localize(window)
        window.present()
        if self.self_test:
            GLib.idle_add(self.run_self_test)

    def on_language(self, action, value):
        action.set_state(value)
        self.localizer.set_locales([value.get_string()])   # the walker hears it

    def texts(self):
        get = self.builder.get_object
        return [get("window").get_title(), get("greeting").get_label(), get("subtitle").get_label(),
                get("name").get_placeholder_text(), get("back").get_label(), get("print").get_label()]

    def missing_glyphs(self):
        """The texts of the window's labels (its title, button labels and
        the placeholder included) that Pango drew a character of with no
        font's glyph: the box that a screenshot would show instead."""
        missing, widgets = [], [self.builder.get_object("window")]
        while widgets:
            widget = widgets.pop()
            if isinstance(widget, Gtk.Label) and widget.get_layout().get_unknown_glyphs_count():
                missing.append(widget.get_label())
            child = widget.get_first_child()
            while child is not None:
                widgets.append(child)
                child = child.get_next_sibling()
        return missing

    def screenshot(self, path):
        """Saves the window as it is drawn now (a PNG). PyGObject cannot
        carry a GskRenderNode (a fundamental type, not a GObject): the
        snapshot's node is rendered through ctypes calls into GTK itself."""
        import ctypes
        gtk = ctypes.CDLL("libgtk-4.so.1")
        gtk.gtk_snapshot_to_node.restype = ctypes.c_void_p
        gtk.gtk_snapshot_to_node.argtypes = [ctypes.c_void_p]
        gtk.gsk_renderer_render_texture.restype = ctypes.c_void_p
        gtk.gsk_renderer_render_texture.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        gtk.gdk_texture_save_to_png.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        gtk.gsk_render_node_unref.argtypes = [ctypes.c_void_p]
        gtk.g_object_unref.argtypes = [ctypes.c_void_p]
        capsule = ctypes.pythonapi.PyCapsule_GetPointer
        capsule.restype = ctypes.c_void_p
        capsule.argtypes = [ctypes.py_object, ctypes.c_char_p]

        window = self.builder.get_object("window")
        problem = self.wait_for_frame(window)
        node = texture = None
        if problem is None:
            snapshot = Gtk.Snapshot()
            Gtk.WidgetPaintable.new(window).snapshot(snapshot, window.get_width(), window.get_height())
            node = gtk.gtk_snapshot_to_node(capsule(snapshot.__gpointer__, None))
            renderer = capsule(window.get_native().get_renderer().__gpointer__, None)
            texture = gtk.gsk_renderer_render_texture(renderer, node, None) if node else None
            if not node:
                problem = "the window drew nothing"
            elif not texture:
                problem = "GSK rendered no texture"
            elif not gtk.gdk_texture_save_to_png(texture, path.encode()):
                problem = "the PNG could not be written"
        if problem is not None:
            self.failures += 1
            print(f"screenshot {path}: {problem}", file=sys.stderr)
        if texture:
            gtk.g_object_unref(texture)
        if node:
            gtk.gsk_render_node_unref(node)

    @staticmethod
    def wait_for_frame(window, seconds=30):
        """Runs the main loop until the window, mapped and laid out, has
        painted two frames after this call (the language switch's layout
        included), or `seconds` have passed on a busy machine. Returns None,
        or why there is nothing to take yet."""
        window.queue_draw()
        context, deadline = GLib.MainContext.default(), time.monotonic() + seconds
        clock = start = None
        while time.monotonic() < deadline:
            while context.pending():
                context.iteration(False)
            if clock is None and window.get_mapped() and window.get_width() > 0:
                clock = window.get_frame_clock()      # None until realized: asked again
                if clock is not None:
                    start = clock.get_frame_counter()
            if clock is not None:
                if clock.get_frame_counter() >= start + 2:
                    return None
                window.queue_draw()
            time.sleep(0.005)
        return "the window was not mapped" if clock is None else "the window painted no frame"

    def run_self_test(self):
        loc = self.localizer
        for i, (code, _) in enumerate(LANGUAGES * 2):
            self.activate_action("language", GLib.Variant("s", code))
            if self.screenshots is not None and i < len(LANGUAGES):
                self.screenshot(os.path.join(self.screenshots, f"gtk4-{code}.png"))
            want = [loc.lookup("app.name", table="Menu"), loc.text("greeting"),
                    loc.lookup("login.subtitle", table="Menu"),
                    loc.text("Name", context="Name label in login screen"), loc.text("button.back"), loc.text("Print")]
            got = self.texts()
            rtl = Gtk.Widget.get_default_direction() == Gtk.TextDirection.RTL
            missing = self.missing_glyphs()
            ok = got == want and rtl == (code == "ar") and not missing
            self.failures += not ok
            print(code, "rtl" if rtl else "ltr", " | ".join(got)
                  + ("" if got == want else f"  EXPECTED {want}")
                  + (f"  NO GLYPH FOR A CHARACTER OF {missing} (fonts: scripts/install-deps.sh)" if missing else ""))
        self.quit()
        return False


def main():
    screenshots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv[:-1] else None
    app = NotesApp("--self-test" in sys.argv, screenshots)
    app.run([sys.argv[0]])
    return 1 if app.failures else 0


if __name__ == "__main__":
    sys.exit(main())
