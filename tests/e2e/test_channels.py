"""Where a command is typed: a channel that denies the bot Embed Links or Attach Files,
a thread, a DM. And one channel's pathological /move against another channel's /fall."""

from __future__ import annotations

import asyncio

from tests.e2e.botproc import BotProcess
from tests.e2e.standin import (
    ATTACH_FILES,
    DEADLINE_S,
    EMBED_LINKS,
    ERROR_COLOUR,
    FakeDiscord,
)


async def test_missing_embed_links_or_attach_files(
    bot: BotProcess, discord_fake: FakeDiscord
) -> None:
    """The reply rides on the interaction and arrives (as plain text where the bot may
    not embed links, without its picture where it may not attach files), and the board
    message is posted in the same plainer form instead of being refused."""
    fake = discord_fake
    for denied in (EMBED_LINKS, ATTACH_FILES, EMBED_LINKS | ATTACH_FILES):
        channel = fake.add_channel(f"locked-{denied}", bot_denied=denied)
        await fake.dispatch("CHANNEL_CREATE", channel.payload(fake.app_id))
        started = await fake.ask("encounter start", {"width": 8, "height": 8}, channel=channel)
        assert started.title.startswith("Encounter started")
        assert bool(started.embeds) == (not denied & EMBED_LINKS)
        await fake.ask("token add", {"name": "Ari", "at": "A1"}, channel=channel)
        moved = await fake.ask("move", {"token": "Ari", "to": "C3"}, channel=channel)
        assert moved.title.startswith("Ari moves to C3")
        assert bool(moved.pngs) == (not denied & ATTACH_FILES)
        # the board message is posted in the plainer form the channel allows
        posts = await fake.wait_request("POST", rf"^/channels/{channel.id}/messages$")
        assert {r.status for r in posts} == {200}
        fall = await fake.ask("fall", {"height": 20}, channel=channel)
        assert fall.title.startswith("Falls 20 ft")
    assert bot.proc is not None and bot.proc.returncode is None


async def test_thread(bot: BotProcess, discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    thread = fake.add_channel("skirmish", thread_of=fake.general.id)
    await fake.dispatch("THREAD_CREATE", {**thread.payload(fake.app_id), "newly_created": True})
    await fake.ask("encounter start", {"width": 8, "height": 8}, channel=thread)
    await fake.ask("token add", {"name": "Ari", "at": "A1"}, channel=thread)
    moved = await fake.ask("move", {"token": "Ari", "to": "B3"}, channel=thread)
    assert moved.embed["title"].startswith("Ari moves to B3") and moved.pngs
    # the thread is its own encounter; the parent channel has none
    parent = await fake.ask("encounter show")
    assert parent.ephemeral and "No encounter" in parent.embed["description"]
    posts = await fake.wait_request("POST", rf"^/channels/{thread.id}/messages$")
    assert posts[0].status == 200


async def test_dm(bot: BotProcess, discord_fake: FakeDiscord) -> None:
    fake = discord_fake
    dana = fake.new_user("Dana")
    dm = fake.add_dm(dana)
    fall = await fake.ask("fall", {"height": 60, "ruleset": "3.5"}, channel=dm, user=dana)
    assert fall.embed["title"].startswith("Falls 60 ft") and fall.pngs
    shown = await fake.ask("ruleset show", channel=dm, user=dana)
    assert shown.embed.get("color") != ERROR_COLOUR
    # encounters need a server channel or thread: a DM says so, privately
    started = await fake.ask("encounter start", {"width": 6, "height": 6}, channel=dm, user=dana)
    assert started.ephemeral
    assert "server" in (started.embed.get("description") or started.title).lower()


async def test_pathological_move_does_not_delay_another_channel(
    bot: BotProcess, discord_fake: FakeDiscord
) -> None:
    fake = discord_fake
    arena = fake.general
    other = fake.add_channel("quiet-table")
    await fake.dispatch("CHANNEL_CREATE", other.payload(fake.app_id))
    await fake.ask(
        "encounter start", {"width": 200, "height": 200, "ruleset": "3.5"}, channel=arena
    )
    await fake.ask("token add", {"name": "Zip", "speed": "1000", "at": "A1"}, channel=arena)
    # GR199 and GR200 (the map's corner) walled in
    walls = await fake.ask(
        "terrain set", {"cells": "GP199:GQ200 GP198:GR198", "kind": "wall"}, channel=arena
    )
    assert walls.embed["title"].startswith("Wall")

    await fake.interact("move", {"token": "Zip", "to": "GR200"}, channel=arena)
    # another table asks while the search runs (it takes seconds; this is not a timing
    # assertion, only "during", not "before")
    await asyncio.sleep(1.0)
    fall = await fake.interact("fall", {"height": 30}, channel=other)
    try:
        await fake.settled(fall, timeout=60)
        assert fall.late_callbacks == 0, "the /fall answer came after Discord's deadline"
        assert fall.acked_at is not None and fall.acked_at - fall.created_at <= DEADLINE_S
        answer = await fake.answered(fall)
        assert answer.embed["title"].startswith("Falls 30 ft")
    finally:
        await bot.kill()  # not worth waiting for the search to give up
