"""Overland travel: miles per hour and per day on foot, mounted, by cart or by boat.

One engine serves every ruleset whose overland rules are the d20 family's
(Epic Path's "Overland Travel", the 3.5 SRD's "Overland Movement"): walk and
hustle by speed, terrain by road class, forced march, mounted movement and a
mounts-and-vehicles table. What differs between sources is data, an
``OverlandTables`` (overland_data.py); the rulings this engine makes where the text
is silent are written down in docs/RULINGS.md. The base rates are overland_rates.py,
the hustle and forced march overland_paces.py.

Pure and synchronous: the only randomness is a mount's automatic forced-march
damage, rolled with the injected ``random.Random``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction

from bot.errors import InvalidInput
from bot.names import normalize
from bot.rules.d20.overland_data import (
    LOAD_NAMES,
    MAX_DAYS,
    MAX_HOURS_IN_A_DAY,
    MAX_MILES,
    OTHER_RULES,
    PACE_NAMES,
    ROAD_NAMES,
    RUN_WORDS,
    Kind,
    OverlandTables,
    RoadClass,
)
from bot.rules.d20.overland_paces import Pace, forced_march, hustle
from bot.rules.d20.overland_rates import foot_rate, mount_rate, terrain_multiplier
from bot.rules.d20.overland_ruling import Ruling, add_sections, figure, miles_text, plural
from bot.rules.rulings import Source, TravelRequest, TravelResult
from bot.units import miles_word

# The /travel options the d20 overland rules read beyond those every ruleset reads:
# roads, the hours travelled in a day, the party's load and a mount's
D20_TRAVEL_OPTIONS = frozenset({"road", "hours", "load", "mount_load"})


def _check_positive(name: str, value: float | None, limit: int) -> Fraction | None:
    if value is None:
        return None
    if isinstance(value, bool) or not math.isfinite(value) or not 0 < value <= limit:
        raise InvalidInput(f"{name} must be a number above 0 and at most {limit:,} (got {value}).")
    return Fraction(value)


def _match_pace(text: str | None) -> str:
    if text is None:
        return "walk"
    if normalize(text) in RUN_WORDS:
        raise InvalidInput(
            "A character can't run for an extended period of time: attempts to run and rest "
            f"in cycles effectively work out to a hustle. Accepted paces: {PACE_NAMES.accepted()}."
        )
    return PACE_NAMES.match(text)


def _other_rules(request: TravelRequest, ruling: Ruling) -> None:
    noted: set[str] = set()
    for attribute, rule in OTHER_RULES:
        value = getattr(request, attribute)
        if value is not None and value is not False and rule not in noted:
            noted.add(rule)
            ruling.note(
                "Not in this ruleset",
                f"This ruleset's overland rules have no rule for {rule}: ignored.",
            )


def _headline(
    *,
    label: str,
    kind: Kind,
    terrains: tuple[str, ...],
    road: str | None,
    column: RoadClass | None,
    distance: Fraction | None,
    days: Fraction | None,
    hours: Fraction | None,
    pace: str,
    pushed_hours: int | None,
) -> str:
    by = "on foot" if kind == "foot" else f"by {label.lower()}"
    if len(terrains) > 1:
        place = ", ".join(terrains[:-1]) + f" and {terrains[-1]}"
    else:
        place = terrains[0] if terrains else ""
    if distance is not None:
        if place:
            return f"{miles_word(miles_text(distance))} of {place}"
        return f"{miles_word(miles_text(distance))} {by}"
    if pace == "hustle" and pushed_hours is not None:
        when = f"A {pushed_hours}-hour hustle"
    elif pace == "forced-march" and pushed_hours is not None:
        when = f"A {pushed_hours}-hour forced march"
    elif days is not None:
        when = "A day" if days == 1 else plural(days, "day", "days")
    elif hours is not None:
        when = "An hour" if hours == 1 else plural(hours, "hour", "hours")
    else:
        when = ""
    if place:
        way = {
            "highway": f"on the highway through {place}",
            "road-or-trail": f"on the {'trail' if road == 'trail' else 'road'} through {place}",
            "trackless": f"through trackless {place}",
        }[column or "trackless"]
    else:
        way = by
    if when:
        return f"{when} {way}"
    text = f"{by} {way}" if place else by
    return text[0].upper() + text[1:]


def overland_travel(
    request: TravelRequest, rng: random.Random, *, tables: OverlandTables, source: Source
) -> TravelResult:
    """Rates for the request's party, mount or vessel, and what they mean for its trip."""
    ruling = Ruling(sections=[tables.overland_section])
    distance = _check_positive("distance", request.distance_miles, MAX_MILES)
    days = _check_positive("days", request.days, MAX_DAYS)
    hours = _check_positive("hours", request.hours, MAX_DAYS * MAX_HOURS_IN_A_DAY)
    pace = _match_pace(request.pace)
    mode = "foot" if request.mode is None else tables.mode_names.match(request.mode)
    load = None if request.load is None else LOAD_NAMES.match(request.load)
    terrains = tuple(dict.fromkeys(tables.terrain_names.match(t) for t in request.terrain))
    road = None if request.road is None else ROAD_NAMES.match(request.road)
    _other_rules(request, ruling)
    who = _traveller(request, mode, load, tables, ruling)
    multiplier, column = terrain_multiplier(terrains, road, who.kind, who.label, tables, ruling)
    walk_mph = who.miles_per_hour * multiplier
    miles_per_day = who.miles_per_day * multiplier
    _check_pace(pace, days, who, tables)
    lethal = who.kind == "mount"
    if pace == "walk":
        moved = _walk(walk_mph, miles_per_day, days, hours, who, tables, ruling)
    elif pace == "hustle":
        moved = hustle(
            walk_mph, hours, distance, label=who.label, lethal=lethal, tables=tables, ruling=ruling
        )
    else:
        moved = forced_march(
            walk_mph, hours, who.day_hours, lethal=lethal, tables=tables, ruling=ruling, rng=rng
        )
    result_hours, result_days = _trip(distance, pace, walk_mph, miles_per_day, moved, ruling)
    ruling.extra["mode"] = mode
    ruling.extra["pace"] = pace
    ruling.extra["day_hours"] = who.day_hours
    headline = _headline(
        label=who.label,
        kind=who.kind,
        terrains=() if who.kind in tables.terrain_free else terrains,
        road=road,
        column=column,
        distance=distance,
        days=days,
        hours=hours,
        pace=pace,
        pushed_hours=moved.pushed_hours,
    )
    return TravelResult(
        miles_per_day=figure(miles_per_day),
        miles_per_hour=figure(moved.miles_per_hour),
        source=add_sections(source, *ruling.sections),
        headline=headline,
        days=None if result_days is None else figure(result_days),
        hours=None if result_hours is None else figure(result_hours),
        covered_miles=None if moved.covered is None else figure(moved.covered),
        rest_days=None,
        lost_chance=None,
        notes=tuple(ruling.notes),
        rolls=tuple(ruling.rolls),
        extra=ruling.extra,
    )


@dataclass(frozen=True)
class _Traveller:
    """Who travels, and its rate on the table before terrain."""

    kind: Kind
    label: str
    miles_per_hour: Fraction
    miles_per_day: Fraction
    day_hours: int  # the hours of travel that make its day


def _traveller(
    request: TravelRequest, mode: str, load: str | None, tables: OverlandTables, ruling: Ruling
) -> _Traveller:
    """A party on foot (its speed and load) or a mount or vessel (its table row)."""
    if mode == "foot":
        kind: Kind = "foot"
        label = "party on foot"
        base_mph = foot_rate(request, load, tables, ruling)
        base_mpd = base_mph * tables.day_hours["foot"]
        if request.mount_load_lb is not None:
            ruling.note("Load", "mount_load is a mount's load: ignored on foot.")
    else:
        vehicle = tables.mounts[mode]
        kind, label = vehicle.kind, vehicle.label
        base_mph, base_mpd = mount_rate(mode, request, tables, ruling)
    day_hours = tables.day_hours[kind]
    if day_hours != tables.day_hours["foot"]:
        ruling.note(
            "Day",
            f"A day of travel for a {label.lower()} is {day_hours} hours "
            f"({'of rowing' if kind == 'rowed' else 'of sailing'}).",
        )
    return _Traveller(kind, label, base_mph, base_mpd, day_hours)


def _check_pace(pace: str, days: Fraction | None, who: _Traveller, tables: OverlandTables) -> None:
    """Only walkers and ridden mounts push on, and only for hours within a day."""
    if pace != "walk" and who.kind not in tables.can_push:
        label = who.label.lower()
        raise InvalidInput(
            f"A {label} travels at the table's rate: hustling and forced marches are "
            f"for characters on foot and mounts bearing a rider. Accepted pace for a "
            f"{label}: walk (or leave pace out)."
        )
    if pace != "walk" and days is not None:
        raise InvalidInput(
            f"A {pace} is counted in hours within one day, not in days: give hours "
            "(and distance if you like)."
        )


def _walk(
    walk_mph: Fraction,
    miles_per_day: Fraction,
    days: Fraction | None,
    hours: Fraction | None,
    who: _Traveller,
    tables: OverlandTables,
    ruling: Ruling,
) -> Pace:
    """Walking: the days and hours asked for, at the day's and the hour's rate."""
    covered: Fraction | None = None
    if days is not None or hours is not None:
        covered = (days or 0) * miles_per_day + (hours or 0) * walk_mph
    if hours is not None and hours > who.day_hours and who.kind in tables.can_push and days is None:
        ruling.note(
            "Forced march",
            f"More than {who.day_hours} hours of walking in one day is a forced march "
            "(pace forced-march gives its Constitution checks); counted here as travel "
            "over several days.",
        )
    return Pace(walk_mph, covered)


def _trip(
    distance: Fraction | None,
    pace: str,
    walk_mph: Fraction,
    miles_per_day: Fraction,
    moved: Pace,
    ruling: Ruling,
) -> tuple[Fraction | None, Fraction | None]:
    """The hours and days a distance takes at this pace (a forced march's own days too)."""
    if distance is None:
        return None, None
    result_hours = distance / moved.miles_per_hour
    result_days = distance / miles_per_day
    ruling.extra["travel_days"] = math.ceil(result_days)
    if pace == "forced-march" and moved.pushed_hours is not None:
        march_days = distance / (walk_mph * moved.pushed_hours)
        ruling.extra["forced_march_days"] = figure(march_days)
        ruling.extra["forced_march_travel_days"] = math.ceil(march_days)
    return result_hours, result_days
