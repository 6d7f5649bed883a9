"""Issue 28, 5e and 5e-2024: a token's Strength score, jumps on the grid, carrying.

SRD 5.1 Movement › Jumping; SRD 5.2 Rules Glossary › Long Jump, High Jump, Round Down;
both: Carrying Capacity (pushing, dragging, lifting), and 5.1's Encumbrance variant and
heavy armor's Strength requirement.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.context import Context
from bot.errors import IllegalMove, InvalidInput
from bot.handlers.board_rules import board_rules
from bot.rules import rulesets
from bot.rules.rulings import JumpRequest
from bot.schema.read import InvalidState, read_state
from tests.handlers.encounter_helpers import refused, run, tokens

BOTH = pytest.mark.parametrize("rid", ["5e", "5e-2024"])


async def pit_board(gm: Context, rid: str, *tokens: str) -> None:
    """A corridor 10 squares long with a 10-ft pit at E2:F2; Kit stands at A2."""
    await run(
        gm,
        f"/encounter start width:10 height:3 ruleset:{rid}",
        '/terrain set cells:"A1:J1 A3:J3" kind:wall',
        '/terrain set cells:"E2 F2" kind:pit',
        "/token add name:Kit at:A2",
        *tokens,
    )


async def test_srd52_round_down_strength_15_standing_long_jump_7_ft_high_jump_2_ft(gm: Context):
    """SRD 5.2 Rules Glossary › Round Down: a standing jump is half, rounded down."""
    reply = await run(gm, "/jump ruleset:5e-2024 strength:15 run_up:0")
    assert reply.result["max_horizontal_ft"] == 7
    assert reply.result["max_vertical_ft"] == 2


@BOTH
async def test_srd_jumping_move_jump_clears_a_10_ft_pit(gm: Context, rid: str):
    """SRD Jumping (5.2 Long Jump): with a 10 ft run-up on foot, Strength 15 clears 15 ft;
    each foot jumped costs a foot of movement."""
    await pit_board(gm, rid, "/token stats token:Kit strength:15")
    reply = await run(gm, "/move token:Kit to:G2 jump:G2")
    assert reply.result["path"] == ["A2", "B2", "C2", "D2", "G2"]
    assert reply.result["cost_ft"] == 30  # a 15 ft run-up, a 15 ft jump


# ------------------------------------------------------------------ Strength


async def token_of(gm: Context, name: str = "Kit") -> dict[str, Any]:
    return (await tokens(gm.store))[name]


@BOTH
async def test_srd_strength_score_is_set_with_token_stats(gm: Context, rid: str):
    """SRD Using Ability Scores › Strength: the score jumps and carrying read."""
    await pit_board(gm, rid)
    reply = await run(gm, "/token stats token:Kit strength:15")
    assert (await token_of(gm))["state"] == {"strength": 15}
    assert "Str 15" in reply.fields[0].value
    shown = await run(gm, "/token stats token:Kit")
    assert shown.result["stats"] == {"strength": 15}
    assert "strength" in shown.result["known"]


@BOTH
@pytest.mark.parametrize("score", ["0", "31", "strong"])
async def test_srd_strength_score_is_1_to_30(gm: Context, rid: str, score: str):
    await pit_board(gm, rid)
    await refused(gm, f"/token stats token:Kit strength:{score}", InvalidInput, "strength")


@BOTH
async def test_srd_strength_on_token_add_points_to_token_stats(gm: Context, rid: str):
    """/token add and /token edit are at Discord's 25 options: Strength has its own
    subcommand, and the refusal says which."""
    await pit_board(gm, rid)
    await refused(gm, "/token add name:Bo strength:15", InvalidInput, "/token stats")
    await refused(gm, "/token edit token:Kit strength:15", InvalidInput, "/token stats")


async def test_strength_is_refused_where_a_ruleset_has_no_use_for_it(gm: Context):
    await run(gm, "/encounter start width:6 height:6 ruleset:3.5", "/token add name:Kit")
    await refused(gm, "/token stats token:Kit strength:15", InvalidInput, "doesn't read strength")


@BOTH
def test_srd_strength_out_of_range_is_refused_on_a_stored_board(rid: str):
    """The board's schema checks a stored Strength as the ruleset declares it (1 to 30)."""
    board = {
        "width": 6,
        "height": 6,
        "ruleset": rid,
        "gm_id": "1",
        "tokens": [{"name": "Kit", "cell": "A1", "state": {"strength": 31}}],
    }
    with pytest.raises(InvalidState, match="strength"):
        read_state(json.dumps(board), board_rules())
    board["tokens"][0]["state"] = {"strength": 15}  # type: ignore[index]
    assert read_state(json.dumps(board), board_rules()).token("Kit").state == {"strength": 15}


# ------------------------------------------------------------------ jumping


@BOTH
async def test_srd_jumping_without_strength_says_how_to_set_it(gm: Context, rid: str):
    """SRD Jumping: the distance is the Strength score; without one, the refusal names
    /token stats (and no longer says there is no jumping on the grid)."""
    await pit_board(gm, rid)
    pit = await refused(gm, "/move token:Kit to:G2", IllegalMove, "jump:")
    assert "no jumping" not in pit.message
    await refused(gm, "/move token:Kit to:G2 jump:G2", IllegalMove, "/token stats token:Kit")


@BOTH
async def test_srd_jumping_standing_long_jump_is_half(gm: Context, rid: str):
    """SRD Jumping (5.2 Long Jump): no 10 ft run-up on foot just before: half the
    distance, so Strength 15 standing at the pit's edge can't clear 10 ft."""
    await pit_board(gm, rid, "/token edit token:Kit at:D2", "/token stats token:Kit strength:15")
    refusal = await refused(gm, "/move token:Kit to:G2 jump:G2", IllegalMove, "standing")
    assert "Strength 15" in refusal.message
    await run(gm, "/token stats token:Kit strength:20")  # standing: 10 ft
    reply = await run(gm, "/move token:Kit to:G2 jump:G2")
    assert reply.result["cost_ft"] == 15


@BOTH
async def test_srd_jumping_run_up_goes_on_from_an_earlier_move_this_turn(gm: Context, rid: str):
    """SRD Jumping: "move at least 10 feet on foot immediately before the jump": a /move
    on foot that ended at the pit's edge is that run-up, the jump its own /move."""
    await pit_board(gm, rid, "/token stats token:Kit strength:15")
    await run(gm, "/move token:Kit to:D2")
    reply = await run(gm, "/move token:Kit to:G2 jump:G2")
    assert reply.result["path"] == ["D2", "G2"]
    assert reply.result["cost_ft"] == 15
    assert not any(w["name"] == "Standing" for w in reply.result["warnings"])


@BOTH
async def test_srd_jumping_landing_in_difficult_terrain_is_dc_10_acrobatics_or_prone(
    gm: Context, rid: str
):
    """SRD 5.1 Jumping; SRD 5.2 Long Jump: "If you land in Difficult Terrain, you must
    succeed on a DC 10 Dexterity (Acrobatics) check or have the Prone condition"."""
    await pit_board(
        gm, rid, "/terrain set cells:G2 kind:difficult", "/token stats token:Kit strength:15"
    )
    reply = await run(gm, "/move token:Kit to:G2 jump:G2")
    landing = [w["text"] for w in reply.result["warnings"] if w["name"] == "Landing"]
    assert landing and "DC 10 Dexterity (Acrobatics)" in landing[0] and "prone" in landing[0]


@BOTH
async def test_srd_jumping_a_prone_creature_stands_first(gm: Context, rid: str):
    await pit_board(
        gm, rid, "/token stats token:Kit strength:15", "/token condition token:Kit add:prone"
    )
    await refused(gm, "/move token:Kit to:G2 jump:G2", IllegalMove, "prone")


def test_srd51_standing_jump_keeps_the_half():
    """SRD 5.1 has no Round Down rule: Strength 15 standing is 7.5 ft long, 2.5 ft high."""
    jump = rulesets()["5e"].calculators.jump(
        JumpRequest(strength=15, run_up_ft=0), random.Random(1)
    )
    assert (jump.max_horizontal_ft, jump.max_vertical_ft) == (7.5, 2.5)


def test_srd52_round_down_standing_jumps_by_strength():
    """SRD 5.2 Round Down: half of an odd Strength score loses its half foot."""
    ruleset = rulesets()["5e-2024"]
    for score, long_ft, high_ft in ((15, 7, 2), (16, 8, 3), (10, 5, 1), (1, 0, 0)):
        jump = ruleset.calculators.jump(JumpRequest(strength=score, run_up_ft=0), random.Random(1))
        assert (jump.max_horizontal_ft, jump.max_vertical_ft) == (long_ft, high_ft)
    running = ruleset.calculators.jump(JumpRequest(strength=15, run_up_ft=10), random.Random(1))
    assert (running.max_horizontal_ft, running.max_vertical_ft) == (15, 5)


# ------------------------------------------------------------------ carrying


async def speed_of(gm: Context, name: str = "Kit") -> int:
    reply = await run(gm, f"/token stats token:{name}")
    return int(reply.result["token"]["speed_ft"])


@BOTH
async def test_srd_carrying_capacity_pushing_or_dragging_more_leaves_speed_5_ft(
    gm: Context, rid: str
):
    """SRD 5.1 Lifting and Carrying; SRD 5.2 Carrying Capacity: Strength × 15 lb; pushing
    or dragging more than that (up to twice it), speed 5 ft."""
    await pit_board(gm, rid, "/token stats token:Kit strength:10 dragging_lb:150")
    assert await speed_of(gm) == 30  # 150 lb: its capacity, not more
    reply = await run(gm, "/token stats token:Kit dragging_lb:151")
    assert reply.result["token"]["speed_ft"] == 5
    assert any("speed is 5 ft" in n["text"] for n in reply.result["notes"])
    await refused(gm, "/move token:Kit to:C2", IllegalMove)
    moved = await run(gm, "/move token:Kit to:B2")
    assert moved.result["cost_ft"] == 5


@BOTH
async def test_srd_carrying_capacity_twice_it_is_the_most_pushed_or_dragged(gm: Context, rid: str):
    """SRD Carrying Capacity: push, drag or lift up to twice the carrying capacity."""
    await pit_board(gm, rid, "/token stats token:Kit strength:10")
    await refused(gm, "/token stats token:Kit dragging_lb:301", InvalidInput, "300 lb")
    await run(gm, "/token stats token:Kit dragging_lb:300")
    assert await speed_of(gm) == 5


@BOTH
async def test_srd_carrying_capacity_doubles_per_size_above_medium(gm: Context, rid: str):
    """SRD 5.1 Size and Strength; SRD 5.2 Carrying Capacity: a Large creature carries
    twice as much (Strength × 30 lb)."""
    await run(gm, f"/encounter start width:8 height:8 ruleset:{rid}")
    await run(
        gm, "/token add name:Ox size:large", "/token stats token:Ox strength:10 dragging_lb:300"
    )
    assert await speed_of(gm, "Ox") == 30
    await run(gm, "/token stats token:Ox dragging_lb:301")
    assert await speed_of(gm, "Ox") == 5


@BOTH
async def test_srd_carrying_a_load_needs_the_strength_score(gm: Context, rid: str):
    await pit_board(gm, rid)
    await refused(gm, "/token stats token:Kit carried_lb:60", InvalidInput, "strength:")
    await refused(gm, "/token stats token:Kit armor_strength:15", InvalidInput, "strength:")


@BOTH
async def test_srd_heavy_armor_strength_requirement_unmet_is_10_ft_slower(gm: Context, rid: str):
    """SRD 5.1 Armor and Shields; SRD 5.2 Armor: heavy armor whose Strength requirement
    the wearer doesn't meet reduces its speed by 10 ft."""
    await pit_board(gm, rid, "/token stats token:Kit strength:13 armor_strength:15")
    assert await speed_of(gm) == 20
    await run(gm, "/token stats token:Kit strength:15")
    assert await speed_of(gm) == 30
    await run(gm, "/token stats token:Kit strength:13 armor_strength:0")  # armor off
    assert await speed_of(gm) == 30


@pytest.mark.parametrize(
    ("carried", "speed"), [(50, 30), (51, 20), (100, 20), (101, 10), (150, 10), (151, 5)]
)
async def test_srd51_variant_encumbrance_slows_by_the_weight_carried(
    gm: Context, carried: int, speed: int
):
    """SRD 5.1 Using Ability Scores › Variant: Encumbrance (the encounter's option):
    over 5 × Strength lb −10 ft, over 10 × Strength lb −20 ft; past the capacity, it can
    only push or drag the load (5 ft)."""
    await run(
        gm,
        "/encounter start width:8 height:8 ruleset:5e encumbrance:true",
        "/token add name:Kit",
        f"/token stats token:Kit strength:10 carried_lb:{carried}",
    )
    assert await speed_of(gm) == speed


@BOTH
async def test_srd_carrying_without_the_variant_only_capacity_counts(gm: Context, rid: str):
    """Without 5.1's Encumbrance variant (and always in 5.2), a load within the carrying
    capacity leaves the speed as it is."""
    await pit_board(gm, rid, "/token stats token:Kit strength:10 carried_lb:150")
    assert await speed_of(gm) == 30


async def test_srd52_has_no_encumbrance_variant(gm: Context):
    with pytest.raises(InvalidInput, match="only 5e reads it"):
        await run(gm, "/encounter start ruleset:5e-2024 encumbrance:true")


async def test_srd51_variant_encumbrance_limits_the_move_itself(gm: Context):
    """SRD 5.1 Variant: Encumbrance: the slower speed is what /move spends."""
    await run(
        gm,
        "/encounter start width:8 height:3 ruleset:5e encumbrance:true",
        "/token add name:Kit at:A2",
        "/token stats token:Kit strength:10 carried_lb:60",
    )
    await refused(gm, "/move token:Kit to:F2", IllegalMove, "20 ft")
    moved = await run(gm, "/move token:Kit to:E2")
    assert moved.result["total_ft"] == 20


@BOTH
@settings(max_examples=60, deadline=None)
@given(score=st.integers(min_value=1, max_value=30), run_up=st.integers(min_value=0, max_value=30))
def test_srd_jumping_by_strength_invariants(rid: str, score: int, run_up: int):
    """SRD Jumping (5.2 Long Jump, High Jump, Round Down), for every score and run-up: a
    long jump is the score with a 10 ft run-up and half (5.2: rounded down) without; a
    standing jump is never longer or higher than a running one."""
    ruleset = rulesets()[rid]
    jump = ruleset.calculators.jump(JumpRequest(strength=score, run_up_ft=run_up), random.Random(1))
    running = ruleset.calculators.jump(JumpRequest(strength=score, run_up_ft=10), random.Random(1))
    assert running.max_horizontal_ft == score
    assert jump.max_horizontal_ft is not None and jump.max_vertical_ft is not None
    assert running.max_vertical_ft is not None
    if run_up >= 10:
        assert jump.max_horizontal_ft == score
    else:
        half = score // 2 if rid == "5e-2024" else score / 2
        assert jump.max_horizontal_ft == half
    if running.max_vertical_ft >= 0:  # 5.1 shows a negative high jump (Strength 1) as is
        assert jump.max_vertical_ft <= running.max_vertical_ft
    if rid == "5e-2024":
        assert jump.max_horizontal_ft == int(jump.max_horizontal_ft)
        assert jump.max_vertical_ft == int(jump.max_vertical_ft) >= 0
