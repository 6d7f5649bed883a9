"""The board message's pictures: every token in one of them (issue 40).

One picture of a wide map at a phone's width holds one side of a fight (the party on
their turn, the enemies after a scene loads). The board message shows the window it
always did, then a window round the tokens no earlier picture holds whole, chosen as
the first was (``layout.plan`` with ``BoardView.around``: the tokens' region, else
the window holding the most of them), and so on: each picture keeps to the phone
rule, and together they show every token the table may see, up to ``MAX_PICTURES``.
A token past those is listed by the caller (``Cover.left``), never dropped.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.encounter import Encounter
from bot.grid.sizes import Size
from bot.render.layout import Layout, plan
from bot.render.region import inside, token_box
from bot.render.view import BoardView

# A phone scrolls past four pictures; Discord would take ten to a message.
MAX_PICTURES = 4


@dataclass(frozen=True)
class Cover:
    """The pictures' views, the first as asked, each with its layout and the keys of the
    tokens it is the first to hold whole; and the keys of the tokens no picture holds
    whole (past ``MAX_PICTURES``), in token order."""

    views: tuple[BoardView, ...]
    layouts: tuple[Layout, ...]
    firsts: tuple[tuple[str, ...], ...]
    left: tuple[str, ...]


def cover(encounter: Encounter, footprints: Mapping[Size, int], view: BoardView) -> Cover:
    """``view``, then as few more pictures as it takes for every token of ``encounter``
    to be whole in one of them (``MAX_PICTURES`` at most)."""
    views, layouts = [view], [plan(encounter, footprints, view)]
    every = list(encounter.tokens)
    left = _outside(encounter, footprints, layouts[0], every)
    firsts = [tuple(k for k in every if k not in left)]
    while left and len(views) < MAX_PICTURES:
        more = BoardView(around=frozenset(left))
        layout = plan(encounter, footprints, more)
        still = _outside(encounter, footprints, layout, left)
        if len(still) == len(left):  # holds none of them (cannot happen: kept safe)
            break
        views.append(more)
        layouts.append(layout)
        firsts.append(tuple(k for k in left if k not in still))
        left = still
    return Cover(tuple(views), tuple(layouts), tuple(firsts), tuple(left))


def _outside(
    encounter: Encounter, footprints: Mapping[Size, int], layout: Layout, keys: list[str]
) -> list[str]:
    """The tokens of ``keys`` the picture of ``layout`` does not hold whole."""
    window = (layout.x0, layout.y0, layout.x0 + layout.cols - 1, layout.y0 + layout.rows - 1)
    out = []
    for key in keys:
        token = encounter.tokens[key]
        if not inside(token_box(token.cell, footprints.get(token.size, 1)), window):
            out.append(key)
    return out
