"""Drawing primitives shared by the board and the sketches.

Everything soft-edged (text, discs, rings) is drawn as a cached greyscale mask
and pasted in a colour through it. Masks are posterized to a few levels, so an
image keeps few distinct colours and usually encodes as a small palette PNG,
which is several times faster than an RGB one. The font is Pillow's bundled
one (``load_default(size=...)``), so the bytes never depend on the fonts a
machine has installed.
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from bot.render.palette_png import encode as paletted_png
from bot.render.paletted import (
    PNG_COMPRESS_LEVEL,
    around,
    paletted,
    paste_colour,
    through_rgb,
)
from bot.render.stamp import stamp
from bot.render.style import RGB

Box = tuple[int, int, int, int]

AA_LEVELS = 8  # grey levels kept at soft edges
SUPERSAMPLE = 4


def _posterize_table() -> list[int]:
    step = 255 / (AA_LEVELS - 1)
    return [round(round(v / step) * step) for v in range(256)]


_POSTERIZE = _posterize_table()


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    loaded = ImageFont.load_default(size=size)
    if not isinstance(loaded, ImageFont.FreeTypeFont):  # pragma: no cover - Pillow without FreeType
        raise RuntimeError("Pillow was built without FreeType; the board needs it")
    # The basic layout engine: no dependence on whether libraqm is installed.
    return loaded.font_variant(layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int) -> float:
    return font(size).getlength(text)


@lru_cache(maxsize=4096)
def text_mask(text: str, size: int) -> Image.Image:
    """The text's ink as an ``L`` mask cropped to its glyphs."""
    f = font(size)
    left, top, right, bottom = (int(v) for v in f.getbbox(text))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255)
    return mask.point(_POSTERIZE)


def paste_text(im: Image.Image, text: str, size: int, centre: tuple[float, float], ink: RGB) -> Box:
    """Draw ``text`` centred on ``centre``; returns the box it covers."""
    mask = text_mask(text, size)
    x = round(centre[0] - mask.width / 2)
    y = round(centre[1] - mask.height / 2)
    paste_colour(im, ink, (x, y, x + mask.width, y + mask.height), mask)
    return (x, y, x + mask.width, y + mask.height)


def paste_text_at(im: Image.Image, text: str, size: int, xy: tuple[int, int], ink: RGB) -> Box:
    """Draw ``text`` with its ink's top-left corner at ``xy``."""
    mask = text_mask(text, size)
    x, y = xy
    paste_colour(im, ink, (x, y, x + mask.width, y + mask.height), mask)
    return (x, y, x + mask.width, y + mask.height)


# A token's outline by its team (issue 30: colour is never the only signal): a
# circle, a square with rounded corners, or a diamond, each ``diameter`` across.
ROUND, SQUARE, DIAMOND = "round", "square", "diamond"
SQUARE_SIDE = 0.9  # of the diameter: its corners stay inside a ring round the circle
SQUARE_CORNER = 0.18  # the corners' radius, of the side


@lru_cache(maxsize=512)
def disc_mask(diameter: int, alpha: float = 1.0, shape: str = ROUND) -> Image.Image:
    """An antialiased filled circle (or ``shape``) ``diameter`` px across, at
    ``alpha`` opacity."""
    big = diameter * SUPERSAMPLE
    mask = Image.new("L", (big, big), 0)
    fill = round(255 * alpha)
    draw = ImageDraw.Draw(mask)
    if shape == SQUARE:
        inset = round(big * (1 - SQUARE_SIDE) / 2)
        side = big - 2 * inset
        box = (inset, inset, big - 1 - inset, big - 1 - inset)
        draw.rounded_rectangle(box, radius=round(side * SQUARE_CORNER), fill=fill)
    elif shape == DIAMOND:
        half = (big - 1) / 2
        draw.polygon([(half, 0), (big - 1, half), (half, big - 1), (0, half)], fill=fill)
    else:
        draw.ellipse((0, 0, big - 1, big - 1), fill=fill)
    small = mask.resize((diameter, diameter), Image.Resampling.BOX)
    return small.point(_POSTERIZE)


@lru_cache(maxsize=512)
def ring_mask(diameter: int, width: int) -> Image.Image:
    """An antialiased ring: a circle ``diameter`` across, ``width`` px thick."""
    big = diameter * SUPERSAMPLE
    w = width * SUPERSAMPLE
    mask = Image.new("L", (big, big), 0)
    draw = ImageDraw.Draw(mask)
    draw.ellipse((0, 0, big - 1, big - 1), fill=255)
    draw.ellipse((w, w, big - 1 - w, big - 1 - w), fill=0)
    small = mask.resize((diameter, diameter), Image.Resampling.BOX)
    return small.point(_POSTERIZE)


@lru_cache(maxsize=256)
def flat_mask(width: int, height: int, alpha: int) -> Image.Image:
    return Image.new("L", (width, height), alpha)


def paste_disc(
    im: Image.Image,
    centre: tuple[float, float],
    diameter: int,
    ink: RGB,
    alpha: float = 1.0,
    shape: str = ROUND,
) -> None:
    mask = disc_mask(diameter, alpha, shape)
    x = round(centre[0] - diameter / 2)
    y = round(centre[1] - diameter / 2)
    paste_colour(im, ink, (x, y, x + diameter, y + diameter), mask)


def paste_ring(
    im: Image.Image, centre: tuple[float, float], diameter: int, width: int, ink: RGB
) -> None:
    mask = ring_mask(diameter, width)
    x = round(centre[0] - diameter / 2)
    y = round(centre[1] - diameter / 2)
    paste_colour(im, ink, (x, y, x + diameter, y + diameter), mask)


def badge(
    im: Image.Image,
    centre: tuple[float, float],
    diameter: int,
    fill: RGB,
    text: str,
    ink: RGB,
    edge: RGB = (255, 255, 255),
) -> None:
    """A small round badge with a letter or two in it."""
    if paletted(im):  # drawn in RGB over whatever is under it
        box = around(centre, diameter // 2 + 2)
        x, y = box[0], box[1]
        through_rgb(
            im,
            box,
            lambda rgb: badge(rgb, (centre[0] - x, centre[1] - y), diameter, fill, text, ink, edge),
            key=("badge", (centre[0] - x, centre[1] - y), diameter, fill, text, ink, edge),
        )
        return
    paste_disc(im, centre, diameter + 2, edge)
    paste_disc(im, centre, diameter, fill)
    size = max(8, round(diameter * 0.72))
    paste_text(im, text, size, centre, ink)


def pill(
    im: Image.Image,
    text: str,
    size: int,
    centre: tuple[float, float],
    *,
    fill: RGB,
    edge: RGB,
    ink: RGB,
) -> Box:
    """A label on a rounded box; returns the box."""
    box = pill_box(text, size, centre)
    if paletted(im):  # kept per look and what is under it (``stamp``)
        key = ("pill", text, size, fill, edge, ink)
        stamp(im, box, key, lambda im: _pill_paletted(im, text, size, box, fill, edge, ink))
        return box
    mask = text_mask(text, size)
    x0, y0, x1, y1 = box
    ImageDraw.Draw(im).rounded_rectangle(
        (x0, y0, x1 - 1, y1 - 1), radius=min((y1 - y0) // 2, 6), fill=fill, outline=edge
    )
    tx = x0 + (x1 - x0 - mask.width) // 2
    ty = y0 + (y1 - y0 - mask.height) // 2
    paste_colour(im, ink, (tx, ty, tx + mask.width, ty + mask.height), mask)
    return box


def _pill_paletted(
    im: Image.Image, text: str, size: int, box: Box, fill: RGB, edge: RGB, ink: RGB
) -> None:
    """``pill`` on a palette image: the same shape, as two masks (no drawing per label)."""
    mask = text_mask(text, size)
    x0, y0, x1, y1 = box
    inside, rim = pill_masks(x1 - x0, y1 - y0)
    paste_colour(im, fill, box, inside)
    paste_colour(im, edge, box, rim)
    tx = x0 + (x1 - x0 - mask.width) // 2
    ty = y0 + (y1 - y0 - mask.height) // 2
    paste_colour(im, ink, (tx, ty, tx + mask.width, ty + mask.height), mask)


@lru_cache(maxsize=256)
def pill_masks(width: int, height: int) -> tuple[Image.Image, Image.Image]:
    """A pill's inside and its outline, each a mask of 0 and 255 (``pill``'s shape)."""
    shape = Image.new("L", (width, height), 0)
    ImageDraw.Draw(shape).rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=min(height // 2, 6), fill=1, outline=2
    )
    return shape.point([0, 255] + [0] * 254), shape.point([0, 0, 255] + [0] * 253)


def pill_box(text: str, size: int, centre: tuple[float, float]) -> Box:
    """The box ``pill`` would cover."""
    mask = text_mask(text, size)
    w = mask.width + 2 * max(3, size // 3)
    h = mask.height + 2 * max(2, size // 5)
    x0, y0 = round(centre[0] - w / 2), round(centre[1] - h / 2)
    return (x0, y0, x0 + w, y0 + h)


def rgb_at(im: Image.Image, xy: tuple[int, int]) -> RGB:
    """One pixel of an RGB image, typed."""
    value = im.getpixel(xy)
    assert isinstance(value, tuple)
    return (int(value[0]), int(value[1]), int(value[2]))


def encode_png(im: Image.Image, *, photo: bool = False) -> bytes:
    """PNG bytes that depend only on the pixels: no timestamps, no text chunks,
    a fixed compression level.

    Images with at most 256 colours (the usual board, thanks to the posterized
    masks) are written as a palette PNG: Pillow filters RGB rows adaptively,
    which costs more than drawing the board, and skips that for palettes. The
    palette is sorted, so the same pixels give the same bytes. Pillow maps
    pixels to it through a cache of 6 bits a channel, so two colours within a
    few levels of each other can come out as one (seen: at most 5 levels off):
    invisible, and still deterministic. Busier images are written as RGB, except a
    ``photo`` (a board over a map image), which is reduced to 256 colours first: an
    RGB photo-sized PNG would be megabytes. A board drawn as a palette image
    (``bot.render.paletted``) is written as those same pixels without either step."""
    if paletted(im):
        return paletted_png(im)
    rgb = im if im.mode == "RGB" else im.convert("RGB")
    colours = rgb.getcolors(256)
    out = io.BytesIO()
    if colours is not None:
        palette = sorted(c for _, c in colours if isinstance(c, tuple))
        flat = [v for c in palette for v in c]
        flat += flat[:3] * (256 - len(palette))  # pad with a colour that is present
        pal_image = Image.new("P", (1, 1))
        pal_image.putpalette(flat)
        indexed = rgb.quantize(palette=pal_image, dither=Image.Dither.NONE)
        indexed.save(out, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    elif photo:
        reduced = rgb.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        reduced.save(out, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    else:
        rgb.save(out, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()
