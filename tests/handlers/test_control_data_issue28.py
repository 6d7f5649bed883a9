"""Issue 28, "Control, not only text": what a reply rules is data in the console's JSON
too, not only words: /map flanks:true's pairs (004 Flanking, as /flank gives them),
tumble DCs (001 Tumbling with the 3.5 SRD's Tumble; 004 with Pathfinder's Acrobatics,
borrowed) and the charging bull rush's +2 (002 Bull Rush)."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.storage import Store
from tests.handlers.encounter_helpers import ask_json, run


async def test_seed004_flanking_map_flanks_returns_its_pairs_as_data(gm: Context) -> None:
    """004 Flanking: /map flanks:true lists each flanked creature with every pair
    flanking it and its squares, as /flank answers one pair."""
    await run(
        gm,
        "/encounter start width:8 height:8 ruleset:epic-path",
        "/token add name:Ari at:B2 team:party",
        "/token add name:Bo at:D2 team:party",
        "/token add name:Cy at:C1 team:party",
        "/token add name:Dee at:C3 team:party",
        "/token add name:Orc at:C2 team:enemy",
    )
    shown = await run(gm, "/map flanks:true")
    (orc,) = shown.result["flanked"]
    assert orc["target"] == "Orc" and orc["squares"] == ["C2"]
    assert sorted(sorted(pair) for pair in orc["by"]) == [["Ari", "Bo"], ["Cy", "Dee"]]
    assert shown.result["flanks_complete"] is True
    alone = await run(gm, "/token remove token:Bo", "/token remove token:Dee", "/map flanks:true")
    assert alone.result["flanked"] == []


async def test_seed004_flanking_map_flanks_data_where_the_rules_have_none(gm: Context) -> None:
    await run(gm, "/encounter start width:8 height:8 ruleset:3.5")
    assert (await run(gm, "/map flanks:true")).result["flanked"] is None
    assert "flanked" not in (await run(gm, "/map")).result


async def test_seed004_flanking_map_flanks_in_the_console_json(store: Store) -> None:
    for line in (
        "/encounter start width:8 height:8 ruleset:epic-path",
        "/token add name:Ari at:B2 team:party",
        "/token add name:Bo at:D2 team:party",
        "/token add name:Orc at:C2 team:enemy",
    ):
        await ask_json(store, line)
    code, printed = await ask_json(store, "/map flanks:true")
    assert code == 0 and printed["result"]["flanked"][0]["by"] == [["Ari", "Bo"]]


async def _foe_in_the_way(gm: Context, ruleset: str) -> None:
    await run(
        gm,
        f"/encounter start width:10 height:10 ruleset:{ruleset}",
        "/token add name:Ari at:A5 team:party speed:30",
        "/token add name:Orc at:B5 team:enemy",
    )


async def test_seed001_tumbling_dc_25_and_15_are_json_fields(gm: Context) -> None:
    """001 Tumbling (3.5 SRD › Tumble, borrowed): DC 25 to tumble through a foe's space,
    DC 15 to avoid the attacks for leaving threatened squares."""
    await _foe_in_the_way(gm, "3.5")
    moved = await run(gm, "/move token:Ari to:C5 through:tumble preview:true")
    through = moved.result["through"]
    assert through["checks"][0]["dc"] == 25 and through["checks"][0]["dc_cmd_plus"] is None
    assert through["avoid_attacks_dc"] == 15 and through["avoid_attacks_dc_cmd_plus"] is None


async def test_seed004_tumbling_dc_is_the_cmd_as_json_fields(gm: Context) -> None:
    """004 Reach, Internal Flanking: a tumble passes no foe's space (that takes an
    Overrun), it only spares the attacks of opportunity: the check is against the
    opponent's CMD (Pathfinder SRD › Acrobatics, borrowed); a token carries no CMD, so
    the number added (0) is the data."""
    await _foe_in_the_way(gm, "epic-path")
    moved = await run(gm, "/move token:Ari to:C4 through:tumble preview:true")
    through = moved.result["through"]
    assert through["checks"] == []  # no space passed
    assert through["avoid_attacks_dc"] is None and through["avoid_attacks_dc_cmd_plus"] == 0


@pytest.mark.parametrize("ruleset", ["3.5", "epic-path"])
async def test_overrun_checks_are_opposed_no_dc_field(gm: Context, ruleset: str) -> None:
    await _foe_in_the_way(gm, ruleset)
    moved = await run(gm, "/move token:Ari to:C5 through:overrun preview:true")
    assert "dc" not in moved.result["through"]["checks"][0]
    assert "avoid_attacks_dc" not in moved.result["through"]


async def test_seed002_bull_rush_charging_plus_2_is_a_json_field(gm: Context) -> None:
    """002 Bull Rush: "You can bull rush as part of a charge ... you get a +2 bonus on
    your Strength check"."""
    await run(
        gm,
        "/encounter start width:14 height:10 ruleset:3.5",
        "/token add name:Ari at:A5 team:party",
        "/token add name:Orc at:K5",
    )
    charged = await run(gm, "/move token:Ari action:charge target:Orc margin:12 preview:true")
    assert charged.result["bull_rush"]["check_bonus"] == 2
    await run(gm, "/token edit token:Orc at:E5")
    rushed = await run(gm, "/move token:Ari action:bull-rush target:Orc margin:3 preview:true")
    assert rushed.result["bull_rush"]["check_bonus"] == 0
