"""i18next's answers on the reference data's i18next catalogs (corpus.tar.xz,
json-i18next: 11 web apps), against node-i18next (the oracle and helpers
of bindings/python/tests/test_i18next_reference.py)."""
import importlib.util
import json
import pathlib

import parlance

ROOT = pathlib.Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location(
    "i18next_reference", ROOT / "bindings" / "python" / "tests" / "test_i18next_reference.py")
reference = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(reference)

#: What a key nested by `$t()` cannot hold: i18next reads them as options, formats or the namespace.
NOT_IN_NESTED_KEYS = set(":,(){}$.\"'")


def _namespaces(corpus):
    """Every file of the i18next apps as a namespace of its own (`f0`, `f1`…)."""
    files = sorted((corpus / "json-i18next").rglob("*.json"))
    assert len(files) > 400, len(files)
    namespaces = {}
    for number, path in enumerate(files):
        body = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(body, dict):
            namespaces[f"f{number}"] = body
    return namespaces


def _answers(resources, queries, tmp_path, language="en"):
    """(i18next's answer, Parlance's answer) per query."""
    answers = reference._ask_i18next({"resources": resources, "init": {"fallbackLng": language}, "queries": queries})
    pairs = []
    with reference._catalog(resources, tmp_path) as catalog, parlance.Localizer(catalog, [language]) as loc:
        loc.format_options = parlance.FormatOptions(isolation="none")
        for query, answer in zip(queries, answers):
            options = dict(query["options"])
            namespace = options.pop("ns")
            pairs.append((query, answer["text"], loc.format_named(query["key"], options, table=namespace)))
    return pairs


def test_a_message_nesting_itself_through_its_namespace_answers_as_i18next(corpus, tmp_path):
    """In every file, the first key a `$t()` can name is made to nest
    itself through its namespace, `a $t(NS:KEY) b`: i18next compares the
    key as written with the one its caller asked for, so `NS:KEY` inside
    `KEY` goes round twice before it stops (`a a a  b b b`), as Parlance; a
    key that reads as a sentence names no namespace there (i18next's
    `looksLikeObjectPath`), and `NS:New API key` is a missing key."""
    namespaces = _namespaces(corpus)
    queries = []
    for namespace, body in namespaces.items():
        path = next((p for p, _ in _leaves(body) if all(part and part.strip() == part and not NOT_IN_NESTED_KEYS & set(part)
                                                        for part in p)), None)
        if path is None:
            continue
        node = body
        for part in path[:-1]:
            node = node[part]
        key = ".".join(path)
        node[path[-1]] = f"a $t({namespace}:{key}) b"
        queries.append({"lng": "en", "key": key, "options": {"ns": namespace}})
    pairs = _answers({"en": namespaces}, queries, tmp_path)
    mismatches = [f"{q['options']['ns']}:{q['key']}: i18next {want!r}, Parlance {got!r}"
                  for q, want, got in pairs if got != want]
    assert len(pairs) > 400, len(pairs)
    assert not mismatches, f"{len(mismatches)} of {len(pairs)} differ:\n" + "\n".join(mismatches[:20])
    # Keys that read as sentences (`New API key`) name no namespace in i18next: those probes nest a missing key.
    rounds = sum(want == "a a a  b b b" for _, want, _ in pairs)
    print(f"{len(pairs)} probes; {rounds} nest their message twice around, as i18next")
    assert rounds > 380, rounds


def _leaves(node, path=()):
    """(path, text) of every string of a namespace, in file order."""
    for part, inner in node.items():
        if isinstance(inner, dict):
            yield from _leaves(inner, path + (part,))
        elif isinstance(inner, str):
            yield path + (part,), inner


def test_keys_i18next_cannot_reach_answer_as_i18next(corpus, tmp_path):
    """Every key of the reference data whose path has a `.` inside one of
    its names (`exact` > `Loading...`, beside `exact` > `Loading`; a
    top-level `A. B.` with an empty text), asked of i18next and of
    Parlance. i18next's `getPath` and `deepFind` split the key at every
    `.` and stop where a prefix is a text, answering the key; Parlance
    leaves those keys out of the table it serves, and answers the same.
    Every other such key is found by both."""
    namespaces = _namespaces(corpus)
    queries = []
    for namespace, body in namespaces.items():
        for path, text in _leaves(body):
            key = ".".join(path)
            if ":" in key or "{{" in text or "$t(" in text:
                continue
            if any("." in part for part in path[1:]) or ("." in path[0] and text == ""):
                queries.append({"lng": "en", "key": key, "options": {"ns": namespace}})
    pairs = _answers({"en": namespaces}, queries, tmp_path)
    unreachable = [f"{q['options']['ns']}:{q['key']}" for q, want, _ in pairs if want == q["key"]]
    mismatches = [f"{q['options']['ns']}:{q['key']}: i18next {want!r}, Parlance {got!r}"
                  for q, want, got in pairs if got != want]
    print(f"{len(pairs)} keys with a `.` inside a name; {len(unreachable)} i18next does not reach: {unreachable}")
    assert len(pairs) > 500 and len(unreachable) >= 5, (len(pairs), unreachable)
    assert not mismatches, f"{len(mismatches)} of {len(pairs)} differ:\n" + "\n".join(mismatches[:20])
