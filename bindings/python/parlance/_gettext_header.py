"""What the standard library checks of a ``.mo`` before reading it (its
magic number; that its strings end inside the file), and its reading of
a catalog's header fields for :meth:`GNUTranslations.info` and
``charset()``. The header itself comes from the library
(:meth:`parlance.Catalog.header`), as it read the file.
"""

from __future__ import annotations

import struct
from typing import Any, Dict, Optional, Tuple

__all__ = ["MO_MAGICS", "mo_strings_end_inside", "parse_header"]

LE_MAGIC = 0x950412DE
BE_MAGIC = 0xDE120495
MO_MAGICS = (LE_MAGIC, BE_MAGIC)


def mo_strings_end_inside(buf: Any) -> bool:
    """Whether the last entry's msgid and translation end inside a ``.mo``
    image (the caller has checked the magic number). Compilers (msgfmt,
    Python's msgfmt.py, Babel) write the strings in entry order, msgids
    then translations, so a file cut short fails this; it costs two reads
    whatever the size. Other entries are checked by the library when it
    reads them."""
    order = "<" if struct.unpack("<I", buf[:4])[0] == LE_MAGIC else ">"
    try:
        _, count, originals, translations = struct.unpack(order + "4I", buf[4:20])
        for table in (originals, translations) if count else ():
            length, offset = struct.unpack_from(order + "II", buf, table + 8 * (count - 1))
            # The standard library's test: the string and its NUL inside.
            if offset + length >= len(buf):
                return False
    except struct.error:
        return False
    return True


# ---- Fields ----------------------------------------------------------------------

def parse_header(header: str) -> Tuple[Dict[str, str], Optional[str]]:
    """``(info, charset)`` exactly as the standard library's
    ``GNUTranslations._parse`` computes them: lowercased keys, stripped
    values, continuation lines appended, ``#-#-#-#-#`` lines skipped, the
    charset being what follows ``charset=`` in ``Content-Type``."""
    info: Dict[str, str] = {}
    charset: Optional[str] = None
    lastk: Optional[str] = None
    for item in header.split("\n"):
        item = item.strip()
        if not item:
            continue
        if item.startswith("#-#-#-#-#") and item.endswith("#-#-#-#-#"):
            continue
        k = v = None
        if ":" in item:
            k, v = item.split(":", 1)
            k = k.strip().lower()
            v = v.strip()
            info[k] = v
            lastk = k
        elif lastk:
            info[lastk] += "\n" + item
        if k == "content-type" and v is not None and "charset=" in v:
            charset = v.split("charset=")[1]
    return info, charset
