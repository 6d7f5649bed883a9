"""/turn add and /turn remove through the interaction path: a late combatant joins the
running order without restarting the fight."""

from __future__ import annotations

from bot.discord_glue import dispatch
from bot.storage import Store
from tests.discord.fakes import FakeInteraction


async def test_turn_add_keeps_the_round_on_discord(store: Store) -> None:
    def gm() -> FakeInteraction:
        return FakeInteraction(store, manage_channels=True)

    await dispatch(gm(), "encounter start", {"width": 8, "height": 8})
    for name in ("Ari", "Goblin", "Bo"):
        await dispatch(gm(), "token add", {"name": name})
    await dispatch(gm(), "turn order", {"order": "Ari, Goblin"})
    await dispatch(gm(), "turn next", {})
    asking = gm()
    await dispatch(asking, "turn add", {"token": '"Bo"', "after": "Ari"})  # quotes forgiven
    (sent,) = asking.sent
    assert not sent.ephemeral
    fields = {f.name: f.value or "" for f in sent.embed.fields}
    assert fields["Order"].splitlines() == ["1. Ari", "2. Bo", "3. Goblin ← acting"]
    assert "Round 1" in fields["Turn"]
