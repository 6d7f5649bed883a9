"""Issue 28, "The seeds: still wrong": epic-path's (seed 004) last exceptions, through
the console handlers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.context import Context
from bot.errors import IllegalMove
from tests.handlers.encounter_helpers import refused, run
from tests.rules.grid_kit import GridKit, foe, pc

KIT = GridKit("epic-path")


async def test_seed004_overrun_failure_shunts_back_to_first_unoccupied(gm: Context) -> None:
    """004 Overrun: "If your overrun attempt fails, you are stopped in the space directly
    in front of the opponent that you failed to overrun. If there are other creatures
    occupying that space, you are shunted back along your declared path to the first
    unoccupied space"."""
    await run(
        gm,
        "/encounter start width:12 height:10 ruleset:epic-path",
        "/token add name:Ari at:A5 team:party",
        "/token add name:Bo at:C5 team:party",
        "/token add name:Cy at:D5 team:party",
        "/token add name:Orc at:E5",
    )
    moved = await run(gm, "/move token:Ari to:F5 through:overrun via:E5")
    assert moved.result["path"] == ["A5", "B5", "C5", "D5", "E5", "F5"]
    (check,) = moved.result["through"]["checks"]
    # D5 (in front of the Orc) and C5 hold allies: back to B5, the first open square
    assert check["stops_at_on_failure"] == "B5"
    assert "a failure stops Ari at B5" in moved.as_text()


async def test_seed004_reach_internal_flanking_tumbling_does_not_pass_a_foes_space(
    gm: Context,
) -> None:
    """004 Reach, Internal Flanking: "Creatures wishing to pass all the way through
    another creature's space must use the Overrun maneuver. Simply avoiding attacks of
    opportunity while moving through threatened squares requires the Tumbling feature
    of Acrobatics"."""
    await run(
        gm,
        "/encounter start width:12 height:10 ruleset:epic-path",
        "/token add name:Ari at:A5 team:party",
        "/token add name:Orc at:C5",
    )
    error = await refused(gm, "/move token:Ari to:D5 through:tumble via:C5", IllegalMove)
    assert "Overrun" in str(error)
    # round the foe, tumbling: half speed, and the check spares the attacks, no more
    moved = await run(gm, "/move token:Ari to:D5 through:tumble preview:true")
    assert "C5" not in moved.result["path"]
    assert moved.result["through"]["checks"] == []
    assert moved.result["cost_ft"] == 2 * 5 * (len(moved.result["path"]) - 1)
    assert "attack of opportunity" in moved.as_text()
    # the overrun is the way through
    moved = await run(gm, "/move token:Ari to:D5 through:overrun via:C5")
    assert [c["target"] for c in moved.result["through"]["checks"]] == ["Orc"]


async def test_seed004_three_dimensional_movement_a_flyer_ends_above_a_foes_cube(
    gm: Context,
) -> None:
    """004 Three Dimensional Movement: "all characters are considered to be represented
    as cubes in space ... The cube is a number of squares high equal to the number of
    squares per side"; a flyer at or above a foe's height is clear of its cube, so it may
    fly over it and end its move above its square."""
    await run(
        gm,
        "/encounter start width:12 height:5 ruleset:epic-path",
        "/token add name:Hawk at:A3 team:party fly:60",
        "/token add name:Orc at:C3",
        "/token add name:Ogre at:E3 size:large",
    )
    # on the ground, the Orc's square is its own
    await refused(gm, "/move token:Hawk to:C3 mode:fly preview:true", IllegalMove, "Orc at C3")
    await run(gm, "/move token:Hawk to:B3 mode:fly up:5")  # the top of a Medium cube
    over = await run(gm, "/move token:Hawk to:C3 mode:fly")
    assert over.result["path"] == ["B3", "C3"] and over.result["altitude_ft"] == 5
    # the Large Ogre's cube is 10 ft high: not over it at 5 ft...
    await refused(gm, "/move token:Hawk to:E3 mode:fly", IllegalMove, "Ogre at E3")
    # ...but rising 5 ft on the way, it ends above it
    above = await run(gm, "/move token:Hawk to:E3 mode:fly up:5")
    assert above.result["path"][-1] == "E3" and above.result["altitude_ft"] == 10
    # and coming down onto the Ogre's cube is refused
    await refused(gm, "/move token:Hawk to:F3 mode:fly down:5", IllegalMove, "Ogre at E3")


@settings(max_examples=40, deadline=None)
@given(orc=st.integers(2, 9), allies=st.sets(st.integers(1, 8)))
def test_seed004_overrun_failure_stops_on_the_last_open_square_before_the_foe(
    orc: int, allies: set[int]
) -> None:
    """004 Overrun, as an invariant: on a one-row board, the square a failure stops the
    mover in is open (or its start) and every square between it and the foe is taken."""
    col = "ABCDEFGHIJKL"
    friends = sorted(a for a in allies if a < orc)
    e = KIT.encounter(
        12,
        1,
        pc("Ari", "A1", speed_ft=60),
        foe("Orc", f"{col[orc]}1"),
        *(pc(f"Ally{a}", f"{col[a]}1") for a in friends),
    )
    result = KIT.move(e, "Ari", f"{col[orc + 1]}1", through="overrun", via=f"{col[orc]}1")
    (check,) = result.extra["through"]["checks"]  # type: ignore[index]
    stop = col.index(check["stops_at_on_failure"][0])  # type: ignore[index]
    assert stop < orc and stop not in friends
    assert all(c in friends for c in range(stop + 1, orc))
