"""/token place (issue 16 "Altitude and 3-D", "Mounts": "tokens carry an altitude",
"/token edit rider:Ari mount:Horse"): a scene set up with a flyer already aloft and a
rider already mounted, spending no movement; /token edit at: keeps riders with their
mount. /token edit is at Discord's 25 options, so placing has its own subcommand."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.errors import IllegalMove, InvalidInput, NotAllowed
from bot.storage import Store
from tests.handlers.encounter_helpers import refused, run, tokens


async def yard(gm: Context, ruleset: str = "3.5") -> None:
    await run(
        gm,
        f"/encounter start width:12 height:8 ruleset:{ruleset}",
        "/token add name:Ari at:A1 team:party",
        "/token add name:Griffon at:E4 size:large fly:80 team:party",
        "/token add name:Bat at:H2 fly:40",
    )


async def height(store: Store, name: str) -> int:
    return int((await tokens(store))[name].get("altitude_ft", 0))


async def test_a_flyer_placed_aloft_spends_nothing(gm: Context, store: Store) -> None:
    await yard(gm)
    placed = await run(gm, "/token place token:Bat altitude:60")
    assert placed.title == "Placed Bat 60 ft up"
    assert await height(store, "Bat") == 60
    bat = (await tokens(store))["Bat"]
    assert bat["activity"]["spent_ft"] == 0 and bat["activity"]["actions"] == []
    # in the air it moves by flying, from there (004 Three Dimensional Movement)
    assert (await run(gm, "/move token:Bat to:H4")).result["altitude_ft"] == 60
    landed = await run(gm, "/token place token:Bat altitude:0")
    assert landed.title.startswith("Placed Bat on the ground") and await height(store, "Bat") == 0


async def test_a_rider_placed_on_its_mount_goes_where_it_goes(gm: Context, store: Store) -> None:
    await yard(gm)
    await run(gm, "/token place token:Ari mount:Griffon")
    placed = await tokens(store)
    assert placed["Ari"]["cell"] == "E4" and placed["Ari"]["riding"] == "griffon"
    assert placed["Ari"]["activity"]["actions"] == []  # no move action spent
    await run(gm, "/token place token:Griffon altitude:30")
    assert await height(store, "Ari") == 30  # a rider flies at its mount's height
    await refused(gm, "/token place token:Ari altitude:10", InvalidInput, "Griffon")
    await run(gm, "/token edit token:Griffon at:B4")  # the GM moves the mount: its rider too
    placed = await tokens(store)
    assert placed["Ari"]["cell"] == "B4" and placed["Ari"]["riding"] == "griffon"
    await run(gm, "/token place token:Griffon altitude:0")
    off = await run(gm, "/token place token:Ari mount:none at:A1")
    assert "off Griffon" in off.title
    placed = await tokens(store)
    assert placed["Ari"]["cell"] == "A1" and "riding" not in placed["Ari"]


async def test_a_rider_placed_elsewhere_is_off_its_mount(gm: Context, store: Store) -> None:
    await yard(gm)
    await run(gm, "/token place token:Ari mount:Griffon")
    edited = await run(gm, "/token edit token:Ari at:A1")
    assert "on foot" in edited.as_text()
    placed = await tokens(store)
    assert "riding" not in placed["Ari"] and placed["Griffon"]["cell"] == "E4"


@pytest.mark.parametrize(
    ("line", "error", "match"),
    [
        ("/token place token:Ari altitude:20", IllegalMove, "no fly speed"),
        ("/token place token:Bat", InvalidInput, "altitude:"),
        ("/token place token:Bat altitude:20 mount:Griffon", InvalidInput, "not both"),
        ("/token place token:Griffon mount:Ari", IllegalMove, "larger"),
        ("/token place token:Ari mount:none", InvalidInput, "isn't riding"),
        ("/token place token:Bat altitude:20 at:C3", InvalidInput, "mount:none"),
        ("/token place token:Bat mount:Griffon", IllegalMove, "hostile"),
    ],
)
async def test_bad_placings_are_refused(
    gm: Context, line: str, error: type[Exception], match: str
) -> None:
    await yard(gm)
    await refused(gm, line, error, match)  # type: ignore[arg-type]


async def test_during_a_turn_order_only_the_gm_places(gm: Context, player: Context) -> None:
    await run(gm, "/encounter start width:12 height:8 ruleset:5e")
    await run(player, "/token add name:Wisp at:C3 fly:30")
    await run(player, "/token place token:Wisp altitude:10")  # no order: the owner may
    await run(gm, "/turn order order:Wisp")
    await refused(player, "/token place token:Wisp altitude:20", NotAllowed, "/move up:")
    await run(gm, "/token place token:Wisp altitude:20")
