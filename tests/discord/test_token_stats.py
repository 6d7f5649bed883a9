"""/token stats through the interaction path (issue 28): a 5e player sets their token's
Strength on Discord, sees it on the token's line, and can then jump on the grid."""

from __future__ import annotations

from bot.discord.dispatch import dispatch
from bot.storage import Store
from tests.discord.fakes import FakeInteraction


async def test_srd_strength_set_with_token_stats_on_discord(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 8, "height": 8, "ruleset": "5e"})
    player = FakeInteraction(store)
    await dispatch(player, "token add", {"name": "Kit", "at": "B2"})
    asking = FakeInteraction(store)
    await dispatch(asking, "token stats", {"token": "Kit", "strength": 15, "carried_lb": 60})
    (sent,) = asking.sent
    assert not sent.ephemeral
    fields = {f.name: f.value or "" for f in sent.embed.fields}
    assert "Str 15" in fields["Token"] and "carries 60 lb" in fields["Token"]
    # out of range, as Discord's own range check would let a stale client send it
    wrong = FakeInteraction(store)
    await dispatch(wrong, "token stats", {"token": "Kit", "strength": 31})
    (refusal,) = wrong.sent
    assert refusal.ephemeral
    assert "strength" in (refusal.embed.description or "")
