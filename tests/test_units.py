"""Feet read the same in every reply and image label."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.units import feet, feet_figure
from bot.user_ids import name_id


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (30, "30 ft"),
        (30.0, "30 ft"),
        (0, "0 ft"),
        (7.0710678, "7.1 ft"),
        (2.5, "2.5 ft"),
        (316800, "316,800 ft"),
        (1234.56, "1,234.6 ft"),
    ],
)
def test_whole_feet_stay_whole_and_the_rest_get_one_decimal(value: float, shown: str) -> None:
    assert feet(value) == shown


@given(st.floats(min_value=0, max_value=1e6, allow_nan=False))
def test_the_figure_reads_back_within_a_twentieth_of_a_foot(value: float) -> None:
    assert abs(float(feet_figure(value).replace(",", "")) - value) <= 0.05 + 1e-9


def test_the_move_pictures_cost_labels_follow_the_tables_units() -> None:
    """Issue 17 "Units": the running costs drawn on a /move picture read as the replies
    do (metres as 1.5 m a 5 ft square; squares of the ruleset's size)."""
    from bot.render.overlay import cost_label

    assert cost_label(15, last=True) == "15 ft"
    assert cost_label(10, last=False) == "10"
    assert cost_label(15, last=True, units="metres") == "4.5 m"
    assert cost_label(10, last=False, units="metres") == "3"
    assert cost_label(15, last=True, units="squares") == "3 sq"
    assert cost_label(20, last=True, units="squares", square_ft=10) == "2 sq"


async def test_a_move_in_a_metres_channel_draws_metres(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import random

    import bot.handlers.board as board
    from bot.context import Context
    from bot.handlers import run_line
    from bot.render.view import BoardView
    from bot.storage import Store

    drawn: list[BoardView] = []
    real = board.render_board

    def spy(encounter: Any, footprints: Any, view: BoardView) -> bytes:
        drawn.append(view)
        return real(encounter, footprints, view)

    monkeypatch.setattr(board, "render_board", spy)
    store = await Store.open(tmp_path / "s.db")
    try:
        gm = Context(store, "c", name_id("gm"), is_gm=True, rng=random.Random(1), guild_id="g")
        for line in (
            "/settings units:metres",
            "/encounter start width:8 height:8",
            "/token add name:Ari at:A1",
        ):
            await run_line(gm, line)
        reply = await run_line(gm, "/move token:Ari to:D1")
    finally:
        await store.close()
    assert reply.title.startswith("Ari moves to D1 — 4.5 m") and reply.image_png is not None
    move = drawn[-1].move
    assert move is not None and (move.units, move.square_ft) == ("metres", 5)
