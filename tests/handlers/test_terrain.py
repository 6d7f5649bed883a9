"""/terrain set and /terrain clear (GM only)."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image

from bot.context import Context
from bot.encounter_ops.terrain import MAX_TERRAIN_CELLS
from bot.errors import IllegalMove, InvalidInput, NotAllowed
from bot.handlers import run_line
from bot.storage import Store
from tests.handlers.encounter_helpers import ask_json, person, refused, run, state


async def terrain(store: Store) -> dict[str, str]:
    return json.loads(await state(store) or "")["terrain"]


async def test_cells_as_lists_runs_and_rectangles(board: Context):
    reply = await run(board, '/terrain set cells:"C3 D3 E3-E6 F1:H2" kind:difficult')
    assert reply.result["squares"] == 2 + 4 + 6
    assert reply.result["kind"] == "difficult"
    assert reply.title == "Difficult (:) on 12 squares"
    # stored row by row, a run along a row by its ends
    assert (await terrain(board.store))["difficult"].split()[:3] == ["F1:H1", "F2:H2", "C3:E3"]
    counts = (await run(board, "/encounter show")).result["terrain"]
    assert counts == {"difficult": 12}


async def test_kinds_by_their_causes(board: Context):
    await run(board, "/terrain set cells:A1 kind:rubble", "/terrain set cells:A2 kind:Lava")
    await run(board, "/terrain set cells:A3 kind:tree")
    assert await terrain(board.store) == {"difficult": "A1", "hazard": "A2", "pillar": "A3"}
    await refused(board, "/terrain set cells:A4 kind:marshmallow", InvalidInput, "Accepted: clear")


async def test_a_later_kind_replaces_an_earlier_one(board: Context):
    await run(board, "/terrain set cells:A1:B2 kind:water")
    reply = await run(board, "/terrain set cells:B2:C2 kind:wall")
    assert reply.result["changed_squares"] == 2
    assert await terrain(board.store) == {"wall": "B2:C2", "water": "A1:B1 A2"}


async def test_only_the_gm_changes_terrain(board: Context, player: Context, store: Store):
    for line in ("/terrain set cells:A1 kind:wall", "/terrain clear", "/terrain clear cells:A1"):
        await refused(player, line, NotAllowed, "Only the GM can change terrain here")
    sam = person(store, "sam", channel="table-2")  # the GM of the encounter they start
    await run(sam, "/encounter start", "/terrain set cells:A1 kind:wall")


@pytest.mark.parametrize("kind", ["wall", "pillar", "pit"])
async def test_nothing_solid_under_a_token(board: Context, kind: str):
    await run(board, "/token add name:Ogre size:large at:D4")
    await refused(
        board, f'/terrain set cells:"A1 E5" kind:{kind}', IllegalMove, "Ogre stands on E5"
    )
    await run(board, "/terrain set cells:E5 kind:difficult")


@pytest.mark.parametrize(
    ("cells", "says"),
    [
        ("K1", "off the map"),
        ("A1-C3", "neither a column nor a row run"),
        ("A1 ZZ", "is not a square"),
        ("", "needs cells"),
    ],
)
async def test_bad_cells_say_what_is_accepted(board: Context, cells: str, says: str):
    line = f'/terrain set cells:"{cells}" kind:wall' if cells else "/terrain set kind:wall"
    await refused(board, line, InvalidInput, says)


async def test_at_most_2000_cells_at_once(gm: Context):
    await run(gm, "/encounter start width:200 height:200")
    await refused(gm, "/terrain set cells:A1:AX50 kind:wall", InvalidInput, "2000 cells")
    reply = await run(gm, "/terrain set cells:A1:AX40 kind:wall")
    assert reply.result["squares"] == MAX_TERRAIN_CELLS


async def test_clear_cells_or_the_whole_map(board: Context):
    await run(board, "/terrain set cells:A1:C3 kind:difficult", "/terrain set cells:J10 kind:pit")
    some = await run(board, '/terrain clear cells:"A1-C1 J9"')
    assert some.result["changed_squares"] == 3
    assert some.title == "3 squares cleared"
    assert await terrain(board.store) == {"difficult": "A2:C2 A3:C3", "pit": "J10"}
    everything = await run(board, "/terrain clear")
    assert everything.title == "All terrain cleared"
    assert await terrain(board.store) == {}


async def test_clearing_clear_ground_changes_nothing(board: Context):
    before = await state(board.store)
    reply = await run(board, "/terrain clear")
    assert reply.result["changed"] is False
    assert await state(board.store) == before
    assert len(await board.store.history("table-1", 50)) == 1  # only the start


async def test_console_json(store: Store):
    await ask_json(store, "/encounter start width:5 height:5")
    code, data = await ask_json(store, '/terrain set cells:"A1 B2:C3" kind:water')
    assert code == 0
    assert data["result"]["cells"] == ["A1", "B2", "C2", "B3", "C3"]
    assert data["result"]["kind"] == "water"


async def test_terrain_light_darkens_and_lights_squares(board: Context) -> None:
    """/terrain light: darkness as poor visibility (001 Hampered Movement)."""
    reply = await run_line(board, '/terrain light cells:"B2:C3"')
    assert reply.title == "Darkness on 4 squares"
    stored = json.loads(await state(board.store) or "{}")
    assert stored["dark"] == "B2:C2 B3:C3"
    reply = await run_line(board, "/terrain light cells:C3 dark:false")
    assert reply.title == "Light on 1 square"
    stored = json.loads(await state(board.store) or "{}")
    assert stored["dark"] == "B2:C2 B3"
    shown = await run_line(board, "/map")
    picture = Image.open(io.BytesIO(shown.image_png or b""))
    assert picture.size[0] > 0


async def test_terrain_light_is_the_gms(board: Context, store: Store) -> None:
    await refused(person(store, "ari"), "/terrain light cells:A1", NotAllowed, "GM")


async def test_terrain_edge_and_door_through_the_commands(board: Context, store: Store) -> None:
    """/terrain edge puts walls and doors between squares; /door opens one."""
    await run(board, "/token add name:Ari at:B2 owner:ari team:party")
    reply = await run_line(board, '/terrain edge cells:"C1-C10" side:east kind:wall')
    assert reply.title == "Wall on 10 edges"
    await run_line(board, "/terrain edge cells:C2/D2 kind:door")
    stored = json.loads(await state(board.store) or "{}")
    assert "C2/D2" in stored["edges"]["door"]
    ari = person(store, "ari")
    await refused(ari, "/terrain edge cells:C3/D3 kind:door", NotAllowed, "GM")
    await refused(ari, "/door token:Ari edge:C2/D2", IllegalMove, "next to the door")
    await run_line(ari, "/move token:Ari to:C2")
    opened = await run_line(ari, "/door token:Ari edge:C2/D2")
    assert opened.title == "Ari opens the door C2/D2"
    moved = await run_line(ari, "/move token:Ari to:E2")
    assert moved.result["path"] == ["C2", "D2", "E2"]


async def test_a_door_is_an_edge_not_a_square(board: Context) -> None:
    await refused(board, "/terrain set cells:E6 kind:door", InvalidInput, "/terrain edge")
