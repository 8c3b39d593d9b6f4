"""The walker for Tk (tkinter and tkinter.ttk).

``TkWalker(localizer, ...).localize(root)`` localizes root and every widget
under it. Texts: toplevel titles, the ``text`` of labels, buttons, check and
radio buttons, label frames and menu buttons (Tk and ttk), ttk notebook tab
texts, ttk tree view headings, the rows of listboxes and ttk tree views
(an item's text and each of its values: kind ``cell``), ttk combobox
values, and menu entry labels (cascades followed). Entries are never touched (Tk has no placeholder).

Mnemonics: Tk marks the underlined character with an ``underline`` index,
not in the text. A translation may mark it with ``&`` (``"&Fichier"``;
``&&`` is a literal ampersand): the walker removes the marker and sets
``underline``; a text without a marker sets ``underline`` to -1. Turn this
off with ``mnemonics=False``.

Direction: Tk 8.6 lays out and draws text left to right only; a right-to-
left language's text shows in logical order with its characters shaped by
the font system, but widgets are not mirrored. The walker does nothing
for direction in Tk.

Sources are kept by the walker, by widget path name and option; entries of
destroyed widgets are dropped on the next walk.
"""
from __future__ import annotations

import tkinter
from tkinter import ttk
from typing import Any, Callable, Dict, Optional, Set, Tuple

from . import Walker

__all__ = ["TkWalker", "split_mnemonic"]

_TEXT_KINDS = {"Label": "label", "TLabel": "label", "Button": "button", "TButton": "button",
               "Checkbutton": "check", "TCheckbutton": "check", "Radiobutton": "radio", "TRadiobutton": "radio",
               "Labelframe": "frame", "TLabelframe": "frame", "Menubutton": "button", "TMenubutton": "button",
               "Message": "label"}


def split_mnemonic(text: str) -> Tuple[str, int]:
    """("&Fichier") -> ("Fichier", 0): the text without its ``&`` marker and
    the index of the marked character (-1: none); ``&&`` is one ``&``."""
    out = []
    underline = -1
    i = 0
    while i < len(text):
        c = text[i]
        if c == "&" and i + 1 < len(text):
            nxt = text[i + 1]
            if nxt == "&":
                out.append("&")
            else:
                if underline < 0:
                    underline = len(out)
                out.append(nxt)
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out), underline


def _option(configure: Any, which: Any, option: str) -> Callable[[Any], None]:
    """A setter of one option of one part (a tab, a heading, a menu entry)."""
    def set_option(value: Any) -> None:
        configure(which, **{option: value})
    return set_option


class _Memory:
    def __init__(self, store: Dict[Any, Tuple[str, str]], path: str) -> None:
        self.store = store
        self.path = path

    def get(self, slot: Any) -> Optional[Tuple[str, str]]:
        return self.store.get((self.path, slot))

    def put(self, slot: Any, source: Optional[str], shown: Optional[str]) -> None:
        if source is None or shown is None:
            self.store.pop((self.path, slot), None)
        else:
            self.store[(self.path, slot)] = (source, shown)


class TkWalker(Walker):
    """Localizes Tk widget trees (see the module)."""

    def __init__(self, *args: Any, mnemonics: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.mnemonics = mnemonics
        self._store: Dict[Any, Tuple[str, str]] = {}
        self._underline: Optional[Callable[[int], None]] = None

    def _schedule(self, fn: Callable[[], Any]) -> None:
        for root in self._roots:
            root.after_idle(fn)
            return

    def _alive(self, root: Any) -> bool:
        try:
            return bool(root.winfo_exists())
        except tkinter.TclError:
            return False

    def relocalize(self) -> int:
        # Forget the sources of widgets that are gone.
        if self._roots and self._store:
            tk = self._roots[0].tk
            gone = set()
            for path in {path for path, _ in self._store}:
                try:
                    exists = int(tk.call("winfo", "exists", path))
                except tkinter.TclError:
                    exists = 0
                if not exists:
                    gone.add(path)
            if gone:
                self._store = {k: v for k, v in self._store.items() if k[0] not in gone}
        return super().relocalize()

    def _displayed(self, shown: str, current: str, setter: Callable[[str], None], kind: str) -> str:
        underline = self._underline
        if self.mnemonics and underline is not None:
            text, index = split_mnemonic(shown)
            if text != current:
                setter(text)
            underline(index)
            self.count += 1
            return text
        return super()._displayed(shown, current, setter, kind)

    def _slot(self, path: str, slot: Any, current: Optional[str], kind: str, setter: Callable[[str], None],
              underline: Optional[Callable[[int], None]] = None) -> None:
        self._underline = underline
        try:
            self._text(_Memory(self._store, path), slot, current, kind, setter)
        finally:
            self._underline = None

    def _visit(self, widget: Any, seen: Set[Any]) -> None:
        w: Any = widget
        path = str(w)
        if path in seen:
            return
        seen.add(path)
        cls = w.winfo_class()
        if isinstance(w, (tkinter.Tk, tkinter.Toplevel)):
            self._slot(path, "title", w.wm_title(), "title", w.wm_title)
        kind = _TEXT_KINDS.get(cls)
        if kind is not None:
            underline = None
            if "underline" in w.keys():
                underline = _option(lambda _, **kw: w.configure(**kw), None, "underline")
            self._slot(path, "text", str(w.cget("text")), kind, lambda v: w.configure(text=v), underline)
        if isinstance(w, ttk.Notebook):
            notebook: Any = w
            for i, tab in enumerate(notebook.tabs()):
                self._slot(path, ("tab", i), str(notebook.tab(tab, "text")), "tab", _option(notebook.tab, tab, "text"),
                           _option(notebook.tab, tab, "underline"))
        elif isinstance(w, ttk.Treeview):
            for column in ("#0",) + tuple(w["columns"]):
                self._slot(path, ("heading", column), str(w.heading(column, "text")), "column",
                           _option(w.heading, column, "text"))
            self._tree_items(w, path)
        elif isinstance(w, tkinter.Listbox):
            self._listbox(w, path)
        elif isinstance(w, ttk.Combobox):
            self._combobox(w, path)
        elif isinstance(w, tkinter.Menu):
            self._menu(w, path, seen)
        for child in w.winfo_children():
            self._visit(child, seen)

    def _tree_items(self, tree: Any, path: str) -> None:
        """Every item's text and values, by item id (ids stay when items move)."""
        items = list(tree.get_children(""))
        while items:
            iid = items.pop()
            self._slot(path, ("row", iid), str(tree.item(iid, "text")), "cell", _option(tree.item, iid, "text"))
            values = list(tree.item(iid, "values") or ())
            before = list(values)
            for i, value in enumerate(values):
                def put(v: str, i: int = i) -> None:
                    values[i] = v
                self._slot(path, ("row", iid, i), str(value), "cell", put)
            if values != before:
                tree.item(iid, values=values)
            items.extend(tree.get_children(iid))

    def _listbox(self, box: Any, path: str) -> None:
        """Every row (a row replaced keeps its selection)."""
        for i in range(int(box.size())):
            def put(v: str, i: int = i) -> None:
                selected = box.selection_includes(i)
                box.delete(i)
                box.insert(i, v)
                if selected:
                    box.selection_set(i)
            self._slot(path, ("row", i), str(box.get(i)), "cell", put)

    def _combobox(self, w: Any, path: str) -> None:
        values = list(w.cget("values"))
        before = list(values)
        for i, value in enumerate(values):
            def put(v: str, i: int = i) -> None:
                values[i] = v
            self._slot(path, ("item", i), str(value), "item", put)
        if values != before:
            w.configure(values=values)
            # A read-only box shows one of its items, not the user's text.
            if str(w.cget("state")) == "readonly":
                current = w.get()
                if current in before:
                    w.set(values[before.index(current)])

    def _menu(self, menu: Any, path: str, seen: Set[Any]) -> None:
        end = menu.index("end")
        if end is None:
            return
        for i in range(int(end) + 1):
            if menu.type(i) not in ("command", "cascade", "checkbutton", "radiobutton"):
                continue
            self._slot(path, ("entry", i), str(menu.entrycget(i, "label")), "menu",
                       _option(menu.entryconfigure, i, "label"), _option(menu.entryconfigure, i, "underline"))
            if menu.type(i) == "cascade":
                name = str(menu.entrycget(i, "menu"))
                if name:
                    self._visit(menu.nametowidget(name), seen)
