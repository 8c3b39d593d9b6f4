"""Reads the examples' screenshots without an imaging library: the pixels
of an 8-bit, non-interlaced RGB or RGBA PNG (what QWidget::grab and
gdk_texture_save_to_png write), and where the dark ink of a band of rows
lies, to see which side a language's text was drawn on."""
import pathlib
import struct
import zlib


def read_png(path):
    """(width, height, rows): each row a list of (r, g, b) with any alpha
    composited over white. Raises ValueError for other PNG layouts."""
    data = pathlib.Path(path).read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    at, header, packed = 8, None, []
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            packed.append(body)
        elif kind == b"IEND":
            break
        at += 12 + length
    if header is None:
        raise ValueError(f"{path}: no IHDR")
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        raise ValueError(f"{path}: depth {depth}, color type {color}, interlace {interlace} not read")
    channels = 4 if color == 6 else 3
    raw = zlib.decompress(b"".join(packed))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        if kind > 4:
            raise ValueError(f"{path}: row {y} has filter type {kind}")
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                corner = previous[i - channels] if i >= channels else 0
                guess = left + up - corner
                pa, pb, pc = abs(guess - left), abs(guess - up), abs(guess - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        pixels = []
        for x in range(0, stride, channels):
            alpha = line[x + 3] if channels == 4 else 255
            pixels.append(tuple((line[x + c] * alpha + 255 * (255 - alpha)) // 255 for c in range(3)))
        rows.append(pixels)
        previous = line
    return width, height, rows


def ink_span(rows, top, bottom, darkness=140):
    """(leftmost, rightmost) x of the pixels in rows top..bottom-1 whose
    lightness ((max + min) / 2, as QColor's) is under darkness."""
    xs = [x for row in rows[top:bottom] for x, pixel in enumerate(row) if (max(pixel) + min(pixel)) // 2 < darkness]
    if not xs:
        raise ValueError(f"no ink in rows {top}..{bottom}")
    return min(xs), max(xs)
