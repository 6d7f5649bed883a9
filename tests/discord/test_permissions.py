"""Where Stride lacks a permission it still answers, plainer, and the GM hears once
what to give it; the board stops retrying until the permissions change. DMs run the
calculators; threads are channels of their own."""

from __future__ import annotations

import asyncio

import discord

from bot.discord import board
from bot.discord.board import refresh_board
from bot.discord.dispatch import NEEDS_SERVER, dispatch
from bot.discord.views import BOARD_UNDO, BoardButtons
from bot.storage import Store
from tests.discord.fakes import FULL, FakeInteraction, forbidden


def without(*names: str) -> discord.Permissions:
    permissions = discord.Permissions(FULL.value)
    for name in names:
        setattr(permissions, name, False)
    return permissions


def gm(store: Store, **kwargs: object) -> FakeInteraction:
    return FakeInteraction(store, manage_channels=True, **kwargs)  # type: ignore[arg-type]


def notices(interaction: FakeInteraction) -> list[str]:
    return [s.kwargs["content"] for s in interaction.sent if s.ephemeral and "content" in s.kwargs]


async def test_without_embed_links_the_reply_is_text_and_the_gm_hears_once(store: Store) -> None:
    first = gm(store, app_permissions=without("embed_links"))
    await dispatch(first, "fall", {"height": 60})
    reply, notice = first.sent
    assert "embed" not in reply.kwargs and reply.kwargs["content"].startswith("**Falls 60 ft")
    assert notice.ephemeral and "Embed Links" in notice.kwargs["content"]
    again = gm(store, app_permissions=without("embed_links"))
    await dispatch(again, "fall", {"height": 60})
    assert len(again.sent) == 1  # told already


async def test_a_player_does_not_use_up_the_gms_notice(store: Store) -> None:
    player = FakeInteraction(store, app_permissions=without("embed_links"))
    await dispatch(player, "fall", {"height": 60})
    assert len(player.sent) == 1
    later = gm(store, app_permissions=without("embed_links"))
    await dispatch(later, "fall", {"height": 60})
    assert "Embed Links" in notices(later)[0]


async def test_without_attach_files_the_board_is_the_text_board(store: Store) -> None:
    started = gm(store, app_permissions=without("attach_files"))
    await dispatch(started, "encounter start", {"width": 8, "height": 8})
    (board,) = started.channel.messages.values()
    assert "file" not in board.kwargs
    embed = board.kwargs["embed"]
    assert embed.image.url is None and (embed.description or "").startswith("```\n  ABCDEFGH")
    assert any("Attach Files" in n for n in notices(started))


async def test_a_forbidden_board_is_reported_once_and_not_retried(store: Store) -> None:
    first = gm(store)
    first.channel.failures.append(forbidden())
    await dispatch(first, "encounter start", {"width": 8, "height": 8})
    assert first.channel.messages == {}
    assert sum("can't keep the board" in n for n in notices(first)) == 1
    second = gm(store)
    await dispatch(second, "token add", {"name": "Ari"})
    assert second.channel.sends == 0  # the same permissions: no retry, no new notice
    assert notices(second) == []
    # permissions changed (here: someone gave Manage Roles, which also changes the value)
    fixed = gm(store, app_permissions=discord.Permissions(FULL.value | 1 << 28))
    await dispatch(fixed, "token add", {"name": "Bo"})
    assert len(fixed.channel.messages) == 1


async def test_without_send_messages_the_board_is_not_even_tried(store: Store) -> None:
    started = gm(store, app_permissions=without("send_messages"))
    await dispatch(started, "encounter start", {"width": 8, "height": 8})
    assert started.channel.sends == 0
    assert any("Send Messages" in n for n in notices(started))
    assert "Encounter started" in (started.sent[0].embed.title or "")  # the reply still came


async def test_refreshes_are_coalesced_and_the_last_state_wins(
    store: Store, monkeypatch: object
) -> None:
    """A slow board edit (a rate-limit wait) holds no lock: changes go on, and the
    board ends showing the last of them, drawn at most twice."""
    await dispatch(gm(store), "encounter start", {"width": 8, "height": 8})
    gate, started = asyncio.Event(), asyncio.Event()
    drawn: list[int] = []
    original = board._post_board

    async def slow_post(interaction: FakeInteraction, *args: object) -> None:
        stored = await store.active_encounter("4242")
        assert stored is not None
        drawn.append(len(stored.encounter.tokens))
        started.set()
        await gate.wait()
        await original(interaction, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(board, "_post_board", slow_post)  # type: ignore[attr-defined]
    first = asyncio.ensure_future(dispatch(gm(store), "token add", {"name": "Ari"}))
    await asyncio.wait_for(started.wait(), timeout=5)  # the first edit is under way
    # the channel is not locked while the board waits: these finish at once
    for name in ("Bo", "Cy"):
        await asyncio.wait_for(dispatch(gm(store), "token add", {"name": name}), timeout=5)
    gate.set()
    await first
    assert drawn == [1, 3]  # the newest state, once more; nothing lost


async def test_refresh_board_without_a_channel_is_a_no_op(store: Store) -> None:
    interaction = FakeInteraction(store)
    interaction.channel = None  # type: ignore[assignment]
    await refresh_board(interaction, store)  # type: ignore[arg-type]


async def test_in_dms_calculators_work_and_encounters_say_why_not(store: Store) -> None:
    dm = FakeInteraction(store, guild_id=None)
    await dispatch(dm, "fall", {"height": 60})
    assert (dm.sent[-1].embed.title or "").startswith("Falls 60 ft")
    refused = FakeInteraction(store, guild_id=None)
    await dispatch(refused, "encounter start", {})
    assert refused.sent[-1].embed.description == NEEDS_SERVER
    assert await store.active_encounter("4242") is None


async def test_a_thread_is_a_channel_of_its_own(store: Store) -> None:
    await dispatch(gm(store), "encounter start", {"width": 8, "height": 8})
    thread = gm(store, channel_number=777)
    await dispatch(thread, "encounter start", {"width": 5, "height": 5})
    assert "5×5" in (thread.sent[0].embed.title or "")
    assert await store.active_encounter("4242") is not None


def test_the_undo_button_is_for_players_too() -> None:
    (undo,) = [b for b in BoardButtons().children if getattr(b, "custom_id", "") == BOARD_UNDO]
    assert isinstance(undo, discord.ui.Button) and undo.label == "Undo"


async def test_a_passing_refusal_is_retried_later_with_longer_waits(
    store: Store, monkeypatch: object
) -> None:
    """Issue 26: one 403 stopped board edits for good while the permissions stayed the
    same. Now a refused board is tried again on a later change once its wait is over
    (30 s, then twice as long after each refusal), and the GM is told once."""
    clock = [1_000.0]
    monkeypatch.setattr(board.time, "time", lambda: clock[0])  # type: ignore[attr-defined]
    first = gm(store)
    first.channel.failures.append(forbidden())
    await dispatch(first, "encounter start", {"width": 8, "height": 8})
    assert first.channel.messages == {}
    assert sum("can't keep the board" in n for n in notices(first)) == 1
    soon = gm(store)
    await dispatch(soon, "token add", {"name": "Ari"})
    assert soon.channel.sends == 0 and notices(soon) == []  # within the wait: not tried
    clock[0] += board.BOARD_RETRY_FIRST_S
    refused_again = gm(store)
    refused_again.channel.failures.append(forbidden())
    await dispatch(refused_again, "token add", {"name": "Bo"})
    assert refused_again.channel.sends == 1 and notices(refused_again) == []  # told once
    clock[0] += board.BOARD_RETRY_FIRST_S  # the second wait is twice as long
    waiting = gm(store)
    await dispatch(waiting, "token add", {"name": "Cy"})
    assert waiting.channel.sends == 0
    clock[0] += board.BOARD_RETRY_FIRST_S
    back = gm(store)
    await dispatch(back, "token add", {"name": "Di"})
    assert len(back.channel.messages) == 1  # it works again: the board is posted
    after = gm(store)
    await dispatch(after, "token add", {"name": "Ed"})
    assert after.channel.sends == 1  # and nothing waits any more
