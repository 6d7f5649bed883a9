"""Issue 40 ("The shared board"), items 7, 8, 11 and 12, through the interaction path:
commands dispatched as Discord sends them, the channel's board message as the fake
channel holds it."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.dispatch import dispatch
from bot.storage import Store
from tests.discord.fakes import FULL, FakeInteraction

go: Any = dispatch  # the options as Discord's namespace gives them


def without(*names: str) -> discord.Permissions:
    permissions = discord.Permissions(FULL.value)
    for name in names:
        setattr(permissions, name, False)
    return permissions


def last_reply(gm: FakeInteraction) -> discord.Embed:
    """The embed of the last reply (a notice to the GM, in plain text, passed over)."""
    return next(s.embed for s in reversed(gm.sent) if "embed" in s.kwargs)


def board_message(gm: FakeInteraction) -> dict[str, Any]:
    """What the channel's board message shows now (its last edit, else as posted)."""
    (message,) = gm.channel.messages.values()
    return message.edits[-1] if message.edits else message.kwargs


# ------------------------------------------------------------------ item 11


async def test_the_text_board_labels_tokens_as_the_picture_does(store: Store) -> None:
    """Where Stride may not attach the picture, the board message draws the board as
    text: each token by the label the picture prints (G1, G2, Gn1, Ar), not G/g/1/A."""
    gm = FakeInteraction(store, manage_channels=True, app_permissions=without("attach_files"))
    await go(gm, "encounter start", {"width": 12, "height": 8})
    for name, at in [("Goblin 1", "C2"), ("Goblin 2", "D3"), ("Gnoll 1", "H4"), ("Ari", "B5")]:
        await go(gm, "token add", {"name": name, "at": at, "team": "enemy"})
    text = board_message(gm)["embed"].description or ""
    rows = text.split("```")[1].strip("\n").splitlines()
    assert rows[0].split() == list("ABCDEFGHIJKL")
    assert rows[2].split()[1:] == [".", ".", "G1", ".", ".", ".", ".", ".", ".", ".", ".", "."]
    assert rows[4].split()[8] == "Gn1" and rows[5].split()[2] == "Ar"
    # /encounter show lists the tokens by the same labels
    await go(gm, "encounter show", {})
    listed = "\n".join(f.value or "" for f in last_reply(gm).fields if f.name.startswith("Tokens"))
    for label, name in [("G1", "Goblin 1"), ("G2", "Goblin 2"), ("Gn1", "Gnoll 1"), ("Ar", "Ari")]:
        assert f"`{label}` {name} —" in listed
    # and the label on the picture is a name a command takes
    await go(gm, "token edit", {"token": "Gn1", "at": "H5"})
    edited = last_reply(gm)
    assert "Gnoll 1" in f"{edited.title} {edited.description}", edited.title


async def test_a_board_too_big_for_text_says_where_each_token_is(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True, app_permissions=without("attach_files"))
    await go(gm, "encounter start", {"width": 40, "height": 40})
    for i, at in enumerate(["B2", "AM39", "T20"], start=1):
        await go(gm, "token add", {"name": f"Goblin {i}", "at": at, "team": "enemy"})
    text = board_message(gm)["embed"].description or ""
    assert text.startswith("Too big to draw as text here")
    assert "G1 Goblin 1 B2  G2 Goblin 2 AM39  G3 Goblin 3 T20" in text
