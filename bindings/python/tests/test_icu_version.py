"""parlance.icu_version(): the ICU the loaded library runs on, which is the
ICU mapped into this process under the library's own dependency, whatever
it is called there (libicuuc.so.72 from the system, the wheel's renamed
copy libicuuc-<hash>.so.72.1)."""

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


def library_icu_major() -> int:
    """The major version of the libicuuc the loaded libparlance's ICU
    functions depend on (DT_NEEDED of libparlance-icu.so.0 beside it, which
    it opens on first need; of the library itself when SwiftPM linked them
    in), read from its dynamic section."""
    library = Path(_ffi.lib._name).resolve()
    beside = library.parent / "libparlance-icu.so.0"
    data = (beside if beside.is_file() else library).read_bytes()
    found = re.findall(rb"libicuuc(?:-[0-9a-f]+)?\.so\.(\d+)", data)
    assert found, f"neither {beside} nor {library} names libicuuc"
    return int(found[0])


def test_icu_version_is_a_dotted_version():
    version = parlance.icu_version()
    assert re.fullmatch(r"\d+\.\d+(\.\d+)*", version), version


def test_icu_version_is_the_icu_the_library_loads():
    major = int(parlance.icu_version().split(".")[0])
    assert major == library_icu_major()
    assert major in loaded_icu_majors().values(), loaded_icu_majors()


def test_icu_version_is_exported():
    assert "icu_version" in parlance.__all__
