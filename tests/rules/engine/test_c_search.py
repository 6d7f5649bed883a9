"""The lean stage of a long search in C (``engine/c_search.py``) against the Python one
it stands in for: the same states on a cheapest path, so the same path, cost and
refusals; the same cap on squares expanded; and the reference search's cost."""

from __future__ import annotations

from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.maps import maze, random_terrain
from bot.encounter import Encounter, Token
from bot.grid.cheapest_states import cheapest_states
from bot.grid.coords import Cell
from bot.grid.paths import Found
from bot.grid.search import SearchTooLarge, cheapest_path
from bot.rules.engine import c_search
from bot.rules.engine.compiled import CompiledStep
from bot.rules.engine.search import step_for
from tests.rules.engine.test_compiled_search import RULESETS, contexts, worlds


def _search(
    rules: object, ctx: object, start: Cell, goal: Cell, budget: float, max_nodes: int, *, c: bool
) -> Found | str | None:
    """The cheapest path, its lean stage in C past the first state (``c``) or in Python."""
    probe = (lambda self: 0) if c else (lambda self: None)
    with patch.object(CompiledStep, "lean_probe", probe):
        step = step_for(rules, ctx)  # type: ignore[arg-type]
        try:
            return cheapest_path(
                start,
                goal,
                step,
                budget_ft=budget,
                min_step_ft=rules.steps.min_step_ft(ctx),
                parity=rules.diagonal_parity,  # type: ignore[attr-defined]
                max_nodes=max_nodes,
            )
        except SearchTooLarge:
            return "too large"


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(data=st.data())
def test_the_search_in_c_finds_the_same_path_as_in_python(
    ruleset: str, data: st.DataObject
) -> None:
    world = data.draw(worlds(ruleset))
    rules, ctx = contexts(ruleset, world)
    start, goal = world[0].token("Mover").cell, world[3]
    budget = data.draw(st.sampled_from((15.0, 30.0, 60.0, 1e9)))
    max_nodes = data.draw(st.sampled_from((3, 10, 25, 40_000)))
    python = _search(rules, ctx, start, goal, budget, max_nodes, c=False)
    in_c = _search(rules, ctx, start, goal, budget, max_nodes, c=True)
    assert in_c == python  # path, steps as worded, cost, diagonals; None; the cap


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    side=st.integers(8, 30),
    kind=st.sampled_from(("random", "maze")),
    ruleset=st.sampled_from(("3.5", "5e", "epic-path")),
    max_nodes=st.sampled_from((50, 200, 1_000, 40_000)),
)
def test_the_states_on_a_cheapest_path_are_the_same_in_c(
    seed: int, side: int, kind: str, ruleset: str, max_nodes: int
) -> None:
    """On flooding maps (where C takes over) the lean stage's answer itself: the same
    states, None, or the cap, whenever C decides (and it decides most searches)."""
    terrain = random_terrain(side, seed) if kind == "random" else maze(side, seed)
    encounter = Encounter(side, side, ruleset, "gm", terrain=terrain).with_token(
        Token("Mover", Cell(0, 0), team="party", speed_ft=30)
    )
    goal = Cell(side - 1, side - 1)
    rules, ctx = contexts(ruleset, (encounter, "move", "walk", goal))
    step = step_for(rules, ctx)  # type: ignore[arg-type]
    first, last = step.index(Cell(0, 0)), step.index(goal)
    assert first is not None and last is not None

    def lean(in_c: bool) -> set[int] | str | None:
        try:
            if in_c:
                return step.states_in_c(
                    first * 2, last, goal, limit=1e9, spent_ft=0.0, max_nodes=max_nodes
                )
            return cheapest_states(
                step,
                first * 2,
                last,
                goal,
                limit=1e9,
                spent_ft=0.0,
                diagonals=0,
                allowed=None,
                max_nodes=max_nodes,
            )
        except SearchTooLarge:
            return "too large"

    try:
        in_c = lean(True)
    except c_search.NotInC:
        return  # too close to the cap to tell without the Python search's order
    assert in_c == lean(False)


def test_a_maze_is_searched_in_c_with_the_same_path() -> None:
    """Not vacuous: on a maze the C stage answers (no fallback) and the path is the one
    the Python search finds."""
    side = 41
    encounter = Encounter(side, side, "3.5", "gm", terrain=maze(side)).with_token(
        Token("Mover", Cell(0, 0), team="party", speed_ft=30)
    )
    goal = Cell(side - 1, side - 1)
    rules, ctx = contexts("3.5", (encounter, "move", "walk", goal))
    step = step_for(rules, ctx)  # type: ignore[arg-type]
    first, last = step.index(Cell(0, 0)), step.index(goal)
    assert first is not None and last is not None
    states = step.states_in_c(first * 2, last, goal, limit=1e9, spent_ft=0.0, max_nodes=40_000)
    assert states is not None and len(states) > 2 * side
    python = _search(rules, ctx, Cell(0, 0), goal, 1e9, 40_000, c=False)
    in_c = _search(rules, ctx, Cell(0, 0), goal, 1e9, 40_000, c=True)
    assert isinstance(python, Found) and in_c == python
    assert python.cells[-1] == goal


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    spots=st.lists(st.integers(0, 10_000), min_size=2, max_size=4),
    ruleset=st.sampled_from(("3.5", "5e")),
)
def test_a_graph_kept_for_the_map_is_patched_where_creatures_moved(
    seed: int, spots: list[int], ruleset: str
) -> None:
    """Board after board of one map, a creature on another square each time: the
    squares no creature is near come from the last board's graph, the others are asked
    again, and every search in C still finds the path the Python one does."""
    side = 25
    terrain = maze(side, seed)
    corridors = sorted(
        Cell(c, r) for c in range(side) for r in range(side) if Cell(c, r) not in terrain
    )
    base = Encounter(side, side, ruleset, "gm", terrain=terrain).with_token(
        Token("Mover", Cell(0, 0), team="party", speed_ft=30)
    )
    goal = Cell(side - 1, side - 1)
    for spot in spots:
        square = corridors[spot % len(corridors)]
        if square in (Cell(0, 0), goal):
            continue
        board = base.with_token(Token("Ogre", square, team="enemy"))
        rules, ctx = contexts(ruleset, (board, "move", "walk", goal))
        python = _search(rules, ctx, Cell(0, 0), goal, 1e9, 40_000, c=False)
        in_c = _search(rules, ctx, Cell(0, 0), goal, 1e9, 40_000, c=True)
        assert in_c == python
