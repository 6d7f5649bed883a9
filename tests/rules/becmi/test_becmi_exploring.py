"""becmi (seed 003): exploring in 10-minute turns (Rounds, Turns, and Days; Normal,
Encounter, and Running Speeds; Feet vs. Yards), through /travel mode:explore."""

from __future__ import annotations

import random

import pytest

from bot.context import Context
from bot.discord.dispatch import dispatch
from bot.errors import InvalidInput
from bot.handlers.travel import TRAVEL
from bot.rules import get_ruleset
from bot.rules.rulings import TravelRequest, TravelResult
from bot.storage import Store
from tests.discord.fakes import FakeInteraction
from tests.handlers.encounter_helpers import run

BECMI = get_ruleset("becmi")
FT = 1 / 5280  # /travel's distance is in miles; "600 ft" arrives as this many miles


def explore(**options: object) -> TravelResult:
    request = TravelRequest(mode="explore", **options)  # type: ignore[arg-type]
    return BECMI.calculators.travel(request, random.Random(1))


def test_003_turns_600_ft_of_corridor_at_120_is_5_turns() -> None:
    """003 Normal, Encounter, and Running Speeds: "The first number, usually 120', is the
    number of feet the character moves per turn at a very cautious walking pace indoors";
    003 Rounds, Turns, and Days: a turn is 10 minutes. 600 ft at 120' is 5 turns."""
    result = explore(speeds_ft=(120,), distance_miles=600 * FT)
    assert result.extra["turns"] == 5 and result.extra["turns_begun"] == 5
    assert result.extra["minutes"] == 50
    assert result.headline == "Exploring 600 ft at 120 ft a turn: 5 turns"
    assert "Rounds, Turns, and Days" in result.source.sections


def test_003_normal_speed_outdoors_is_yards() -> None:
    """003 Feet vs. Yards: "A character who moves 90' per turn (normal speed) in a dungeon
    could move 90 yards (or 180') per turn outdoors" (the seed's own arithmetic slips:
    90 yards are 270 ft)."""
    result = explore(speeds_ft=(90,), outdoors=True, distance_miles=1800 * FT)
    assert result.extra["per_turn_ft"] == 270
    assert result.extra["turns"] == pytest.approx(6.67)
    assert result.extra["turns_begun"] == 7
    assert "Feet vs. Yards" in result.source.sections


def test_003_exploring_party_moves_at_the_slowest_and_encumbrance_counts() -> None:
    """003 Character Movement Rates: "Groups of characters, if they intend to stay
    together, move at the rate of the slowest character"; the worked example's 600 cn
    slows a character to 90' (30')."""
    result = explore(speeds_ft=(120,), encumbrance_cn=600, distance_miles=180 * FT)
    assert result.extra["per_turn_ft"] == 90 and result.extra["turns"] == 2


def test_003_exploring_without_a_distance_gives_the_rate() -> None:
    result = explore()
    assert result.headline == "Exploring at 120 ft a turn"
    assert any("720 ft an hour" in n.text for n in result.notes)


def test_003_exploring_says_what_it_does_not_use() -> None:
    result = explore(terrain=("forest",), days=2)
    (unused,) = [n for n in result.notes if n.label == "Not used"]
    assert "terrain and road" in unused.text and "days" in unused.text


async def test_003_travel_command_explore(gm: Context) -> None:
    """The brief's example: /travel distance:"600 ft" speed:"120' (40')" mode:explore."""
    reply = await run(
        gm, '/travel distance:"600 ft" speed:"120\' (40\')" ruleset:becmi mode:explore'
    )
    assert reply.title == "Exploring 600 ft at 120 ft a turn: 5 turns"
    assert reply.result["turns"] == 5
    reply = await run(gm, '/travel distance:"600 yd" ruleset:becmi mode:dungeon outdoors:true')
    assert reply.result["turns"] == 5 and reply.result["per_turn_ft"] == 360


async def test_explore_is_becmis_mode(gm: Context) -> None:
    with pytest.raises(InvalidInput, match="explore"):
        await run(gm, '/travel distance:"600 ft" ruleset:3.5 mode:explore')


# ------------------------------------------- issue 28: short distances, feet and yards


@pytest.mark.parametrize(
    ("line", "turns", "per_turn_ft"),
    [
        ('/travel ruleset:becmi distance:"270 ft" speed:90', 3, 90),
        ('/travel ruleset:becmi distance:"90 yards" speed:90', 3, 90),
        ('/travel ruleset:becmi distance:"90 yards" speed:90 outdoors:true', 1, 270),
        ('/travel ruleset:becmi distance:"270 ft" speed:90 outdoors:true', 1, 270),
        ('/travel ruleset:becmi distance:"360 ft"', 3, 120),
    ],
)
async def test_seed003_character_movement_rates_feet_vs_yards_short_distance_in_turns(
    gm: Context, line: str, turns: int, per_turn_ft: int
) -> None:
    """003 Character Movement Rates: 90' (30') moves "90' per turn" in a dungeon and "90
    yards per turn" outdoors (Feet vs. Yards). A distance under 0.1 mile with no mode is
    explored in turns, not refused."""
    reply = await run(gm, line)
    assert reply.result["mode"] == "explore"
    assert reply.result["turns"] == turns and reply.result["per_turn_ft"] == per_turn_ft
    assert reply.result["miles_per_day"] is None
    assert "Character Movement Rates" in (reply.footer or "")


async def test_seed003_feet_vs_yards_one_turn_is_singular(gm: Context) -> None:
    reply = await run(gm, '/travel ruleset:becmi distance:"90 yards" speed:90 outdoors:true')
    assert reply.title == "Exploring 90 yards (270 ft) at 90 yards (270 ft) a turn: 1 turn"


async def test_seed003_outdoors_without_a_mode_explores(gm: Context) -> None:
    """003 Feet vs. Yards: outdoors:true is the exploring option; with no mode it explores."""
    reply = await run(gm, "/travel ruleset:becmi speed:120 outdoors:true")
    assert reply.result["mode"] == "explore" and reply.result["per_turn_ft"] == 360


@pytest.mark.parametrize(
    "line",
    [
        '/travel ruleset:becmi distance:"270 ft" mode:foot',
        '/travel ruleset:becmi distance:"270 ft" terrain:forest',
        '/travel ruleset:becmi distance:"1 mile"',
    ],
)
async def test_seed003_overland_rate_still_by_the_day_when_asked(gm: Context, line: str) -> None:
    """003 Overland Movement Rates: a mode, a terrain or 0.1 mile or more is overland
    travel, by the day."""
    reply = await run(gm, line)
    assert reply.result["mode"] != "explore" and "turns" not in reply.result
    assert reply.result["miles_per_day"] > 0


@pytest.mark.parametrize("ruleset", ["5e", "5e-2024", "5e-alt", "3.5", "epic-path"])
async def test_overland_only_rulesets_refuse_a_distance_under_a_tenth_of_a_mile(
    gm: Context, ruleset: str
) -> None:
    with pytest.raises(InvalidInput, match=r"too short for .*overland travel.*from 0\.1"):
        await run(gm, f'/travel ruleset:{ruleset} distance:"270 ft" speed:30')


async def test_a_distance_under_the_options_floor_is_refused_in_feet_too(gm: Context) -> None:
    with pytest.raises(InvalidInput, match=r"from 0\.001 to 100,000 miles"):
        await run(gm, '/travel ruleset:becmi distance:"3 ft"')


async def test_seed003_short_distance_in_turns_through_discord(store: Store) -> None:
    """On Discord distance: is a number of miles: 0.05 (264 ft) under becmi is explored
    in turns; the slash option takes it (its floor is 0.001 mile)."""
    assert TRAVEL.option("distance").min_value == 0.001  # type: ignore[union-attr]
    gm_interaction = FakeInteraction(store, manage_channels=True)
    given = {"distance": 0.05, "speed": "120", "ruleset": "becmi"}
    await dispatch(gm_interaction, "travel", given)  # type: ignore[arg-type]
    (sent,) = gm_interaction.sent
    assert sent.embed.title == "Exploring 264 ft at 120 ft a turn: 2.2 turns"
