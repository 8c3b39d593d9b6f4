"""The walker for GTK 4 and GTK 3 (PyGObject).

``GtkWalker(localizer, ...).localize(window)`` localizes window and every
widget under it; also a ``Gio.MenuModel`` (menus of GtkBuilder ``<menu>``,
``Gtk.PopoverMenu``, ``Gtk.MenuButton``) and GTK 3 ``Gtk.Menu`` trees.
Select the GTK version with ``gi.require_version("Gtk", ...)`` before
importing this module. Texts: window and dialog titles, header bar titles
(GTK 3), labels, button/check/radio/toggle/link/menu-button labels, frame
and expander labels, notebook tab labels, stack page titles, entry and
search entry placeholders (never the entry's text), tooltips, tree view and
column view column titles, the rows of tree views and combo boxes over a
``Gtk.ListStore`` or ``Gtk.TreeStore`` (each column a text cell renderer
shows; kinds ``cell`` and ``item``), ``Gtk.ComboBoxText`` and
``Gtk.DropDown`` items and the rows of list, grid and column views over a
``Gtk.StringList``, GTK 3 menu items, menu model labels. The text
direction follows the language through ``Gtk.Widget.set_default_direction``.

Mnemonics stay: a label's ``use-underline`` is a property of the widget,
and the translation carries its ``_``.

GtkBuilder translates ``translatable="yes"`` texts itself, once, at load:
a widget then holds a translation and no key to switch from. Load the file
through :meth:`GtkWalker.builder` instead: GtkBuilder leaves the texts as
written, the walker marks each translatable text (with its context) as a
key of the table named, and every walk shows its translation, once, in
whatever language the localizer has now.
"""
from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from functools import partial
from typing import Any, Callable, Dict, Iterator, List, Optional, Set, Tuple

from gi.repository import GObject, Gio, GLib, Gtk  # type: ignore[import-not-found,unused-ignore]

from . import Walker

__all__ = ["GtkWalker"]

GTK4 = Gtk.get_major_version() >= 4
_KEY = "_parlance_texts"
# A translation domain no catalog is bound to: GtkBuilder leaves texts as written.
_UNTRANSLATED = "parlance-untranslated"
_TRUE = ("yes", "true", "1", "y", "t")


def translatable_texts(document: str) -> Iterator[Tuple[str, Optional[str]]]:
    """(text, context) of every element a GtkBuilder document marks
    ``translatable`` (properties, menu attributes, combo and string list
    items, list store cells), in document order."""
    for element in ElementTree.fromstring(document).iter():
        if element.tag == "comment":
            continue
        if element.get("translatable", "").lower() in _TRUE and element.text:
            yield element.text, element.get("context") or element.get("msgctxt")


class _Memory:
    """Sources and shown texts kept on the object's Python wrapper (PyGObject
    keeps a wrapper that has attributes as long as its GObject lives)."""

    def __init__(self, obj: Any) -> None:
        self.obj = obj

    def _store(self, create: bool) -> Optional[Dict[Any, Tuple[str, str]]]:
        store: Optional[Dict[Any, Tuple[str, str]]] = self.obj.__dict__.get(_KEY)
        if store is None and create:
            store = {}
            setattr(self.obj, _KEY, store)
        return store

    def get(self, slot: Any) -> Optional[Tuple[str, str]]:
        store = self._store(False)
        return None if store is None else store.get(slot)

    def put(self, slot: Any, source: Optional[str], shown: Optional[str]) -> None:
        if source is None or shown is None:
            store = self._store(False)
            if store is not None:
                store.pop(slot, None)
            return
        store = self._store(True)
        assert store is not None
        store[slot] = (source, shown)


def _has(obj: Any, name: str) -> bool:
    try:
        return obj.find_property(name) is not None
    except (AttributeError, TypeError):
        return False


def _set_child_title(stack: Any, child: Any, value: str) -> None:
    stack.child_set_property(child, "title", value)


def _set_row_text(model: Any, row: Any, value: str) -> None:
    model.set_value(row, 0, value)


def _set_string(model: Any, index: int, value: str) -> None:
    model.splice(index, 1, [value])


def _set_cell(model: Any, row: Any, column: int, value: str) -> None:
    model.set_value(row, column, value)


def _text_columns(layout: Any) -> List[int]:
    """The model columns layout's text cell renderers show."""
    try:
        area = Gtk.CellLayout.get_area(layout)
        cells = Gtk.CellLayout.get_cells(layout)
    except (AttributeError, TypeError):
        return []
    columns: List[int] = []
    for cell in cells or ():
        if isinstance(cell, Gtk.CellRendererText) and area is not None:
            column = area.attribute_get_column(cell, "text")
            if column >= 0 and column not in columns:
                columns.append(column)
    return columns


def _rows(model: Any) -> List[Tuple[str, Any]]:
    """(path, iter) of every row of a list or tree store, collected before
    any is set (their iters persist)."""
    rows: List[Tuple[str, Any]] = []
    pending = [model.iter_children(None)]
    while pending:
        it = pending.pop()
        while it is not None:
            rows.append((model.get_path(it).to_string(), it))
            if model.iter_has_child(it):
                pending.append(model.iter_children(it))
            it = model.iter_next(it)
    return rows


class GtkWalker(Walker):
    """Localizes GTK widget trees and menu models (see the module)."""

    def builder(self, path: Optional[str] = None, *, string: Optional[str] = None,
                table: Optional[str] = None) -> Any:
        """A Gtk.Builder of the file at path (or of string) whose
        ``translatable`` texts are left as written and marked as keys of
        table (default: the document's ``<interface domain>``, else the
        walker's table), each with its context. Localize its objects with
        :meth:`localize`."""
        if (path is None) == (string is None):
            raise TypeError("give path or string")
        if path is not None:
            with open(path, encoding="utf-8") as ui:
                document = ui.read()
        else:
            document = string or ""
        root = ElementTree.fromstring(document)
        domain = root.get("domain") if root.tag == "interface" else None
        if table is None:
            table = domain
        for text, context in translatable_texts(document):
            self.texts.mark_translatable(text, table, context)
        made = Gtk.Builder()
        made.set_translation_domain(_UNTRANSLATED)
        if domain is None and path is not None:
            made.add_from_file(path)       # relative references resolve from its folder
        else:
            # The document's own domain would win over the builder's: it goes.
            if domain is not None:
                del root.attrib["domain"]
                document = ElementTree.tostring(root, encoding="unicode")
            made.add_from_string(document)
        return made

    def _schedule(self, fn: Callable[[], Any]) -> None:
        GLib.idle_add(lambda: (fn(), False)[1])

    def _alive(self, root: Any) -> bool:
        if isinstance(root, Gtk.Widget) and not GTK4:
            return not root.in_destruction() if hasattr(root, "in_destruction") else True
        return True

    def _apply_direction(self, rtl: bool) -> None:
        Gtk.Widget.set_default_direction(Gtk.TextDirection.RTL if rtl else Gtk.TextDirection.LTR)

    # ---- the walk

    def _property(self, obj: Any, name: str, kind: str, slot: Any = None) -> None:
        if not _has(obj, name):
            return
        self._text(_Memory(obj), slot or name, obj.get_property(name), kind,
                   lambda value: obj.set_property(name, value))

    def _visit(self, obj: Any, seen: Set[Any]) -> None:
        if obj is None or obj in seen:
            return
        seen.add(obj)
        if isinstance(obj, Gio.MenuModel):
            self._menu_model(obj, seen)
            return
        if not isinstance(obj, Gtk.Widget):
            return
        descend = self._widget(obj, seen)
        if descend:
            for child in self._children(obj):
                self._visit(child, seen)

    def _children(self, widget: Any) -> List[Any]:
        if GTK4:
            children = []
            child = widget.get_first_child()
            while child is not None:
                children.append(child)
                child = child.get_next_sibling()
            return children
        children = list(widget.get_children()) if isinstance(widget, Gtk.Container) else []
        if isinstance(widget, Gtk.Window) and widget.get_titlebar() is not None:
            children.append(widget.get_titlebar())
        return children

    def _widget(self, w: Any, seen: Set[Any]) -> bool:
        """Localizes w's own texts; True to walk its children."""
        self._property(w, "tooltip-text", "tooltip")
        if isinstance(w, Gtk.Window):
            self._property(w, "title", "title")
        if not GTK4 and isinstance(w, Gtk.HeaderBar):
            self._property(w, "title", "title")
            self._property(w, "subtitle", "subtitle")
        if isinstance(w, Gtk.Label):
            self._property(w, "label", "label")
            return False
        if isinstance(w, (Gtk.Entry, Gtk.SearchEntry)) or (GTK4 and isinstance(w, Gtk.Text)):
            # The placeholder only: the text is the user's.
            self._property(w, "placeholder-text", "placeholder")
            return False
        if isinstance(w, Gtk.Notebook):
            for i in range(w.get_n_pages()):
                page = w.get_nth_page(i)
                tab = w.get_tab_label(page)
                if isinstance(tab, Gtk.Label):
                    seen.add(tab)
                    self._property(tab, "label", "tab")
                else:
                    self._visit(tab, seen)
                self._visit(page, seen)
            return False
        if GTK4 and isinstance(w, Gtk.Stack):
            pages = w.get_pages()
            for i in range(pages.get_n_items()):
                self._property(pages.get_item(i), "title", "tab")
        if not GTK4 and isinstance(w, Gtk.Stack):
            for child in w.get_children():
                title = w.child_get_property(child, "title")
                memory = _Memory(child)
                self._text(memory, "stack-title", title, "tab", partial(_set_child_title, w, child))
        if isinstance(w, Gtk.TreeView):
            shown: List[int] = []
            for column in w.get_columns():
                self._property(column, "title", "column")
                shown += [c for c in _text_columns(column) if c not in shown]
            self._store_rows(w.get_model(), shown, "cell", seen)
        if GTK4 and isinstance(w, Gtk.ColumnView):
            columns = w.get_columns()
            for i in range(columns.get_n_items()):
                self._property(columns.get_item(i), "title", "column")
        if isinstance(w, Gtk.ComboBoxText):
            self._combo_text(w)
            return False
        if isinstance(w, Gtk.ComboBox):
            self._store_rows(w.get_model(), _text_columns(w), "item", seen)
            if w.get_has_entry():
                entry = w.get_child()
                if isinstance(entry, Gtk.Entry):
                    seen.add(entry)
                    self._property(entry, "placeholder-text", "placeholder")
            return False
        if GTK4 and isinstance(w, Gtk.DropDown):
            self._drop_down(w)
            return False
        if GTK4 and isinstance(w, (Gtk.ListView, Gtk.GridView, Gtk.ColumnView)):
            self._string_rows(w, seen)
        if not GTK4 and isinstance(w, Gtk.MenuItem):
            self._property(w, "label", "menu")
            self._visit(w.get_submenu(), seen)
            return False
        if isinstance(w, (Gtk.Frame, Gtk.Expander)):
            # Its label is a widget (setting the frame's label property would
            # replace a label widget the program styled): localize that.
            label = w.get_label_widget()
            if isinstance(label, Gtk.Label):
                seen.add(label)
                self._property(label, "label", "frame")
            else:
                self._visit(label, seen)
            if GTK4:      # its label widget is one of its children
                self._visit(w.get_child(), seen)
                return False
            return True
        if GTK4 and isinstance(w, Gtk.MenuButton):
            if w.get_label() is not None:
                self._property(w, "label", "button")
            self._visit(w.get_menu_model(), seen)
            popover = w.get_popover()
            if popover is not None and not isinstance(popover, Gtk.PopoverMenu):
                self._visit(popover, seen)
            return False
        if GTK4 and isinstance(w, Gtk.PopoverMenu):
            self._visit(w.get_menu_model(), seen)
            return False
        if not GTK4 and isinstance(w, Gtk.MenuButton):
            self._visit(w.get_menu_model(), seen)
            self._visit(w.get_popup(), seen)
        if isinstance(w, Gtk.Button) or (GTK4 and isinstance(w, Gtk.CheckButton)):
            if w.get_label() is not None:
                kind = "button"
                if not GTK4 and isinstance(w, Gtk.RadioButton):
                    kind = "radio"
                elif isinstance(w, Gtk.CheckButton):
                    kind = "check"
                self._property(w, "label", kind)
                return False      # its child shows the label
        if not GTK4 and isinstance(w, Gtk.FileChooserButton):
            self._property(w, "title", "title")      # its dialog's title
            return False
        if not GTK4 and isinstance(w, Gtk.ToolButton):
            self._property(w, "label", "button")
        return True

    def _combo_text(self, combo: Any) -> None:
        model = combo.get_model()
        memory = _Memory(combo)
        it = model.get_iter_first()
        row = 0
        while it is not None:
            self._text(memory, ("item", row), model.get_value(it, 0), "item",
                       partial(_set_row_text, model, it))
            it = model.iter_next(it)
            row += 1

    def _store_rows(self, model: Any, columns: List[int], kind: str, seen: Set[Any]) -> None:
        """The string cells of a list or tree store that columns show (the
        sources are kept on the store, by row path)."""
        if not isinstance(model, (Gtk.ListStore, Gtk.TreeStore)) or not columns or model in seen:
            return
        seen.add(model)
        columns = [c for c in columns if model.get_column_type(c) == GObject.TYPE_STRING]
        memory = _Memory(model)
        for path, it in _rows(model):
            for column in columns:
                self._text(memory, ("cell", column, path), model.get_value(it, column), kind,
                           partial(_set_cell, model, it, column))

    def _string_rows(self, view: Any, seen: Set[Any]) -> None:
        """The strings of a view over a Gtk.StringList (through its selection
        model); a single selection stays on its row."""
        selection = view.get_model()
        model = selection.get_model() if selection is not None and hasattr(selection, "get_model") else None
        if not isinstance(model, Gtk.StringList) or model in seen:
            return
        seen.add(model)
        selected = selection.get_selected() if isinstance(selection, Gtk.SingleSelection) else None
        memory = _Memory(model)
        for i in range(model.get_n_items()):
            self._text(memory, ("row", i), model.get_string(i), "cell", partial(_set_string, model, i))
        if selected is not None and selected != selection.get_selected():
            selection.set_selected(selected)

    def _drop_down(self, drop: Any) -> None:
        model = drop.get_model()
        if not isinstance(model, Gtk.StringList):
            return
        memory = _Memory(drop)
        selected = drop.get_selected()
        for i in range(model.get_n_items()):
            self._text(memory, ("item", i), model.get_string(i), "item",
                       partial(_set_string, model, i))
        if selected != drop.get_selected():
            drop.set_selected(selected)

    def _menu_model(self, menu: Any, seen: Set[Any]) -> None:
        """A Gio.Menu's item labels (items are immutable: a changed one is
        replaced by a copy with the new label), then its sections and
        submenus; other MenuModel kinds are only walked."""
        memory = _Memory(menu)
        for i in range(menu.get_n_items()):
            label = menu.get_item_attribute_value(i, Gio.MENU_ATTRIBUTE_LABEL, GLib.VariantType.new("s"))
            if label is not None and isinstance(menu, Gio.Menu):
                def replace(value: str, i: int = i) -> None:
                    item = Gio.MenuItem.new_from_model(menu, i)
                    item.set_label(value)
                    menu.remove(i)
                    menu.insert_item(i, item)
                self._text(memory, ("label", i), label.get_string(), "menu", replace)
            links = menu.iterate_item_links(i)
            while links.next():
                self._visit(links.get_value(), seen)
