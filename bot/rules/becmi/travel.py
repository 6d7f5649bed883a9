"""becmi's overland travel (seed 003 › Overland Movement, Terrain Effects, Becoming
Lost, Foraging, By Swimming, By Ship, Aerial Travel): miles per day from the slowest
normal speed, changed by terrain, with rest days, getting lost and the weather at sea.

This module takes the request and gives the reply: it checks the numbers, asks the
mode's rules for the day's rate (overland.py on land and in the air, swimming.py,
voyage.py by ship, explore.py in turns), then works out days, distance and rest and
words the headline. The seed's tables are data in tables.py.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

from bot.errors import InvalidInput
from bot.names import normalize
from bot.rules.becmi import tables as t
from bot.rules.becmi.explore import explore
from bot.rules.becmi.overland import aerial, land, roll_lost_check
from bot.rules.becmi.swimming import drowning, drowning_headline, swim
from bot.rules.becmi.travel_ruling import Rate, Ruling, Totals, exact, say, shown_miles
from bot.rules.becmi.voyage import ship
from bot.rules.rulings import Source, TravelRequest, TravelResult
from bot.units import miles_word

MAX_TRAVEL_SPEED_FT = 1_000
# Shorter than this, with no mode, /travel answers in exploration turns (003 Character
# Movement Rates; Feet vs. Yards): 528 ft, a distance a dungeon or a field measures.
EXPLORE_BELOW_MILES = 0.1


def travel(request: TravelRequest, rng: random.Random, ruleset: str, document: str) -> TravelResult:
    _check_numbers(request)
    terrains = tuple(t.TERRAIN_NAMES.match(name) for name in request.terrain)
    road = t.ROAD_NAMES.match(request.road) if request.road else "none"
    r = Ruling()
    mode = r.extra["mode"] = _mode_of(request, r)
    if mode == "explore":
        return explore(request, r, Source(ruleset, document, (), seed_file=t.SEED_FILE))
    if request.load is not None or request.mount_load_lb is not None:
        r.unused.append(
            "load and mount_load: BECMI counts encumbrance in cn (give encumbrance); mount "
            "loads are in the monster chapter, not this one"
        )
    rate = _rate_for(request, mode, terrains, road, r, rng)
    if not rate.on_land and request.forage:
        r.unused.append("forage: foraging while moving is a land-travel rule (Food in the Wild)")
    if mode not in t.SHIPS and (
        request.ship_speed_miles is not None or request.sea or request.weather
    ):
        r.unused.append("ship_speed, sea and weather: they are for ships")
    roll_lost_check(request, rate.lost_chance, r, rng)
    totals = _finish(request, rate, r)
    return TravelResult(
        miles_per_day=None if rate.miles_per_day is None else shown_miles(rate.miles_per_day),
        miles_per_hour=None,
        source=Source(ruleset, document, tuple(r.sections), seed_file=t.SEED_FILE),
        headline=drowning_headline(r) or _headline(request, mode, rate),
        days=totals.days,
        covered_miles=totals.covered_miles,
        rest_days=totals.rest_days,
        lost_chance=rate.lost_chance,
        notes=tuple(r.notes),
        private_notes=tuple(r.private_notes),
        rolls=tuple(r.rolls),
        private_rolls=tuple(r.private_rolls),
        extra=r.extra,
    )


def _mode_of(request: TravelRequest, r: Ruling) -> str:
    """The mode asked; with none, exploring for a short walk (``_short_walk``), said so."""
    if request.mode:
        return t.MODE_NAMES.match(request.mode)
    if not _short_walk(request):
        return "foot"
    r.cite("Character Movement Rates")
    r.note(
        "Short distance",
        "Under 0.1 mile (or outdoors:true) with no mode: exploring in 10-minute turns at "
        "normal speed, feet indoors and yards outdoors (outdoors:true); mode:foot for "
        "the overland rate in days.",
    )
    return "explore"


def _short_walk(request: TravelRequest) -> bool:
    """003 Character Movement Rates, Feet vs. Yards: with no mode and nothing only
    overland travel reads, a distance under 0.1 mile (or outdoors:true) is explored in
    turns, not travelled in days."""
    if request.mode is not None or request.days is not None:
        return False
    if request.terrain or request.road is not None:
        return False
    short = request.distance_miles is not None and request.distance_miles < EXPLORE_BELOW_MILES
    return short or request.outdoors


def _rate_for(
    request: TravelRequest,
    mode: str,
    terrains: tuple[str, ...],
    road: str,
    r: Ruling,
    rng: random.Random,
) -> Rate:
    """The day's rate by the mode's own rules (a swimmer's drowning rolled out too)."""
    if mode == "swim":
        rate = swim(request, terrains, road, r)
        if request.constitution is not None:
            drowning(request.constitution, request.exerting, r, rng)
        elif request.exerting:
            r.unused.append("exerting: give constitution too, for holding breath and drowning")
        return rate
    if request.constitution is not None or request.exerting:
        r.unused.append("constitution and exerting: they are for swimming (mode:swim)")
    if mode in t.SHIPS:
        return ship(request, mode, terrains, road, r, rng)
    if mode in t.AERIAL_MILES_PER_DAY:
        return aerial(request, mode, terrains, road, r)
    return land(request, mode, terrains, road, r)


def _check_numbers(request: TravelRequest) -> None:
    if request.pace is not None and normalize(request.pace) not in t.PACE_NAMES:
        raise InvalidInput(
            f'BECMI has no "{request.pace}" pace: the Rules Cyclopedia gives only the normal '
            "travel rate, with no hustle or forced-march rate. Accepted: walk."
        )
    if request.hours is not None:
        raise InvalidInput(
            "BECMI rates are miles per day (the Rules Cyclopedia gives no hourly rate): "
            "ask with days instead; a fraction such as 0.5 is fine."
        )
    for option, value in (  # named as the /travel options are
        ("distance", request.distance_miles),
        ("days", request.days),
        ("ship_speed", request.ship_speed_miles),
    ):
        if value is not None and not (math.isfinite(value) and value > 0):
            raise InvalidInput(f"{option} must be a number above 0 (got {value}).")
    if any(speed < 0 for speed in request.speeds_ft):
        raise InvalidInput("Speeds are feet per turn and cannot be negative (e.g. 120, 90).")
    if request.encumbrance_cn is not None and request.encumbrance_cn < 0:
        raise InvalidInput("Encumbrance is in cn and cannot be negative (e.g. 600).")


def _finish(request: TravelRequest, rate: Rate, r: Ruling) -> Totals:
    """Days, distance and rest: the parts every mode shares."""
    miles = rate.miles_per_day
    totals = Totals()
    if r.voyage is not None:
        totals = r.voyage
    elif miles is not None:
        if request.distance_miles is not None:
            totals = _time_for_distance(exact(request.distance_miles), miles, rate.rests, r)
        if request.days is not None:
            covered = shown_miles(miles * exact(request.days))
            totals = Totals(totals.days, covered, totals.rest_days)
        if rate.rests and miles and (request.distance_miles or request.days):
            r.cite("Long-Distance Travel and Rest")
            rest = totals.rest_days or 0
            r.note(
                "Rest",
                (
                    f"{rest} rest day{'s' if rest != 1 else ''} included: one full day after "
                    "every six days of travel"
                    if rest
                    else "No rest day needed (one full day after every six days of travel)"
                )
                + "; without it, −1 on attack and damage rolls, a further −1 every six more "
                "days.",
            )
    if r.unused:
        r.note("Not used", "; ".join(r.unused) + ".")
    return totals


def _time_for_distance(distance: Fraction, miles: Fraction, rests: bool, r: Ruling) -> Totals:
    if miles == 0:
        r.note("Never arrives", "At 0 miles per day the party never covers the distance.")
        return Totals()
    exact_days = distance / miles
    travel_days = math.ceil(exact_days)
    r.extra["travel_days"] = travel_days
    if not rests:
        return Totals(days=shown_miles(exact_days))
    # A rest day falls after each six days of travel, so only those the trip goes on past count.
    rest_days = (travel_days - 1) // t.TRAVEL_DAYS_PER_REST_DAY
    r.extra["calendar_days"] = travel_days + rest_days
    return Totals(days=shown_miles(exact_days), rest_days=rest_days)


def _headline(request: TravelRequest, mode: str, rate: Rate) -> str:
    how = "" if mode == "foot" else t.MODE_LABELS[mode]
    if mode == "swim":
        return "Swimming"
    if request.distance_miles is not None:
        head = miles_word(say(request.distance_miles))
        return " ".join(
            part for part in (head, f"of {rate.where}" if rate.where else "", how) if part
        )
    if request.days is not None and request.days != 1:
        head = f"{say(request.days)} days' travel"
    else:
        head = "A day's travel"
    where = ""
    if rate.where:
        where = f"along the {rate.where}" if rate.on_road else f"through {rate.where}"
    return " ".join(part for part in (head, where, how) if part)
