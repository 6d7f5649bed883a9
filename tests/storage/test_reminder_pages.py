"""Issue 38: the store hands each process the due reminders of its own shards' servers,
page after page (so reminders left where they are never hide the ones behind them), and
those whose server isn't known yet; the same queries on SQLite and PostgreSQL."""

from __future__ import annotations

from bot.storage import Store, TurnReminder

SHARDS = 4
NOW = 1_800_000_000


def server(shard: int, n: int = 1) -> str:
    """A Discord server id on ``shard`` of ``SHARDS`` (its shard: (id >> 22) % count)."""
    return str(((n * SHARDS + shard) << 22) | 12345)


def due(channel: str, at: int, guild: str | None) -> TurnReminder:
    return TurnReminder(channel, "78", "Ari", 1, at, guild_id=guild)


async def page(
    store: Store, shard: tuple[int, int] | None, after: tuple[int, str] = (-1, ""), limit: int = 200
) -> list[TurnReminder]:
    return [r for r, _ in await store.due_reminders_page(NOW, shard, after, limit)]


async def test_a_process_reads_only_its_shards_reminders_page_after_page(store: Store) -> None:
    for i in range(12):
        await store.set_turn_reminder(due(f"{100 + i}", NOW - 100 + i, server(i % SHARDS, i)))
    await store.set_turn_reminder(due("900", NOW + 5, server(1)))  # not due yet
    await store.set_turn_reminder(due("901", NOW - 500, None))  # set before servers were kept
    # the largest id a server can have still finds its shard in SQL (a BIGINT, not a float)
    big = str(2**63 - 1)
    await store.set_turn_reminder(due("902", NOW - 1, big))

    first = await page(store, (SHARDS, 1), limit=2)
    assert [r.channel_id for r in first] == ["101", "105"]
    assert {r.guild_id for r in first} == {server(1, 1), server(1, 5)}
    rest = await page(store, (SHARDS, 1), (first[-1].due_at, "105"), 2)
    assert [r.channel_id for r in rest] == ["109"]
    big_shard = (2**63 - 1 >> 22) % SHARDS
    mine = await page(store, (SHARDS, big_shard))
    assert "902" in [r.channel_id for r in mine]
    unrouted = await page(store, None)
    assert [(r.channel_id, r.guild_id) for r in unrouted] == [("901", None)]
    # one shard in all: every server's
    everyone = await page(store, (1, 0))
    assert len(everyone) == 13
    # each with its channel's wait, read with it (None: the channel no longer reminds)
    await store.set_remind_after_s("101", 600)
    waits = dict(await store.due_reminders_page(NOW, (SHARDS, 1), limit=2))
    assert {r.channel_id: wait for r, wait in waits.items()} == {"101": 600, "105": None}


async def test_a_reminder_learns_its_server_and_is_tried_again_later(store: Store) -> None:
    await store.set_turn_reminder(due("901", NOW - 500, None))
    (old,) = await page(store, None)
    await store.route_reminder("901", server(2))
    assert await page(store, None) == []
    (routed,) = await page(store, (SHARDS, 2))
    assert routed == TurnReminder("901", "78", "Ari", 1, NOW - 500, server(2), 0)
    await store.route_reminder("901", "not-a-server")  # nothing to learn from that
    assert await page(store, (SHARDS, 2)) == [routed]

    assert await store.postpone_reminder(routed, NOW + 60)
    assert not await store.postpone_reminder(old, NOW + 60)  # it changed meanwhile
    (later,) = await store.due_reminders(NOW + 60)
    assert (later.due_at, later.attempts) == (NOW + 60, 1)
    assert await store.take_reminder(later, NOW + 600)  # claimed: still one failure
    (claimed,) = await store.due_reminders(NOW + 600)
    assert (claimed.due_at, claimed.attempts) == (NOW + 600, 1)
    await store.reminder_sent(claimed)  # sent: the failures in a row are over
    (next_one,) = await store.due_reminders(NOW + 600)
    assert next_one.attempts == 0

    # a new turn (set without a server, as the console does) keeps the server known
    await store.set_turn_reminder(due("901", NOW + 900, None))
    (kept,) = await store.due_reminders(NOW + 900)
    assert (kept.guild_id, kept.attempts) == (server(2), 0)
