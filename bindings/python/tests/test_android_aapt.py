r"""Parlance's Android resource loader against aapt, Android's resource compiler.

For the crafted fixture (Tests/Fixtures/android/tricky) and every real
project under Tests/Fixtures/real/android, the res folder is copied into a
temporary directory with a minimal AndroidManifest.xml, compiled with
`aapt package`, and read back with `aapt dump --values resources`. For every
configuration that names only a locale, Parlance (a localizer whose chain is
that locale alone) must serve exactly aapt's compiled value:

- every <string> / <item type="string">, by its name;
- every item of every <string-array>, keyed "name[i]";
- every quantity of every <plurals>, through a count that CLDR (Babel) maps
  to that quantity in the locale; quantities no integer selects are skipped.

A value aapt compiles to a reference (`@string/other`) is compared with the
text Android serves for it: the referenced string in the same configuration,
else in the configuration of the bare language, else in the default one.

The installed aapt is aapt1; Android builds have used aapt2 since 2018.
The two differ on backslash escapes aapt2 does not know: aapt1 drops the
backslash and the character (`a\xb` is `ab`), aapt2 keeps the character
(`axb`, its StringBuilder::AppendText: "Ignore the escape character and
just include the codepoint"), and aapt1 reads a short `\u00e` while aapt2
refuses it. Parlance follows aapt2; AAPT2_VALUES names those fixture
strings and the value aapt2's rule gives, which is checked instead.

aapt is required: the test fails, not skips, when it is missing
(scripts/install-deps.sh installs it). A project aapt refuses to compile is
skipped, with aapt's message.
"""

import itertools
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import pytest
from babel import Locale as BabelLocale

import parlance

REPO = Path(__file__).resolve().parents[3]
TRICKY = REPO / "Tests" / "Fixtures" / "android" / "tricky"
REAL = REPO / "Tests" / "Fixtures" / "real" / "android"
MANIFEST = ('<manifest xmlns:android="http://schemas.android.com/apk/res/android" '
            'package="org.example.app"/>\n')

#: aapt's bag keys of a <plurals> item (ResTable_map::ATTR_OTHER ... ATTR_MANY).
QUANTITY_KEYS = {0x01000004: "other", 0x01000005: "zero", 0x01000006: "one",
                 0x01000007: "two", 0x01000008: "few", 0x01000009: "many"}
#: aapt's bag key of array item i is ARRAY_KEY_BASE + i (Res_MAKEARRAY).
ARRAY_KEY_BASE = 0x02000000


def aapt_path() -> str:
    path = shutil.which("aapt") or ("/usr/bin/aapt" if Path("/usr/bin/aapt").exists() else None)
    if path is None:
        pytest.fail("aapt (Android's resource compiler, Debian package aapt) is not installed; "
                    "scripts/install-deps.sh installs it")
    return path


def res_folder(project: Path) -> Path:
    """The folder holding values*/ (the project itself, or its res/)."""
    return project / "res" if (project / "res").is_dir() else project


PROJECTS = [TRICKY] + sorted(p for p in REAL.iterdir() if p.is_dir())


# ---- aapt's dump -----------------------------------------------------------------

@dataclass
class Value:
    """One compiled value: kind "string" (text), "reference" (resource id) or
    another aapt type name (text is its raw dump)."""
    kind: str
    text: str = ""
    ref: int = 0


@dataclass
class Dump:
    #: resource id -> (type, name)
    names: Dict[int, Tuple[str, str]] = field(default_factory=dict)
    #: config -> type -> name -> Value (string) or {key: Value} (bags)
    configs: Dict[str, Dict[str, Dict[str, object]]] = field(default_factory=dict)


def unescape_dump(text: str) -> str:
    """Undo ResTable::normalizeForOutput, which writes \\ as \\\\, " as \\"
    and a line feed as \\n and every other character as itself."""
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text) and text[i + 1] in 'n"\\':
            out.append("\n" if text[i + 1] == "n" else text[i + 1])
            i += 2
        else:
            if c == "\\":
                raise ValueError(f"unexpected escape in aapt's dump: {text!r}")
            out.append(c)
            i += 1
    return "".join(out)


VALUE_RE = re.compile(r'\((string8|string16)\) "(.*)"$|\((reference)\) 0x([0-9a-f]{8})$|\(([a-z0-9]+)\) (.*)$')
RESOURCE_RE = re.compile(r"^        resource 0x([0-9a-f]{8}) [^:]+:([a-z-]+)/([^:]+): (.*)$")
SPEC_RE = re.compile(r"^      spec resource 0x([0-9a-f]{8}) [^:]+:([a-z-]+)/([^:]+): ")
CONFIG_RE = re.compile(r"^      config (.*):$")
BAG_ITEM_RE = re.compile(r"^          #\d+ \(Key=0x([0-9a-f]{8})\): (.*)$")


def parse_value(text: str) -> Value:
    match = VALUE_RE.match(text)
    if match is None:
        raise ValueError(f"unreadable value in aapt's dump: {text!r}")
    if match.group(1):
        return Value("string", unescape_dump(match.group(2)))
    if match.group(3):
        return Value("reference", ref=int(match.group(4), 16))
    return Value(match.group(5), match.group(6))


def parse_dump(dump: str) -> Dump:
    """Reads `aapt dump --values resources`. Lines are split on line feeds
    only: values keep their other control characters (tab, CR) raw."""
    result = Dump()
    config: Optional[str] = None
    bag: Optional[Dict[int, Value]] = None
    pending: Optional[Tuple[str, str]] = None       # a plain resource whose value is the next line
    for line in dump.split("\n"):
        if pending is not None:
            kind, name = pending
            result.configs[config].setdefault(kind, {})[name] = parse_value(line.strip())
            pending = None
            continue
        if (m := SPEC_RE.match(line)):
            result.names[int(m.group(1), 16)] = (m.group(2), m.group(3))
            continue
        if (m := CONFIG_RE.match(line)):
            config = m.group(1)
            result.configs.setdefault(config, {})
            bag = None
            continue
        if (m := RESOURCE_RE.match(line)):
            assert config is not None, line
            kind, name, rest = m.group(2), m.group(3), m.group(4)
            if rest == "<bag>":
                bag = {}
                result.configs[config].setdefault(kind, {})[name] = bag
            else:
                bag = None
                pending = (kind, name)
            continue
        if bag is not None and (m := BAG_ITEM_RE.match(line)):
            bag[int(m.group(1), 16)] = parse_value(m.group(2))
    return result


def config_locale(config: str, default_locale: str) -> Optional[str]:
    """Parlance's locale of an aapt configuration that names only a locale
    ("(default)", "de", "pt-rBR", "b+sr+Latn"); None for any other."""
    if config == "(default)":
        return default_locale
    if config.startswith("b+"):
        return "-".join(config[2:].split("+"))
    m = re.fullmatch(r"([a-z]{2,3})(?:-r([A-Z]{2}))?", config)
    if m is None:
        return None
    return m.group(1) + ("-" + m.group(2) if m.group(2) else "")


def default_locale(res: Path) -> str:
    """`tools:locale` of a values/*.xml <resources>, else en (as Parlance reads it)."""
    for path in sorted((res / "values").glob("*.xml")):
        m = re.search(rb"""tools:locale=["']([^"']+)["']""", path.read_bytes()[:4096])
        if m:
            return m.group(1).decode()
    return "en"


def string_array_names(res: Path) -> set:
    """Names of <string-array> elements (aapt compiles <array> and
    <integer-array> into the same "array" type, which Parlance skips)."""
    names = set()
    for path in res.glob("values*/*.xml"):
        for element in ET.parse(path).getroot():
            if element.tag == "string-array":
                names.add(element.get("name"))
    return names


@dataclass
class Compiled:
    project: str
    res: Path
    dump: Dump
    default_locale: str
    string_arrays: set
    dropped: List[str] = field(default_factory=list)

    def resolve(self, config: str, value: Value, hops: int = 0) -> Value:
        """The string value Android serves for value in config."""
        if value.kind != "reference" or hops > 16:
            return value
        if value.ref not in self.dump.names:
            return Value("unresolved", f"reference 0x{value.ref:08x}")
        kind, name = self.dump.names[value.ref]
        language = config.split("-")[0] if not config.startswith(("b+", "(")) else config
        for candidate in dict.fromkeys([config, language, "(default)"]):
            target = self.dump.configs.get(candidate, {}).get(kind, {}).get(name)
            if isinstance(target, Value):
                return self.resolve(candidate, target, hops + 1)
        return Value("unresolved", f"@{kind}/{name}")

    def locales(self) -> Dict[str, str]:
        """Parlance locale -> aapt configuration, for locale-only configurations."""
        out = {}
        for config in self.dump.configs:
            locale = config_locale(config, self.default_locale)
            if locale is not None:
                assert locale not in out, f"two configurations for {locale}: {out[locale]}, {config}"
                out[locale] = config
        return out


_compiled: Dict[Path, Compiled] = {}
_serial = itertools.count()


def compile_project(project: Path, tmp_root: Path, drop_refused: bool = False) -> Compiled:
    """aapt's compiled resources of project. With drop_refused, a folder
    aapt1 cannot name (`values-b+be+x+old`, which aapt2 takes) or a file it
    refuses is left out of the copy, and the copy (`Compiled.res`) is what
    the comparison loads; `Compiled.dropped` lists them."""
    if project in _compiled:
        return _compiled[project]
    aapt = aapt_path()
    res = res_folder(project)
    work = tmp_root / f"{next(_serial)}-{project.name}"   # real projects' folders are all called res
    shutil.copytree(res, work / "res")
    (work / "AndroidManifest.xml").write_text(MANIFEST)
    dropped: List[str] = []
    while True:
        built = subprocess.run([aapt, "package", "-f", "-M", str(work / "AndroidManifest.xml"), "-S", str(work / "res"),
                                "-F", str(work / "out.apk")], capture_output=True, text=True)
        if built.returncode == 0:
            break
        folder = re.search(r"invalid resource directory name: \S+ (values\S*)", built.stderr)
        failed = re.search(r"(/\S+/res/values[^/\s]*/[^:\s]+\.xml):\d+: error", built.stderr)
        refused = (work / "res" / folder.group(1)) if folder else Path(failed.group(1)) if failed else None
        if not drop_refused or refused is None or not refused.exists() or len(dropped) >= 4:
            pytest.skip(f"aapt rejects {project.name}: {built.stderr.strip()}")
        dropped.append(str(refused.relative_to(work / "res")))
        shutil.rmtree(refused) if refused.is_dir() else refused.unlink()
    dumped = subprocess.run([aapt, "dump", "--values", "resources", str(work / "out.apk")],
                            capture_output=True, check=True)
    served = work / "res" if dropped else res
    compiled = Compiled(project.name, served, parse_dump(dumped.stdout.decode("utf-8")), default_locale(res),
                        string_array_names(served), dropped)
    _compiled[project] = compiled
    return compiled


@pytest.fixture(scope="module")
def aapt_tmp(tmp_path_factory):
    return tmp_path_factory.mktemp("aapt")


def counts_for(locale: str, quantity: str) -> List[int]:
    """Integers CLDR (Babel) maps to quantity in locale: the smallest, and
    the smallest above 1 when that differs (so that 0, which some runtimes
    treat specially, is never the only count tried)."""
    babel = BabelLocale.parse(locale, sep="-")
    found = [n for n in range(0, 1001) if babel.plural_form(n) == quantity]
    return list(dict.fromkeys(found[:1] + [n for n in found if n > 1][:1]))


# ---- the comparison --------------------------------------------------------------

@dataclass
class Comparison:
    strings: int = 0
    array_items: int = 0
    plural_items: int = 0
    plural_lookups: int = 0
    skipped_quantities: List[str] = field(default_factory=list)
    mismatches: List[str] = field(default_factory=list)


#: (project, config, string name) → the value aapt2's escape rule gives where aapt1's differs.
AAPT2_VALUES = {
    ("tricky", "(default)", "unknown_escape"): "axbyc",
    ("tricky", "de", "unknown_escape"): "ÄqÖ",
    ("tricky", "(default)", "escaped_percent"): "100% sure",
    ("tricky", "ru", "escaped_percent"): "100% точно",
    ("tricky", "(default)", "escaped_space"): "a   b",
    ("tricky", "de", "escaped_space"): "a   b",
    ("tricky", "(default)", "escaped_space_lead"): "  lead",
    ("tricky", "(default)", "unicode_short"): "end u00e",   # aapt2 refuses the file; Parlance keeps the text
}


def compare_locale(compiled: Compiled, catalog: "parlance.Catalog", locale: str, config: str) -> Comparison:
    result = Comparison()
    types = compiled.dump.configs[config]

    def check(what: str, expected: Value, actual: Optional[str]) -> None:
        name = what.split("/", 1)[1] if what.count("/") == 1 else None
        aapt2 = AAPT2_VALUES.get((compiled.project, config, name))
        if aapt2 is not None:
            if actual != aapt2:
                result.mismatches.append(f"{what}: aapt2's rule gives {aapt2!r}, Parlance {actual!r}")
            return
        expected = compiled.resolve(config, expected)
        if expected.kind != "string":
            result.mismatches.append(f"{what}: aapt compiled a {expected.kind} value ({expected.text!r}), "
                                     f"Parlance {actual!r}")
        elif actual != expected.text:
            result.mismatches.append(f"{what}: aapt {expected.text!r}, Parlance {actual!r}")

    with parlance.Localizer(catalog, [locale], development=locale) as loc:
        for name, value in sorted(types.get("string", {}).items()):
            result.strings += 1
            check(f"[{config}] string/{name}", value, loc.lookup(name))
        for name, bag in sorted(types.get("array", {}).items()):
            if name not in compiled.string_arrays:
                continue
            for key, value in sorted(bag.items()):
                index = key - ARRAY_KEY_BASE
                result.array_items += 1
                check(f"[{config}] array/{name}[{index}]", value, loc.lookup(f"{name}[{index}]"))
        for name, bag in sorted(types.get("plurals", {}).items()):
            for key, value in sorted(bag.items()):
                quantity = QUANTITY_KEYS[key]
                counts = counts_for(locale, quantity)
                if not counts:
                    result.skipped_quantities.append(f"{name}:{quantity}")
                    continue
                result.plural_items += 1
                for n in counts:
                    result.plural_lookups += 1
                    check(f"[{config}] plurals/{name} quantity={quantity} (count {n})", value, loc.plural(name, n))
    return result


def test_aapt_is_installed():
    aapt_path()


def test_dump_parser_reads_escapes():
    assert unescape_dump(r'say \"hi\"\n\\n') == 'say "hi"\n\\n'
    dump = parse_dump('Package Groups (1)\n'
                      '      spec resource 0x7f020000 org.example.app:string/a: flags=0x00000000\n'
                      '      config (default):\n'
                      '        resource 0x7f020000 org.example.app:string/a: t=0x03 d=0x00000000 (s=0x0008 r=0x00)\n'
                      '          (string16) "x\\"\ty\rz\\\\"\n'
                      '        resource 0x7f030000 org.example.app:plurals/p: <bag>\n'
                      '          Parent=0x00000000(Resolved=0x00000000), Count=1\n'
                      '          #0 (Key=0x01000004): (reference) 0x7f020000\n')
    assert dump.configs["(default)"]["string"]["a"] == Value("string", 'x"\ty\rz\\')
    assert dump.configs["(default)"]["plurals"]["p"] == {0x01000004: Value("reference", ref=0x7f020000)}
    assert dump.names[0x7f020000] == ("string", "a")


def test_config_locales():
    assert config_locale("(default)", "en") == "en"
    assert config_locale("de", "en") == "de"
    assert config_locale("pt-rBR", "en") == "pt-BR"
    assert config_locale("b+sr+Latn", "en") == "sr-Latn"
    assert config_locale("night-v8", "en") is None
    assert config_locale("de-v21", "en") is None


@pytest.mark.parametrize("project", PROJECTS, ids=[p.name for p in PROJECTS])
def test_parlance_serves_what_aapt_compiles(project, aapt_tmp):
    compiled = compile_project(project, aapt_tmp)
    locales = compiled.locales()
    assert "(default)" in compiled.dump.configs, "aapt's dump has no default configuration: parser out of step?"
    mismatches: List[str] = []
    totals = Comparison()
    with parlance.Catalog() as catalog:
        catalog.load(compiled.res)
        for locale, config in sorted(locales.items()):
            result = compare_locale(compiled, catalog, locale, config)
            assert result.strings > 0, f"no strings read from aapt's dump for {config}"
            totals.strings += result.strings
            totals.array_items += result.array_items
            totals.plural_items += result.plural_items
            totals.plural_lookups += result.plural_lookups
            totals.skipped_quantities += [f"{config}:{q}" for q in result.skipped_quantities]
            mismatches += result.mismatches
    print(f"{project.name}: {len(locales)} locales, {totals.strings} strings, {totals.array_items} array items, "
          f"{totals.plural_items} plural items ({totals.plural_lookups} counts) compared; "
          f"quantities no integer selects: {', '.join(totals.skipped_quantities) or 'none'}")
    assert not mismatches, (f"{len(mismatches)} of {totals.strings + totals.array_items + totals.plural_items} "
                            f"values differ from aapt in {project.name}:\n" + "\n".join(mismatches))


def test_aapt2_exceptions_are_real_differences(aapt_tmp):
    """Each AAPT2_VALUES entry is a string where aapt1 gives something else."""
    compiled = compile_project(TRICKY, aapt_tmp)
    for (project, config, name), value in AAPT2_VALUES.items():
        assert project == "tricky"
        assert compiled.resolve(config, compiled.dump.configs[config]["string"][name]).text != value, name


def test_tricky_fixture_covers_every_kind(aapt_tmp):
    """The crafted fixture exercises strings, arrays and plurals in every
    locale, and a non-locale configuration (values-night) that is skipped."""
    compiled = compile_project(TRICKY, aapt_tmp)
    assert sorted(compiled.locales()) == ["de", "en", "ru", "sr-Latn"]
    assert any(config_locale(c, "en") is None for c in compiled.dump.configs), "values-night not compiled"
    for config in compiled.locales().values():
        types = compiled.dump.configs[config]
        assert types.get("string") and types.get("plurals") and types.get("array"), config

