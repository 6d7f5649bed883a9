"""A bull rush on the board (issue 16; 002 Bull Rush): the mover must enter the foe's
space and needs movement left on entering it to push further than 5 ft; a won check
pushes 5 ft, plus 5 ft per 5 points of margin with the mover following, never beyond
its movement; the margin is the user's (margin:7, a loss negative)."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.errors import IllegalMove, InvalidInput
from bot.storage import Store
from tests.handlers.encounter_helpers import refused, run, tokens


async def field(gm: Context, orc_at: str = "E5", ruleset: str = "3.5") -> None:
    await run(
        gm,
        f"/encounter start width:14 height:10 ruleset:{ruleset}",
        "/token add name:Ari at:A5 team:party",
        f"/token add name:Orc at:{orc_at}",
    )


async def where(store: Store) -> tuple[str, str]:
    placed = await tokens(store)
    return placed["Ari"]["cell"], placed["Orc"]["cell"]


@pytest.mark.parametrize(
    ("margin", "ari", "orc", "pushed_ft"),
    [
        (3, "E5", "F5", 5),  # won: 5 ft, Ari in its space
        (7, "F5", "G5", 10),  # +5 ft for 5 points, Ari following
        (12, "G5", "H5", 15),  # 15 ft wanted, and Ari has just 15 ft left on entering
        (30, "G5", "H5", 15),  # never beyond its movement
        (-2, "D5", "E5", 0),  # lost: back where it entered from
    ],
)
async def test_002_the_push_follows_the_margin_and_the_movement_left(
    gm: Context, store: Store, margin: int, ari: str, orc: str, pushed_ft: int
) -> None:
    await field(gm)
    moved = await run(gm, f"/move token:Ari action:bull-rush target:Orc margin:{margin}")
    assert await where(store) == (ari, orc)
    bull = moved.result["bull_rush"]
    assert bull["from"] == "D5" and bull["most_ft"] == 15
    assert (len(bull["pushed_path"]) - 1) * 5 == pushed_ft
    assert "Orc" in moved.result["provokes"]


async def test_no_margin_says_what_to_roll_and_changes_nothing(gm: Context) -> None:
    await field(gm)
    error = await refused(gm, "/move token:Ari action:bull-rush target:Orc", InvalidInput)
    assert "opposed Strength check" in error.message and "at most 15 ft here" in error.message


async def test_002_no_movement_left_on_entering_no_bull_rush(gm: Context) -> None:
    await field(gm, orc_at="H5")  # 30 ft to G5: nothing left to enter
    await refused(
        gm, "/move token:Ari action:bull-rush target:Orc margin:5", IllegalMove, "entering"
    )


async def test_a_wall_stops_the_push(gm: Context, store: Store) -> None:
    await field(gm)
    await run(gm, "/terrain set cells:G5 kind:wall")
    moved = await run(gm, "/move token:Ari action:bull-rush target:Orc margin:12")
    assert await where(store) == ("E5", "F5")
    assert "blocked" in moved.as_text()


async def test_bad_bull_rushes_are_refused(gm: Context) -> None:
    await field(gm)
    await run(gm, "/token add name:Ogre at:E8 size:huge")
    await refused(
        gm, "/move token:Ari action:bull-rush target:Ogre margin:5", IllegalMove, "too big"
    )
    await refused(gm, "/move token:Ari to:B5 target:Orc", InvalidInput, "action:bull-rush")
    await refused(gm, "/move token:Ari action:bull-rush margin:3", InvalidInput, "target:")
    await refused(
        gm, "/move token:Ari action:bull-rush target:Orc to:A1 margin:3", InvalidInput, "beside"
    )
    await run(gm, "/encounter end confirm:true")
    await field(gm, ruleset="epic-path")
    await refused(
        gm, "/move token:Ari action:bull-rush target:Orc margin:3", InvalidInput, "isn't in"
    )


async def test_002_a_bull_rush_as_part_of_a_charge(gm: Context, store: Store) -> None:
    """002 Bull Rush: "You can bull rush as part of a charge. If you do, you perform the
    bull rush instead of attacking your foe and you get a +2 bonus"; the charge (002
    Charge) gives twice the speed, in a straight line to the closest square."""
    await field(gm, orc_at="K5")  # 45 ft to J5: beyond a move, within a charge
    await refused(gm, "/move token:Ari action:bull-rush target:Orc margin:12", IllegalMove)
    error = await refused(gm, "/move token:Ari action:charge target:Orc", InvalidInput)
    assert error.message.startswith("Charging:") and "at most 15 ft here" in error.message
    moved = await run(gm, "/move token:Ari action:charge target:Orc margin:12")
    bull = moved.result["bull_rush"]
    assert bull["charge"] is True and bull["from"] == "J5"
    assert moved.result["path"][:3] == ["A5", "B5", "C5"]  # straight on
    assert await where(store) == ("M5", "N5")  # 15 ft: all the charge had left
    assert "instead of attacking" in moved.as_text()
    assert "+2" in moved.as_text()
    assert "Charge" in moved.footer
    labels = [w["name"] for w in moved.result["warnings"]]
    assert labels.count("Charge") == 1  # the push, not a charge attack too
    assert moved.result["done_for_the_turn"] is True


async def test_a_charging_bull_rush_needs_the_charges_room(gm: Context) -> None:
    await field(gm, orc_at="C5")  # B5 is 5 ft away: a charge moves at least 10 ft
    await run(gm, "/move token:Ari to:B5")
    await run(gm, "/turn next")
    await refused(
        gm, "/move token:Ari action:charge target:Orc margin:3", IllegalMove, "at least 10 ft"
    )
    await refused(gm, "/move token:Ari action:charge margin:3", InvalidInput, "action:charge")
