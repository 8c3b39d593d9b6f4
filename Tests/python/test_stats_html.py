"""`parlance stats --html`, checked the way a person would look at it: the
page is rendered by headless Chromium, and both what Chromium parsed (its
DOM) and what it drew (a screenshot) must show the figures that
`parlance stats --format json` reports — every row's counts, every missing
key, and bars whose painted lengths are the coverage and fuzzy shares."""

import json
import os
import shutil
import subprocess
from html.parser import HTMLParser

from live_ui.png import read_png

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLI = os.environ.get("PARLANCE_CLI", os.path.join(ROOT, "build", "bin", "parlance"))
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

# The bar colors (StatsHTML): translated, fuzzy, the rest of the track.
DONE, FUZZY, TRACK = (0x2E, 0x7D, 0x32), (0xF9, 0xA8, 0x25), (0xDD, 0xDD, 0xDD)
BAR_WIDTH = 300

POT = """msgid ""
msgstr "Content-Type: text/plain; charset=UTF-8\\n"

#: src/main.c:10
msgid "Open"
msgstr ""

#: src/main.c:11
msgctxt "menu"
msgid "Close"
msgstr ""

#: src/main.c:12
msgid "Save <all> & quit"
msgstr ""

#: src/main.c:13
msgid "Print"
msgstr ""
"""

PO = {
    "fr": [("Open", None, "Ouvrir", False), ("Close", "menu", "Fermer", True), ("Print", None, "Imprimer", False)],
    "de": [("Open", None, "Öffnen", True), ("Save <all> & quit", None, "Alles sichern", True)],
    "ja": [],
}


def write_gettext_catalog(directory):
    with open(os.path.join(directory, "app.pot"), "w", encoding="utf-8") as f:
        f.write(POT)
    for locale, entries in PO.items():
        folder = os.path.join(directory, locale, "LC_MESSAGES")
        os.makedirs(folder)
        with open(os.path.join(folder, "app.po"), "w", encoding="utf-8") as f:
            f.write('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n')
            for msgid, context, msgstr, fuzzy in entries:
                f.write("\n" + ("#, fuzzy\n" if fuzzy else ""))
                if context:
                    f.write(f'msgctxt "{context}"\n')
                f.write(f'msgid "{msgid}"\nmsgstr "{msgstr}"\n')


def chromium(*arguments):
    if CHROMIUM is None:
        pytest.fail("headless Chromium is needed (scripts/install-deps.sh installs the Debian package chromium)")
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
               "--force-device-scale-factor=1", "--no-first-run", "--disable-extensions", *arguments]
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    assert result.returncode == 0, result.stderr.decode(errors="replace")
    return result.stdout


class PageReader(HTMLParser):
    """The figure rows (their data-* attributes and cell texts) and the missing keys per locale and table."""

    def __init__(self):
        super().__init__()
        self.rows, self.missing = [], {}
        self.table = self.details = None
        self.cell = self.key = None
        self.scripts = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "script":
            self.scripts += 1
        if tag == "section":
            self.table = a.get("data-table")
        if tag == "tr" and a.get("class") == "row":
            self.rows.append({"attrs": a, "cells": {}})
        if tag == "td" and self.rows and a.get("class"):
            self.cell = a["class"]
            self.rows[-1]["cells"][self.cell] = ""
        if tag == "details":
            self.details = (self.table, a["data-locale"])
            self.missing[self.details] = []
        if tag == "code" and a.get("class") == "key" and self.details:
            self.key = ""

    def handle_endtag(self, tag):
        if tag == "td":
            self.cell = None
        if tag == "code" and self.key is not None:
            self.missing[self.details].append(self.key)
            self.key = None
        if tag == "details":
            self.details = None

    def handle_data(self, data):
        if self.cell is not None:
            self.rows[-1]["cells"][self.cell] += data
        if self.key is not None:
            self.key += data


def painted_bars(rows):
    """Per bar drawn, top to bottom: its (translated, fuzzy, rest) pixel counts
    on its middle row, counted over the longest run of bar-colored pixels (so
    that no antialiased text beside it counts)."""
    def kind(pixel):
        for index, color in enumerate((DONE, FUZZY, TRACK)):
            if all(abs(a - b) <= 6 for a, b in zip(pixel, color)):
                return index
        return None

    def longest_run(row):
        best, start = (0, 0), None
        for x, pixel in enumerate(row + [(0, 0, 0)]):
            if kind(pixel) is not None:
                start = x if start is None else start
            elif start is not None:
                best = max(best, (x - start, start))
                start = None
        length, start = best
        counts = [0, 0, 0]
        for pixel in row[start:start + length]:
            counts[kind(pixel)] += 1
        return tuple(counts)

    bars, run = [], []
    for row in rows + [[]]:
        counts = longest_run(row)
        if sum(counts) >= BAR_WIDTH - 4:
            run.append(counts)
        elif run:
            bars.append(run[len(run) // 2])
            run = []
    return bars


def check_page(catalog, tmp_path, name):
    page = str(tmp_path / f"{name}.html")
    stats = subprocess.run([CLI, "stats", "--format", "json", "--html", page, catalog],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    assert stats.returncode == 0, stats.stderr.decode()
    expected = json.loads(stats.stdout)
    assert expected, "the catalog has tables"

    # What Chromium parsed.
    reader = PageReader()
    reader.feed(chromium("--dump-dom", "file://" + page).decode("utf-8"))
    assert reader.scripts == 0
    assert len(reader.rows) == len(expected)
    for row, want in zip(reader.rows, expected):
        a, cells = row["attrs"], row["cells"]
        assert (a["data-locale"], a["data-table"]) == (want["locale"], want["table"])
        assert int(a["data-entries"]) == want["entries"] and int(a["data-translated"]) == want["translated"]
        assert int(a["data-missing"]) == want["missing"] and int(a["data-fuzzy"]) == want["fuzzy"]
        assert int(a["data-stale"]) == want["unused"]
        assert float(a["data-coverage"]) == want["coverage"]
        assert cells["coverage"] == f"{want['coverage']:.1f}%"
        assert cells["translated"] == f"{want['translated']} / {want['entries']}"
        assert (int(cells["missing"]), int(cells["fuzzy"]), int(cells["stale"]), int(cells["words"])) == \
            (want["missing"], want["fuzzy"], want["unused"], want["missingWords"])
        assert reader.missing.get((want["table"], want["locale"]), []) == [k["key"] for k in want["missingKeys"]]

    # What Chromium drew: one bar per row, painted in proportion.
    shot = str(tmp_path / f"{name}.png")
    height = 400 + 40 * len(expected) + 30 * sum(len(w["missingKeys"]) > 0 for w in expected)
    chromium(f"--window-size=1000,{height}", f"--screenshot={shot}", "file://" + page)
    _, _, pixels = read_png(shot)
    bars = painted_bars(pixels)
    assert len(bars) == len(expected), bars
    for (done, fuzzy, rest), want in zip(bars, expected):
        total = done + fuzzy + rest
        assert abs(total - BAR_WIDTH) <= 4, (done, fuzzy, rest)
        entries = max(want["entries"], 1)
        assert abs(done - BAR_WIDTH * want["translated"] / entries) <= 3, (want, done, fuzzy, rest)
        assert abs(fuzzy - BAR_WIDTH * want["fuzzy"] / entries) <= 3, (want, done, fuzzy, rest)
    return expected


def test_stats_page_of_the_example_catalog(tmp_path):
    rows = check_page(os.path.join(ROOT, "Examples", "catalog"), tmp_path, "examples")
    assert any(r["coverage"] == 0 for r in rows) and any(0 < r["coverage"] < 100 for r in rows)


def test_stats_page_of_a_gettext_catalog_with_fuzzy_entries(tmp_path):
    catalog = tmp_path / "catalog"
    catalog.mkdir()
    write_gettext_catalog(str(catalog))
    rows = check_page(str(catalog), tmp_path, "gettext")
    by_locale = {r["locale"]: r for r in rows}
    assert (by_locale["fr"]["translated"], by_locale["fr"]["fuzzy"]) == (2, 1)
    assert (by_locale["de"]["translated"], by_locale["de"]["fuzzy"]) == (0, 2)
    assert by_locale["ja"]["missing"] == 4
    keys = by_locale["de"]["missingKeys"]
    assert [k["key"] for k in keys] == ["Open", "Close", "Save <all> & quit", "Print"]
    assert keys[1]["context"] == "menu" and keys[0]["location"].endswith("app.pot:5:1")
