# Fixture for parlance extract: Python literals and the binding.
from gettext import gettext, ngettext, pgettext, npgettext, dgettext
import parlance

# TRANSLATORS: the window title
title = _("Parlance demo")
greeting = gettext('Single quoted with "double" inside')
implicit = _("Implicit "
             'concatenation '
             "across lines")
escapes = _("Escapes: \"q\" \\ \t \x41 \101 \u00e9 \U0001F600 \N{BULLET}")
raw = _(r"Raw \n stays")
triple = _("""Triple "quoted"
second line""")
triple_single = _('''Triple 'single' quoted''')
hashes = _("A string with # and // inside")  # a comment after code
files = ngettext("%d file", "%d files", 3)
menu = pgettext("menu", "Open")
inbox = npgettext("inbox", "%d message", "%d messages", 2)
error = dgettext("errors", "Disk full")
again = _("Parlance demo")

name = "Ada"
fstring = _(f"Hello {name}")
variable = _(name)
data = _(b"bytes are not text")
plus = _("Joined " + "with plus")


def localize(loc: parlance.Localizer, n: int) -> list:
    # TRANSLATORS: the binding's text()
    a = loc.text("settings.title")
    b = loc.text("Name", context="Name label in login screen", table="Menu")
    c = loc.lookup("maybe.missing", None, "Menu")
    d = loc.plural("files.count", n)
    e = loc.plural("inbox.count", n, context="inbox")
    f = loc.format("welcome.user", "Ada", context="greeting")
    g = loc.localize_marked("^Print")
    h = loc.text(some_key)
    i = "{} items".format(n)
    j = codecs.lookup("utf-8")
    k = loc.text(f"dynamic {n}")
    return [a, b, c, d, e, f, g, h, i, j, k]


def text(self, key):
    return key
