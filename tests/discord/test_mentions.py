"""The bot's own mentions show as mentions; whatever users typed reads as typed.

Nothing pings either way (every message sends ``AllowedMentions.none()``); this is
about what a player sees: "<@157…>" as raw text on every GM and owner line was
noise, and a token named "<@123>" or "*Bo*" must not turn into markup.
"""

from __future__ import annotations

import re

from bot.discord.dispatch import dispatch
from bot.discord.embeds import as_text
from bot.reply import MENTION_MARK, Field, Reply, mention
from bot.storage import Store
from tests.discord.fakes import FakeInteraction

GM_ID = 157412345678901234
OWNER_ID = "157412345678901299"


def gm(store: Store) -> FakeInteraction:
    return FakeInteraction(store, manage_channels=True, user_id=GM_ID)


def shown(interaction: FakeInteraction) -> str:
    """Everything the last reply put on screen, as Discord receives it."""
    embed = interaction.sent[-1].embed
    parts = [embed.title or "", embed.description or ""]
    parts += [f"{f.name}: {f.value}" for f in embed.fields]
    return "\n".join(parts)


async def test_typed_names_read_as_typed_and_owner_lines_mention(store: Store) -> None:
    await dispatch(gm(store), "encounter start", {"width": 8, "height": 8})
    await dispatch(gm(store), "token add", {"name": "<@123>", "owner": OWNER_ID})
    await dispatch(gm(store), "token add", {"name": "*Bo*"})
    looking = gm(store)
    await dispatch(looking, "encounter show", {})
    text = shown(looking)
    assert f"<@{OWNER_ID}>" in text  # a real mention: Discord shows the name
    assert "\\<@123>" in text  # escaped: Discord shows the characters <@123>
    assert "<@123>" not in text.replace("\\<@123>", "")
    assert "\\*Bo\\*" in text
    assert MENTION_MARK not in text


async def test_history_and_undo_name_who_did_it(store: Store) -> None:
    await dispatch(gm(store), "encounter start", {"width": 8, "height": 8})
    await dispatch(gm(store), "token add", {"name": "Ari"})
    history = gm(store)
    await dispatch(history, "history", {})
    assert f"<@{GM_ID}> /token add" in shown(history)
    undo = gm(store)
    await dispatch(undo, "undo", {})
    assert f"<@{GM_ID}>" in shown(undo)


async def test_history_says_when_as_a_discord_timestamp(store: Store) -> None:
    """A phone shows "5 minutes ago" in the reader's own zone, not a UTC date per line."""
    await dispatch(gm(store), "encounter start", {"width": 8, "height": 8})
    await dispatch(gm(store), "token add", {"name": "Ari"})
    await dispatch(gm(store), "move", {"token": "Ari", "to": "B2"})
    history = gm(store)
    await dispatch(history, "history", {})
    lines = shown(history).split("Changes: ", 1)[1].splitlines()
    assert re.fullmatch(rf"<t:\d+:R> <@{GM_ID}> /move: Ari moved to B2 \(5 ft\)", lines[0])
    assert "UTC" not in shown(history) and "`" not in shown(history)
    undo = gm(store)
    await dispatch(undo, "undo", {})
    text = shown(undo)
    assert re.search(rf"By: <@{GM_ID}>, <t:\d+:R>", text)
    assert "Now: Ari is back at A1 (was at B2)" in text
    assert undo.sent[-1].embed.image.url == "attachment://board.png"  # the board, shown


async def test_a_refusal_names_the_owner_as_a_mention(store: Store) -> None:
    await dispatch(gm(store), "encounter start", {"width": 8, "height": 8})
    await dispatch(gm(store), "token add", {"name": "Ari", "owner": OWNER_ID})
    stranger = FakeInteraction(store, user_id=5)
    await dispatch(stranger, "move", {"token": "Ari", "to": "B2"})
    assert f"belongs to <@{OWNER_ID}>" in (stranger.sent[-1].embed.description or "")


async def test_the_gm_line_is_a_mention(store: Store) -> None:
    started = gm(store)
    await dispatch(started, "encounter start", {"width": 8, "height": 8})
    assert f"GM: <@{GM_ID}>" in shown(started)


async def test_a_typed_mark_cannot_forge_a_mention(store: Store) -> None:
    """The mark is taken out of what Discord hands over, so only the bot makes mentions."""
    await dispatch(gm(store), "encounter start", {"width": 8, "height": 8})
    await dispatch(gm(store), "token add", {"name": f"{MENTION_MARK}<@{OWNER_ID}>"})
    looking = gm(store)
    await dispatch(looking, "encounter show", {})
    assert f"\\<@{OWNER_ID}>" in shown(looking)


def test_everything_else_that_would_render_is_escaped() -> None:
    typed = "<#1> <@&2> <:e:3> <t:4> </cmd:5> @everyone `code` **x**"
    out = as_text(typed)
    assert "\\<#1>" in out and "\\<@&2>" in out and "\\<:e:3>" in out
    assert "\\<t:4>" in out and "\\</cmd:5>" in out
    assert "@\u200beveryone" in out and "`code`" in out and "\\*\\*x\\*\\*" in out


def test_the_console_shows_plain_mentions() -> None:
    reply = Reply(title="t", fields=(Field("GM", mention("dm")),), footer=mention("x"))
    assert MENTION_MARK not in reply.as_text()
    assert "GM: <@dm>" in reply.as_text()
