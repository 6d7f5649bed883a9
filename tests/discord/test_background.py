"""/map background through the interaction path: the attached image is read, the
board comes back as a picture over it; a file too big for a map image is refused
privately unread, and a non-image privately, with nothing changed."""

from __future__ import annotations

import discord

from bot.discord.dispatch import dispatch
from bot.handlers.backgrounds import MAX_BACKGROUND_BYTES
from bot.storage import Store
from tests.discord.fakes import FakeInteraction
from tests.discord.test_transfer import FakeAttachment
from tests.render.test_background import battle_map


async def test_an_attached_map_goes_under_the_grid(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 10, "height": 10})  # type: ignore[arg-type]
    image = FakeAttachment("crypt.png", battle_map(10, 10, 140))  # bigger than an import
    await dispatch(gm, "map", {"background": image, "cell_px": 140})  # type: ignore[arg-type]
    sent = gm.sent[-1]
    assert not sent.ephemeral
    assert sent.embed.title == "Background set: crypt.png under the grid"
    assert isinstance(sent.kwargs["file"], discord.File)
    assert image.reads == 1
    stored = await store.active_encounter(str(gm.channel_id))
    assert stored is not None and stored.encounter.background is not None


async def test_a_too_big_or_non_image_file_is_refused_privately(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True)
    await dispatch(gm, "encounter start", {"width": 10, "height": 10})  # type: ignore[arg-type]
    before = await store.active_encounter(str(gm.channel_id))
    huge = FakeAttachment("huge.png", b"", size=MAX_BACKGROUND_BYTES + 1)
    await dispatch(gm, "map", {"background": huge})  # type: ignore[arg-type]
    assert gm.sent[-1].ephemeral and "at most 8,000,000 bytes" in (
        gm.sent[-1].embed.description or ""
    )
    assert huge.reads == 0
    text = FakeAttachment("notes.png", b"a shopping list")
    await dispatch(gm, "map", {"background": text})  # type: ignore[arg-type]
    assert gm.sent[-1].ephemeral and "not an image" in (gm.sent[-1].embed.description or "")
    after = await store.active_encounter(str(gm.channel_id))
    assert after is not None and before is not None and after.version == before.version
