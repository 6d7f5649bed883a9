"""Issue 38: no map image Stride accepts costs more than about 1 s and 200 MB to prepare
(``python -m bench.background`` measures it). A PNG, GIF or progressive JPEG is read
whole, so past ``MAX_DECODED_PIXELS`` (a WebP past ``MAX_WEBP_PIXELS``) it is refused
before anything is decoded, saying what is accepted and how to get there; a baseline
JPEG is decoded reduced to what the board needs (``Image.draft``), so a larger one is
accepted when the board needs less; and the scaling goes band by band, never copying
the whole image, with the same result as one resize. Real outcomes, no clocks."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageFilter

import bot.render.background as background
from bot.errors import InvalidInput
from bot.render.background import MAX_DECODED_PIXELS, MAX_WEBP_PIXELS, prepare

CAP_SIDE = 4000  # MAX_DECODED_PIXELS is 4,000 x 4,000
WEBP_SIDE = 3000


def encoded(size: tuple[int, int], fmt: str, **options: Any) -> bytes:
    """A grey image of ``size`` (one byte a pixel to make: a big one stays cheap here)."""
    out = io.BytesIO()
    Image.new("L", size, 90).save(out, fmt, **options)
    return out.getvalue()


@pytest.fixture
def decoded_sizes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The size of every image ``prepare`` decoded (what it handed to the scaling)."""
    seen: list[tuple[int, int]] = []
    scaled: Callable[..., Image.Image] = background._scaled

    def spy(image: Image.Image, *args: Any) -> Image.Image:
        seen.append(image.size)
        return scaled(image, *args)

    monkeypatch.setattr(background, "_scaled", spy)
    return seen


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every image ``prepare`` decoded, by format: an image refused before decoding
    adds none."""
    seen: list[str] = []
    load = background._load

    def spy(image: Image.Image) -> None:
        seen.append(str(image.format))
        load(image)

    monkeypatch.setattr(background, "_load", spy)
    return seen


def test_the_caps_are_the_ones_the_bench_chose() -> None:
    assert CAP_SIDE * CAP_SIDE == MAX_DECODED_PIXELS
    assert WEBP_SIDE * WEBP_SIDE == MAX_WEBP_PIXELS


@pytest.mark.parametrize("fmt", ["PNG", "GIF"])
def test_an_image_over_the_cap_is_refused_before_decoding_saying_what_is_accepted(
    fmt: str, loads: list[str]
) -> None:
    """The issue's 7,000² PNG took 2.2 s and 610 MB: one pixel row past 4,000² is
    refused now, unread, with the most accepted and how to shrink it."""
    data = encoded((CAP_SIDE, CAP_SIDE + 1), fmt)
    with pytest.raises(InvalidInput) as refused:
        prepare(data, map_width=30, map_height=20, cell_px=None)
    said = str(refused.value)
    assert "the image is 4,000×4,001 px (16.0 million pixels)" in said
    assert "at most 16 million pixels (4,000×4,000 px) of a PNG, GIF or JPEG map" in said
    assert "9 million pixels (3,000×3,000 px) of a WebP" in said
    assert "Scale it down or crop it to the map" in said
    assert "this board keeps 1,920×1,280 px of it" in said  # 30x20 squares at 64 px
    assert loads == []


@pytest.mark.parametrize("fmt", ["PNG", "GIF"])
def test_an_image_at_the_cap_is_accepted(fmt: str, decoded_sizes: list[tuple[int, int]]) -> None:
    prepared = prepare(
        encoded((CAP_SIDE, CAP_SIDE), fmt), map_width=40, map_height=40, cell_px=None
    )
    assert prepared.source_size == (CAP_SIDE, CAP_SIDE)
    assert prepared.px_per_square == 64  # 100 px squares come down to 64
    assert decoded_sizes == [(CAP_SIDE, CAP_SIDE)]


def test_a_webp_has_its_own_lower_cap(loads: list[str]) -> None:
    """libwebp's decoder keeps two canvases and a copy of the frame while it loads."""
    data = encoded((WEBP_SIDE, WEBP_SIDE + 1), "WEBP", lossless=True)
    with pytest.raises(InvalidInput, match=r"at most .* 9 million pixels .* of a WebP"):
        prepare(data, map_width=30, map_height=30, cell_px=None)
    assert loads == []
    small = encoded((300, 300), "WEBP", lossless=True)
    assert prepare(small, map_width=3, map_height=3, cell_px=None).px_per_square == 64


def test_a_jpeg_is_decoded_reduced_to_what_the_board_needs(
    decoded_sizes: list[tuple[int, int]],
) -> None:
    """A 5,000×4,000 JPEG (20 million pixels, over the PNG cap) under a 30×20 map: its
    167 px squares come down to 64, so the board needs 1,920 px of its 5,000: it is
    decoded at half a side (2,500×2,000), not whole, and accepted."""
    prepared = prepare(encoded((5000, 4000), "JPEG"), map_width=30, map_height=20, cell_px=None)
    assert decoded_sizes == [(2500, 2000)]
    assert prepared.source_size == (5000, 4000)
    assert (prepared.px_per_square, prepared.squares_across) == (64, 30)
    stored = Image.open(io.BytesIO(prepared.jpeg))
    assert stored.size == (1920, 1280)  # the board's squares at 64 px: what it needs


def test_a_jpeg_is_read_at_the_smallest_scale_that_still_gives_the_board_enough(
    decoded_sizes: list[tuple[int, int]],
) -> None:
    """A 4,000 px JPEG under a 7×7 map needs 448 px a side: an eighth (500) gives it;
    under an 8×8 map it needs 512, more than an eighth, so it is read at a quarter."""
    data = encoded((4000, 4000), "JPEG")
    prepare(data, map_width=7, map_height=7, cell_px=None)
    prepare(data, map_width=8, map_height=8, cell_px=None)
    assert decoded_sizes == [(500, 500), (1000, 1000)]


def test_a_jpeg_the_board_needs_whole_is_held_to_the_cap(loads: list[str]) -> None:
    """The same 20 million pixels under a 64×64 map at 78 px squares: the board keeps
    64 px a square, 82% of the image's size, so no reduction helps: refused unread."""
    with pytest.raises(InvalidInput, match="Even reduced for this board it would be read at 5,000"):
        prepare(encoded((5000, 4000), "JPEG"), map_width=64, map_height=64, cell_px=78)
    assert loads == []


def test_a_progressive_jpeg_is_held_to_the_cap_and_told_why(loads: list[str]) -> None:
    """Its decoder keeps every coefficient whatever the scale: read whole, it counts
    whole; the refusal says a baseline JPEG would be read reduced."""
    data = encoded((5000, 4000), "JPEG", progressive=True)
    with pytest.raises(InvalidInput, match="A progressive JPEG is read whole: saved as a baseline"):
        prepare(data, map_width=30, map_height=20, cell_px=None)
    assert loads == []


def test_the_bomb_guard_still_refuses_before_the_decoders_own_check() -> None:
    """A tiny file of 64 million pixels: refused by the source cap, a JPEG too."""
    for fmt in ("PNG", "JPEG"):
        out = io.BytesIO()
        Image.new("1" if fmt == "PNG" else "L", (8000, 8000)).save(out, fmt)
        with pytest.raises(InvalidInput, match="at most 50 million pixels"):
            prepare(out.getvalue(), map_width=8, map_height=8, cell_px=None)


def photo(size: tuple[int, int], mode: str, *, smooth: bool = False) -> Image.Image:
    """Noise in ``mode`` (``smooth``: blurred a little, as a photo's pixels are)."""
    noise = Image.merge("RGB", [Image.effect_noise(size, 60) for _ in range(3)])
    if smooth:
        noise = noise.filter(ImageFilter.GaussianBlur(1.5))
    if mode == "RGBA":
        noise.putalpha(Image.effect_noise(size, 90))
        return noise
    return noise.convert(mode)


@settings(max_examples=25, deadline=None)
@given(
    mode=st.sampled_from(["RGB", "RGBA", "P", "L"]),
    left=st.integers(0, 60),
    top=st.integers(0, 60),
    width=st.integers(40, 240),
    height=st.integers(40, 180),
    scale=st.sampled_from([1.0, 0.97, 0.5, 0.31, 0.12]),
)
def test_scaling_band_by_band_is_one_resize(
    mode: str, left: int, top: int, width: int, height: int, scale: float
) -> None:
    """Whatever the mode, box and scale, the bands put together are what one resize of
    the whole box, converted to RGB first, gives (to two levels of rounding: each band's
    box is worked out in floating point anew). On a photo: on white noise as loud as
    ``photo``'s, Pillow's own 8-bit resize of a crop and of the whole image differ by
    tens of levels where Lanczos overshoots (it clamps between its two passes, whose
    order it picks by the image's size), bands or not."""
    image = photo((300, 240), mode, smooth=True)
    box = (left, top, min(300, left + width), min(240, top + height))
    size = (
        max(1, round((box[2] - box[0]) * scale)),
        max(1, round((box[3] - box[1]) * scale)),
    )
    whole = image.convert("RGB").resize(size, Image.Resampling.LANCZOS, box=box)
    original = background.BAND_ROWS
    background.BAND_ROWS = 7  # many bands on a small image
    try:
        banded = background._scaled(image, box, size)
    finally:
        background.BAND_ROWS = original
    assert banded.mode == "RGB" and banded.size == size
    worst = max(high for _, high in ImageChops.difference(whole, banded).getextrema())
    assert worst <= 2, (mode, box, size)


def test_an_image_with_alpha_reads_as_before_its_alpha_dropped() -> None:
    """Band by band or whole, a see-through map shows its colours (as a conversion to RGB
    always did): the bands change the cost, not the picture."""
    image = photo((320, 200), "RGBA")
    out = io.BytesIO()
    image.save(out, "PNG")
    prepared = prepare(out.getvalue(), map_width=8, map_height=5, cell_px=40)
    reference = io.BytesIO()
    image.convert("RGB").save(reference, "PNG")
    assert (
        prepared.jpeg == prepare(reference.getvalue(), map_width=8, map_height=5, cell_px=40).jpeg
    )
