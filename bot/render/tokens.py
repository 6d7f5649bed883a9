"""Tokens on the board: discs over their footprint, labels, badges, the acting ring."""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.encounter import Condition, Encounter, Token
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.render import style as s
from bot.render.draw import (
    DIAMOND,
    ROUND,
    SQUARE,
    SQUARE_SIDE,
    badge,
    paste_disc,
    paste_ring,
    paste_text,
    pill,
    pill_box,
    text_width,
)
from bot.render.layout import Layout
from bot.render.legend import condition_badge
from bot.render.paletted import around, paletted, through_rgb
from bot.token_labels import token_labels

MAX_LABEL_FONT = 30
# How much of a round token's label room each shape leaves: a diamond narrows
# above and below its middle, a square is a little smaller than its circle.
LABEL_ROOM = {SQUARE: SQUARE_SIDE, DIAMOND: 0.72}
DIAMOND_SCALE = 1.15  # of the disc's diameter: still inside its square


@lru_cache(maxsize=1024)
def label_font_size(text: str, diameter: int) -> int:
    """The largest font size at which ``text`` fits inside a disc ``diameter`` across."""
    size = max(8, min(MAX_LABEL_FONT, round(diameter * 0.5)))
    while size > 8 and text_width(text, size) > diameter * 0.8:
        size -= 1
    return size


@dataclass(frozen=True)
class Disc:
    centre: tuple[float, float]
    diameter: int  # including the white edge


def disc_edge(diameter: int) -> int:
    return max(1, min(3, diameter // 16))


def disc_sizes(diameter: int, shape: str) -> tuple[int, int, int]:
    """A token of ``shape`` drawn on a disc ``diameter`` across: its size, its white
    edge, and the coloured shape inside the edge. A diamond is drawn larger (as much
    area as the others: its points reach past the circle), and its outline is as thick
    as a circle's across its sloping sides."""
    d = round(diameter * DIAMOND_SCALE) if shape == DIAMOND else diameter
    edge = disc_edge(d)
    inner = d - 2 * edge if shape != DIAMOND else d - round(2.8 * edge)
    return d, edge, inner


def disc_label_size(label: str, disc: Disc, team: str = "neutral") -> int:
    """The font size of ``label`` printed on ``disc`` in its team's shape (inside its
    white edge, in the room the shape leaves)."""
    shape = s.TEAM_SHAPE.get(team, ROUND)
    _, _, inner = disc_sizes(disc.diameter, shape)
    return label_font_size(label, round(inner * LABEL_ROOM.get(shape, 1.0)))


def pill_size(cell: int) -> int:
    """The font size of the pills under and over a disc ("30 ft up", "hidden")."""
    return max(9, min(14, round(cell * 0.3)))


def disc_for(
    layout: Layout, token: Token, cell: Cell, side: int, slot: tuple[int, int] | None = None
) -> Disc:
    """Where a token's disc goes. ``slot`` is (index, count) for Tiny creatures sharing a square."""
    c = layout.cell
    span = side * c
    ring = ring_width(c)
    scale = s.DISC_SCALE.get(int(token.size), 1.0) if side == 1 else 1.0
    cx, cy = layout.point(cell.col + side / 2, cell.row + side / 2)
    diameter = round((span - 2 * ring) * scale)
    if slot is not None and slot[1] > 1 and side == 1:
        index = slot[0] % 4
        cx += (-1 if index % 2 == 0 else 1) * c / 4
        cy += (-1 if index < 2 else 1) * c / 4
        diameter = min(diameter, c // 2 - 1)
    return Disc((cx, cy), max(6, diameter))


def ring_width(cell: int) -> int:
    return max(2, round(cell * 0.09))


def draw_token(
    im: Image.Image,
    layout: Layout,
    token: Token,
    disc: Disc,
    label: str,
    *,
    acting: bool = False,
    ghost: bool = False,
) -> None:
    if paletted(im):  # its soft edges blend with what is under it: drawn in RGB
        reach = _reach(layout.cell, token.team, disc.diameter, token.altitude_ft)
        box = around(disc.centre, reach)
        moved = Disc((disc.centre[0] - box[0], disc.centre[1] - box[1]), disc.diameter)
        look = (
            layout.cell,
            token.team,
            token.conditions,
            bool(token.reactions_used),
            token.hidden,
            token.altitude_ft,
        )
        through_rgb(
            im,
            box,
            lambda rgb: draw_token(rgb, layout, token, moved, label, acting=acting, ghost=ghost),
            key=("token", look, moved, label, acting, ghost),
        )
        return
    colour = s.TEAM_COLOUR.get(token.team, s.TEAM_COLOUR["neutral"])
    d = disc.diameter
    if acting and not ghost:
        ring = ring_width(layout.cell)
        outer = d + 2 * ring
        paste_ring(im, disc.centre, outer, ring, s.ACTING_EDGE)
        paste_ring(im, disc.centre, outer - 2, ring - 1, s.ACTING_RING)
    alpha = s.GHOST_ALPHA if ghost else 1.0
    shape = s.TEAM_SHAPE.get(token.team, ROUND)
    d, _, inner = disc_sizes(d, shape)
    paste_disc(im, disc.centre, d, s.TOKEN_OUTLINE, alpha, shape)
    paste_disc(im, disc.centre, inner, colour, alpha, shape)
    if ghost:
        return
    paste_text(im, label, disc_label_size(label, disc, token.team), disc.centre, s.TOKEN_TEXT)
    marks = max(10, min(22, round(layout.cell * 0.34)))
    r = d / 2
    cx, cy = disc.centre
    if token.has(Condition.PRONE):
        badge(im, (cx - r * 0.72, cy + r * 0.72), marks, s.PRONE_BADGE, "P", s.WHITE)
    text = condition_badge(token.conditions)
    if text is not None:
        badge(
            im,
            (cx + r * 0.72, cy - r * 0.72),
            marks,
            s.CONDITION_BADGE,
            text,
            s.BADGE_TEXT_DARK,
            edge=s.BADGE_TEXT_DARK,
        )
    if token.reactions_used:  # its reaction used until its turn starts (issue 29)
        badge(im, (cx + r * 0.72, cy + r * 0.72), marks, s.REACTION_BADGE, "R", s.WHITE)
    if token.hidden:  # only the GM's pictures show one (issue 26)
        hidden_mark(im, layout, disc)
    high = token.altitude_ft
    if high:  # how high it flies, on a label under its disc (004 3-D movement)
        size = pill_size(layout.cell)
        pill(
            im,
            f"{high} ft up",
            size,
            (cx, cy + r * 0.95),
            fill=s.LABEL_BG,
            edge=s.LABEL_EDGE,
            ink=s.LABEL_TEXT,
        )


@lru_cache(maxsize=1024)
def _reach(cell: int, team: str, diameter: int, altitude_ft: int) -> int:
    """How far from its disc's centre ``draw_token`` may draw, in px."""
    ring = ring_width(cell)
    d, _, _ = disc_sizes(diameter, s.TEAM_SHAPE.get(team, ROUND))
    marks = max(10, min(22, round(cell * 0.34)))
    reach = max(diameter / 2 + 2 * ring, d / 2 * 0.72 + marks / 2 + 2, d / 2)
    size = pill_size(cell)
    for text in ("hidden", f"{altitude_ft} ft up"):
        x0, y0, x1, y1 = pill_box(text, size, (0, 0))
        reach = max(reach, -x0, x1, (d / 2 + 2 * ring) + max(-y0, y1))
    return math.ceil(reach) + 2


_last_labels: tuple[object, object, dict[str, str]] | None = None


def labels_of(encounter: Encounter, footprints: Mapping[Size, int]) -> dict[str, str]:
    """``token_labels``, kept for the last board asked (a picture asks three times:
    the layout's phone rule, the tokens, the mover). Read-only."""
    global _last_labels
    last = _last_labels
    if last is not None and last[0] is encounter.tokens and last[1] is footprints:
        return last[2]
    # what the labels depend on: each token's key, name and squares across, in order
    # (a move saves a new board: the same names, labelled again otherwise)
    named = tuple((k, t.name, footprints.get(t.size, 1)) for k, t in encounter.tokens.items())
    labels = _labelled.get(named)
    if labels is None:
        labels = token_labels(encounter, footprints)
        with _labels_lock:
            _labelled[named] = labels
            while len(_labelled) > LABELLED_KEPT:
                _labelled.popitem(last=False)
    _last_labels = (encounter.tokens, footprints, labels)
    return labels


LABELLED_KEPT = 256  # boards' token names, with their labels
_labelled: OrderedDict[tuple[tuple[str, str, int], ...], dict[str, str]] = OrderedDict()
_labels_lock = threading.Lock()


def hidden_mark(im: Image.Image, layout: Layout, disc: Disc) -> None:
    """A hidden token as the GM sees it: a dashed ring round its disc and the word
    "hidden" above it (players' pictures leave the token out altogether)."""
    cx, cy = disc.centre
    ring = ring_width(layout.cell)
    r = disc.diameter / 2 + ring
    box = (cx - r, cy - r, cx + r, cy + r)
    step = 360 / s.HIDDEN_DASHES
    draw = ImageDraw.Draw(im)
    for i in range(s.HIDDEN_DASHES):
        start = i * step
        draw.arc(box, start, start + step / 2, fill=s.HIDDEN_DASH, width=max(2, ring // 2))
    size = pill_size(layout.cell)
    pill(
        im,
        "hidden",
        size,
        (cx, cy - r * 0.95),
        fill=s.LABEL_BG,
        edge=s.HIDDEN_DASH,
        ink=s.LABEL_TEXT,
    )
