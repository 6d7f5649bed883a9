"""Scenes from another channel (issue 29): a GM prepares rooms in a private channel
and loads them where the table plays, /encounter load name: from:<#channel>."""

from __future__ import annotations

import json
import random

from bot.context import Context
from bot.errors import InvalidInput, NotAllowed
from bot.storage import Store
from bot.user_ids import name_id
from tests.handlers.encounter_helpers import refused, run, state, tokens

PREP, TABLE = "1111", "2222"


def in_channel(store: Store, channel: str, user: str = "dm", *, gm: bool = True) -> Context:
    return Context(store, channel, name_id(user), is_gm=gm, rng=random.Random(1))


async def test_a_scene_prepared_in_another_channel_loads_here(store: Store) -> None:
    prep = in_channel(store, PREP)
    await run(prep, "/encounter start width:12 height:9", "/token add name:Ogre at:F5")
    await run(prep, "/encounter save name:Crypt")
    table = in_channel(store, TABLE)
    listed = await run(table, f"/encounter scenes from:<#{PREP}>")
    assert listed.result["scenes"][0]["name"] == "Crypt"
    loaded = await run(table, f"/encounter load name:Crypt from:<#{PREP}>")
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
    await refused(table, f"/encounter load name:Vault from:{PREP}", InvalidInput, f"in <#{PREP}>")
    await refused(table, "/encounter load name:Crypt from:#prep", InvalidInput, "a channel")
    player = in_channel(store, TABLE, "eve", gm=False)
    await refused(player, f"/encounter load name:Crypt from:{PREP}", NotAllowed, "Only a GM")
    assert await state(store, TABLE) is None
