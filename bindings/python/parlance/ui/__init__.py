"""Localize live widget trees (GTK 4 and 3, Qt 6 Widgets, Tk) in place and
again after every language switch.

A walker visits a window, widget or menu and everything under it, and
localizes each text a person reads by three rules, each a choice:

* ``caret`` (GTMUILocalizer): a text ``^Key`` shows the translation of
  ``Key`` (the key itself when missing, as ``localize-doc`` does); a value
  may itself start with ``^`` (``"Foo" = "^Foo"``): it is shown as it is.
* ``placeholders`` (BRLocalize): every ``{key.path}`` in a text is replaced
  by the translation of ``key.path`` from ``placeholder_table`` (default:
  ``table``; hierarchical JSON tables are read as dotted keys); one pass, a
  missing key's placeholder stays as written.
* ``implicit`` (implicit subclass localization): for the kinds of text the
  program names (``"label"``, ``"button"``, ``"placeholder"``...), the
  whole text is the key.

Texts a UI document marks translatable (GtkBuilder's ``translatable="yes"``)
are keys too, with their document's table and context, when the walker
knows them (:meth:`UITexts.mark_translatable`; ``GtkWalker.builder`` loads
a ``.ui`` file untranslated and marks its texts).

A ``hook`` (or a subclass overriding :meth:`UITexts.localized_string_for_string`)
decides how one string is localized. Every property a walker sets
remembers its source text, and the walker listens to its localizer
(:meth:`parlance.Localizer.on_change`): after ``set_locales`` or a load the
same trees are localized again from their sources, and the text direction
follows the first language of the chain.

The toolkit modules (``parlance.ui.gtk``, ``parlance.ui.qt``,
``parlance.ui.tk``) import their toolkit; this module imports none.
"""
from __future__ import annotations

import re
import threading
import weakref
from typing import Any, Callable, Collection, Dict, Iterable, List, Optional, Set, Tuple, Union

from ..localizer import Localizer

__all__ = ["UITexts", "Walker", "KINDS", "is_right_to_left", "Hook"]

#: The kinds of text a walker tells the rules and the hook.
KINDS = frozenset({"label", "button", "check", "radio", "title", "subtitle", "tooltip", "status", "placeholder",
                   "frame", "tab", "column", "item", "cell", "menu", "action"})

#: ``hook(text, kind) -> str | None``: a str is shown instead of what the
#: rules give; None leaves the text to the rules.
Hook = Callable[[str, str], Optional[str]]

_PLACEHOLDER = re.compile(r"\{([^{}\s]+)\}")

# Languages written right to left (CLDR's characterOrder right-to-left),
# and scripts that are, for tags that name one ("az-Arab", "pa-Arab").
_RTL_LANGUAGES = frozenset({"ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "lrc", "mzn", "ps", "sd", "syr",
                            "ug", "ur", "yi", "nqo", "sdh", "glk", "ji"})
_RTL_SCRIPTS = frozenset({"arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg", "mand", "samr", "mend"})


def is_right_to_left(locale: Optional[str]) -> bool:
    """True when locale (a BCP 47 tag) is written right to left: its script
    subtag if it names one, else its language."""
    if not locale:
        return False
    parts = locale.replace("_", "-").lower().split("-")
    for part in parts[1:]:
        if len(part) == 4 and part.isalpha():
            return part in _RTL_SCRIPTS
    return parts[0] in _RTL_LANGUAGES


class UITexts:
    """The rules: how one text of a widget is localized (toolkit-free)."""

    def __init__(self, localizer: Localizer, *, caret: bool = True, placeholders: bool = False,
                 implicit: Union[bool, Iterable[str]] = (), table: Optional[str] = None,
                 placeholder_table: Optional[str] = None, hook: Optional[Hook] = None) -> None:
        if not isinstance(localizer, Localizer):
            raise TypeError("localizer must be a parlance.Localizer")
        self.localizer = localizer
        self.caret = caret
        self.placeholders = placeholders
        kinds = KINDS if implicit is True else frozenset(() if implicit is False else implicit)
        unknown = set(kinds) - KINDS
        if unknown:
            raise ValueError(f"unknown kinds of text {sorted(unknown)} (known: {sorted(KINDS)})")
        self.implicit: Collection[str] = frozenset(kinds)
        self.table = table
        self.placeholder_table = placeholder_table if placeholder_table is not None else table
        self.hook = hook
        # text -> (table, context) of the texts a UI document marks translatable.
        self.translatable: Dict[str, Tuple[Optional[str], Optional[str]]] = {}

    def mark_translatable(self, text: str, table: Optional[str] = None, context: Optional[str] = None) -> None:
        """Makes text a key wherever a walker meets it as a source: looked up
        in table (default: the walker's table) with context. The first mark
        of a text wins (a widget does not carry its document's context)."""
        if text:
            self.translatable.setdefault(text, (table if table is not None else self.table, context))

    def localized(self, text: str, kind: str) -> Optional[str]:
        """What a text of this kind shows, or None to leave it alone."""
        if not text:
            return None
        if self.hook is not None:
            shown = self.hook(text, kind)
            if shown is not None:
                return shown
        return self.localized_string_for_string(text, kind)

    def localized_string_for_string(self, text: str, kind: str) -> Optional[str]:
        """The rules; a subclass may override (GTMUILocalizer's
        ``localizedStringForString:``). None: not a text to localize."""
        if self.caret and text.startswith("^"):
            if self.table is None:
                return self.localizer.localize_marked(text)
            return self.localizer.text(text[1:], table=self.table)
        if self.placeholders and "{" in text:
            expanded = self.expand_placeholders(text)
            if expanded is not None:
                return expanded
        marked = self.translatable.get(text)
        if marked is not None:
            return self.localizer.text(text, context=marked[1], table=marked[0])
        if kind in self.implicit:
            return self.localizer.text(text, table=self.table)
        return None

    def expand_placeholders(self, text: str) -> Optional[str]:
        """text with every ``{key.path}`` whose key the chain has replaced by
        its translation (one pass: a value's own braces stay); None when text
        has no placeholder."""
        if not _PLACEHOLDER.search(text):
            return None

        def value(match: "re.Match[str]") -> str:
            found = self.localizer.lookup(match.group(1), table=self.placeholder_table)
            return match.group(0) if found is None else found

        return _PLACEHOLDER.sub(value, text)

    @property
    def right_to_left(self) -> bool:
        """Whether the first language of the chain is written right to left."""
        locales = self.localizer.locales
        return is_right_to_left(locales[0] if locales else None)


class Walker:
    """What the toolkit walkers share: the rules, the remembered sources,
    the trees handed over, and the reaction to language changes.

    A toolkit walker implements ``_visit(root, seen)`` (localize root and
    everything under it), ``_alive(root)``, ``_apply_direction(rtl)`` and
    ``_schedule(fn)`` (run fn on the UI thread soon).
    """

    def __init__(self, localizer: Localizer, *, caret: bool = True, placeholders: bool = False,
                 implicit: Union[bool, Iterable[str]] = (), table: Optional[str] = None,
                 placeholder_table: Optional[str] = None, hook: Optional[Hook] = None, direction: bool = True,
                 texts: Optional[UITexts] = None) -> None:
        self.texts = texts or UITexts(localizer, caret=caret, placeholders=placeholders, implicit=implicit,
                                      table=table, placeholder_table=placeholder_table, hook=hook)
        self.localizer = self.texts.localizer
        self.direction = direction
        self._roots: List[Any] = []
        self._thread = threading.get_ident()
        self._rtl: Optional[bool] = None
        self._listening = False
        self.count = 0          # texts set by the last walk
        # The localizer holds the callback; the callback holds the walker weakly.
        ref = weakref.ref(self)

        def changed(localizer: Localizer, change: str) -> None:
            walker = ref()
            if walker is not None:
                walker._changed()

        self._callback = changed

    # ---- public

    def localize(self, root: Any) -> int:
        """Localizes root and everything under it now and again after every
        language change, until :meth:`forget`. Returns the number of texts set."""
        if not self._listening:
            self.localizer.on_change(self._callback)
            self._listening = True
        if not any(r is root for r in self._roots):
            self._roots.append(root)
        self._update_direction()
        self.count = 0
        self._visit(root, set())
        return self.count

    def relocalize(self) -> int:
        """Localizes every tree handed over again from the remembered
        sources (what a language change does). Returns the texts set."""
        self._roots = [r for r in self._roots if self._alive(r)]
        self._update_direction()
        self.count = 0
        seen: Set[Any] = set()
        for root in list(self._roots):
            self._visit(root, seen)
        return self.count

    def forget(self, root: Any) -> None:
        """Stops localizing root again on language changes."""
        self._roots = [r for r in self._roots if r is not root]

    def close(self) -> None:
        """Stops listening to the localizer and forgets every tree."""
        if self._listening:
            self.localizer.remove_on_change(self._callback)
            self._listening = False
        self._roots = []

    def __enter__(self) -> "Walker":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # ---- shared machinery

    def _changed(self) -> None:
        if threading.get_ident() == self._thread:
            self.relocalize()
        else:
            self._schedule(self.relocalize)

    def _update_direction(self) -> None:
        if not self.direction:
            return
        rtl = self.texts.right_to_left
        if rtl != self._rtl:
            self._rtl = rtl
            self._apply_direction(rtl)

    def _text(self, memory: Any, slot: Any, current: Optional[str], kind: str,
              setter: Callable[[str], None]) -> None:
        """Localizes one text: its source is the remembered one while the
        widget still shows what was set, else what it shows now (the program
        set a new text). memory.get(slot) -> (source, shown) | None and
        memory.put(slot, source, shown) store the pair with the widget."""
        if current is None:
            return
        known = memory.get(slot)
        source = known[0] if known is not None and known[1] == current else current
        shown = self.texts.localized(source, kind)
        if shown is None:
            if known is not None:
                memory.put(slot, None, None)
            return
        shown = self._displayed(shown, current, setter, kind)
        memory.put(slot, source, shown)

    def _displayed(self, shown: str, current: str, setter: Callable[[str], None], kind: str) -> str:
        """Sets shown (when the widget does not show it already) and returns
        what the widget shows now (a toolkit may turn a mnemonic marker
        into an option)."""
        if shown != current:
            setter(shown)
        self.count += 1
        return shown

    # ---- toolkit parts

    def _visit(self, root: Any, seen: Set[Any]) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _alive(self, root: Any) -> bool:  # pragma: no cover - abstract
        return True

    def _apply_direction(self, rtl: bool) -> None:  # pragma: no cover - abstract
        pass

    def _schedule(self, fn: Callable[[], Any]) -> None:  # pragma: no cover - abstract
        fn()
