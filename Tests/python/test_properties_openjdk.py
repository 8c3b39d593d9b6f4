"""Java .properties resource bundles against OpenJDK: every key of the real
bundles of corpus3 (JabRef, SweetHome3D, DBeaver, Hibernate Validator,
Jenkins, Keycloak, OmegaT), each folder loaded with Catalog.load and read
through a Localizer for each locale its files name, compared with what
ResourceBundle.getBundle (no fallback to the default locale) and
MessageFormat print for the same locale (Tests/reference/java/PropertiesJudge.java),
text and formatted with a fixed set of arguments."""
import collections
import datetime
import json
import os
import pathlib
import shutil
import subprocess

import pytest

from conftest import ROOT, _unpacked

import parlance

# The judge's argument tuples, in its order (PropertiesJudge.TUPLES).
TUPLES = [(), (3,), (1, "x"), (0,), (1234.5,),
          (datetime.datetime.fromtimestamp(1_700_000_000, datetime.timezone.utc),)]


@pytest.fixture(scope="module")
def families():
    """Every folder of corpus3/properties holding .properties files."""
    _unpacked("corpus3.tar.xz", ROOT / "build" / "reference-data", ".corpus3")
    base = ROOT / "build" / "reference-data" / "corpus3" / "properties"
    folders = sorted({path.parent for path in base.rglob("*.properties")})
    assert len(folders) > 50
    return folders


@pytest.fixture(scope="module")
def judge(tmp_path_factory):
    """The compiled judge: a function from jobs (folder, base, locale) to its JSON lines."""
    if shutil.which("javac") is None or shutil.which("java") is None:
        pytest.fail("OpenJDK (javac, java) is missing; scripts/install-deps.sh installs default-jdk-headless")
    classes = tmp_path_factory.mktemp("judge")
    subprocess.run(["javac", "-d", str(classes), str(ROOT / "Tests" / "reference" / "java" / "PropertiesJudge.java")],
                   check=True)

    def run(jobs):
        given = "".join(f"{folder}\t{base}\t{locale}\n" for folder, base, locale in jobs)
        result = subprocess.run(["java", "-Duser.language=en", "-Duser.country=US", "-cp", str(classes), "PropertiesJudge"],
                                input=given.encode(), capture_output=True, check=True)
        return [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]
    return run


def _parlance(localizer, key, base):
    """Parlance's text and its formats for the tuples (None where it reports an error)."""
    formats = []
    for args in TUPLES:
        try:
            formats.append(localizer.format(key, *args, table=base))
        except parlance.Error:
            formats.append(None)
    return localizer.text(key, table=base), formats


def test_every_key_of_the_real_bundles_equals_openjdk(families, judge, library):
    catalogs = {}
    jobs = []
    for folder in families:
        catalog = parlance.Catalog()
        catalog.load(str(folder))
        catalogs[str(folder)] = catalog
        for table in catalog.tables:
            assert catalog.message_syntax(table) == "java"
            for locale in catalog.locales:
                if catalog.entries(locale, table):
                    jobs.append((str(folder), table, locale))
    assert len(jobs) > 500
    counts = collections.Counter()
    differences = collections.defaultdict(list)
    localizers = {}
    for line in judge(jobs):
        if "done" in line:
            continue
        assert "error" not in line, line
        folder, base, locale = line["folder"], line["base"], line["locale"]
        localizer = localizers.get((folder, locale))
        if localizer is None:
            localizer = localizers[(folder, locale)] = parlance.Localizer(catalogs[folder], [locale], development="und")
        text, formats = _parlance(localizer, line["key"], base)
        counts["keys"] += 1
        if text != line["text"]:
            differences["text"].append((folder, base, locale, line["key"], text, line["text"]))
        for number, (mine, theirs) in enumerate(zip(formats, line["formats"])):
            counts["formats"] += 1
            if mine != theirs:
                kind = "java refuses" if theirs is None else "parlance refuses" if mine is None else f"tuple {number}"
                differences[kind].append((folder, base, locale, line["key"], mine, theirs))
    summary = {kind: len(found) for kind, found in differences.items()}
    print(f"\n{counts['keys']} keys, {counts['formats']} formats compared; differences: {summary}")
    for kind, found in sorted(differences.items()):
        by_locale = collections.Counter(locale for _, _, locale, *_ in found)
        print(kind, dict(by_locale.most_common()))
        for example in found[:2]:
            print("   ", example)
    assert counts["keys"] > 200_000
    # Every text, every refusal, and every message formatted with integers and
    # text (quoting, choice, missing arguments) equals Java's.
    for kind in ("text", "java refuses", "parlance refuses", "tuple 0", "tuple 1", "tuple 2", "tuple 3"):
        assert not differences[kind], (kind, differences[kind][:5])
    # Left: locale data. The date and time of `{0}` (SHORT, SHORT) follow
    # the CLDR of ICU and of the JDK, which differ (docs/decisions.md); a
    # double differs only where ICU has data for a language the JDK does not
    # know and formats with the root's: Sardinian (`sc`) and Serbo-Croatian
    # (`sh`, which ICU reads as `sr-Latn`).
    assert {locale for _, _, locale, *_ in differences["tuple 4"]} <= {"sc", "sh"}


def test_a_folder_of_bundles_through_the_binding(tmp_path, library):
    """The layout, the root bundle, notes, raw text against formatted text,
    and a single file loaded with its locale, as Java serves them."""
    (tmp_path / "app.properties").write_bytes(
        b"# Shown on the title bar\ntitle=It's {0}\ncount={0,choice,0#no files|1#one file|1<{0,number,integer} files}\n"
        b"only.root=root text\n")
    (tmp_path / "app_de.properties").write_bytes("title=Es ist {0}\\\n    , nicht wahr?\n".encode())
    (tmp_path / "app_pt_BR.properties").write_bytes(b"title=Caf\xe9 {0}\n")   # ISO-8859-1: not UTF-8
    catalog = parlance.Catalog()
    catalog.load(str(tmp_path))
    assert catalog.tables == ("app",)
    assert set(catalog.locales) == {"und", "de", "pt-BR"}
    assert catalog.message_syntax("app") == "java"
    german = parlance.Localizer(catalog, ["de"], development="und")
    assert german.text("title", table="app") == "Es ist {0}, nicht wahr?"
    assert german.format("title", 3, table="app") == "Es ist 3, nicht wahr?"
    # From the root bundle: the text as written, MessageFormat's quoting only when formatting.
    assert german.text("only.root", table="app") == "root text"
    root = parlance.Localizer(catalog, ["und"], development="und")
    assert root.text("title", table="app") == "It's {0}"
    # A lone apostrophe quotes the rest, as Java prints it (`It''s` would be the apostrophe).
    assert root.format("title", 3, table="app") == "Its {0}"
    # Formatted in the locale asked for, as MessageFormat is.
    assert german.format("count", 1234, table="app") == "1.234 files"
    assert german.format("count", 1, table="app") == "one file"
    assert parlance.Localizer(catalog, ["pt-BR"], development="und").text("title", table="app") == "Café {0}"
    notes = {entry.key: entry.comment for entry in catalog.entries("und", "app")}
    assert notes["title"] == "Shown on the title bar"
    with pytest.raises(parlance.Error):
        german.format_named("title", {"x": 1}, table="app")   # positional arguments only
    single = parlance.Catalog()
    single.load(str(tmp_path / "app_de.properties"), locale="de-AT")
    assert single.locales == ("de-AT",)
