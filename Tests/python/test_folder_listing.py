"""A folder of Qt `.ts` files or Java bundles is listed once by each tool,
not once per language (docs/decisions.md, "One reading of a folder"): run
under strace, `stats`, `lint --catalog`, `pseudo`, `convert` and `merge`
open each `.ts` (Qt's listing reads each file's first bytes) and look up
each bundle as many times in a folder of 60 languages as in one of 20, and
open the folder itself as many times. System calls are counted, not time:
the counts do not move with the machine's load."""
import collections
import re
import shutil
import subprocess

import pytest

STRACE = shutil.which("strace")
LANGUAGES = ["de", "fr", "es", "it", "pt", "nl", "sv", "da", "fi", "pl", "cs", "ru", "uk", "ja", "ko", "zh", "ar", "he", "tr", "el"]
REGIONS = ["AT", "BE", "CH"]
TABLES = ["app", "dialogs", "help"]
# The path a call names: openat(AT_FDCWD, "PATH", …), newfstatat(AT_FDCWD, "PATH", …), statx(AT_FDCWD, "PATH", …).
CALL = re.compile(r'^\d+\s+(\w+)\([^"]*"([^"]*)"')

POT = """\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "Text 1"
msgstr ""

msgid "A new text"
msgstr ""
"""


def _locales(count):
    return ["en"] + [f"{language}_{region}" for region in REGIONS for language in LANGUAGES][:count - 1]


def _ts(language):
    messages = "".join(f"    <message>\n        <source>Text {i}</source>\n        <translation>{language} {i}</translation>\n"
                       f"    </message>\n" for i in range(5))
    return (f'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n<TS version="2.1" language="{language}">\n'
            f"<context>\n    <name>Main</name>\n{messages}</context>\n</TS>\n")


def _folder(path, kind, languages):
    """`languages` × 3 tables: app_LOCALE.ts, or app.properties (the root
    bundle, English) and app_LOCALE.properties."""
    path.mkdir(parents=True)
    for table in TABLES:
        for locale in _locales(languages):
            if kind == "ts":
                (path / f"{table}_{locale}.ts").write_text(_ts(locale), encoding="utf-8")
            else:
                name = f"{table}.properties" if locale == "en" else f"{table}_{locale}.properties"
                (path / name).write_text("".join(f"text{i} = {locale} {i}\n" for i in range(5)), encoding="utf-8")
    return path


def _calls(cli, arguments, folder, log):
    """How many times each file of `folder` is named by each kind of system
    call while the CLI runs `arguments`, and how many times the folder is
    listed (("", "listing"))."""
    result = subprocess.run([STRACE, "-f", "-qq", "-o", str(log), "-e", "trace=openat,open,newfstatat,statx,stat,lstat,access",
                             cli, *arguments], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, (arguments, result.stdout + result.stderr)
    counts = collections.Counter()
    prefix = str(folder)
    for line in log.read_text(encoding="utf-8", errors="replace").splitlines():
        match = CALL.match(line)
        if not match:
            continue
        path = match.group(2).rstrip("/")
        if path == prefix:
            # The folder listed: opendir's openat. An atomic write opens (and stats) the
            # folder too, to sync it, once per file written: not a listing.
            if match.group(1) == "openat" and "O_NONBLOCK" in line and "O_DIRECTORY" in line:
                counts[("", "listing")] += 1
        elif path.startswith(prefix + "/") and "/" not in path[len(prefix) + 1:]:
            # An atomic write's temporary file has a random name (`app_de.ts.tmp-XXXXXX`).
            counts[(re.sub(r"\.tmp-\w+$", ".tmp", path[len(prefix) + 1:]), match.group(1))] += 1
    return counts


COMMANDS = {
    "stats": lambda folder, out: ["stats", str(folder)],
    "lint": lambda folder, out: ["lint", "--catalog", str(folder)],
    "pseudo": lambda folder, out: ["pseudo", "-o", str(out), str(folder)],
    "convert": lambda folder, out: ["convert", str(folder), str(out) + "/", "--to", "po"],
    "merge": lambda folder, out: ["merge", "--format", folder.name, "--locale", "it", "--from", str(out.parent / "app.pot"),
                                  "-o", str(folder)],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("kind", ["ts", "properties"])
def test_each_file_is_read_as_often_whatever_the_number_of_languages(cli, tmp_path, kind, command):
    assert STRACE, "strace is missing (scripts/install-deps.sh installs it)"
    per_run = {}
    for languages in (20, 60):
        run = tmp_path / str(languages)
        folder = _folder(run / kind, kind, languages)
        (run / "app.pot").write_text(POT, encoding="utf-8")
        counts = _calls(cli, COMMANDS[command](folder, run / "out"), folder, run / "strace.log")
        per_run[languages] = counts
    small, large = per_run[20], per_run[60]
    # Every file of the smaller folder (all in the larger one too) and the folder itself are named
    # as often in both runs: a listing read once per language would name each 3× as often in the larger.
    assert small and {key: large[key] for key in small} == dict(small)
    most = max(count for (name, _), count in large.items() if name)
    assert most <= 12, large.most_common(5)
