"""Stages 1 and 2 of one /move (``engine/pipeline.py``): the request checked (its
waypoints, its change of altitude, a way through opponents' spaces) and the ruleset's
allowance for its action, as the ``MovePlan`` the later stages read. Pure: no Discord,
no database.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.encounter import Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.rules.engine.altitude import MAX_ALTITUDE_FT, altitude
from bot.rules.engine.board import MAX_WAYPOINTS, Allowance, Board, Stance, StepContext
from bot.rules.engine.moves import MoveRequest
from bot.rules.engine.plan import MovePlan
from bot.units import feet

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset


def plan_of(
    rules: Ruleset,
    encounter: Encounter,
    token: Token,
    request: MoveRequest,
    budget_cap_ft: float | None,
    dragging: str = "",
) -> MovePlan:
    """Parse the request and ask the ruleset what the action allows."""
    movement = rules.sheet.token_movement(token)
    allowance = rules.economy.allowance(encounter, token, request, movement)
    if budget_cap_ft is not None and budget_cap_ft < allowance.available_ft:
        allowance = replace(allowance, available_ft=budget_cap_ft)
    if dragging:
        allowance = replace(allowance, stance=replace(allowance.stance, dragging=dragging))
    if request.through:
        allowance = _through(rules, token, request.through, allowance)
    board = Board.of(encounter, token, rules.footprint_squares)
    if request.up_ft:  # where it starts and ends in the air (checked by _climb)
        high = altitude(token)
        board = replace(board, heights_ft=(high, high + request.up_ft))
    ctx = StepContext(board, movement, allowance, stood=allowance.stance.stand_up)
    targets = _targets(board, token, request, allowance.stance)
    climb = _climb(rules, token, request, allowance)
    return MovePlan(rules, ctx, token, request, targets, climb_ft=climb)


def _climb(rules: Ruleset, token: Token, request: MoveRequest, allowance: Allowance) -> float:
    """What the change of altitude costs before the path is known (all of it, except
    under cubes, where it depends on the squares crossed), checked: only a flyer moves
    in the air (004 Three Dimensional Movement; 000 Fly)."""
    up, high = request.up_ft, altitude(token)
    if not up and not high:
        return 0.0
    if allowance.crosses and allowance.mode != "fly":
        where = f"{token.name} is {feet(high)} up" if high else "Changing altitude"
        raise IllegalMove(
            f"{where}: it moves in the air by flying (mode:fly); a creature that stops "
            "flying falls (/fall)."
        )
    if high + up < 0:
        raise InvalidInput(
            f"down: {token.name} is {feet(high)} up: it can't go lower than the ground."
        )
    if high + up > MAX_ALTITUDE_FT:
        raise InvalidInput(f"up: at most {MAX_ALTITUDE_FT:,} ft above the board.")
    if up and not allowance.crosses:
        return 0.0  # a teleport arrives at the height it names
    if rules.vertical.cost == "cubes":
        return 0.0
    return rules.steps.climb_cost_ft(token, 0, up)


def _through(rules: Ruleset, token: Token, kind: str, allowance: Allowance) -> Allowance:
    """The allowance letting the path pass opponents' spaces (overrun, tumble), checked
    against the ruleset's rule for ``kind``."""
    rule = rules.through_rule(kind)
    if rule is None:
        ways = ", ".join(r.kind for r in rules.moving_through)
        raise InvalidInput(
            f"through:{kind} isn't in {rules.name}'s movement rules"
            + (
                f" (it has: {ways})."
                if ways
                else ": moving through an opponent's space is the GM's call there."
            )
        )
    if allowance.action not in rule.actions:
        raise InvalidInput(
            f"through:{kind} goes with action:{' or '.join(rule.actions)}, not {allowance.action}."
        )
    if allowance.mode != "walk":
        raise InvalidInput(f"through:{kind} is made on foot: leave out mode:.")
    return replace(allowance, stance=replace(allowance.stance, through=kind))


def _targets(board: Board, token: Token, request: MoveRequest, stance: Stance) -> list[Cell]:
    """The waypoints and the end, checked; none for a token that stays put."""
    staying = request.to == token.cell and not request.via and request.jump is None
    if request.up_ft and (request.to is None or staying):
        return []  # straight up or down
    if request.to is None or staying:
        if stance.stand_up or stance.drop_prone:
            return []
        if staying:
            raise InvalidInput(
                f"{token.name} is already at {token.cell}: give to: another square "
                "(nothing was spent)."
            )
        raise InvalidInput("Say where to: to:<square>, e.g. to:D4.")
    if len(request.via) > MAX_WAYPOINTS:
        raise InvalidInput(f"At most {MAX_WAYPOINTS} waypoints (via:), please.")
    targets = [*request.via, request.to]
    for cell in targets:
        if not board.on_map(cell):
            encounter = board.encounter
            raise InvalidInput(
                f"{cell} is off the map: it runs from A1 to "
                f"{Cell(encounter.width - 1, encounter.height - 1)}."
            )
    return targets
