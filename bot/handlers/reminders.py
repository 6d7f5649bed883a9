"""The turn reminders as the store keeps them (issue 29; the Discord shell's
``bot/discord/reminders.py`` sends them, paced and paged, and reads and writes them
through here: issue 41, Layers). Each due reminder is claimed in one write, so it is
sent once, by one process, and only while its turn still runs."""

from __future__ import annotations

from bot.handlers.running import whose_turn
from bot.storage import Store, TurnReminder

Due = list[tuple[TurnReminder, int | None]]


async def due_page(
    store: Store,
    now_s: int,
    shard: tuple[int, int] | None,
    after: tuple[int, str],
    size: int,
) -> Due:
    """Up to ``size`` reminders due at ``now_s`` after ``after`` (due time, channel),
    oldest first: the servers of ``shard`` (shard count, shard id), or with None those
    whose server isn't known yet; each with its channel's wait (None: it no longer
    reminds)."""
    return await store.due_reminders_page(now_s, shard, after, size)


async def still_their_turn(store: Store, reminder: TurnReminder) -> bool:
    """Whether the reminder's turn still runs: the same token acting, the same round."""
    turn = await whose_turn(store, reminder.channel_id)
    return turn == (reminder.token, reminder.round)


async def claim(store: Store, reminder: TurnReminder, next_due_s: int | None) -> bool:
    """Claim a due reminder (moved to ``next_due_s``, or dropped: None): False when
    another process claimed it first or it changed meanwhile."""
    return await store.take_reminder(reminder, next_due_s)


async def sent_after_failures(store: Store, reminder: TurnReminder) -> None:
    """The reminder (as claimed) was sent after failed tries: they are forgotten."""
    await store.reminder_sent(reminder)


async def postpone(store: Store, reminder: TurnReminder, due_s: int) -> bool:
    """Try the reminder again at ``due_s`` (one more failed try); False when it changed
    meanwhile."""
    return await store.postpone_reminder(reminder, due_s)


async def learn_server(store: Store, channel_id: str, guild_id: str) -> None:
    """The server the reminder's channel is in, learnt from Discord: from now on only
    the process that runs its shard reads it."""
    await store.route_reminder(channel_id, guild_id)
