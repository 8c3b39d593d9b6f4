"""Java .properties resource bundles through the built CLI, by the tools'
properties plug-in: every real bundle folder of corpus3 converted to
properties comes back byte for byte; converted to po and back, OpenJDK
(PropertyResourceBundle, Tests/reference/java/PropertiesReadJudge.java)
reads every written file to the same key→text map as the original; stats
counts a key a language bundle lacks as untranslated; pseudo writes bundles
OpenJDK reads, MessageFormat placeholders and quoting kept; merge adds the
root's new keys, keeps translations and reports the unused ones."""
import json
import pathlib
import shutil
import subprocess

import pytest

from conftest import ROOT, _unpacked

PROPERTIES = ROOT / "build" / "reference-data" / "corpus3" / "properties"
# Java's old language codes, which the runtime reads as the new ones (and writes so).
RENAMED = {"iw": "he", "in": "id", "ji": "yi"}


def run(cli, *args, check=True):
    result = subprocess.run([cli, *args], capture_output=True, text=True)
    if check:
        assert result.returncode == 0, result.stderr
    return result


@pytest.fixture(scope="module")
def folders():
    """Every folder of corpus3/properties holding .properties files."""
    _unpacked("corpus3.tar.xz", ROOT / "build" / "reference-data", ".corpus3")
    found = sorted({path.parent for path in PROPERTIES.rglob("*.properties")})
    assert len(found) > 50
    return found


@pytest.fixture(scope="module")
def read_java(tmp_path_factory):
    """OpenJDK's reading of files: path → {key: {"text", "formats"}} (or {"error": …})."""
    if shutil.which("javac") is None or shutil.which("java") is None:
        pytest.fail("OpenJDK (javac, java) is missing; scripts/install-deps.sh installs default-jdk-headless")
    classes = tmp_path_factory.mktemp("judge")
    java = ROOT / "Tests" / "reference" / "java"
    subprocess.run(["javac", "-d", str(classes), str(java / "PropertiesJudge.java"), str(java / "PropertiesReadJudge.java")],
                   check=True)

    def read(paths):
        given = "".join(f"{path}\n" for path in paths)
        result = subprocess.run(["java", "-cp", str(classes), "PropertiesReadJudge"], input=given.encode(),
                                capture_output=True, check=True)
        lines = [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]
        return {line["path"]: line.get("entries", {"error": line.get("error")}) for line in lines}
    return read


def test_convert_to_properties_rewrites_every_real_file_byte_for_byte(cli, folders, tmp_path):
    compared = 0
    for index, folder in enumerate(folders):
        out = tmp_path / str(index)
        run(cli, "convert", "--quiet", "--to", "properties", str(folder), str(out) + "/")
        for original in folder.glob("*.properties"):
            written = out / original.relative_to(folder)
            assert written.read_bytes() == original.read_bytes(), str(original)
            compared += 1
    assert compared == len(list(PROPERTIES.rglob("*.properties")))


def _bundle_name(name, roots):
    """A file name as a po round trip writes it back: the old language codes
    renamed, and a development (`_en`) bundle without a root bundle as the root."""
    stem = name[:-len(".properties")]
    base, _, suffix = stem.partition("_")
    for old, new in RENAMED.items():
        if suffix == old or suffix.startswith(old + "_"):
            return f"{base}_{new}{suffix[len(old):]}.properties"
    if suffix == "en" and base not in roots:
        return f"{base}.properties"
    return name


def test_po_round_trip_reads_the_same_in_openjdk(cli, folders, tmp_path, read_java):
    """properties → po → properties: OpenJDK reads each written bundle to the
    original's keys and texts (an empty text, which gettext reads as
    untranslated, is reported by convert and left out)."""
    pairs = []
    for index, folder in enumerate(folders):
        po, back = tmp_path / f"po{index}", tmp_path / f"back{index}"
        first = run(cli, "convert", "--to", "po", str(folder), str(po) + "/")
        run(cli, "convert", "--quiet", "--to", "properties", str(po), str(back) + "/")
        files = sorted(folder.glob("*.properties"))
        roots = {f.name[:-len(".properties")] for f in files if "_" not in f.name}
        for original in files:
            pairs.append((original, back / _bundle_name(original.name, roots), first.stderr))
    assert len(pairs) > 900
    java = read_java([str(p) for pair in pairs for p in pair[:2] if p.exists()])
    compared = lost = 0
    for original, written, losses in pairs:
        expected = java[str(original)]
        if "error" in expected or not expected:
            continue
        assert written.exists(), str(original)
        got = java[str(written)]
        for key, value in expected.items():
            if key not in got:
                # Reported, not dropped silently: an empty text (gettext's untranslated msgstr), a text
                # msgfmt refuses, or a key the runtime reads as `(context)key` whose key is empty (gettext's header).
                context = key[1:key.index(")")] if key.startswith("(") and ")" in key else None
                shown = key.replace("\n", "\\n")
                assert f"'{shown}'" in losses or f"(context '{context}')" in losses, (str(original), key)
                lost += 1
                continue
            assert got.get(key, {}).get("text") == value["text"], (str(original), key)
            compared += 1
        assert set(got) <= set(expected), str(original)
    assert compared > 150000 and lost * 100 < compared, (compared, lost)


def test_properties_from_strings_and_back(cli, tmp_path, read_java):
    """.strings → properties → .strings: every entry, escapes as Properties.store writes them."""
    lproj = tmp_path / "src" / "de.lproj"
    lproj.mkdir(parents=True)
    texts = {"plain": "Einfach", " lead": " Leerzeichen vorn", "a=b:c": "x#y!z\\", "multi": "eins\nzwei\tdrei",
             "unicode": "Grüße 😀 ✓", "empty": "", "message": "{0} Datei''en um {1,time}"}
    body = "".join('"' + k.replace("\\", "\\\\") + '" = "' + v.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
                   + '";\n' for k, v in texts.items())
    (lproj / "Localizable.strings").write_text(body, encoding="utf-8")
    run(cli, "convert", "--quiet", "--to", "properties", str(tmp_path / "src"), str(tmp_path / "props") + "/")
    written = tmp_path / "props" / "Localizable_de.properties"
    got = read_java([str(written)])[str(written)]
    assert {k: v["text"] for k, v in got.items()} == texts
    # Properties.store's escapes: a key's spaces, a value's leading space, separators and comment characters.
    raw = written.read_text(encoding="utf-8")
    assert "\\ lead=\\ Leerzeichen vorn\n" in raw and "a\\=b\\:c=x\\#y\\!z\\\\\n" in raw
    assert "unicode=Grüße 😀 ✓\n" in raw
    run(cli, "convert", "--quiet", "--to", "strings", str(tmp_path / "props"), str(tmp_path / "back") + "/")
    import parlance
    with parlance.Catalog() as catalog:
        catalog.load(str(tmp_path / "back"))
        assert {entry.key: entry.text for entry in catalog.entries("de", "Localizable")} == texts


def test_stats_counts_missing_keys_per_language(cli, tmp_path):
    (tmp_path / "app.properties").write_text("# Greeting\nhello=Hello\nbye=Goodbye\nok=OK\n", encoding="utf-8")
    (tmp_path / "app_de.properties").write_text("hello=Hallo\nbye=Tsch\\u00FCss\nok=OK\n", encoding="ascii")
    (tmp_path / "app_pt_BR.properties").write_text("hello=Ol\u00e1\n", encoding="latin-1")
    report = json.loads(run(cli, "stats", "--format", "json", str(tmp_path)).stdout)
    rows = {(row["locale"], row["table"]): row for row in report}
    assert rows[("en", "app")]["translated"] == 3
    assert rows[("de", "app")]["translated"] == 2          # "OK" as in the root: untranslated
    assert (rows[("pt-BR", "app")]["entries"], rows[("pt-BR", "app")]["translated"]) == (3, 1)
    assert {m["key"] for m in rows[("pt-BR", "app")]["missingKeys"]} == {"bye", "ok"}
    assert rows[("pt-BR", "app")]["missingKeys"][0]["location"].endswith("app.properties:3:1")


def test_merge_adds_new_root_keys_and_keeps_bytes(cli, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "app.properties").write_text("hello=Hello\n", encoding="utf-8")
    german = b"# Deutsche \\u00DCbersetzung\r\nhello = Hallo \\\r\n    Welt\r\n\r\n! alt\r\nold:Alt\r\n"
    (out / "app_de.properties").write_bytes(german)
    (out / "app_fr.properties").write_text("hello=Bonjour à tous\n", encoding="utf-8")
    latin = "hello=Ol\u00e1\n".encode("latin-1")
    (out / "app_pt.properties").write_bytes(latin)
    template = tmp_path / "tpl" / "app.properties"
    template.parent.mkdir()
    template.write_text("hello=Hello\n# For the button\nnew=Grüße {0}\n", encoding="utf-8")
    result = run(cli, "merge", "--format", "properties", "--from", str(template), "-o", str(out))
    assert "1 unused, kept" in result.stdout
    merged = (out / "app_de.properties").read_bytes()
    # The ASCII file stays ASCII: the new text escaped, its note above, the file's line ends.
    assert merged == german + b"# For the button\r\nnew=Gr\\u00FC\\u00DFe {0}\r\n"
    # ISO-8859-1 stays ISO-8859-1, escaped beyond ASCII.
    assert (out / "app_pt.properties").read_bytes() == latin + b"# For the button\nnew=Gr\\u00FC\\u00DFe {0}\n"
    # The root bundle was ASCII too; a UTF-8 bundle gets the characters themselves.
    assert (out / "app.properties").read_bytes() == b"hello=Hello\n# For the button\nnew=Gr\\u00FC\\u00DFe {0}\n"
    assert (out / "app_fr.properties").read_text(encoding="utf-8") == "hello=Bonjour à tous\n# For the button\nnew=Grüße {0}\n"
    # Merged again, nothing changes.
    run(cli, "merge", "--quiet", "--format", "properties", "--from", str(template), "-o", str(out))
    assert (out / "app_de.properties").read_bytes() == merged
    # With --delete-unused-entries the unused key goes with its comment; the rest stays as written.
    run(cli, "merge", "--quiet", "--format", "properties", "--delete-unused-entries", "--from", str(template), "-o", str(out))
    assert (out / "app_de.properties").read_bytes() == merged.replace(b"! alt\r\nold:Alt\r\n", b"")


def test_pseudo_of_real_bundles_reads_in_openjdk(cli, folders, tmp_path, read_java):
    """Pseudo of every corpus3 folder with a root bundle: OpenJDK reads each
    pseudo bundle with the root's keys, and MessageFormat takes each text it
    takes in the root, printing the same arguments where they were."""
    pairs = []
    for index, folder in enumerate(folders):
        roots = [f for f in sorted(folder.glob("*.properties")) if "_" not in f.stem]
        if not roots:
            continue
        out = tmp_path / str(index)
        run(cli, "pseudo", "--quiet", "--format", "properties", "-o", str(out), str(folder))
        for root in roots:
            pairs.append((root, out / f"{root.stem}_en_XA.properties"))
    assert len(pairs) > 40
    java = read_java([str(p) for pair in pairs for p in pair])
    compared = changed = placeholders = 0
    for root, pseudo in pairs:
        source, written = java[str(root)], java[str(pseudo)]
        if "error" in source:
            continue
        assert "error" not in written, str(pseudo)
        assert set(written) == set(source), str(root)
        for key, value in source.items():
            got = written[key]
            for before, after in zip(value["formats"], got["formats"]):
                assert (before is None) == (after is None), (str(root), key, value["text"], got["text"])
            # Arguments print where the root's text prints them.
            if value["formats"][2] is not None and "x" in value["formats"][2] and "x" not in value["formats"][0]:
                assert "x" in got["formats"][2], (str(root), key, got["text"])
                placeholders += 1
            changed += got["text"] != value["text"]
            compared += 1
    assert compared > 5000 and placeholders > 100, (compared, placeholders)
    assert changed > compared * 0.9


def test_a_plural_is_listed_not_dropped(cli, tmp_path):
    """.properties holds texts only (Java's plurals are a message's {0,choice,…}):
    convert lists a plural it leaves out and writes the rest."""
    po = tmp_path / "src" / "de" / "LC_MESSAGES"
    po.mkdir(parents=True)
    (po / "app.po").write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                               '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
                               'msgid "Hello"\nmsgstr "Hallo"\n\n'
                               'msgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] "%d Datei"\nmsgstr[1] "%d Dateien"\n',
                               encoding="utf-8")
    result = run(cli, "convert", "--to", "properties", str(tmp_path / "src"), str(tmp_path / "out") + "/")
    assert "not carried: de/app: '%d file': a plural, which .properties has no place for" in result.stderr
    assert (tmp_path / "out" / "app_de.properties").read_text(encoding="utf-8") == "Hello=Hallo\n"


def test_stats_of_the_real_bundles_agree_with_openjdk(cli, folders, read_java):
    """stats of every corpus3 folder: a language bundle's translated keys are
    the root's keys OpenJDK reads from it with another text, its unused keys
    those the root lacks (the root: NAME.properties, else NAME_en.properties)."""
    rows = []
    for folder in folders:
        report = json.loads(run(cli, "stats", "--format", "json", str(folder)).stdout)
        for row in report:
            root = folder / f"{row['table']}.properties"
            if not root.exists():
                root = folder / f"{row['table']}_en.properties"
            if row["locale"] != "en" and len(row["files"]) == 1:
                rows.append((row, root, row["files"][0]))
    assert len(rows) > 700
    java = read_java(sorted({str(p) for _, root, file in rows for p in (root, file)}))
    compared = 0
    for row, root, file in rows:
        source, translation = java[str(root)], java[file]
        if "error" in source or "error" in translation:
            continue
        translated = {k for k in source if k in translation and translation[k]["text"] != source[k]["text"]}
        assert (row["entries"], row["translated"], row["unused"]) == (len(source), len(translated), len(set(translation) - set(source))), file
        compared += 1
    assert compared > 700, compared


def test_merge_of_the_real_roots_keeps_every_translation(cli, folders, tmp_path, read_java):
    """Each corpus3 root bundle merged into a copy of its folder: every file
    keeps its bytes and gains lines at its end only, and OpenJDK reads every
    old key with its old text and every key of the root."""
    checked = []
    for index, folder in enumerate(folders):
        roots = [f for f in sorted(folder.glob("*.properties")) if "_" not in f.stem]
        if not roots:
            continue
        copy = tmp_path / str(index)
        shutil.copytree(folder, copy, ignore=lambda d, names: [n for n in names if (pathlib.Path(d) / n).is_dir()])
        before = {f.name: f.read_bytes() for f in copy.glob("*.properties")}
        for root in roots:
            run(cli, "merge", "--quiet", "--format", "properties", "--from", str(root), "-o", str(copy))
        for name, old in before.items():
            new = (copy / name).read_bytes()
            assert new.startswith(old.rstrip(b"\\")), str(folder / name)
            # Beside a root bundle, the development locale's bundle is not merged (the root is the development table).
            root = next((r for r in roots if name.startswith(r.stem + "_") and name != f"{r.stem}_en.properties"), None)
            checked.append((folder / name, copy / name, root))
    assert len(checked) > 700
    java = read_java(sorted({str(p) for triple in checked for p in triple if p}))
    for original, merged, root in checked:
        old, new = java[str(original)], java[str(merged)]
        if "error" in old:
            continue
        assert {k: v["text"] for k, v in new.items() if k in old} == {k: v["text"] for k, v in old.items()}, str(original)
        if root is not None and "error" not in java[str(root)]:
            assert set(java[str(root)]) <= set(new), str(original)
