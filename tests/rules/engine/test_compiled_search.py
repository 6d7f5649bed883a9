"""The compiled step tables (bot.rules.engine.compiled) cost every step as the rules
do: on random maps for every ruleset, a search over the tables finds the same
cheapest costs as the reference search asking the ruleset's step function step by
step (terrain of every kind, darkness, walls, low walls and doors between squares,
creatures of every team and size, a Large mover, fly and swim, prone, the actions
that refuse what hampers). The rules themselves are each seed's (000-004) and the
SRDs' step costs, read through the same ``Stepper``.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bot.encounter import Encounter, Token
from bot.errors import RulingError
from bot.grid.coords import Cell
from bot.grid.search import SearchTooLarge, cheapest_path, reachable
from bot.grid.sizes import Size
from bot.grid.terrain import Barrier, Terrain
from bot.rules import get_ruleset, identities, rulesets
from bot.rules.engine.board import Board, StepContext
from bot.rules.engine.compiled import CompiledStep
from bot.rules.engine.moves import MoveRequest
from bot.rules.engine.search import Unhampered

SIDE = 7
RULESETS = tuple(identities())
# what a move may be asked to be, from each ruleset's own actions: all but those that
# are no search of the board to a goal (standing, dropping prone, a bull rush's push)
NOT_SEARCHED = frozenset({"stand", "drop-prone", "bull-rush"})
ACTIONS = {
    ruleset: tuple(a for a in rules.economy.actions if a not in NOT_SEARCHED)
    for ruleset, rules in rulesets().items()
}
cells = st.builds(Cell, st.integers(0, SIDE - 1), st.integers(0, SIDE - 1))


@st.composite
def worlds(draw: st.DrawFn, ruleset: str) -> tuple[Encounter, str, str, Cell]:
    kinds = st.sampled_from([Terrain.CLEAR] * 8 + list(Terrain))
    terrain = {
        Cell(c, r): k
        for c in range(SIDE)
        for r in range(SIDE)
        if (k := draw(kinds)) is not Terrain.CLEAR
    }
    diagonal = draw(st.sampled_from(get_ruleset(ruleset).diagonal_rules or ("5",)))
    e = Encounter(SIDE, SIDE, ruleset, "gm", terrain=terrain, options={"diagonals": diagonal})
    e = e.in_dark(draw(st.lists(cells, max_size=6)), True)
    for a in draw(st.lists(cells, max_size=5)):
        b = Cell(a.col + draw(st.sampled_from((0, 1))), a.row)
        b = b if b != a else Cell(a.col, a.row + 1)
        if b.col < SIDE and b.row < SIDE:
            e = e.with_barriers([(a, b) if a < b else (b, a)], draw(st.sampled_from(list(Barrier))))
    size = draw(st.sampled_from((Size.MEDIUM, Size.MEDIUM, Size.SMALL, Size.LARGE)))
    start = draw(cells)
    conditions = draw(st.sampled_from((frozenset(), frozenset({"prone"}))))
    speeds = draw(st.sampled_from(({}, {"fly": 30}, {"swim": 20}, {"climb": 15})))
    speed = 120 if ruleset == "becmi" else draw(st.sampled_from((20, 30, 40)))
    e = e.with_token(
        Token(
            "Mover",
            start,
            size=size,
            team="party",
            speed_ft=speed,
            speeds_ft=speeds,
            conditions=conditions,
        )
    )
    for i in range(draw(st.integers(0, 4))):
        cell = draw(cells)
        team = draw(st.sampled_from(("party", "enemy", "neutral")))
        other = draw(st.sampled_from((Size.TINY, Size.MEDIUM, Size.LARGE)))
        e = e.with_token(Token(f"Other {i}", cell, size=other, team=team))
    action = draw(st.sampled_from(ACTIONS[ruleset]))
    mode = draw(st.sampled_from(("walk", *speeds)))
    return e, action, mode, draw(cells)


def contexts(ruleset: str, world: tuple[Encounter, str, str, Cell]) -> tuple[object, StepContext]:
    encounter, action, mode, goal = world
    rules = get_ruleset(ruleset).for_encounter(encounter)
    token = encounter.token("Mover")
    movement = rules.sheet.token_movement(token)
    try:
        allowance = rules.economy.allowance(
            encounter, token, MoveRequest("Mover", to=goal, action=action, mode=mode), movement
        )
    except RulingError:
        assume(False)
        raise
    board = Board.of(encounter, token, rules.footprint_squares)
    return rules, StepContext(board, movement, allowance, stood=False)


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(data=st.data())
def test_compiled_tables_cost_every_step_as_the_rules_do(ruleset: str, data: st.DataObject) -> None:
    """Reach (every square's cheapest cost) and the cheapest path to a goal, both
    ways: the same squares, the same costs, the same path found or not."""
    world = data.draw(worlds(ruleset))
    rules, ctx = contexts(ruleset, world)
    goal = world[3]
    token = ctx.board.mover
    unhampered = ctx.allowance.limits.unhampered
    budget = max(ctx.allowance.available_ft, 5.0)
    diag = ctx.allowance.activity.diagonals
    parity = rules.diagonal_parity  # type: ignore[attr-defined]

    def reference() -> Unhampered | object:
        step = rules.stepper(ctx)  # type: ignore[attr-defined]
        return Unhampered(step) if unhampered else step

    def compiled() -> CompiledStep:
        step = rules.stepper(ctx)  # type: ignore[attr-defined]
        outer = Unhampered(step) if unhampered else step
        return CompiledStep(rules, ctx, outer, unhampered=unhampered)  # type: ignore[arg-type]

    for budget_ft in (budget, 3 * budget):
        slow = reachable(
            token.cell,
            reference(),
            budget_ft=budget_ft,
            diagonals=diag,  # type: ignore[arg-type]
            parity=parity,
        )
        fast = reachable(token.cell, compiled(), budget_ft=budget_ft, diagonals=diag, parity=parity)
        assert fast == pytest.approx(slow)
        assert list(fast) == list(slow)
        floor = rules.steps.min_step_ft(ctx)
        try:
            want = cheapest_path(
                token.cell,
                goal,
                reference(),
                budget_ft=budget_ft,  # type: ignore[arg-type]
                min_step_ft=floor,
                diagonals=diag,
                parity=parity,
            )
        except SearchTooLarge:
            continue
        got = cheapest_path(
            token.cell,
            goal,
            compiled(),
            budget_ft=budget_ft,
            min_step_ft=floor,
            diagonals=diag,
            parity=parity,
        )
        assert (got is None) == (want is None)
        if got is not None and want is not None:
            assert got.cost_ft == pytest.approx(want.cost_ft)
            assert sum(e.cost_ft for e in got.edges) == pytest.approx(got.cost_ft)
            assert len(got.cells) == len(want.cells)


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(data=st.data())
def test_a_refusal_reads_the_same_reasons_from_compiled_tables(
    ruleset: str, data: st.DataObject
) -> None:
    """What a search passed up is worded as the step-by-step search words it: the
    reason a goal square can't be entered, for the refusal's explanation."""
    world = data.draw(worlds(ruleset))
    rules, ctx = contexts(ruleset, world)
    goal = world[3]
    token = ctx.board.mover
    floor = rules.steps.min_step_ft(ctx)
    parity = rules.diagonal_parity  # type: ignore[attr-defined]
    slow = rules.stepper(ctx)  # type: ignore[attr-defined]
    fast = CompiledStep(rules, ctx, rules.stepper(ctx), unhampered=False)  # type: ignore[arg-type]
    budget = 2 * max(ctx.allowance.available_ft, 5.0)
    want = cheapest_path(token.cell, goal, slow, budget_ft=budget, min_step_ft=floor, parity=parity)
    got = cheapest_path(token.cell, goal, fast, budget_ft=budget, min_step_ft=floor, parity=parity)
    assert (got is None) == (want is None)
    if want is None:
        assert fast.why_not.get(goal) == slow.why_not.get(goal)
