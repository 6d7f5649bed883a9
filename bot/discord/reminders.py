"""Turn reminders (issue 29, /settings remind_after:): a player's turn that has sat that
long pings its owner again in the channel. The reminders are kept in the store (a
restart, or another process, finds them); each due one is claimed in one write, so it
is sent once, and only while its turn is still running (the same token acting, the same
round). A process sends the reminders of the channels it can see (its own shards').
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

import discord

from bot.discord.channel import readable
from bot.discord.sending import pinging
from bot.storage import Store, TurnReminder

log = logging.getLogger(__name__)

EVERY_S = 60.0  # how often the due reminders are looked for


class Channels(Protocol):
    """What a reminder needs of the client: a channel it can see, by id."""

    def get_channel(self, channel_id: int, /) -> Any: ...


def waited(seconds: int) -> str:
    """How long a turn has sat, in words: "12 h", "2 days", "90 min"."""
    if seconds >= 86400 and seconds % 86400 == 0:
        days = seconds // 86400
        return f"{days} day{'s' if days != 1 else ''}"
    if seconds >= 3600:
        return f"{seconds // 3600} h"
    return f"{max(1, seconds // 60)} min"


async def send_due_reminders(client: Channels, store: Store, now_s: int) -> int:
    """Ping the owners whose turns are due a reminder at ``now_s``; how many were sent."""
    sent = 0
    for reminder in await store.due_reminders(now_s):
        channel = client.get_channel(int(reminder.channel_id))
        if channel is None:
            continue  # another process's shard (or a channel gone): not ours to send
        if not await _still_their_turn(store, reminder):
            await store.take_reminder(reminder, None)
            continue
        wait_s = await store.remind_after_s(reminder.channel_id)
        next_due = now_s + wait_s if wait_s else None
        if not await store.take_reminder(reminder, next_due):
            continue  # another process sent it first
        waiting = waited(now_s - reminder.due_at + (wait_s or 0))
        with contextlib.suppress(discord.HTTPException):
            await channel.send(
                content=(
                    f"<@{reminder.user_id}> your turn is waiting: {reminder.token}, round "
                    f"{reminder.round} (about {waiting} now)."
                ),
                allowed_mentions=pinging(reminder.user_id),
            )
            sent += 1
    return sent


async def _still_their_turn(store: Store, reminder: TurnReminder) -> bool:
    stored = await readable(store, reminder.channel_id)
    if stored is None:
        return False
    acting = stored.encounter.acting
    return (
        acting is not None
        and acting.name == reminder.token
        and stored.encounter.round == reminder.round
    )


async def remind_forever(
    client: Channels,
    store: Callable[[], Store],
    *,
    every_s: float = EVERY_S,
    clock: Callable[[], float] = time.time,
) -> None:
    """Look for due reminders every ``every_s`` seconds, until cancelled; a failure is
    logged and the next look goes on."""
    while True:
        await asyncio.sleep(every_s)
        try:
            await send_due_reminders(client, store(), int(clock()))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("Sending turn reminders failed; trying again in %s s", every_s)


__all__ = ["EVERY_S", "remind_forever", "send_due_reminders", "waited"]
