"""Issue 17's scenes: boards kept under names per channel, loaded later (issue 17
"Scenes"); refusals change nothing; both databases keep them (tests/storage)."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.errors import InvalidInput, NotAllowed
from bot.storage import Store
from tests.handlers.encounter_helpers import person, refused, run, state, tokens


async def test_a_scene_is_saved_and_loaded_as_a_fresh_room(gm: Context, store: Store) -> None:
    await run(
        gm,
        "/encounter start width:8 height:8 ruleset:3.5",
        "/token add name:Orc at:H8",
        "/terrain set cells:C3 kind:difficult",
        "/turn order order:Orc",
        '/encounter save name:"Room 2"',
        "/move token:Orc to:G7",
    )
    listed = await run(gm, "/encounter scenes")
    assert [s["name"] for s in listed.result["scenes"]] == ["Room 2"]
    await refused(gm, '/encounter load name:"Room 2"', InvalidInput, "replace:true")
    loaded = await run(gm, '/encounter load name:"Room 2" replace:true')
    assert loaded.result["replaced"] is True
    assert (await tokens(store))["Orc"]["cell"] == "H8"  # as saved, before the move
    shown = await run(gm, "/encounter show")
    assert shown.result["order"] == [] and shown.result["terrain"] == {"difficult": 1}


async def test_saving_over_a_name_needs_replace_and_bad_asks_change_nothing(
    gm: Context, store: Store
) -> None:
    await run(gm, "/encounter start width:8 height:8", "/encounter save name:Crypt")
    await refused(gm, "/encounter save name:Crypt", InvalidInput, "saved here already")
    await run(gm, "/encounter save name:Crypt replace:true")
    await refused(gm, "/encounter load name:Nope", InvalidInput, "Scenes: Crypt")
    await refused(person(store, "bob"), "/encounter save name:Mine", NotAllowed)
    await refused(gm, f"/encounter save name:{'x' * 41}", InvalidInput, "up to 40 characters")
    await refused(person(store, "bob"), "/encounter scene delete name:Crypt", NotAllowed)
    await run(gm, "/encounter scene delete name:Crypt")
    await refused(gm, "/encounter scene delete name:Crypt", InvalidInput, "None are saved")


async def test_scenes_belong_to_their_channel(gm: Context, store: Store) -> None:
    await run(gm, "/encounter start width:8 height:8", "/encounter save name:Crypt")
    other = person(store, "dm", gm=True, channel="table-2")
    with pytest.raises(InvalidInput, match="None are saved"):
        await run(other, "/encounter load name:Crypt")
    assert await state(store, "table-2") is None


async def test_delete_needs_confirm_and_the_gm(gm: Context, store: Store) -> None:
    """Issue 17 "Data the users control": /encounter delete, with confirmation, purging
    its history (an /undo has nothing left to bring back)."""
    await run(gm, "/encounter start width:8 height:8", "/token add name:Orc at:H8")
    asked = await run(gm, "/encounter delete")
    assert asked.result["deleted"] is False and await state(store) is not None
    await refused(person(store, "bob"), "/encounter delete confirm:true", NotAllowed)
    done = await run(gm, "/encounter delete confirm:true")
    assert done.result["deleted"] is True
    assert await state(store) is None
    assert await store.history("table-1", 10) == []
    with pytest.raises(InvalidInput):
        await run(gm, "/undo")
