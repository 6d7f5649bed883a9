"""Issue 30 through the interaction path: the board message and /map show the window
round the tokens at a phone's width (docs/PICTURES.md); the GM pins a view with
/map view:A1:T20 (a player may not), view:all unpins, and /map whole:true still
draws the whole map."""

from __future__ import annotations

import io
from typing import Any

import discord
from PIL import Image

from bot.discord.dispatch import dispatch
from bot.grid.coords import Cell
from bot.render.legibility import MIN_TEXT_PX, on_phone
from bot.storage import Store
from tests.discord.fakes import FakeInteraction

GOBLINS = ("AH33", "AI34", "AJ35", "AK36", "AL37", "AM38", "AH38", "AM33", "AJ33", "AN40")


def board_png(gm: FakeInteraction) -> bytes:
    """The picture the channel's board message shows now."""
    (message,) = gm.channel.messages.values()
    for sent in [*reversed(message.edits), message.kwargs]:
        files = sent.get("attachments") or [sent.get("file")]
        for file in files:
            if isinstance(file, discord.File):
                assert isinstance(file.fp, io.IOBase)
                file.fp.seek(0)
                return file.fp.read()
    raise AssertionError("the board message has no picture")


def showing(gm: FakeInteraction) -> tuple[Cell, Cell] | None:
    embed = gm.sent[-1].embed
    field = next(f for f in embed.fields if f.name == "Showing")
    if (field.value or "").startswith("the whole map"):
        return None
    first, last = (field.value or "").split(" ")[0].split("–")
    return Cell.parse(first), Cell.parse(last)


async def goblin_corner(store: Store) -> FakeInteraction:
    gm = FakeInteraction(store, manage_channels=True)
    go: Any = dispatch
    await go(gm, "encounter start", {"width": 40, "height": 40})
    for i, at in enumerate(GOBLINS, start=1):
        await go(gm, "token add", {"name": f"Goblin {i}", "at": at, "team": "enemy"})
    return gm


async def test_the_board_message_frames_the_goblins_at_a_phone_s_width(store: Store) -> None:
    gm = await goblin_corner(store)
    image = Image.open(io.BytesIO(board_png(gm)))
    assert image.width <= 12 * 360 / MIN_TEXT_PX  # the caption's 12 px still read
    await dispatch(gm, "map", {})  # type: ignore[arg-type]
    window = showing(gm)
    assert window is not None  # not the whole 40x40 map at 25 px a square
    first, last = window
    for at in GOBLINS:
        cell = Cell.parse(at)
        assert first.col <= cell.col <= last.col and first.row <= cell.row <= last.row, at
    assert "whole:true" in str(gm.sent[-1].embed.fields[0].value)
    png = gm.sent[-1].kwargs["file"]
    assert isinstance(png, discord.File)


async def test_the_gm_pins_a_view_and_the_board_message_follows(store: Store) -> None:
    gm = await goblin_corner(store)
    before = board_png(gm)
    await dispatch(gm, "map", {"view": "H8:A1"})  # type: ignore[arg-type]
    assert showing(gm) == (Cell.parse("A1"), Cell.parse("H8"))
    view = next(f for f in gm.sent[-1].embed.fields if f.name == "View")
    assert "Pinned to A1–H8" in (view.value or "")
    pinned = board_png(gm)
    assert pinned != before  # the board message reframed at once
    await dispatch(gm, "map", {})  # type: ignore[arg-type]
    assert showing(gm) == (Cell.parse("A1"), Cell.parse("H8"))  # /map keeps the pin
    await dispatch(gm, "token edit", {"token": "Goblin 1", "at": "AH32"})  # type: ignore[arg-type]
    size = Image.open(io.BytesIO(pinned)).size
    assert Image.open(io.BytesIO(board_png(gm))).size == size  # the same frame
    await dispatch(gm, "map", {"view": "all"})  # type: ignore[arg-type]
    first, _ = showing(gm) or (Cell(0, 0), Cell(0, 0))
    assert first.col > 20  # round the goblins again


async def test_a_player_may_not_pin_and_a_bad_view_says_what_is_accepted(store: Store) -> None:
    gm = await goblin_corner(store)
    player = FakeInteraction(store, user_id=99)
    await dispatch(player, "map", {"view": "A1:H8"})  # type: ignore[arg-type]
    refused = player.sent[-1]
    assert refused.ephemeral and "pin the board's view" in str(refused.embed.description)
    await dispatch(gm, "map", {"view": "A1"})  # type: ignore[arg-type]
    assert "view:A1:T20" in str(gm.sent[-1].embed.description)
    await dispatch(gm, "map", {"view": "A1:ZZ99"})  # type: ignore[arg-type]
    assert gm.sent[-1].ephemeral
    await dispatch(gm, "map", {"whole": True, "at": "A1"})  # type: ignore[arg-type]
    assert "use one of them" in str(gm.sent[-1].embed.description)


async def test_whole_true_draws_the_whole_map(store: Store) -> None:
    gm = await goblin_corner(store)
    await dispatch(gm, "map", {"whole": True})  # type: ignore[arg-type]
    assert showing(gm) is None
    file = gm.sent[-1].kwargs["file"]
    assert isinstance(file, discord.File) and isinstance(file.fp, io.IOBase)
    file.fp.seek(0)
    width = Image.open(file.fp).width
    assert on_phone(12, width) < MIN_TEXT_PX  # big: for a desktop, as asked
