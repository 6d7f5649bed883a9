"""Issue 41 as a Discord user sees it, through the interaction path: SRD 5.1 Combat ›
Your Turn's one action (a second Dash refused, ephemeral, nothing changed), the GM's
extra_action: named in the reply and refused to a player with who grants it, and SRD
Combat › Opportunity Attacks' sight (a blinded Orc: no attack, and the reply says why)."""

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


async def stored(store: Store) -> str:
    active = await store.active_encounter(CHANNEL)
    assert active is not None
    return active.state_json


async def test_srd_your_turn_and_extra_action_on_discord(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True, user_id=1)
    player = FakeInteraction(store, user_id=77)
    await dispatch(gm, "encounter start", {"width": 12, "height": 10, "ruleset": "5e"})
    await dispatch(gm, "token add", {"name": "Ari", "at": "A1", "team": "party", "owner": "77"})
    await dispatch(player, "move", {"token": "Ari", "to": "B1", "action": "dash"})
    before = await stored(store)
    await dispatch(player, "move", {"token": "Ari", "to": "C1", "action": "dash"})
    assert player.sent[-1].ephemeral
    assert "taken its action this turn already" in shown(player)
    await dispatch(
        player, "move", {"token": "Ari", "to": "C1", "action": "dash", "extra_action": "haste"}
    )
    assert player.sent[-1].ephemeral and "Only the GM can grant an extra action" in shown(player)
    assert await stored(store) == before
    await dispatch(
        gm, "move", {"token": "Ari", "to": "C1", "action": "dash", "extra_action": "action-surge"}
    )
    assert "Action Surge" in shown(gm)
    assert await stored(store) != before


async def test_srd_opportunity_attacks_need_sight_on_discord(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True, user_id=1)
    await dispatch(gm, "encounter start", {"width": 12, "height": 10, "ruleset": "5e-2024"})
    await dispatch(gm, "token add", {"name": "Ari", "at": "A1", "team": "party"})
    await dispatch(gm, "token add", {"name": "Orc", "at": "B1"})
    await dispatch(gm, "token condition", {"token": "Orc", "add": "blinded"})
    await dispatch(gm, "move", {"token": "Ari", "to": "A5"})
    text = shown(gm)
    assert "Orc is blinded: no opportunity attack" in text
    assert "Provokes" not in text
