"""A palette board written as a PNG (``bot.render.paletted`` draws it): the pixels
``draw.encode_png`` writes for the same board drawn in RGB, without searching a
palette or mapping a pixel.

That encoder maps each colour through Pillow's cache of 6 bits a channel, which can
merge two colours a few levels apart (white and the near-white of a disc's edge over
the floor, say); ``encode`` merges the same ones, asking Pillow the same question
about the picture's few colours rather than about every pixel.
"""

from __future__ import annotations

import struct
import zlib
from functools import lru_cache

from PIL import Image

from bot.render.paletted import palette_image
from bot.render.style import RGB


@lru_cache(maxsize=256)
def merged(colours: tuple[RGB, ...]) -> tuple[RGB, ...]:
    """Each of a picture's (sorted) colours as ``draw.encode_png`` writes it: that
    encoder maps the picture's pixels to the palette of these colours, and Pillow's
    mapping can send a colour to a neighbour a few levels off."""
    if not colours:
        return ()
    strip = Image.new("RGB", (len(colours), 1))
    strip.putdata(colours)
    mapped = strip.quantize(palette=palette_image(colours), dither=Image.Dither.NONE)
    return tuple(colours[i] for i in mapped.tobytes())


def encode(im: Image.Image) -> bytes:
    """A palette board as PNG bytes: its pixels as ``draw.encode_png`` writes the same
    board drawn in RGB (the same colours merged), deflated by ``write_png``.
    Changes ``im``'s palette to the colours written."""
    assert im.palette is not None
    raw = bytes(im.palette.palette)
    pixels = im.tobytes()
    # Merged as among every colour given an index; that is how they merge among the
    # colours on the picture as long as each colour another merges into is on it (a
    # colour drawn and then covered is not): a byte search for each of those few.
    flat, targets = _written(raw)
    if not all(any(bytes((i,)) in pixels for i in target) for target in targets):
        shown = [i for i in range(len(raw) // 3) if bytes((i,)) in pixels]
        flat = _written_among(raw, tuple(shown))
    im.putpalette(flat)
    return write_png(im.size, flat, pixels)


def write_png(size: tuple[int, int], palette: bytes, pixels: bytes) -> bytes:
    """An 8-bit palette PNG of ``pixels`` (one index a byte, row after row) and
    ``palette`` (RGB triples): the chunks Pillow writes for a palette image, the rows
    unfiltered as Pillow leaves a palette image's, deflated by zlib-ng at
    ``DEFLATE_LEVEL``. Any PNG reader inflates it to the same pixels; zlib-ng's
    deflate is standard deflate, made faster. Measured on a 30² /move picture (376 x
    630 indices, 2026-11-27): zlib at level 1 0.55 ms for 11.4 KB, zlib-ng at level 2
    0.18 ms for 9.7 KB (at level 1 0.10 ms, but 14.2 KB), Pillow's own save 0.8 ms."""
    import numpy as np  # as the picture module does, only when a picture is drawn
    from zlib_ng import zlib_ng

    width, height = size
    rows = np.zeros((height, width + 1), np.uint8)  # each row led by filter type 0
    rows[:, 1:] = np.frombuffer(pixels, np.uint8).reshape(height, width)
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    data = zlib_ng.compress(rows.data, DEFLATE_LEVEL)  # read in place: no copy
    return b"".join(
        (SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", palette), _chunk(b"IDAT", data))
    ) + _chunk(b"IEND", b"")


SIGNATURE = b"\x89PNG\r\n\x1a\n"
DEFLATE_LEVEL = 2  # zlib-ng: smaller than zlib's level 1, and a third of its time


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


@lru_cache(maxsize=256)
def _written(raw: bytes) -> tuple[bytes, tuple[tuple[int, ...], ...]]:
    """The palette ``raw`` as written (``merged`` among all its colours), and the
    indices of each colour another merges into."""
    every = tuple(range(len(raw) // 3))
    flat = _written_among(raw, every)
    colours = [raw[3 * i : 3 * i + 3] for i in every]
    targets = {flat[3 * i : 3 * i + 3] for i in every if flat[3 * i : 3 * i + 3] != colours[i]}
    return flat, tuple(tuple(i for i in every if colours[i] == t) for t in sorted(targets))


def _written_among(raw: bytes, shown: tuple[int, ...]) -> bytes:
    """The palette ``raw`` with each of the ``shown`` indices' colours as ``merged``
    among those colours writes it."""
    colours = {i: (raw[3 * i], raw[3 * i + 1], raw[3 * i + 2]) for i in shown}
    ordered = tuple(sorted(set(colours.values())))
    written = dict(zip(ordered, merged(ordered), strict=True))
    flat = bytearray(raw)
    for i, c in colours.items():
        flat[3 * i : 3 * i + 3] = bytes(written[c])
    return bytes(flat)
