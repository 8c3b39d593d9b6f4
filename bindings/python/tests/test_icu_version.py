"""parlance.icu_version(): the ICU the loaded library runs on: the
libicuuc mapped into this process under the library's own dependency
(libicuuc.so.72 from the system), or, in the wheel, the ICU linked into
libparlance-icu.so.0 itself, whose data package it carries (icudt72l)."""

import re
from pathlib import Path

import parlance
from parlance import _ffi


def loaded_icu_majors() -> dict:
    """{mapped libicuuc file: the major version in its name}, of this process."""
    with open("/proc/self/maps") as maps:
        files = {line.split()[-1] for line in maps if "libicuuc" in line}
    majors = {}
    for name in files:
        found = re.search(r"libicuuc(?:-[0-9a-f]+)?\.so\.(\d+)", Path(name).name)
        if found:
            majors[name] = int(found.group(1))
    return majors


def icu_functions() -> Path:
    """The file holding the loaded libparlance's ICU functions:
    libparlance-icu.so.0 beside it, which it opens on first need (the
    library itself when SwiftPM linked them in)."""
    library = Path(_ffi.lib._name).resolve()
    beside = library.parent / "libparlance-icu.so.0"
    return beside if beside.is_file() else library


def library_icu_major() -> int:
    """The major version of the libicuuc the ICU functions depend on, read
    from their dynamic section; or, when ICU is linked into them, of the
    data package they carry."""
    data = icu_functions().read_bytes()
    found = re.findall(rb"libicuuc\.so\.(\d+)", data) or re.findall(rb"icudt(\d+)l/", data)
    assert found, f"{icu_functions()} names no libicuuc and carries no ICU data"
    return int(found[0])


def icu_linked_in() -> bool:
    return not re.search(rb"libicuuc\.so\.\d+", icu_functions().read_bytes())


def test_icu_version_is_a_dotted_version():
    version = parlance.icu_version()
    assert re.fullmatch(r"\d+\.\d+(\.\d+)*", version), version


def test_icu_version_is_the_icu_the_library_loads():
    major = int(parlance.icu_version().split(".")[0])
    assert major == library_icu_major()
    if icu_linked_in():
        # No ICU library is loaded for it (another module may load its own).
        assert not [f for f in loaded_icu_majors() if Path(f).parent == icu_functions().parent], loaded_icu_majors()
    else:
        assert major in loaded_icu_majors().values(), loaded_icu_majors()


def test_icu_version_is_exported():
    assert "icu_version" in parlance.__all__


def test_icu_error_is_none_with_icu_loaded():
    parlance.icu_version()
    assert parlance.icu_error() is None
    assert "icu_error" in parlance.__all__


def test_a_missing_icu_is_told_once_and_by_icu_error(tmp_path):
    """An installation whose ICU library cannot be found (here
    PARLANCE_ICU_LIBRARY names no file) still looks strings up; the calls
    that need ICU answer without it, and the library says why: once on
    standard error, and in icu_error()."""
    import subprocess
    import sys

    missing = tmp_path / "no-libparlance-icu.so"
    program = (
        "import parlance\n"
        "assert parlance.icu_error() is None\n"
        "cat = parlance.Catalog()\n"
        "cat.load_bytes(b'\"Hello\" = \"Bonjour\";', 'fr', 'Localizable', format='strings')\n"
        "loc = parlance.Localizer(cat, ['fr'])\n"
        "assert loc.text('Hello') == 'Bonjour'\n"
        "for _ in range(3):\n"
        "    assert parlance.icu_version() == ''\n"
        "print(parlance.icu_error())\n"
    )
    env = dict(__import__("os").environ, PARLANCE_ICU_LIBRARY=str(missing),
               PYTHONPATH=str(Path(parlance.__file__).resolve().parents[1]))
    run = subprocess.run([sys.executable, "-c", program], env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert str(missing) in run.stdout
    assert run.stderr.count("cannot load ICU") == 1, run.stderr
    assert str(missing) in run.stderr and "PARLANCE_ICU_LIBRARY" in run.stderr
