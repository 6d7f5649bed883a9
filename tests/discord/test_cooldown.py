"""A user who floods /move or /map is told to slow down, privately; nothing changes
and other users are not slowed (the interaction path)."""

from __future__ import annotations

import pytest

import bot.discord.dispatch as dispatching
from bot.cooldown import BURST, Cooldown
from bot.discord.dispatch import dispatch
from bot.storage import Store
from tests.discord.fakes import FakeInteraction


@pytest.fixture(autouse=True)
def fresh_cooldown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dispatching, "COOLDOWN", Cooldown())


async def test_flooding_map_is_refused_privately_and_others_still_run(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 6, "height": 6})
    for _ in range(BURST):
        asking = FakeInteraction(store, manage_channels=True)
        await dispatch(asking, "map", {})
        assert not asking.sent[0].ephemeral
    flood = FakeInteraction(store, manage_channels=True)
    await dispatch(flood, "map", {})
    (refused,) = flood.sent
    assert refused.ephemeral
    assert "Slow down" in (refused.embed.description or "")
    other = FakeInteraction(store, manage_channels=True, user_id=78)
    await dispatch(other, "map", {})
    assert not other.sent[0].ephemeral


async def test_cheap_commands_are_never_slowed(store: Store) -> None:
    for _ in range(3 * BURST):
        asking = FakeInteraction(store)
        await dispatch(asking, "fall", {"height": 30})
        assert not asking.sent[0].ephemeral
