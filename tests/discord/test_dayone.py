"""What a GM reaches for on day one, through the interaction path: /distance (its
``from`` option is ``from_`` in Python), /move preview:true and /move without token:,
and bulk /token add and /token remove with a pattern."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from discord import app_commands

from bot.config import Settings
from bot.discord.app import StrideBot, extension_names
from bot.discord.dispatch import dispatch
from bot.storage import Store
from tests.discord.fakes import FakeInteraction

CHANNEL = "4242"  # FakeInteraction's channel


@pytest.fixture
async def bot(settings: Settings) -> AsyncIterator[StrideBot]:
    stride = StrideBot(settings)
    for name in extension_names():
        await stride.load_extension(name)
    yield stride
    await stride.close()


def command(bot: StrideBot, name: str) -> app_commands.Command[Any, ..., Any]:
    found = {
        c.qualified_name: c for c in bot.tree.walk_commands() if isinstance(c, app_commands.Command)
    }
    return found[name]


async def stored_json(store: Store) -> str:
    stored = await store.active_encounter(CHANNEL)
    assert stored is not None
    return stored.state_json


async def table(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True, user_id=1)
    await dispatch(gm, "encounter start", {"width": 10, "height": 10, "ruleset": "3.5"})
    await dispatch(gm, "token add", {"name": "Ari", "at": "A1", "team": "party", "owner": "77"})
    await dispatch(gm, "token add", {"name": "Goblin", "at": "E5"})


async def test_distance_from_a_players_token_on_discord(bot: StrideBot, store: Store) -> None:
    await table(store)
    before = await stored_json(store)
    player = FakeInteraction(store)  # user 77 owns Ari
    distance = command(bot, "distance")
    assert [p.display_name for p in distance.parameters] == ["to", "from"]
    await distance.callback(distance.binding, player, to="Goblin")  # type: ignore[arg-type]
    (sent,) = player.sent
    assert sent.embed.title == "Ari to Goblin: 30 ft — can get there this turn (move)"
    fields = {f.name: f.value for f in sent.embed.fields}
    assert fields["Cheapest way"] == "to D4, beside Goblin: 20 ft"
    assert await stored_json(store) == before


async def test_distance_from_option_reaches_the_handler(bot: StrideBot, store: Store) -> None:
    await table(store)
    asking = FakeInteraction(store)
    distance = command(bot, "distance")
    await distance.callback(distance.binding, asking, to="E5", from_="A1")  # type: ignore[arg-type]
    assert asking.sent[-1].embed.title == "A1 to E5: 30 ft"


async def test_a_bad_distance_is_refused_privately(store: Store) -> None:
    await table(store)
    before = await stored_json(store)
    asking = FakeInteraction(store)
    await dispatch(asking, "distance", {"to": "Z99", "from": "Ari"})
    (sent,) = asking.sent
    assert sent.ephemeral
    assert await stored_json(store) == before


async def test_move_preview_on_discord_changes_nothing(store: Store) -> None:
    await table(store)
    before = await stored_json(store)
    player = FakeInteraction(store)
    await dispatch(player, "move", {"to": "C3", "preview": True})  # token: left out: Ari
    sent = player.sent[-1]
    assert sent.embed.title is not None and sent.embed.title.startswith("Preview: Ari moves to C3")
    assert await stored_json(store) == before


async def test_move_without_token_on_discord(store: Store) -> None:
    await table(store)
    player = FakeInteraction(store)
    await dispatch(player, "move", {"to": "B2"})
    stored = await store.active_encounter(CHANNEL)
    assert stored is not None and str(stored.encounter.token("Ari").cell) == "B2"
    stranger = FakeInteraction(store, user_id=88)
    before = await stored_json(store)
    await dispatch(stranger, "move", {"to": "C3"})
    assert stranger.sent[-1].ephemeral
    assert await stored_json(store) == before


async def test_bulk_add_and_pattern_remove_through_the_cogs(bot: StrideBot, store: Store) -> None:
    await table(store)
    add, remove = command(bot, "token add"), command(bot, "token remove")
    count = next(p for p in add.parameters if p.name == "count")
    assert (count.min_value, count.max_value) == (1, 20)
    gm = FakeInteraction(store, manage_channels=True, user_id=1)
    await add.callback(add.binding, gm, name="Orc", count=3, at="G2 H2")  # type: ignore[arg-type]
    assert gm.sent[-1].embed.title == "3 tokens added: Orc 1 to Orc 3"
    stored = await store.active_encounter(CHANNEL)
    assert stored is not None
    assert [str(stored.encounter.token(f"Orc {i}").cell) for i in (1, 2)] == ["G2", "H2"]
    gm = FakeInteraction(store, manage_channels=True, user_id=1)
    await remove.callback(remove.binding, gm, token="orc*")  # type: ignore[arg-type]
    assert gm.sent[-1].embed.title == "3 tokens removed from the map"
    stored = await store.active_encounter(CHANNEL)
    assert stored is not None and sorted(stored.encounter.tokens) == ["ari", "goblin"]


async def test_a_bulk_add_refused_on_discord_changes_nothing(store: Store) -> None:
    await table(store)
    before = await stored_json(store)
    gm = FakeInteraction(store, manage_channels=True, user_id=1)
    await dispatch(gm, "token add", {"name": "Orc", "count": 2, "at": "A1 B1 C1"})
    assert gm.sent[-1].ephemeral
    gm = FakeInteraction(store, manage_channels=True, user_id=1)
    await dispatch(gm, "token add", {"name": "Orc", "count": 50})
    assert gm.sent[-1].ephemeral
    assert await stored_json(store) == before
