"""becmi's exploring (seed 003 › Rounds, Turns, and Days; Normal, Encounter, and
Running Speeds; Feet vs. Yards): a dungeon crawled in 10-minute turns."""

from __future__ import annotations

import math
from fractions import Fraction

from bot.rules.becmi import tables as t
from bot.rules.becmi.tokens import YARDS
from bot.rules.becmi.travel_ruling import Ruling, exact, say, slowest_speed_ft
from bot.rules.rulings import Source, TravelRequest, TravelResult


def explore(request: TravelRequest, r: Ruling, source: Source) -> TravelResult:
    """003 Rounds, Turns, and Days; Normal, Encounter, and Running Speeds: exploring a
    dungeon is measured in 10-minute turns, at the normal speed ("the number of feet the
    character moves per turn at a very cautious walking pace indoors"; outdoors the same
    number in yards, 003 Feet vs. Yards). Groups move at the slowest member's rate."""
    r.cite("Rounds, Turns, and Days", "Normal, Encounter, and Running Speeds")
    speed = slowest_speed_ft(request, r)
    outdoors = request.outdoors
    per_turn_ft = speed * (YARDS if outdoors else 1)
    turns_an_hour = 60 // t.MINUTES_PER_TURN

    def amount(value: int) -> str:
        return f"{value} yards ({value * YARDS} ft)" if outdoors else f"{value} ft"

    rate = amount(speed)
    if outdoors:
        r.cite("Feet vs. Yards")
    r.extra.update(outdoors=outdoors, per_turn_ft=per_turn_ft)
    r.note(
        "Exploring",
        f"Normal speed: {rate} a turn of {t.MINUTES_PER_TURN} minutes, "
        f"{amount(turns_an_hour * speed)} an hour. A very cautious walking pace that "
        "includes mapping, peeking around corners and resting; anything dangerous shifts "
        "to rounds.",
    )
    headline = f"Exploring at {rate} a turn"
    if request.distance_miles is not None:
        distance_ft = Fraction(round(exact(request.distance_miles) * t.FEET_PER_MILE * 100), 100)
        shown = f"{say(distance_ft)} ft"
        if outdoors:
            shown = f"{say(distance_ft / YARDS)} yards ({shown})"
        r.extra["distance_ft"] = float(distance_ft)
        headline = _time(shown, rate, distance_ft, per_turn_ft, r)
    for option, given in (
        ("terrain and road", bool(request.terrain) or request.road is not None),
        ("days", request.days is not None),
        (
            "forage, guide, river and lost_check",
            request.forage or request.guide or request.river or request.lost_check,
        ),
        (
            "ship_speed, sea and weather",
            request.ship_speed_miles is not None or request.sea or request.weather,
        ),
        ("load and mount_load", request.load is not None or request.mount_load_lb is not None),
    ):
        if given:
            r.unused.append(f"{option}: they are for overland travel in days, not exploring")
    if r.unused:
        r.note("Not used", "; ".join(r.unused) + ".")
    return TravelResult(
        miles_per_day=None,
        miles_per_hour=None,
        source=Source(source.ruleset, source.document, tuple(r.sections), seed_file=t.SEED_FILE),
        headline=headline,
        notes=tuple(r.notes),
        extra=r.extra,
    )


def _time(shown: str, rate: str, distance_ft: Fraction, per_turn_ft: int, r: Ruling) -> str:
    """The turns ``distance_ft`` takes at ``per_turn_ft`` a turn (the last one begun
    counts), noted; the headline."""
    if per_turn_ft == 0:
        r.note("Never arrives", "At a normal speed of 0 the party never covers it.")
        return f"Exploring {shown}: never, at a speed of 0"
    turns = distance_ft / per_turn_ft
    begun = math.ceil(turns)
    minutes = turns * t.MINUTES_PER_TURN
    plural = "" if turns == 1 else "s"
    r.extra.update(turns=round(float(turns), 2), turns_begun=begun)
    r.extra["minutes"] = round(float(minutes), 1)
    r.note(
        "Time",
        f"{shown} ÷ {rate} a turn = {say(turns)} turn{plural} ({say(minutes)} minutes)"
        + (f"; the last turn is begun, so {begun} turns pass" if begun != turns else "")
        + ".",
    )
    return f"Exploring {shown} at {rate} a turn: {say(turns)} turn{plural}"
