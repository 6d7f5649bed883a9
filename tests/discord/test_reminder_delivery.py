"""Issue 38: reminders stopped for every server. The loop read the 50 oldest due
reminders and skipped, without claiming or dropping, those whose channel it couldn't
see; once 50 such were the oldest no reminder was sent again, anywhere. It sent at most
50 a minute; one bad row (an owner that is no Discord id) raised on every look; a token's
name was drawn as a mention. These run the loop on a fake clock against a fake Discord."""

from __future__ import annotations

import asyncio
import bisect
import logging
import random
import re
import time
from pathlib import Path

import pytest

import bot.discord.reminders as reminders
import bot.storage.store as stored_boards
from bot.discord.dispatch import dispatch
from bot.discord.reminders import EVERY_S, PER_S, Pace, remind_forever, send_due_reminders
from bot.storage import Store, TurnReminder
from bot.storage.backend import Write
from bot.storage.settings_queries import SQL_SET_REMIND_AFTER, SQL_SET_REMINDER
from tests.discord.fake_discord import Done, FakeClock, FakeDiscord, server_on
from tests.discord.fakes import FakeChannel, FakeInteraction, http_error

ENCOUNTER = """
    INSERT INTO encounters (channel_id, status, state, created_by, created_at, guild_id)
    VALUES (?, 'active', ?, '77', '2026-01-01T00:00:00+00:00', ?)
"""
WAIT_S = 600  # remind_after:10m
OWNER = "78"
SHARDS = 2  # this process runs shard 0 of 2
OURS = server_on(0, SHARDS)
LEFT = server_on(0, SHARDS, 2)  # a server of our shard that the bot left
THEIRS = server_on(1, SHARDS)  # another process's


class Cache:
    """A client that only sees its cache (no fetch, no shards), as before issue 38."""

    def __init__(self, *channels: FakeChannel) -> None:
        self.channels = {c.id: c for c in channels}

    def get_channel(self, channel_id: int) -> FakeChannel | None:
        return self.channels.get(channel_id)


def gm(store: Store, channel: int, guild: int | None = OURS) -> FakeInteraction:
    return FakeInteraction(store, manage_channels=True, channel_number=channel, guild_id=guild)


async def turn_of(store: Store, channel: int, name: str = "Ari", guild: int | None = OURS) -> None:
    """A fight in ``channel`` where ``name``'s turn (its owner: ``OWNER``) just began, the
    channel reminding after ten minutes: the reminder is due ``WAIT_S`` from now."""
    for command, options in (
        ("encounter start", {"width": 8, "height": 8, "ruleset": "5e"}),
        ("settings", {"remind_after": "10m"}),
        ("token add", {"name": "Orc", "at": "H8"}),
        ("token add", {"name": name, "at": "A1", "owner": OWNER}),
        ("turn order", {"order": f"Orc, {name}"}),
        ("turn next", {}),
    ):
        asking = gm(store, channel, guild)
        await dispatch(asking, command, options)
        assert not asking.sent[-1].ephemeral, (command, asking.sent[-1].kwargs)


async def copies(store: Store, template: int, due: dict[int, tuple[int, int | None]]) -> None:
    """The running turn of ``template`` in each channel of ``due`` too, each with its
    reminder due at its time, for its server (None: set before servers were kept). In
    one transaction, as a database holding that many running turns has them (through
    the store's commands, 2,000 would take seconds of the test)."""
    stored = await store.active_encounter(str(template))
    assert stored is not None
    writes: list[Write] = []
    for channel, (at, guild) in due.items():
        server = None if guild is None else str(guild)
        writes += [
            Write(ENCOUNTER, (str(channel), stored.state_json, server)),
            Write(SQL_SET_REMIND_AFTER, (str(channel), WAIT_S)),
            Write(SQL_SET_REMINDER, (str(channel), OWNER, "Ari", 1, at, guild)),
        ]
    await store.backend.write_all(writes)


async def run_loop(discord: FakeDiscord, store: Store, clock: FakeClock, until: float) -> None:
    """The reminder loop as the bot runs it, on the fake clock, until ``until``."""
    clock.looks.append(clock.t)
    pace = Pace(clock=clock, sleep=clock.sleep)
    with pytest.raises(Done):
        await remind_forever(
            discord, lambda: store, clock=clock, sleep=clock.between_looks(until), pace=pace
        )


async def test_undeliverable_reminders_ahead_no_longer_stop_every_other(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """The 60 oldest due reminders are of channels this process doesn't cache: deleted,
    in a server the bot left, another shard's, archived threads. A turn in a channel it
    sees is still reminded within a minute of being due; the archived threads' after a
    fetch; the gone ones' are dropped, each with a log line; another shard's are left."""
    caplog.set_level(logging.INFO, logger="bot.discord.reminders")
    now = int(time.time())
    clock = FakeClock(float(now))
    discord = FakeDiscord(clock, shard_count=SHARDS, shard_ids=[0])
    await turn_of(store, 1)  # the template the others copy (its own reminder: not due)
    await store.clear_turn_reminder("1")
    long_ago = now - 3 * 3600
    deleted = range(100, 120)  # channels (or threads) deleted
    left = range(200, 215)  # in a server the bot left during its grace period
    elsewhere = range(300, 315)  # another process's shard
    unrouted = range(400, 405)  # set before servers were kept: another shard's
    archived = range(500, 505)  # archived play-by-post threads: not cached, fetched
    due: dict[int, tuple[int, int | None]] = {c: (long_ago + c, OURS) for c in deleted}
    due |= {c: (long_ago + c, OURS) for c in archived}
    due |= {c: (long_ago + c, LEFT) for c in left}
    due |= {c: (long_ago + c, THEIRS) for c in elsewhere}
    due |= {c: (long_ago + c, None) for c in unrouted}
    assert len(due) == 60
    await copies(store, 1, due)
    discord.deleted.update(deleted)
    discord.shut.update(left)
    for c in elsewhere:
        discord.channel(c, THEIRS, cached=False)
    for c in unrouted:
        discord.channel(c, THEIRS, cached=False)
    for c in archived:
        discord.channel(c, OURS, cached=False)
    theirs_before = {r.channel_id: r for r in await store.due_reminders(now, 100)}
    # the real turn, in a channel this process sees
    visible = discord.channel(4242, OURS)
    await turn_of(store, 4242)

    await run_loop(discord, store, clock, now + WAIT_S + 2 * EVERY_S)

    assert len(visible.messages) == 1
    (sent,) = visible.messages.values()
    assert sent.kwargs["content"].startswith(f"<@{OWNER}> your turn is waiting: Ari, round 1")
    assert now + WAIT_S <= visible.sent_at[0] <= now + WAIT_S + 60
    # the archived threads were fetched, and their reminders sent at the first look (and
    # ten minutes later again: the turns still sit)
    for c in archived:
        first, again = discord.uncached[c].sent_at
        assert first < now + EVERY_S and now + WAIT_S <= again <= now + WAIT_S + 60
        assert discord.fetched.count(c) == 2
    # gone: dropped, one log line each, never fetched again
    kept = {r.channel_id: r for r in await store.due_reminders(now + 10 * WAIT_S, 200)}
    for c in [*deleted, *left]:
        assert str(c) not in kept
        (line,) = [r for r in caplog.records if f"channel '{c}'" in r.getMessage()]
        assert "Dropped the turn reminder" in line.getMessage()
        assert ("404" if c in deleted else "403") in line.getMessage()
        assert discord.fetched.count(c) == 1
    # another shard's: left as they were, never fetched, never sent
    for c in elsewhere:
        assert kept[str(c)] == theirs_before[str(c)]
        assert c not in discord.fetched and not discord.uncached[c].messages
    # set before servers were kept: fetched once, found another shard's, routed there
    for c in unrouted:
        assert kept[str(c)].guild_id == str(THEIRS)
        assert kept[str(c)].due_at == theirs_before[str(c)].due_at
        assert discord.fetched.count(c) == 1 and not discord.uncached[c].messages


async def test_reminders_left_where_they_are_never_hide_those_behind_them(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client that only sees its cache leaves the reminders of channels it can't see
    as they are; page after page, the one it can see is still found and sent."""
    monkeypatch.setattr(reminders, "PAGE", 10)
    now = int(time.time())
    await turn_of(store, 1)
    await store.clear_turn_reminder("1")
    unseen = {c: (now - 1000 + c, OURS if c % 2 else None) for c in range(100, 160)}
    await copies(store, 1, unseen)
    before = await store.due_reminders(now, 100)
    await turn_of(store, 4242)
    channel = FakeChannel(4242)
    for _ in range(2):  # look after look
        assert await send_due_reminders(Cache(channel), store, now + WAIT_S + 5) == 1
        await store.set_turn_reminder(TurnReminder("4242", OWNER, "Ari", 1, now + WAIT_S))
    assert await store.due_reminders(now, 100) == before  # untouched
    assert len(before) == 60


async def test_a_storm_of_2000_channels_is_reminded_within_a_minute_under_the_rate_limit(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """2,000 channels at remind_after:10m (12,000 reminders an hour) for a simulated hour:
    each reminder is sent within 60 s of being due, none twice, and Discord never sees
    more than the loop's pace (under its global limit)."""
    # the 2,000 boards stay decoded between looks (the store keeps 512): what is timed
    # here runs on the fake clock, and the real seconds go to the loop, not the decoder
    monkeypatch.setattr(stored_boards, "DECODED_CHANNELS", 4096)
    start = 1_800_000_000
    clock = FakeClock(float(start))
    discord = FakeDiscord(clock)
    await turn_of(store, 1)
    await store.clear_turn_reminder("1")
    rng = random.Random(38)
    # the turns began at random moments of the first ten minutes
    first_due = {10_000 + i: start + rng.randrange(WAIT_S) for i in range(2000)}
    await copies(store, 1, {c: (at, OURS) for c, at in first_due.items()})
    channels = {c: discord.channel(c, OURS) for c in first_due}
    end = start + 3600

    await run_loop(discord, store, clock, end)

    assert discord.refused == 0
    assert discord.busiest_second() <= PER_S
    looks = clock.looks
    for c, channel in channels.items():
        due = first_due[c]
        for sent_at in channel.sent_at:
            assert due <= sent_at <= due + 60, (c, due, sent_at)
            look = looks[bisect.bisect_right(looks, sent_at) - 1]  # the look that sent it
            due = int(look) + WAIT_S  # the next one
        assert due > end - 60, f"channel {c}: due at {due}, never sent"
    assert sum(len(c.sent_at) for c in channels.values()) >= 2000 * 5


async def test_two_processes_looking_at_once_send_each_reminder_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two processes that both see every channel (one database, two connections): each
    due reminder is claimed by one of them, and sent once, whether they look at the same
    moment or one reads a page the other then sends whole."""
    first = await Store.open(tmp_path / "shared.db")
    second = await Store.open(tmp_path / "shared.db")
    try:
        now = int(time.time())
        clock = FakeClock(float(now))
        discord = FakeDiscord(clock)
        await turn_of(first, 1)
        await first.clear_turn_reminder("1")

        def paced() -> Pace:
            return Pace(clock=clock, sleep=clock.sleep)

        await copies(first, 1, {c: (now - 100 + c, OURS) for c in range(10, 70)})
        channels = [discord.channel(c, OURS) for c in range(10, 70)]
        sent = await asyncio.gather(
            *(send_due_reminders(discord, s, now, pace=paced()) for s in (first, second))
        )
        assert sum(sent) == 60
        assert [len(c.messages) for c in channels] == [1] * 60

        later = now + WAIT_S  # the next reminders: the second reads them, the first sends
        stale = await second.due_reminders_page(later, (1, 0))
        assert len(stale) == 60
        assert await send_due_reminders(discord, first, later, pace=paced()) == 60
        pages = iter([stale, []])
        monkeypatch.setattr(second, "due_reminders_page", lambda *_: _page(next(pages)))
        assert await send_due_reminders(discord, second, later, pace=paced()) == 0
        assert [len(c.messages) for c in channels] == [2] * 60
    finally:
        await first.close()
        await second.close()


async def _page(
    rows: list[tuple[TurnReminder, int | None]],
) -> list[tuple[TurnReminder, int | None]]:
    return rows


async def test_a_bad_row_is_dropped_and_the_reminders_after_it_are_still_sent(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """An import gave a token an owner that is no Discord id ("player.one"); a row's
    channel may be no Discord id either. Each is dropped with a log line, and never
    holds back the reminders after it (send_due_reminders, called as before)."""
    caplog.set_level(logging.INFO, logger="bot.discord.reminders")
    now = int(time.time())
    await turn_of(store, 4242)
    await store.set_turn_reminder(TurnReminder("abc", OWNER, "Ari", 1, now - 10))
    await store.set_turn_reminder(TurnReminder("4243", "player.one", "Bo", 1, now - 9))
    channel = FakeChannel(4242)
    assert await send_due_reminders(Cache(channel), store, now + WAIT_S + 5) == 1
    assert len(channel.messages) == 1
    assert [r.channel_id for r in await store.due_reminders(now + 100 * WAIT_S, 10)] == ["4242"]
    lines = [r.getMessage() for r in caplog.records if "not a Discord id" in r.getMessage()]
    assert len(lines) == 2
    assert any("'abc'" in line for line in lines)
    assert any("'4243'" in line and "'player.one'" in line for line in lines)


async def test_a_failed_or_hung_send_is_tried_later_and_holds_back_no_other(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One channel's sends fail (Discord's 503) twice, another's never answers: each is
    tried again later, waiting longer after each failure in a row, and every other
    reminder of the look is sent."""
    monkeypatch.setattr(reminders, "HTTP_TIMEOUT_S", 0.05)
    now = int(time.time())
    clock = FakeClock(float(now))
    discord = FakeDiscord(clock)
    await turn_of(store, 1)
    await store.clear_turn_reminder("1")
    await copies(store, 1, {c: (now - 100 + c, OURS) for c in range(10, 30)})
    channels = {c: discord.channel(c, OURS) for c in range(10, 30)}
    channels[10].failures += [http_error(503, "Service Unavailable")] * 2
    channels[11].hang = True
    pace = Pace(clock=clock, sleep=clock.sleep)

    async def retries() -> dict[str, tuple[int, int]]:
        due = await store.due_reminders(now + 3 * WAIT_S, 30)
        return {r.channel_id: (r.due_at, r.attempts) for r in due if r.attempts}

    assert await send_due_reminders(discord, store, now, pace=pace) == 18
    assert all(len(channels[c].messages) == 1 for c in range(12, 30))
    assert await retries() == {"10": (now + 60, 1), "11": (now + 60, 1)}
    channels[11].hang = False
    assert await send_due_reminders(discord, store, now + 60, pace=pace) == 1
    assert await retries() == {"10": (now + 60 + 120, 2)}  # the second failure: 2 min
    assert await send_due_reminders(discord, store, now + 180, pace=pace) == 1
    assert await retries() == {}  # sent: the failures in a row are over
    assert [len(channels[c].messages) for c in channels] == [1] * 20


HOSTILE = {
    "<@&4242>": r"\<@&4242>",
    "<@123>": r"\<@123>",
    "@everyone": "@\u200beveryone",
    "**bold**": r"\*\*bold\*\*",
    "\u2060<@&99>": r"\<@&99>",  # the mark of the bot's own mentions: no way through
}


@pytest.mark.parametrize("name", list(HOSTILE))
async def test_a_hostile_token_name_is_escaped_in_the_reminder_and_pings_only_the_owner(
    store: Store, name: str
) -> None:
    now = int(time.time())
    await turn_of(store, 4242, name)
    channel = FakeChannel(4242)
    assert await send_due_reminders(Cache(channel), store, now + WAIT_S + 5) == 1
    (sent,) = channel.messages.values()
    content = sent.kwargs["content"]
    assert content == (
        f"<@{OWNER}> your turn is waiting: {HOSTILE[name]}, round 1 (about 10 min now)."
    )
    assert re.findall(r"(?<!\\)<@[&!]?\d+>", content) == [f"<@{OWNER}>"]
    assert "@everyone" not in content
    assert sent.kwargs["allowed_mentions"].to_dict() == {"users": [int(OWNER)], "parse": []}


async def test_the_loop_waits_for_the_gateway_before_its_first_look(store: Store) -> None:
    """Before the cache is filled every channel looks unseen: nothing is fetched then."""
    clock = FakeClock(float(int(time.time())))
    discord = FakeDiscord(clock)
    ready = asyncio.Event()
    discord.wait_until_ready = ready.wait  # type: ignore[attr-defined]
    await turn_of(store, 4242)
    task = asyncio.create_task(
        remind_forever(discord, lambda: store, clock=clock, sleep=clock.sleep)
    )
    await asyncio.sleep(0.01)
    assert not discord.calls and not discord.fetched
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
