"""/map and the images on encounter replies."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.context import Context
from bot.errors import InvalidInput
from bot.handlers import run_line
from tests.handlers.encounter_helpers import ask_json, refused, run


def picture(png: bytes | None) -> Image.Image:
    assert png is not None
    return Image.open(io.BytesIO(png))


@pytest.fixture
async def fight(gm: Context) -> Context:
    await run(
        gm,
        "/encounter start width:12 height:10 ruleset:3.5",
        "/token add name:Ari at:A1 team:party",
        "/token add name:Ogre at:E5 size:large team:enemy",
    )
    return gm


async def test_map_shows_the_whole_small_map(fight: Context) -> None:
    reply = await run_line(fight, "/map")
    image = picture(reply.image_png)
    assert reply.image_name == "board.png"
    assert max(image.size) <= 1024
    assert {f.name: f.value for f in reply.fields}["Showing"] == "the whole map"


async def test_map_threats_lists_the_enemy_squares(fight: Context) -> None:
    reply = await run_line(fight, "/map threats:true")
    threats = set(reply.result["threats"])
    # a Large ogre (tall, 10 ft reach) at E5-F6 threatens two squares out, 1-2-1-2
    assert {"D5", "C5", "G7", "H6"} <= threats
    assert "E5" not in threats and "A1" not in threats


async def test_map_reach_of_one_token(fight: Context) -> None:
    reply = await run_line(fight, "/map reach:Ogre")
    assert any(f.name == "Reach" for f in reply.fields)


async def test_map_at_pans_a_big_map(gm: Context) -> None:
    await run(gm, "/encounter start width:200 height:200", "/token add name:Ari at:A1")
    reply = await run_line(gm, "/map at:CV100 zoom:24")
    image = picture(reply.image_png)
    assert max(image.size) <= 1024
    showing = {f.name: f.value for f in reply.fields}["Showing"]
    first, last = showing.split("–")
    assert first != "A1" and last != "GR200"


@pytest.mark.parametrize(
    ("line", "error"),
    [("/map at:ZZ999", "off the map"), ("/map reach:Nobody", "No token named")],
)
async def test_map_bad_input(fight: Context, line: str, error: str) -> None:
    await refused(fight, line, InvalidInput, error)


async def test_move_and_show_replies_carry_the_board(fight: Context) -> None:
    moved = await run_line(fight, "/move token:Ari to:B2")
    assert moved.image_name == "move.png"
    picture(moved.image_png)
    shown = await run_line(fight, "/encounter show")
    assert shown.image_name == "board.png"
    picture(shown.image_png)


async def test_console_json_names_the_image(gm: Context) -> None:
    store = gm.store
    await ask_json(store, "/encounter start width:8 height:8")
    await ask_json(store, "/token add name:Kit at:A1")
    code, data = await ask_json(store, "/move token:Kit to:C3")
    assert code == 0
    name = data["result"]["image"].rsplit("/", 1)[-1]
    assert name.startswith("move-") and name.endswith(".png")  # one file per reply
    with open(data["result"]["image"], "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
