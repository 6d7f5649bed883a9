"""The Move button's one-tap mover end to end (issue 29), on the loopback Discord: a
player presses Move on the board, gets their own mover, presses the pad, the bot
restarts in the middle, the next press still answers, and Confirm moves the token
with a public reply."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.e2e.botproc import BotProcess
from tests.e2e.standin import EPHEMERAL, ERROR_COLOUR, MEMBER, FakeDiscord, User


def controls(message: dict[str, Any]) -> list[str]:
    """The custom ids of a message's buttons and menus, in order."""
    return [
        str(item["custom_id"])
        for row in message.get("components") or []
        for item in row.get("components") or []
        if "custom_id" in item
    ]


def control(message: dict[str, Any], prefix: str) -> str:
    (found,) = [cid for cid in controls(message) if cid.startswith(prefix)]
    return found


def mover_of(fake: FakeDiscord) -> dict[str, Any]:
    """The newest mover message (ephemeral, with a Confirm button)."""
    return next(
        m
        for m in reversed(list(fake.messages.values()))
        if int(m.get("flags") or 0) & EPHEMERAL and any("stride:mv:ok:" in c for c in controls(m))
    )


async def press(fake: FakeDiscord, message: dict[str, Any], prefix: str, player: User) -> Any:
    pressed = await fake.press(
        message["id"], control(message, prefix), user=player, permissions=MEMBER
    )
    answer = await fake.answered(pressed)
    assert answer.embed.get("color") != ERROR_COLOUR, answer.embed
    return answer


async def test_a_player_moves_with_the_pad_across_a_restart(
    bot: BotProcess, discord_fake: FakeDiscord
) -> None:
    fake = discord_fake
    alice = fake.new_user("Alice")
    await fake.ask("encounter start", {"width": 10, "height": 10, "ruleset": "5e"})
    await fake.ask("token add", {"name": "Ari", "at": "B2", "owner": alice})
    await fake.wait_request("POST", rf"/channels/{fake.general.id}/messages$")
    board = next(m for m in fake.messages.values() if "stride:board:move" in controls(m))
    opened = await fake.press(board["id"], "stride:board:move", user=alice, permissions=MEMBER)
    answer = await fake.answered(opened)
    assert answer.ephemeral and answer.embed["title"] == "Move Ari from B2"
    assert answer.pngs, "the mover shows the token's move"

    first = await press(fake, mover_of(fake), "stride:mv:2:", alice)  # south
    assert first.embed["title"].startswith("Preview: Ari")

    await bot.stop()  # a restart with a mover open
    await bot.start()

    second = await press(fake, mover_of(fake), "stride:mv:2:", alice)  # south again
    assert second.embed["title"].startswith("Preview: Ari")
    assert "10 ft" in str(second.embed)
    shown = await fake.ask("encounter show")
    assert "B2" in str(shown.embed), "nothing moved before Confirm"

    confirmed = await fake.press(
        mover_of(fake)["id"],
        control(mover_of(fake), "stride:mv:ok:"),
        user=alice,
        permissions=MEMBER,
    )
    reply = await fake.answered(confirmed)
    assert not reply.ephemeral and reply.embed["title"].startswith("Ari")
    for _ in range(50):  # the board message follows the move
        shown = await fake.ask("encounter show")
        if "B4" in str(shown.embed):
            break
        await asyncio.sleep(0.05)
    assert "B4" in str(shown.embed)


async def test_a_mover_from_before_a_restart_and_a_new_round_is_out_of_date(
    bot: BotProcess, discord_fake: FakeDiscord
) -> None:
    """Issue 38 across a restart: the state (stamp included) is in the custom id, so a
    process that never saw the mover still tells it is from the round before, moves
    nothing, and says how to get a fresh one."""
    fake = discord_fake
    alice = fake.new_user("Alice")
    await fake.ask("encounter start", {"width": 10, "height": 10, "ruleset": "5e"})
    await fake.ask("token add", {"name": "Ari", "at": "B2", "owner": alice})
    await fake.wait_request("POST", rf"/channels/{fake.general.id}/messages$")
    board = next(m for m in fake.messages.values() if "stride:board:move" in controls(m))
    opened = await fake.press(board["id"], "stride:board:move", user=alice, permissions=MEMBER)
    await fake.answered(opened)
    await press(fake, mover_of(fake), "stride:mv:2:", alice)
    old = mover_of(fake)

    await bot.stop()
    await bot.start()
    await fake.ask("turn next")  # the GM starts round 2: every token's movement fresh

    confirmed = await fake.press(
        old["id"], control(old, "stride:mv:ok:"), user=alice, permissions=MEMBER
    )
    refused = await fake.answered(confirmed)
    assert refused.ephemeral and refused.embed.get("color") == ERROR_COLOUR
    assert "out of date" in str(refused.embed) and "press Move on the board" in str(refused.embed)
    shown = await fake.ask("encounter show")
    assert "B2" in str(shown.embed), "nothing moved"


def component(message: dict[str, Any], prefix: str) -> dict[str, Any]:
    """The one button or menu of a message whose custom id starts with ``prefix``."""
    (found,) = [
        item
        for row in message.get("components") or []
        for item in row.get("components") or []
        if str(item.get("custom_id", "")).startswith(prefix)
    ]
    return found


async def test_out_of_its_turn_a_mover_frames_its_token_says_so_and_moves_a_whole_way_in_one_pick(
    bot: BotProcess, discord_fake: FakeDiscord
) -> None:
    """Issue 40 on the loopback Discord: on the Ogre's turn, Alice's mover opens on Bo's
    move (not the Ogre's part of a 28×12 map), says at once it is not Bo's turn and holds
    Confirm back; the menu's farthest square east is a whole move in one pick; Ready
    makes it a readied move, which Confirm then makes."""
    fake = discord_fake
    alice = fake.new_user("Alice")
    await fake.ask("encounter start", {"width": 28, "height": 12, "ruleset": "5e"})
    await fake.ask("token add", {"name": "Bo", "at": "C6", "owner": alice, "team": "party"})
    await fake.ask("token add", {"name": "Ogre", "at": "Y6", "size": "large"})
    await fake.ask("turn order", {"order": "Ogre, Bo"})
    await fake.wait_request("POST", rf"/channels/{fake.general.id}/messages$")
    board = next(m for m in fake.messages.values() if "stride:board:move" in controls(m))
    opened = await fake.press(board["id"], "stride:board:move", user=alice, permissions=MEMBER)
    answer = await fake.answered(opened)
    assert answer.ephemeral and answer.embed["title"] == "Move Bo from C6"
    fields = {f["name"]: f["value"] for f in answer.embed["fields"]}
    assert fields["Not its turn"].startswith("It's Ogre's turn (round 1)")
    assert answer.pngs, "the picture of Bo's move"
    mover = mover_of(fake)
    assert component(mover, "stride:mv:ok:").get("disabled") is True
    menu = component(mover, "stride:mvs:q:")
    labels = {o["value"]: o["label"] for o in menu["options"]}
    assert labels["I6"] == "I6 · 30 ft · farthest \u2192"

    picked = await fake.press(
        mover["id"], menu["custom_id"], user=alice, permissions=MEMBER, values=["I6"]
    )
    preview = await fake.answered(picked)
    assert preview.embed["title"].startswith("Preview: Bo moves to I6 — 30 ft")
    assert component(mover_of(fake), "stride:mv:ok:").get("disabled") is True
    readied = await press(fake, mover_of(fake), "stride:mv:r:", alice)
    assert "a readied move" in str(readied.embed)
    assert not component(mover_of(fake), "stride:mv:ok:").get("disabled")
    confirmed = await fake.press(
        mover_of(fake)["id"],
        control(mover_of(fake), "stride:mv:ok:"),
        user=alice,
        permissions=MEMBER,
    )
    reply = await fake.answered(confirmed)
    assert not reply.ephemeral and reply.embed["title"].startswith("Bo moves to I6")
    for _ in range(50):
        shown = await fake.ask("encounter show")
        if "I6" in str(shown.embed):
            break
        await asyncio.sleep(0.05)
    assert "I6" in str(shown.embed)
