"""The area templates a picture draws, worked out for the renderer (issue 41, Layers):
each template's squares and point of origin come from ``encounter_ops/templates.py``,
and ``bot/render/`` is handed them in ``BoardView.areas`` (it asks no rules and no
encounter ops). Pure: worked out on the board pool with the picture."""

from __future__ import annotations

from dataclasses import replace

from bot.encounter import Encounter
from bot.encounter_ops.templates import origin_point, squares_of
from bot.render.view import Area, BoardView


def areas_of(encounter: Encounter, square_ft: int) -> tuple[Area, ...]:
    """Every template of ``encounter`` as a picture draws it, in squares of ``square_ft``."""
    return tuple(
        Area(t, squares_of(encounter, t, square_ft), origin_point(encounter, t, square_ft))
        for t in encounter.templates
    )


def with_areas(encounter: Encounter, view: BoardView) -> BoardView:
    """``view`` with the templates of ``encounter`` to draw, in its squares' feet."""
    return replace(view, areas=areas_of(encounter, view.square_ft))
