"""parlance.gettext against the standard library on every catalog of this
machine: each ``/usr/share/locale/LANG/LC_MESSAGES/DOMAIN.mo``.

Every file is opened by the standard library (``GNUTranslations(fp)``) and
by Parlance twice, as users open it: ``translation(DOMAIN, LOCALEDIR,
[LANG])`` and ``GNUTranslations(fp)``. Both Parlance objects must give the
standard library's ``info()`` and ``charset()``, and for every message of
its ``_catalog``: ``gettext``/``pgettext`` for each msgid, and for each
entry with plural forms ``ngettext``/``npgettext`` (msgid_plural read from
the file) at COUNTS, except where Parlance follows GNU libintl (an index
past ``nplurals`` or a form the entry lacks: ``msgstr[0]``; ``gettext`` of
a plural entry: ``msgstr[0]``).

Two kinds of content the standard library does not serve are compared
with glibc instead (``dgettext``/``dngettext`` of libc.so.6, in a process
of its own with ``LANGUAGE=LANG``):

* system-dependent strings of revision 0.1/1.1 files (msgfmt writes
  ``%<PRIu64>`` in c-format messages as segments, and the ``I`` flag of
  ``%Id`` as one): looked up by their msgid expanded for this platform as
  glibc expands it (``%lu`` on LP64), through both Parlance objects;
* every message of the files the standard library refuses to open (it
  raises UnicodeDecodeError on a Latin-1 header line before it has read the
  charset, IndexError on ``Plural-Forms: 2``). glibc serves them, and so
  does Parlance (tolerant runtime, as glibc): it must serve them as glibc.

A file the standard search does not reach from its own directory name
(``sr@Latn``: ``locale.normalize`` reads it as ``sr@latin``) is compared
through ``GNUTranslations(fp)`` only; which ones those are is asserted.

The files are shared among processes (two at most); every file and every
message is covered, and the totals appear in the assertion messages.
"""

import codecs
import ctypes
import ctypes.util
import gettext as stdlib_gettext
import json
import multiprocessing
import os
import re
import struct
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import pytest

from parlance import gettext as pgettext

LOCALEDIR = Path("/usr/share/locale")
COUNTS = (0, 1, 2, 3, 5, 11, 21, 101, 1000001)
#: Disagreements kept per file (all are counted).
KEPT = 10
#: Directory names the standard search does not look in (see the docstring).
UNREACHED_LANGS = {"sr@Latn"}

LE_MAGIC = 0x950412DE
SEGMENTS_END = 0xFFFFFFFF


# ---- Reading a .mo, as glibc reads it -------------------------------------------

def _pri_value(name: str) -> Optional[str]:
    """What glibc's get_sysdep_segment_value gives for a segment name on
    this platform (LP64 or ILP32 glibc), or None for a name it rejects."""
    if name == "I":
        return "I"
    match = re.fullmatch(r"PRI([diouxX])(8|16|32|64|LEAST8|LEAST16|LEAST32|LEAST64|"
                         r"FAST8|FAST16|FAST32|FAST64|MAX|PTR)", name)
    if match is None:
        return None
    conversion, size = match.groups()
    long_bits = ctypes.sizeof(ctypes.c_long) * 8
    if size in ("64", "LEAST64", "FAST64", "MAX"):
        prefix = "l" if long_bits == 64 else "ll"
    elif size in ("FAST16", "FAST32", "PTR"):
        prefix = "l" if long_bits == 64 else ""
    else:
        prefix = ""
    return prefix + conversion


@dataclass
class MoFile:
    """A ``.mo``'s static msgids (``ctx\x04msgid\0msgid_plural``), its
    header (the translation of ``""``), and its system-dependent string
    pairs expanded for this platform (None when a segment is one glibc
    rejects)."""
    originals: List[bytes]
    header: Optional[bytes]
    sysdep: List[Optional[Tuple[bytes, bytes]]]


def read_mo(data: bytes) -> MoFile:
    order = "<" if struct.unpack("<I", data[:4])[0] == LE_MAGIC else ">"
    revision, count, originals, translations = struct.unpack_from(order + "4I", data, 4)

    def string(table: int, index: int) -> bytes:
        length, offset = struct.unpack_from(order + "II", data, table + 8 * index)
        return data[offset:offset + length]

    table = data[originals:originals + 8 * count]
    static = [data[offset:offset + length] for length, offset in struct.iter_unpack(order + "II", table)]
    header = string(translations, static.index(b"")) if b"" in static else None
    sysdep: List[Optional[Tuple[bytes, bytes]]] = []
    if revision & 0xFFFF:
        n_segments, segments, n_strings, orig_tab, trans_tab = struct.unpack_from(order + "5I", data, 28)
        values = [_pri_value(string(segments, i).rstrip(b"\0").decode("ascii")) for i in range(n_segments)]

        def expand(table: int, index: int) -> Optional[bytes]:
            (at,) = struct.unpack_from(order + "I", data, table + 4 * index)
            (offset,) = struct.unpack_from(order + "I", data, at)
            pieces = []
            at += 4
            while True:
                size, ref = struct.unpack_from(order + "II", data, at)
                at += 8
                pieces.append(data[offset:offset + size])
                offset += size
                if ref == SEGMENTS_END:
                    break
                if values[ref] is None:
                    return None
                pieces.append(values[ref].encode("ascii"))
            return b"".join(pieces).rstrip(b"\0")

        for i in range(n_strings):
            orig, trans = expand(orig_tab, i), expand(trans_tab, i)
            sysdep.append(None if orig is None or trans is None else (orig, trans))
    return MoFile(static, header, sysdep)


def header_charset(mo: MoFile) -> Optional[str]:
    match = re.search(rb"charset=([^\s;\\\"]+)", mo.header or b"")
    return match.group(1).decode("ascii") if match else None


# ---- Comparing one file ---------------------------------------------------------

def split(key: str) -> Tuple[Optional[str], str]:
    context, sep, msgid = key.partition("\x04")
    return (context, msgid) if sep else (None, key)


def singular(t, context, msgid):
    return t.gettext(msgid) if context is None else t.pgettext(context, msgid)


def plural(t, context, msgid, msgid2, n):
    return t.ngettext(msgid, msgid2, n) if context is None else t.npgettext(context, msgid, msgid2, n)


@dataclass
class GlibcQuery:
    """A message to ask glibc for: its raw msgid (``ctx\\x04msgid``) and
    msgid_plural as in the file (latin-1 text, so JSON carries the bytes),
    and what each Parlance object answered: a text, or one per COUNTS."""
    key: str
    plural: Optional[str]
    parlance: Dict[str, object]
    #: For a system-dependent string: msgstr[0], expanded and decoded here.
    expected: Optional[str] = None


@dataclass
class Report:
    path: str
    #: "TYPE: message" of what the standard library raised (OSError for any
    #: of its subclasses), and repr() of Parlance's OSError.
    stdlib_error: Optional[str] = None
    parlance_error: Optional[str] = None
    reached: bool = True
    messages: Dict[str, int] = field(default_factory=lambda: dict.fromkeys(
        ("singular", "plural", "with_context", "sysdep", "sysdep_rejected"), 0))
    lookups: int = 0
    disagreements: List[str] = field(default_factory=list)
    disagreement_count: int = 0
    glibc: List[GlibcQuery] = field(default_factory=list)

    def disagree(self, what: str) -> None:
        self.disagreement_count += 1
        if len(self.disagreements) < KEPT:
            self.disagreements.append(what)


def _parlance_objects(path: Path, lang: str, domain: str, report: Report) -> Dict[str, object]:
    objects = {}
    with open(path, "rb") as fp:
        objects["GNUTranslations(fp)"] = pgettext.GNUTranslations(fp)
    first = pgettext.find(domain, str(LOCALEDIR), [lang])
    report.reached = first == str(path)
    if report.reached:
        objects["translation()"] = pgettext.translation(domain, str(LOCALEDIR), [lang])
    return objects


def _ask(report: Report, objects, context, msgid, msgid2):
    """Parlance's answers to a message, from each object."""
    answers = {}
    for name, t in objects.items():
        if msgid2 is None:
            answers[name] = singular(t, context, msgid)
            report.lookups += 1
        else:
            answers[name] = [plural(t, context, msgid, msgid2, n) for n in COUNTS]
            report.lookups += len(COUNTS)
    return answers


def _compare_with_stdlib(report: Report, std, objects, mo: MoFile) -> None:
    charset = std._charset or "ascii"
    plurals = {}
    for orig in mo.originals:
        if b"\0" in orig:
            msgid, msgid2 = orig.split(b"\0")[:2]
            plurals[msgid.decode(charset)] = msgid2.decode(charset)
    for name, t in objects.items():
        if t.info() != std.info():
            report.disagree(f"{name}.info(): {t.info()!r} != {std.info()!r}")
        if t.charset() != std.charset():
            report.disagree(f"{name}.charset(): {t.charset()!r} != {std.charset()!r}")
    forms: Dict[str, Dict[int, str]] = {}
    singles = []
    for key, text in std._catalog.items():
        if isinstance(key, tuple):
            forms.setdefault(key[0], {})[key[1]] = text
        else:
            singles.append((key, text) + split(key))
    report.messages["singular"] += len(singles)
    report.messages["with_context"] += sum(context is not None for _, _, context, _ in singles)
    for name, t in objects.items():
        gettext, pgettext_ = t.gettext, t.pgettext
        for key, text, context, msgid in singles:
            got = gettext(msgid) if context is None else pgettext_(context, msgid)
            if got != text:
                report.disagree(f"{name}: {key!r}: {got!r} != {text!r}")
        report.lookups += len(singles)
    match = re.search(r"nplurals\s*=\s*(\d+)", std.info().get("plural-forms", ""))
    limit = int(match.group(1)) if match else 2
    for key, texts in forms.items():
        report.messages["plural"] += 1
        context, msgid = split(key)
        report.messages["with_context"] += context is not None
        msgid2 = plurals.get(key)
        if msgid2 is None:
            report.disagree(f"{key!r}: no msgid_plural in the file")
            continue
        expected = []
        for n in COUNTS:
            try:
                index = std.plural(n)
            except ZeroDivisionError:
                index = None
            if index is not None and index < limit and index in texts:
                # The standard library's answer, which must be the form.
                answer = plural(std, context, msgid, msgid2, n)
                if answer != texts[index]:
                    report.disagree(f"the standard library: {key!r} n={n}: {answer!r} != {texts[index]!r}")
                expected.append(answer)
            else:
                expected.append(texts[0])   # libintl: msgstr[0]
        for name, t in objects.items():
            got = singular(t, context, msgid)
            report.lookups += 1
            if got != texts[0]:
                report.disagree(f"{name}: gettext of plural {key!r}: {got!r} != {texts[0]!r}")
            for n, want in zip(COUNTS, expected):
                got = plural(t, context, msgid, msgid2, n)
                report.lookups += 1
                if got != want:
                    report.disagree(f"{name}: {key!r} n={n}: {got!r} != {want!r}")


def _glibc_queries(report: Report, objects, pairs, charset: str, sysdep: bool) -> None:
    for orig, trans in pairs:
        if orig == b"":
            continue
        report.messages["sysdep" if sysdep else ("plural" if b"\0" in orig else "singular")] += 1
        raw_key, _, raw_plural = orig.partition(b"\0")
        key = raw_key.decode(charset, "replace")
        context, msgid = split(key)
        report.messages["with_context"] += context is not None
        msgid2 = raw_plural.decode(charset, "replace") if b"\0" in orig else None
        answers = _ask(report, objects, context, msgid, msgid2)
        expected = trans.split(b"\0")[0].decode(charset, "replace") if sysdep else None
        if msgid2 is not None:
            # gettext() of a plural entry: msgstr[0], as glibc's dgettext.
            answers.update({name + " gettext": singular(t, context, msgid) for name, t in objects.items()})
            report.lookups += len(objects)
        report.glibc.append(GlibcQuery(raw_key.decode("latin-1"),
                                       None if msgid2 is None else raw_plural.decode("latin-1"),
                                       answers, expected))


def compare_file(path: str) -> Report:
    """Compares one ``.mo`` (see the module docstring); runs in a worker."""
    path = Path(path)
    lang, domain = path.parts[-3], path.stem
    report = Report(str(path))
    try:
        mo = read_mo(path.read_bytes())
    except (struct.error, UnicodeDecodeError):   # corrupt: what the loaders make of it is compared
        mo = MoFile([], None, [])
    try:
        with open(path, "rb") as fp:
            std = stdlib_gettext.GNUTranslations(fp)
    except Exception as error:   # any failure of the standard library is reported
        std = None
        report.stdlib_error = f"{'OSError' if isinstance(error, OSError) else type(error).__name__}: {error}"
    try:
        objects = _parlance_objects(path, lang, domain, report)
    except OSError as error:
        report.parlance_error = repr(error)
        if not report.stdlib_error or not report.stdlib_error.startswith("OSError"):
            report.disagree(f"Parlance raises {error!r}, the standard library {report.stdlib_error}")
        return report
    if report.stdlib_error and report.stdlib_error.startswith("OSError"):
        report.disagree(f"Parlance opens what the standard library reports as corrupt: {report.stdlib_error}")
    charset = (std._charset if std is not None else header_charset(mo)) or "utf-8"
    try:
        codecs.lookup(charset)
    except LookupError:
        charset = "utf-8"
    if std is not None:
        _compare_with_stdlib(report, std, objects, mo)
    else:
        _glibc_queries(report, objects, [(orig, b"") for orig in mo.originals], charset, sysdep=False)
        header = header_charset(mo)
        for name, t in objects.items():
            if t.charset() != header:
                report.disagree(f"{name}.charset(): {t.charset()!r} != {header!r} (the header's)")
    report.messages["sysdep_rejected"] = sum(pair is None for pair in mo.sysdep)
    _glibc_queries(report, objects, [pair for pair in mo.sysdep if pair is not None], charset, sysdep=True)
    pgettext._translations.clear()   # bounded memory over thousands of files
    return report


# ---- glibc ------------------------------------------------------------------------

GLIBC_PROBE = r"""
import ctypes, json, os, sys
libc = ctypes.CDLL("libc.so.6")
libc.setlocale.restype = ctypes.c_char_p
libc.setlocale.argtypes = [ctypes.c_int, ctypes.c_char_p]
if libc.setlocale(6, b"C.UTF-8") is None:   # LC_ALL
    print("null")
    sys.exit()
for name in ("bindtextdomain", "bind_textdomain_codeset"):
    getattr(libc, name).restype = ctypes.c_char_p
    getattr(libc, name).argtypes = [ctypes.c_char_p, ctypes.c_char_p]
libc.dgettext.restype = ctypes.c_char_p
libc.dgettext.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
libc.dngettext.restype = ctypes.c_char_p
libc.dngettext.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulong]
request = json.load(sys.stdin)
counts = request["counts"]
out = []
for group in request["groups"]:
    domain = group["domain"].encode()
    libc.bindtextdomain(domain, request["localedir"].encode())
    libc.bind_textdomain_codeset(domain, b"UTF-8")
    os.environ["LANGUAGE"] = group["lang"]
    # glibc keeps found translations by msgid and locale, not LANGUAGE:
    # the gettext manual's way to make it start over after a change.
    ctypes.c_int.in_dll(libc, "_nl_msg_cat_cntr").value += 1
    answers = []
    for key, plural in group["queries"]:
        key = key.encode("latin-1")
        text = libc.dgettext(domain, key)
        if plural is None:
            answers.append(text.decode("utf-8", "replace"))
        else:
            plural = plural.encode("latin-1")
            answers.append([text.decode("utf-8", "replace")] + [
                libc.dngettext(domain, key, plural, n).decode("utf-8", "replace") for n in counts])
    out.append(answers)
print(json.dumps(out))
"""


def glibc_answers(groups: List[Tuple[str, str, List[GlibcQuery]]]) -> Optional[list]:
    """glibc's answers for each group (domain, lang, queries): per query,
    dgettext's text, or [dgettext] + dngettext per COUNTS; None when the
    C.UTF-8 locale is missing."""
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "OUTPUT_CHARSET")}
    env["LANG"] = "C.UTF-8"
    request = {"localedir": str(LOCALEDIR), "counts": list(COUNTS), "groups": [
        {"domain": domain, "lang": lang, "queries": [[q.key, q.plural] for q in queries]}
        for domain, lang, queries in groups]}
    out = subprocess.run([sys.executable, "-c", GLIBC_PROBE], input=json.dumps(request), env=env,
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def glibc_view(key: str, answer: str) -> str:
    """What pgettext makes of glibc's answer: the msgid when dgettext gave
    back the ``ctx\\x04msgid`` key, its way of saying "missing"."""
    context, msgid = split(key)
    return msgid if context is not None and answer == key else answer


# ---- The tests ----------------------------------------------------------------------

def _files() -> List[Path]:
    return sorted(LOCALEDIR.glob("*/LC_MESSAGES/*.mo"))


@pytest.fixture(scope="module")
def reports() -> List[Report]:
    files = _files()
    # Largest first, so that the workers finish together.
    order = sorted(files, key=lambda p: -p.stat().st_size)
    workers = max(1, min(2, os.cpu_count() or 1))
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        done = {r.path: r for r in pool.map(compare_file, [str(p) for p in order], chunksize=8)}
    return [done[str(p)] for p in files]


def _totals(reports: List[Report]) -> str:
    messages = {k: sum(r.messages[k] for r in reports) for k in reports[0].messages} if reports else {}
    return (f"{len(reports)} files ({sum(r.stdlib_error is not None for r in reports)} refused by the "
            f"standard library, {sum(not r.reached for r in reports)} not reached by its search), "
            f"messages {messages}, {sum(r.lookups for r in reports)} Parlance lookups, "
            f"{sum(len(r.glibc) for r in reports)} messages asked of glibc")


def test_every_catalog_on_the_machine_is_compared(reports):
    assert len(reports) > 0, f"no .mo under {LOCALEDIR}/*/LC_MESSAGES/: {_totals(reports)}"
    assert sum(r.messages["singular"] for r in reports) > 0, _totals(reports)


def test_files_the_standard_library_refuses(reports):
    """A file the standard library reports as corrupt (OSError) Parlance
    reports so too; one it fails on otherwise (decoding its header, reading
    its Plural-Forms), Parlance opens, and its messages go to glibc."""
    for r in reports:
        if r.stdlib_error is None:
            assert r.parlance_error is None, (r.path, r.parlance_error)
        elif r.stdlib_error.startswith("OSError"):
            assert r.parlance_error is not None, (r.path, r.stdlib_error)
        else:
            assert r.parlance_error is None and r.glibc, (r.path, r.stdlib_error, r.parlance_error)


def test_parlance_serves_what_the_standard_library_serves(reports):
    bad = [(r.path, r.disagreement_count, r.disagreements) for r in reports if r.disagreement_count]
    assert not bad, f"{sum(n for _, n, _ in bad)} disagreements in {len(bad)} files of {_totals(reports)}: {bad[:20]}"


def test_files_the_standard_search_does_not_reach(reports):
    unreached = {Path(r.path).parts[-3] for r in reports if not r.reached}
    assert unreached <= UNREACHED_LANGS, _totals(reports)
    for r in reports:
        if not r.reached:
            # translation() answers from what the standard search finds, as the standard library.
            lang, domain = Path(r.path).parts[-3], Path(r.path).stem
            std = stdlib_gettext.find(domain, str(LOCALEDIR), [lang], all=True)
            assert pgettext.find(domain, str(LOCALEDIR), [lang], all=True) == std
            assert r.path not in std


def test_what_only_glibc_serves_parlance_serves_as_glibc(reports):
    """System-dependent strings, and every message of the files the
    standard library refuses."""
    if ctypes.util.find_library("c") is None:
        pytest.skip("glibc is needed")
    groups = [(Path(r.path).stem, Path(r.path).parts[-3], r.glibc) for r in reports if r.glibc]
    assert groups, f"nothing for glibc on this machine: {_totals(reports)}"
    answers = glibc_answers(groups)
    if answers is None:
        pytest.skip("the C.UTF-8 locale is not installed")
    bad = []
    found = sysdep = 0
    for (domain, lang, queries), group in zip(groups, answers):
        for query, answer in zip(queries, group):
            where = f"{lang}/{domain}: {query.key!r}"
            if query.plural is None:
                text, forms = glibc_view(query.key, answer), None
            else:
                text, forms = glibc_view(query.key, answer[0]), answer[1:]
            if query.expected is not None:
                sysdep += 1
                found += text == query.expected
                if text != query.expected:
                    bad.append(f"{where}: glibc {text!r}, the file's msgstr[0] expanded {query.expected!r}")
            for name, got in query.parlance.items():
                if forms is None or name.endswith(" gettext"):
                    want = text
                else:
                    want = [glibc_view(query.key, f) if n == 1 else f for n, f in zip(COUNTS, forms)]
                if got != want:
                    bad.append(f"{where}: {name} {got!r}, glibc {want!r}")
    refused = [r.path for r in reports if r.stdlib_error is not None]
    assert not bad, f"{len(bad)} disagreements ({sysdep} system-dependent strings, {found} found by glibc; " \
                    f"files refused by the standard library: {refused}; {_totals(reports)}): {bad[:20]}"
    assert found == sysdep, f"{sysdep - found} system-dependent strings glibc does not find: {_totals(reports)}"
