"""String Catalog substitutions as the catalog Xcode compiles serves them:
a `%#@name@` whose substitution has an `argNum` takes that argument; one
without takes the next argument in the string (the compiled `.stringsdict`
keeps it unnumbered, and Foundation reads it in order). Checked on every
substitution of the real String Catalogs in the reference data."""

import itertools
import json
import re

import parlance

CONVERSION = re.compile(r"%(?:(\d+)\$)?(?:#@([^@]+)@|(lld|ld|lu|llu|d|u|@))")


def _forms(body, source):
    plural = body.get("variations", {}).get("plural", {})
    forms = {}
    for category, form in plural.items():
        unit = form.get("stringUnit", {})
        if "value" in unit and (source or unit.get("state") != "new"):
            forms[category] = unit["value"]
    return forms


def _render(value, substitutions, args, tag, source):
    """Foundation's reading of the compiled entry: conversions take their
    numbered argument, else the next one; `%#@name@` the plural form of its
    argument's category, `%arg` in it that argument."""
    sequence = 0

    def replace(match):
        nonlocal sequence
        sequence += 1
        position = int(match.group(1)) if match.group(1) else sequence
        if match.group(2):
            substitution = substitutions[match.group(2)]
            n = args[substitution.get("argNum", position) - 1]
            forms = _forms(substitution, source)
            category = parlance.plural_category(tag, n)
            if n == 0 and "zero" in forms:
                category = "zero"
            return forms.get(category, forms["other"]).replace("%arg", str(n))
        return str(args[position - 1])

    return CONVERSION.sub(replace, value)


def test_substitutions_take_their_arguments_as_compiled(corpus):
    catalogs = sorted(corpus.rglob("*.xcstrings"))
    assert len(catalogs) >= 10
    checked = unnumbered = 0
    for path in catalogs:
        document = json.loads(path.read_text(encoding="utf-8"))
        source = document.get("sourceLanguage", "en")
        with parlance.Catalog() as cat:
            cat.load(path)
            for key, entry in document["strings"].items():
                for tag, body in entry.get("localizations", {}).items():
                    subs = body.get("substitutions")
                    unit = body.get("stringUnit", {})
                    if not subs or "value" not in unit or (tag != source and unit.get("state") == "new"):
                        continue
                    if any("variations" in s and "device" in s["variations"] for s in subs.values()):
                        continue
                    if any("other" not in _forms(s, tag == source) for s in subs.values()):
                        continue
                    value = unit["value"]
                    conversions = CONVERSION.findall(value)
                    if any(name not in subs for _, name, _ in conversions if name):
                        continue
                    if value.replace("%%", "").count("%") != len(conversions):
                        continue   # other conversions (%f, %s…): outside what this reference renders
                    forms_text = "".join(f for sub in subs.values() for f in _forms(sub, tag == source).values())
                    if forms_text.replace("%%", "").count("%") != forms_text.count("%arg"):
                        continue   # forms naming other arguments (`%2$@`): outside it too
                    with parlance.Localizer(cat, [tag], development=tag) as loc:
                        for ns in itertools.product((0, 1, 2, 5, 21), repeat=len(conversions)):
                            args = list(ns)
                            assert loc.format(key, *args, table=path.stem) == _render(value, subs, args, tag, tag == source), \
                                (path.name, tag, key, args)
                    checked += 1
                    unnumbered += any("argNum" not in s for s in subs.values())
    assert checked > 50 and unnumbered > 10, (checked, unnumbered)
