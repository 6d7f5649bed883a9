"""Issue 28: `5e-2024` /travel by the SRD 5.2 Travel Pace table, driven through the
console (`ask --json`). Each test names the SRD 5.2 section it checks."""

from __future__ import annotations

import random

import pytest

from bot.errors import InvalidInput
from bot.rules import rulesets
from bot.rules.rulings import TravelRequest, TravelResult
from bot.storage import Store
from tests.handlers.encounter_helpers import ask_json


@pytest.mark.parametrize("speed", [30, 40])
@pytest.mark.parametrize(("pace", "per_day"), [("fast", 30), ("normal", 24), ("slow", 18)])
async def test_srd52_travel_pace_table_is_independent_of_speed(
    store: Store, speed: int, pace: str, per_day: int
):
    """SRD 5.2 Travel Pace table: fast 30, normal 24, slow 18 miles a day, whatever the
    group's Speed."""
    code, reply = await ask_json(
        store, f"/travel ruleset:5e-2024 speed:{speed} pace:{pace} terrain:grassland"
    )
    assert code == 0
    assert reply["result"]["miles_per_day"] == per_day


def srd52(**options: object) -> TravelResult:
    return rulesets()["5e-2024"].calculators.travel(TravelRequest(**options), random.Random(1))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("terrain", "road", "pace"),
    [
        ("grassland", None, "fast"),
        ("arctic", None, "fast"),
        ("forest", None, "normal"),
        ("hills", None, "normal"),
        ("swamp", None, "slow"),
        ("mountains", None, "slow"),
        ("swamp", "road", "normal"),
        ("forest", "road", "fast"),
    ],
)
def test_srd52_travel_terrain_sets_the_maximum_pace(terrain: str, road: str | None, pace: str):
    """SRD 5.2 Travel Terrain table: each terrain's maximum pace; a good road raises it a
    step. A fast pace asked for is slowed to it."""
    result = srd52(pace="fast", terrain=(terrain,), road=road)
    assert result.extra["pace"] == result.extra["max_pace"] == pace
    assert result.miles_per_day == {"fast": 30, "normal": 24, "slow": 18}[pace]


@pytest.mark.parametrize("speeds", [(30, 15), (40, 20), (15,), (10,)])
def test_srd52_travel_pace_a_member_at_half_speed_or_less_slows_the_group(
    speeds: tuple[int, ...],
):
    """SRD 5.2 Travel Pace: anyone at half Speed or less makes the group go slow."""
    result = srd52(speeds_ft=speeds, pace="fast")
    assert result.extra["pace"] == "slow" and result.miles_per_day == 18
    assert result.extra["slowed_by_member"] is True


def test_srd52_travel_pace_a_group_without_a_slow_member_keeps_its_pace():
    """SRD 5.2 Travel Pace: 30 and 25 ft walk together at the pace asked."""
    assert srd52(speeds_ft=(30, 25), pace="fast").miles_per_day == 30


@pytest.mark.parametrize(
    ("pace", "mph", "per_day"), [("fast", 8, 64), ("normal", 6, 48), ("slow", 4, 32)]
)
def test_srd52_travel_pace_a_high_speed_for_an_extended_time_is_speed_over_10(
    pace: str, mph: float, per_day: int
):
    """SRD 5.2 Travel Pace, a high Speed for an extended time: Speed ÷ 10 miles an hour,
    only when asked for (mode:high-speed)."""
    result = srd52(mode="high-speed", speeds_ft=(60,), pace=pace)
    assert (result.miles_per_hour, result.miles_per_day) == (mph, per_day)


def test_srd52_travel_pace_high_speed_needs_a_speed():
    with pytest.raises(InvalidInput, match="give speed:"):
        srd52(mode="high-speed")


@pytest.mark.parametrize(("hours", "dcs"), [(9, "11"), (10, "11, 12"), (11.5, "11, 12, 13, 14")])
def test_srd52_extended_travel_constitution_saves_past_8_hours(hours: float, dcs: str):
    """SRD 5.2 Extended Travel: each hour past 8, a Constitution save, DC 10 + 1 per hour
    past 8; a failure is 1 Exhaustion level."""
    result = srd52(hours=hours)
    assert result.extra["extended_travel_dcs"] == dcs
    assert "Extended Travel" in result.source.sections
    assert any("1 Exhaustion level" in n.text for n in result.notes)


def test_srd52_extended_travel_nothing_within_8_hours():
    assert "extended_travel_dcs" not in srd52(hours=8).extra


@pytest.mark.parametrize(
    ("pace", "hour", "day"), [("fast", 8, 34), ("normal", 6, 27), ("slow", 4, 20)]
)
def test_srd52_travel_pace_mounted_group_goes_twice_the_distance_for_1_hour(
    pace: str, hour: float, day: float
):
    """SRD 5.2 Travel Pace, mounts: twice the distance for 1 hour (read: twice the pace's
    hourly miles, once a day)."""
    result = srd52(mode="mount", pace=pace)
    assert result.miles_per_day == {"fast": 30, "normal": 24, "slow": 18}[pace]
    assert result.extra["mounted_hour_miles"] == hour
    assert result.extra["mounted_day_miles"] == day


@pytest.mark.parametrize(
    ("ruleset", "key"),
    [
        ("5e", "forced_march_dcs"),
        ("5e-alt", "forced_march_dcs"),
        ("5e-2024", "extended_travel_dcs"),
    ],
)
@pytest.mark.parametrize("ship", ["galley", "sailing-ship", "rowboat"])
def test_srd_forced_march_and_extended_travel_not_for_a_ships_passengers(
    ruleset: str, key: str, ship: str
):
    """SRD 5.1 Forced March / SRD 5.2 Extended Travel: travelers on foot; a ship's
    passengers aren't marching, so no Constitution saves are listed."""
    result = rulesets()[ruleset].calculators.travel(
        TravelRequest(mode=ship, hours=12), random.Random(1)
    )
    assert key not in result.extra
    assert result.covered_miles == result.miles_per_hour * 12


@pytest.mark.parametrize(
    ("ruleset", "key"),
    [
        ("5e", "forced_march_dcs"),
        ("5e-alt", "forced_march_dcs"),
        ("5e-2024", "extended_travel_dcs"),
    ],
)
def test_srd_forced_march_and_extended_travel_still_for_walkers(ruleset: str, key: str):
    result = rulesets()[ruleset].calculators.travel(TravelRequest(hours=10), random.Random(1))
    assert result.extra[key] == "11, 12"


def test_srd52_vehicles_keep_their_speed():
    """SRD 5.2 Vehicles: an airship 8 miles an hour, 24 hours a day; no pace."""
    airship = srd52(mode="airship", pace="fast")
    assert (airship.miles_per_hour, airship.miles_per_day) == (8, 192)


async def test_srd52_travel_pace_in_the_console_reply_text(store: Store):
    """What a table reads: the table's 24 miles, not Speed ÷ 10."""
    code, reply = await ask_json(store, "/travel ruleset:5e-2024 speed:40 terrain:forest pace:fast")
    assert code == 0
    assert reply["result"]["miles_per_day"] == 24
    assert reply["result"]["pace"] == "normal"
