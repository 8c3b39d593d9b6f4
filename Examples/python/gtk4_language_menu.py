#!/usr/bin/env python3
"""A GTK 4 window whose language menu (English, français, العربية, 日本語)
switches the open window: the texts, and the direction for Arabic.

    python3 Examples/python/gtk4_language_menu.py [--self-test]

Needs PyGObject with GTK 4 (Debian: python3-gi gir1.2-gtk-4.0) and the
binding (PYTHONPATH=bindings/python, PARLANCE_LIBRARY=build/lib/libparlance.so).
The window comes from GtkBuilder XML whose texts are ^Keys of
Examples/catalog and {key.path} placeholders of its Menu.json; the walker
localizes it and does it again whenever the localizer's languages change.
--self-test switches through the four languages without a person, prints
the texts each shows, and exits (non-zero when a text is not the catalog's).
"""
import os
import pathlib
import sys

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
    def __init__(self, self_test):
        super().__init__(application_id="org.parlance.Notes", flags=Gio.ApplicationFlags.NON_UNIQUE)
        self.self_test = self_test
        self.catalog = parlance.Catalog()
        self.catalog.load(str(CATALOG))
        self.localizer = parlance.Localizer(self.catalog, ["en"])
        # Carets from Localizable, placeholders from Menu.json; the window
        # is localized again after every set_locales.
        self.walker = GtkWalker(self.localizer, placeholders=True, placeholder_table="Menu")
        self.failures = 0

    def do_activate(self):
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

    def run_self_test(self):
        loc = self.localizer
        for code, _ in LANGUAGES * 2:
            self.activate_action("language", GLib.Variant("s", code))
            want = [loc.lookup("app.name", table="Menu"), loc.text("greeting"),
                    loc.lookup("login.subtitle", table="Menu"),
                    loc.text("Name", context="Name label in login screen"), loc.text("button.back"), loc.text("Print")]
            got = self.texts()
            rtl = Gtk.Widget.get_default_direction() == Gtk.TextDirection.RTL
            ok = got == want and rtl == (code == "ar")
            self.failures += not ok
            print(code, "rtl" if rtl else "ltr", " | ".join(got), "" if ok else f"  EXPECTED {want}")
        self.quit()
        return False


def main():
    app = NotesApp("--self-test" in sys.argv)
    app.run([sys.argv[0]])
    return 1 if app.failures else 0


if __name__ == "__main__":
    sys.exit(main())
