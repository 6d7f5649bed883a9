"""Issue 38, "A stored value can break every look": every user a board holds is a Discord
id (a snowflake). An import naming anyone else is refused, naming the field; a board
stored before that (an import of "player.one", the console's "console-gm") still reads,
mended, and its GM is told once what changed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.context import Context
from bot.errors import InvalidInput
from bot.handlers.board_rules import board_rules
from bot.reply import Reply
from bot.schema.read import InvalidState, read_state
from bot.storage import DamagedBoard, Store
from bot.storage.mended import MENDED
from bot.user_ids import MAX_SNOWFLAKE, is_snowflake, name_id
from tests.handlers.encounter_helpers import CHANNEL, person, run
from tests.schema.test_damaged_boards import damage, state

BOARD: dict[str, Any] = {
    "width": 8,
    "height": 8,
    "ruleset": "5e",
    "gm_id": "999",
    "tokens": [
        {"name": "Ari", "cell": "A1", "owner": "77", "team": "party"},
        {"name": "Orc", "cell": "E5", "team": "enemy"},
    ],
}


@pytest.mark.parametrize("text", ["0", "77", "1305483953210998834", str(MAX_SNOWFLAKE)])
def test_a_discord_id_is_a_user(text: str) -> None:
    assert is_snowflake(text)
    read_state(json.dumps({**BOARD, "gm_id": text, "co_gms": [text]}), board_rules())


@pytest.mark.parametrize(
    "text",
    ["", "player.one", "console-gm", "²", "١٢٣", "-1", " 77", "77 ", "1" * 21, str(2**64)],
)
def test_nothing_else_is_a_user_anywhere_the_board_holds_one(text: str) -> None:
    """Superscript and Arabic-Indic digits pass ``str.isdigit`` and fail ``int``: refused."""
    assert not is_snowflake(text)
    board = {**BOARD, "co_gms": ["77"]}
    places = {
        "tokens[0].owner": lambda b: b["tokens"][0].update(owner=text),
        "gm_id": lambda b: b.update(gm_id=text),
        "co_gms[0]": lambda b: b.update(co_gms=[text]),
        "templates[0].placed_by": lambda b: b.update(
            templates=[
                {"name": "Fog", "shape": "circle", "size_ft": 10, "at": "C3", "placed_by": text}
            ]
        ),
    }
    for where, edit in places.items():
        edited = json.loads(json.dumps(board))
        edit(edited)
        with pytest.raises(InvalidState) as refusal:
            read_state(json.dumps(edited), board_rules())
        assert f"{where}: should be a Discord user id" in refusal.value.message


async def test_an_import_with_owner_player_one_is_refused_naming_the_field(
    gm: Context, tmp_path: Path
) -> None:
    """The issue's import: refused, the field named with what is accepted, and nothing
    is stored (so no reminder can ever be made of it)."""
    board = {**BOARD, "tokens": [{**BOARD["tokens"][0], "owner": "player.one"}]}
    path = tmp_path / "board.json"
    export = {"format": "stride-encounter", "version": 1, "state": board}
    path.write_text(json.dumps(export))
    with pytest.raises(InvalidInput) as refusal:
        await run(gm, f"/encounter import file:{path}")
    message = refusal.value.message
    assert "tokens[0].owner" in message and "'player.one'" in message
    assert "should be a Discord user id (1 to 20 digits, below 2**64)" in message
    assert await gm.store.active_encounter(gm.channel_id) is None


# ----------------------------------------------------- boards stored before


async def fight(gm: Context) -> None:
    await run(
        gm,
        "/encounter start width:10 height:10 ruleset:5e",
        "/token add name:Ari at:B2 owner:<@77>",
        "/token add name:Orc at:H8",
        '/turn order order:"Ari, Orc"',
    )


def owned_by_player_one(board: dict[str, Any]) -> None:
    """What an older Stride stored for the issue's import (its pattern took the name)."""
    board["tokens"][0]["owner"] = "player.one"


def told(reply: Reply) -> list[str]:
    return [f.value for f in reply.private_fields if f.name == MENDED]


async def test_a_stored_owner_player_one_loads_dropped_and_the_gm_is_told_once(
    gm: Context,
) -> None:
    await fight(gm)
    await damage(gm.store, CHANNEL, owned_by_player_one)
    history = await gm.store.history(CHANNEL, 50)

    first = await run(gm, "/encounter show")  # a look: read, not damaged
    (note,) = told(first)
    assert '"player.one"' in note and "Ari is the GM's now" in note
    stored = json.loads(await state(gm.store) or "")
    assert stored["tokens"][0]["owner"] is None  # written back mended
    assert "player.one" not in json.dumps(stored)
    assert await gm.store.history(CHANNEL, 50) == history  # no one's command: no line

    second = await run(gm, "/encounter show")
    assert told(second) == []  # once
    await run(gm, "/turn next")  # the turn path reads it too: Ari's owner is the GM


async def test_a_players_look_mends_it_and_the_note_waits_for_the_gm(gm: Context) -> None:
    await fight(gm)
    await damage(gm.store, CHANNEL, owned_by_player_one)
    player = person(gm.store, "77")
    assert told(await run(player, "/map")) == []  # for the GM's eyes only
    assert told(await run(gm, "/turn show"))
    assert not told(await run(gm, "/turn show"))


async def test_the_consoles_old_gm_name_keeps_the_table_and_a_named_co_gm_is_dropped(
    store: Store,
) -> None:
    """A console board from before: its GM "console-gm" is read as the id that name
    stands for now, so the console's default user still runs it, without Manage
    Channels too; a co-GM named "cy" is dropped (added again by name, they are back)."""
    console_gm = person(store, "console-gm", gm=True)
    await run(console_gm, "/encounter start width:6 height:6", "/token add name:Orc at:A1")

    def stored_by_names(board: dict[str, Any]) -> None:
        board["gm_id"] = "console-gm"
        board["co_gms"] = ["cy", "77"]

    await damage(store, CHANNEL, stored_by_names)
    as_player = person(store, "console-gm")  # the encounter's own GM, not a manager
    (note,) = told(await run(as_player, "/move token:Orc to:B2"))
    assert 'the GM "console-gm"' in note and 'the co-GM "cy" is dropped' in note
    board = json.loads(await state(store) or "")
    assert board["gm_id"] == name_id("console-gm") and board["co_gms"] == ["77"]


async def test_a_board_with_more_wrong_than_its_ids_is_still_damaged(gm: Context) -> None:
    await fight(gm)

    def also_a_billion_feet_of_reach(board: dict[str, Any]) -> None:
        owned_by_player_one(board)
        board["tokens"][1]["reach_ft"] = 10**9

    await damage(gm.store, CHANNEL, also_a_billion_feet_of_reach)
    with pytest.raises(DamagedBoard) as damaged:
        await run(gm, "/encounter show")
    problems = " ".join(damaged.value.damaged.problems)
    assert "tokens[0].owner" in problems and "reach_ft" in problems
    assert "player.one" in (await state(gm.store) or "")  # nothing written


async def test_a_scene_saved_before_loads_mended_and_says_so(gm: Context) -> None:
    await fight(gm)
    await run(gm, "/encounter save name:camp")
    async with gm.store.backend.transaction() as db:
        row = await db.fetchone("SELECT state FROM scenes WHERE name = 'camp'")
        board = json.loads(str(row[0]))
        owned_by_player_one(board)
        await db.execute("UPDATE scenes SET state = ? WHERE name = 'camp'", json.dumps(board))
    loaded = await run(gm, "/encounter load name:camp replace:true")
    (said,) = told(loaded)  # the GM's alone: it may name a hidden token
    assert '"player.one"' in said
    stored = json.loads(await state(gm.store) or "")
    assert stored["tokens"][0]["owner"] is None
