"""Issue 30: a move picture never draws a band for an action already spent. Once a
token has dashed (or double-moved) this turn, only what it has left is shaded."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.render.board import BoardView, MoveOverlay
from bot.render.layout import plan
from bot.rules import get_ruleset
from bot.rules.engine.overview import speed_bands
from tests.handlers.encounter_helpers import run


async def bands(gm: Context, ruleset: str) -> tuple[int, int]:
    stored = await gm.store.active_encounter(gm.channel_id)
    assert stored is not None
    now, more = speed_bands(get_ruleset(ruleset), stored.encounter, "Ari")
    return len(now), len(more)


@pytest.mark.parametrize(("ruleset", "action"), [("5e", "dash"), ("5e-alt", "dash")])
async def test_after_a_dash_the_dash_band_is_gone(gm: Context, ruleset: str, action: str) -> None:
    await run(
        gm,
        f"/encounter start width:40 height:10 ruleset:{ruleset}",
        "/token add name:Ari at:A5 speed:30",
        "/move token:Ari to:D5",
    )
    now, more = await bands(gm, ruleset)
    assert now and more  # before: what is left, and what a dash would add
    await run(gm, f"/move token:Ari to:H5 action:{action}")
    now, more = await bands(gm, ruleset)
    assert now and not more  # 25 ft of the dash left; no second dash drawn
    stored = await gm.store.active_encounter(gm.channel_id)
    assert stored is not None
    e = stored.encounter
    rules = get_ruleset(ruleset)
    reach_now, reach_more = speed_bands(rules, e, "Ari")
    move = MoveOverlay(
        (e.token("Ari").cell,), (0.0,), "ari", reach_now=reach_now, reach_more=reach_more
    )
    marks = [key.mark for key in plan(e, rules.footprint_squares, BoardView(move=move)).keys]
    assert "band-now" in marks and "band-more" not in marks  # nor named in the caption


async def test_3_5_after_one_move_action_the_second_is_still_drawn(gm: Context) -> None:
    """A move action spends no double move: the band for the second move stays."""
    await run(
        gm,
        "/encounter start width:40 height:10 ruleset:3.5",
        "/token add name:Ari at:A5 speed:30",
        "/move token:Ari to:D5",
    )
    now, more = await bands(gm, "3.5")
    assert now and more
