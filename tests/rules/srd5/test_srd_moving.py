"""Issue 28, moving on the SRDs' grid: moving around other creatures (5.2), squeezing
(5.1), corners (5.2), moving a grappled creature (5.1), mounting and dismounting and
staying mounted (both: tests/rules/srd5/test_srd_mounts.py). Driven through the
console handlers; each test names its SRD section."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.errors import RulingError
from tests.handlers.encounter_helpers import refused, run
from tests.rules.grid_kit import said


async def board(gm: Context, ruleset: str, *lines: str) -> None:
    await run(gm, f"/encounter start ruleset:{ruleset} width:12 height:12", *lines)


async def test_srd51_squeezing_costs_one_extra_foot_per_foot_and_nothing_more(gm: Context):
    """SRD 5.1 Squeezing into a Smaller Space: 1 extra foot for every foot moved there;
    the narrow opening isn't also difficult terrain. 25 ft of squeezing costs 50 ft."""
    await board(gm, "5e", "/token add name:Ari at:A2 speed:60")
    await run(gm, "/terrain set cells:B2:F2 kind:narrow")
    reply = await run(gm, '/move token:Ari to:F2 via:"B2 C2 D2 E2"')
    assert [s["cost_ft"] for s in reply.result["steps"]] == [10, 10, 10, 10, 10]
    assert reply.result["cost_ft"] == 50


@pytest.mark.parametrize(("ruleset", "cost_ft"), [("5e", 15), ("5e-2024", 10)])
async def test_srd51_squeezing_adds_to_difficult_terrain_srd52_never_more_than_one(
    gm: Context, ruleset: str, cost_ft: int
):
    """SRD 5.1 Squeezing into a Smaller Space: its extra foot comes on top of difficult
    terrain's (15 ft a square); SRD 5.2 Difficult Terrain: a space sized for a smaller
    creature is difficult terrain, and the cost never goes past 1 extra foot."""
    await board(gm, ruleset, "/token add name:Ogre at:A2 size:large speed:60")
    await run(gm, "/terrain set cells:C1:F1 kind:wall", "/terrain set cells:C3:F3 kind:wall")
    await run(gm, "/terrain set cells:C2:F2 kind:difficult")
    reply = await run(gm, "/move token:Ogre to:C2 via:B2")
    assert [s["cost_ft"] for s in reply.result["steps"]] == [cost_ft, cost_ft]


# ------------------------------------------- moving around other creatures


async def corridor_past(gm: Context, ruleset: str, other: str, mover: str = "") -> None:
    """Ari (party) at A2, a one-square corridor along row 2, and ``other`` at B2."""
    await board(gm, ruleset, f"/token add name:Ari at:A2 team:party {mover}", f"/token add {other}")
    await run(gm, '/terrain set cells:"A1:E1 A3:E3" kind:wall')


async def test_srd52_moving_around_creatures_a_neutral_stranger_blocks(gm: Context):
    """SRD 5.2 Moving Around Other Creatures: only an ally, an Incapacitated or Tiny
    creature, or one two sizes apart can be passed; a neutral Medium token is on
    nobody's side."""
    await corridor_past(gm, "5e-2024", "name:Bo at:B2 team:neutral")
    error = await refused(gm, "/move token:Ari to:C2 via:B2", RulingError)
    assert "isn't Tiny, Incapacitated or two sizes apart" in said(error)


@pytest.mark.parametrize(
    ("other", "mover", "cost_ft"),
    [
        ("name:Bo at:B2 team:party", "", 10),  # an ally: not difficult terrain
        ("name:Bo at:B2 team:neutral", "", 15),  # made Incapacitated below
        ("name:Rat at:B2 team:neutral size:tiny", "", 10),  # Tiny: not difficult
        ("name:Cy at:B2 team:neutral", "size:tiny", 15),  # two sizes apart
    ],
)
async def test_srd52_moving_around_creatures_who_can_be_passed(
    gm: Context, other: str, mover: str, cost_ft: int
):
    """SRD 5.2 Moving Around Other Creatures: an ally, an Incapacitated creature, a Tiny
    one or one two sizes apart; its space is difficult terrain unless it is an ally
    or Tiny."""
    await corridor_past(gm, "5e-2024", other, mover)
    if other.startswith("name:Bo at:B2 team:neutral"):
        await run(gm, "/token condition token:Bo add:incapacitated")
    reply = await run(gm, "/move token:Ari to:C2 via:B2")
    assert reply.result["path"][-1] == "C2"
    assert reply.result["cost_ft"] == cost_ft


async def test_srd51_moving_around_creatures_a_nonhostile_neutral_still_passes(gm: Context):
    """SRD 5.1 Moving Around Other Creatures: a nonhostile creature can be passed (its
    space is difficult terrain)."""
    await corridor_past(gm, "5e", "name:Bo at:B2 team:neutral")
    reply = await run(gm, "/move token:Ari to:C2 via:B2")
    assert reply.result["cost_ft"] == 15


# ------------------------------------------------------------------ corners


@pytest.mark.parametrize(
    ("ruleset", "kind", "path"),
    [
        ("5e", "wall", ["A1", "A2", "B2"]),
        ("5e-2024", "wall", ["A1", "A2", "B2"]),
        ("5e", "tree", ["A1", "B2"]),  # SRD 5.1 has no corner rule but walls'
        ("5e-2024", "tree", ["A1", "A2", "B2"]),
        ("5e-2024", "pillar", ["A1", "A2", "B2"]),
    ],
)
async def test_srd52_corners_no_diagonal_past_a_feature_filling_its_space(
    gm: Context, ruleset: str, kind: str, path: list[str]
):
    """SRD 5.2 Playing on a Grid › Corners: a diagonal move can't pass the corner of a
    wall, a large tree or a terrain feature that fills its space (SRD 5.1 keeps the
    rounded pillar's skimmed corner)."""
    await board(gm, ruleset, "/token add name:Ari at:A1")
    await run(gm, f"/terrain set cells:B1 kind:{kind}")
    reply = await run(gm, "/move token:Ari to:B2")
    assert reply.result["path"] == path
    assert reply.result["cost_ft"] == 5 * (len(path) - 1)


async def test_srd52_corners_a_diagonal_asked_for_is_refused_at_the_tree(gm: Context):
    """SRD 5.2 Playing on a Grid › Corners: the refusal names the corner."""
    await board(gm, "5e-2024", "/token add name:Ari at:A1 speed:5")
    await run(gm, "/terrain set cells:B1 kind:tree")
    error = await refused(gm, "/move token:Ari to:B2")
    assert "a solid corner at B1 stops a diagonal step" in said(error)


# -------------------------------------------------- moving a grappled creature


async def hold(gm: Context, ruleset: str, victim_size: str = "medium") -> None:
    """A Large Ogre (speed 30) at F5 holding Bo beside it at H5."""
    await board(
        gm,
        ruleset,
        "/token add name:Ogre at:F5 size:large speed:30",
        f"/token add name:Bo at:H5 team:party size:{victim_size}",
        "/token condition token:Bo add:grappled by:Ogre",
    )


async def test_srd51_moving_a_grappled_creature_halves_the_speed(gm: Context):
    """SRD 5.1 Grappling › Moving a Grappled Creature: the grappler's speed is halved
    (30 → 15 ft); no foot costs more on open ground."""
    await hold(gm, "5e")
    await refused(gm, "/move token:Ogre to:B5 drag:Bo", RulingError)  # 20 ft > 15 ft
    moved = await run(gm, "/move token:Ogre to:C5 drag:Bo")
    assert [s["cost_ft"] for s in moved.result["steps"]] == [5, 5, 5]
    assert moved.result["total_ft"] == 15
    assert "speed is halved" in {f.name: f.value for f in moved.fields}["Dragging"]


async def test_srd51_moving_a_grappled_creature_with_dash_halves_the_dash_too(gm: Context):
    """SRD 5.1 Grappling: the speed is halved, so a Dash adds the halved speed (30 ft in
    all), less what the grappler already moved this turn."""
    await hold(gm, "5e")
    await run(gm, "/move token:Ogre to:F4")  # 10 ft moved, still holding Bo
    await run(gm, "/move token:Ogre to:F5")
    moved = await run(gm, "/move token:Ogre to:B5 action:dash drag:Bo")
    assert moved.result["cost_ft"] == 20  # 30 halved-with-Dash less the 10 ft moved


@pytest.mark.parametrize(("ruleset", "reaches"), [("5e", "E5"), ("5e-2024", "D5")])
async def test_srd51_moving_a_grappled_creature_difficult_terrain_still_costs(
    gm: Context, ruleset: str, reaches: str
):
    """SRD 5.1 Moving a Grappled Creature halves the speed and difficult terrain still
    costs 1 extra foot (E5, D5: 10 ft each of 15); SRD 5.2 Grappled costs 1 extra foot
    per foot on top of difficult terrain's (15 ft each of 30): not the same reach."""
    await hold(gm, ruleset)
    await run(gm, "/terrain set cells:D5:E6 kind:difficult")
    error = await refused(gm, "/move token:Ogre to:C5 drag:Bo", RulingError)
    assert f"can reach {reaches}" in said(error)
    moved = await run(gm, f"/move token:Ogre to:{reaches} drag:Bo")
    assert moved.result["path"][-1] == reaches


@pytest.mark.parametrize("ruleset", ["5e", "5e-2024"])
async def test_srd51_moving_a_grappled_creature_two_sizes_smaller_costs_nothing(
    gm: Context, ruleset: str
):
    """SRD 5.1 Moving a Grappled Creature ("unless the creature is two or more sizes
    smaller than you") and SRD 5.2 Grappled (likewise): the full speed."""
    await hold(gm, ruleset, victim_size="small")
    moved = await run(gm, "/move token:Ogre to:A5 drag:Bo")
    assert moved.result["cost_ft"] == 25
