"""becmi's travel by ship (seed 003 › By Ship; the optional Water Movement
Modification Table): the ship's rate, the day's weather, gales, taking on water, and a
voyage rolled day by day."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from fractions import Fraction

from bot.dice import Roll, roll
from bot.errors import InvalidInput
from bot.rules.becmi import tables as t
from bot.rules.becmi.travel_ruling import Rate, Ruling, Totals, exact, say, shown_miles
from bot.rules.rulings import JSONValue, TravelRequest


def ship(
    request: TravelRequest,
    mode: str,
    terrains: tuple[str, ...],
    road: str,
    r: Ruling,
    rng: random.Random,
) -> Rate:
    r.cite("By Ship")
    if request.ship_speed_miles is None:
        raise InvalidInput(
            "A ship's miles per day come from the Sailing Vessels Table (Rules Cyclopedia "
            "chapter 4), which the bot does not have: give ship_speed, e.g. ship_speed:72."
        )
    if request.speeds_ft or request.encumbrance_cn is not None or terrains or road != "none":
        r.unused.append("speed, encumbrance, terrain and road: characters move at the ship's rate")
    base = exact(request.ship_speed_miles)
    r.extra["ship_base_miles_per_day"] = shown_miles(base)
    r.note(
        "Ship's rate",
        f"{say(base)} miles per day is the base rate you gave (the Sailing Vessels Table is "
        "not in the bot's copy of the chapter), for average sailing conditions.",
    )
    voyage = request.distance_miles is not None or (request.days or 0) > 1
    if (request.weather or request.sea) and voyage:
        r.voyage = _voyage(request, mode, base, r, rng)
    elif request.weather or request.sea:
        _ship_weather(request, mode, base, r, rng)
    else:
        r.note(
            "Winds",
            "Steady winds and calm waters may as much as double this; rough seas or a "
            "becalmed vessel may make little or no progress in a day.",
        )
    return Rate(
        base, "", on_land=False, rests=False, lost_chance=Fraction(0) if request.river else None
    )


@dataclass(frozen=True)
class _SeaDay:
    """One day's weather at sea, read for one kind of ship."""

    weather: Roll
    name: str
    effect: str
    factor: Fraction
    sails_only: bool  # a sail-only row of the optional table, for an oared ship
    gale: bool
    takes_on_water: bool  # the optional table's asterisk (row 11)


def _sea_day(request: TravelRequest, sailing: bool, rng: random.Random) -> _SeaDay:
    """One 2d6 for the day, read on the optional table when asked, else By Ship's sea rule."""
    weather = roll(2, 6, rng)
    total = weather.total
    if request.weather:
        row = t.water_movement(total)
        # Rows 3–5 and 9–11 speak of breezes and points of sail; the game's galleys
        # have no sails (By Ship), so those rows do not apply to them (a ruling).
        return _SeaDay(
            weather,
            row.weather,
            row.effect,
            row.sailing if sailing else row.oared,
            sails_only=not sailing and row.oared == 1 and row.sailing != 1,
            gale=total == t.GALE_ROLL,
            takes_on_water=row.takes_on_water,
        )
    factor = Fraction(1)
    name, effect = "Fair enough to sail", "Normal movement"
    if total == t.NO_WIND_ROLL:
        factor = Fraction(0) if sailing else Fraction(1)
        name = "No wind"
        effect = "Sailing ships may not move" if sailing else "Rowed ships are unaffected by calm"
    elif total == t.GALE_ROLL:
        factor, name, effect = t.GALE_MULTIPLIER, "Gale", "Gale or storm"
    return _SeaDay(weather, name, effect, factor, False, total == t.GALE_ROLL, False)


def _ship_weather(
    request: TravelRequest, mode: str, base: Fraction, r: Ruling, rng: random.Random
) -> None:
    """Today's weather: one roll, its effect and, on a gale, what the ship may do."""
    sailing = mode == "sailing-ship"
    day = _sea_day(request, sailing, rng)
    r.rolls.append(day.weather)
    if request.weather:
        r.cite("Water Movement Modification Table")
    r.extra["weather_roll"] = day.weather.total
    r.extra["weather"] = day.name
    r.extra["weather_multiplier"] = str(day.factor)
    r.extra["miles_today"] = shown_miles(base * day.factor)
    r.extra["weather_applies"] = not day.sails_only
    if day.sails_only:
        r.note(
            "Today's weather",
            f"{day.weather.describe()}: {day.name}. This row changes only a sailing ship's "
            "movement: it does not apply to an oared ship (D&D galleys have no sails), which "
            f"moves at its normal rate: {say(base * day.factor)} miles today.",
        )
    else:
        r.note(
            "Today's weather",
            f"{day.weather.describe()}: {day.name}. {day.effect}: "
            f"{say(base * day.factor)} miles today.",
        )
    if day.takes_on_water:
        _take_on_water(sailing, base * day.factor, r, rng)
    if day.gale:
        _gale(sailing, r, rng)


def _gale(sailing: bool, r: Ruling, rng: random.Random) -> None:
    """By Ship's Gale or Storm, with the optional table's direction die rolled."""
    direction = roll(1, 6, rng)
    r.rolls.append(direction)
    heading = t.GALE_DIRECTIONS[direction.total]
    r.extra["gale_direction"] = heading
    driven = f"driven at triple movement toward {heading} ({direction.describe()})"
    if sailing:
        text = (
            "The ship may sit (80% chance of sinking) or run before the wind, "
            f"{driven}. If no coastline is reached in that day's movement, it is safe (likely "
            "far off course); if it reaches a shore, 75% it breaks up trying to beach and 25% "
            "it finds a sheltering harbor (a pilot's Piloting check adds 5% per point made by)."
        )
    else:
        text = (
            "A vessel without sails has only a 20% chance of weathering a gale; otherwise it is "
            f"swamped. If it survives it is {driven}. In sight of a clear coast when the gale "
            "hits, it may beach first; any other coast: 1–2 on 1d6, the pilot finds a safe "
            "beach or cove."
        )
    r.note("Gale", text)


def _take_on_water(sailing: bool, today: Fraction, r: Ruling, rng: random.Random) -> None:
    """The Water Movement table's asterisk (row 11): "May take on water (unsailed vessel
    chance 20%, sailed vessel chance 10%). Taking on water reduces speed by 1/3 until
    docking and repair are possible." Rolled as 1d100 against the chance."""
    kind = "sailed" if sailing else "unsailed"
    chance = t.TAKE_ON_WATER_PERCENT[kind]
    check = roll(1, 100, rng)
    r.rolls.append(check)
    took = check.total <= chance
    r.extra["took_on_water"] = took
    if not took:
        r.note(
            "Taking on water",
            f"It doesn't take on water ({check.describe()}; {chance}% for a {kind} vessel).",
        )
        return
    slowed = today * t.TAKEN_ON_WATER_MULTIPLIER
    r.extra["miles_today"] = shown_miles(slowed)
    r.note(
        "Taking on water",
        f"It takes on water ({check.describe()}; {chance}% for a {kind} vessel): its speed "
        f"is reduced by 1/3 until it can dock and be repaired, so {say(slowed)} miles today.",
    )


MAX_VOYAGE_DAYS = 60  # days rolled one by one; beyond that the average rate answers


VOYAGE_DAYS_PER_FIELD = 10


def _voyage(
    request: TravelRequest, mode: str, base: Fraction, r: Ruling, rng: random.Random
) -> Totals:
    """A voyage at sea day by day (seed 003 By Ship: "Roll 2d6 at the beginning of each
    day"): each day's weather moves the ship, taking on water slows it for the rest of
    the voyage, and a gale ends the reckoning, since what follows is the crew's choice
    and the DM's coast (By Ship, Gale or Storm)."""
    if request.weather:
        r.cite("Water Movement Modification Table")
    days_asked = None if request.days is None else exact(request.days)
    limit = math.ceil(days_asked) if days_asked is not None else MAX_VOYAGE_DAYS
    if limit > MAX_VOYAGE_DAYS:
        raise InvalidInput(
            f"A voyage with sea or weather is rolled day by day, at most {MAX_VOYAGE_DAYS} "
            f"days: give days:{MAX_VOYAGE_DAYS} or fewer, or leave sea and weather off for "
            "the average rate."
        )
    log = _Log(
        sailing=mode == "sailing-ship",
        base=base,
        goal=None if request.distance_miles is None else exact(request.distance_miles),
    )
    for number in range(1, limit + 1):
        share = Fraction(1)
        if days_asked is not None and number == limit and days_asked % 1:
            share = days_asked % 1  # a part day at the end: that part of the day's rate
        if not _sail_one_day(request, log, number, share, r, rng):
            break
    return _log_notes(log, limit, r)


@dataclass
class _Log:
    """A voyage so far: where the ship is, what slowed or stopped it, the days' lines."""

    sailing: bool
    base: Fraction  # the ship's miles a day in average conditions
    goal: Fraction | None  # the miles to go, if given
    covered: Fraction = Fraction(0)
    slowed: bool = False  # it took on water: a third slower until repaired
    arrived: Fraction | None = None  # the day (with its fraction) the goal is reached
    ended_by_gale: bool = False
    lines: list[str] = field(default_factory=list)
    days: list[JSONValue] = field(default_factory=list)


def _sail_one_day(
    request: TravelRequest,
    log: _Log,
    number: int,
    share: Fraction,
    r: Ruling,
    rng: random.Random,
) -> bool:
    """Day ``number``'s weather and miles (``share`` of a day's); False when the voyage
    ends with it (a gale, or the goal reached)."""
    day = _sea_day(request, log.sailing, rng)
    r.rolls.append(day.weather)
    if number == 1:  # the first day is today: the single-day keys stay as they were
        r.extra.update(
            weather_roll=day.weather.total,
            weather=day.name,
            weather_multiplier=str(day.factor),
            miles_today=shown_miles(log.base * day.factor),
            weather_applies=not day.sails_only,
        )
    if day.gale:
        log.ended_by_gale = True
        log.lines.append(f"Day {number}: {day.weather.describe()}, gale: the reckoning stops")
        log.days.append({"day": number, "roll": day.weather.total, "weather": day.name})
        _gale(log.sailing, r, rng)
        return False
    today = log.base * day.factor * share
    water = ""
    if day.takes_on_water and not log.slowed:
        kind = "sailed" if log.sailing else "unsailed"
        check = roll(1, 100, rng)
        r.rolls.append(check)
        if check.total <= t.TAKE_ON_WATER_PERCENT[kind]:
            log.slowed = True
            water = f"; takes on water ({check.describe()})"
    if log.slowed:
        today *= t.TAKEN_ON_WATER_MULTIPLIER
    if log.goal is not None and log.covered + today >= log.goal:
        log.arrived = number - 1 + ((log.goal - log.covered) / today) * share
        today = log.goal - log.covered
    log.covered += today
    unsailed = " (a sails-only row; oars keep the rate)" if day.sails_only else ""
    log.lines.append(
        f"Day {number}: {day.weather.describe()}, {day.name.lower()}{unsailed}{water}: "
        f"{say(today)} mi ({say(log.covered)} in all)"
    )
    log.days.append(
        {
            "day": number,
            "roll": day.weather.total,
            "weather": day.name,
            "miles": shown_miles(today),
            "covered_miles": shown_miles(log.covered),
            "took_on_water": log.slowed,
        }
    )
    return log.arrived is None


def _log_notes(log: _Log, limit: int, r: Ruling) -> Totals:
    """The voyage's days, ten to a field, what slowed it, and where it stands."""
    for first in range(0, len(log.lines), VOYAGE_DAYS_PER_FIELD):
        chunk = log.lines[first : first + VOYAGE_DAYS_PER_FIELD]
        last = first + len(chunk)
        label = f"Day {first + 1}" if len(chunk) == 1 else f"Days {first + 1}–{last}"
        r.note(label, "\n".join(chunk))
    if log.slowed:
        r.note(
            "Taking on water",
            "The ship took on water (the table's asterisk): its speed stays reduced by 1/3 "
            "until it can dock and be repaired.",
        )
    r.extra["voyage"] = log.days
    r.extra["voyage_ended_by_gale"] = log.ended_by_gale
    if log.arrived is not None:
        r.extra["travel_days"] = math.ceil(log.arrived)
    if log.goal is not None and log.arrived is None and not log.ended_by_gale:
        r.note(
            "Not there yet",
            f"After {limit} days at sea the ship has covered {say(log.covered)} of "
            f"{say(log.goal)} miles.",
        )
    return Totals(
        days=None if log.arrived is None else shown_miles(log.arrived),
        covered_miles=shown_miles(log.covered),
    )
