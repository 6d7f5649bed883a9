"""Issue 38 at /map background: a map image that would cost too much to decode is refused
with what is accepted, and nothing is stored (no image row, the board as it was); one at
the cap is set. The costs themselves: tests/render/test_background_cost.py and
``python -m bench.background``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.context import Context
from bot.errors import InvalidInput
from bot.storage import Store
from tests.handlers.encounter_helpers import refused, run

SIDE = 4000  # bot.render.background.MAX_DECODED_PIXELS is 4,000 x 4,000


@pytest.fixture
def saved(monkeypatch: pytest.MonkeyPatch, store: Store) -> list[str]:
    """The digests of the map images the store was asked to keep."""
    kept: list[str] = []
    save = store.save_background

    async def spy(channel_id: str, digest: str, *args: Any) -> None:
        kept.append(digest)
        await save(channel_id, digest, *args)

    monkeypatch.setattr(store, "save_background", spy)
    return kept


def grey_png(tmp_path: Path, size: tuple[int, int]) -> Path:
    path = tmp_path / f"map-{size[0]}x{size[1]}.png"
    Image.new("L", size, 120).save(path, "PNG")  # small to make, the pixels still count
    return path


async def test_an_image_over_the_cap_is_refused_and_nothing_is_stored(
    board: Context, tmp_path: Path, saved: list[str]
) -> None:
    big = grey_png(tmp_path, (SIDE + 1, SIDE))
    error = await refused(board, f"/map background:{big}", InvalidInput, "16 million pixels")
    said = str(error)
    assert "the image is 4,001×4,000 px" in said
    assert "(4,000×4,000 px) of a PNG, GIF or JPEG map" in said
    assert "Scale it down or crop it to the map first" in said
    assert saved == []
    assert (await run(board, "/encounter show")).result["background"] is None


async def test_an_image_at_the_cap_is_set(
    board: Context, tmp_path: Path, saved: list[str], store: Store
) -> None:
    at_cap = grey_png(tmp_path, (SIDE, SIDE))
    reply = await run(board, f"/map background:{at_cap}")
    assert reply.title == f"Background set: {at_cap.name} under the grid"
    assert reply.result["background"]["squares_across"] == 10
    (digest,) = saved
    assert await store.background(board.channel_id, digest) is not None
    assert (await run(board, "/encounter show")).result["background"] == at_cap.name
