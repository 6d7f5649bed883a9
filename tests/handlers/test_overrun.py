"""Moving through an opponent's space (issue 16 "Overrun, tumble"): 001 Overrun,
Tumbling; 002 Overrun; 004 Overrun. /move through:overrun|tumble lets the path pass
opponents' spaces; the reply lists each check, where a failure stops the mover, and
what it provokes."""

from __future__ import annotations

from bot.context import Context
from bot.errors import IllegalMove, InvalidInput, RulingError
from tests.handlers.encounter_helpers import refused, run


async def line_of_foes(gm: Context, ruleset: str, *, second: str = "small") -> None:
    await run(
        gm,
        f"/encounter start width:12 height:10 ruleset:{ruleset}",
        "/token add name:Ari at:A5 team:party",
        "/token add name:Orc at:C5",
        f"/token add name:Gob at:E5 size:{second}",
    )


async def test_004_overrun_two_foes_each_check_at_minus_3(gm: Context) -> None:
    """004 Overrun: "Each of your overrun attempts takes a cumulative -3 penalty for each
    enemy after the first"; a failure stops you in the space directly in front; without
    Improved Overrun each target gets an attack of opportunity."""
    await line_of_foes(gm, "epic-path")
    moved = await run(gm, '/move token:Ari to:G5 through:overrun via:"C5 E5"')
    through = moved.result["through"]
    assert through["kind"] == "overrun" and through["penalty"] == -3
    assert [(c["target"], c["enters"], c["stops_at_on_failure"]) for c in through["checks"]] == [
        ("Orc", "C5", "B5"),
        ("Gob", "E5", "D5"),
    ]
    assert set(moved.result["provokes"]) == {"Orc", "Gob"}
    assert "a failure stops Ari at B5" in moved.as_text()


async def test_004_overrun_only_foes_at_most_one_size_larger(gm: Context) -> None:
    await line_of_foes(gm, "epic-path", second="huge")
    await refused(gm, '/move token:Ari to:H5 through:overrun via:"C5 E5"', IllegalMove)


async def test_one_foe_no_penalty_and_the_end_must_be_open(gm: Context) -> None:
    await line_of_foes(gm, "epic-path")
    await refused(gm, "/move token:Ari to:C5 through:overrun", IllegalMove)  # ends on Orc
    moved = await run(gm, "/move token:Ari to:D5 through:overrun via:C5")
    assert moved.result["through"]["penalty"] == 0
    assert [c["target"] for c in moved.result["through"]["checks"]] == ["Orc"]


async def test_3_5_tumbling_is_half_speed_with_a_dc_25_check(gm: Context) -> None:
    """001 Tumbling (the DC and half speed from the 3.5 SRD's Tumble, borrowed)."""
    await line_of_foes(gm, "3.5")
    moved = await run(gm, "/move token:Ari to:D5 through:tumble via:C5")
    assert moved.result["cost_ft"] == 30  # three squares at half speed
    assert "tumbling ×2" in moved.result["steps"][0]["why"]
    assert "DC 25 Tumble" in moved.as_text()
    assert moved.result["through"]["checks"][0]["stops_at_on_failure"] == "B5"


async def test_through_is_refused_where_the_rules_have_none_or_it_doesnt_fit(gm: Context) -> None:
    await line_of_foes(gm, "5e-alt")
    await refused(gm, "/move token:Ari to:D5 through:overrun via:C5", InvalidInput, "isn't in")
    await run(gm, "/encounter end confirm:true")
    await line_of_foes(gm, "3.5")
    await refused(
        gm,
        "/move token:Ari to:D5 through:overrun via:C5 action:double",
        InvalidInput,
        "action:move",
    )
    await refused(gm, "/move token:Ari to:D5 through:tumble mode:swim", RulingError)


async def test_004_overrun_as_part_of_a_charge(gm: Context) -> None:
    """004 Overrun: "If combined with the move action of a charge, this will allow you to
    'charge through' an opponent"; "Overrun does not require you to move in a straight
    line unless you combine it with a charge"; a failed check keeps the charge attack
    only if the target is still in reach."""
    await line_of_foes(gm, "epic-path")
    await run(gm, "/token add name:Boss at:H5")
    moved = await run(gm, "/move token:Ari to:G5 action:charge through:overrun")
    assert moved.result["path"] == ["A5", "B5", "C5", "D5", "E5", "F5", "G5"]
    through = moved.result["through"]
    assert through["charge"] is True and through["penalty"] == -3
    assert [c["target"] for c in through["checks"]] == ["Orc", "Gob"]
    assert moved.result["action"] == "charge" and moved.result["cost_ft"] == 30
    text = moved.as_text()
    assert "Charges Boss" in text and "still in reach" in text
    # with a charge, the line must be straight: no bending round to pass both
    await run(gm, "/turn next")
    await refused(gm, '/move token:Ari to:G7 action:charge through:overrun via:"C5 E5"')


async def test_3_5_overrun_is_not_part_of_a_charge(gm: Context) -> None:
    """002 Overrun: "You cannot perform an overrun as part of a charge"."""
    await line_of_foes(gm, "3.5")
    await refused(
        gm, "/move token:Ari to:G5 action:charge through:overrun", InvalidInput, "action:move"
    )
