"""How a board picture reads on a phone (issue 30; the rule is docs/PICTURES.md).

Discord's mobile app shows a picture scaled to the phone's width, about
``PHONE_WIDTH_PX`` of it at once. Scaled that way, every text the picture prints
(column letters and row numbers, token labels, cost labels, caption lines) must
be at least ``MIN_TEXT_PX`` tall and a square at least ``MIN_SQUARE_PX``.

``texts`` lists every text a picture prints with its font size, worked out from the
same layout and the same functions the drawing uses (not measured off the pixels),
so a test and the layout's windowing read one answer.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.render import caption
from bot.render.layout import Layout, label_size, plan
from bot.render.legend import Key
from bot.render.overlay import cost_label_size, place_cost_labels
from bot.render.tokens import disc_for, disc_label_size, labels_of, pill_size
from bot.render.view import BoardView

PHONE_WIDTH_PX = 360  # the width of the picture a phone shows at once
MIN_TEXT_PX = 9  # the least a text may measure, scaled to that width
MIN_SQUARE_PX = 14  # the least a square may measure, scaled to that width


@dataclass(frozen=True)
class Text:
    """One text a picture prints: what it is ("token Ar", "cost 10 ft", "caption
    line 1", "column letters") and its font size in the picture's px."""

    what: str
    font_px: int


def on_phone(px: float, image_width: int) -> float:
    """``px`` of a picture ``image_width`` wide, as a phone shows it (scaled to its width)."""
    return px * PHONE_WIDTH_PX / max(image_width, PHONE_WIDTH_PX)


def widest_legible(font_px: int, cell_px: int) -> int:
    """The widest picture whose ``font_px`` texts and ``cell_px`` squares still read on a
    phone (never less than the phone's own width: a narrower picture is not enlarged,
    so a text under ``MIN_TEXT_PX`` is no better for a narrower one)."""
    by_text = math.floor(font_px * PHONE_WIDTH_PX / MIN_TEXT_PX)
    by_square = math.floor(cell_px * PHONE_WIDTH_PX / MIN_SQUARE_PX)
    return max(PHONE_WIDTH_PX, min(by_text, by_square))


def phone_width(
    encounter: Encounter,
    footprints: Mapping[Size, int],
    view: BoardView,
    keys: tuple[Key, ...],
) -> PhoneRule:
    """The widest legible picture for each cell size: a function of the cell, for the
    texts a picture of ``view`` prints at that size (its caption of ``keys``, every
    token's label: the window chosen may show any of them)."""
    labels = labels_of(encounter, footprints)
    shared = _shared_squares(encounter, footprints)
    # one of each look (label, size, footprint, sharers, team's shape): what sizes a label
    looks: dict[tuple[str, int, int, int, bool, str], Token] = {}
    for key, token in encounter.tokens.items():
        side = footprints.get(token.size, 1)
        # every token, not only those round the move: a window wide enough for those may
        # show another whose label is smaller (an enemy's square leaves less room)
        count = shared.get(token.cell, 1) if side == 1 and token.size <= Size.TINY else 1
        pills = bool(token.altitude_ft or token.hidden)
        look = (labels[key], int(token.size), side, count, pills, token.team)
        looks.setdefault(look, token)
    costs = view.move is not None and len(view.move.path) > 1
    return PhoneRule(looks, costs, bool(keys))


class PhoneRule:
    """``phone_width``'s answer, a function of the cell size. Equal to (and hashed as)
    another for the same label looks, cost labels and caption: what the answer depends
    on, so the next picture of this board (another move, the board message) reads it
    from the cache, and a layout can keep what it worked out with it."""

    __slots__ = ("_asked", "_costs", "_keys", "_looks")

    def __init__(
        self, looks: Mapping[tuple[str, int, int, int, bool, str], Token], costs: bool, keys: bool
    ) -> None:
        self._looks, self._costs, self._keys = looks, costs, keys
        self._asked = (frozenset(looks), costs, keys)

    def __call__(self, cell: int) -> int:
        return widest_legible(self._least(cell), cell)

    def reads(self, cell: int) -> bool:
        """Whether a picture at ``cell`` px a square can read on a phone at all: every
        text at least ``MIN_TEXT_PX`` and a square ``MIN_SQUARE_PX`` as drawn (scaled
        down further if wider than the phone). Else no width helps (the phone does
        not enlarge a narrower picture), and ``self(cell)`` is the phone's width only."""
        return self._least(cell) >= MIN_TEXT_PX and cell >= MIN_SQUARE_PX

    def _least(self, cell: int) -> int:
        """The smallest font a picture at ``cell`` px a square prints."""
        found = _widest.get((cell, self._asked))
        if found is None:
            found = _least_font(cell, self._looks, self._costs, self._keys)
            with _widest_lock:
                _widest[(cell, self._asked)] = found
                while len(_widest) > WIDEST_CACHE:
                    _widest.popitem(last=False)
        return found

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PhoneRule) and other._asked == self._asked

    def __hash__(self) -> int:
        return hash(self._asked)


WIDEST_CACHE = 4096  # (cell size, a board's label looks) → its least font, kept
_widest: OrderedDict[tuple[int, object], int] = OrderedDict()
_widest_lock = threading.Lock()


def _least_font(
    cell: int, looks: Mapping[tuple[str, int, int, int, bool, str], Token], costs: bool, keys: bool
) -> int:
    probe = Layout(0, 0, 1, 1, cell, 0, 0, label_size(cell), False, 1, 1)
    fonts = [label_size(cell)]
    if costs:
        fonts.append(cost_label_size(cell))
    if keys:
        fonts.append(caption.FONT)
    for (label, _, side, count, pills, _), token in looks.items():
        disc = disc_for(probe, token, token.cell, side, (0, count) if count > 1 else None)
        fonts.append(disc_label_size(label, disc, token.team))
        if pills:
            fonts.append(pill_size(cell))
    return min(fonts)


def texts(
    encounter: Encounter,
    footprints: Mapping[Size, int],
    view: BoardView,
    layout: Layout | None = None,
) -> list[Text]:
    """Every text the picture of ``view`` prints, with its font size."""
    layout = layout or plan(encounter, footprints, view)
    out = [Text("column letters and row numbers", layout.label_size)]
    out += token_texts(encounter, footprints, view, layout)
    move = view.move
    if move is not None:
        side = _side(encounter, footprints, move.mover)
        size = cost_label_size(layout.cell)
        placed = place_cost_labels(
            layout,
            move.path,
            move.costs_ft,
            side,
            units=move.units,
            square_ft=move.square_ft,
        )
        out += [Text(f"cost {text}", size) for text, _ in placed]
    for number, _ in enumerate(caption.lines(layout.keys, layout.width), start=1):
        out.append(Text(f"caption line {number}", caption.FONT))
    return out


def token_texts(
    encounter: Encounter, footprints: Mapping[Size, int], view: BoardView, layout: Layout
) -> list[Text]:
    """The labels on the tokens the window shows (and their altitude or hidden pills)."""
    labels = labels_of(encounter, footprints)
    sharing = _shared_squares(encounter, footprints)
    out: list[Text] = []
    for key, token in encounter.tokens.items():
        side = footprints.get(token.size, 1)
        if not layout.shows(token.cell, side):
            continue
        tiny = side == 1 and token.size <= Size.TINY
        count = sharing.get(token.cell, 1) if tiny else 1
        disc = disc_for(layout, token, token.cell, side, (0, count) if count > 1 else None)
        out.append(Text(f"token {labels[key]}", disc_label_size(labels[key], disc, token.team)))
        if token.altitude_ft or token.hidden:
            out.append(Text(f"token {labels[key]}'s pill", pill_size(layout.cell)))
    return out


def too_small(texts_: list[Text], layout: Layout) -> list[str]:
    """What would not read on a phone: each text under ``MIN_TEXT_PX`` and a square
    under ``MIN_SQUARE_PX`` once the picture is scaled to ``PHONE_WIDTH_PX``."""
    width = layout.width
    out = [
        f"{t.what}: {on_phone(t.font_px, width):.1f} px"
        for t in texts_
        if on_phone(t.font_px, width) < MIN_TEXT_PX
    ]
    square = on_phone(layout.cell, width)
    if square < MIN_SQUARE_PX:
        out.append(f"a square: {square:.1f} px")
    return out


def _shared_squares(encounter: Encounter, footprints: Mapping[Size, int]) -> dict[Cell, int]:
    """How many Tiny creatures stand on each square (they share it, drawn smaller)."""
    sharing: dict[Cell, int] = {}
    for token in encounter.tokens.values():
        if footprints.get(token.size, 1) == 1 and token.size <= Size.TINY:
            sharing[token.cell] = sharing.get(token.cell, 0) + 1
    return sharing


def _touches(cell: Cell, side: int, box: tuple[int, int, int, int]) -> bool:
    return (
        cell.col <= box[2]
        and box[0] <= cell.col + side - 1
        and cell.row <= box[3]
        and box[1] <= cell.row + side - 1
    )


def _side(encounter: Encounter, footprints: Mapping[Size, int], key: str) -> int:
    token = encounter.tokens.get(key)
    return footprints.get(token.size, 1) if token is not None else 1
