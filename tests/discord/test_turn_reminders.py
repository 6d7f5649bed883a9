"""Turn reminders (issue 29, /settings remind_after:12h): a player's turn that has sat
that long pings its owner again, once per wait; the reminder is kept in the store, so
it survives a restart, and it is dropped when the turn has moved on."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bot.discord.dispatch import dispatch
from bot.discord.reminders import send_due_reminders
from bot.storage import Store
from tests.discord.fakes import FakeChannel, FakeInteraction

HOUR_S = 3600


class Client:
    """The client as reminders see it: the channels this process can see."""

    def __init__(self, *channels: FakeChannel) -> None:
        self.channels = {c.id: c for c in channels}

    def get_channel(self, channel_id: int) -> FakeChannel | None:
        return self.channels.get(channel_id)


def gm(store: Store) -> FakeInteraction:
    return FakeInteraction(store, manage_channels=True)


async def fight(store: Store, wait: str = "12h") -> None:
    await dispatch(gm(store), "encounter start", {"width": 8, "height": 8, "ruleset": "5e"})
    await dispatch(gm(store), "settings", {"remind_after": wait})
    await dispatch(gm(store), "token add", {"name": "Orc", "at": "H8"})
    await dispatch(gm(store), "token add", {"name": "Ari", "at": "A1", "owner": "78"})
    await dispatch(gm(store), "turn order", {"order": "Orc, Ari"})
    await dispatch(gm(store), "turn next", {})  # Ari's turn: pinged, and remembered


async def test_a_turn_that_sits_pings_its_owner_again_after_a_clock_jump(store: Store) -> None:
    await fight(store)
    channel = FakeChannel(4242)
    now = int(time.time())
    assert await send_due_reminders(Client(channel), store, now + 11 * HOUR_S) == 0
    assert await send_due_reminders(Client(channel), store, now + 13 * HOUR_S) == 1
    (sent,) = channel.messages.values()
    assert sent.kwargs["content"].startswith("<@78> your turn is waiting: Ari, round 1")
    assert sent.kwargs["allowed_mentions"].to_dict() == {"users": [78], "parse": []}
    # once per wait: the same moment again sends nothing, twelve hours on it does
    assert await send_due_reminders(Client(channel), store, now + 13 * HOUR_S) == 0
    assert await send_due_reminders(Client(channel), store, now + 26 * HOUR_S) == 1


async def test_a_reminder_survives_a_restart(tmp_path: Path) -> None:
    first = await Store.open(tmp_path / "kept.db")
    await fight(first)
    await first.close()  # the bot restarts
    again = await Store.open(tmp_path / "kept.db")
    try:
        channel = FakeChannel(4242)
        assert await send_due_reminders(Client(channel), again, int(time.time()) + 13 * HOUR_S)
        assert len(channel.messages) == 1
    finally:
        await again.close()


async def test_no_reminder_once_the_turn_has_moved_on_or_in_another_processs_channel(
    store: Store,
) -> None:
    await fight(store)
    later = int(time.time()) + 13 * HOUR_S
    assert await send_due_reminders(Client(), store, later) == 0  # not this process's
    await dispatch(gm(store), "turn next", {})  # the Orc's (the GM's): no reminder
    channel = FakeChannel(4242)
    assert await send_due_reminders(Client(channel), store, later) == 0
    assert not channel.messages


@pytest.mark.parametrize("typed", ["soon", "5m", "31d"])
async def test_a_wait_that_is_not_one_is_refused_and_changes_nothing(
    store: Store, typed: str
) -> None:
    asking = gm(store)
    await dispatch(asking, "settings", {"remind_after": typed})
    assert asking.sent[-1].ephemeral
    assert await store.remind_after_s("4242") is None
