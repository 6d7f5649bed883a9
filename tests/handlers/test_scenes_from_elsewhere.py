"""Scenes from another channel (issue 29): a GM prepares rooms in a private channel
and loads them where the table plays, /encounter load name: from:<#channel>. Read with
the asker's rights there, in the same server (issue 38: bot/handlers/elsewhere.py); the
shells resolve the channel (tests/discord/test_cross_channel_matrix.py runs both)."""

from __future__ import annotations

import json
import random

import pytest

from bot.context import Context
from bot.errors import InvalidInput, NotAllowed
from bot.handlers import COMMANDS
from bot.handlers import run as run_raw
from bot.named_channel import NamedChannel
from bot.storage import DamagedState, Store
from bot.user_ids import name_id
from tests.handlers.encounter_helpers import refused, run, state, tokens
from tests.schema.test_damaged_boards import damage

PREP, TABLE, SERVER = "1111", "2222", "1"
# the prep channel as a GM there sees it (Manage Channels there), and as a player does
AS_ITS_GM = NamedChannel(PREP, SERVER, visible=True, manages=True)
AS_A_PLAYER = NamedChannel(PREP, SERVER, visible=True)


def in_channel(store: Store, channel: str, user: str = "dm", *, gm: bool = True) -> Context:
    return Context(store, channel, name_id(user), is_gm=gm, rng=random.Random(1), guild_id=SERVER)


async def test_a_scene_prepared_in_another_channel_loads_here(store: Store) -> None:
    prep = in_channel(store, PREP)
    await run(prep, "/encounter start width:12 height:9", "/token add name:Ogre at:F5")
    await run(prep, "/encounter save name:Crypt")
    table = in_channel(store, TABLE)
    listed = await run_raw(table, COMMANDS["encounter scenes"], {"from": AS_ITS_GM})
    assert listed.result["scenes"][0]["name"] == "Crypt"
    load = COMMANDS["encounter load"]
    loaded = await run_raw(table, load, {"name": "Crypt", "from": AS_ITS_GM})
    assert loaded.title == "Scene loaded: Crypt" and loaded.result["from"] == PREP
    here = await state(store, TABLE)
    assert here is not None and json.loads(here)["width"] == 12
    assert list(await tokens(store, TABLE)) == ["Ogre"]
    assert await state(store, PREP) is not None  # the prep channel keeps its own


async def test_loading_from_elsewhere_is_refused_clearly_and_changes_nothing(
    store: Store,
) -> None:
    await run(in_channel(store, PREP), "/encounter start width:6 height:6")
    await run(in_channel(store, PREP), "/encounter save name:Crypt")
    table = in_channel(store, TABLE)
    load = COMMANDS["encounter load"]
    with pytest.raises(InvalidInput, match=f'No scene named "Vault" in <#{PREP}>. Scenes: Crypt.'):
        await run_raw(table, load, {"name": "Vault", "from": AS_ITS_GM})
    await refused(table, "/encounter load name:Crypt from:#prep", InvalidInput, "a channel")
    # a GM there but a player here: theirs to read, not theirs to load here
    eve = in_channel(store, TABLE, "eve", gm=False)
    with pytest.raises(NotAllowed, match="Only a GM"):
        await run_raw(eve, load, {"name": "Crypt", "from": AS_ITS_GM})
    assert await state(store, TABLE) is None


async def test_a_channel_typed_with_no_shell_to_resolve_it_reads_nothing(store: Store) -> None:
    """Text alone says nothing of the asker there (which a shell knows): it reads as a
    channel they can't see, never as one they may read."""
    await run(in_channel(store, PREP), "/encounter start width:6 height:6")
    await run(in_channel(store, PREP), "/encounter save name:Crypt")
    table = in_channel(store, TABLE)
    line = f"/encounter load name:Crypt from:<#{PREP}>"
    await refused(table, line, InvalidInput, f'"Crypt" in <#{PREP}>. None are saved')
    listed = await run(table, f"/encounter scenes from:<#{PREP}>")
    assert listed.title == "0 scenes saved in that channel" and listed.result["scenes"] == []
    # naming this very channel reads it as here, with the rights the command has here
    here = await run(in_channel(store, PREP), f"/encounter scenes from:<#{PREP}>")
    assert here.title == "1 scene saved in this channel"


async def test_the_gms_of_a_damaged_board_there_still_read_its_scenes(store: Store) -> None:
    """Who runs the encounter there is read as far as a damaged board lets it be (its GM
    and co-GMs), as /undo and /encounter end read it."""
    prep = in_channel(store, PREP, gm=False)
    await run(prep, "/encounter start width:6 height:6", "/encounter gm add user:cy")
    await run(prep, "/encounter save name:Crypt")
    await damage(store, PREP, lambda board: board.update(width=-3))
    assert isinstance(await store.active_or_damaged(PREP), DamagedState)
    scenes = COMMANDS["encounter scenes"]
    for user, read in (("dm", ["Crypt"]), ("cy", ["Crypt"]), ("eve", [])):
        asker = in_channel(store, TABLE, user, gm=False)
        listed = await run_raw(asker, scenes, {"from": AS_A_PLAYER})
        assert [s["name"] for s in listed.result["scenes"]] == read, user
