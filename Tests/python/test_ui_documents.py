"""UI documents from the outside: `parlance localize-doc`, `extract` over
.ui and .storyboard files, and `Localizer.localize_document`, checked on
real documents against references: GNU gettext (xgettext with GTK's ITS
rules, msgfmt, CPython's gettext) for GtkBuilder, and the `.strings` files
Xcode generated from the same storyboards for Interface Builder."""
import gettext
import pathlib
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

import parlance

ROOT = pathlib.Path(__file__).resolve().parents[2]
REAL = ROOT / "Tests" / "Fixtures" / "real" / "ui"
GTK = REAL / "gtk" / "gnome-clocks"
IB = REAL / "ib" / "duckduckgo-ios"
GTK_DOCUMENTS = sorted(GTK.glob("*.ui"))
STORYBOARDS = sorted((IB / "Base.lproj").glob("*.storyboard"))
TRUE = {"y", "t", "1", "yes", "true"}


def run(cli, *args, check=True):
    result = subprocess.run([cli, *args], capture_output=True, text=True)
    if check:
        assert result.returncode == 0, result.stderr
    return result


@pytest.fixture(scope="module")
def clocks_catalog(tmp_path_factory):
    """gnome-clocks' French .po compiled by msgfmt, in glibc's layout."""
    root = tmp_path_factory.mktemp("locale")
    target = root / "fr" / "LC_MESSAGES"
    target.mkdir(parents=True)
    subprocess.run(["msgfmt", "-o", str(target / "gnome-clocks.mo"), str(GTK / "fr.po")], check=True)
    return root


def translatable(element):
    return (element.get("translatable") or "").lower() in TRUE


def expected_gtk(original, translations):
    """What GtkBuilder shows: each translatable element's text through
    gettext (pgettext with its context)."""
    texts = []
    for element in ET.fromstring(original).iter():
        if translatable(element) and element.text:
            context = element.get("context")
            texts.append(translations.pgettext(context, element.text) if context else translations.gettext(element.text))
    return texts


@pytest.mark.parametrize("document", GTK_DOCUMENTS, ids=lambda p: p.name)
def test_real_gtkbuilder_documents_are_localized_as_gettext_translates_them(cli, tmp_path, clocks_catalog, document):
    out = tmp_path / document.name
    result = run(cli, "localize-doc", "--catalog", str(clocks_catalog), "--locale", "fr", "--table", "gnome-clocks",
                 str(document), str(out))
    original = document.read_bytes()
    localized = out.read_bytes()
    with open(clocks_catalog / "fr" / "LC_MESSAGES" / "gnome-clocks.mo", "rb") as mo:
        reference = gettext.GNUTranslations(mo)
    # Every translatable text is what gettext gives; the fixture's .po translates them all.
    wanted = expected_gtk(original, reference)
    got = [e.text for e in ET.fromstring(localized).iter() if translatable(e) and e.text]
    assert got == wanted
    assert sum(a != b for a, b in zip(wanted, [e.text for e in ET.fromstring(original).iter() if translatable(e) and e.text])) > 0
    assert result.stderr == ""
    # Everything else is byte for byte the same: the lines without a translatable element.
    before, after = original.split(b"\n"), localized.split(b"\n")
    assert len(before) == len(after)
    for old, new in zip(before, after):
        if not re.search(rb'translatable="(yes|true)"', old):
            assert old == new
    # And the trees differ only in those texts.
    a, b = ET.fromstring(original), ET.fromstring(localized)
    for old, new in zip(a.iter(), b.iter()):
        assert (old.tag, old.attrib, old.tail) == (new.tag, new.attrib, new.tail)
        if not translatable(old):
            assert old.text == new.text


def po_messages(text):
    """(msgctxt, msgid, comments) of a .pot written by xgettext or parlance, header left out."""
    found = set()
    for block in text.split("\n\n"):
        ctx = re.search(r'^msgctxt ((?:".*"\n?)+)', block, re.M)   # a long one wraps, as msgid does
        msgid = re.search(r'^msgid ((?:".*"\n?)+)', block, re.M)
        if not msgid:
            continue
        ident = "".join(re.findall(r'"(.*)"', msgid.group(1)))
        if ident == "":
            continue
        notes = tuple(line[3:] for line in block.splitlines() if line.startswith("#. "))
        found.add(("".join(re.findall(r'"(.*)"', ctx.group(1))) if ctx else None, ident, notes))
    return found


def test_extract_finds_the_messages_xgettext_finds_in_real_gtkbuilder_documents(cli, tmp_path):
    assert pathlib.Path("/usr/share/gettext/its/gtkbuilder.its").exists(), "GTK's ITS rules (libgtk-3-bin) are installed"
    reference = tmp_path / "xgettext.pot"
    subprocess.run(["xgettext", "--from-code=UTF-8", "-o", str(reference), *map(str, GTK_DOCUMENTS)], check=True)
    run(cli, "extract", "--format", "po", "-o", str(tmp_path / "out"), str(GTK))
    ours = (tmp_path / "out" / "messages.pot").read_text()
    theirs = po_messages(reference.read_text())
    assert len(theirs) > 40
    assert {(c, m) for c, m, _ in po_messages(ours)} == {(c, m) for c, m, _ in theirs}
    # Translator comments come along (xgettext writes them as #. lines too).
    assert {n for _, _, n in po_messages(ours) if n} == {n for _, _, n in theirs if n}
    subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(tmp_path / "out" / "messages.pot")], check=True)


def strings_file(path):
    """A simple .strings file's key-value pairs (the fixtures use only \\" and \\n escapes)."""
    pairs = {}
    for key, value in re.findall(r'^"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)";', path.read_text(), re.M):
        pairs[key] = value.replace('\\"', '"').replace("\\n", "\n")
    return pairs


def storyboard_text(root, object_key):
    """The text `OBJECT-ID.property` names in a storyboard tree, read with
    Xcode's keying: an attribute of the object, a button state's title, a
    segment's title, an accessibility label or hint, a <string key>."""
    object_id, prop = object_key.split(".", 1)
    element = root.find(f".//*[@id='{object_id}']")
    assert element is not None, object_key
    if m := re.fullmatch(r"segmentTitles\[(\d+)\]", prop):
        return element.findall("./segments/segment")[int(m.group(1))].get("title")
    if prop.endswith("Title") and element.find(f"./state[@key='{prop[:-5]}']") is not None:
        return element.find(f"./state[@key='{prop[:-5]}']").get("title")
    if prop in ("accessibilityLabel", "accessibilityHint"):
        return element.find("./accessibility").get(prop[len("accessibility"):].lower())
    if prop in element.attrib:
        return element.get(prop)
    return element.find(f"./string[@key='{prop}']").text


@pytest.mark.parametrize("storyboard", STORYBOARDS, ids=lambda p: p.name)
def test_extract_gives_the_keys_xcode_generated_for_a_base_storyboard(cli, storyboard):
    listing = run(cli, "extract", "--list", str(storyboard)).stdout
    table = storyboard.stem
    keys = {line.split("\t")[0] for line in listing.splitlines() if line.split("\t")[3:4] == [table]}
    for language in ("de", "fr", "ru"):
        assert keys == set(strings_file(IB / f"{language}.lproj" / f"{table}.strings")), language


@pytest.mark.parametrize("storyboard", STORYBOARDS, ids=lambda p: p.name)
@pytest.mark.parametrize("language", ["de", "fr", "ru"])
def test_real_storyboards_take_their_translations_from_the_base_internationalization_tables(cli, tmp_path, storyboard,
                                                                                              language):
    out = tmp_path / storyboard.name
    result = run(cli, "localize-doc", "--catalog", str(IB), "--locale", language, str(storyboard), str(out))
    assert result.stderr == ""
    translations = strings_file(IB / f"{language}.lproj" / f"{storyboard.stem}.strings")
    root = ET.parse(out).getroot()
    for key, value in translations.items():
        assert storyboard_text(root, key) == value, key
    # Nothing else changed: the same tree once the translated texts are put back.
    original = ET.parse(storyboard).getroot()
    assert [(e.tag, sorted(e.attrib)) for e in original.iter()] == [(e.tag, sorted(e.attrib)) for e in root.iter()]
    assert len(storyboard.read_bytes().split(b"\n")) == len(out.read_bytes().split(b"\n"))


def english_catalog(root, strings):
    """A catalog folder of one en.lproj/Localizable.strings."""
    (root / "en.lproj").mkdir()
    (root / "en.lproj" / "Localizable.strings").write_text(strings)


def test_missing_texts_are_reported_with_their_locations_and_strict_fails(cli, tmp_path):
    english_catalog(tmp_path, '"Print" = "Print";\n')
    document = tmp_path / "menu.json"
    document.write_text('{"title": "^Print",\n "items": [{"label": "Quit"}]}')
    out = tmp_path / "out.json"
    result = run(cli, "localize-doc", "--catalog", str(tmp_path), "--locale", "en", str(document), str(out))
    assert out.read_text() == '{"title": "Print",\n "items": [{"label": "Quit"}]}'
    assert result.stderr == f"{document}:2:22: warning: no translation of 'Quit' in table Localizable\n"
    strict = run(cli, "localize-doc", "--catalog", str(tmp_path), "--strict", "--quiet", str(document), "-", check=False)
    assert (strict.returncode, strict.stdout, strict.stderr) == (1, out.read_text(), "")


def test_a_bad_document_is_a_located_error_and_the_output_is_left_alone(cli, tmp_path):
    english_catalog(tmp_path, '"A" = "B";\n')
    bad = tmp_path / "window.ui"
    bad.write_text('<interface>\n  <object class="GtkLabel">\n</interface>\n')
    out = tmp_path / "out.ui"
    out.write_text("previous")
    result = run(cli, "localize-doc", "--catalog", str(tmp_path), str(bad), str(out), check=False)
    assert result.returncode == 1
    assert f"{bad}:3:1:" in result.stderr and "expected </object>" in result.stderr
    assert out.read_text() == "previous"


@pytest.fixture
def french(library, tmp_path):
    catalog = parlance.Catalog()
    catalog.load_bytes('"Print" = "Imprimer";\n"(verb)Open" = "Ouvrir";'.encode(), locale="fr", format="strings")
    return parlance.Localizer(catalog, ["fr"])


def test_the_binding_localizes_documents_in_bytes_and_text(french):
    ui = '<interface><object class="GtkButton"><property name="label" translatable="yes" context="verb">Open</property>' \
         '<property name="tooltip-text">^Print</property></object></interface>'
    want = ui.replace(">Open<", ">Ouvrir<").replace(">^Print<", ">Imprimer<")
    assert french.localize_document(ui, name="window.ui") == want
    assert french.localize_document(ui.encode(), kind="gtkbuilder") == want.encode()
    assert french.localize_document('["^Print", "Print"]') == '["Imprimer", "Print"]'
    with pytest.raises(parlance.ParseError) as failure:
        french.localize_document("<interface>\n<x>", name="w.ui")
    assert failure.value.line == 2
    with pytest.raises(parlance.InvalidArgumentError):
        french.localize_document(ui, kind="html")


# ---- Interface Builder documents of real macOS and iOS apps (reference data) ----------

def _ib_documents(corpus2):
    documents = []
    for base in sorted((corpus2 / "ui").rglob("Base.lproj")):
        documents += sorted(base.glob("*.xib")) + sorted(base.glob("*.storyboard"))
    return documents


def _shipped(document):
    """Each language's .strings Xcode generated for document: {language: {key: text}}."""
    shipped = {}
    for strings in sorted(document.parent.parent.glob(f"*.lproj/{document.stem}.strings")):
        language = strings.parent.name[:-len(".lproj")]
        if language == "Base":
            continue
        with parlance.Catalog() as catalog:
            catalog.load(strings, locale=language)
            shipped[language] = {e.key: e.text for e in catalog.entries(language, document.stem)}
    return shipped


def test_extract_gives_every_key_xcode_gave_real_apps(cli, corpus2):
    """Every key of the .strings files Xcode generated for iina's, UTM's and
    DuckDuckGo's Base documents whose object is still in the document is a
    key `extract` gives — `headerCell.title`, `ibShadowedLabels[N]`,
    `ibShadowedToolTip`, `paletteLabel` included — and no
    `<constraint placeholder="YES">` (a build flag) becomes a text."""
    documents = _ib_documents(corpus2)
    assert len(documents) >= 40, len(documents)
    expected = missed = 0
    suffixes = set()
    for document in documents:
        text = document.read_text(encoding="utf-8")
        ids = set(re.findall(r'\sid="([^"]+)"', text))
        constraints = set(re.findall(r'<constraint [^>]*\bid="([^"]+)"', text))
        listing = run(cli, "extract", "--list", str(document)).stdout
        keys = {line.split("\t")[0] for line in listing.splitlines()}
        assert not {k for k in keys if k.split(".")[0] in constraints}, document
        wanted = {k for table in _shipped(document).values() for k in table if k.split(".")[0] in ids}
        expected += len(wanted)
        missed += len(wanted - keys)
        assert wanted <= keys, (document, sorted(wanted - keys)[:10])
        suffixes |= {re.sub(r"\[\d+\]", "[N]", k.split(".", 1)[1]) for k in wanted}
    assert {"headerCell.title", "ibShadowedLabels[N]", "ibShadowedToolTip", "paletteLabel"} <= suffixes, suffixes
    assert expected > 1000, expected


def test_a_document_is_localized_in_one_language_as_xcode_builds_it(corpus2):
    """Xcode builds a localized nib from Base and one language's table: a
    key that language lacks keeps the Base text, whatever a later language
    of the chain has. So localizing with a second language after the first
    changes nothing (UTM's Finnish toolbar keeps "Toolbar Item", not the
    German "Menüleisten-Objekt"), in every language of every real document."""
    compared = differs = 0
    folders = {}
    for document in _ib_documents(corpus2):
        folders.setdefault(document.parent.parent, []).append(document)
    for folder, documents in sorted(folders.items()):
        if not [p for p in folder.glob("*.lproj") if p.name != "Base.lproj"]:
            continue   # a Base document no language translates
        with parlance.Catalog() as catalog:
            catalog.load(folder)
            languages = sorted(catalog.locales)
            for document in documents:
                original = document.read_bytes()
                for index, language in enumerate(languages):
                    other = languages[index - 1]   # another language of the same app (the last for the first)
                    if other == language:
                        continue
                    with parlance.Localizer(catalog, [language]) as alone, \
                            parlance.Localizer(catalog, [language, other]) as chained:
                        one = alone.localize_document(original, name=document.name)
                        two = chained.localize_document(original, name=document.name)
                    compared += 1
                    differs += one != two
                    assert one == two, (document, language, other)
    assert compared > 200, compared
    utm = next(d for d in _ib_documents(corpus2) if d.name == "VMDisplayWindow.xib" and "macOS" in str(d))
    with parlance.Catalog() as catalog:
        catalog.load(utm.parent.parent)
        with parlance.Localizer(catalog, ["fi", "de"]) as finnish:
            localized = finnish.localize_document(utm.read_text(encoding="utf-8"), name=utm.name)
    assert "Menüleisten-Objekt" not in localized and "Toolbar Item" in localized


def test_extract_takes_gtkbuilder_translator_comments_as_xgettext_does(cli, corpus2, tmp_path):
    """gnome-calculator's, meld's and gnome-system-monitor's .ui files: the
    XML comments right before a translatable property (`<!-- Translators:
    … -->`) reach the .pot as xgettext writes them, for every message both
    find; what Parlance finds beyond xgettext is only `translatable="1"`
    and the like, which GtkBuilder itself reads as true."""
    notes = 0
    for project in ("GNOME__gnome-calculator", "GNOME__meld", "GNOME__gnome-system-monitor"):
        documents = sorted((corpus2 / "ui" / project).rglob("*.ui"))
        assert documents, project
        reference = tmp_path / f"{project}.pot"
        subprocess.run(["xgettext", "--from-code=UTF-8", "-o", str(reference), *map(str, documents)], check=True)
        out = tmp_path / project
        run(cli, "extract", "--format", "po", "-o", str(out), *map(str, documents))
        ours = {(c, m): n for c, m, n in po_messages((out / "messages.pot").read_text())}
        theirs = {(c, m): n for c, m, n in po_messages(reference.read_text())}
        assert set(theirs) <= set(ours), sorted(set(theirs) - set(ours))[:5]
        for key in theirs:
            assert ours[key] == theirs[key], (project, key, ours[key], theirs[key])
        notes += sum(1 for n in theirs.values() if n)
    assert notes >= 5, notes


# ---- Every key ibtool exported, caret-marked build flags, CDATA ----------------

IBTOOL_COMMENT = re.compile(r'Class = "[^"]*"; (?P<property>.+?) = "(?P<text>(?:[^"\\]|\\.)*)"; ObjectID = "(?P<id>[^"]+)";')


def _ib_documents_of(*corpora):
    return [d for corpus in corpora for d in _ib_documents(corpus)]


def _subtree_texts(element):
    """Every attribute value and text in an element and below it."""
    texts = set()
    for node in element.iter():
        texts.update(node.attrib.values())
        if node.text:
            texts.add(node.text)
    return texts


def _exported(document):
    """The keys ibtool exported for document, from the comments it writes
    above each key of every language's .strings (`/* Class = "UIButton";
    configuration.title = "Add Database"; ObjectID = "…"; */`), whose object
    still holds the text the comment names (a key left from an older
    export is not one): {key: (object id, {language: translation})}."""
    root = ET.parse(document).getroot()
    by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
    exported = {}
    for strings in sorted(document.parent.parent.glob(f"*.lproj/{document.stem}.strings")):
        language = strings.parent.name[:-len(".lproj")]
        if language == "Base":
            continue
        with parlance.Catalog() as catalog:
            catalog.load(strings, locale=language)
            for entry in catalog.entries(language, document.stem):
                found = IBTOOL_COMMENT.search(entry.comment or "")
                if not found or found["id"] not in by_id or entry.key.split(".")[0] != found["id"]:
                    continue   # no ibtool comment, or one a translator's tool moved to another key
                text = re.sub(r'\\(.)', lambda m: {"n": "\n", "t": "\t"}.get(m[1], m[1]), found["text"])
                if text not in _subtree_texts(by_id[found["id"]]):
                    continue
                exported.setdefault(entry.key, (found["id"], {}))[1][language] = entry.text
    return exported


def test_every_key_ibtool_exported_is_extracted_and_localized(cli, corpus2, corpus4):
    """Every key of the .strings files ibtool exported beside the Base
    documents of iina, UTM, DuckDuckGo, KeePassium, Sparkle and transmission
    (read from ibtool's own comment above each key) is a key `extract` gives
    in the document's table, and `localize-doc` puts each language's
    translation of it into the document: a button configuration's
    `configuration.title` and a localized runtime attribute included."""
    documents = _ib_documents_of(corpus2, corpus4)
    assert len(documents) >= 70, len(documents)
    keys_seen = placed = 0
    suffixes = set()
    for document in documents:
        exported = _exported(document)
        listing = run(cli, "extract", "--list", str(document)).stdout
        extracted = {line.split("\t")[0] for line in listing.splitlines() if line.split("\t")[3:4] == [document.stem]}
        assert set(exported) <= extracted, (document, sorted(set(exported) - extracted)[:10])
        keys_seen += len(exported)
        suffixes |= {re.sub(r"\[\d+\]", "[N]", key.split(".", 1)[1]) for key in exported}
        languages = sorted({language for _, translations in exported.values() for language in translations})
        if not languages:
            continue
        with parlance.Catalog() as catalog:
            catalog.load(document.parent.parent)
            original = document.read_bytes()
            for language in languages:
                with parlance.Localizer(catalog, [language]) as localizer:
                    localized = ET.fromstring(localizer.localize_document(original, name=document.name))
                by_id = {e.get("id"): e for e in localized.iter() if e.get("id")}
                for key, (object_id, translations) in exported.items():
                    if language in translations and translations[language]:
                        assert translations[language] in _subtree_texts(by_id[object_id]), (document, language, key)
                        placed += 1
    assert {"configuration.title", "ibExternalUserDefinedRuntimeAttributesLocalizableStrings[N]", "headerCell.title",
            "ibShadowedLabels[N]", "normalTitle"} <= suffixes, suffixes
    assert keys_seen > 1500 and placed > 40000, (keys_seen, placed)


def test_lint_and_stats_take_button_configurations_from_the_storyboard(cli, corpus4):
    """KeePassium's translations of `configuration.title` keys are keys of
    the Base storyboard, not stale keys."""
    folder = corpus4 / "ui" / "keepassium__KeePassium" / "KeePassium" / "database"
    assert (folder / "Base.lproj" / "DatabaseCreatorVC.storyboard").exists()
    lint = run(cli, "lint", "--catalog", str(folder), check=False)
    assert "h6C-CG-RVI.configuration.title" not in lint.stdout + lint.stderr
    rows = [line.split() for line in run(cli, "stats", str(folder)).stdout.splitlines()[1:]]
    creator = [row for row in rows if row[1] == "DatabaseCreatorVC"]
    assert len(creator) == 20, creator
    # LOCALE TABLE ENTRIES TRANSLATED MISSING UNUSED …: the translated title is used, not unused.
    assert all(row[5] == "0" for row in creator), creator


def test_a_caret_marked_constraint_placeholder_is_localized(cli, corpus2, tmp_path):
    """`placeholder="YES"` on a constraint is a build flag; caret-marked, the
    value is a text like any other caret-marked value (GTMUILocalizer's
    rule): iina's PrefGeneralViewController.xib with `^general.ok` on the
    constraint of line 418 gets iina's translation of `general.ok`, and
    nothing else changes."""
    iina = corpus2 / "ui" / "iina__iina" / "iina"
    original = (iina / "Base.lproj" / "PrefGeneralViewController.xib").read_text(encoding="utf-8")
    lines = original.split("\n")
    assert 'placeholder="YES" id="0iy-IO-vHF"' in lines[417]
    lines[417] = lines[417].replace('placeholder="YES"', 'placeholder="^general.ok"')
    marked = tmp_path / "Base.lproj" / "PrefGeneralViewController.xib"
    marked.parent.mkdir()
    marked.write_text("\n".join(lines), encoding="utf-8")
    with parlance.Catalog() as catalog:
        catalog.load(iina)
        for language in ("de", "fr", "ja"):
            with parlance.Localizer(catalog, [language]) as localizer:
                ok = localizer.lookup("general.ok")
                assert ok and ok != "general.ok", language
                plain = localizer.localize_document(original, name=marked.name)
                got = localizer.localize_document(marked.read_text(encoding="utf-8"), name=marked.name)
            want = plain.split("\n")
            want[417] = want[417].replace('placeholder="YES"', 'placeholder="' + escape_attribute(ok) + '"')
            assert got.split("\n") == want, language
    listing = run(cli, "extract", "--list", str(marked)).stdout.splitlines()
    found = [line.split("\t") for line in listing if line.split("\t")[0] == "general.ok"]
    assert len(found) == 1 and found[0][3] != marked.stem, found
    assert not [line for line in listing if line.startswith("0iy-IO-vHF.")]
    # Unmarked, the flag stays a flag.
    assert not [line for line in run(cli, "extract", "--list", str(iina / "Base.lproj" / marked.name)).stdout.splitlines()
                if line.startswith(("0iy-IO-vHF.", "IWI-YO-woF."))]


def escape_attribute(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


TRANSLATABLE = re.compile(rb'(<(?P<tag>[\w:-]+)\b[^>]*\btranslatable="yes"[^>]*>)(?P<content>.*?)(</(?P=tag)>)', re.S)


def _split_texts(document):
    """The bytes of a GtkBuilder document around its translatable texts, and the texts' bytes."""
    outside, texts, at = [], [], 0
    for match in TRANSLATABLE.finditer(document):
        outside.append(document[at:match.start("content")])
        texts.append(match["content"])
        at = match.end("content")
    outside.append(document[at:])
    return outside, texts


@pytest.fixture(scope="module")
def transmission_catalog(corpus4, tmp_path_factory):
    """transmission's .po files for a few languages compiled by msgfmt, in glibc's layout."""
    root = tmp_path_factory.mktemp("transmission")
    for language in ("de", "fr", "ru", "ja", "uk"):
        target = root / language / "LC_MESSAGES"
        target.mkdir(parents=True)
        subprocess.run(["msgfmt", "-o", str(target / "transmission-gtk.mo"),
                        str(corpus4 / "ui" / "transmission__transmission" / "po" / f"{language}.po")], check=True)
    return root


def test_gtkbuilder_cdata_texts_stay_cdata_and_only_the_texts_change(cli, corpus4, tmp_path, transmission_catalog):
    """transmission's .ui documents localized in five languages: outside the
    translatable texts every byte is the original's; a text written as
    CDATA is written back as CDATA; and the text GtkBuilder reads is what
    gettext gives (CPython's gettext on the msgfmt-compiled .mo)."""
    documents = sorted((corpus4 / "ui" / "transmission__transmission" / "gtk" / "ui").rglob("*.ui"))
    assert len(documents) == 28, len(documents)
    cdata = translated = 0
    for language in ("de", "fr", "ru", "ja", "uk"):
        with open(transmission_catalog / language / "LC_MESSAGES" / "transmission-gtk.mo", "rb") as mo:
            reference = gettext.GNUTranslations(mo)
        for document in documents:
            out = tmp_path / f"{language}-{document.parent.name}-{document.name}"
            # The gtk3 documents name no domain: the program sets it (`--table`).
            run(cli, "localize-doc", "--catalog", str(transmission_catalog), "--locale", language, "--quiet",
                "--table", "transmission-gtk", str(document), str(out))
            original, localized = document.read_bytes(), out.read_bytes()
            before, old_texts = _split_texts(original)
            after, new_texts = _split_texts(localized)
            assert before == after, document
            for old, new in zip(old_texts, new_texts):
                if old.startswith(b"<![CDATA["):
                    assert new.startswith(b"<![CDATA[") and new.endswith(b"]]>"), (document, new)
                    cdata += 1
                translated += old != new
            assert [e.text for e in ET.fromstring(localized).iter() if translatable(e) and e.text] == \
                expected_gtk(original, reference), (document, language)
    assert cdata == 6 * 5 and translated > 1000, (cdata, translated)
