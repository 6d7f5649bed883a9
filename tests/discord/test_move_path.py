"""/move path: on Discord (issue 29): directions typed on a phone move the token
through the interaction path; a bad direction is answered to the user alone."""

from __future__ import annotations

from bot.discord.dispatch import dispatch
from bot.storage import Store
from tests.discord.fakes import FakeInteraction


async def test_a_directional_move_on_discord(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 10, "height": 10, "ruleset": "5e"})
    await dispatch(gm, "token add", {"name": "Ari", "at": "E5", "owner": "78"})
    player = FakeInteraction(store, user_id=78)
    await dispatch(player, "move", {"token": "Ari", "path": "10nw 5n"})
    moved = player.sent[-1]
    assert not moved.ephemeral and moved.embed is not None
    assert moved.embed.title.startswith("Ari moves to C2")
    await dispatch(player, "move", {"token": "Ari", "path": "north"})
    refused = player.sent[-1]
    assert refused.ephemeral
    stored = await store.active_encounter("4242")
    assert stored is not None and str(stored.encounter.token("Ari").cell) == "C2"
