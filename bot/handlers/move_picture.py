"""What a /move's picture shows: the path with its running costs, who it provoked,
where the token can still go this turn (the speed bands) and its earlier legs.
``handlers.board.render_move`` draws it."""

from __future__ import annotations

from bot.grid.coords import Cell
from bot.handlers.encounter_common import ruleset_of
from bot.render.board import BoardView, MoveOverlay
from bot.rules.moving import MoveResult, speed_bands


def move_view(result: MoveResult, table_units: str = "feet") -> BoardView:
    """A /move's picture: the path with running costs (in the units the table reads,
    /settings units:), who it provoked, and where the token can still go this turn
    (two bands)."""
    encounter = result.encounter
    costs = [0.0, *(step.total_ft for step in result.steps)]
    if len(costs) != len(result.path):
        costs = [0.0] * len(result.path)
    rules = ruleset_of(encounter).for_encounter(encounter)
    if result.mode == "forced":
        now: frozenset[Cell] = frozenset()
        more: frozenset[Cell] = frozenset()
    else:
        now, more = speed_bands(rules, encounter, result.token.name, result.mode)
    overlay = MoveOverlay(
        path=result.path,
        costs_ft=tuple(costs),
        mover=result.token.key,
        provoked_at=tuple(result.provoked_at.values()),
        reach_now=now,
        reach_more=more,
        forced=result.mode == "forced",
        teleport=result.mode == "teleport",
        more_action=rules.economy.band_action,
        units=table_units,
        square_ft=rules.square_ft,
        over_pits=result.mode == "fly",
        earlier=earlier_legs(result),
    )
    return BoardView(move=overlay)


def earlier_legs(result: MoveResult) -> tuple[tuple[Cell, ...], ...]:
    """The mover's legs of movement this turn before this one (this one, when the
    rules kept it, is the last of them); none when it moves outside its own turn (a
    shove, a readied move): its legs are of a turn already over."""
    acting = result.encounter.acting
    if result.mode == "forced" or (acting is not None and acting.key != result.token.key):
        return ()
    legs = result.token.activity.legs
    if legs and legs[-1] == result.path:
        legs = legs[:-1]
    return legs
