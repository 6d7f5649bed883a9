"""/map background (issue 17 "A background map"): a GM puts a map image under the grid,
every board picture draws it, /undo and scenes carry it, and bad input (a non-image, a
player asking, stray grid options) is refused with nothing changed."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from bot.context import Context
from bot.errors import InvalidInput, NotAllowed
from bot.storage import Store
from tests.handlers.encounter_helpers import person, refused, run, state
from tests.render.test_background import GRASS, WATER, battle_map, close


@pytest.fixture
def map_file(tmp_path: Path) -> Path:
    path = tmp_path / "crypt.png"
    path.write_bytes(battle_map(10, 10, 50, offset=(7, 3)))
    return path


def pixel_of(png: bytes | None, xy: tuple[int, int]) -> tuple[int, ...]:
    assert png is not None
    value = Image.open(io.BytesIO(png)).convert("RGB").getpixel(xy)
    assert isinstance(value, tuple)
    return value


# A1's middle and C2's middle on a whole 10x10 board at 40 px squares (strips 22+32)
A1_MIDDLE = (22 + 26, 26 + 26)
C2_MIDDLE = (22 + 2 * 40 + 26, 26 + 40 + 26)


async def test_a_gm_sets_a_background_and_every_picture_draws_it(
    board: Context, map_file: Path, store: Store
) -> None:
    reply = await run(board, f"/map background:{map_file} cell_px:50 offset_x:7 offset_y:3")
    assert reply.title == "Background set: crypt.png under the grid"
    assert reply.result["background"] == {
        "filename": "crypt.png",
        "cell_px": 50,
        "offset_px": [7, 3],
        "squares_across": 10,
        "squares_down": 10,
    }
    assert close(pixel_of(reply.image_png, C2_MIDDLE), WATER)
    assert close(pixel_of(reply.image_png, A1_MIDDLE), GRASS)
    stored = json.loads(await state(store) or "{}")
    assert stored["background"]["filename"] == "crypt.png"
    shown = await run(board, "/map")
    assert close(pixel_of(shown.image_png, C2_MIDDLE), WATER)
    await run(board, "/token add name:Ari at:J10")
    moved = await run(board, "/move token:Ari to:J9")
    assert moved.image_png is not None
    listed = await run(board, "/encounter show")
    assert listed.result["background"] == "crypt.png"
    assert "over crypt.png (50 px squares)" in listed.fields[0].value


async def test_clearing_and_undo_bring_the_floor_and_the_image_back(
    board: Context, map_file: Path
) -> None:
    await run(board, f"/map background:{map_file} cell_px:50 offset_x:7 offset_y:3")
    cleared = await run(board, "/map clear_background:true")
    assert cleared.result["background"] is None
    assert not close(pixel_of(cleared.image_png, C2_MIDDLE), WATER)
    await run(board, "/undo")
    assert close(pixel_of((await run(board, "/map")).image_png, C2_MIDDLE), WATER)


async def test_a_scene_keeps_its_background(board: Context, map_file: Path) -> None:
    await run(
        board,
        f"/map background:{map_file} cell_px:50 offset_x:7 offset_y:3",
        "/encounter save name:Crypt",
        "/map clear_background:true",
        "/encounter load name:Crypt replace:true",
    )
    assert close(pixel_of((await run(board, "/map")).image_png, C2_MIDDLE), WATER)


async def test_an_import_elsewhere_draws_without_an_image_it_does_not_have(
    board: Context, map_file: Path, store: Store, tmp_path: Path
) -> None:
    await run(board, f"/map background:{map_file} cell_px:50 offset_x:7 offset_y:3")
    exported = await run(board, "/encounter export")
    assert exported.attachment is not None
    path = tmp_path / "board.json"
    path.write_bytes(exported.attachment[1])
    other = person(store, "dm", gm=True, channel="table-2")
    await run(other, f"/encounter import file:{path}")
    drawn = await run(other, "/map")
    assert not close(pixel_of(drawn.image_png, C2_MIDDLE), WATER)  # plain floor, no error


async def test_bad_backgrounds_are_refused_and_change_nothing(
    board: Context, map_file: Path, store: Store, tmp_path: Path
) -> None:
    text = tmp_path / "notes.png"
    text.write_text("a shopping list")
    await refused(board, f"/map background:{text}", InvalidInput, "not an image Stride can read")
    await refused(board, f"/map background:{map_file} offset_x:900", InvalidInput, "past the")
    await refused(board, "/map cell_px:70", InvalidInput, "background:<image>")
    await refused(board, "/map clear_background:true", InvalidInput, "no background image")
    await refused(
        board, f"/map background:{map_file} clear_background:true", InvalidInput, "not both"
    )
    await refused(board, f"/map background:{map_file} threats:true", InvalidInput, "on its own")
    await refused(board, f"/map background:{tmp_path / 'missing.png'}", InvalidInput, "can't read")
    player = person(store, "bob")
    await refused(player, f"/map background:{map_file}", NotAllowed)


async def test_help_for_map_shows_how_to_set_a_background(board: Context) -> None:
    shown = await run(board, "/help command:map")
    assert any("/map background:<your map image> cell_px:70" in e for e in shown.result["examples"])
    options = shown.fields[0].value
    assert "background — A map image to draw under the grid (GM)" in options
    assert "cell_px — With background" in options
