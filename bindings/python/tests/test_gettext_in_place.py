"""A ``.mo`` opened from a path is handed to the library by path and served
in place, as parlance.Catalog.load serves it; file objects that are not a
plain file at its start are read, as the standard library reads them."""

import gettext as stdlib_gettext
import io
import os
import shutil
import struct

import pytest

import parlance
from parlance import gettext as pgettext

KEYS = ["", "Hello", "Open", "Same", "Saved %s", "Not in the catalog"]


@pytest.fixture
def ru_mo(gettext_catalogs):
    return gettext_catalogs.mo / "ru" / "LC_MESSAGES" / "app.mo"


def damaged_copy(ru_mo, root, msgid):
    """A copy of ru_mo at root/ru/LC_MESSAGES/app.mo whose translation of
    msgid points past the end of the file; the last entry stays whole."""
    data = bytearray(ru_mo.read_bytes())
    _, count, originals, translations = struct.unpack("<4I", data[4:20])
    ids = [bytes(data[o:o + n]) for n, o in (struct.unpack_from("<II", data, originals + 8 * i)
                                                 for i in range(count))]
    index = ids.index(msgid.encode())
    assert index != count - 1
    struct.pack_into("<II", data, translations + 8 * index, 5, 0x7FFFFFFF)
    path = root / "ru" / "LC_MESSAGES" / "app.mo"
    path.parent.mkdir(parents=True)
    path.write_bytes(bytes(data))
    return path


def test_translation_serves_the_file_as_catalog_load_does(ru_mo, tmp_path):
    path = damaged_copy(ru_mo, tmp_path, "Hello")
    # Read into memory, the damaged entry fails the whole file, in both modules.
    for module in (stdlib_gettext, pgettext):
        with pytest.raises(OSError) as raised:
            module.GNUTranslations(io.BytesIO(path.read_bytes()))
        assert raised.value.errno == 0
    # Served in place, it costs that entry only, as through the C API.
    t = pgettext.translation("app", str(tmp_path), ["ru"])
    with parlance.Catalog() as catalog:
        catalog.load(path, locale="ru", table="app")
        with parlance.Localizer(catalog, ["ru"], development="ru") as localizer:
            for key in KEYS[1:]:
                assert t.gettext(key) == (localizer.lookup(key, table="app") or key)
    assert t.gettext("Hello") == "Hello"
    assert t.gettext("Open") == "Открыть"
    assert t.info()["language"] == "ru"
    with open(path, "rb") as fp:
        assert pgettext.GNUTranslations(fp).gettext("Open") == "Открыть"


def test_file_objects_are_left_at_the_end(ru_mo):
    for module in (stdlib_gettext, pgettext):
        with open(ru_mo, "rb") as fp:
            module.GNUTranslations(fp)
            assert fp.tell() == ru_mo.stat().st_size
        with open(ru_mo, "rb", buffering=0) as fp:
            assert module.GNUTranslations(fp).gettext("Hello") == "Привет"
            assert fp.tell() == ru_mo.stat().st_size


def test_other_file_objects_are_read_from_where_they_are(ru_mo, tmp_path):
    std = stdlib_gettext.translation("app", str(ru_mo.parents[2]), ["ru"])
    for module in (stdlib_gettext, pgettext):
        with open(ru_mo, "rb") as fp:
            fp.seek(4)
            with pytest.raises(OSError) as raised:
                module.GNUTranslations(fp)
            assert raised.value.args[:2] == (0, "Bad magic number")
        with open(os.open(ru_mo, os.O_RDONLY), "rb") as fp:   # named by its descriptor
            t = module.GNUTranslations(fp)
        assert [t.gettext(key) for key in KEYS] == [std.gettext(key) for key in KEYS]
        t = module.GNUTranslations(io.BytesIO(ru_mo.read_bytes()))
        assert [t.gettext(key) for key in KEYS] == [std.gettext(key) for key in KEYS]


def test_a_path_replaced_after_opening_is_read_through_the_file_object(gettext_catalogs, tmp_path):
    path = tmp_path / "ru" / "LC_MESSAGES" / "app.mo"
    path.parent.mkdir(parents=True)
    shutil.copyfile(gettext_catalogs.mo / "ru" / "LC_MESSAGES" / "app.mo", path)
    other = tmp_path / "other.mo"
    shutil.copyfile(gettext_catalogs.mo / "pl" / "LC_MESSAGES" / "app.mo", other)
    results = []
    for module in (stdlib_gettext, pgettext):
        with open(path, "rb") as fp:
            os.replace(other, path)
            t = module.GNUTranslations(fp)
        results.append((t.gettext("Hello"), t.info()["language"], t.ngettext("%d file", "%d files", 5)))
        os.replace(path, other)
        shutil.copyfile(gettext_catalogs.mo / "ru" / "LC_MESSAGES" / "app.mo", path)
    assert results[0] == results[1] == ("Привет", "ru", "%d файлов")
