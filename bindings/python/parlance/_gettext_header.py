"""The header entry of a gettext catalog (the translation of ``""``), read
in Python for :meth:`GNUTranslations.info` and ``charset()``.

Parlance's C API does not expose catalog headers, so the header is taken
from the file's bytes here (a mapping of the file, for a ``.mo`` the library
serves in place): from the ``.mo`` string tables, or from the
first ``msgid ""`` entry of a ``.po`` file. The texts themselves are looked
up through Parlance.
"""

from __future__ import annotations

import codecs
import mmap
import re
import struct
from typing import Any, Dict, List, Optional, Tuple, Union

__all__ = ["MO_MAGICS", "mo_header", "mo_strings_end_inside", "po_header", "decode_header", "parse_header"]

LE_MAGIC = 0x950412DE
BE_MAGIC = 0xDE120495
MO_MAGICS = (LE_MAGIC, BE_MAGIC)

_CHARSET = re.compile(rb"charset=([^\s;\\\"]+)", re.IGNORECASE)


def mo_header(buf: Union[bytes, mmap.mmap]) -> Optional[bytes]:
    """The translation of the empty msgid in a ``.mo`` image, or None. The
    caller has checked the magic number; out-of-range offsets give None
    (Parlance reports a corrupt file when it loads the same bytes)."""
    order = "<" if struct.unpack("<I", buf[:4])[0] == LE_MAGIC else ">"
    try:
        _, count, originals, translations = struct.unpack(order + "4I", buf[4:20])
        # msgfmt sorts the msgids, so "" comes first; other compilers may not.
        for index in range(count):
            length, _ = struct.unpack_from(order + "II", buf, originals + 8 * index)
            if length == 0:
                length, offset = struct.unpack_from(order + "II", buf, translations + 8 * index)
                if offset + length > len(buf):
                    return None
                return buf[offset:offset + length]
    except struct.error:
        return None
    return None


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


# ---- .po ----------------------------------------------------------------------

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v",
            "\\": "\\", '"': '"', "'": "'", "?": "?"}
_ESCAPE = re.compile(r"\\(x[0-9A-Fa-f]+|[0-7]{1,3}|.)", re.DOTALL)
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"', re.DOTALL)


def _unescape(match: "re.Match[str]") -> str:
    code = match.group(1)
    if code[0] == "x":
        return chr(int(code[1:], 16) & 0xFF)
    if code[0] in "01234567":
        return chr(int(code, 8) & 0xFF)
    return _ESCAPES.get(code, code)


def _strings(rest: str) -> str:
    return "".join(_ESCAPE.sub(_unescape, s) for s in _STRING.findall(rest))


def po_header(buf: bytes) -> Optional[bytes]:
    """The ``msgstr`` of the first live ``msgid ""`` entry without a context
    in a ``.po`` image, or None. Obsolete (``#~``) entries are skipped, a
    fuzzy header counts (as ``msgfmt`` keeps it)."""
    # latin-1 keeps every byte; the header is ASCII in practice, and its
    # bytes are decoded with the catalog's charset afterwards.
    text = buf.decode("latin-1")
    if text.startswith("\xef\xbb\xbf"):
        text = text[3:]
    entry: Dict[str, List[str]] = {}
    current: Optional[List[str]] = None

    def finish() -> Optional[bytes]:
        if "msgid" in entry and "msgctxt" not in entry and "".join(entry["msgid"]) == "" \
                and "msgstr" in entry:
            return "".join(entry["msgstr"]).encode("latin-1")
        return None

    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            if current is not None:
                current.append(_strings(line))
            continue
        keyword, _, rest = line.partition(" ")
        if keyword in ("msgctxt", "msgid") and any(k.startswith("msgstr") for k in entry):
            header = finish()
            if header is not None:
                return header
            entry = {}
        if keyword in ("msgctxt", "msgid", "msgid_plural", "msgstr") or keyword.startswith("msgstr["):
            current = entry.setdefault(keyword, [])
            current.append(_strings(rest))
        else:
            current = None
    return finish()


# ---- Decoding and fields ----------------------------------------------------------

def decode_header(header: bytes) -> str:
    """The header as text, decoded with the charset it names (UTF-8 when it
    names none or one Python does not know); undecodable bytes are replaced
    rather than failing the load."""
    match = _CHARSET.search(header)
    encoding = "utf-8"
    if match:
        try:
            encoding = codecs.lookup(match.group(1).decode("ascii")).name
        except (LookupError, UnicodeDecodeError):
            pass
    return header.decode(encoding, "replace")


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
