"""i18next namespaces through the built CLI: `merge --format i18next` leaves a
real namespace byte for byte as it was when nothing changed (no `git diff`),
an addition changes only its own lines, and i18next itself (Node and Debian's
node-i18next, through Tests/reference/i18next/oracle.js) resolves every key,
plural count and context to what the tools wrote, as the Parlance runtime
does through the Python binding."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
import sys  # noqa: E402
sys.path.insert(0, str(ROOT / "bindings" / "python"))
import parlance  # noqa: E402

REAL = ROOT / "Tests" / "Fixtures" / "real" / "i18next"
ORACLE = ROOT / "Tests" / "reference" / "i18next" / "oracle.js"
COUNTS = [0, 1, 2, 3, 5, 11, 21, 22, 101, 1.5]


def git(directory, *args):
    return subprocess.run(["git", "-C", str(directory), *args], capture_output=True, text=True, check=True).stdout


def repository(tmp_path, *namespaces):
    """Copies of real namespaces (project/lng/ns.json) as tmp_path/lng/ns.json, committed in a fresh repository."""
    for name in namespaces:
        project, language, file = name.split("/")
        (tmp_path / language).mkdir(exist_ok=True)
        shutil.copyfile(REAL / project / language / file, tmp_path / language / file)
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", ".")
    git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "namespaces")


def parlance_cli(cli, *args):
    run = subprocess.run([cli, *args], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return run.stdout


def i18next(resources, queries):
    """i18next's t() for each query, no fallback language, no escaping."""
    node = shutil.which("node")
    assert node, "Node is missing: scripts/install-deps.sh installs nodejs and node-i18next"
    assert Path("/usr/share/nodejs/i18next").is_dir(), "node-i18next is missing: scripts/install-deps.sh installs it"
    scenario = {"resources": resources, "init": {"fallbackLng": False, "interpolation": {"escapeValue": False}},
                "queries": queries}
    run = subprocess.run([node, str(ORACLE)], input=json.dumps(scenario), capture_output=True, text=True, check=True,
                         env={"PATH": os.environ.get("PATH", "")})
    return [answer["text"] for answer in json.loads(run.stdout)]


def flatten(node, prefix=""):
    for key, value in node.items():
        path = prefix + "." + key if prefix else key
        if isinstance(value, dict):
            yield from flatten(value, path)
        else:
            yield path, value


def test_merging_real_namespaces_into_themselves_leaves_no_diff(cli, tmp_path):
    repository(tmp_path, "headlamp/en/translation.json", "headlamp/en/glossary.json", "frigate/en/common.json")
    sources = [arg for path in sorted((tmp_path / "en").glob("*.json")) for arg in ("--from", str(path))]
    summary = parlance_cli(cli, "merge", "--format", "i18next", *sources, "-o", str(tmp_path))
    assert git(tmp_path, "status", "--porcelain") == "", summary


def test_additions_change_only_their_lines_and_keep_translations(cli, tmp_path):
    repository(tmp_path, "headlamp/en/translation.json", "headlamp/ru/translation.json")
    template = tmp_path / "new" / "translation.pot"
    template.parent.mkdir()
    template.write_text('msgid "cluster.upgrade.title"\nmsgstr ""\n')
    parlance_cli(cli, "merge", "--format", "i18next", "--from", str(tmp_path / "en" / "translation.json"),
                 "--from", str(template), "-o", str(tmp_path))
    for language in ("en", "ru"):
        diff = git(tmp_path, "diff", "-U0", "--", f"{language}/translation.json")
        removed = [line for line in diff.splitlines() if line.startswith("-") and not line.startswith("---")]
        added = [line for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")]
        # The last member gains its comma; the new key is nested by ".".
        assert len(removed) == 1 and added[0] == removed[0].replace("-", "+", 1) + ","
        assert added[1:] == ['+  "cluster": {', '+    "upgrade": {', '+      "title": "cluster.upgrade.title"',
                             '+    }', '+  }'], diff
    ru = json.loads((tmp_path / "ru" / "translation.json").read_text())
    original = json.loads((REAL / "headlamp" / "ru" / "translation.json").read_text())
    assert all(ru[key] == value for key, value in original.items())


def test_i18next_resolves_what_extract_wrote_as_the_runtime_does(cli, tmp_path):
    source = tmp_path / "src" / "app.py"
    source.parent.mkdir()
    source.write_text(
        "from gettext import gettext as _, ngettext, pgettext\n"
        "print(_('nav.home'))\n"
        "print(_('Save changes?'))\n"
        "print(ngettext('inbox.count', '{{count}} messages', n))\n"
        "print(ngettext('{{count}} file', '{{count}} files', n))\n"
        "print(pgettext('male', 'friend'))\n"
        "print(_('friend'))\n")
    out = tmp_path / "locales"
    parlance_cli(cli, "extract", "--format", "i18next", "--quiet", "--locale", "ru", "--locale", "ar", "--locale", "pl",
                 "-o", str(out), str(source.parent))
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*.json")) == [
        "ar/translation.json", "en/translation.json", "pl/translation.json", "ru/translation.json"]
    english = (out / "en" / "translation.json").read_text()
    assert english.startswith('{\n  "') and english.endswith("}\n")
    assert '\n  "nav": {\n    "home": "nav.home"\n  }' in english
    resources = {p.parent.name: {"translation": json.loads(p.read_text())} for p in out.glob("*/translation.json")}
    assert set(resources["ar"]["translation"]) >= {"inbox", "{{count}} file_zero", "{{count}} file_two",
                                                   "{{count}} file_few", "{{count}} file_many"}

    queries, expected, runtime = [], [], []
    with parlance.Catalog() as catalog:
        catalog.load(str(out))
        for language, namespaces in sorted(resources.items()):
            written = dict(flatten(namespaces["translation"]))
            with parlance.Localizer(catalog, [language], development="en") as t:
                t.format_options = parlance.FormatOptions(isolation="none")   # i18next isolates nothing
                # Every key merge wrote, as written.
                for key, value in written.items():
                    queries.append({"lng": language, "key": key})
                    expected.append(value)
                    runtime.append(t.format_named(key, table="translation", escapeValue=False))
                # Plural messages by count, and the context.
                for key in ("inbox.count", "{{count}} file"):
                    for count in COUNTS:
                        queries.append({"lng": language, "key": key, "options": {"count": count}})
                        forms = [value for stored, value in written.items() if stored.startswith(key + "_")]
                        expected.append(forms)
                        runtime.append(t.format_named(key, {"count": count}, table="translation", escapeValue=False))
                queries.append({"lng": language, "key": "friend", "options": {"context": "male"}})
                expected.append(written["friend_male"])
                runtime.append(t.format_named("friend", context="male", table="translation", escapeValue=False))
    answers = i18next(resources, queries)
    assert answers == runtime
    for query, answer, wanted in zip(queries, answers, expected):
        if isinstance(wanted, list):
            count = query["options"]["count"]
            assert answer in [form.replace("{{count}}", str(count)) for form in wanted], query
        else:
            assert answer == wanted, query


def test_pseudo_writes_a_namespace_i18next_reads(cli, tmp_path):
    catalog = tmp_path / "locales"
    (catalog / "en").mkdir(parents=True)
    (catalog / "en" / "common.json").write_text(
        '{"title": "Settings", "file_one": "{{count}} file", "file_other": "{{count}} files"}\n')
    parlance_cli(cli, "pseudo", "--quiet", "-o", str(catalog), str(catalog))
    pseudo = json.loads((catalog / "en-XA" / "common.json").read_text())
    assert set(pseudo) == {"title", "file_one", "file_other"} and pseudo["title"] != "Settings"
    answers = i18next({"en-XA": {"common": pseudo}},
                      [{"lng": "en-XA", "key": "file", "options": {"count": 2, "ns": "common"}}])
    assert answers == [pseudo["file_other"].replace("{{count}}", "2")]
