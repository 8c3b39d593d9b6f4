"""The parlance command, run as a user would run it."""
import json
import re
import subprocess


def run(cli, *args):
    return subprocess.run([cli, *args], capture_output=True, text=True)


def test_get_prints_translations(cli, examples):
    assert run(cli, "get", "--catalog", examples, "--locale", "fr-CA,en", "greeting").stdout == "Bonjour !\n"
    assert run(cli, "get", "--catalog", examples, "--locale", "ru", "--count", "5", "files.count").stdout == "5 файлов\n"
    assert run(cli, "get", "--catalog", examples, "--locale", "ar", "--count", "0", "files.count").stdout == "لا توجد ملفات\n"
    got = run(cli, "get", "--catalog", examples, "--locale", "fr", "--context", "Name label in login screen", "Name")
    assert got.stdout == "Nom\n"


def test_get_falls_back_and_explains(cli, examples):
    got = run(cli, "get", "--catalog", examples, "--locale", "fr-CA", "--explain",
              "--context", "Name label in registration screen", "Name")
    assert got.returncode == 0
    lines = got.stdout.splitlines()
    assert lines[0] == "Full name"
    assert "  locale: en (fallback)" in lines
    assert "  chain: fr-CA → fr → en" in lines


def test_get_environment_locale(cli, examples):
    env = {"LANG": "ja_JP.UTF-8", "PATH": "/usr/bin:/bin"}
    got = subprocess.run([cli, "get", "--catalog", examples, "greeting"], capture_output=True, text=True, env=env)
    assert got.stdout == "こんにちは！\n"


def test_missing_key_is_the_key_unless_strict(cli, examples):
    assert run(cli, "get", "--catalog", examples, "no such key").stdout == "no such key\n"
    assert run(cli, "get", "--catalog", examples, "--strict", "no such key").returncode == 1


def test_usage_errors(cli):
    assert run(cli).returncode == 2
    assert run(cli, "nope").returncode == 2
    got = run(cli, "get", "key")
    assert got.returncode == 2 and "--catalog" in got.stderr


def test_help(cli):
    assert "Usage: parlance COMMAND" in run(cli, "--help").stdout
    for command in ("get", "lint"):
        got = run(cli, command, "--help")
        assert got.returncode == 0 and "Example:" in got.stdout


def test_usage_texts_list_every_registered_format(cli):
    """The commands' usage lines name the tools' registry, not a list kept by
    hand: every format merge takes appears in stats', pseudo's and extract's,
    and convert names Fluent as the other formats are named."""
    merge = run(cli, "merge", "--help").stdout
    choices = re.search(r"--format ([a-z0-9|]+)\]", merge).group(1).split("|")
    assert {"strings", "po", "xcstrings", "android", "i18next", "xliff", "fluent"} <= set(choices)
    assert f"--catalog-format {'|'.join(choices)}]" in run(cli, "stats", "--help").stdout
    assert f"--format {'|'.join(choices)}]" in run(cli, "pseudo", "--help").stdout
    assert f"--format {'|'.join(choices)}|pot]" in run(cli, "extract", "--help").stdout
    convert = run(cli, "convert", "--help").stdout
    assert re.search(r"FORMAT: .*\bfluent\b", convert) and not re.search(r"FORMAT: .*\bftl\b", convert)
    # stats takes every one of them, fluent included.
    got = run(cli, "stats", "--catalog-format", "nonesuch", ".")
    assert got.returncode == 2 and "fluent" in got.stderr


def test_lint_ok_and_located_errors(cli, examples, tmp_path):
    good = f"{examples}/fr.lproj/Localizable.strings"
    assert run(cli, "lint", good).stdout == f"{good}: OK\n"
    bad = tmp_path / "Bad.strings"
    bad.write_text('"a" = "1";\n"b" = "2"\n"c" = "3";\n')
    got = run(cli, "lint", good, str(bad))
    assert got.returncode == 1
    assert f"{good}: OK" in got.stdout
    assert re.search(rf"^{re.escape(str(bad))}:\d+:\d+: error: missing ';'", got.stdout, re.M)
    bad_json = tmp_path / "Bad.json"
    bad_json.write_text('{\n  "a": "b",\n  "c": tru\n}\n')
    got = run(cli, "lint", str(bad_json))
    assert got.returncode == 1 and got.stdout.startswith(f"{bad_json}:3:")
    plist = tmp_path / "Bad.stringsdict"
    plist.write_text("<plist><dict>\n<key>a</key>\n<dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string></dict>\n</dict></plist>")
    got = run(cli, "lint", str(plist))
    assert got.returncode == 1 and got.stdout.startswith(f"{plist}:")


def test_lint_json_output(cli, tmp_path):
    dup = tmp_path / "Dup.strings"
    dup.write_text('"a" = "1";\n"a" = "2";\n')
    got = run(cli, "lint", "--format", "json", str(dup))
    assert got.returncode == 0
    findings = json.loads(got.stdout)
    assert findings == [{"path": str(dup), "line": 2, "column": 1, "severity": "warning",
                         "message": "duplicate key 'a' (first at 1:1); the later one wins"}]


def test_lint_every_example_file(cli, examples):
    import glob
    files = sorted(glob.glob(f"{examples}/*.lproj/*.strings") + glob.glob(f"{examples}/*.lproj/*.stringsdict")
                   + glob.glob(f"{examples}/*.lproj/*.json"))
    got = run(cli, "lint", *files)
    assert got.returncode == 0, got.stdout
    assert got.stdout.count(": OK\n") == len(files)




def test_lint_reads_every_format_and_locates_errors(cli, root, tmp_path):
    real = root / "Tests" / "Fixtures" / "real"
    files = sorted(real.glob("xcstrings/*.xcstrings")) + sorted(real.glob("xliff/*")) \
        + sorted(real.glob("android/*/values*/strings.xml")) + sorted(real.glob("i18next/*/*/*.json"))
    got = run(cli, "lint", *map(str, files))
    assert got.returncode == 0, got.stdout
    assert got.stdout.count(": OK\n") == len(files)
    bad = tmp_path / "Localizable.xcstrings"
    bad.write_text('{"sourceLanguage": "en", "strings": {\n  "a": {"localizations": {"de": {"stringUnit": {"value": 1}}}}}}')
    got = run(cli, "lint", str(bad))
    assert got.returncode == 1
    assert got.stdout.startswith(f"{bad}:2:58: error: \"value\" in \"a\" is a number; expected a string")
    android = tmp_path / "values-de" / "strings.xml"
    android.parent.mkdir()
    android.write_text('<resources>\n  <string name="a">x</string>\n  <string name="a">y</strin>\n</resources>')
    got = run(cli, "lint", str(android))
    assert got.returncode == 1 and f"{android}:3:21: error: expected </string>" in got.stdout
    v3 = tmp_path / "de" / "common.json"
    v3.parent.mkdir()
    v3.write_text('{"file": "{{count}} Datei", "file_plural": "{{count}} Dateien"}')
    got = run(cli, "lint", str(v3))
    assert got.returncode == 0
    assert f"{v3}:1:29: warning: i18next v3 plural key 'file_plural': v4 reads 'file_one' and 'file_other'" in got.stdout


def test_base_internationalization(cli, root):
    """Base.lproj/Main.storyboard is the development table of each LANG.lproj/Main.strings."""
    catalog = root / "Tests" / "Fixtures" / "base-i18n"
    lint = run(cli, "lint", "--format", "json", "--catalog", str(catalog))
    findings = json.loads(lint.stdout)
    not_in_development = [f["message"] for f in findings if "not in the development locale" in f["message"]]
    assert not_in_development == ["'Gone-00-old.text' is not in the development locale"]
    missing = sorted(f["message"].split("'")[1] for f in findings if "is missing in fr" in f["message"])
    assert missing == ["Qx2-1m-Pt0.accessibilityHint", "Qx2-1m-Pt0.accessibilityLabel", "TxV-01-lng.text",
                       "abc-12-xyz.highlightedTitle"]
    stats = json.loads(run(cli, "stats", "--format", "json", str(catalog)).stdout)
    main = [row for row in stats if row["table"] == "Main"]
    assert [(row["locale"], row["entries"], row["translated"]) for row in main] == [("fr", 10, 6)]


def test_lint_message_syntaxes(cli, root, tmp_path):
    messages = root / "Tests" / "Fixtures" / "messages"
    # As printf texts, ICU and MessageFormat 2 messages have no placeholder problems to report.
    plain = run(cli, "lint", "--quiet", str(messages))
    assert "MessageFormat" not in plain.stdout
    got = run(cli, "lint", "--quiet", "--syntax", "Messages=icu", "--syntax", "Messages2=mf2", str(messages))
    assert got.returncode == 1
    lines = got.stdout.replace(f"{messages}/", "").splitlines()
    assert ("ar.lproj/Messages.strings:3:1: error: 'invite': message 1:28: not valid ICU MessageFormat "
            "(U_PATTERN_SYNTAX_ERROR)") in lines
    assert "ru.lproj/Messages.strings:3:1: error: 'invite': argument 'extra' is not in the source message" in lines
    assert any(line.startswith("fr.lproj/Messages2.strings:2:1: error: 'greet': message 1:27: not valid MessageFormat 2")
               for line in lines)
    assert ("fr.lproj/Messages2.strings:1:1: warning: 'files': plural 'count' has 'few', which fr never uses") in lines
    # One file, every table of it declared: the parse error alone.
    one = run(cli, "lint", "--syntax", "icu", str(messages / "ar.lproj" / "Messages.strings"))
    assert one.returncode == 1 and "1:28: not valid ICU MessageFormat" in one.stdout
    bad = run(cli, "lint", "--syntax", "nonesuch", str(messages))
    assert bad.returncode != 0 and "unknown --syntax 'nonesuch'" in bad.stderr
