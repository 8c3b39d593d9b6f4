"""The walker for Qt 6 Widgets (PyQt6, or PySide6 when PyQt6 is absent).

``QtWalker(localizer, ...).localize(window)`` localizes window and every
widget under it, with their actions and menus. Texts: window titles,
tooltips, status tips, labels, buttons (push, tool, check, radio), group
box titles, line edit and text edit placeholders (never the user's text),
tab bar tab texts and tooltips, tool box item texts, combo box items, tree
and table widget header items, the items of list, tree and table widgets
and of views over a ``QStandardItemModel`` (every column's text and
tooltip: kind ``cell``; the model's header items), menu titles, and actions (text, tooltip set
apart from the text, status tip). A tool button showing its default action
takes its text from the action. The layout direction follows the language
(``QGuiApplication.setLayoutDirection``). ``&File`` mnemonics are Qt's own:
the translation carries its ``&``.

Sources are kept with the objects: QObject dynamic properties named
``_parlance.<slot>`` (two strings: source and shown); for the items of
item widgets, in the item's data under the roles ``ROLE`` (text) and
``ROLE + 1`` (tooltip), so a source follows its item when the view sorts.
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable, Optional, Set, Tuple

try:
    from PyQt6 import QtCore, QtGui, QtWidgets
    from PyQt6.QtCore import pyqtSignal as _Signal
except ImportError:  # pragma: no cover - PySide6
    from PySide6 import QtCore, QtGui, QtWidgets  # type: ignore[no-redef,import-not-found,unused-ignore]
    from PySide6.QtCore import Signal as _Signal  # type: ignore[no-redef,import-not-found,unused-ignore]

from . import Walker

__all__ = ["QtWalker"]


class _Memory:
    """Source and shown text as dynamic properties of a QObject."""

    def __init__(self, obj: Any) -> None:
        self.obj = obj

    def get(self, slot: str) -> Optional[Tuple[str, str]]:
        value = self.obj.property("_parlance." + slot)
        if not value:
            return None
        source, _, shown = str(value).partition("\0")
        return source, shown

    def put(self, slot: str, source: Optional[str], shown: Optional[str]) -> None:
        name = "_parlance." + slot
        if source is None or shown is None:
            if self.obj.property(name) is not None:
                self.obj.setProperty(name, None)
            return
        self.obj.setProperty(name, source + "\0" + shown)


#: The item data roles that keep an item's source texts (text, tooltip).
ROLE = int(QtCore.Qt.ItemDataRole.UserRole) + 0x5041


class _ItemMemory:
    """Source and shown texts of one item of a list, tree or table widget,
    in the item's own data (column: the tree item's column, or None)."""

    def __init__(self, item: Any, column: Optional[int]) -> None:
        self.item = item
        self.column = column

    def _data(self, role: int) -> Any:
        return self.item.data(role) if self.column is None else self.item.data(self.column, role)

    def _set(self, role: int, value: Any) -> None:
        if isinstance(self.item, QtGui.QStandardItem):
            self.item.setData(value, role)
        elif self.column is None:
            self.item.setData(role, value)
        else:
            self.item.setData(self.column, role, value)

    def get(self, slot: int) -> Optional[Tuple[str, str]]:
        value = self._data(ROLE + slot)
        if not value:
            return None
        source, _, shown = str(value).partition("\0")
        return source, shown

    def put(self, slot: int, source: Optional[str], shown: Optional[str]) -> None:
        if source is None or shown is None:
            if self._data(ROLE + slot) is not None:
                self._set(ROLE + slot, None)
            return
        self._set(ROLE + slot, source + "\0" + shown)


class _Relay(QtCore.QObject):
    """Carries a language change from another thread to the UI thread."""
    fire = _Signal()


def _stripped(text: str) -> str:
    """What Qt shows as an action's tooltip when none is set (qt_strippedText)."""
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "&" and i + 1 < len(text):
            i += 1
            out.append(text[i])
        elif c != "&":
            out.append(c)
        i += 1
    result = "".join(out)
    while result.endswith(("...", "\u2026")):
        result = result[:-3] if result.endswith("...") else result[:-1]
    return result.strip()


class QtWalker(Walker):
    """Localizes Qt widget trees (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._relay = _Relay()
        self._relay.fire.connect(self.relocalize)

    def _schedule(self, fn: Callable[[], Any]) -> None:
        self._relay.fire.emit()

    def _alive(self, root: Any) -> bool:
        try:
            root.objectName()
            return True
        except RuntimeError:      # its C++ object was deleted
            return False

    def _apply_direction(self, rtl: bool) -> None:
        QtWidgets.QApplication.setLayoutDirection(
            QtCore.Qt.LayoutDirection.RightToLeft if rtl else QtCore.Qt.LayoutDirection.LeftToRight)

    # ---- the walk

    def _prop(self, obj: Any, slot: str, current: Optional[str], kind: str, setter: Callable[[str], None]) -> None:
        self._text(_Memory(obj), slot, current, kind, setter)

    def _item(self, item: Any, column: Optional[int] = None) -> None:
        """One item's text and tooltip (a tree item's column)."""
        memory = _ItemMemory(item, column)
        if column is None:
            self._text(memory, 0, item.text(), "cell", item.setText)
            self._text(memory, 1, item.toolTip(), "tooltip", item.setToolTip)
        else:
            self._text(memory, 0, item.text(column), "cell", partial(item.setText, column))
            self._text(memory, 1, item.toolTip(column), "tooltip", partial(item.setToolTip, column))

    def _standard_model(self, model: Any, seen: Set[Any]) -> None:
        """A QStandardItemModel's header items and items (every level)."""
        if model in seen:
            return
        seen.add(model)
        heads = [model.horizontalHeaderItem(c) for c in range(model.columnCount())]
        heads += [model.verticalHeaderItem(r) for r in range(model.rowCount())]
        for head in heads:
            if head is not None:
                memory = _ItemMemory(head, None)
                self._text(memory, 0, head.text(), "column", head.setText)
        items = []
        pending = [model.invisibleRootItem()]
        while pending:
            parent = pending.pop()
            for r in range(parent.rowCount()):
                for c in range(parent.columnCount()):
                    child = parent.child(r, c)
                    if child is not None:
                        items.append(child)
                        pending.append(child)
        for item in items:
            self._item(item)

    def _tree_items(self, tree: Any) -> None:
        items = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
        while items:
            item = items.pop()
            for c in range(item.columnCount()):
                self._item(item, c)
            items.extend(item.child(i) for i in range(item.childCount()))

    def _visit(self, obj: Any, seen: Set[Any]) -> None:
        if obj is None or obj in seen:
            return
        seen.add(obj)
        if isinstance(obj, QtGui.QAction):
            self._action(obj, seen)
            return
        if not isinstance(obj, QtWidgets.QWidget):
            return
        self._widget(obj, seen)
        for action in obj.actions():
            self._visit(action, seen)
        for child in obj.children():
            if isinstance(child, QtWidgets.QWidget):
                self._visit(child, seen)

    def _action(self, a: Any, seen: Set[Any]) -> None:
        if a.isSeparator():
            return
        default_tip = _stripped(a.text())
        tip = a.toolTip()
        self._prop(a, "text", a.text(), "action", a.setText)
        if tip and tip != default_tip:
            self._prop(a, "toolTip", tip, "tooltip", a.setToolTip)
        self._prop(a, "statusTip", a.statusTip(), "status", a.setStatusTip)
        self._visit(a.menu(), seen)

    def _widget(self, w: Any, seen: Set[Any]) -> None:
        W = QtWidgets
        if w.isWindow() or isinstance(w, W.QDockWidget):
            self._prop(w, "windowTitle", w.windowTitle(), "title", w.setWindowTitle)
        self._prop(w, "toolTip", w.toolTip(), "tooltip", w.setToolTip)
        self._prop(w, "statusTip", w.statusTip(), "status", w.setStatusTip)
        if isinstance(w, W.QLabel):
            self._prop(w, "text", w.text(), "label", w.setText)
        elif isinstance(w, W.QAbstractButton):
            if isinstance(w, W.QToolButton) and w.defaultAction() is not None:
                pass      # shows its action's text
            else:
                kind = "radio" if isinstance(w, W.QRadioButton) else "check" if isinstance(w, W.QCheckBox) else "button"
                self._prop(w, "text", w.text(), kind, w.setText)
        elif isinstance(w, W.QGroupBox):
            self._prop(w, "title", w.title(), "frame", w.setTitle)
        elif isinstance(w, W.QLineEdit):
            self._prop(w, "placeholderText", w.placeholderText(), "placeholder", w.setPlaceholderText)
        elif isinstance(w, (W.QTextEdit, W.QPlainTextEdit)):
            self._prop(w, "placeholderText", w.placeholderText(), "placeholder", w.setPlaceholderText)
        elif isinstance(w, W.QComboBox):
            for i in range(w.count()):
                self._prop(w, f"item.{i}", w.itemText(i), "item", partial(w.setItemText, i))
            if w.isEditable():
                line = w.lineEdit()
                if line is not None:
                    seen.add(line)      # its text is the user's
                    self._prop(line, "placeholderText", line.placeholderText(), "placeholder", line.setPlaceholderText)
        elif isinstance(w, W.QTabBar):
            for i in range(w.count()):
                self._prop(w, f"tab.{i}", w.tabText(i), "tab", partial(w.setTabText, i))
                self._prop(w, f"tabToolTip.{i}", w.tabToolTip(i), "tooltip", partial(w.setTabToolTip, i))
        elif isinstance(w, W.QToolBox):
            for i in range(w.count()):
                self._prop(w, f"item.{i}", w.itemText(i), "tab", partial(w.setItemText, i))
        elif isinstance(w, W.QTreeWidget):
            header = w.headerItem()
            if header is not None:
                for c in range(header.columnCount()):
                    self._prop(w, f"column.{c}", header.text(c), "column", partial(header.setText, c))
            self._tree_items(w)
        elif isinstance(w, W.QTableWidget):
            for c in range(w.columnCount()):
                item = w.horizontalHeaderItem(c)
                if item is not None:
                    self._prop(w, f"column.{c}", item.text(), "column", item.setText)
            for r in range(w.rowCount()):
                item = w.verticalHeaderItem(r)
                if item is not None:
                    self._prop(w, f"row.{r}", item.text(), "column", item.setText)
            # Collected first: a sorting table moves an item whose text is set.
            cells = [w.item(r, c) for r in range(w.rowCount()) for c in range(w.columnCount())]
            for cell in cells:
                if cell is not None:
                    self._item(cell)
        elif isinstance(w, W.QListWidget):
            for row in [w.item(i) for i in range(w.count())]:
                self._item(row)
        elif isinstance(w, W.QAbstractItemView) and isinstance(w.model(), QtGui.QStandardItemModel):
            self._standard_model(w.model(), seen)
        elif isinstance(w, W.QMenu):
            self._prop(w, "title", w.title(), "menu", w.setTitle)
