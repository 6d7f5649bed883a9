"""Issue 30: a move split in legs draws every leg of this turn, the earlier ones
fainter; a new turn starts with none; a hidden token's legs are never kept."""

from __future__ import annotations

from bot.context import Context
from bot.grid.coords import Cell
from bot.render import style as s
from bot.render.board import BoardView, MoveOverlay
from bot.render.layout import plan
from bot.rules import get_ruleset
from tests.handlers.encounter_helpers import run
from tests.render.pixels import centre, decode, near, pixel
from tests.render.scenarios import cells

SETUP = (
    "/encounter start width:10 height:8 ruleset:5e",
    "/token add name:Ari at:A5 team:party speed:30",
    "/token add name:Orc at:J1 team:enemy",
    "/turn order order:Ari,Orc",
)


async def test_a_second_legs_picture_draws_the_first_fainter(gm: Context) -> None:
    await run(gm, *SETUP, "/move token:Ari to:D5")
    second = await run(gm, "/move token:Ari to:D8")
    stored = await gm.store.active_encounter(gm.channel_id)
    assert stored is not None
    legs = stored.encounter.token("Ari").activity.legs
    assert legs == (tuple(cells("A5 B5 C5 D5")), tuple(cells("D5 D6 D7 D8")))
    # the picture: the first leg drawn, but fainter than the leg just moved
    assert second.image_png is not None
    image = decode(second.image_png)
    path = legs[-1]
    move = MoveOverlay(path, tuple(5.0 * i for i in range(len(path))), "ari")
    layout = plan(stored.encounter, get_ruleset("5e").footprint_squares, BoardView(move=move))
    now_ink = pixel(image, centre(layout, Cell.parse("D6")))
    earlier = pixel(image, centre(layout, Cell.parse("B5")))
    assert near(now_ink, s.PATH_INK, 10)
    assert not near(earlier, s.PATH_INK, 30)
    floor_like = pixel(image, centre(layout, Cell.parse("B3")))
    assert sum(earlier) < sum(floor_like) - 60  # yet visibly drawn


async def test_a_new_turn_starts_without_legs(gm: Context) -> None:
    await run(gm, *SETUP, "/move token:Ari to:D5", "/turn next", "/turn next")
    stored = await gm.store.active_encounter(gm.channel_id)
    assert stored is not None
    assert stored.encounter.token("Ari").activity.legs == ()
    await run(gm, "/move token:Ari to:D6")
    stored = await gm.store.active_encounter(gm.channel_id)
    assert stored is not None
    assert stored.encounter.token("Ari").activity.legs == (tuple(cells("D5 D6")),)


async def test_a_hidden_tokens_legs_are_never_kept(gm: Context) -> None:
    await run(gm, *SETUP, "/token add name:Lurker at:A1 hidden:true", "/move token:Lurker to:C1")
    stored = await gm.store.active_encounter(gm.channel_id)
    assert stored is not None
    assert stored.encounter.token("Lurker").activity.legs == ()


async def test_out_of_its_turn_a_move_draws_no_earlier_legs(gm: Context) -> None:
    """Ari's legs are of its own turn: moved again on the Orc's turn, its picture
    draws no earlier leg (that turn is over)."""
    from bot.handlers.board import earlier_legs
    from bot.rules.engine.moves import MoveRequest

    await run(gm, *SETUP, "/move token:Ari to:D5", "/turn next")
    stored = await gm.store.active_encounter(gm.channel_id)
    assert stored is not None
    encounter = stored.encounter
    assert encounter.acting is not None and encounter.acting.key == "orc"
    assert encounter.token("Ari").activity.legs  # still kept until its next turn
    result = get_ruleset("5e").move(encounter, MoveRequest("Ari", to=Cell.parse("D6")))
    assert earlier_legs(result) == ()
