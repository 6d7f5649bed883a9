"""The step kinds kept across boards by value (bot.rules.engine.compiled_kinds): a
table on a new board reads what the tables of earlier boards learnt, and its searches
find what the reference search finds on that board. The earlier board is the same
map with the mover elsewhere and the other creatures moved or changed, so a kind
kept by value must not carry what belonged to where things stood."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.search import reachable
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.rules.engine import compiled, compiled_kinds
from bot.rules.engine.compiled import CompiledStep
from tests.rules.engine.test_compiled_search import RULESETS, cells, contexts, worlds


def _reach(ruleset: str, world: tuple[Encounter, str, str, object], *, fast: bool) -> object:
    rules, ctx = contexts(ruleset, world)  # type: ignore[arg-type]
    step = rules.stepper(ctx)  # type: ignore[attr-defined]
    if fast:
        step = CompiledStep(rules, ctx, step, unhampered=False)  # type: ignore[arg-type]
    return reachable(
        ctx.board.mover.cell,
        step,
        budget_ft=2 * max(ctx.allowance.available_ft, 5.0),
        diagonals=ctx.allowance.activity.diagonals,
        parity=rules.diagonal_parity,  # type: ignore[attr-defined]
    )


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(data=st.data())
def test_a_new_board_reads_kinds_kept_by_value_and_costs_as_the_rules_do(
    ruleset: str, data: st.DataObject
) -> None:
    encounter, action, mode, goal = data.draw(worlds(ruleset))
    earlier = encounter
    for key, token in encounter.tokens.items():  # everyone somewhere else, some changed
        moved = replace(token, cell=data.draw(cells))
        if key != "Mover" and data.draw(st.booleans()):
            moved = replace(moved, conditions=frozenset({"prone"}), team="enemy")
        earlier = earlier.with_token(moved)
    _reach(ruleset, (earlier, action, mode, goal), fast=True)  # warms the kept kinds
    now = (replace(encounter), action, mode, goal)  # a new board: its own tables
    fast = _reach(ruleset, now, fast=True)
    slow = _reach(ruleset, now, fast=False)
    assert fast == pytest.approx(slow)
    assert list(fast) == list(slow)  # type: ignore[call-overload]


def test_the_kept_kinds_are_bounded_and_a_new_board_asks_the_rules_nothing_known() -> None:
    terrain = {Cell(c, (3 * c) % 12): Terrain.DIFFICULT for c in range(12)}
    encounter = Encounter(12, 12, "3.5", "gm", terrain=terrain)
    encounter = encounter.with_token(Token("Mover", Cell(5, 5), team="party"))
    encounter = encounter.with_token(Token("Orc", Cell(7, 6), team="enemy"))
    asked: list[int] = []
    ask = compiled._Table._ask

    def counted(self: compiled._Table, frm: int, to: int, d: int) -> compiled_kinds.Kind:
        asked.append(d)
        return ask(self, frm, to, d)

    world = (encounter, "move", "walk", Cell(9, 9))
    try:
        compiled._Table._ask = counted  # type: ignore[method-assign]
        first = _reach("3.5", world, fast=True)
        assert asked  # the first board asks the rules
        asked.clear()
        again = _reach("3.5", (replace(encounter), *world[1:]), fast=True)
        assert asked == []  # a new board of the same map and mover: nothing new to ask
        assert again == first
    finally:
        compiled._Table._ask = ask  # type: ignore[method-assign]
    assert len(compiled_kinds._CONTEXTS) <= compiled_kinds.CONTEXTS_KEPT
    assert len(compiled_kinds._TERRAIN) <= compiled_kinds.TERRAIN_KEPT
    assert all(len(k.kinds) <= compiled_kinds.KINDS_KEPT for _, k in compiled_kinds._CONTEXTS)


def test_where_the_mover_starts_inside_a_creature_is_kept_apart() -> None:
    """Epic Path's Stepover: a Small mover under a Large foe may move out from under it;
    the same foe met from outside is a creature in the way. The kind kept from a board
    where the mover stood outside is not read on one where it starts inside."""
    encounter = Encounter(8, 8, "epic-path", "gm")
    encounter = encounter.with_token(Token("Ogre", Cell(3, 3), size=Size.LARGE, team="enemy"))
    outside = encounter.with_token(Token("Mover", Cell(0, 0), size=Size.SMALL, team="party"))
    inside = encounter.with_token(Token("Mover", Cell(3, 3), size=Size.SMALL, team="party"))
    for first, then in ((outside, inside), (inside, outside)):
        _reach("epic-path", (first, "move", "walk", Cell(6, 6)), fast=True)
        world = (then, "move", "walk", Cell(6, 6))
        assert _reach("epic-path", world, fast=True) == _reach("epic-path", world, fast=False)
