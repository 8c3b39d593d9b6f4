#!/usr/bin/env python3
"""Parlance's readers of four more formats next to the parser a user would otherwise run.

    formats_bench.py [--quick] [--runs N] [--box S]    generate (or reuse) the data, measure, print JSON
    formats_bench.py measure FORMAT SIDE PATH KEY       one fresh-process run (used by the above): a JSON
                                                        line with ns, parse_ns, lookup_ns, grew_kib, text

FORMAT: xcstrings, i18next, android, xliff. SIDE: parlance or reference.

Data (seeded, written once into build/bench-data/formats/ and reused while
VERSION is unchanged): 100k entries per format, German translations mixing
ASCII and non-ASCII text (umlauts, ß, „quotes“, …, —, an apostrophe now and
then, a few emoji), about 10% plurals where the format has them:

    xcstrings/Localizable.xcstrings     String Catalog, Xcode's layout (indent 2, "key" : value), de only
    i18next/de/common.json              i18next v4, nested (1,000 sections of 100), k_one/k_other with {{count}}
    android/res/values-de/strings.xml   <string> and <plurals>, \\' \\" \\n escapes, &amp;
    xliff/de.xliff                      XLIFF 1.2 (Xcode's export: namespace, notes), no plurals

Each run is a fresh Python process that has already imported json,
xml.etree.ElementTree and parlance (so no side pays for imports or for
mapping libparlance.so); it resets its peak RSS (/proc/self/clear_refs 5),
then times load + first lookup, and reports VmHWM minus the VmRSS before the
load (the peak growth). The key looked up is one from the middle of the file.
Parlance and the reference take turns run by run; each figure is a median.
Both sides must return the same text as the generator wrote, or it stops.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DATA = os.path.join(ROOT, "build", "bench-data", "formats")
LIB = os.path.join(ROOT, "build", "lib", "libparlance.so")
BINDING = os.path.join(ROOT, "bindings", "python")

VERSION = "2"     # bump when the content changes, to regenerate cached data
ENTRIES = 100_000
XLIFF_NS = "urn:oasis:names:tc:xliff:document:1.2"

FORMATS = {
    # name: (label, file under DATA, what Parlance loads (relative to DATA), reference label)
    "xcstrings": ("String Catalog (`.xcstrings`)", "xcstrings/Localizable.xcstrings",
                  "xcstrings/Localizable.xcstrings", "`json.load` + dict lookup"),
    "i18next": ("i18next JSON v4 (`de/common.json`)", "i18next/de/common.json", "i18next",
                "`json.load` + dict lookup, `{{count}}` replaced"),
    "android": ("Android `strings.xml`", "android/res/values-de/strings.xml",
                "android/res/values-de/strings.xml", "`ElementTree.parse` + `find`, escapes undone"),
    "xliff": ("XLIFF 1.2 (`.xliff`)", "xliff/de.xliff", "xliff/de.xliff", "`ElementTree.parse` + `find`"),
}


def log(text: str) -> None:
    print(f"[formats] {text}", file=sys.stderr, flush=True)


# ---- Data ------------------------------------------------------------------------------------

EN = ("file folder cannot open read write the a of to in for with on by from error warning invalid option "
      "missing value user group permission denied network connection timeout server request message item list "
      "show hide close save cancel delete remove add create update settings preferences window tab page "
      "document image video audio track album artist playlist library account password login profile name "
      "address email phone date time download upload sync backup restore import export print share copy paste "
      "undo redo search filter sort select all none new recent favorite archive trash empty unable failed "
      "completed pending running stopped paused please try again later now not found available unknown").split()
DE = ("Datei Ordner kann nicht öffnen lesen schreiben der die das für mit über von Fehler Warnung ungültig Option "
      "fehlt Wert Benutzer Gruppe Zugriff verweigert Netzwerk Verbindung Zeitüberschreitung Server Anfrage "
      "Nachricht Element Liste anzeigen ausblenden schließen speichern abbrechen löschen entfernen hinzufügen "
      "erstellen aktualisieren Einstellungen Fenster Seite Dokument Bild Größe Übersicht Änderungen gespeichert "
      "Konto Passwort Anmeldung Profil Adresse Telefon Datum Uhrzeit herunterladen hochladen synchronisieren "
      "Sicherung wiederherstellen drucken teilen kopieren einfügen rückgängig suchen sortieren auswählen "
      "Papierkorb leer fehlgeschlagen abgeschlossen ausstehend läuft angehalten bitte später erneut "
      "verfügbar unbekannt Schlüssel Straße Grüße").split()
SPICE = ("„{}“", "{} …", "{} — {}", "{} ✓", "{} 📁", "l'élément {}", "{} (aujourd'hui)", "{} & {}",
         "{} <{}>", "\"{}\"", "{}\n{}", "{} d'accord")
SECTIONS = 1000


def entries(n: int):
    """[(i, name, source, target, plural forms or None)], seeded."""
    rng = random.Random("parlance-formats-" + VERSION)
    out = []
    for i in range(n):
        k = rng.randint(2, 9)
        en = rng.choices(EN, k=k)
        de = " ".join(rng.choices(DE, k=k))
        de = de[0].upper() + de[1:]
        if rng.random() < 0.12:
            de = rng.choice(SPICE).format(de, rng.choice(DE))
        name = f"{en[0]}_{en[-1]}_{i:x}"
        source = " ".join(en).capitalize() + f" ({i:x})"
        if i % 10 == 1:
            out.append((i, name, source, de + f" ({i:x})", (f"{de} ({i:x})", f"{de}en ({i:x})")))
        else:
            out.append((i, name, source, de + f" ({i:x})", None))
    return out


def xml_text(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def xml_attr(s: str) -> str:
    return xml_text(s).replace('"', "&quot;")


def android_text(s: str) -> str:
    s = s.replace("\\", "\\\\").replace("'", "\\'").replace('"', '\\"').replace("\n", "\\n")
    return xml_text(s)


def choose(es):
    """The keys looked up, halfway through the file: a plain entry with an
    apostrophe (Android escapes it) and non-ASCII text; and, for i18next, a
    plural one in the middle section (entry i is in section i % SECTIONS)."""
    half = es[len(es) // 2:]
    plain = next(e for e in half if e[4] is None and "'" in e[3] and any(ord(c) > 127 for c in e[3]))
    plural = next(e for e in half if e[4] is not None and e[0] % SECTIONS >= SECTIONS // 2)
    return plain, plural


def generate(data: str = DATA) -> dict:
    """Writes the four files unless this VERSION wrote them already; returns the metadata."""
    meta_path = os.path.join(data, "meta.json")
    if os.path.exists(meta_path):
        meta = json.load(open(meta_path, encoding="utf-8"))
        if meta.get("version") == VERSION and all(os.path.exists(os.path.join(data, f[1])) for f in FORMATS.values()):
            return meta
    t0 = time.monotonic()
    log(f"generating {ENTRIES:,} entries per format into {os.path.relpath(data, ROOT)}")
    es = entries(ENTRIES)
    plain, plural = choose(es)
    for _, rel, _, _ in FORMATS.values():
        os.makedirs(os.path.dirname(os.path.join(data, rel)), exist_ok=True)
    rng = random.Random("parlance-formats-layout-" + VERSION)

    # String Catalog, as Xcode writes it.
    strings = {}
    for i, name, source, target, forms in es:
        item = {}
        if rng.random() < 0.2:
            item["comment"] = f"Shown in the {rng.choice(EN)} screen"
        if forms:
            item["localizations"] = {"de": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%lld " + forms[0]}},
                "other": {"stringUnit": {"state": "translated", "value": "%lld " + forms[1]}}}}}}
        else:
            item["localizations"] = {"de": {"stringUnit": {"state": "translated", "value": target}}}
        strings[source] = item
    with open(os.path.join(data, FORMATS["xcstrings"][1]), "w", encoding="utf-8") as f:
        json.dump({"sourceLanguage": "en", "strings": strings, "version": "1.0"}, f, ensure_ascii=False,
                  indent=2, separators=(",", " : "))
    del strings

    # i18next v4: nested sections, plural suffixes.
    tree: dict = {}
    for i, name, source, target, forms in es:
        section = tree.setdefault(f"section{i % SECTIONS}", {})
        if forms:
            section[name + "_one"] = "{{count}} " + forms[0]
            section[name + "_other"] = "{{count}} " + forms[1]
        else:
            section[name] = target
    with open(os.path.join(data, FORMATS["i18next"][1]), "w", encoding="utf-8") as f:
        json.dump(tree, f, ensure_ascii=False, indent=2)
    del tree

    # Android resources.
    with open(os.path.join(data, FORMATS["android"][1]), "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="utf-8"?>\n<resources>\n')
        for i, name, source, target, forms in es:
            if forms:
                f.write(f'    <plurals name="{name}">\n'
                        f'        <item quantity="one">%d {android_text(forms[0])}</item>\n'
                        f'        <item quantity="other">%d {android_text(forms[1])}</item>\n'
                        f'    </plurals>\n')
            else:
                f.write(f'    <string name="{name}">{android_text(target)}</string>\n')
        f.write("</resources>\n")

    # XLIFF 1.2, as Xcode exports it (no plurals: Xcode puts those in stringsdict units).
    with open(os.path.join(data, FORMATS["xliff"][1]), "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                f'<xliff xmlns="{XLIFF_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2">\n'
                '  <file original="en.lproj/Localizable.strings" source-language="en" target-language="de" '
                'datatype="plaintext">\n    <header>\n      <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" '
                'tool-version="15.0" build-num="15A240d"/>\n    </header>\n    <body>\n')
        for i, name, source, target, forms in es:
            note = f"\n        <note>Shown in the {rng.choice(EN)} screen</note>" if rng.random() < 0.3 else ""
            f.write(f'      <trans-unit id="{xml_attr(source)}" xml:space="preserve">\n'
                    f'        <source>{xml_text(source)}</source>\n'
                    f'        <target state="translated">{xml_text(target)}</target>{note}\n'
                    f'      </trans-unit>\n')
        f.write("    </body>\n  </file>\n</xliff>\n")

    meta = {
        "version": VERSION, "entries": ENTRIES, "plurals": sum(1 for e in es if e[4]),
        "keys": {"xcstrings": plain[2], "i18next": f"section{plural[0] % SECTIONS}.{plural[1]}",
                 "android": plain[1], "xliff": plain[2]},
        "expected": {"xcstrings": plain[3], "i18next": "3 " + plural[4][1], "android": plain[3], "xliff": plain[3]},
        "seconds": round(time.monotonic() - t0, 1),
    }
    with open(meta_path, "w", encoding="utf-8") as f:
        json.dump(meta, f, ensure_ascii=False, indent=1)
    log(f"generated in {meta['seconds']} s")
    return meta


# ---- One run (fresh process) ----------------------------------------------------------------

def status_kib(field: str) -> int:
    for line in open("/proc/self/status"):
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def android_unescape(text: str) -> str:
    import re
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m[1], m[1]), text)


def cmd_measure(fmt: str, side: str, path: str, key: str) -> None:
    import xml.etree.ElementTree as ET
    sys.path.insert(0, BINDING)
    import parlance
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")            # VmHWM := VmRSS, so the peak below is the load's
        reset = True
    except OSError:
        reset = False
    rss0 = status_kib("VmRSS")
    t0 = time.perf_counter_ns()
    if side == "parlance":
        cat = parlance.Catalog()
        cat.load(path)
        t1 = time.perf_counter_ns()
        loc = parlance.Localizer(cat, ["de"])
        t_localizer = time.perf_counter_ns()
        if fmt == "i18next":
            text = loc.format_named(key, {"count": 3}, table="common")
        elif fmt == "xliff":
            text = loc.text(key, table="Localizable")
        else:
            text = loc.text(key)
    elif side == "reference":
        if fmt == "xcstrings":
            with open(path, "rb") as f:
                doc = json.load(f)
            t1 = time.perf_counter_ns()
            text = doc["strings"][key]["localizations"]["de"]["stringUnit"]["value"]
        elif fmt == "i18next":
            with open(path, "rb") as f:
                doc = json.load(f)
            t1 = time.perf_counter_ns()
            node = doc
            *parents, leaf = key.split(".")
            for p in parents:
                node = node[p]
            text = node[leaf + "_other"].replace("{{count}}", "3")
        elif fmt == "android":
            doc = ET.parse(path)
            t1 = time.perf_counter_ns()
            text = android_unescape(doc.getroot().find(f"string[@name='{key}']").text)
        elif fmt == "xliff":
            doc = ET.parse(path)
            t1 = time.perf_counter_ns()
            ns = "{" + XLIFF_NS + "}"
            unit = doc.getroot().find(f"{ns}file/{ns}body/{ns}trans-unit[@id='{key}']")
            text = unit.find(ns + "target").text
        else:
            sys.exit(f"formats_bench: unknown format {fmt}")
    else:
        sys.exit(f"formats_bench: unknown side {side}")
    t2 = time.perf_counter_ns()
    hwm = status_kib("VmHWM")
    if side != "parlance":
        t_localizer = t1
    print(json.dumps({"ns": t2 - t0, "parse_ns": t1 - t0, "lookup_ns": t2 - t1, "localizer_ns": t_localizer - t1,
                      "grew_kib": hwm - rss0, "hwm_reset": reset, "text": text}, ensure_ascii=False))


# ---- The driver -----------------------------------------------------------------------------

def child_env() -> dict:
    # The library of this tree (build/lib), as bench/run.py gives the other benchmarks.
    return dict(os.environ, LC_ALL="C.UTF-8", PYTHONPATH=BINDING, PARLANCE_LIBRARY=LIB)


def one_run(fmt: str, side: str, path: str, key: str) -> dict:
    out = subprocess.run([sys.executable, os.path.abspath(__file__), "measure", fmt, side, path, key],
                         env=child_env(), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         timeout=120)
    if out.returncode != 0:
        raise RuntimeError(f"formats_bench: {fmt}/{side} failed ({out.returncode}):\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def median_of(samples: list) -> dict:
    return {"ns": statistics.median(s["ns"] for s in samples),
            "parse_ns": statistics.median(s["parse_ns"] for s in samples),
            "lookup_ns": statistics.median(s["lookup_ns"] for s in samples),
            "localizer_ns": statistics.median(s["localizer_ns"] for s in samples),
            "grew_kib": statistics.median(s["grew_kib"] for s in samples),
            "runs": len(samples), "hwm_reset": all(s["hwm_reset"] for s in samples)}


def measure_all(runs: int = 5, time_box_s: float = 18.0, log=log) -> dict:
    """Every format: Parlance and the reference take turns, a fresh process
    each run, at most runs each and (after the first pair) no longer than
    time_box_s per format. Returns {"entries", "plurals", "formats": {...}}."""
    started = time.monotonic()
    meta = generate()
    results = {"entries": meta["entries"], "plurals": meta["plurals"], "version": VERSION, "formats": {}}
    for fmt, (label, rel, load_rel, ref_label) in FORMATS.items():
        key, expected = meta["keys"][fmt], meta["expected"][fmt]
        file_path = os.path.join(DATA, rel)
        parlance_path = os.path.join(DATA, load_rel)
        log(f"{fmt}: load + first lookup ({os.path.getsize(file_path) / 2**20:.1f} MiB)")
        samples = {"parlance": [], "reference": []}
        t0 = time.monotonic()
        for r in range(runs):
            for side in (("parlance", "reference") if r % 2 == 0 else ("reference", "parlance")):
                s = one_run(fmt, side, parlance_path if side == "parlance" else file_path, key)
                if s["text"] != expected:
                    raise SystemExit(f"formats_bench: {fmt}: {side} returned {s['text']!r} for {key!r}, "
                                     f"the file has {expected!r}")
                samples[side].append(s)
            if time.monotonic() - t0 > time_box_s:
                break
        p, ref = median_of(samples["parlance"]), median_of(samples["reference"])
        size = os.path.getsize(file_path)
        results["formats"][fmt] = {
            "label": label, "file": os.path.relpath(file_path, ROOT), "file_bytes": size, "key": key,
            "text": expected, "reference_label": ref_label, "parlance": p, "reference": ref,
            "ratio": p["ns"] / ref["ns"], "memory_ratio": p["grew_kib"] * 1024 / size,
        }
        log(f"  reference {ref['ns'] / 1e6:.1f} ms, +{ref['grew_kib'] / 1024:.1f} MiB; "
            f"Parlance {p['ns'] / 1e6:.1f} ms (load {p['parse_ns'] / 1e6:.1f} + first lookup {p['lookup_ns'] / 1e6:.2f}, "
            f"of which the Localizer's creation {p['localizer_ns'] / 1e6:.2f}), "
            f"+{p['grew_kib'] / 1024:.1f} MiB; ratio {p['ns'] / ref['ns']:.2f}×, "
            f"memory {p['grew_kib'] * 1024 / size:.2f}× file ({p['runs']} runs)")
    results["seconds"] = round(time.monotonic() - started, 1)
    return results


def main(argv) -> int:
    if len(argv) == 6 and argv[1] == "measure":
        cmd_measure(*argv[2:])
        return 0
    import argparse
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="3 runs, 6 s per format")
    ap.add_argument("--runs", type=int)
    ap.add_argument("--box", type=float, help="seconds per format (after the first pair of runs)")
    args = ap.parse_args(argv[1:])
    runs = args.runs or (3 if args.quick else 5)
    box = args.box or (6.0 if args.quick else 18.0)
    print(json.dumps(measure_all(runs, box), ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
