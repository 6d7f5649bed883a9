"""Issue 29: an OTFBM paste imported (the URL Avrae prints, walls, doors, objects), what
was skipped said in one line, and the export's notation carrying walls and doors back,
through the console's JSON and text and the handlers."""

from __future__ import annotations

import io
import json

from bot.console import run_once
from bot.context import Context
from bot.grid.coords import Cell, edge_key
from bot.grid.terrain import Barrier, Terrain
from bot.storage import Store
from tests.handlers.encounter_helpers import person, run, tokens

C = Cell.parse
# otfbm/docs pages/wallsanddoors.md's "complex example", with tokens, a view option, an
# arrow, an object and a background as the Avrae alias prints them
PASTE = (
    "https://otfbm.io/12x12/@c50/A3Mr-GO3/e4mb-Rogue/A7GR-Chonk/B2M~62c1bf-Aria/"
    "_B2G2G4H4-dH6G6G8-sF9E10-bC10B10B2_B6-oG6/*a15kA2D3/d3$ex/k1l2$po/?bg=https://x.png"
)


async def ask(store: Store, line: str, *, user: str = "gm", player: bool = False) -> dict:
    out = io.StringIO()
    await run_once(
        store,
        line,
        as_json=True,
        seed=1,
        channel="c",
        user=user,
        out=out,
        manages_channel=not player,
    )
    return json.loads(out.getvalue())


async def test_the_console_imports_an_otfbm_url_and_says_what_it_skipped(store: Store) -> None:
    answer = await ask(store, f"/encounter import text:{PASTE}")
    assert answer["ok"], answer
    result = answer["result"]
    assert (result["width"], result["height"]) == (12, 12)
    assert result["tokens"] == ["GO3", "Rogue", "Chonk", "Aria"]
    assert result["skipped"] == [
        "view options",
        "2 diagonal walls",
        "overlays (arrows, areas)",
        "objects",
        "background image",
    ]
    encounter = (await store.active_encounter("c")).encounter  # type: ignore[union-attr]
    assert encounter.tokens["chonk"].size.name == "GARGANTUAN"
    assert [encounter.tokens[k].team for k in ("go3", "rogue", "chonk", "aria")] == [
        "enemy",
        "party",
        "enemy",
        "neutral",  # ~62c1bf is OTFBM's own cyan: no side (issue 40 item 13)
    ]
    assert encounter.edges[edge_key(C("G4"), C("H4"))] is Barrier.DOOR
    assert encounter.edges[edge_key(C("D5"), C("D6"))] is Barrier.OPEN_DOOR
    assert encounter.edges[edge_key(C("B1"), C("B2"))] is Barrier.WALL
    assert {encounter.terrain[C(s)] for s in ("K1", "L1", "K2", "L2")} == {Terrain.PIT}


async def test_the_console_text_shows_the_skipped_line(store: Store) -> None:
    out = io.StringIO()
    line = "/encounter import text:otfbm.io/10x10/@d/D4Mr-GO1/Z9Q!!/*c20rd5"
    await run_once(store, line, as_json=False, seed=1, channel="c", user="gm", out=out)
    text = out.getvalue()
    assert "Skipped" in text
    assert "view options; overlays (arrows, areas); not map notation: Z9Q!!" in text


async def test_a_secret_door_is_the_gms_and_the_export_carries_walls_and_doors(
    gm: Context, store: Store
) -> None:
    await run(gm, '/encounter import text:"8x8 B2Mb-Aria _A4D4_E1-sE2_F3-dF4"')
    encounter = (await store.active_encounter(gm.channel_id)).encounter  # type: ignore[union-attr]
    secret = edge_key(C("D1"), C("E1"))
    assert encounter.edges[secret] is Barrier.DOOR and secret in encounter.hidden_edges
    exported = await run(gm, "/encounter export")
    assert exported.result["notation"] == "8x8 B2Mb-Aria _A4D4_E1-sE2_F3-dF4"
    assert "JSON file is the exact copy" in exported.fields[0].value
    # a player's export shows the secret door as the wall they see there
    await run(gm, "/token edit token:Aria owner:bob")
    mine = await run(person(store, "bob"), "/encounter export")
    assert mine.result["notation"] == "8x8 B2Mb-Aria _A4D4_E1E2_F3-dF4"


async def test_the_exported_line_imports_back_to_the_same_walls(gm: Context, store: Store) -> None:
    await run(
        gm,
        "/encounter start width:10 height:10",
        '/terrain edge cells:"C3/C4 D3/D4 E3/E4 F5/G5" kind:wall',
        '/terrain edge cells:"F6/G6" kind:door',
        '/terrain edge cells:"F7/G7" kind:open-door',
        "/token add name:Ogre at:B6 size:huge",
    )
    before = (await store.active_encounter(gm.channel_id)).encounter  # type: ignore[union-attr]
    line = (await run(gm, "/encounter export")).result["notation"]
    assert "_C4F4_G5G6_G6-dG7_G7-oG8" in line
    await run(gm, f'/encounter import text:"{line}" replace:true')
    after = (await store.active_encounter(gm.channel_id)).encounter  # type: ignore[union-attr]
    assert after.edges == before.edges
    assert (await tokens(store))["Ogre"]["size"] == "huge"


async def test_a_paste_without_a_size_is_as_big_as_what_it_holds(gm: Context) -> None:
    reply = await run(gm, "/encounter import text:https://otfbm.io/AB30Lr-Dragon")
    assert (reply.result["width"], reply.result["height"]) == (29, 31)


async def test_walls_and_objects_off_a_given_size_are_skipped_and_said(gm: Context) -> None:
    reply = await run(gm, "/encounter import text:otfbm.io/5x5/C3-Ari/_A3J3/d5f6$bw")
    assert reply.result["skipped"] == ["walls off the map (4)", "object squares off the map (4)"]
    fields = {f.name: f.value for f in reply.fields}
    assert fields["Skipped"] == "walls off the map (4); object squares off the map (4)"


async def test_a_repeated_label_is_numbered_and_said(gm: Context) -> None:
    # otfbm/docs pages/predefined.md "Tokens": three tokens all labelled goblin
    reply = await run(
        gm, "/encounter import text:https://otfbm.io/a1:3x3/a1r-goblin/b2r-goblin/c3r-goblin/"
    )
    assert reply.result["tokens"] == ["goblin", "goblin 2", "goblin 3"]
    fields = {f.name: f.value for f in reply.fields}
    assert fields["Renamed"] == "goblin at B2 → goblin 2; goblin at C3 → goblin 3"
    assert fields["Skipped"] == "panned view"


async def test_the_export_writes_terrain_as_objects_and_a_link_that_draws_it(
    gm: Context, store: Store
) -> None:
    """Walls, pillars, pits, hazards and obstacles go out as the objects otfbm.io draws
    for them (otfbm/docs pages/objects.md), a run along a row as one; difficult terrain
    as thorns and water as a puddle (issue 40: they were lost); ice has no picture and
    stays in the JSON file. The line imports back to the same terrain, and the link
    draws it."""
    await run(
        gm,
        "/encounter start width:10 height:8",
        "/terrain set kind:wall cells:A3:D3",
        "/terrain set kind:pit cells:F5",
        "/terrain set kind:pillar cells:H2",
        "/terrain set kind:hazard cells:B7:C7",
        "/terrain set kind:obstacle cells:J8",
        "/terrain set kind:difficult cells:G6:H6",
        "/terrain set kind:water cells:A8",
        "/terrain set kind:ice cells:J1",
        "/token add name:Ari at:B5",
    )
    exported = await run(gm, "/encounter export")
    line = exported.result["notation"]
    assert line == "10x8 B5Mr-Ari H2$pr A3D3$bw F5$po G6H6$or B7C7$tr A8$pu J8$ta"
    url = exported.result["otfbm_url"]
    assert url == ("https://otfbm.io/10x8/B5Mr-Ari/H2$pr/A3D3$bw/F5$po/G6H6$or/B7C7$tr/A8$pu/J8$ta")
    assert any(f.name == "Draw it" and url in f.value for f in exported.fields)
    before = (await store.active_encounter(gm.channel_id)).encounter  # type: ignore[union-attr]
    await run(gm, f'/encounter import text:"{url}" replace:true')
    after = (await store.active_encounter(gm.channel_id)).encounter  # type: ignore[union-attr]
    drawn = {c: k for c, k in before.terrain.items() if k is not Terrain.ICE}
    assert dict(after.terrain) == drawn


async def test_a_board_too_big_for_a_field_keeps_its_link_in_the_json(gm: Context) -> None:
    await run(gm, "/encounter start width:60 height:60")
    for row in range(1, 61, 2):  # a wall every other square: one object each
        cells = " ".join(f"{c}{row}" for c in "ACEGIKMOQS")
        await run(gm, f'/terrain set kind:wall cells:"{cells}"')
    exported = await run(gm, "/encounter export")
    assert len(exported.result["otfbm_url"]) > 1_024
    assert not any(f.name == "Draw it" for f in exported.fields)
