"""A long search's graph made from the last one of the map and mover context
(``engine/c_kept.py``) is the graph built from scratch: every step's cost where
entered, every refused step's code, every diagonal added."""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from unittest.mock import patch

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.maps import maze, random_terrain
from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.rules.engine import c_kept, c_search
from bot.rules.engine.search import step_for
from tests.rules.engine.test_compiled_search import contexts


def _arrays(graph: c_search.Graph | None) -> dict[str, Any]:
    assert graph is not None
    costs = {key: cost for key, cost in graph.rules.items() if cost.any()}
    steps = graph.steps
    return {"rules": costs, "codes": steps.codes, "adds": steps.adds, "at": steps.row_of}


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    if a["rules"].keys() != b["rules"].keys():
        return False
    rules = all(np.array_equal(a["rules"][k], b["rules"][k]) for k in a["rules"])
    return rules and all(np.array_equal(a[k], b[k]) for k in ("codes", "adds", "at"))


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    spots=st.lists(st.tuples(st.integers(0, 10_000), st.booleans()), min_size=2, max_size=5),
    kind=st.sampled_from(("maze", "random")),
    ruleset=st.sampled_from(("3.5", "5e", "epic-path")),
)
def test_a_graph_made_from_the_last_boards_is_the_one_built_afresh(
    seed: int, spots: list[tuple[int, bool]], kind: str, ruleset: str
) -> None:
    """Board after board of one map, creatures coming and going: the graph made from
    the last board's (or that graph itself) is the graph built from nothing."""
    side = 21
    terrain = maze(side, seed) if kind == "maze" else random_terrain(side, seed)
    free = sorted(Cell(c, r) for c in range(side) for r in range(side) if Cell(c, r) not in terrain)
    base = Encounter(side, side, ruleset, "gm", terrain=terrain).with_token(
        Token("Mover", free[0], team="party", speed_ft=30)
    )
    goal = free[-1]
    made = 0
    for spot, ogre in spots:
        square = free[spot % len(free)]
        board = base
        if ogre and square not in (free[0], goal):
            board = base.with_token(Token("Ogre", square, team="enemy", size=Size.LARGE))
        rules, ctx = contexts(ruleset, (board, "move", "walk", goal))
        step = step_for(rules, ctx)  # type: ignore[arg-type]
        kept = c_search._build(step)
        with patch.object(c_kept, "built_for", lambda *args: None):
            afresh = c_search._build(step)
        if afresh is None:
            assert kept is None
            continue
        assert _same(_arrays(kept), _arrays(afresh))
        made += 1
    assert made or kind == "random"


def test_a_board_whose_steps_are_all_the_same_shares_the_graph() -> None:
    """A new board of the map where nothing near a step changed (as after a move that
    changed nothing the mover's steps read): the same graph, not a copy."""
    side = 21
    board = Encounter(side, side, "3.5", "gm", terrain=maze(side)).with_token(
        Token("Mover", Cell(0, 0), team="party", speed_ft=30)
    )
    graphs = []
    for again in (board, replace(board)):
        rules, ctx = contexts("3.5", (again, "move", "walk", Cell(side - 1, side - 1)))
        graphs.append(c_search._build(step_for(rules, ctx)))  # type: ignore[arg-type]
    assert graphs[0] is not None and graphs[1] is graphs[0]
