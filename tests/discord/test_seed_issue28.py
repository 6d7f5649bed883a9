"""Issue 28's seed exceptions as a Discord user sees them, through the interaction
path: 004 Overrun's shunt back and 004 Reach, Internal Flanking's tumble."""

from __future__ import annotations

from bot.discord.dispatch import dispatch
from bot.storage import Store
from tests.discord.fakes import FakeInteraction

CHANNEL = "4242"  # FakeInteraction's channel


def shown(interaction: FakeInteraction) -> str:
    embed = interaction.sent[-1].embed
    parts = [embed.title or "", embed.description or ""]
    parts += [f"{f.name}: {f.value}" for f in embed.fields]
    return "\n".join(parts)


async def test_seed004_overrun_failure_shunt_and_tumble_on_discord(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True, user_id=1)
    await dispatch(gm, "encounter start", {"width": 12, "height": 10, "ruleset": "epic-path"})
    for name, at, team in (("Ari", "A5", "party"), ("Bo", "C5", "party"), ("Cy", "D5", "party")):
        await dispatch(gm, "token add", {"name": name, "at": at, "team": team})
    await dispatch(gm, "token add", {"name": "Orc", "at": "E5"})
    await dispatch(
        gm, "move", {"token": "Ari", "to": "F5", "through": "overrun", "via": "E5", "preview": True}
    )
    assert "a failure stops Ari at B5" in shown(gm)
    stored = await store.active_encounter(CHANNEL)
    assert stored is not None
    before = stored.state_json
    await dispatch(gm, "move", {"token": "Ari", "to": "F5", "through": "tumble", "via": "E5"})
    assert gm.sent[-1].ephemeral and "Overrun" in shown(gm)
    after = await store.active_encounter(CHANNEL)
    assert after is not None and after.state_json == before
