"""A player's flyer meeting a hidden flyer, as Discord shows it: heights count by the
5-ft cube (bot/rules/engine/unseen.py; docs/RULINGS.md, the fixes helper's block)."""

from __future__ import annotations

from bot.storage import Store
from tests.discord.test_reveal_news import Table


async def test_a_flyer_meets_a_hidden_flyer_in_the_same_5_ft_cube(store: Store) -> None:
    """bot/rules/engine/unseen.py, heights by the cube (docs/RULINGS.md, fixes helper):
    the player's Ari flying 14 ft up meets the hidden Lurker hovering 12 ft up (the same
    cube, 10 to 15 ft) and stops before it, told only that something blocks the way."""
    table = Table(store)
    await table.ask("encounter start", {"width": 10, "height": 6, "ruleset": "5e"})
    await table.ask(
        "token add", {"name": "Ari", "at": "A2", "team": "party", "owner": "78", "fly": 60}
    )
    await table.ask("token add", {"name": "Lurker", "at": "E2", "fly": 60, "hidden": True})
    await table.ask("token place", {"token": "Ari", "altitude": 14})
    await table.ask("token place", {"token": "Lurker", "altitude": 12})
    moving = await table.ask("move", {"token": "Ari", "to": "H2", "mode": "fly"}, gm=False)
    (sent,) = moving.sent
    fields = {f.name: f.value for f in sent.embed.fields}
    assert fields["Unseen"] == "Something blocks the way at E2."
    assert "Lurker" not in str(sent.embed.to_dict())
    stored = await store.active_encounter(str(moving.channel_id))
    assert stored is not None and str(stored.encounter.token("Ari").cell) == "D2"
