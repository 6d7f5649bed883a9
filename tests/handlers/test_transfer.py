"""Issue 17's board import and export: the battle-map notation and a JSON export that
/encounter import reads back exactly; refusals name the bad part and change nothing."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.commands import MAX_UPLOAD_BYTES
from bot.context import Context
from bot.encounter import Encounter, Token
from bot.encounter_ops.transfer import export_json, from_export, notation_of
from bot.errors import InvalidInput, NotAllowed
from bot.grid.coords import Cell
from bot.grid.geometry import footprint
from bot.grid.sizes import Size
from bot.handlers.board_rules import board_rules
from bot.schema.codec import to_json
from bot.storage import Store
from bot.user_ids import name_id
from tests.handlers.encounter_helpers import person, refused, run, state, tokens


async def test_notation_makes_tokens_with_sizes_and_teams(gm: Context) -> None:
    reply = await run(gm, '/encounter import text:"20x15 D4Mr-Goblin_1 A1Lb-Ogre B9-Ari"')
    assert reply.result["tokens"] == ["Goblin 1", "Ogre", "Ari"]
    made = await tokens(gm.store)
    assert (made["Goblin 1"]["cell"], made["Goblin 1"]["team"]) == ("D4", "enemy")
    assert (made["Ogre"]["size"], made["Ogre"]["team"]) == ("large", "party")
    assert made["Ari"]["team"] == "neutral"
    # issue 29: the reply says who landed on which side
    assert reply.fields[0].value == "party: Ogre · neutral: Ari · enemy: Goblin 1"
    exported = await run(gm, "/encounter export")
    assert exported.result["notation"] == "20x15 D4Mr-Goblin_1 A1Lb-Ogre B9M-Ari"
    assert exported.attachment is not None and exported.attachment[0].endswith(".json")


async def test_an_export_imports_back_exactly(gm: Context, tmp_path: Path) -> None:
    await run(
        gm,
        "/encounter start width:12 height:9 ruleset:3.5",
        "/token add name:Ari at:B2 team:party owner:bob",
        "/token add name:Orc at:H7",
        "/token condition token:Orc add:prone",
        "/terrain set cells:C3-E3 kind:difficult",
        "/terrain edge cells:B1/B2 kind:door",
        "/turn order order:Ari,Orc",
        "/move token:Ari to:C2",
    )
    exported = await run(gm, "/encounter export")
    assert exported.attachment is not None
    path = tmp_path / exported.attachment[0]
    path.write_bytes(exported.attachment[1])
    before = json.loads(await state(gm.store) or "{}")
    other = Context(gm.store, "table-2", name_id("dm2"), is_gm=True, rng=random.Random(1))
    imported = await run(other, f"/encounter import file:{path}")
    assert imported.result["exact"] is True
    after = json.loads(await state(gm.store, "table-2") or "{}")
    assert after.pop("gm_id") == name_id("dm2")
    before.pop("gm_id")
    assert after == before


async def test_an_encounter_running_is_replaced_only_when_asked_by_its_gm(
    gm: Context, store: Store
) -> None:
    await run(gm, "/encounter start width:8 height:8", "/token add name:Orc at:H8")
    await refused(gm, '/encounter import text:"10x10 D4M-X"', InvalidInput, "replace:true")
    player = person(store, "bob")
    await refused(player, '/encounter import text:"10x10 D4M-X" replace:true', NotAllowed)
    reply = await run(gm, '/encounter import text:"10x10 D4M-X" replace:true')
    assert reply.result["replaced"] is True
    assert list(await tokens(store)) == ["X"]
    await run(gm, "/undo")  # the import goes
    assert await state(store) is None
    await run(gm, "/undo")  # the old one comes back
    assert list(await tokens(store)) == ["Orc"]


async def test_tokens_with_no_room_are_left_out_and_said_the_rest_placed(gm: Context) -> None:
    """Issue 40 item 13: OTFBM draws tokens stacked on one square; a paste with one used to
    be refused whole. What fits is placed, and the reply names what didn't and why."""
    reply = await run(gm, '/encounter import text:"10x10 D4-X D4-Y Z40M-Bad A1r-Orc"')
    assert reply.result["tokens"] == ["X", "Orc"]
    assert reply.result["unplaced"] == [
        "Y at D4: X at D4: no creature ends a move in another's space (Alternate Movement "
        "› Moving Around Other Creatures, Separate Spaces)",
        "Bad at Z40: Z40 is off the map: it runs from A1 to J10 (10 columns by 10 rows)",
    ]
    said = {f.name: f.value for f in reply.fields}
    assert said["Not placed"].startswith("Y at D4: X at D4") and "Bad at Z40" in said["Not placed"]


async def test_teams_names_tokens_by_label_or_colour_and_the_rest_with_a_star(
    gm: Context,
) -> None:
    """Issue 40 item 13: a label wins over a colour, a colour over *."""
    paste = '"B1r-Goblin_1 C1r-Goblin_2 D1g-Wolf E1-Cy F1~00f-Ari"'
    await run(gm, f'/encounter import text:{paste} teams:"pc:Goblin 2, ~0000ff; foes:*; npc:g"')
    made = await tokens(gm.store)
    teams = {name: made[name]["team"] for name in made}
    assert teams == {
        "Goblin 1": "enemy",
        "Goblin 2": "party",
        "Wolf": "neutral",
        "Cy": "enemy",
        "Ari": "party",
    }


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ('/encounter import text:"300x10 A1-X"', "1 to 200 squares"),
        ('/encounter import text:A1r-Bob teams:"party:Bob enemy:bob"', "on two teams"),
        ("/encounter import text:A1r-Bob teams:gods:Bob", '"gods" is no team'),
        ("/encounter import text:A1r-Bob teams:Bob", "names a team, then who"),
        ('/encounter import text:"{}" teams:party:Bob', "an export keeps its own"),
        ('/encounter import text:"hello"', "Nothing to read as a board"),
        ('/encounter import text:"D4Mq-X"', "Nothing to read as a board"),
        ("/encounter import", "Give the board"),
        ('/encounter import text:"{}"', "not a Stride export"),
        ('/encounter import text:"{not json"', "can't be read"),
    ],
)
async def test_bad_boards_are_refused_naming_the_bad_part(
    gm: Context, line: str, says: str
) -> None:
    await refused(gm, line, InvalidInput, says.replace("(", r"\(").replace("?", r"\?"))
    assert await state(gm.store) is None


async def test_files_that_are_too_big_or_not_text_are_refused(gm: Context, tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * (MAX_UPLOAD_BYTES + 1))
    await refused(gm, f"/encounter import file:{big}", InvalidInput, "at most 1,000,000")
    binary = tmp_path / "map.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    await refused(gm, f"/encounter import file:{binary}", InvalidInput, "is not text")
    await refused(gm, f"/encounter import file:{tmp_path / 'none.json'}", InvalidInput, "read")
    assert await state(gm.store) is None


sizes = st.sampled_from([Size.SMALL, Size.MEDIUM, Size.LARGE, Size.TINY])
teams = st.sampled_from(["party", "enemy", "neutral"])


@settings(max_examples=50, suppress_health_check=[HealthCheck.too_slow])
@given(
    placed=st.lists(st.tuples(st.integers(0, 30), st.integers(0, 30), sizes, teams), max_size=12),
    conditions=st.lists(st.sampled_from(["prone", "grappled", "slowed"]), max_size=2),
)
def test_export_and_import_are_inverse(
    placed: list[tuple[int, int, Size, str]], conditions: list[str]
) -> None:
    encounter = Encounter(32, 32, "epic-path", gm_id="1001")
    taken: set[Cell] = set()
    for i, (col, row, size, team) in enumerate(placed):
        token = Token(f"T {i}", Cell(col, row), size=size, team=team)  # type: ignore[arg-type]
        space = set(footprint(token.cell, 2 if size is Size.LARGE else 1))
        if space & taken:
            continue  # a board the rules allow: one creature a square here
        taken |= space
        encounter = encounter.with_token(token)
    if encounter.tokens and conditions:
        first = next(iter(encounter.tokens.values()))
        encounter = encounter.with_token(
            Token(first.name, first.cell, size=first.size, conditions=frozenset(conditions))
        )
    back = from_export(export_json(encounter), "1001", board_rules())
    assert to_json(back) == to_json(encounter)
    assert notation_of(back) == notation_of(encounter)
