"""The ranked pass in C (``engine/c_ranked.py``) against the Python ranked search it
stands in for, both after the lean stage in C: the same path (squares, steps as worded,
cost, diagonals), the same cap on squares expanded, and the same refused steps passed
up, in the same order, with the same square left, diagonals and feet (what a refusal's
wording reads)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.maps import maze, random_terrain
from bot.encounter import Encounter, Token
from bot.grid.compiled_tables import NotInC
from bot.grid.coords import Cell
from bot.grid.paths import Found
from bot.grid.search import SearchTooLarge, cheapest_path
from bot.grid.terrain import Terrain
from bot.rules.engine import c_ranked
from bot.rules.engine.compiled import CompiledStep
from bot.rules.engine.search import _avoid_provoking, step_for
from tests.rules.engine.test_compiled_search import RULESETS, contexts, worlds

Outcome = tuple[Found | str | None, list[tuple[Any, Any]]]
# the steps to avoid among equally cheap paths: none, whole counts (ties galore), a
# fraction (left to Python), and the enemies' threats themselves
PENALTIES = ("none", "counts", "many", "half", "threat")


def _penalty(avoid: str, rules: Any, ctx: Any) -> Callable[[Cell, Cell], float] | None:
    if avoid == "counts":
        return lambda a, b: float((a.col * 7 + b.row * 3 + b.col) % 3 == 0)
    if avoid == "many":
        return lambda a, b: float((a.col + 2 * b.row) % 4)
    if avoid == "half":
        return lambda a, b: 0.5 * ((a.col + b.row) % 2)
    if avoid == "threat":
        return _avoid_provoking(rules, ctx)
    return None


def _not_in_c(*args: object, **kwargs: object) -> list[int]:
    raise NotInC


def _search(
    rules: Any,
    ctx: Any,
    start: Cell,
    goal: Cell,
    *,
    budget: float = 1e9,
    max_nodes: int = 40_000,
    spent_ft: float = 0.0,
    diagonals: int = 0,
    avoid: str = "none",
    c: bool,
) -> Outcome:
    """The path (or None, or the cap) and the refused steps passed up: the lean stage in
    C past the first state, the ranked pass in C (``c``) or in Python."""
    with ExitStack() as stack:
        stack.enter_context(patch.object(CompiledStep, "lean_probe", lambda self: 0))
        if not c:
            stack.enter_context(patch.object(CompiledStep, "ranked_in_c", _not_in_c))
        step = step_for(rules, ctx)
        try:
            found: Found | str | None = cheapest_path(
                start,
                goal,
                step,
                budget_ft=budget,
                min_step_ft=rules.steps.min_step_ft(ctx),
                spent_ft=spent_ft,
                diagonals=diagonals,
                parity=rules.diagonal_parity,
                penalty=_penalty(avoid, rules, ctx),
                max_nodes=max_nodes,
            )
        except SearchTooLarge:
            found = "too large"
        step.settle_refusals()  # as a refusal's wording reads them
        return found, list(step.refusals.items())


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(data=st.data())
def test_the_ranked_pass_in_c_finds_what_python_does(ruleset: str, data: st.DataObject) -> None:
    world = data.draw(worlds(ruleset))
    rules, ctx = contexts(ruleset, world)
    start, goal = world[0].token("Mover").cell, world[3]
    how = {
        "budget": data.draw(st.sampled_from((15.0, 30.0, 60.0, 1e9))),
        "max_nodes": data.draw(st.sampled_from((3, 10, 25, 40_000))),
        "spent_ft": data.draw(st.sampled_from((0.0, 5.0, 7.5, 2.0))),
        "diagonals": data.draw(st.integers(0, 3)),
        "avoid": data.draw(st.sampled_from(PENALTIES)),
    }
    python = _search(rules, ctx, start, goal, c=False, **how)  # type: ignore[arg-type]
    assert _search(rules, ctx, start, goal, c=True, **how) == python  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    side=st.integers(6, 30),
    kind=st.sampled_from(("random", "maze", "open")),
    ruleset=st.sampled_from(("3.5", "5e", "epic-path")),
    max_nodes=st.sampled_from((20, 200, 40_000)),
    ends=st.tuples(st.integers(0, 10_000), st.integers(0, 10_000)),
    avoid=st.sampled_from(PENALTIES[:4]),
)
def test_on_flooding_and_open_maps_the_ranked_pass_in_c_agrees(
    seed: int,
    side: int,
    kind: str,
    ruleset: str,
    max_nodes: int,
    ends: tuple[int, int],
    avoid: str,
) -> None:
    """Mazes, cluttered maps and open ground (where equally cheap paths tie, and the
    order of the squares that queued them decides), any two squares."""
    terrain: dict[Cell, Terrain] = {}
    if kind == "random":
        terrain = random_terrain(side, seed)
    elif kind == "maze":
        terrain = maze(side, seed)
    free = [Cell(c, r) for c in range(side) for r in range(side) if Cell(c, r) not in terrain]
    start, goal = free[ends[0] % len(free)], free[ends[1] % len(free)]
    encounter = Encounter(side, side, ruleset, "gm", terrain=terrain).with_token(
        Token("Mover", start, team="party", speed_ft=30)
    )
    rules, ctx = contexts(ruleset, (encounter, "move", "walk", goal))
    python = _search(rules, ctx, start, goal, max_nodes=max_nodes, avoid=avoid, c=False)
    assert _search(rules, ctx, start, goal, max_nodes=max_nodes, avoid=avoid, c=True) == python


def test_on_a_maze_the_ranked_pass_answers_in_c() -> None:
    """Not vacuous: on a maze the ranked pass in C answers (no fallback), and the path
    and the refused steps are the Python search's."""
    side = 41
    encounter = Encounter(side, side, "3.5", "gm", terrain=maze(side)).with_token(
        Token("Mover", Cell(0, 0), team="party", speed_ft=30)
    )
    goal = Cell(side - 1, side - 1)
    rules, ctx = contexts("3.5", (encounter, "move", "walk", goal))
    answered: list[list[int]] = []
    ranked = c_ranked.ranked_in_c

    def spy(*args: Any, **kwargs: Any) -> list[int]:
        answered.append(ranked(*args, **kwargs))
        return answered[-1]

    with patch.object(c_ranked, "ranked_in_c", spy):
        in_c = _search(rules, ctx, Cell(0, 0), goal, c=True)
    python = _search(rules, ctx, Cell(0, 0), goal, c=False)
    assert len(answered) == 1 and len(answered[0]) > side
    assert isinstance(in_c[0], Found) and in_c[0].cells[-1] == goal
    assert len(in_c[1]) > side  # walls passed up on the way
    assert in_c == python


def test_a_table_c_cannot_search_is_searched_in_python_from_the_start() -> None:
    """5e-alt's euclidean diagonals cost fractions of a foot: once C has said so for a
    table, the lean search no longer probes first (a probe's states were thrown away
    when C then declined), and it finds the same path."""
    side = 25
    encounter = Encounter(
        side, side, "5e-alt", "gm", terrain=maze(side), options={"diagonals": "euclidean"}
    ).with_token(Token("Mover", Cell(0, 0), team="party", speed_ft=30))
    goal = Cell(side - 1, side - 1)
    rules, ctx = contexts("5e-alt", (encounter, "move", "walk", goal))
    step = step_for(rules, ctx)  # type: ignore[arg-type]
    first, last = step.index(Cell(0, 0)), step.index(goal)
    assert first is not None and last is not None
    assert step.lean_probe() is not None  # not known yet
    with pytest.raises(NotInC):
        step.states_in_c(first * 2, last, goal, limit=1e9, spent_ft=0.0, max_nodes=40_000)
    assert step.lean_probe() is None
    assert step_for(rules, ctx).lean_probe() is None  # the table's, not the step's
    found = cheapest_path(
        Cell(0, 0),
        goal,
        step_for(rules, ctx),
        budget_ft=1e9,
        min_step_ft=rules.steps.min_step_ft(ctx),
        parity=rules.diagonal_parity,  # type: ignore[attr-defined]
    )
    assert isinstance(found, Found) and found.cells[-1] == goal
    assert found == _search(rules, ctx, Cell(0, 0), goal, c=False)[0]


def test_refusals_a_search_in_c_deferred_come_before_the_next_searchs() -> None:
    """Two searches on one step function, the first's ranked pass in C: the refused
    steps it passed up (added when read) come first, then the second's, as when both
    ran in Python; and a refusal's wording reads them all."""
    side = 31
    encounter = Encounter(side, side, "3.5", "gm", terrain=maze(side, 7)).with_token(
        Token("Mover", Cell(0, 0), team="party", speed_ft=30)
    )
    goal = Cell(side - 1, side - 1)
    rules, ctx = contexts("3.5", (encounter, "move", "walk", goal))
    corridor = {Cell(c, r) for c in range(side) for r in range(side)}

    def both(c: bool) -> tuple[list[tuple[Any, Any]], dict[Cell, str]]:
        with ExitStack() as stack:
            stack.enter_context(patch.object(CompiledStep, "lean_probe", lambda self: 0))
            if not c:
                stack.enter_context(patch.object(CompiledStep, "ranked_in_c", _not_in_c))
            step = step_for(rules, ctx)
            how = {
                "budget_ft": 1e9,
                "min_step_ft": rules.steps.min_step_ft(ctx),
                "parity": rules.diagonal_parity,
            }
            assert cheapest_path(Cell(0, 0), goal, step, **how) is not None
            assert step.deferred if c else not step.deferred  # not added yet
            # the second in Python (a corridor): it settles the first's first
            found = cheapest_path(goal, Cell(0, 0), step, allowed=corridor.__contains__, **how)
            assert found is not None
            step.settle_refusals()
            return list(step.refusals.items()), dict(step.why_not)

    in_c, python = both(True), both(False)
    assert len(in_c[0]) > side and in_c == python
