"""/move bonus: on Discord (issue 28): offered as a choice of the slash command, and a
Cunning Action Disengage ruled through the interaction path, as a player sees it."""

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


@pytest.fixture
async def bot(settings: Settings) -> AsyncIterator[StrideBot]:
    stride = StrideBot(settings)
    for name in extension_names():
        await stride.load_extension(name)
    yield stride
    await stride.close()


def move_command(bot: StrideBot) -> app_commands.Command[Any, ..., Any]:
    return next(
        c
        for c in bot.tree.walk_commands()
        if isinstance(c, app_commands.Command) and c.qualified_name == "move"
    )


async def test_move_offers_bonus_dash_and_disengage(bot: StrideBot) -> None:
    bonus = next(p for p in move_command(bot).parameters if p.name == "bonus")
    assert [c.value for c in bonus.choices] == ["dash", "disengage"]
    assert not bonus.required


@pytest.mark.parametrize("ruleset", ["5e", "5e-2024"])
async def test_srd_bonus_disengage_on_discord_provokes_nothing(store: Store, ruleset: str) -> None:
    """SRD 5.1 Disengage, Bonus Actions; SRD 5.2 Disengage, Bonus Action: a rogue's
    Cunning Action on Discord: the embed says Disengage, and no opportunity attack."""
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"ruleset": ruleset, "width": 10, "height": 10})
    await dispatch(gm, "token add", {"name": "Ari", "at": "B2", "team": "party", "owner": "77"})
    await dispatch(gm, "token add", {"name": "Orc", "at": "C2", "team": "enemy"})
    player = FakeInteraction(store)
    asked = {"token": "Ari", "to": "B8", "action": "dash", "bonus": "disengage"}
    await dispatch(player, "move", asked)
    sent = player.sent[-1]
    assert not sent.ephemeral
    embed = sent.embed
    assert embed.title is not None and embed.title.startswith("Ari moves to B8")
    fields = {f.name: f.value or "" for f in embed.fields}
    assert "no opportunity attacks" in fields["Disengage"]
    assert "Provokes" not in fields
    assert "Disengage" in (embed.footer.text or "")
    stored = await store.active_encounter("4242")
    assert stored is not None and str(stored.encounter.token("Ari").cell) == "B8"
