"""Drawing a board straight into a palette image, and writing it as a PNG.

A board has few colours (flat fills, patterns drawn without anti-aliasing, and the
8 grey levels of the posterized masks), so it is drawn into a palette ("P") image:
each colour is given an index the first time it is drawn (Pillow's own
``ImagePalette.getcolor``, which ``ImageDraw`` calls too), and the encoder then
has no palette to search and no pixels to map: it writes the indices.

Every pixel keeps the exact colour the RGB drawing gives it:

- a fill or a line is its colour's index;
- a colour through a soft mask (text, tints) over one colour is a ramp of that
  colour blended at each of the mask's levels, computed by Pillow itself
  (``blend``), so a pill's text costs a lookup;
- a token or a badge, whose soft edges fall on several colours, is drawn in an RGB
  crop and its colours looked up again (``through_rgb``), kept per its look and
  what was under it;
- an RGB picture (a terrain tile, a band's run, the caption strip, the inset) is
  mapped once to its own little palette and translated to the board's.

``bot.render.palette_png.encode`` then writes a PNG whose pixels are those
``draw.encode_png`` writes for the same picture drawn in RGB. The bytes differ (the
palette's order), and are the same for the same board, however warm the caches.

A picture with more than 255 colours, or over a photo, is drawn in RGB as before
(``Overflow`` says so).
"""

from __future__ import annotations

import math
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache

from PIL import Image

from bot.render.stamp import pixels_of
from bot.render.style import RGB

Box = tuple[int, int, int, int]
PNG_COMPRESS_LEVEL = 1  # the least zlib work; a 30x30 board stays well under 60 KB
MAX_INKS = 255  # a full palette would let Pillow reuse an index behind our back


class Overflow(Exception):
    """The picture needs more colours than a palette holds: draw it in RGB."""


def paletted(im: Image.Image) -> bool:
    return im.mode == "P"


def index(im: Image.Image, colour: RGB) -> int:
    """The palette index of ``colour`` in ``im``, given one if it has none."""
    palette = im.palette
    assert palette is not None
    found = palette.colors.get(colour)
    if found is not None:
        return found
    if len(palette.colors) >= MAX_INKS:
        raise Overflow
    raw = getattr(palette, "_palette", None)
    if palette.mode == "RGB" and isinstance(raw, bytearray) and len(raw) % 3 == 0:
        # what ImagePalette.getcolor does for a board (no transparency, room left),
        # without its checks: a board gives out ~60 indices a picture
        given = len(raw) // 3
        raw += bytes(colour)
        palette.colors[colour] = given
        palette.dirty = 1
        return given
    return palette.getcolor(colour, im)


def ink_of(im: Image.Image, colour: RGB) -> int | RGB:
    """What to hand ``ImageDraw`` for ``colour``: its index on a palette image (no
    look-up per shape), the colour itself on an RGB one."""
    return index(im, colour) if paletted(im) else colour


def check(im: Image.Image) -> None:
    """Raise ``Overflow`` if drawing (``ImageDraw`` allocates too) filled the palette."""
    assert im.palette is not None
    if len(im.palette.colors) >= MAX_INKS:
        raise Overflow


def colour_at(im: Image.Image, i: int) -> RGB:
    """The colour of index ``i`` in ``im``'s palette."""
    assert im.palette is not None
    raw = im.palette.palette
    return (raw[3 * i], raw[3 * i + 1], raw[3 * i + 2])


@lru_cache(maxsize=16384)
def blend(under: RGB, ink: RGB, level: int) -> RGB:
    """``ink`` pasted over ``under`` through a mask of ``level``, exactly as Pillow does."""
    pixel = Image.new("RGB", (1, 1), under)
    pixel.paste(ink, (0, 0, 1, 1), Image.new("L", (1, 1), level))
    r, g, b = pixel.getpixel((0, 0))  # type: ignore[misc]
    return (r, g, b)


_masks: OrderedDict[int, tuple[Image.Image, tuple[int, ...], Image.Image]] = OrderedDict()
_lock = threading.Lock()


def _levels(mask: Image.Image) -> tuple[tuple[int, ...], Image.Image]:
    """The mask's grey levels, and where it is not 0 as a mask of 0 and 255 (masks
    are cached, so this is worked out once for each)."""
    key = id(mask)
    with _lock:
        hit = _masks.get(key)
    if hit is None or hit[0] is not mask:
        levels = tuple(sorted(v for _, v in mask.getcolors(256) or [] if isinstance(v, int)))
        hit = (mask, levels, mask.point([0] + [255] * 255))
        with _lock:
            _masks[key] = hit  # the mask kept alive, so its id is not reused
            while len(_masks) > 2048:
                _masks.popitem(last=False)
    return hit[1], hit[2]


def paste_colour(im: Image.Image, colour: RGB, box: Box, mask: Image.Image | None = None) -> None:
    """``im.paste(colour, box, mask)``, on an RGB or a palette image."""
    if not paletted(im):
        im.paste(colour, box, mask)
        return
    ink = index(im, colour)
    if mask is None:
        im.paste(ink, box)
        return
    levels, support = _levels(mask)
    if set(levels) <= {0, 255}:
        im.paste(ink, box, mask)
        return
    region = im.crop(box)
    low, high = region.getextrema()
    if low == high:  # the whole box one colour (a pill's text, the caption's)
        under = [low]
    else:
        counts = region.histogram(support)
        under = [i for i, n in enumerate(counts) if n]
    if len(under) == 1 and isinstance(under[0], int):  # one colour under the mask: a ramp
        below = under[0]
        base = colour_at(im, below)
        lut = [below] * 256
        for level in levels:
            lut[level] = index(im, blend(base, colour, level))
        im.paste(_point(mask, lut), box, support)
        return
    through_rgb(im, box, lambda rgb: rgb.paste(colour, (0, 0, *rgb.size), mask))


def around(centre: tuple[float, float], half: int) -> Box:
    """A box reaching at least ``half`` px each way from ``centre``, starting on even
    px: drawn in a crop from there, every ``round`` (half to even) falls on the same
    pixel it does on the whole board."""
    x = math.floor(centre[0]) - half - 1
    y = math.floor(centre[1]) - half - 1
    x, y = x - x % 2, y - y % 2
    return (x, y, math.ceil(centre[0]) + half + 2, math.ceil(centre[1]) + half + 2)


def through_rgb(
    im: Image.Image,
    box: Box,
    draw: Callable[[Image.Image], None],
    key: Hashable = None,
) -> None:
    """Draw on the ``box`` of ``im`` as an RGB image (``draw`` gets the crop).

    ``key``: what ``draw`` draws, all of it (a token's look and where in the box):
    the result is kept per key and what was under it, so the same token on the
    same squares is drawn once (the board message and every move redraw them)."""
    if not paletted(im):
        crop = im.crop(box)
        draw(crop)
        im.paste(crop, box[:2])
        return
    im.load()
    under = im.im.crop(box)  # the core's: no palette copied with it
    seen: tuple[Hashable, ...] | None = None
    if key is not None:
        # the indices under it, and the colours of every index up to the last one used
        last = under.getextrema()[1]
        assert im.palette is not None and isinstance(last, int)
        seen = (key, pixels_of(under), bytes(im.palette.palette[: 3 * last + 3]))
        with _lock:
            hit = _drawn.get(seen)
        if hit is not None:
            _put_local(im, *hit, box[:2])
            return
    crop = im._new(under).convert("RGB")
    draw(crop)
    local, colours = _local(crop)
    if seen is not None:
        with _lock:
            _drawn[seen] = (local, colours)
            while len(_drawn) > DRAWN_CACHE:
                _drawn.popitem(last=False)
    _put_local(im, local, colours, box[:2])


DRAWN_CACHE = 256  # tokens and badges, each with what was under it (~7 KB each at 40 px)
_drawn: OrderedDict[tuple[Hashable, ...], tuple[Image.Image, tuple[RGB, ...]]] = OrderedDict()


def indices(im: Image.Image, colours: tuple[RGB, ...]) -> list[int]:
    """``index`` of each of ``colours`` (the palette's table read once)."""
    palette = im.palette
    assert palette is not None
    known = palette.colors
    found = [known.get(c, -1) for c in colours]
    if -1 not in found:
        return found
    new = [c for i, c in zip(found, colours, strict=True) if i < 0]
    raw = getattr(palette, "_palette", None)
    fast = palette.mode == "RGB" and isinstance(raw, bytearray) and len(raw) % 3 == 0
    if not fast or len(known) + len(new) >= MAX_INKS:  # one by one, as index says
        return [i if i >= 0 else index(im, c) for i, c in zip(found, colours, strict=True)]
    assert isinstance(raw, bytearray)  # what index does for each new colour, at once
    first = len(raw) // 3
    given: dict[tuple[int, ...], int] = {c: first + k for k, c in enumerate(new)}
    raw += b"".join(bytes(c) for c in new)
    known.update(given)
    palette.dirty = 1
    return [i if i >= 0 else given[c] for i, c in zip(found, colours, strict=True)]


def _put_local(
    im: Image.Image, local: Image.Image, colours: tuple[RGB, ...], xy: tuple[int, int]
) -> None:
    lut = tuple(indices(im, colours))
    key = (id(local), lut)  # the same token over the same board: the same indices
    with _lock:
        hit = _pointed.get(key)
    if hit is None or hit[0] is not local:
        hit = (local, _point(local, [*lut, *[0] * (256 - len(lut))]))
        with _lock:
            _pointed[key] = hit
            while len(_pointed) > DRAWN_CACHE:
                _pointed.popitem(last=False)
    x, y = xy
    im.im.paste(hit[1].im, (x, y, x + local.width, y + local.height))


_pointed: OrderedDict[tuple[int, tuple[int, ...]], tuple[Image.Image, Image.Image]] = OrderedDict()


def put_rgb(im: Image.Image, picture: Image.Image, xy: tuple[int, int]) -> None:
    """Paste an RGB ``picture`` into ``im`` at ``xy``, each pixel its exact colour."""
    if not paletted(im):
        im.paste(picture, xy)
        return
    seen = (picture.size, picture.tobytes())  # the inset: the same while nobody moves
    with _lock:
        hit = _pictures.get(seen)
    if hit is None:
        hit = _local(picture)
        with _lock:
            _pictures[seen] = hit
            while len(_pictures) > PICTURES_CACHE:
                _pictures.popitem(last=False)
    _put_local(im, *hit, xy)


PICTURES_CACHE = 8  # insets mapped to their own palette (keyed by their pixels: up to 120 KB)
_pictures: OrderedDict[tuple[object, ...], tuple[Image.Image, tuple[RGB, ...]]] = OrderedDict()


def _point(im: Image.Image, lut: list[int]) -> Image.Image:
    """``im.point(lut)`` for an ``L`` or ``P`` image, as a ``P`` image of those indices
    (pasted into a board as they are), without Pillow rounding the table's 256
    integers in Python first."""
    im.load()
    return im._new(im.im.point(lut, "P"))


_tiles: OrderedDict[int, tuple[Image.Image, Image.Image, tuple[RGB, ...]]] = OrderedDict()
_translated: OrderedDict[tuple[int, tuple[int, ...]], tuple[Image.Image, Image.Image]] = (
    OrderedDict()
)


def put_tile(im: Image.Image, tile: Image.Image, xy: tuple[int, int]) -> None:
    """``put_rgb`` for a cached, never-changed picture (a terrain tile, a swatch):
    its own palette is worked out once."""
    if not paletted(im):
        im.paste(tile, xy)
        return
    done = translated(im, tile)
    x, y = xy
    im.im.paste(done[1].im, (x, y, x + tile.width, y + tile.height))


def translated(im: Image.Image, tile: Image.Image) -> tuple[Image.Image, Image.Image]:
    """``tile`` translated to ``im``'s palette: (the tile, its indices as a P image)."""
    # this picture's tiles so far, by the palette they were translated to (a board's
    # palette only grows, so an index once given stays right)
    palette = im.palette
    assert palette is not None
    last = getattr(_here, "mine", None)  # the picture this thread is drawing, usually
    mine: dict[int, tuple[Image.Image, Image.Image]]
    if last is not None and last[0]() is palette:
        mine = last[1]
    else:
        with _lock:  # pictures are drawn in several worker threads
            mine = _mine.setdefault(palette, {})
        _here.mine = (weakref.ref(palette), mine)
    key = id(tile)
    done = mine.get(key)
    if done is None or done[0] is not tile:
        done = mine[key] = _translate(im, tile)
    return done


_here = threading.local()
_mine: weakref.WeakKeyDictionary[object, dict[int, tuple[Image.Image, Image.Image]]] = (
    weakref.WeakKeyDictionary()
)


def _translate(im: Image.Image, tile: Image.Image) -> tuple[Image.Image, Image.Image]:
    """``tile`` as ``im``'s palette indices (kept per tile and those indices)."""
    key = id(tile)
    with _lock:
        hit = _tiles.get(key)
    if hit is None or hit[0] is not tile:
        local, colours = _local(tile)
        hit = (tile, local, colours)
        with _lock:
            _tiles[key] = hit
            while len(_tiles) > 1024:
                _tiles.popitem(last=False)
    _, local, colours = hit
    lut = tuple(indices(im, colours))
    with _lock:
        done = _translated.get((key, lut))
    if done is None or done[0] is not tile:
        done = (tile, _point(local, [*lut, *[0] * (256 - len(lut))]))
        with _lock:
            _translated[(key, lut)] = done
            while len(_translated) > 1024:
                _translated.popitem(last=False)
    return done


def _local(picture: Image.Image) -> tuple[Image.Image, tuple[RGB, ...]]:
    """``picture`` as indices into its own sorted colours (exact: see ``_exact``)."""
    found = picture.getcolors(picture.width * picture.height) or []
    colours = tuple(sorted((c[0], c[1], c[2]) for _, c in found if isinstance(c, tuple)))
    palette = _exact(colours)
    if palette is not None:
        return picture.quantize(palette=palette, dither=Image.Dither.NONE), colours
    import numpy as np  # only here: most pictures never need it

    pixels = np.asarray(picture, dtype=np.uint32)
    packed = (pixels[..., 0] << 16) | (pixels[..., 1] << 8) | pixels[..., 2]
    keys = np.array([(r << 16) | (g << 8) | b for r, g, b in colours], dtype=np.uint32)
    codes = np.searchsorted(keys, packed).astype(np.uint8)  # sorted colours: sorted keys
    return Image.frombytes("P", picture.size, codes.tobytes()), colours


@lru_cache(maxsize=1024)
def _exact(colours: tuple[RGB, ...]) -> Image.Image | None:
    """A palette image of ``colours`` that Pillow maps each of them to itself by
    (its cache of 6 bits a channel can send a colour to a neighbour a few levels
    off); None when it would not."""
    if not colours or len(colours) > 256:
        return None
    palette = palette_image(colours)
    strip = Image.new("RGB", (len(colours), 1))
    strip.putdata(colours)
    mapped = strip.quantize(palette=palette, dither=Image.Dither.NONE)
    return palette if list(mapped.tobytes()) == list(range(len(colours))) else None


def palette_image(colours: tuple[RGB, ...]) -> Image.Image:
    """A 1x1 palette image of ``colours`` (padded with the first: Pillow maps to 256)."""
    flat = [v for c in colours for v in c]
    flat += flat[:3] * (256 - len(colours))  # pad with a colour that is present
    image = Image.new("P", (1, 1))
    image.putpalette(flat)
    return image
