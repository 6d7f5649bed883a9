"""``Ruleset.end_problem``'s contract, which the speed bands and the square menus lean on
(``engine.overview.may_end_on`` asks the rules only about squares someone stands on):
a square no other creature occupies never says no, in every ruleset of the registry,
and the shortcut keeps exactly the squares the rules keep."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.rules.engine.overview import may_end_on
from tests.rules.engine.test_compiled_search import RULESETS, SIDE, contexts, worlds

EVERY_SQUARE = [Cell(c, r) for r in range(SIDE) for c in range(SIDE)]


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(data=st.data())
def test_only_a_square_someone_stands_on_can_refuse_a_moves_end(
    ruleset: str, data: st.DataObject
) -> None:
    encounter, action, mode, goal = data.draw(worlds(ruleset))
    if data.draw(st.booleans()):  # a Tiny mover too: the d20 rulesets share squares then
        mover = encounter.token("Mover")
        encounter = encounter.with_token(replace(mover, size=Size.TINY))
    rules, ctx = contexts(ruleset, (encounter, action, mode, goal))
    board = ctx.board
    for anchor in EVERY_SQUARE:
        if not any(cell in board.occupants for cell in board.cells(anchor)):
            assert rules.end_problem(ctx, anchor) == "", anchor  # type: ignore[attr-defined]
    slow = [c for c in EVERY_SQUARE if not rules.end_problem(ctx, c)]  # type: ignore[attr-defined]
    assert may_end_on(rules, ctx, EVERY_SQUARE) == slow  # type: ignore[arg-type]
