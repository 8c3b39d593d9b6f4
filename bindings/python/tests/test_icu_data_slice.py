"""The ICU data the wheel carries (scripts/slice-icu-data.py: ICU's data cut
to what Parlance reads) answers as the full data does.

The repository's library loads the system's ICU; its data library
(libicudata) is found by the dynamic loader, so a process started with
LD_LIBRARY_PATH naming the sliced copy runs on the sliced data, one without
on the full data. Both run the same program: every locale ICU has data for,
each formatting what Parlance asks ICU for (numbers, percents, compact
numbers, currencies, units, spellout, plural and ordinal categories, dates
and times in every style with time-zone names, relative times, lists,
locale canonicalisation and matching, charset conversion, collation), and
their answers must be the same. What the slice leaves out (other charsets'
tables) answers as documented.
"""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import parlance
from parlance import _ffi

REPO = Path(__file__).resolve().parents[3]
SLICER = REPO / "scripts" / "slice-icu-data.py"

#: One table per syntax, in every locale; each message uses the ICU
#: functions of one kind.
ICU_MESSAGES = {
    "numbers": "{n, number} | {n, number, percent} | {n, number, ::compact-long} | {n, number, ::compact-short}"
               " | {n, number, ::scientific} | {n, number, ::numbering-system/latn .00}",
    "money": "{n, number, ::currency/EUR} | {n, number, ::currency/JPY unit-width-full-name}"
             " | {n, number, ::currency/USD unit-width-iso-code} | {n, number, ::currency/CHF unit-width-narrow}",
    "units": "{n, number, ::measure-unit/length-kilometer unit-width-full-name}"
             " | {n, number, ::measure-unit/speed-kilometer-per-hour} | {n, number, ::measure-unit/duration-hour"
             " unit-width-narrow} | {n, number, ::measure-unit/mass-kilogram unit-width-full-name}",
    "plurals": "{n, plural, zero {zero} one {one} two {two} few {few} many {many} other {other}}"
               " {n, selectordinal, zero {zero} one {one} two {two} few {few} many {many} other {other}}",
    "words": "{n, spellout} | {n, ordinal} | {n, duration}",
    "dates": "{d, date, short} | {d, date, medium} | {d, date, long} | {d, date, full}",
    "times": "{d, time, short} | {d, time, medium} | {d, time, long} | {d, time, full}",
    "skeletons": "{d, date, ::yMMMMEEEEd} | {d, date, ::Bhm} | {d, date, ::GGGGy} | {d, date, ::QQQQy}"
                 " | {d, date, ::zzzz} | {d, date, ::vvvv} | {d, date, ::VVVV} | {d, date, ::OOOO}",
}
I18NEXT_MESSAGES = {
    "relative": "{{n, relativetime(quarter)}} | {{n, relativetime(range: hour; style: short)}}"
                " | {{n, relativetime(range: day; numeric: auto)}} | {{n, relativetime(years)}}",
    "lists": "{{v, list}} | {{v, list(type: disjunction)}} | {{v, list(type: unit; style: narrow)}}",
}
NUMBERS = [0, 1, 2, 3, 5, 11, 22, 101, 1234567, -7, 1.5, 0.25, 1234.5678]
#: 2026-12-02T04:34:39Z, 1999-12-31T23:59:59Z
DATES = [1796186079.0, 946684799.0]
#: Converted through a .mo file each: the portable charsets the slice keeps
#: (Python's codec writes the text), and two it leaves out.
KEPT_CHARSETS = {"ISO-8859-2": "Żółć", "KOI8-R": "Привет", "CP1251": "Привет", "CP1256": "مرحبا",
                 "ISO-8859-7": "Καλημέρα", "CP932": "こんにちは", "SHIFT_JIS": "こんにちは〜",
                 "EUC-JP": "日本語", "EUC-KR": "한국어", "GB2312": "中文", "GBK": "中文", "GB18030": "中文𠀀",
                 "BIG5": "中文", "BIG5-HKSCS": "香港", "TIS-620": "ภาษาไทย", "CP874": "ภาษาไทย",
                 "CP1258": "Đà", "CP866": "Привет", "ISO-8859-15": "€uro"}
LEFT_OUT_CHARSETS = {"CP1125": "Привіт", "CP775": "Ąčę"}

PROGRAM = r"""
import datetime, gettext, io, json, struct, sys
import parlance
from parlance import _ffi

spec = json.loads(sys.stdin.read())
answers = {}

def strings(messages):
    quote = lambda t: '"' + t.replace('\\', '\\\\').replace('"', '\\"') + '"'
    return "".join(f"{quote(k)} = {quote(v)};\n" for k, v in messages.items()).encode()

with parlance.Catalog() as catalog:
    for locale in spec["locales"]:
        catalog.load_bytes(strings(spec["icu"]), locale=locale, table="Icu")
        catalog.load_bytes(strings(spec["i18next"]), locale=locale, table="Next")
    catalog.set_message_syntax("icu", table="Icu")
    catalog.set_message_syntax("i18next", table="Next")
    dates = [datetime.datetime.fromtimestamp(d, tz=datetime.timezone.utc) for d in spec["dates"]]
    for locale in spec["locales"]:
        with parlance.Localizer(catalog, [locale], development=None) as loc:
            out = answers[locale] = {"served": loc.served("numbers", table="Icu").locale}
            for key in spec["icu"]:
                values = dates if key in ("dates", "times", "skeletons") else spec["numbers"]
                out[key] = [loc.format_named(key, {"n": v, "d": v}, table="Icu") for v in values]
            out["relative"] = [loc.format_named("relative", {"n": n}, table="Next") for n in (-2, -1, 0, 1, 3)]
            out["lists"] = [loc.format_named("lists", {"v": v}, table="Next")
                            for v in (["a"], ["a", "b"], ["a", "b", "c", "d"])]
            out["plural"] = [parlance.plural_category(locale, n, ordinal=o) for n in spec["numbers"]
                             for o in (False, True)]
    # Locale names, canonicalised and matched.
    with parlance.Localizer(catalog, spec["asked"], development=None) as loc:
        answers["locales"] = loc.locales
    answers["accept"] = list(parlance.accept_language(", ".join(spec["asked"])))

# Charsets: a .mo file per charset, its one message converted to UTF-8 (or refused).
def mo(charset, text):
    header = f"Content-Type: text/plain; charset={charset}\n".encode("ascii")
    body = text.encode(spec["codecs"].get(charset, charset))
    keys, values = [b"", b"greeting"], [header, body]
    start = 28 + 16 * len(keys)
    table, data = b"", b""
    offsets = []
    for blob in keys + values:
        offsets.append((len(blob), start + len(data)))
        data += blob + b"\0"
    return (struct.pack("<7I", 0x950412de, 0, len(keys), 28, 28 + 8 * len(keys), 0, 0)
            + b"".join(struct.pack("<2I", *o) for o in offsets) + data)

import tempfile, os
charsets = {}
with tempfile.TemporaryDirectory() as folder:
    for charset, text in spec["charsets"].items():
        path = os.path.join(folder, charset + ".mo")
        with open(path, "wb") as f:
            f.write(mo(charset, text))
        try:
            with parlance.Catalog() as catalog:
                catalog.load(path, locale="xx", table="Localizable", format="mo")
                with parlance.Localizer(catalog, ["xx"], development=None) as loc:
                    charsets[charset] = loc.text("greeting")
        except parlance.Error as error:
            charsets[charset] = "refused: " + type(error).__name__
answers["charsets"] = charsets

with open("/proc/self/maps") as maps:
    answers["data"] = sorted({line.split()[-1] for line in maps if "libicudata" in line})
print(json.dumps(answers, ensure_ascii=False))
"""


@pytest.fixture(scope="module")
def data(tmp_path_factory, icu_slicer):
    """(the full data library, the folder of the sliced one, every locale with data)."""
    if os.environ.get("PARLANCE_TEST_INSTALLED"):
        pytest.skip("the installed package carries its own ICU, which LD_LIBRARY_PATH cannot replace")
    icu = Path(_ffi.lib._name).resolve().parent / "libparlance-icu.so.0"
    assert icu.is_file(), icu
    linked = subprocess.run(["ldd", str(icu)], capture_output=True, text=True, check=True).stdout
    full = Path(re.search(r"^\s*libicudata\.so\S*\s+=>\s+(\S+)", linked, re.M).group(1))
    folder = tmp_path_factory.mktemp("icu-data")
    subprocess.run([sys.executable, str(SLICER), str(full), str(folder)], check=True, capture_output=True)
    module = icu_slicer
    package = folder / "package"
    package.mkdir()
    entry = module.extract_package(full.resolve(), package)
    items = module.run(module.icupkg(), "-l", str(package / f"{entry}l.dat")).split()
    locales = sorted(name[:-4].replace("_", "-") for name in items
                     if re.fullmatch(r"[a-z]{2,3}(_[A-Z][a-z]{3})?(_[A-Z]{2}|_[0-9]{3})?\.res", name))
    return full, folder, locales


def answers(locales, library_path=None):
    spec = {"locales": locales, "icu": ICU_MESSAGES, "i18next": I18NEXT_MESSAGES, "numbers": NUMBERS,
            "dates": DATES, "charsets": {**KEPT_CHARSETS, **LEFT_OUT_CHARSETS},
            "codecs": {"CP932": "cp932", "TIS-620": "tis-620", "CP1125": "cp1125", "CP775": "cp775"},
            "asked": ["de_DE.UTF-8", "sr@latin", "zh-TW", "iw", "no", "en-US-u-nu-arab", "pt_BR", "tl", "mo",
                      "sh", "zh-Hant-HK", "und-Latn-RS", "gsw", "yue", "i-klingon"]}
    env = {name: value for name, value in os.environ.items() if name != "LD_LIBRARY_PATH"}
    env.update(TZ="Europe/Berlin", PARLANCE_LIBRARY=_ffi.lib._name,
               PYTHONPATH=str(Path(parlance.__file__).resolve().parents[1]))
    if library_path is not None:
        env["LD_LIBRARY_PATH"] = str(library_path)
    run = subprocess.run([sys.executable, "-c", PROGRAM], input=json.dumps(spec), capture_output=True, text=True,
                         env=env)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout)


def test_the_sliced_data_answers_as_the_full_data_in_every_locale(data):
    full, folder, locales = data
    assert len(locales) > 700
    whole = answers(locales)
    sliced = answers(locales, folder)
    # Each ran on its own data.
    assert whole.pop("data") == [str(full.resolve())]
    assert [Path(p).parent for p in sliced.pop("data")] == [folder]
    # What the slice leaves out: the tables of charsets outside gettext's portable list.
    for charset, text in LEFT_OUT_CHARSETS.items():
        assert whole["charsets"].pop(charset) == text
        assert sliced["charsets"].pop(charset) == "refused: EncodingError"
    assert whole["charsets"] == KEPT_CHARSETS
    # Everything else the same, in every locale; and ICU's data was read.
    assert whole["de"]["money"][0].startswith("0,00\xa0€") and "Mitteleuropäische" in whole["de"]["times"][0]
    assert whole["en"]["words"][2].startswith("two | 2nd") and "Germany Time" in whole["en"]["skeletons"][0]
    differ = [(locale, key, whole[locale][key], sliced[locale][key]) for locale in locales
              for key in whole[locale] if whole[locale][key] != sliced[locale][key]]
    assert differ[:20] == []
    assert whole == sliced
