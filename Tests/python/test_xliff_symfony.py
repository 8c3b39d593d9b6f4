"""Symfony's XLIFF translations against Symfony's translator: every
`DOMAIN.LOCALE.xlf` of the reference data's `translations/` folders (bolt,
kimai, Symfony's security and validator components), each folder loaded
with Catalog.load, compared table by table and key by key with what
Symfony's XliffFileLoader loads for the domain and locale the file's name
gives (Tests/reference/symfony/judge.php, Debian's php-symfony-translation);
and a `DOMAIN.LOCALE.xlf` outside such a folder (Angular's
`messages.fr.xlf`) keeps XLIFF's own keys but takes its table and
language from its name."""
import json
import pathlib
import shutil
import subprocess

import pytest

from conftest import ROOT, _unpacked

import parlance

JUDGE = ROOT / "Tests" / "reference" / "symfony" / "judge.php"


@pytest.fixture(scope="module")
def folders():
    """Every `translations/` folder of the reference data holding `DOMAIN.LOCALE.xlf` documents."""
    base = ROOT / "build" / "reference-data"
    for archive, stamp in (("corpus2.tar.xz", ".corpus2"), ("corpus4.tar.xz", ".corpus4")):
        _unpacked(archive, base, stamp)
    found = sorted({path.parent for path in base.glob("corpus*/xliff/**/translations/*.*.xlf")})
    assert len(found) >= 4, found
    return found


def judge(folders):
    if shutil.which("php") is None or not pathlib.Path("/usr/share/php/Symfony/Component/Translation").is_dir():
        pytest.fail("PHP and Symfony's translation component are missing; scripts/install-deps.sh installs them")
    result = subprocess.run(["php", str(JUDGE), *map(str, folders)], capture_output=True, check=True, timeout=600)
    return json.loads(result.stdout.decode("utf-8"))


def _key(locale):
    return locale.replace("_", "-").lower()


def test_every_key_of_the_real_translations_equals_symfony(folders, library):
    expected = judge(folders)
    # Every document of these folders is one Symfony loads.
    assert expected["errors"] == {}, expected["errors"]
    counts = {"tables": 0, "keys": 0}
    differences = []
    for folder in folders:
        with parlance.Catalog() as catalog:
            catalog.load(str(folder))
            for locale, domains in expected[str(folder)].items():
                localizer = parlance.Localizer(catalog, [locale], development="und")
                for domain, texts in domains.items():
                    counts["tables"] += 1
                    entries = {entry.key: entry.text for entry in catalog.entries(locale, domain)}
                    if entries != texts:
                        missing = sorted(set(texts) - set(entries))[:3]
                        extra = sorted(set(entries) - set(texts))[:3]
                        changed = [(k, entries[k], texts[k]) for k in texts if k in entries and entries[k] != texts[k]][:3]
                        differences.append((str(folder), locale, domain, missing, extra, changed))
                    for key, text in texts.items():
                        counts["keys"] += 1
                        if localizer.text(key, table=domain) != text:
                            differences.append((str(folder), locale, domain, key, localizer.text(key, table=domain), text))
            # The runtime serves no table Symfony does not load.
            tables = {(_key(locale), domain) for locale, domains in expected[str(folder)].items() for domain, texts in domains.items() if texts}
            for locale in catalog.locales:
                for table in catalog.tables:
                    try:
                        if catalog.entries(locale, table):
                            assert (_key(locale), table) in tables, (str(folder), locale, table)
                    except parlance.NotFoundError:
                        pass
    print(f"\n{counts['tables']} tables, {counts['keys']} keys compared")
    assert counts["tables"] > 500 and counts["keys"] > 40_000, counts
    assert differences == [], differences[:10]


UNITS = """<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
  <file source-language="en" datatype="plaintext" original="ng2.template">
    <body>
      <trans-unit id="welcome" datatype="html">
        <source>Welcome</source>
        <target state="translated">Bienvenue</target>
      </trans-unit>
      <trans-unit id="42">
        <source>Sign in</source>
        <target>Se connecter</target>
      </trans-unit>
      <trans-unit id="43">
        <source>Not translated yet</source>
      </trans-unit>
    </body>
  </file>
</xliff>
"""


def test_a_document_named_for_its_domain_and_language(tmp_path, library):
    """Outside `translations/` (Angular's `src/locale/messages.fr.xlf`), a
    document with no `target-language` is its name's language and table,
    its units keyed by id; in `translations/`, as Symfony reads it: keyed
    by source, an untranslated unit serving its source."""
    for folder in ("locale", "translations"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "messages.fr_CA.xlf").write_text(UNITS)
    with parlance.Catalog() as catalog:
        catalog.load(str(tmp_path / "locale"))
        assert catalog.locales == ("fr-CA",) and catalog.tables == ("messages",)
        assert {e.key: e.text for e in catalog.entries("fr-CA", "messages")} == {"welcome": "Bienvenue", "42": "Se connecter"}
    with parlance.Catalog() as catalog:
        catalog.load(str(tmp_path / "translations"))
        assert catalog.locales == ("fr-CA",) and catalog.tables == ("messages",)
        localizer = parlance.Localizer(catalog, ["fr_CA"])
        assert [localizer.text(key, table="messages") for key in ("Welcome", "Sign in", "Not translated yet", "42")] \
            == ["Bienvenue", "Se connecter", "Not translated yet", "42"]
        expected = judge([tmp_path / "translations"])[str(tmp_path / "translations")]
        assert {e.key: e.text for e in catalog.entries("fr-CA", "messages")} == expected["fr_CA"]["messages"]


def symfony_document(locale, units):
    body = "".join(f"""      <trans-unit id="{n}">
        <source>{source}</source>
        <target>{target}</target>
      </trans-unit>
""" for n, (source, target) in enumerate(units, 1))
    return f"""<?xml version="1.0" encoding="utf-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
  <file source-language="en" target-language="{locale}" datatype="plaintext" original="file.ext">
    <body>
{body}    </body>
  </file>
</xliff>
"""


def test_tools_read_and_merge_a_symfony_folder_as_symfony_does(cli, tmp_path, library):
    """`stats`, `lint` and `merge` read `translations/DOMAIN.LOCALE.xlf` as
    the runtime does: a table per domain, keyed by source; merge adds a new
    message to each language's document as a unit Symfony keys by its
    `resname`, and Symfony then serves what the runtime serves."""
    folder = tmp_path / "translations"
    folder.mkdir()
    (folder / "messages.en.xlf").write_text(symfony_document("en", [("Hello", "Hello")]))
    (folder / "messages.fr.xlf").write_text(symfony_document("fr", [("Hello", "Bonjour")]))
    (folder / "security.fr.xlf").write_text(symfony_document("fr", [("Locked", "Verrouillé")]))
    stats = subprocess.run([cli, "stats", "--format", "json", str(folder)], capture_output=True, check=True)
    rows = {(row["locale"], row["table"]): row for row in json.loads(stats.stdout)}
    assert {pair for pair, row in rows.items() if row["files"]} == {("en", "messages"), ("fr", "messages"), ("fr", "security")}, rows
    assert rows[("fr", "messages")]["translated"] == 1
    source = tmp_path / "src" / "messages.strings"
    source.parent.mkdir()
    source.write_text('"Hello" = "Hello";\n"Sign out" = "Sign out";\n')
    merged = subprocess.run([cli, "merge", "--from", str(source), "-o", str(folder)], capture_output=True)
    assert merged.returncode == 0, merged.stderr.decode()
    assert sorted(p.name for p in folder.iterdir()) == ["messages.en.xlf", "messages.fr.xlf", "security.fr.xlf"]
    assert 'resname="Sign out"' in (folder / "messages.fr.xlf").read_text()
    expected = judge([folder])[str(folder)]
    assert expected["fr"]["messages"] == {"Hello": "Bonjour", "Sign out": "Sign out"}
    assert expected["en"]["messages"] == {"Hello": "Hello", "Sign out": "Sign out"}
    with parlance.Catalog() as catalog:
        catalog.load(str(folder))
        for locale, domains in expected.items():
            for domain, texts in domains.items():
                assert {e.key: e.text for e in catalog.entries(locale, domain)} == texts, (locale, domain)
    # Still French's one translation of two, the new one waiting for a translator.
    stats = subprocess.run([cli, "stats", "--format", "json", str(folder)], capture_output=True, check=True)
    rows = {(row["locale"], row["table"]): row for row in json.loads(stats.stdout)}
    assert (rows[("fr", "messages")]["translated"], rows[("fr", "messages")]["entries"]) == (1, 2), rows[("fr", "messages")]
    lint = subprocess.run([cli, "lint", str(folder)], capture_output=True)
    assert lint.returncode == 0 and "locale 'messages" not in lint.stdout.decode(), lint.stdout.decode()
