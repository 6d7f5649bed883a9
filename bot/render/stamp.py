"""Drawing on a palette board kept and replayed (``stamp``): a label drawn again on
the same squares of the same board is the indices it left, not the drawing again."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from PIL import Image, _imaging

Box = tuple[int, int, int, int]
STAMPS_KEPT = 256  # labels, each with what was under it (~1 KB each)
_lock = threading.Lock()  # pictures are drawn in several worker threads


def pixels_of(core: Any) -> bytes:
    """A palette image core's indices, row after row (``Image.tobytes`` without an
    image made round the core)."""
    width, height = core.size
    encoder = _imaging.raw_encoder("P", "P")
    encoder.setimage(core, (0, 0, width, height))
    out = []
    while True:
        _, done, data = encoder.encode(max(65536, width * 4))
        out.append(data)
        if done:
            return b"".join(out)


def stamp(im: Image.Image, box: Box, key: Hashable, draw: Callable[[Image.Image], None]) -> None:
    """``draw(im)``, which draws only inside ``box`` of the palette image ``im``, kept per
    ``key`` (all it draws), what was under the box and the palette so far: drawn again
    there over the same, it is the indices it left and the palette entries it gave out
    (a cost label on the same squares of the same board)."""
    palette = im.palette
    raw = getattr(palette, "_palette", None)
    if palette is None or not isinstance(raw, bytearray) or palette.mode != "RGB":
        draw(im)
        return
    im.load()
    seen = (key, box[2] - box[0], box[3] - box[1], pixels_of(im.im.crop(box)), bytes(raw))
    with _lock:
        hit = _stamps.get(seen)
    if hit is not None:
        raw += hit[1]
        palette.colors.update(hit[2])
        palette.dirty = 1
        im.im.paste(hit[0], box)
        return
    start = len(raw)
    draw(im)
    raw = palette._palette
    added = {colour: i for colour, i in palette.colors.items() if 3 * i >= start}
    with _lock:
        _stamps[seen] = (im.im.crop(box), bytes(raw[start:]), added)
        while len(_stamps) > STAMPS_KEPT:
            _stamps.popitem(last=False)


# what was left there (an image core), the palette entries given out and their indices
_stamps: OrderedDict[tuple[Hashable, ...], tuple[Any, bytes, dict[tuple[int, ...], int]]] = (
    OrderedDict()
)
