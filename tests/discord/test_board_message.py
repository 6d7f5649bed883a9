"""The board on Discord: one message per encounter, edited in place after
each change, with buttons that survive a restart; slow commands defer first."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import discord
import pytest

import bot.discord.dispatch as dispatching
from bot.discord import autocomplete
from bot.discord.dispatch import dispatch
from bot.discord.views import BOARD_MOVE, BOARD_NEXT, BOARD_THREATS, BOARD_UNDO, BoardButtons
from bot.handlers import COMMANDS
from bot.reply import Reply
from bot.storage import Store
from tests.discord.fakes import FakeInteraction


def gm(store: Store) -> FakeInteraction:
    return FakeInteraction(store, manage_channels=True)


async def start(store: Store) -> None:
    await dispatch(gm(store), "encounter start", {"width": 8, "height": 8})
    await dispatch(gm(store), "token add", {"name": "Ari", "at": "A1", "team": "party"})


async def test_a_change_posts_the_board_once_then_edits_it_in_place(store: Store) -> None:
    first = gm(store)
    await dispatch(first, "encounter start", {"width": 8, "height": 8})
    (posted,) = first.channel.messages.values()
    assert posted.kwargs["embed"].image.url == "attachment://board.png"
    assert isinstance(posted.kwargs["view"], BoardButtons)
    assert posted.kwargs["allowed_mentions"].to_dict() == {"parse": []}
    stored = await store.active_encounter("4242")
    assert stored is not None
    assert await store.board_message(stored.id) == str(posted.id)

    second = gm(store)
    second.channel.messages[posted.id] = posted  # the same channel, seen again
    await dispatch(second, "token add", {"name": "Ari", "at": "B2"})
    assert list(second.channel.messages) == [posted.id]  # no new message
    (edit,) = posted.edits
    assert edit["embed"].title == "Board"  # no "round 1, no turn order" before there is one
    assert edit["attachments"][0].filename == "board.png"
    third = gm(store)
    third.channel.messages[posted.id] = posted
    await dispatch(third, "turn order", {"order": "Ari"})
    assert posted.edits[-1]["embed"].title == "Board — round 1, Ari's turn"


async def test_a_deleted_board_message_is_posted_again(store: Store) -> None:
    await start(store)
    stored = await store.active_encounter("4242")
    assert stored is not None
    await store.set_board_message(stored.id, "-1")  # gone
    again = gm(store)
    await dispatch(again, "token add", {"name": "Bo", "at": "C3"})
    (message,) = again.channel.messages.values()
    assert await store.board_message(stored.id) == str(message.id)


async def test_a_refused_or_reading_command_leaves_the_board_alone(store: Store) -> None:
    await start(store)
    reader = gm(store)
    await dispatch(reader, "encounter show", {})
    await dispatch(reader, "move", {"token": "Ari", "to": "H8"})  # refused: too far
    assert reader.channel.messages == {}


async def test_the_buttons_survive_a_restart() -> None:
    view = BoardButtons()
    assert view.timeout is None
    assert view.is_persistent()
    ids = {item.custom_id for item in view.children if isinstance(item, discord.ui.Button)}
    assert ids == {BOARD_MOVE, BOARD_THREATS, BOARD_UNDO, BOARD_NEXT}


async def test_the_threats_button_answers_only_the_clicker(store: Store) -> None:
    await start(store)
    clicker = FakeInteraction(store)
    await dispatch(clicker, "map", {"threats": True}, ephemeral=True)
    (sent,) = clicker.sent
    assert sent.ephemeral
    assert sent.kwargs["file"].filename == "board.png"


async def test_a_slow_command_defers_first(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord drops an interaction not answered in 3 seconds."""
    monkeypatch.setattr(dispatching, "DEFER_AFTER_S", 0.01)
    original = COMMANDS["help"].handler

    async def slow(ctx: Any, options: Any) -> Reply:
        await asyncio.sleep(0.05)
        return await original(ctx, options)

    monkeypatch.setitem(COMMANDS, "help", replace(COMMANDS["help"], handler=slow))
    interaction = FakeInteraction(store)
    await dispatch(interaction, "help", {})
    assert interaction.response.deferred
    (sent,) = interaction.sent
    assert sent.via == "followup"


async def test_a_quick_command_does_not_defer(store: Store) -> None:
    interaction = FakeInteraction(store)
    await dispatch(interaction, "help", {})
    assert not interaction.response.deferred
    assert interaction.sent[0].via == "response"


async def test_ending_the_encounter_says_so_on_the_board_without_buttons(store: Store) -> None:
    first = gm(store)
    await dispatch(first, "encounter start", {"width": 8, "height": 8})
    (posted,) = first.channel.messages.values()
    ending = gm(store)
    ending.channel.messages[posted.id] = posted
    await dispatch(ending, "encounter end", {"confirm": True})
    (edit,) = posted.edits
    assert edit["embed"].title == "This encounter has ended"
    assert edit["view"] is None


async def test_a_change_that_changes_nothing_leaves_the_board_alone(store: Store) -> None:
    first = gm(store)
    await dispatch(first, "encounter start", {"width": 8, "height": 8})
    await dispatch(first, "terrain set", {"cells": "C3", "kind": "difficult"})
    (posted,) = first.channel.messages.values()
    edits = len(posted.edits)
    await dispatch(first, "terrain set", {"cells": "C3", "kind": "difficult"})  # again
    assert len(posted.edits) == edits


async def test_token_names_are_suggested_as_they_are_typed(store: Store) -> None:
    """Autocomplete for /move and /door: the user's own tokens first."""
    await dispatch(gm(store), "encounter start", {"width": 8, "height": 8})
    for name, owner in (("Goblin 1", None), ("Gandalf", "77"), ("Orc", None)):
        await dispatch(gm(store), "token add", {"name": name, "owner": owner})
    player = FakeInteraction(store)  # user 77
    choices = await autocomplete.token_choices(player, "g")  # type: ignore[arg-type]
    assert [c.value for c in choices] == ["Gandalf", "Goblin 1"]
    assert [c.value for c in await autocomplete.token_choices(player, "")] == [  # type: ignore[arg-type]
        "Gandalf",
        "Goblin 1",
        "Orc",
    ]


async def test_turn_order_names_are_suggested_one_after_another(store: Store) -> None:
    """/turn order's list: each suggestion completes the last name and repeats none."""
    await dispatch(gm(store), "encounter start", {"width": 8, "height": 8})
    for name in ("Ari", "Goblin 1", "Goblin 2"):
        await dispatch(gm(store), "token add", {"name": name})
    choices = await autocomplete.order_choices(gm(store), "Ari, gob")  # type: ignore[arg-type]
    assert [c.value for c in choices] == ["Ari, Goblin 1", "Ari, Goblin 2"]
    choices = await autocomplete.order_choices(gm(store), "Goblin 2,")  # type: ignore[arg-type]
    assert [c.value for c in choices] == ["Goblin 2, Ari", "Goblin 2, Goblin 1"]


async def test_travel_names_come_from_the_ruleset_the_command_will_use(store: Store) -> None:
    """/travel mode, terrain and pace: the ruleset: option's names, else the channel's."""
    asking = FakeInteraction(store)
    asking.namespace.ruleset = "becmi"
    modes = [c.value for c in await autocomplete.travel_choices(asking, "hor", "mode")]  # type: ignore[arg-type]
    assert modes == ["riding-horse", "war-horse", "draft-horse"]
    await dispatch(gm(store), "ruleset set", {"system": "3.5"})
    modes = [c.value for c in await autocomplete.travel_choices(gm(store), "", "mode")]  # type: ignore[arg-type]
    assert "warship" in modes and "riding-horse" not in modes
    terrain = await autocomplete.travel_choices(gm(store), "plains, hi", "terrain")  # type: ignore[arg-type]
    assert [c.value for c in terrain] == ["plains, hills"]


async def test_a_replaced_encounters_board_points_at_the_new_one(store: Store) -> None:
    """Issue 29: after /encounter import replace:true the old board message kept its
    buttons (which acted on the new encounter) and its pin; it now links to the new
    board, without buttons, unpinned."""
    asking = gm(store)  # one interaction object: one channel's messages
    channel = asking.channel
    await dispatch(asking, "encounter start", {"width": 6, "height": 6})
    await dispatch(asking, "map", {"post": True, "pin": True})
    (pinned,) = [m for m in channel.messages.values() if m.pinned]
    await dispatch(asking, "encounter import", {"text": "10x10 B2-Ari", "replace": True})
    new = max(channel.messages.values(), key=lambda m: m.id)
    assert new.id != pinned.id and isinstance(new.kwargs["view"], BoardButtons)
    retired = pinned.edits[-1]
    assert retired["content"] == f"This board was replaced by a new encounter: {new.jump_url}"
    assert retired["view"] is None and retired["attachments"] == [] and retired["embed"] is None
    assert not pinned.pinned


async def test_a_change_nobody_at_the_table_sees_neither_redraws_nor_edits_the_board(
    store: Store,
) -> None:
    """Issue 31 (the board message is not re-rendered after every move): a hidden
    token's move leaves the public board as it was, so the message is left alone; a
    visible change edits it."""
    asking = gm(store)
    await dispatch(asking, "encounter start", {"width": 8, "height": 8})
    await dispatch(asking, "token add", {"name": "Ari", "at": "A1", "team": "party"})
    await dispatch(asking, "token add", {"name": "Lurker", "at": "H8", "hidden": True})
    (board,) = asking.channel.messages.values()
    edits = len(board.edits)
    await dispatch(asking, "move", {"token": "Lurker", "to": "G8"})
    assert len(board.edits) == edits  # the table's board is unchanged
    await dispatch(asking, "move", {"token": "Ari", "to": "B1"})
    assert len(board.edits) == edits + 1
