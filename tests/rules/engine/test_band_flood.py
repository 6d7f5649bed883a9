"""The bands' flood in whole units (``engine/band_flood.py``) is ``reachable`` over the
compiled tables, square for square, cost for cost and in the same order, in every
ruleset of the registry; and so are the bands flooded on later boards of the same map
where the creatures have moved (the steps near a creature are then read from another
square or board where the squares read held the same values: ``TerrainSteps.alike``)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.search import reachable
from bot.grid.terrain import Barrier, Terrain
from bot.rules import get_ruleset
from bot.rules.engine.band_flood import band_flood
from bot.rules.engine.board import Board, StepContext
from bot.rules.engine.compiled import CompiledStep
from bot.rules.engine.moves import MoveRequest
from bot.rules.engine.overview import band_costs
from tests.rules.engine.test_compiled_search import RULESETS, cells, contexts, worlds


def floods(rules: object, ctx: StepContext, budget_ft: float) -> tuple[dict[Cell, float], ...]:
    """The band's costs, the compiled flood's and the reference flood's (the rules asked
    step by step)."""
    start, diagonals = ctx.board.mover.cell, ctx.allowance.activity.diagonals
    parity = rules.diagonal_parity  # type: ignore[attr-defined]
    compiled = CompiledStep(rules, ctx, rules.stepper(ctx), unhampered=False)  # type: ignore[arg-type, attr-defined]
    return (
        band_costs(rules, ctx, budget_ft),  # type: ignore[arg-type]
        reachable(start, compiled, budget_ft=budget_ft, diagonals=diagonals, parity=parity),
        reachable(
            start,
            rules.stepper(ctx),  # type: ignore[attr-defined]
            budget_ft=budget_ft,
            diagonals=diagonals,
            parity=parity,
        ),
    )


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(data=st.data())
def test_the_bands_flood_is_reachable_over_the_tables(ruleset: str, data: st.DataObject) -> None:
    encounter, action, mode, goal = data.draw(worlds(ruleset))
    others = [k for k in encounter.tokens if k != "mover"]
    for board in range(3):  # the board, then the creatures moved: later boards of its map
        if board and others:
            moved = encounter.token(data.draw(st.sampled_from(others)))
            encounter = encounter.with_token(replace(moved, cell=data.draw(cells)))
        rules, ctx = contexts(ruleset, (encounter, action, mode, goal))
        for budget_ft in (ctx.allowance.available_ft, 2 * ctx.allowance.available_ft):
            band, compiled, reference = floods(rules, ctx, budget_ft)
            assert band == compiled
            assert list(band) == list(compiled)
            assert band == pytest.approx(reference)
            assert list(band) == list(reference)


def test_a_d20_band_floods_in_whole_units() -> None:
    """On a 3.5 board (5-10 diagonals, difficult terrain, a wall, a door, creatures of
    both teams) the band's flood runs in units, not in ``reachable``, with the very same
    squares, costs and order, and again on a board where a creature moved."""
    terrain = {Cell(4, r): Terrain.WALL for r in range(2, 7)} | {Cell(2, 2): Terrain.DIFFICULT}
    encounter = Encounter(12, 12, "3.5", "gm", terrain=terrain)
    encounter = encounter.with_barriers([(Cell(6, 6), Cell(7, 6))], Barrier.DOOR)
    encounter = encounter.with_token(Token("Hero", Cell(5, 5), team="party", speed_ft=30))
    encounter = encounter.with_token(Token("Orc", Cell(7, 4), team="enemy"))
    encounter = encounter.with_token(Token("Ally", Cell(3, 8), team="party"))
    for orc in (Cell(7, 4), Cell(7, 7), Cell(1, 1)):
        board_of = encounter.with_token(replace(encounter.token("Orc"), cell=orc))
        rules = get_ruleset("3.5").for_encounter(board_of)
        hero = board_of.token("Hero")
        movement = rules.sheet.token_movement(hero)
        request = MoveRequest("Hero", to=hero.cell, action="double")
        allowance = rules.economy.allowance(board_of, hero, request, movement)
        board = Board.of(board_of, hero, rules.footprint_squares)
        ctx = StepContext(board, movement, allowance, stood=False)
        step = CompiledStep(rules, ctx, rules.stepper(ctx), unhampered=False)
        fast = band_flood(step, hero.cell, budget_ft=60.0, diagonals=0)
        assert fast is not None
        _, compiled, _ = floods(rules, ctx, 60.0)
        assert fast == compiled
        assert list(fast) == list(compiled)


@pytest.mark.parametrize("ruleset", ["3.5", "5e", "becmi"])
@pytest.mark.parametrize("at", [Cell(0, 0), Cell(20, 20), Cell(39, 39), Cell(38, 5), Cell(3, 30)])
def test_a_band_on_a_big_map_floods_its_own_corner(ruleset: str, at: Cell) -> None:
    """On a map far wider than the band, the flood keeps its costs for the columns it can
    reach alone (counted from the first of them): the same squares, costs and order, at
    the map's edges and corners as in the middle."""
    terrain = {Cell(c, (c * 7) % 40): Terrain.DIFFICULT for c in range(40)}
    terrain |= {Cell(c, 22): Terrain.WALL for c in range(15, 26)}
    encounter = Encounter(40, 40, ruleset, "gm", terrain=terrain)
    encounter = encounter.with_token(Token("Hero", at, team="party", speed_ft=30))
    encounter = encounter.with_token(Token("Orc", Cell(at.col, (at.row + 2) % 40), team="enemy"))
    rules = get_ruleset(ruleset).for_encounter(encounter)
    hero = encounter.token("Hero")
    movement = rules.sheet.token_movement(hero)
    allowance = rules.economy.allowance(encounter, hero, MoveRequest("Hero", to=at), movement)
    ctx = StepContext(
        Board.of(encounter, hero, rules.footprint_squares), movement, allowance, stood=False
    )
    for budget_ft in (15.0, 30.0, 60.0):
        step = CompiledStep(rules, ctx, rules.stepper(ctx), unhampered=False)
        assert band_flood(step, at, budget_ft=budget_ft, diagonals=0) is not None  # in units
        band, compiled, reference = floods(rules, ctx, budget_ft)
        assert band == compiled
        assert list(band) == list(compiled)
        assert band == pytest.approx(reference)
