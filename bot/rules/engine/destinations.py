"""Where a token can end a move now, with what each square costs: what /move's to:
offers as the user types, cheapest first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.encounter import Encounter
from bot.errors import RulingError
from bot.grid.coords import Cell
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.board import Board, StepContext
from bot.rules.engine.moves import MoveRequest
from bot.rules.engine.overview import band_costs, may_end_on

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset


def destinations(
    rules: Ruleset,
    encounter: Encounter,
    name: str,
    *,
    action: MoveAction | None = None,
    bonus: MoveAction | None = None,
    mode: str | None = None,
) -> list[tuple[Cell, float]]:
    """The squares ``name`` may end its move on with the action it is taking (a plain
    move when none yet; ``action`` and ``bonus``: the ones about to be taken, as the
    mover's Dash buttons say), with their cost, cheapest first. A flyer in the air
    flies (as ``speed_bands`` draws it); ``mode`` "fly" asks for a flight from the
    ground. Suggestions: /move checks the square again when it is sent. Empty when it
    can't move now."""
    from bot.rules.engine.altitude import altitude

    token = encounter.token(name)
    movement = rules.sheet.token_movement(token)
    if token.speeds_ft.get("fly", 0) > 0 and altitude(token) > 0:
        mode = "fly"
    try:
        request = MoveRequest(token.name, to=token.cell, action=action, bonus=bonus, mode=mode)
        allowance = rules.economy.allowance(encounter, token, request, movement)
    except RulingError:
        return []
    taking = action is not None or bonus is not None
    budget = (
        token.activity.left_ft if token.activity.actions and not taking else allowance.available_ft
    )
    board = Board.of(encounter, token, rules.footprint_squares)
    ctx = StepContext(board, movement, allowance, stood=False, checks={})
    costs = band_costs(rules, ctx, budget)
    ending = may_end_on(rules, ctx, (cell for cell in costs if cell != token.cell))
    found = [(cell, costs[cell]) for cell in ending]
    return sorted(found, key=lambda pair: (pair[1], pair[0].row, pair[0].col))
