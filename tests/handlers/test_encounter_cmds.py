"""/encounter start, show and end."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bot.context import Context
from bot.errors import InvalidInput, NotAllowed
from bot.handlers import COMMANDS
from bot.storage import Store
from bot.user_ids import name_id
from tests.handlers.encounter_helpers import ask_json, person, refused, run, state, tokens
from tests.test_architecture import FORBIDDEN, ROOT, imported_roots


async def test_start_makes_a_20_by_20_map_with_the_starter_as_gm(store: Store):
    sam = person(store, "sam")  # no Manage Channels
    reply = await run(sam, "/encounter start")
    assert reply.title == "Encounter started: 20×20 map, 5 ft squares"
    assert reply.result["width"] == reply.result["height"] == 20
    assert reply.result["gm"] == name_id("sam")
    assert reply.result["round"] == 1 and reply.result["acting"] is None
    assert json.loads(await state(store) or "")["gm_id"] == name_id("sam")
    # no "Turn" line before a turn order exists: it would only be noise on a phone
    assert not any(f.name == "Turn" for f in reply.fields)
    # the starter is the GM: they may end it without Manage Channels
    assert (await run(sam, "/encounter end confirm:true")).result["archived"] is True


async def test_start_says_once_that_the_channel_has_no_ruleset(gm: Context):
    """Issue 5 item 13: the first reply in a channel without a ruleset says which it used."""
    first = await run(gm, "/encounter start")
    assert any("5e-alt (the default)" in f.value for f in first.fields)
    assert first.result["ruleset"] == "5e-alt"
    await run(gm, "/encounter end confirm:true")
    again = await run(gm, "/encounter start")
    assert not any(f.name == "Ruleset" and "default" in f.value for f in again.fields)


async def test_start_takes_size_and_ruleset(gm: Context):
    reply = await run(gm, "/encounter start width:30 height:12 ruleset:becmi")
    assert (reply.result["width"], reply.result["height"]) == (30, 12)
    assert reply.result["ruleset"] == "becmi"
    assert reply.result["square_ft"] == 10  # seed 003 "Map Scales"
    assert "A1–AD12" in reply.fields[0].value


async def test_the_channel_ruleset_is_the_default(gm: Context):
    await run(gm, "/ruleset set system:3.5", "/encounter start")
    assert json.loads(await state(gm.store) or "")["ruleset"] == "3.5"


async def test_start_refuses_sizes_off_the_range(gm: Context):
    for line in ("/encounter start width:0", "/encounter start height:201"):
        await refused(gm, line, InvalidInput, "from 1 to 200")
    assert await state(gm.store) is None


async def test_start_refuses_while_one_runs(gm: Context, player: Context):
    await run(gm, "/encounter start width:10 height:10", "/token add name:Ari")
    error = await refused(player, "/encounter start", InvalidInput, "already running")
    assert "10×10 squares" in str(error) and "/encounter end confirm:true" in str(error)


async def test_two_starts_at_once_make_one_encounter(store: Store):
    a, b = person(store, "a"), person(store, "b")
    results = await asyncio.gather(
        run(a, "/encounter start"), run(b, "/encounter start"), return_exceptions=True
    )
    assert sum(isinstance(r, InvalidInput) for r in results) == 1
    assert len(await store.history("table-1", 10)) == 1


async def test_commands_without_an_encounter_say_how_to_start_one(player: Context):
    for line in ("/encounter show", "/token add name:Ari", "/turn next", "/terrain clear"):
        await refused(
            player,
            line,
            InvalidInput,
            "No encounter is running in this channel. Start one with /encounter start.",
        )


async def test_show_lists_tokens_terrain_and_the_board(gm: Context, player: Context):
    await run(
        gm,
        "/encounter start width:8 height:6",
        "/token add name:Ogre size:large at:C2 team:enemy",
        '/terrain set cells:"A4-D4 H1" kind:wall',
        "/terrain set cells:E5:F6 kind:difficult",
        "/token condition token:Ogre add:prone",
    )
    await run(player, "/token add name:Ari at:A1")
    reply = await run(player, "/encounter show")
    r = reply.result
    assert (r["width"], r["height"], r["ruleset"], r["square_ft"]) == (8, 6, "5e-alt", 5)
    assert r["terrain"] == {"difficult": 4, "wall": 5}
    ogre, ari = r["tokens"]
    assert ogre["name"] == "Ogre" and ogre["cell"] == "C2" and ogre["size"] == "large"
    assert ogre["cells"] == ["C2", "D2", "C3", "D3"]
    assert ogre["team"] == "enemy" and ogre["owner"] is None and ogre["conditions"] == ["prone"]
    assert ari["owner"] == name_id("ari") and ari["team"] == "party"
    assert isinstance(ari["speed_ft"], int)
    assert r["board"].splitlines() == [  # each token by its picture's label (issue 40)
        "  A  B  C  D  E  F  G  H",
        "1 Ar .  .  .  .  .  .  #",
        "2 .  .  Ogre  .  .  .  .",
        '3 .  .  "  "  .  .  .  .',
        "4 #  #  #  #  .  .  .  .",
        "5 .  .  .  .  :  :  .  .",
        "6 .  .  .  .  :  :  .  .",
    ]
    assert "`Ogre` Ogre — C2 · Large, 2×2 squares · enemy" in reply.fields[1].value
    assert "`Ar` Ari — A1" in reply.fields[1].value
    assert reply.title == "Encounter: 8×6 map, 2 tokens"
    assert not any(f.name == "Turn" for f in reply.fields)


async def test_show_draws_two_letter_columns_and_refuses_only_huge_maps(gm: Context):
    await run(gm, "/encounter start width:28 height:3", "/token add name:Zed at:AB3")
    board = (await run(gm, "/encounter show")).result["board"].splitlines()
    assert board[0] == "  " + "".join(f"{c}  " for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ") + "AA AB"
    assert board[-1].endswith(".  Ze")
    await run(gm, "/encounter end confirm:true", "/encounter start width:28 height:3")
    board = (await run(gm, "/encounter show")).result["board"].splitlines()
    assert board[:2] == ["  " + " " * 26 + "AA", "  ABCDEFGHIJKLMNOPQRSTUVWXYZAB"]  # no tokens
    await run(gm, "/encounter end confirm:true", "/encounter start width:41 height:10")
    big = await run(gm, "/encounter show")
    assert big.result["board"] is None
    assert "too big to draw as text" in big.description


async def test_tokens_sharing_an_initial_get_different_labels(gm: Context):
    await run(gm, "/encounter start width:5 height:1")
    for name in ("Goblin 1", "Goblin 2", "Gnoll"):
        await run(gm, f'/token add name:"{name}"')
    board = (await run(gm, "/encounter show")).result["board"].splitlines()
    assert board[-1] == "1 G1 G2 Gn .  ."  # as the picture labels them


async def test_end_asks_for_confirmation_and_archives(gm: Context, player: Context):
    await run(gm, "/encounter start width:10 height:10", "/token add name:Ari")
    await refused(player, "/encounter end confirm:true", NotAllowed, "Only the GM can end")
    before = await state(gm.store)
    ask = await run(gm, "/encounter end")
    assert "confirm:true" in ask.title and ask.result["archived"] is False
    assert "1 token" in ask.fields[0].value
    assert await state(gm.store) == before
    done = await run(gm, "/encounter end confirm:true")
    assert done.result["archived"] is True
    assert await state(gm.store) is None
    (archived,) = await gm.store.archived_encounters("table-1")
    assert archived.state_json == before  # archived, not deleted
    back = await run(gm, "/undo")
    assert back.result["undone"]["command"] == "encounter end"
    assert await state(gm.store) == before


async def test_the_encounter_survives_reopening_the_database(tmp_path: Path):
    path = tmp_path / "stride.db"
    first = await Store.open(path)
    gm = person(first, "dm", gm=True)
    await run(
        gm,
        "/encounter start width:12 height:9",
        "/token add name:Ari at:B2",
        "/terrain set cells:C3 kind:water",
        '/turn order order:"Ari"',
    )
    before = await state(first)
    await first.close()
    again = await Store.open(path)
    try:
        assert await state(again) == before
        reply = await run(person(again, "dm", gm=True), "/encounter show")
        assert reply.result["acting"] == "Ari" and reply.result["terrain"] == {"water": 1}
        assert len(await again.history("table-1", 50)) == 4
    finally:
        await again.close()


async def test_changes_at_once_in_one_channel_lose_nothing(gm: Context):
    """Issue 3: every change in a channel is serialized."""
    await run(gm, "/encounter start")
    await asyncio.gather(*(run(gm, f"/token add name:T{i}") for i in range(12)))
    assert sorted(await tokens(gm.store)) == sorted(f"T{i}" for i in range(12))
    assert len(await gm.store.history("table-1", 50)) == 13


async def test_encounter_commands_are_declared_for_discord_and_the_console():
    for name in ("encounter start", "encounter end"):
        assert COMMANDS[name].changes_state
    assert not COMMANDS["encounter show"].changes_state


async def test_console_json(store: Store):
    code, data = await ask_json(store, "/encounter start width:6 height:4")
    assert code == 0 and data["ok"] is True
    code, data = await ask_json(store, "/encounter show")
    result = data["result"]
    for key in ("width", "height", "ruleset", "square_ft", "round", "acting", "tokens", "terrain"):
        assert key in result
    code, data = await ask_json(store, "/encounter start")
    assert code != 0 and "already running" in data["error"]


def test_the_encounter_changes_are_pure_functions():
    """Functional core: the changes and the text board import no I/O library."""
    ops = sorted((ROOT / "bot" / "encounter_ops").rglob("*.py"))
    for path in [*ops, ROOT / "bot" / "board_text.py"]:
        assert not imported_roots(path) & FORBIDDEN, path.name


@pytest.mark.parametrize("side", [24, 40])
async def test_a_full_board_fits_one_discord_message(gm: Context, side: int):
    """A board with 100 tokens: the text board arrives whole where it fits with the
    tokens' labels (24×24), else the reply says so (40×40); the token list gives way."""
    await run(gm, f"/encounter start width:{side} height:{side}")
    for i in range(100):
        await run(gm, f'/token add name:"Goblin warrior {i}" team:enemy')
    reply = await run(gm, "/encounter show")
    assert len(reply.result["tokens"]) == 100
    total = len(reply.title) + len(reply.footer) + len(reply.description)
    total += sum(len(f.name) + len(f.value) for f in reply.fields)
    assert total <= 6000 and len(reply.fields) <= 25
    assert all(len(f.value) <= 1024 for f in reply.fields)
    assert len(reply.description) <= 4096
    if side == 24:
        assert reply.description.count("```") == 2 and " GW9 G10 " in reply.description
    else:
        assert reply.description.startswith("The board is too big to draw as text")
    listed = "\n".join(f.value for f in reply.fields if f.name.startswith("Tokens"))
    assert listed.endswith("more tokens (the JSON result lists all)")
