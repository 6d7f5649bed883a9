"""Issue 40 ("The shared board"), items 7, 8, 11 and 12, through the interaction path:
commands dispatched as Discord sends them, the channel's board message as the fake
channel holds it."""

from __future__ import annotations

import io
from typing import Any

import discord
from PIL import Image

from bot.discord.dispatch import dispatch
from bot.grid.coords import Cell
from bot.render.layout import Layout, plan
from bot.render.view import BoardView
from bot.rules import get_ruleset
from bot.rules.moving import threat_squares
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


# ------------------------------------------------------------------ item 12


def reply_png(gm: FakeInteraction) -> Image.Image:
    file = next(s.kwargs["file"] for s in reversed(gm.sent) if "file" in s.kwargs)
    assert isinstance(file, discord.File) and isinstance(file.fp, io.IOBase)
    file.fp.seek(0)
    return Image.open(io.BytesIO(file.fp.read())).convert("RGB")


def square_pixels(image: Image.Image, layout: Layout, at: str) -> bytes:
    x, y = layout.corner(Cell.parse(at))
    return image.crop((x + 1, y + 1, x + layout.cell - 1, y + layout.cell - 1)).tobytes()


async def test_threat_shading_leaves_walls_out_of_its_squares_and_its_count(
    store: Store,
) -> None:
    """A goblin by a wall and a pillar reaches 9 squares (its own too), 4 of them wall or
    pillar: /map threats:true (the board's Threats button) shades and counts the 5
    others."""
    gm = FakeInteraction(store, manage_channels=True)
    await go(gm, "encounter start", {"width": 8, "height": 8, "ruleset": "5e-alt"})
    await go(gm, "terrain set", {"cells": "C3:E3", "kind": "wall"})
    await go(gm, "terrain set", {"cells": "E5", "kind": "pillar"})
    await go(gm, "token add", {"name": "Goblin", "at": "D4", "team": "enemy"})
    await go(gm, "token add", {"name": "Ari", "at": "A8", "team": "party"})
    await go(gm, "map", {})
    plain = reply_png(gm)
    await go(gm, "map", {"threats": True})
    shaded = reply_png(gm)
    said = next(f.value or "" for f in last_reply(gm).fields if f.name == "Threats")
    assert said.startswith("5 squares the enemies threaten")  # not 9
    stored = await store.active_encounter(str(gm.channel_id))
    assert stored is not None
    encounter = stored.encounter
    rules = get_ruleset("5e-alt")
    threats = threat_squares(rules, encounter)
    assert sorted(str(c) for c in threats) == ["C4", "C5", "D4", "D5", "E4"]
    view = BoardView(threats=threats)
    layout = plan(encounter, rules.footprint_squares, view)
    for wall in ("C3", "D3", "E3", "E5"):  # drawn as they are without shading
        assert square_pixels(shaded, layout, wall) == square_pixels(plain, layout, wall), wall
    for open_square in ("C4", "D5"):  # hatched
        assert square_pixels(shaded, layout, open_square) != square_pixels(
            plain, layout, open_square
        )
