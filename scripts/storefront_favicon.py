#!/usr/bin/env python3
"""Draws the storefront's default favicon (server/src/storefront/assets/theme/favicon.ico): a
32x32 teal rounded square with a white shopping bag, as a PNG inside an ICO, with Python's
standard library only. Re-run after changing the drawing:
    python3 scripts/storefront_favicon.py
"""
import os
import struct
import zlib

SIZE = 32
TEAL = (15, 118, 110, 255)
WHITE = (255, 255, 255, 255)
CLEAR = (0, 0, 0, 0)


def inside_rounded(x, y, x0, y0, x1, y1, r):
    """Whether the pixel centre (x, y) is in the rounded rectangle [x0, x1) x [y0, y1)."""
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r and x0 <= x < x1 and y0 <= y < y1


def pixel(px, py):
    x, y = px + 0.5, py + 0.5
    if not inside_rounded(x, y, 0, 0, SIZE, SIZE, 7):
        return CLEAR
    # The bag's body.
    if inside_rounded(x, y, 8, 12, 24, 27, 2):
        return WHITE
    # The handle: a ring above the body.
    d = ((x - 16) ** 2 + (y - 12) ** 2) ** 0.5
    if y < 12 and 3.5 <= d <= 5.5:
        return WHITE
    return TEAL


def png():
    rows = b"".join(
        b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(SIZE)) for y in range(SIZE)
    )

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def ico(image):
    entry = struct.pack("<BBBBHHII", SIZE, SIZE, 0, 0, 1, 32, len(image), 6 + 16)
    return struct.pack("<HHH", 0, 1, 1) + entry + image


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(here, "..", "server", "src", "storefront", "assets", "theme", "favicon.ico")
    with open(out, "wb") as f:
        f.write(ico(png()))
    print(out)
