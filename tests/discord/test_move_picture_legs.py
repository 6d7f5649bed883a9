"""Issue 30 through the interaction path: a move split in legs shows, on Discord, the
turn's earlier leg (fainter) under the one just moved."""

from __future__ import annotations

import discord

from bot.discord.dispatch import dispatch
from bot.render.board import BoardView, MoveOverlay
from bot.render.layout import plan
from bot.rules import get_ruleset
from bot.storage import Store
from tests.discord.fakes import FakeInteraction
from tests.render.pixels import centre, decode, pixel
from tests.render.scenarios import cells


def picture(asking: FakeInteraction) -> bytes:
    file = asking.sent[-1].kwargs.get("file")
    assert isinstance(file, discord.File)
    file.fp.seek(0)
    data = file.fp.read()
    assert isinstance(data, bytes)
    return data


async def test_the_second_legs_picture_shows_the_first(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 10, "height": 8, "ruleset": "5e"})
    await dispatch(gm, "token add", {"name": "Ari", "at": "A5", "team": "party"})
    await dispatch(gm, "move", {"token": "Ari", "to": "D5"})
    first = FakeInteraction(store, manage_channels=True)
    await dispatch(first, "move", {"token": "Ari", "to": "D8"})
    image = decode(picture(first))
    path = tuple(cells("D5 D6 D7 D8"))
    stored = await store.active_encounter("4242")
    assert stored is not None
    move = MoveOverlay(path, (0.0, 5.0, 10.0, 15.0), "ari")
    layout = plan(stored.encounter, get_ruleset("5e").footprint_squares, BoardView(move=move))
    earlier_leg = pixel(image, centre(layout, cells("B5")[0]))
    beside_it = pixel(image, centre(layout, cells("B3")[0]))
    assert sum(earlier_leg) < sum(beside_it) - 60  # the first leg, drawn
