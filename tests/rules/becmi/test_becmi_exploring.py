"""becmi (seed 003): exploring in 10-minute turns (Rounds, Turns, and Days; Normal,
Encounter, and Running Speeds; Feet vs. Yards), through /travel mode:explore."""

from __future__ import annotations

import random

import pytest

from bot.context import Context
from bot.errors import InvalidInput
from bot.rules import get_ruleset
from bot.rules.rulings import TravelRequest, TravelResult
from tests.handlers.encounter_helpers import run

BECMI = get_ruleset("becmi")
FT = 1 / 5280  # /travel's distance is in miles; "600 ft" arrives as this many miles


def explore(**options: object) -> TravelResult:
    request = TravelRequest(mode="explore", **options)  # type: ignore[arg-type]
    return BECMI.travel(request, random.Random(1))


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
