"""becmi voyages day by day: seed 003 (003_3444ce13aba82e1a.txt) › By Ship ("Roll 2d6 at the
beginning of each day") and the Optional Water Movement Modification Table, over several days."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.context import Context
from bot.errors import InvalidInput
from bot.handlers import run_line
from bot.rules.becmi.ruleset import Becmi
from bot.rules.rulings import TravelRequest, TravelResult
from tests.rules.faces import Faces

BECMI = Becmi()


def voyage(rng: random.Random, **options: object) -> TravelResult:
    return BECMI.calculators.travel(TravelRequest(**options), rng)  # type: ignore[arg-type]


def day_miles(result: TravelResult) -> list[float]:
    return [day["miles"] for day in result.extra["voyage"]]  # type: ignore[index, union-attr]


def test_each_day_rolls_its_own_weather() -> None:
    """By Ship: no wind (2) keeps a sailing ship in its hex all day; a rowed ship is never
    stopped for lack of wind; other rolls leave the day's movement normal."""
    faces = (1, 1, 3, 4, 2, 3)  # 2: no wind, 7, 5
    sailing = voyage(Faces(*faces), mode="sailing-ship", ship_speed_miles=40, days=3, sea=True)
    assert day_miles(sailing) == [0, 40, 40]
    assert sailing.covered_miles == 80
    assert [r.total for r in sailing.rolls] == [2, 7, 5]
    galley = voyage(Faces(*faces), mode="galley", ship_speed_miles=40, days=3, sea=True)
    assert day_miles(galley) == [40, 40, 40]
    assert galley.covered_miles == 120
    assert "Day 1: 2d6 (1, 1) = 2, no wind: 0 mi (0 in all)" in sailing.notes[1].text


def test_a_gale_ends_the_reckoning() -> None:
    """By Ship, Gale or Storm: the ship sits (80% sinking) or runs before the wind in a random
    direction: the crew's choice and the DM's coast decide what follows, so the day-by-day
    count stops there and the reply gives the gale's rule with the direction rolled."""
    result = voyage(
        Faces(3, 4, 6, 6, 2), mode="sailing-ship", ship_speed_miles=40, days=5, sea=True
    )
    assert result.extra["voyage_ended_by_gale"] is True
    assert len(result.extra["voyage"]) == 2  # type: ignore[arg-type]
    assert result.covered_miles == 40
    assert result.extra["gale_direction"] == "60° starboard"
    gale = next(n.text for n in result.notes if n.label == "Gale")
    assert "80% chance of sinking" in gale


def test_taking_on_water_slows_the_rest_of_the_voyage() -> None:
    """Water Movement Modification Table, row 11 and its asterisk: double movement, and a
    sailed vessel takes on water on 10% (1d100 ≤ 10); "taking on water reduces speed by 1/3
    until docking and repair are possible", so every later day is slowed too."""
    result = voyage(
        Faces(5, 6, 7, 3, 4), mode="sailing-ship", ship_speed_miles=30, days=2, weather=True
    )
    assert day_miles(result) == [40, 20]  # 30 × 2 × 2/3, then 30 × 2/3
    assert [day["took_on_water"] for day in result.extra["voyage"]] == [True, True]  # type: ignore[index, union-attr]
    dry = voyage(
        Faces(5, 6, 11, 3, 4), mode="sailing-ship", ship_speed_miles=30, days=2, weather=True
    )
    assert day_miles(dry) == [60, 30]


def test_a_distance_is_sailed_until_the_ship_arrives() -> None:
    """By Ship: characters move at the ship's rate; with the sea's roll each day, the voyage
    lasts until the miles are covered, the last day in part."""
    result = voyage(
        Faces(3, 4, 3, 4, 3, 4), mode="galley", ship_speed_miles=40, distance_miles=100, sea=True
    )
    assert result.days == 2.5
    assert result.covered_miles == 100
    assert day_miles(result) == [40, 40, 20]


def test_a_part_day_at_the_end_counts_its_part() -> None:
    result = voyage(Faces(3, 4, 3, 4), mode="galley", ship_speed_miles=40, days=1.5, sea=True)
    assert day_miles(result) == [40, 20]


def test_sails_only_rows_say_a_galley_keeps_its_rate() -> None:
    """Ruling (docs/RULINGS.md, becmi): the table's breeze rows concern sails; a galley rows on."""
    result = voyage(Faces(5, 5, 3, 4), mode="galley", ship_speed_miles=40, days=2, weather=True)
    assert day_miles(result) == [40, 40]
    assert "oars keep the rate" in result.notes[1].text


def test_a_voyage_longer_than_the_rolled_limit_is_refused() -> None:
    with pytest.raises(InvalidInput, match="at most 60 days"):
        voyage(random.Random(1), mode="galley", ship_speed_miles=40, days=61, sea=True)


def test_without_sea_or_weather_the_average_rate_answers() -> None:
    result = voyage(random.Random(1), mode="galley", ship_speed_miles=40, days=5)
    assert "voyage" not in result.extra
    assert result.covered_miles == 200


@given(seed=st.integers(0, 2**32), days=st.integers(2, 60))
def test_the_days_add_up(seed: int, days: int) -> None:
    """Whatever the dice: the covered miles are the days' miles added up, each day is the base
    rate or nothing (By Ship without the optional table), and a gale is always the last day."""
    result = voyage(
        random.Random(seed), mode="sailing-ship", ship_speed_miles=24, days=days, sea=True
    )
    log = result.extra["voyage"]
    assert isinstance(log, list)
    miles = [day["miles"] for day in log if isinstance(day, dict) and "miles" in day]
    assert result.covered_miles == sum(miles)
    assert set(miles) <= {0, 24}
    gale = result.extra["voyage_ended_by_gale"]
    assert len(log) == (len(miles) + 1 if gale else days)


async def test_a_long_voyage_reply_fits_discords_fields(gm: Context) -> None:
    """Sixty days of weather, ten to a field: every field within Discord's 1,024 characters
    and the whole reply within 6,000, so nothing is cut on the way to the table."""
    from bot.discord.embeds import FIELD_VALUE_MAX, TOTAL_MAX

    reply = await run_line(
        gm, "/travel ruleset:becmi mode:galley ship_speed:40 days:60 weather:true"
    )
    assert sum(1 for f in reply.fields if f.name.startswith("Days")) >= 1
    assert all(len(f.value) <= FIELD_VALUE_MAX for f in reply.fields)
    size = (
        len(reply.title) + len(reply.footer) + sum(len(f.name) + len(f.value) for f in reply.fields)
    )
    assert size <= TOTAL_MAX


# ------------------------------------------------------------- swimming and drowning


def swim(*faces: int, **options: object) -> TravelResult:
    return voyage(Faces(*faces), mode="swim", speeds_ft=(120,), **options)


def test_breath_held_for_constitution_rounds_then_checks_until_one_fails() -> None:
    """By Swimming (and Drowning): breath held for Constitution rounds when not exerting;
    then a Constitution check every round, the first against the score, each later one with
    a cumulative +1 (+1 on the second, +2 on the third); the first failure drowns him."""
    result = swim(12, 10, 11, 9, constitution=12)
    # 12 holds, 10+1 holds, 11+2 = 13 fails
    assert result.extra["breath_rounds"] == 12
    assert result.extra["drowning_checks"] == [12, 10, 11]
    assert result.extra["drowned_round"] == 15
    drowning = next(n.text for n in result.notes if n.label == "Drowning")
    assert "12 holds, 10+1 holds, 11+2 fails (round 15)" in drowning
    assert result.headline == "Under water: 12 rounds of breath, drowned in round 15"


def test_exerting_halves_the_breath() -> None:
    """By Swimming (and Drowning): exerting himself (fighting, panicking) he holds it for half
    his Constitution (rounded down: a ruling, docs/RULINGS.md)."""
    result = swim(20, constitution=13, exerting=True)
    assert result.extra["breath_rounds"] == 6
    assert result.extra["drowned_round"] == 7


def test_drowned_is_not_yet_dead_for_a_third_of_constitution_rounded_up() -> None:
    """By Swimming (and Drowning): "he will not be dead for a number of rounds equal to 1/3
    his Constitution score (round up)", and healing skill or magic brings him back; having
    made Constitution checks he is exhausted even if rescued."""
    result = swim(20, constitution=13)
    assert result.extra["dies_round"] == 13 + 1 + 5
    dying = next(n.text for n in result.notes if n.label == "Dying")
    assert "5 rounds (13 ÷ 3, rounded up)" in dying
    assert "Healing skill" in dying and "exhausted" in dying


@given(constitution=st.integers(3, 25), seed=st.integers(0, 2**32), exerting=st.booleans())
def test_the_checks_always_end(constitution: int, seed: int, exerting: bool) -> None:
    """003 Drowning: with the penalty growing each round (+1 on the second check) no
    swimmer holds more than Constitution checks (the check after that needs a roll of 0),
    so the last of at most Constitution + 1 fails, and every check before it holds."""
    result = voyage(
        random.Random(seed),
        mode="swim",
        speeds_ft=(120,),
        constitution=constitution,
        exerting=exerting,
    )
    checks = result.extra["drowning_checks"]
    assert isinstance(checks, list) and 1 <= len(checks) <= constitution + 1
    *held, last = [int(face) + penalty for penalty, face in enumerate(checks)]  # type: ignore[call-overload]
    assert all(total <= constitution for total in held) and last > constitution


def test_constitution_out_of_range_is_refused() -> None:
    with pytest.raises(InvalidInput, match="from 3 to 25"):
        swim(constitution=30)


def test_constitution_elsewhere_is_noted_not_used() -> None:
    result = voyage(random.Random(1), mode="galley", ship_speed_miles=40, constitution=12)
    assert any("for swimming (mode:swim)" in n.text for n in result.notes)
