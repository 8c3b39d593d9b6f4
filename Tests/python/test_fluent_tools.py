"""Fluent through the built CLI, by the tools' Fluent plug-in: every real
.ftl tree of corpus3 converted to Fluent comes back byte for byte where
nothing changed; lint locates each Junk entry; stats counts the messages;
convert writes other formats and back; pseudo writes a locale the runtime reads,
changing text only (fluent.runtime reads every pseudo file of corpus3 with the
same placeables); merge keeps every comment and leaves an untouched file as it was."""
import json
import shutil
import subprocess

import pytest

from conftest import ROOT, _unpacked

FLUENT = ROOT / "build" / "reference-data" / "corpus3" / "fluent"


def run(cli, *args, check=True):
    result = subprocess.run([cli, *args], capture_output=True, text=True)
    if check:
        assert result.returncode == 0, result.stderr
    return result


@pytest.fixture(scope="module")
def trees():
    """Each folder of corpus3 holding language folders of .ftl files."""
    _unpacked("corpus3.tar.xz", ROOT / "build" / "reference-data", ".corpus3")
    parents = sorted({path.parent.parent for path in FLUENT.rglob("*.ftl") if path.parent.name[:1].islower()
                      and len(path.parent.name.split("-")[0]) in (2, 3)})
    return parents


def test_convert_to_fluent_rewrites_every_real_file_byte_for_byte(cli, trees, tmp_path):
    compared = 0
    for index, tree in enumerate(trees):
        out = tmp_path / str(index)
        result = run(cli, "convert", "--quiet", "--to", "fluent", str(tree), str(out) + "/", check=False)
        if result.returncode != 0:
            continue
        for written in out.rglob("*.ftl"):
            original = tree / written.relative_to(out)
            if original.exists():
                assert written.read_bytes() == original.read_bytes(), str(original)
                compared += 1
    assert compared > 1000


def test_lint_locates_junk(cli, tmp_path):
    folder = tmp_path / "en-US"
    folder.mkdir()
    (folder / "main.ftl").write_text("ok = Fine\nbroken = { \nnext = Still here\n", encoding="utf-8")
    result = run(cli, "lint", str(tmp_path), check=False)
    assert result.returncode != 0
    # Located where the reference parser stops reading the entry: the line after the open placeable.
    assert f"{folder / 'main.ftl'}:3:1: error: Expected token: \"}}\"" in result.stdout


def test_convert_to_po_and_back_keeps_the_texts(cli, tmp_path, library):
    import parlance
    source = tmp_path / "src" / "de"
    source.mkdir(parents=True)
    (source / "app.ftl").write_text("-brand = Nimbus\nhello = Hallo, { $name }!\nplain = Einfach\n"
                                    "login = Anmelden\n    .title = Bei { -brand } anmelden\n", encoding="utf-8")
    run(cli, "convert", "--quiet", "--to", "po", str(tmp_path / "src"), str(tmp_path / "po") + "/")
    run(cli, "convert", "--quiet", "--to", "fluent", str(tmp_path / "po"), str(tmp_path / "back") + "/")
    with parlance.Catalog() as catalog:
        catalog.load(tmp_path / "back")
        with parlance.Localizer(catalog, ["de"], table="app") as localizer:
            off = parlance.FormatOptions(isolation="none")
            assert localizer.format_named("hello", {"name": "A"}, options=off) == "Hallo, A!"
            assert localizer.text("plain") == "Einfach"
            assert localizer.format_named("login.title", {}, options=off) == "Bei Nimbus anmelden"


def test_stats_and_pseudo(cli, tmp_path, library):
    import parlance
    folder = tmp_path / "en"
    folder.mkdir()
    (folder / "main.ftl").write_text("hello = Hello, { $name }!\nplain = Plain text\n", encoding="utf-8")
    stats = run(cli, "stats", str(tmp_path)).stdout
    assert "2" in stats
    run(cli, "pseudo", "--quiet", "-o", str(tmp_path), str(tmp_path))
    with parlance.Catalog() as catalog:
        catalog.load(tmp_path)
        pseudo = [locale for locale in catalog.locales if locale != "en"]
        assert pseudo
        assert "en-XA" in pseudo
        with parlance.Localizer(catalog, ["en-XA"], table="main") as localizer:
            text = localizer.text("plain")
            assert text != "Plain text" and text.startswith("[") and localizer.lookup("plain") == text
            # The Fluent syntax cuts its own messages: the placeable is kept as written.
            hello = localizer.format_named("hello", {"name": "Ann"}, options=parlance.FormatOptions(isolation="none"))
            assert hello.startswith("[Ĥéļļö, Ann!") and hello.endswith("]")


def _placeables(pattern):
    """A pattern's placeables as fluent.syntax serializes them, text left out;
    a select expression as its selector, keys and variants' placeables."""
    from fluent.syntax import ast, serializer
    if pattern is None:
        return None

    def expression(node):
        if isinstance(node, ast.SelectExpression):
            return ("select", expression(node.selector),
                    [(serializer.serialize_variant_key(v.key), v.default, _placeables(v.value)) for v in node.variants])
        if isinstance(node, ast.Placeable):
            return ("placeable", expression(node.expression))
        return serializer.serialize_expression(node)
    return [expression(e.expression) for e in pattern.elements if isinstance(e, ast.Placeable)]


def _entries(text):
    """id (-id for a term) → (value's placeables, {attribute: placeables}); the first of an id; and the Junk."""
    from fluent.runtime import FluentResource
    from fluent.syntax import ast
    entries, junk = {}, []
    for entry in FluentResource(text).body:
        if isinstance(entry, ast.Junk):
            junk.append(entry.content)
        elif isinstance(entry, (ast.Message, ast.Term)):
            name = ("-" if isinstance(entry, ast.Term) else "") + entry.id.name
            entries.setdefault(name, (_placeables(entry.value),
                                      {a.id.name: _placeables(a.value) for a in entry.attributes}))
    return entries, junk


@pytest.mark.parametrize("style", ["en-XA", "ar-XB"])
def test_pseudo_keeps_every_placeable_of_the_real_files(cli, trees, tmp_path, style):
    """Pseudo of one language of every corpus3 tree: fluent.runtime reads each
    file written without Junk, with every message, term and attribute of the
    source and the same placeables (variables, terms, functions, literals,
    select keys); a bundle formats each message with the same errors."""
    pytest.importorskip("fluent.runtime", reason="scripts/install-deps.sh installs fluent.runtime")
    from fluent.runtime import FluentBundle, FluentResource
    compared = changed = with_placeables = 0
    # Thunderbird's resources are all in folders under the language (de/mail/messenger/…).
    thunderbird = FLUENT / "thunderbird__thunderbird-l10n"
    for index, tree in enumerate(trees + [thunderbird] * (thunderbird not in trees)):
        development = next((name for name in ("en-US", "en", "de") if (tree / name).is_dir()), None)
        if development is None:   # a folder under a language whose subfolders only look like locales
            continue
        out = tmp_path / str(index)
        run(cli, "pseudo", "--quiet", "--locale", style, "--development-locale", development, "-o", str(out), str(tree))
        for source in sorted((tree / development).rglob("*.ftl")):
            text = source.read_text(encoding="utf-8-sig")
            original, _ = _entries(text)
            if not original:
                continue
            relative = source.relative_to(tree / development)   # nested resources too (mozorg/about/…/x.ftl)
            written = out / style / relative
            pseudo_text = written.read_text(encoding="utf-8")
            pseudo, junk = _entries(pseudo_text)
            assert junk == [], f"{written}: {junk[:2]}"
            assert pseudo == original, str(source)
            bundles = []
            for resource in (text, pseudo_text):
                bundle = FluentBundle([development], use_isolating=False)
                bundle.add_resource(FluentResource(resource))
                bundles.append(bundle)
            for name, (value, _) in original.items():
                if name.startswith("-") or value is None:
                    continue
                results = [b.format_pattern(b.get_message(name).value, {}) for b in bundles]
                assert [str(e) for e in results[0][1]] == [str(e) for e in results[1][1]], f"{source}: {name}"
                changed += results[0][0] != results[1][0]
                with_placeables += bool(value)
                compared += 1
    assert compared > 3000 and with_placeables > 300, (compared, with_placeables)
    assert changed > compared * 0.9, (changed, compared)


def test_merge_keeps_comments_and_line_ends(cli, tmp_path):
    """A template merged into a translation: its resource, group, standalone
    and attached comments stay, an unused message is kept, new messages come
    with their template comment, in the file's line ends (CRLF here, BOM kept)."""
    template = tmp_path / "tpl" / "en" / "main.ftl"
    template.parent.mkdir(parents=True)
    template.write_text("## Group\n\n# Attached to hello\nhello = Hello\n\n# Note for fresh\n"
                        "fresh = Fresh { $x }\n    .title = New\n", encoding="utf-8")
    translation = tmp_path / "out" / "de" / "main.ftl"
    translation.parent.mkdir(parents=True)
    german = ("### Deutsche Ressource\r\n\r\n## Gruppe\r\n\r\n# Zu hello\r\nhello = Hallo\r\n\r\n"
              "# Alleinstehend\r\n\r\n# Zu alt\r\nold = Alt\r\n")
    translation.write_bytes(b"\xef\xbb\xbf" + german.encode())
    run(cli, "merge", "--quiet", "--format", "fluent", "--from", str(template), "-o", str(tmp_path / "out"))
    merged = translation.read_bytes()
    assert merged.startswith(b"\xef\xbb\xbf" + german.encode())
    added = merged[len(german.encode()) + 3:].decode()
    assert added == "# Note for fresh\r\nfresh = Fresh { $x }\r\n    .title = New\r\n"
    assert b"\n" not in merged.replace(b"\r\n", b"")
    # Merged again, nothing changes: the file stays byte for byte.
    run(cli, "merge", "--quiet", "--format", "fluent", "--from", str(template), "-o", str(tmp_path / "out"))
    assert translation.read_bytes() == merged
    # With --delete-unused-entries only the message and its attached comment go.
    run(cli, "merge", "--quiet", "--format", "fluent", "--delete-unused-entries", "--from", str(template),
        "-o", str(tmp_path / "out"))
    assert translation.read_bytes() == merged.replace(b"# Zu alt\r\nold = Alt\r\n", b"")


def test_merge_leaves_every_real_file_untouched(cli, trees, tmp_path):
    """Languages of corpus3 merged with their own files as templates (the
    files directly in the language folder: a template names its table by
    its file name): nothing to add, every file byte for byte as it was."""
    compared = 0
    for index, tree in enumerate(trees):
        languages = [name for name in ("en-US", "en", "de", "fr") if any((tree / name).glob("*.ftl"))]
        for language in languages:
            copy = tmp_path / f"{index}-{language}"
            shutil.copytree(tree / language, copy / language)
            files = sorted((copy / language).glob("*.ftl"))
            before = {path: path.read_bytes() for path in files}
            report = run(cli, "merge", "--format", "fluent", "--development-locale", language,
                         *[arg for path in files for arg in ("--from", str(path))], "-o", str(copy)).stdout
            assert "(created)" not in report and "(modified)" not in report, report[:2000]
            for path, data in before.items():
                assert path.read_bytes() == data, str(path)
                compared += 1
    assert compared > 100


def test_nested_resources_in_stats_lint_and_merge(cli, tmp_path):
    """A resource four folders under its language (Firefox's
    `{locale}/browser/…` layout) is the table of its path in stats and
    lint, as the runtime lists it; `merge --from` names a template by its
    path from its language folder and writes the translation there."""
    template = tmp_path / "tpl" / "en-US" / "browser" / "preferences" / "deep" / "inner" / "prefs.ftl"
    template.parent.mkdir(parents=True)
    template.write_text("hello = Hello\nbye = Bye\n", encoding="utf-8")
    translation = tmp_path / "out" / "de" / "browser" / "preferences" / "deep" / "inner" / "prefs.ftl"
    translation.parent.mkdir(parents=True)
    translation.write_text("hello = Hallo\n", encoding="utf-8")
    run(cli, "merge", "--quiet", "--format", "fluent", "--development-locale", "en-US", "--from", str(template),
        "-o", str(tmp_path / "out"))
    assert translation.read_text(encoding="utf-8") == "hello = Hallo\nbye = Bye\n"
    assert sorted(p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out").rglob("*.ftl")) == [
        "de/browser/preferences/deep/inner/prefs.ftl", "en-US/browser/preferences/deep/inner/prefs.ftl"]
    stats = json.loads(run(cli, "stats", "--format", "json", "--development-locale", "en-US",
                           str(tmp_path / "out")).stdout)
    text = json.dumps(stats)
    assert "browser/preferences/deep/inner/prefs" in text
    (tmp_path / "out" / "de" / "browser" / "preferences" / "deep" / "inner" / "prefs.ftl").write_text(
        "hello = Hallo\nbye = { \n", encoding="utf-8")
    lint = run(cli, "lint", "--development-locale", "en-US", str(tmp_path / "out"), check=False)
    assert lint.returncode == 1 and "de/browser/preferences/deep/inner/prefs.ftl:3:1: error" in lint.stdout


def test_one_file_per_language_in_stats_lint_merge_and_pseudo(cli, library, tmp_path):
    """uutils' layout, `locales/LOCALE.ftl`: each file is its language's
    standard table, as `Catalog.load` reads it; stats counts it, lint
    reads it, merge writes into it and pseudo writes a language of it."""
    import parlance
    locales = tmp_path / "locales"
    locales.mkdir()
    (locales / "en-US.ftl").write_text("hello = Hello\nbye = Bye\nnew = New\n", encoding="utf-8")
    (locales / "fr-FR.ftl").write_text("hello = Bonjour\nbye = Au revoir\n", encoding="utf-8")
    with parlance.Catalog() as catalog:
        catalog.load(str(locales))
        served = {(locale, table) for locale in catalog.locales for table in catalog.tables
                  if catalog.entries(locale, table)}
    stats = json.loads(run(cli, "stats", "--format", "json", "--development-locale", "en-US", str(locales)).stdout)
    rows = {(row["locale"], row["table"]): row for row in stats}
    assert set(rows) == {("en-US", "Localizable"), ("fr-FR", "Localizable")} == served, (rows, served)
    assert rows[("fr-FR", "Localizable")]["files"] == [str(locales / "fr-FR.ftl")]
    assert (rows[("fr-FR", "Localizable")]["translated"], rows[("fr-FR", "Localizable")]["entries"]) == (2, 3)

    (locales / "fr-FR.ftl").write_text("hello = Bonjour\nbye = {\n", encoding="utf-8")
    lint = run(cli, "lint", "--development-locale", "en-US", str(locales), check=False)
    assert lint.returncode == 1 and "fr-FR.ftl:3:1: error" in lint.stdout, lint.stdout
    (locales / "fr-FR.ftl").write_text("hello = Bonjour\n", encoding="utf-8")

    # merge: the development file is the template of the one table; French gains its missing messages.
    run(cli, "merge", "--quiet", "--development-locale", "en-US", "--from", str(locales / "en-US.ftl"), "-o", str(locales))
    assert sorted(p.name for p in locales.iterdir()) == ["en-US.ftl", "fr-FR.ftl"]
    merged = (locales / "fr-FR.ftl").read_text(encoding="utf-8")
    assert merged.startswith("hello = Bonjour\n") and "bye = Bye" in merged and "new = New" in merged, merged

    out = tmp_path / "pseudo"
    run(cli, "pseudo", "--quiet", "--development-locale", "en-US", "-o", str(out), str(locales))
    with parlance.Catalog() as catalog:
        catalog.load(str(out))
        assert "Localizable" in catalog.tables and catalog.locales


def test_merge_asks_which_format_of_a_folder_holding_two(cli, tmp_path):
    """A folder holding Fluent's `LOCALE.ftl` and i18next's `LOCALE.json`
    is two catalogs: merge names both formats and writes nothing, rather
    than merging one and leaving the other unmerged without a word."""
    (tmp_path / "en.ftl").write_text("hello = Hello\n", encoding="utf-8")
    (tmp_path / "fr.ftl").write_text("hello = Bonjour\n", encoding="utf-8")
    (tmp_path / "en.json").write_text('{"hello": "Hello"}', encoding="utf-8")
    (tmp_path / "fr.json").write_text('{"hello": "Bonjour"}', encoding="utf-8")
    template = tmp_path / "Localizable.pot"
    template.write_text('msgid "bye"\nmsgstr ""\n', encoding="utf-8")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    result = run(cli, "merge", "--from", str(template), "-o", str(tmp_path), check=False)
    assert result.returncode != 0 and "several formats" in result.stderr, result.stderr
    assert "(i18next, fluent)" in result.stderr, result.stderr
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    run(cli, "merge", "--quiet", "--format", "fluent", "--from", str(template), "-o", str(tmp_path))
    assert "bye" in (tmp_path / "fr.ftl").read_text(encoding="utf-8")
    assert (tmp_path / "fr.json").read_bytes() == before["fr.json"]
