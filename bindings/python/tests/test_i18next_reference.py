"""i18next catalogs answered as i18next answers them.

Tests/reference/i18next holds a varied v4 catalog, scenarios of queries and
i18next 22.4.8's answers (oracle.js, run by Node on Debian's node-i18next).
Each scenario's resources are written as LNG/NS.json files, loaded into a
catalog, and every query is asked of Parlance with the chain i18next's
fallbackLng gives: the text must be i18next's. The oracle is also run again
here, so the stored answers are i18next's own.

Queries Parlance answers differently by design are left out, each kind
counted and named in SKIPPED_BECAUSE (docs/formats.md):
- options that return or shape objects (returnObjects, joinArrays), default
  values (defaultValue…), the `replace` option object, and values that are
  objects or null in the catalog: Parlance's messages are strings;
- keys whose catalog has v23 `_ordinal_` keys with an ordinal count:
  i18next 22 never looks them up, Parlance does (as i18next 23);
- scenarios of options Parlance does not offer (compatibilityJSON v3,
  keySeparator false with nested objects, fallbackNS, fallbackLng maps).
"""

import json
import os
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

import parlance

REPO = Path(__file__).resolve().parents[3]
REFERENCE = REPO / "Tests" / "reference" / "i18next"
SCENARIOS = ["main_v4", "escape_off", "fallback_array", "no_fallback"]
UNSUPPORTED_OPTIONS = {"returnObjects", "joinArrays", "defaultValue", "defaultValue_other", "replace"}


def _scenarios():
    queries = json.loads((REFERENCE / "queries.json").read_text())
    expected = json.loads((REFERENCE / "expected.json").read_text())
    return {scenario["name"]: (scenario, answers["results"]) for scenario, answers in zip(queries, expected)}


def test_the_stored_answers_are_i18nexts_own():
    node = shutil.which("node")
    assert node, "Node is missing: scripts/install-deps.sh installs nodejs and node-i18next"
    assert (Path("/usr/share/nodejs/i18next")).is_dir(), "node-i18next is missing: scripts/install-deps.sh installs it"
    for name in SCENARIOS:
        scenario, answers = _scenarios()[name]
        run = subprocess.run([node, str(REFERENCE / "oracle.js")], input=json.dumps(scenario), capture_output=True,
                             text=True, check=True, env={"PATH": os.environ.get("PATH", "")})
        assert json.loads(run.stdout) == answers, name


def _ask_i18next(scenario):
    """i18next's answers to a scenario (oracle.js on Node), one per query."""
    run = subprocess.run([shutil.which("node") or "node", str(REFERENCE / "oracle.js")], input=json.dumps(scenario),
                         capture_output=True, text=True, check=True, env={"PATH": os.environ.get("PATH", "")})
    return json.loads(run.stdout)


def _catalog(resources, root: Path) -> parlance.Catalog:
    for language, namespaces in resources.items():
        for namespace, body in namespaces.items():
            path = root / language / f"{namespace}.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(body, ensure_ascii=False))
    catalog = parlance.Catalog()
    catalog.load(root)
    return catalog


def _has_null_or_object(resources, language_chain, namespace, key):
    for language in language_chain:
        node = resources.get(language, {}).get(namespace)
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                node = None
                break
            node = node[part]
        if node is None and key in resources.get(language, {}).get(namespace, {}):
            return True
        if isinstance(node, (dict, list)):
            return True
    return False


@pytest.mark.parametrize("name", SCENARIOS)
def test_parlance_answers_as_i18next(name, tmp_path):
    scenario, answers = _scenarios()[name]
    init = scenario["init"]
    resources = scenario["resources"]
    fallback = init.get("fallbackLng", "dev")
    fallback = [] if fallback is False else [fallback] if isinstance(fallback, str) else list(fallback)
    default_ns = init.get("defaultNS", "translation")
    escape = init.get("interpolation", {}).get("escapeValue", True)
    skipped = Counter()
    compared = 0
    mismatches = []
    with _catalog(resources, tmp_path) as catalog:
        localizers = {}
        for query, answer in zip(scenario["queries"], answers):
            options = dict(query.get("options", {}))
            key = query["key"]
            namespace = options.pop("ns", default_ns)
            if ":" in key and not any(c in key for c in " ,?!;"):
                namespace, key = key.split(":", 1)
            if UNSUPPORTED_OPTIONS & set(options):
                skipped["an option Parlance does not offer"] += 1
                continue
            if answer.get("textType") in ("object", "null") or "returned an object instead of string" in str(answer["text"]):
                skipped["an object or null value"] += 1
                continue
            if any(isinstance(value, dict) for option, value in options.items() if option not in ("user", "interpolation")):
                skipped["an object as a value"] += 1
                continue
            if options.get("count") is None and "count" in options:
                skipped["a null count"] += 1
                continue
            if options.get("ordinal") and any(k.startswith(key + "_ordinal_") or k.startswith(key.split(".")[-1] + "_ordinal_")
                                              for lang in resources.values() for k in lang.get(namespace, {})):
                skipped["_ordinal_ keys (i18next 23)"] += 1
                continue
            language = options.pop("lng", query["lng"])
            chain = [language] + [code for code in fallback if code != "dev" or "dev" in resources]
            if _has_null_or_object(resources, chain, namespace, key):
                skipped["an object or null value"] += 1
                continue
            context = options.pop("context", None)
            interpolation = options.pop("interpolation", {})
            values = {name: value for name, value in options.items() if not isinstance(value, (dict, list))}
            if "escapeValue" in interpolation:
                values["escapeValue"] = interpolation["escapeValue"]
            elif not escape:
                values["escapeValue"] = False
            for option, value in list(values.items()):
                if isinstance(value, bool):   # flags as 0/1; other values as JavaScript prints them
                    values[option] = int(value) if option in ("ordinal", "escapeValue") else ("true" if value else "false")
                elif value is None:
                    values[option] = ""   # i18next interpolates null as ""
            for option, value in options.items():   # {{user.address.city}}: dotted names
                if isinstance(value, dict):
                    stack = [(option, value)]
                    while stack:
                        prefix, node = stack.pop()
                        for part, inner in node.items():
                            if isinstance(inner, dict):
                                stack.append((f"{prefix}.{part}", inner))
                            else:
                                values[f"{prefix}.{part}"] = inner
            if tuple(chain) not in localizers:
                # The default options: i18next's output, right-to-left languages included.
                localizers[tuple(chain)] = parlance.Localizer(catalog, chain[:-1] or chain, development=chain[-1])
            loc = localizers[tuple(chain)]
            got = loc.format_named(key, values, context=None if context in (None, "") else str(context), table=namespace)
            want = answer["text"]
            if answer.get("textType") == "boolean":
                want = "true" if want else "false"
            elif answer.get("textType") == "number":
                want = json.dumps(want)
            compared += 1
            if got != want:
                mismatches.append(f"{language} {namespace}:{query['key']} {query.get('options', {})}: i18next {want!r}, Parlance {got!r}")
        for loc in localizers.values():
            loc.close()
    print(f"{name}: {compared} compared; skipped: {dict(skipped)}")
    assert compared > 0
    assert not mismatches, f"{len(mismatches)} of {compared} differ:\n" + "\n".join(mismatches[:60])


REAL = sorted(p for p in (REPO / "Tests" / "Fixtures" / "real" / "i18next").iterdir() if p.is_dir())
SUFFIXES = ("_zero", "_one", "_two", "_few", "_many", "_other")


@pytest.mark.parametrize("project", REAL, ids=lambda p: p.name)
def test_real_catalogs_answer_as_i18next(project, tmp_path):
    """Real projects' catalogs: every key (plural keys by their base, at
    several counts) in every language, against the oracle run on the same files."""
    resources = {}
    for path in sorted(project.rglob("*.json")):
        # A namespace in a subfolder is named by its path: frigate's "components/dialog".
        language, namespace = path.relative_to(project).parts[0], "/".join(path.relative_to(project).with_suffix("").parts[1:])
        resources.setdefault(language, {})[namespace] = json.loads(path.read_text(encoding="utf-8"))
    queries = []
    for language, namespaces in resources.items():
        for namespace, body in namespaces.items():
            keys = set()
            stack = [("", body)]
            while stack:
                prefix, node = stack.pop()
                for part, inner in node.items():
                    key = prefix + part
                    if isinstance(inner, dict):
                        stack.append((key + ".", inner))
                    elif isinstance(inner, str):
                        keys.add(key)
            for key in sorted(keys):
                base = next((key[:-len(s)] for s in SUFFIXES if key.endswith(s)), None)
                if ":" in key:
                    continue   # i18next reads "ns:key" as a namespace
                if base is None:
                    queries.append({"lng": language, "key": key, "options": {"ns": namespace, "name": "N"}})
                else:
                    for count in (0, 1, 2, 3, 5, 11, 21, 100):
                        queries.append({"lng": language, "key": base, "options": {"ns": namespace, "count": count}})
    scenario = {"resources": resources, "init": {"fallbackLng": "en", "defaultNS": next(iter(resources["en"]))},
                "queries": queries}
    answers = _ask_i18next(scenario)
    mismatches = []
    with _catalog(resources, tmp_path) as catalog:
        localizers = {}
        for query, answer in zip(queries, answers):
            language = query["lng"]
            if language not in localizers:
                localizers[language] = parlance.Localizer(catalog, [language], development="en")
                localizers[language].format_options = parlance.FormatOptions(isolation="none")
            options = dict(query["options"])
            namespace = options.pop("ns")
            got = localizers[language].format_named(query["key"], options, table=namespace)
            if got != answer["text"]:
                mismatches.append(f"{language} {namespace}:{query['key']} {options}: i18next {answer['text']!r}, Parlance {got!r}")
        for loc in localizers.values():
            loc.close()
    print(f"{project.name}: {len(queries)} queries compared")
    assert len(queries) > 100
    assert not mismatches, f"{len(mismatches)} of {len(queries)} differ:\n" + "\n".join(mismatches[:40])


def test_namespaces_in_folders_answer_as_i18next(tmp_path):
    """LNG/components/dialog.json is the namespace "components/dialog" (i18next-fs-backend's
    loadPath "{{lng}}/{{ns}}.json"): every key of every namespace, `ns:key` with the
    namespace's "/", and $t() nesting into it, resolve as i18next resolves them."""
    resources = {
        "en": {
            "translation": {"title": "Home", "open": "$t(components/dialog:ok) now",
                            "files_one": "{{count}} file", "files_other": "{{count}} files"},
            "components/dialog": {"ok": "OK", "cancel": "Cancel", "nested": {"deep": "Deep"},
                                  "item_one": "{{count}} item", "item_other": "{{count}} items",
                                  "back": "$t(translation:title)"},
            "components/forms/login": {"user": "User name", "hello": "Hello {{name}}", "only_en": "English only"},
        },
        "pl": {
            "translation": {"title": "Start"},
            "components/dialog": {"ok": "Dobrze", "item_one": "{{count}} element", "item_few": "{{count}} elementy",
                                  "item_many": "{{count}} elementów", "item_other": "{{count}} elementu"},
            "components/forms/login": {"user": "Nazwa", "hello": "Cześć {{name}}"},
        },
    }
    queries = []
    for language in resources:
        for namespace, body in resources["en"].items():
            for key in sorted(flatten_keys(body)):
                base = next((key[:-len(s)] for s in SUFFIXES if key.endswith(s)), None)
                if base is None:
                    queries.append({"lng": language, "key": key, "options": {"ns": namespace, "name": "N"}})
                    queries.append({"lng": language, "key": f"{namespace}:{key}", "options": {"name": "N"}})
                else:
                    for count in (0, 1, 2, 5, 22):
                        queries.append({"lng": language, "key": base, "options": {"ns": namespace, "count": count}})
    scenario = {"resources": resources, "init": {"fallbackLng": "en", "interpolation": {"escapeValue": False}},
                "queries": queries}
    answers = _ask_i18next(scenario)
    mismatches = []
    with _catalog(resources, tmp_path) as catalog:
        assert set(catalog.tables) >= {"translation", "components/dialog", "components/forms/login"}
        for language in resources:
            with parlance.Localizer(catalog, [language], development="en") as loc:
                loc.format_options = parlance.FormatOptions(isolation="none")
                for query, answer in zip(queries, answers):
                    if query["lng"] != language:
                        continue
                    options = dict(query["options"])
                    namespace = options.pop("ns", None)
                    key = query["key"]
                    if namespace is None:
                        namespace, key = key.split(":", 1)   # i18next's nsSeparator
                    options["escapeValue"] = 0
                    got = loc.format_named(key, options, table=namespace)
                    if got != answer["text"]:
                        mismatches.append(f"{language} {query['key']} {query['options']}: i18next {answer['text']!r}, Parlance {got!r}")
    assert len(queries) > 40
    assert not mismatches, "\n".join(mismatches)


def flatten_keys(body, prefix=""):
    for part, inner in body.items():
        if isinstance(inner, dict):
            yield from flatten_keys(inner, prefix + part + ".")
        else:
            yield prefix + part


def test_missing_keys_and_nesting_answer_as_i18next(tmp_path):
    """A key no language has is used as the text and interpolated (catalogs
    keyed by their natural-language text rely on it), `$t()` nesting passes
    the caller's context on, and a message nesting itself resolves once
    around — each as i18next 22.4.8 answers it."""
    resources = {
        "en": {"translation": {
            "friend": "A friend", "friend_male": "A boyfriend", "friend_female": "A girlfriend",
            "intro": "$t(friend) says hi", "intro_own": "$t(friend, {\"context\": \"female\"}) waves",
            "self": "again $t(self)", "count_one": "{{count}} row", "count_other": "{{count}} rows",
            "summary": "$t(count) deleted",
        }},
        "de": {"translation": {"friend": "Ein Freund", "friend_male": "Ein Kumpel"}},
    }
    queries = []
    for language in ("en", "de"):
        for key, options in (
                ("Delete {{count}} rows?", {"count": 2}), ("Hello {{name}}!", {"name": "Ann"}),
                ("Plain missing key", {}), ("Say $t(friend)", {}), ("Say $t(friend)", {"context": "male"}),
                ("intro", {}), ("intro", {"context": "male"}), ("intro", {"context": "female"}),
                ("intro_own", {"context": "male"}), ("self", {}), ("summary", {"count": 3}),
                ("{{what}} & {{- what}}", {"what": "<b>"})):
            queries.append({"lng": language, "key": key, "options": options})
    scenario = {"resources": resources, "init": {"fallbackLng": "en"}, "queries": queries}
    answers = _ask_i18next(scenario)
    mismatches = []
    with _catalog(resources, tmp_path) as catalog:
        for query, answer in zip(queries, answers):
            with parlance.Localizer(catalog, [query["lng"]], development="en") as loc:
                options = dict(query["options"])
                context = options.pop("context", None)
                got = loc.format_named(query["key"], options, context=context, table="translation")
            if got != answer["text"]:
                mismatches.append(f"{query}: i18next {answer['text']!r}, Parlance {got!r}")
    assert not mismatches, "\n".join(mismatches)


def test_built_in_formatters_answer_as_i18next(tmp_path):
    """`{{val, number}}`, `number(options)`, `currency(USD)`, `datetime(options)`
    in the language asked for, as i18next 22.4.8 formats them through Intl.
    (Arabic is left out: CLDR 44 made Latin digits its default, and Node
    carries a newer ICU than the system's, which Parlance uses.)"""
    import datetime
    templates = {"n": "{{val, number}}", "n2": "{{val, number(minimumFractionDigits: 2)}}",
                 "n3": "{{val, number(maximumFractionDigits: 1; useGrouping: false)}}",
                 "c": "{{val, currency(USD)}}", "c2": "{{val, currency(currency: EUR)}}",
                 "p": "{{val, number(style: percent)}}", "mix": "Total: {{val, number}} ({{name}})",
                 "d2": "{{val, datetime(year: numeric; month: long; day: numeric; timeZone: UTC)}}",
                 "d3": "{{val, datetime(weekday: short; hour: numeric; minute: 2-digit; timeZone: UTC)}}"}
    languages = ["en", "de", "fr", "fa", "ru", "ja", "hi", "pt-BR"]
    resources = {language: {"translation": templates} for language in languages}
    queries = []
    for language in languages:
        for key in templates:
            for value in ([1764700000000, 1764790123456] if key.startswith("d") else [1000, 1234.5678, 0.25, -3, 1000000]):
                queries.append({"lng": language, "key": key, "options": {"val": value, "name": "<x>"}})
    scenario = {"resources": resources, "init": {"fallbackLng": "en"}, "queries": queries}
    answers = _ask_i18next(scenario)
    mismatches = []
    with _catalog(resources, tmp_path) as catalog:
        for query, answer in zip(queries, answers):
            with parlance.Localizer(catalog, [query["lng"]], development="en") as loc:
                values = dict(query["options"])
                if query["key"].startswith("d"):
                    values["val"] = datetime.datetime.fromtimestamp(values["val"] / 1000, datetime.timezone.utc)
                got = loc.format_named(query["key"], values, table="translation")
            if got != answer["text"]:
                mismatches.append(f"{query}: i18next {answer['text']!r}, Parlance {got!r}")
    assert len(queries) > 300
    assert not mismatches, f"{len(mismatches)} differ:\n" + "\n".join(mismatches[:30])


def test_relativetime_answers_as_i18next(tmp_path):
    """`{{val, relativetime}}` (a day by default), `relativetime(quarter)`,
    `relativetime(range: hour; style: short)` and `numeric: auto`, in the
    language asked for, as i18next 22.4.8 formats them through
    Intl.RelativeTimeFormat."""
    templates = {"r": "{{val, relativetime}}", "rq": "{{val, relativetime(quarter)}}",
                 "rh": "{{val, relativetime(range: hour; style: short)}}",
                 "ra": "{{val, relativetime(range: day; numeric: auto)}}",
                 "ry": "Due {{val, relativetime(years)}}"}
    languages = ["en", "de", "fr", "ru", "ja", "pt-BR", "pl"]
    resources = {language: {"translation": templates} for language in languages}
    queries = [{"lng": language, "key": key, "options": {"val": value}}
               for language in languages for key in templates for value in [-2, -1, 0, 1, 3, 21]]
    answers = _ask_i18next({"resources": resources, "init": {"fallbackLng": "en"}, "queries": queries})
    mismatches = []
    with _catalog(resources, tmp_path) as catalog:
        for query, answer in zip(queries, answers):
            with parlance.Localizer(catalog, [query["lng"]], development="en") as loc:
                got = loc.format_named(query["key"], query["options"], table="translation")
            if got != answer["text"]:
                mismatches.append(f"{query}: i18next {answer['text']!r}, Parlance {got!r}")
    assert len(queries) > 200
    assert not mismatches, f"{len(mismatches)} differ:\n" + "\n".join(mismatches[:30])


def test_list_answers_as_i18next(tmp_path):
    """`{{val, list}}` (Intl.ListFormat: an "and" list), `list(type:
    disjunction)`, `list(type: unit; style: narrow)`, `list(style: short)`,
    a list shown without a format (JavaScript's `String(array)`: `a,b,c`)
    and `list` of a text (its characters), in the language asked for, as
    i18next 22.4.8 answers them; Python lists and tuples are the binding's
    list arguments."""
    templates = {"l": "{{val, list}}", "or": "Pick {{val, list(type: disjunction)}}",
                 "u": "{{val, list(type: unit; style: narrow)}}", "s": "{{val, list(style: short)}}",
                 "plain": "Raw: {{val}}"}
    languages = ["en", "de", "fr", "es", "ru", "ja", "zh", "pt-BR", "pl", "it", "nl"]
    values = [["Ann"], ["Ann", "Bob"], ["Ann", "Bob", "Cy"], ["1", "2", "3", "4"], ["é", "<b>", "😀"], "xyz"]
    resources = {language: {"translation": templates} for language in languages}
    # Dutch's short "and" became "&" in a CLDR newer than the system ICU's (72), which Node carries.
    queries = [{"lng": language, "key": key, "options": {"val": value, "interpolation": {"escapeValue": False}}}
               for language in languages for key in templates for value in values if (language, key) != ("nl", "s")]
    answers = _ask_i18next({"resources": resources, "init": {"fallbackLng": "en"}, "queries": queries})
    mismatches = []
    with _catalog(resources, tmp_path) as catalog:
        for number, (query, answer) in enumerate(zip(queries, answers)):
            value = query["options"]["val"]
            if isinstance(value, list) and number % 2:
                value = tuple(value)
            with parlance.Localizer(catalog, [query["lng"]], development="en") as loc:
                got = loc.format_named(query["key"], {"val": value, "escapeValue": False}, table="translation")
            if got != answer["text"]:
                mismatches.append(f"{query}: i18next {answer['text']!r}, Parlance {got!r}")
    assert len(queries) > 300
    assert not mismatches, f"{len(mismatches)} differ:\n" + "\n".join(mismatches[:30])


def test_a_list_argument_is_refused_where_it_cannot_be_carried():
    """An empty item cannot be spelled in the C list (each item ends at a
    NUL, the list at an empty one): the binding refuses it rather than
    cutting the list short."""
    with parlance.Catalog() as catalog, parlance.Localizer(catalog, ["en"]) as loc:
        with pytest.raises(ValueError, match="empty item"):
            loc.format_named("{{val, list}}", {"val": ["a", "", "b"]})
        with pytest.raises(ValueError, match="NUL"):
            loc.format_named("{{val, list}}", {"val": ["a\0b"]})


def test_a_language_code_bcp47_cannot_spell_is_served_as_i18next_serves_it(tmp_path):
    """i18next serves `kab-KAB` (Kabyle with a code that is no region) from
    its folder and falls back from it to `kab`, then to the fallback
    language; Parlance loads the folder and answers the same."""
    resources = {"kab-KAB": {"translation": {"hello": "Azul", "only": "Anda"}},
                 "kab": {"translation": {"hello": "Azul (kab)", "bye": "Ar tufat"}},
                 "en": {"translation": {"hello": "Hello", "bye": "Bye", "only": "Only", "last": "Last"}}}
    queries = [{"lng": "kab-KAB", "key": key, "options": {}} for key in ("hello", "only", "bye", "last")]
    answers = _ask_i18next({"resources": resources, "init": {"fallbackLng": "en"}, "queries": queries})
    assert [a["text"] for a in answers] == ["Azul", "Anda", "Ar tufat", "Last"]
    with _catalog(resources, tmp_path) as catalog:
        assert "kab-x-kab" in catalog.locales
        with parlance.Localizer(catalog, ["kab-KAB"], development="en") as loc:
            assert [loc.format_named(q["key"], table="translation") for q in queries] == [a["text"] for a in answers]


def test_number_options_intl_refuses_leave_the_value_as_i18next(tmp_path):
    """`Intl.NumberFormat` throws for options it refuses (`style: unit`
    without a `unit`, a style or display it does not know, digits out of
    range, a currency style without a currency); i18next catches the error
    and leaves the value as it is. Options it takes, `style: unit` with a
    unit and `style: currency` with a currency among them, format as Intl
    formats them, each as i18next 22.4.8 answers it."""
    templates = {
        "unit_no_unit": "{{val, number(style: unit; unitDisplay: long;)}}",
        "unit_km": "{{val, number(style: unit; unit: kilometer)}}",
        "unit_long": "{{val, number(style: unit; unit: kilogram; unitDisplay: long)}}",
        "unit_per": "{{val, number(style: unit; unit: kilometer-per-hour; unitDisplay: narrow)}}",
        "unit_bad": "{{val, number(style: unit; unit: furlong)}}",
        "style_bad": "{{val, number(style: bogus)}}", "sign_bad": "{{val, number(signDisplay: sometimes)}}",
        "notation_bad": "{{val, number(notation: huge)}}", "digits_high": "{{val, number(minimumFractionDigits: 25)}}",
        "digits_crossed": "{{val, number(minimumFractionDigits: 3; maximumFractionDigits: 1)}}",
        "digits_text": "{{val, number(maximumFractionDigits: many)}}", "integer_zero": "{{val, number(minimumIntegerDigits: 0)}}",
        "currency_style": "{{val, number(style: currency)}}", "currency_eur": "{{val, number(style: currency; currency: EUR)}}",
        "currency_code": "{{val, currency(currency: US)}}", "currency_empty": "{{val, currency()}}",
        "grouping_off": "{{val, number(useGrouping: false)}}", "display_unused": "{{val, number(unitDisplay: long)}}",
        "chained": "{{val, number(style: unit), number(maximumFractionDigits: 0)}}",
        "text": "Distance: {{val, number(style: unit; unitDisplay: short)}} ({{val, number}})",
    }
    languages = ["en", "de", "fr", "ja", "ru", "pt-BR"]
    resources = {language: {"translation": templates} for language in languages}
    queries = [{"lng": language, "key": key, "options": {"val": value}}
               for language in languages for key in templates for value in (1234.5, -3, 0.25, 1)]
    answers = _ask_i18next({"resources": resources, "init": {"fallbackLng": "en"}, "queries": queries})
    assert answers[0]["text"] == "1234.5"
    mismatches = []
    with _catalog(resources, tmp_path) as catalog:
        for language in languages:
            with parlance.Localizer(catalog, [language], development="en") as loc:
                for query, answer in zip(queries, answers):
                    if query["lng"] != language:
                        continue
                    got = loc.format_named(query["key"], query["options"], table="translation")
                    if got != answer["text"]:
                        mismatches.append(f"{query}: i18next {answer['text']!r}, Parlance {got!r}")
    assert len(queries) > 400
    assert not mismatches, f"{len(mismatches)} differ:\n" + "\n".join(mismatches[:30])
