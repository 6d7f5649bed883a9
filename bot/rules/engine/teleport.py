"""Where a teleport lands: the space asked for, or the nearest one it may take.

Shared by the rulesets that have teleporting (5e-alt's 000 Teleport, epic-path's
004 Blocked Terrain); each says which spaces count (``fits``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.encounter import Token
from bot.errors import InvalidInput
from bot.grid.coords import Cell
from bot.grid.geometry import chebyshev
from bot.rules.engine.board import Allowance, Board
from bot.rules.engine.moves import MoveRequest
from bot.rules.engine.steps import blocks, straddled
from bot.rules.rulings import Note


def teleport_allowance(
    token: Token, request: MoveRequest, sections: tuple[str, ...], note: Note
) -> Allowance:
    """A teleport: straight to its square (no via:, no action:), crossing nothing, so
    it spends no movement and provokes nothing; where it lands is ``arrival``'s."""
    if request.action not in (None, "move"):
        raise InvalidInput("Teleporting is its own way of moving: leave out action:.")
    if request.via:
        raise InvalidInput("A teleport goes straight to its square: leave out via:.")
    if request.to is None:
        raise InvalidInput("Say where to: to:<square>.")
    activity = token.activity
    return Allowance(
        "teleport",
        "teleport",
        0.0,
        replace(activity, actions=(*activity.actions, "teleport")),
        sections,
        crosses=False,
        provokes=False,
        notes=(note,),
    )


def open_space(board: Board, anchor: Cell) -> bool:
    """The mover's footprint at ``anchor`` is on the map, in no blocked square, across
    no wall or closed door (no footprint fills a space across one, docs/RULINGS.md)
    and shares no other creature's space."""
    cells = board.cells(anchor)
    return (
        all(board.on_map(c) and not blocks(board.terrain(c), "fly") for c in cells)
        and not board.others_in(cells)
        and not straddled(board, anchor)
    )


def nearest_space(
    board: Board, token: Token, goal: Cell, fits: Callable[[Cell], bool]
) -> Cell | None:
    """The space nearest ``goal`` (squares counted as a king moves, then top to bottom,
    left to right) where ``fits`` holds; the token's own space always fits."""
    encounter = board.encounter
    candidates = [
        Cell(c, r)
        for c in range(encounter.width)
        for r in range(encounter.height)
        if Cell(c, r) == token.cell or fits(Cell(c, r))
    ]
    if not candidates:
        return None
    return min(candidates, key=lambda c: (chebyshev(c, goal), c.row, c.col))
