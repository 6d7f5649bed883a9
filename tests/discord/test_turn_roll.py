"""/turn roll on Discord (issue 29): a player types their own initiative through the
interaction path; another's token is refused to them alone, and nothing changes."""

from __future__ import annotations

from bot.discord.dispatch import dispatch
from bot.storage import Store
from tests.discord.fakes import FakeInteraction


def gm(store: Store) -> FakeInteraction:
    return FakeInteraction(store, manage_channels=True)


async def test_a_player_types_their_own_initiative(store: Store) -> None:
    await dispatch(gm(store), "encounter start", {"width": 8, "height": 8, "ruleset": "5e"})
    await dispatch(gm(store), "token add", {"name": "Ari", "owner": "78", "init": 3})
    await dispatch(gm(store), "token add", {"name": "Orc"})
    player = FakeInteraction(store, user_id=78)
    await dispatch(player, "turn roll", {"token": "Ari", "value": 18})
    answer = player.sent[-1]
    assert not answer.ephemeral and answer.embed is not None
    assert answer.embed.title == "Ari rolls initiative 18; /turn order roll:true starts the order"
    await dispatch(player, "turn roll", {"token": "Orc", "value": 20})
    refused = player.sent[-1]
    assert refused.ephemeral
    stored = await store.active_encounter("4242")
    assert stored is not None
    assert stored.encounter.token("Ari").initiative == 18
    assert stored.encounter.token("Orc").initiative is None
