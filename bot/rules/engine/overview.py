"""What the board shows about movement: threatened squares, a token's reach, and where
a token can still end a move (the speed bands)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.encounter import Condition, Encounter
from bot.errors import RulingError
from bot.grid.coords import Cell
from bot.grid.search import reachable
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.attacks import sees_no_one
from bot.rules.engine.band_flood import band_flood
from bot.rules.engine.board import HOSTILE, Allowance, Board, StepContext
from bot.rules.engine.compiled import CompiledStep
from bot.rules.engine.moves import MoveRequest

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset


# ------------------------------------------------------------- what the board shows


def threat_squares(rules: Ruleset, encounter: Encounter, against: str = "party") -> frozenset[Cell]:
    """Squares threatened (or within reach) of the creatures hostile to team ``against``,
    on the ground: a flyer too high to reach the ground threatens none of them. A square
    no creature can be in (a wall, a pillar: ``Terrain.holds_no_one``) is never one: no
    one there to threaten, and /map's count of them would be padded (issue 40). Where an
    opportunity attack needs sight (``Ruleset.sight_rule``), a blinded creature without
    blindsight threatens none (issue 41)."""
    squares: set[Cell] = set()
    everywhere = encounter.width * encounter.height
    for token in encounter.tokens.values():
        if frozenset({token.team, against}) not in HOSTILE:
            continue
        if token.has(Condition.INCAPACITATED) or sees_no_one(rules.sight_rule, token):
            continue
        squares |= token_reach(rules, encounter, token.name)
        if len(squares) >= everywhere:
            break  # the whole map: no one else can add a square
    return frozenset(squares).difference(
        cell for cell, kind in encounter.terrain.items() if kind.holds_no_one
    )


def token_reach(rules: Ruleset, encounter: Encounter, name: str) -> frozenset[Cell]:
    """The ground squares ``name`` reaches: none for a flyer too high to reach a creature
    standing there (004: reach counts cubes, "including the one above your head")."""
    from bot.rules.engine.altitude import reaches_the_ground

    token = encounter.token(name)
    if not reaches_the_ground(rules, token, rules.reach.reach_ft(token)):
        return frozenset()
    return rules.reach.threatened(Board.of(encounter, token, rules.footprint_squares), token)


def speed_bands(
    rules: Ruleset, encounter: Encounter, name: str, mode: str | None = None
) -> tuple[frozenset[Cell], frozenset[Cell]]:
    """Where the token can still end a move: with what this action leaves, and with the
    ruleset's next bigger action (dash, double move, run). Empty where it can't move;
    the second is empty once the token has taken that action this turn.
    A flyer in the air (or one that just flew) flies: its bands are its flight's."""
    from bot.rules.engine.altitude import altitude

    token = encounter.token(name)
    flying = token.speeds_ft.get("fly", 0) > 0 and (altitude(token) > 0 or mode == "fly")
    mode = "fly" if flying else None
    bands: list[frozenset[Cell]] = []
    movement = rules.sheet.token_movement(token)
    board = Board.of(encounter, token, rules.footprint_squares)
    checks: dict[tuple[Cell, Cell, str, bool], tuple[str, bool, int]] = {}  # shared by both
    spent = rules.economy.band_action in token.activity.actions  # no second dash drawn (issue 30)
    for choices in ((None,), () if spent else (rules.economy.band_action, "move")):
        allowance: Allowance | None = None
        for action in choices:
            try:
                asked = MoveAction(action) if action else None
                request = MoveRequest(token.name, to=token.cell, action=asked, mode=mode)
                allowance = rules.economy.allowance(encounter, token, request, movement)
                break
            except RulingError:
                continue
        if allowance is None:
            bands.append(frozenset())
            continue
        if choices == (None,) and token.activity.actions:
            allowance = replace(allowance, available_ft=token.activity.left_ft)
        ctx = StepContext(board, movement, allowance, stood=False, checks=checks)
        costs = band_costs(rules, ctx, allowance.available_ft)
        bands.append(frozenset(may_end_on(rules, ctx, costs)))
    now, more = bands
    return now, more - now


def may_end_on(rules: Ruleset, ctx: StepContext, anchors: Iterable[Cell]) -> list[Cell]:
    """The ``anchors`` the mover may end its move on (``Ruleset.end_problem`` says ""),
    in their order. Only where another creature stands can a square say no (the
    contract of ``end_problem``, checked over every ruleset by a property test), so
    the rules are asked about those squares alone: a band floods hundreds of squares
    and a handful hold someone."""
    board = ctx.board
    crowded = board.occupants
    if board.side == 1:
        return [c for c in anchors if c not in crowded or not rules.end_problem(ctx, c)]
    return [
        c
        for c in anchors
        if not any(cell in crowded for cell in board.cells(c)) or not rules.end_problem(ctx, c)
    ]


def band_costs(rules: Ruleset, ctx: StepContext, budget_ft: float) -> dict[Cell, float]:
    """What every square the mover can reach within ``budget_ft`` costs it (flooded in
    whole units where the table allows: ``engine/band_flood.py``, the same result)."""
    start, diagonals = ctx.board.mover.cell, ctx.allowance.activity.diagonals
    step = CompiledStep(rules, ctx, rules.stepper(ctx), unhampered=False)
    if step.parity == rules.diagonal_parity:
        found = band_flood(step, start, budget_ft=budget_ft, diagonals=diagonals)
        if found is not None:
            return found
    return reachable(
        start, step, budget_ft=budget_ft, diagonals=diagonals, parity=rules.diagonal_parity
    )
