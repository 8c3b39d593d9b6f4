"""fluent.runtime (PyPI, 0.4.0) formatting every message and attribute of
the .ftl files named on standard input, one path a line; prints one JSON
object: {path: {"locale": ..., "results": [[id, attribute, args, value,
errors], ...]}}. args is 0 (no arguments) or 1 (every variable the message
names set to the number 3). Bidi isolation is off: it is compared by the
fixtures, not here. The locale is the first folder after the
repository's (owner__name) that looks like one."""
import json
import re
import sys

from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import ast as FTL
from fluent.syntax.visitor import Visitor

LOCALE = re.compile(r"^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$")


def locale_of(path):
    parts = path.split("/")[:-1]
    repository = [i for i, part in enumerate(parts) if "__" in part]  # owner__name, as corpus3 names them
    for part in parts[repository[-1] + 1:] if repository else parts:
        if LOCALE.match(part) and part not in ("src", "app", "web", "ui", "lib", "www"):
            return part.replace("_", "-")
    stem = path.rsplit("/", 1)[-1][:-4]
    return stem.replace("_", "-") if LOCALE.match(stem) else "en-US"


class Variables(Visitor):
    def __init__(self):
        self.names = set()

    def visit_VariableReference(self, node):
        self.names.add(node.id.name)


def main():
    out = {}
    for path in sys.stdin.read().splitlines():
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        locale = locale_of(path)
        try:
            bundle = FluentBundle([locale], use_isolating=False)
        except Exception:
            locale = "en-US"
            bundle = FluentBundle([locale], use_isolating=False)
        resource = FluentResource(text)
        bundle.add_resource(resource)
        results = []
        for entry in resource.body:
            if not isinstance(entry, FTL.Message):
                continue
            message = bundle.get_message(entry.id.name)
            variables = Variables()
            variables.visit(entry)
            patterns = [(None, message.value)] + [(name, value) for name, value in message.attributes.items()]
            for attribute, pattern in patterns:
                if pattern is None:
                    continue
                for index, args in enumerate([{}, {name: 3 for name in variables.names}]):
                    if index and not variables.names:
                        continue
                    try:
                        value, errors = bundle.format_pattern(pattern, args)
                        results.append([entry.id.name, attribute, index, value, len(errors)])
                    except Exception as error:  # fluent.runtime's own failures: left out of the comparison
                        results.append([entry.id.name, attribute, index, None, repr(error)])
        out[path] = {"locale": locale, "results": results}
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
