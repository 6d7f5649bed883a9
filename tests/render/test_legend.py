"""The key to the board: a caption strip naming the marks a picture shows, the
same key as text for /help, and speed bands told apart without colour."""

from __future__ import annotations

import colorsys
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from PIL import Image

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.terrain import Terrain
from bot.render.board import BoardView, MoveOverlay
from bot.render.caption import lines
from bot.render.layout import plan
from bot.render.legend import (
    BAND_MORE,
    BAND_NOW,
    PRONE,
    PROVOKED,
    REACTION,
    THREAT,
    caption_keys,
    condition_badge,
    legend_lines,
)
from bot.render.style import BLUE as REACTION_BADGE
from bot.render.tiles import square_tile
from bot.rules import get_ruleset
from tests.render.pixels import draw

ROOT = Path(__file__).resolve().parents[2]
FOOT = get_ruleset("3.5").footprint_squares


def ring(col: int, row: int, radius: int) -> frozenset[Cell]:
    return frozenset(
        Cell(col + dc, row + dr)
        for dc in range(-radius, radius + 1)
        for dr in range(-radius, radius + 1)
        if col + dc >= 0 and row + dr >= 0
    )


def moved(threats: frozenset[Cell] = frozenset()) -> tuple[Encounter, BoardView]:
    e = Encounter(10, 8, "3.5", "gm")
    path = (Cell(1, 1), Cell(2, 2), Cell(3, 3))
    e = e.with_token(Token("Ari", path[-1], team="party"))
    e = e.with_token(Token("Orc", Cell(7, 6), team="enemy", conditions=frozenset({"grappled"})))
    move = MoveOverlay(
        path,
        (0.0, 5, 15),
        "ari",
        provoked_at=(path[0],),
        reach_now=ring(3, 3, 1),
        reach_more=ring(3, 3, 3),
        more_action="double",
    )
    return e, BoardView(move=move, threats=threats)


def test_the_caption_names_what_the_picture_shows_and_nothing_else():
    e, view = moved()
    texts = [k.text for k in plan(e, FOOT, view).keys]
    assert texts == ["reachable now", "only with a double move", "provoked an attack", "grappled"]
    e, view = moved(threats=frozenset({Cell(6, 6)}))
    assert "threatened" in [k.text for k in plan(e, FOOT, view).keys]
    plain = Encounter(10, 8, "3.5", "gm").with_token(Token("Ari", Cell(1, 1)))
    assert plan(plain, FOOT, BoardView(whole_map=True)).keys == ()


def test_the_caption_strip_is_drawn_under_the_board():
    e, view = moved()
    image, layout = draw(e, FOOT, view)
    assert image.height > layout.board_bottom + 20
    strip = image.crop((0, layout.board_bottom + 1, image.width, image.height))
    found = {c for _, c in strip.getcolors(1 << 16) or []}
    assert len(found) > 4  # swatches and words, not a blank strip


def test_a_tiny_map_widens_the_picture_to_fit_each_entry():
    e = Encounter(2, 2, "3.5", "gm").with_token(
        Token("Ari", Cell(0, 0), conditions=frozenset({"prone", "unconscious"}))
    )
    image, layout = draw(e, FOOT, BoardView(whole_map=True))
    assert image.width > layout.board_right
    for line in lines(layout.keys, image.width):
        assert line  # every entry has a line it fits on


def test_a_condition_badge_and_its_caption_entry_agree():
    assert condition_badge({"prone"}) is None
    assert condition_badge({"prone", "grappled"}) == "G"
    assert condition_badge({"slowed", "grappled"}) == "2"
    keys = caption_keys(conditions=[frozenset({"prone", "grappled"}), frozenset({"a", "b"})])
    assert [(k.mark, k.text) for k in keys] == [
        (PRONE, "prone"),
        ("badge:G", "grappled"),
        ("badge:2", "2 conditions"),
    ]
    assert [k.mark for k in caption_keys(band_now=True, band_more=True, threats=True)] == [
        BAND_NOW,
        BAND_MORE,
        THREAT,
    ]
    assert caption_keys(provoked=True)[0].mark == PROVOKED


def test_help_lines_name_the_rulesets_bigger_action():
    assert any("only with a double move" in line for line in legend_lines("double"))
    assert any("only with a run" in line for line in legend_lines("run"))
    text = "\n".join(legend_lines("dash"))
    for mark in ("Green band", "Pale green band", "hatching", "!", "P badge", "G grappled"):
        assert mark in text


def test_the_legend_text_imports_without_pillow():
    code = "import sys, bot.render.legend\nassert 'PIL' not in sys.modules, 'PIL loaded'\n"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


# ------------------------------------------------------------- colour blindness

# Machado, Oliveira & Fernandes (2009), tritanopia at severity 1.0, on linear RGB.
TRITAN = (
    (1.255528, -0.076749, -0.178779),
    (-0.078411, 0.930809, 0.147602),
    (0.004733, 0.691367, 0.303900),
)


def _linear(v: int) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _srgb(c: float) -> int:
    c = min(1.0, max(0.0, c))
    v = c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return round(v * 255)


def tritan(image: Image.Image) -> list[tuple[int, int, int]]:
    out = []
    raw = image.convert("RGB").tobytes()
    for r, g, b in zip(raw[0::3], raw[1::3], raw[2::3], strict=True):
        lin = (_linear(r), _linear(g), _linear(b))
        out.append(
            tuple(_srgb(sum(m * x for m, x in zip(row, lin, strict=True))) for row in TRITAN)  # type: ignore[misc]
        )
    return out


def _distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


def test_under_tritanopia_the_two_bands_still_differ_by_their_stripes():
    """Both tints turn teal; the outer band's stripes survive the simulation as
    a texture the inner band has not, and set pixels well apart from it."""
    cell = 40
    now = tritan(square_tile(Terrain.CLEAR, cell, 2))
    more = tritan(square_tile(Terrain.CLEAR, cell, 1))
    assert max(_distance(p, now[0]) for p in now) == 0  # the inner band: one flat tint
    striped = sum(1 for p in more if _distance(p, more[0]) > 40)
    assert striped >= 0.1 * cell * cell  # the outer one: a pattern, not only a tint
    apart = sum(1 for a, b in zip(now, more, strict=True) if _distance(a, b) > 60)
    assert apart >= 0.1 * cell * cell


def test_a_board_with_an_area_template_names_it_in_the_caption() -> None:
    from bot.encounter import Template
    from bot.render.legend import TEMPLATE

    footprints = get_ruleset("5e-alt").footprint_squares
    spell = Template("Fireball", "circle", 20, Cell(4, 4))
    board = Encounter(10, 10, "5e-alt", gm_id="gm", templates=(spell,))
    keys = plan(board, footprints, BoardView(whole_map=True)).keys
    assert [k.text for k in keys if k.mark == TEMPLATE] == ["area template"]
    bare = Encounter(10, 10, "5e-alt", gm_id="gm")
    assert not [k for k in plan(bare, footprints, BoardView(whole_map=True)).keys]
    assert any(line.startswith("Purple dotted area with its name") for line in legend_lines())


def test_a_spent_reaction_is_a_blue_badge_on_the_token_and_in_the_caption() -> None:
    """Issue 29: the board shows whose reaction is used until its turn starts."""
    fresh = Encounter(6, 6, "5e", "gm").with_token(Token("Orc", Cell(2, 2), team="enemy"))
    spent = fresh.with_token(replace(fresh.tokens["orc"], reactions_used=1))
    assert REACTION not in [k.mark for k in plan(fresh, FOOT, BoardView(whole_map=True)).keys]
    keys = plan(spent, FOOT, BoardView(whole_map=True)).keys
    assert [(k.mark, k.text) for k in keys] == [(REACTION, "reaction used")]
    before, layout = draw(fresh, FOOT, BoardView(whole_map=True))
    after, _ = draw(spent, FOOT, BoardView(whole_map=True))
    square = layout.cell
    x0, y0 = layout.left + 2 * square, layout.top + 2 * square
    box = (x0 + square // 2, y0 + square // 2, x0 + square, y0 + square)  # lower right
    blues = [
        p
        for _, p in after.crop(box).getcolors(1 << 16) or []
        if abs(p[0] - REACTION_BADGE[0]) + abs(p[1] - REACTION_BADGE[1]) < 30
        and abs(p[2] - REACTION_BADGE[2]) < 30
    ]
    assert blues  # the badge's blue sits at the disc's lower right
    assert before.crop(box).tobytes() != after.crop(box).tobytes()


def colour_name(rgb: tuple[int, int, int]) -> str:
    """A colour as a reader names it: white, black or grey when it has next to no hue,
    else its hue's name (orange-red from 15° to 30°: vermilion), "pale" when light."""
    hue, light, saturation = colorsys.rgb_to_hls(*(v / 255 for v in rgb))
    if saturation < 0.15 or light < 0.12 or light > 0.95:
        return "white" if light > 0.8 else "black" if light < 0.25 else "grey"
    degrees = hue * 360
    bands = [(15, "red"), (30, "orange-red"), (45, "orange"), (70, "yellow"), (170, "green")]
    bands += [(260, "blue"), (345, "purple"), (360, "red")]
    name = next(n for top, n in bands if degrees < top)
    return f"pale {name}" if light > 0.8 else name


def drawn(kind: str) -> tuple[int, int, int]:
    """The colour a mark is drawn in: a square's pixel as the board paints it, or the
    style's colour for a line or badge."""
    from bot.render import style as s
    from bot.render.tiles import band_stripes, hatch_mask

    cell = 32
    if kind == "band-now":
        return square_tile(Terrain.CLEAR, cell, 2).getpixel((cell // 2, cell // 2))
    if kind == "band-more":  # its tint, off the stripes
        stripes = band_stripes(cell)
        off = next((x, 0) for x in range(cell) if not stripes.getpixel((x, 0)))
        return square_tile(Terrain.CLEAR, cell, 1).getpixel(off)
    if kind == "threat":  # a pixel on a hatch line
        mask = hatch_mask(cell)
        on = next((x, 0) for x in range(cell) if mask.getpixel((x, 0)) == s.THREAT_ALPHA)
        return square_tile(Terrain.CLEAR, cell, 0, True).getpixel(on)
    return {
        "reach": s.REACH_OUTLINE,
        "template": s.TEMPLATE_OUTLINE,
        "provoked": s.PROVOKED_BADGE,
        "prone": s.PRONE_BADGE,
        "reaction": s.REACTION_BADGE,
        "condition": s.CONDITION_BADGE,
        "acting": s.ACTING_RING,
    }[kind]


# /help's key, line by line: the words naming the mark, their colour, what it marks
KEY_MARKS = {
    "Green band": ("green", "band-now"),
    "Pale green band": ("pale green", "band-more"),
    "Orange-red diagonal hatching": ("orange-red", "threat"),
    "Orange outline": ("orange", "reach"),
    "Purple dotted area": ("purple", "template"),
    "Orange-red ! badge": ("orange-red", "provoked"),
    "Black P badge": ("black", "prone"),
    "Blue R badge": ("blue", "reaction"),
    "White badge": ("white", "condition"),
    "Yellow ring": ("yellow", "acting"),
}


def test_help_s_key_names_the_colours_the_pictures_draw():
    """Issue 40: /help's key said "light-blue band" and "red hatching" where the
    pictures drew otherwise. Each line that names a colour names the one its mark is
    drawn in, read from the pixels."""
    for line in legend_lines("dash")[:-1]:  # the last says where the caption is
        words = next((w for w in KEY_MARKS if line.startswith(w)), None)
        assert words is not None, f"a key line with no colour checked: {line}"
        colour, kind = KEY_MARKS[words]
        assert words.lower().startswith(colour)
        assert colour_name(drawn(kind)) == colour, (line, colour_name(drawn(kind)))
