"""Issue 30: the GM's own picture marks a hidden token (a dashed ring and "hidden"),
so a GM's screenshot never passes it off as a visible enemy; a player's picture
never shows it at all."""

from __future__ import annotations

from bot.context import Context
from bot.grid.coords import Cell
from bot.render import style as s
from bot.render.board import BoardView
from bot.render.layout import plan
from bot.rules import get_ruleset
from tests.handlers.encounter_helpers import run
from tests.render.pixels import cell_box, colours, decode, near

SETUP = (
    "/encounter start width:8 height:6 ruleset:5e",
    "/token add name:Ari at:A1 team:party",
)


async def test_the_gms_picture_marks_the_hidden_token_and_the_players_leaves_it_out(
    gm: Context, player: Context
) -> None:
    await run(gm, *SETUP, "/token add name:Lurker at:C3 team:enemy hidden:true")
    gm_png = (await run(gm, "/map")).image_png
    player_png = (await run(player, "/map")).image_png
    await run(gm, "/token edit token:Lurker hidden:false")
    shown_png = (await run(gm, "/map")).image_png
    assert gm_png and player_png and shown_png
    stored = await gm.store.active_encounter(gm.channel_id)
    assert stored is not None
    layout = plan(stored.encounter, get_ruleset("5e").footprint_squares, BoardView())
    hidden, seen, player_sees = decode(gm_png), decode(shown_png), decode(player_png)
    # the word "hidden" sits above the disc, in the square above: nothing there once revealed
    above = cell_box(layout, Cell.parse("C2"), inset=1)
    assert colours(hidden, above) != colours(seen, above)
    # the dashed ring round the disc: dark pixels at the square's rim, not on the revealed one
    rim = cell_box(layout, Cell.parse("C3"), inset=1)
    dark = sum(n for rgb, n in colours(hidden, rim).items() if near(rgb, s.HIDDEN_DASH, 30))
    plain = sum(n for rgb, n in colours(seen, rim).items() if near(rgb, s.HIDDEN_DASH, 30))
    assert dark > plain + 20
    # the player's picture: the bare square, as on a board without Lurker
    enemy = s.TEAM_COLOUR["enemy"]
    assert not any(near(rgb, enemy, 12) for rgb in colours(player_sees, rim))
    assert any(near(rgb, enemy, 12) for rgb in colours(hidden, rim))
