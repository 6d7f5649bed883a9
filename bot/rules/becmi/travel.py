"""becmi's overland travel (seed 003 › Overland Movement, Terrain Effects, Becoming
Lost, Foraging, By Swimming, By Ship, Aerial Travel): miles per day from the slowest
normal speed, changed by terrain, with rest days, getting lost and the weather at sea.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from bot.dice import Roll, roll
from bot.errors import InvalidInput
from bot.names import normalize
from bot.rules.becmi import tables as t
from bot.rules.becmi.tokens import YARDS
from bot.rules.rulings import (
    JSONValue,
    Note,
    Source,
    TravelRequest,
    TravelResult,
)

MAX_TRAVEL_SPEED_FT = 1_000


# ------------------------------------------------------------------ travel


@dataclass
class _Ruling:
    """What a travel ruling accumulates on its way to a TravelResult."""

    sections: list[str] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    private_notes: list[Note] = field(default_factory=list)
    rolls: list[Roll] = field(default_factory=list)
    private_rolls: list[Roll] = field(default_factory=list)
    extra: dict[str, JSONValue] = field(default_factory=dict)
    unused: list[str] = field(default_factory=list)
    voyage: _Totals | None = None  # a voyage rolled day by day sets its own totals

    def cite(self, *sections: str) -> None:
        self.sections.extend(s for s in sections if s not in self.sections)

    def note(self, label: str, text: str) -> None:
        self.notes.append(Note(label, text))


@dataclass(frozen=True)
class _Rate:
    """A day's movement and where it is."""

    miles_per_day: Fraction | None
    where: str  # "forest", "paved road", "" (no terrain: ships, swimming)
    on_road: bool = False
    on_land: bool = True
    rests: bool = True  # "Characters and mounts must rest one full day for every six days"
    lost_chance: Fraction | None = None


def travel(request: TravelRequest, rng: random.Random, ruleset: str, document: str) -> TravelResult:
    _check_numbers(request)
    mode = t.MODE_NAMES.match(request.mode) if request.mode else "foot"
    terrains = tuple(t.TERRAIN_NAMES.match(name) for name in request.terrain)
    road = t.ROAD_NAMES.match(request.road) if request.road else "none"
    r = _Ruling()
    r.extra["mode"] = mode
    if mode == "explore":
        return _explore(request, r, Source(ruleset, document, (), seed_file=t.SEED_FILE))
    if request.load is not None or request.mount_load_lb is not None:
        r.unused.append(
            "load and mount_load: BECMI counts encumbrance in cn (give encumbrance); mount "
            "loads are in the monster chapter, not this one"
        )
    if mode == "swim":
        rate = _swim(request, terrains, road, r)
        if request.constitution is not None:
            _drowning(request.constitution, request.exerting, r, rng)
        elif request.exerting:
            r.unused.append("exerting: give constitution too, for holding breath and drowning")
    elif request.constitution is not None or request.exerting:
        r.unused.append("constitution and exerting: they are for swimming (mode:swim)")
        rate = _rate_for(request, mode, terrains, road, r, rng)
    else:
        rate = _rate_for(request, mode, terrains, road, r, rng)
    if not rate.on_land and request.forage:
        r.unused.append("forage: foraging while moving is a land-travel rule (Food in the Wild)")
    if mode not in t.SHIPS and (
        request.ship_speed_miles is not None or request.sea or request.weather
    ):
        r.unused.append("ship_speed, sea and weather: they are for ships")
    _lost_check(request, rate.lost_chance, r, rng)
    totals = _finish(request, rate, r)
    return TravelResult(
        miles_per_day=None if rate.miles_per_day is None else _miles(rate.miles_per_day),
        miles_per_hour=None,
        source=Source(ruleset, document, tuple(r.sections), seed_file=t.SEED_FILE),
        headline=_drowning_headline(r) or _headline(request, mode, rate),
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


def _explore(request: TravelRequest, r: _Ruling, source: Source) -> TravelResult:
    """003 Rounds, Turns, and Days; Normal, Encounter, and Running Speeds: exploring a
    dungeon is measured in 10-minute turns, at the normal speed ("the number of feet the
    character moves per turn at a very cautious walking pace indoors"; outdoors the same
    number in yards, 003 Feet vs. Yards). Groups move at the slowest member's rate."""
    r.cite("Rounds, Turns, and Days", "Normal, Encounter, and Running Speeds")
    speed = _slowest_speed_ft(request, r)
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
        distance_ft = Fraction(round(_exact(request.distance_miles) * t.FEET_PER_MILE * 100), 100)
        shown = f"{_say(distance_ft)} ft"
        if outdoors:
            shown = f"{_say(distance_ft / YARDS)} yards ({shown})"
        r.extra["distance_ft"] = float(distance_ft)
        if per_turn_ft == 0:
            r.note("Never arrives", "At a normal speed of 0 the party never covers it.")
            headline = f"Exploring {shown}: never, at a speed of 0"
        else:
            turns = distance_ft / per_turn_ft
            begun = math.ceil(turns)
            minutes = turns * t.MINUTES_PER_TURN
            r.extra.update(turns=round(float(turns), 2), turns_begun=begun)
            r.extra["minutes"] = round(float(minutes), 1)
            r.note(
                "Time",
                f"{shown} ÷ {rate} a turn = {_say(turns)} turn{'s' if turns != 1 else ''}"
                f" ({_say(minutes)} minutes)"
                + (f"; the last turn is begun, so {begun} turns pass" if begun != turns else "")
                + ".",
            )
            headline = f"Exploring {shown} at {rate} a turn: {_say(turns)} turns"
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


def _rate_for(
    request: TravelRequest,
    mode: str,
    terrains: tuple[str, ...],
    road: str,
    r: _Ruling,
    rng: random.Random,
) -> _Rate:
    if mode in t.SHIPS:
        return _ship(request, mode, terrains, road, r, rng)
    if mode in t.AERIAL_MILES_PER_DAY:
        return _aerial(request, mode, terrains, road, r)
    return _land(request, mode, terrains, road, r)


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


def _exact(value: float) -> Fraction:
    """A user's decimal as they wrote it (0.1 stays 1/10, not its binary neighbour)."""
    return Fraction(repr(value)) if isinstance(value, float) else Fraction(value)


def _miles(value: Fraction) -> float:
    return round(float(value), 2)


def _say(value: Fraction | float) -> str:
    """A number as a table says it: 24, 10.67."""
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def _slowest_speed_ft(request: TravelRequest, r: _Ruling) -> int:
    r.cite("Character Movement Rates")
    speeds = list(request.speeds_ft)
    if request.encumbrance_cn is not None:
        band = t.encumbrance_band(request.encumbrance_cn)
        speeds.append(band.normal_speed_ft)
        r.cite("Character Movement Rates and Encumbrance Table")
        r.extra["encumbrance_speed_ft"] = band.normal_speed_ft
        r.note(
            "Encumbrance",
            f"{request.encumbrance_cn} cn: normal speed {band.normal_speed_ft}' "
            f"({band.encounter_speed_ft}').",
        )
    if not speeds:
        r.note(
            "Speed",
            f"No speed or encumbrance given: an unencumbered character moves "
            f"{t.UNENCUMBERED_SPEED_FT}' (40').",
        )
        speeds.append(t.UNENCUMBERED_SPEED_FT)
    slowest = min(speeds)
    if len(speeds) > 1:
        r.note("Slowest governs", f"Groups move at the rate of the slowest character: {slowest}'.")
    r.extra["slowest_speed_ft"] = slowest
    return slowest


def _governing(terrains: tuple[str, ...], rate: Callable[[str], Fraction]) -> str:
    """The worst condition: the slowest rate; on ties the likelier to get lost, then first named."""
    return min(terrains, key=lambda name: (rate(name), -t.TERRAINS[name].lost_on_d6))


def _land(
    request: TravelRequest, mode: str, terrains: tuple[str, ...], road: str, r: _Ruling
) -> _Rate:
    r.cite("Overland Movement Rates", "Terrain Effects on Movement Table")
    if not terrains:
        terrains = ("clear",)
        r.note("Terrain", "No terrain given: clear terrain.")
    paved = t.ROAD_PAVED[road]
    remaining = terrains if paved is None else _kept_on_road(terrains, paved)
    if paved is not None:
        r.extra["road"] = road
        r.extra["road_kind"] = "paved" if paved else "unpaved"

    rate: Callable[[str], Fraction]
    speed_ft: int | None = None
    if mode == "foot":
        speed_ft = _slowest_speed_ft(request, r)
        clear_miles = Fraction(speed_ft, t.FEET_PER_MILE_PER_DAY)
        on_road = clear_miles * t.TRAIL_ROAD_MULTIPLIER

        def rate(name: str) -> Fraction:
            return clear_miles * t.TERRAINS[name].multiplier

    else:
        if request.speeds_ft or request.encumbrance_cn is not None:
            r.unused.append(
                "speed and encumbrance: the mount's row on the Traveling Rates table governs"
            )
        row = t.MOUNT_RATES[mode]
        r.cite("Traveling Rates by Terrain Table")
        on_road = Fraction(row.trail)
        if mode == "riding-horse":
            r.note("Riding horse", t.RIDING_HORSE_FOOTNOTE)

        def rate(name: str) -> Fraction:
            terrain = t.TERRAINS[name]
            if terrain.column is not None:
                return Fraction(row.miles_per_day(terrain.column))
            return row.clear * terrain.multiplier

    governing = "clear"
    if paved is not None and not remaining:
        miles = on_road
        where = _road_label(road)
        column: str | None = "trail"
        if mode == "foot":
            r.extra["terrain_multiplier"] = str(t.TRAIL_ROAD_MULTIPLIER)
        ignored = [t.TERRAINS[n].label for n in terrains if t.TERRAINS[n].multiplier != 1]
        r.note(
            "Road",
            "Trail/road: ×1½ normal"
            + (f"; the {where} lets travelers ignore {', '.join(ignored)}." if ignored else "."),
        )
    else:
        governing = _governing(remaining, rate)
        terrain = t.TERRAINS[governing]
        miles = rate(governing)
        where = terrain.label
        column = terrain.column
        r.extra["governing_terrain"] = governing
        if mode == "foot" or column is None:
            r.extra["terrain_multiplier"] = str(terrain.multiplier)
        if mode != "foot" and column is None:
            r.note(
                "Terrain",
                f"The Traveling Rates table has no {where} column: the mount's clear rate "
                f"× {terrain.multiplier}.",
            )
        if len(set(terrains)) > 1:
            r.note(
                "Terrain", f"Modifiers are not cumulative: the worst condition, {where}, governs."
            )
        if paved is not None:
            r.note(
                "Road",
                f"A{' paved' if paved else 'n unpaved'} road does not let travelers ignore "
                f"{where}: that modifier applies alone, without the road's ×1½.",
            )
    if speed_ft is not None:
        _compare_with_table(r, speed_ft, miles, column)
    elif column is not None:
        r.extra["table_column"] = column
    if miles == 0:
        r.note("Cannot move", "At a normal speed of 0' the character cannot move at all.")
    _pace_note(r, mode, speed_ft, miles, where, on_road=paved is not None and not remaining)
    if request.forage:
        miles *= t.FORAGE_MULTIPLIER
        _forage_note(r, terrains)
    lost = _lost_chance_on_land(request, road, governing, r)
    _lost_note(r, lost)
    return _Rate(miles, where, on_road=paved is not None and not remaining, lost_chance=lost)


def _pace_note(
    r: _Ruling, mode: str, speed_ft: int | None, miles: Fraction, where: str, *, on_road: bool
) -> None:
    """How the day's rate comes about, in one line: "slowest 90' → 18 miles/day clear;
    forest ×2/3 → 12 miles/day" (Overland Movement Rates, Terrain Effects)."""
    if speed_ft is None:
        r.note("Pace", f"{t.MOUNT_RATES[mode].label}: {_say(miles)} miles/day ({where}).")
        return
    clear = Fraction(speed_ft, t.FEET_PER_MILE_PER_DAY)
    text = f"{speed_ft}' ÷ {t.FEET_PER_MILE_PER_DAY} → {_say(clear)} miles/day clear"
    if miles != clear:
        factor = miles / clear if clear else Fraction(0)
        how = "trail or road" if on_road else where
        text += f"; {how} ×{_fraction(factor)} → {_say(miles)} miles/day"
    r.note("Pace", text + ".")


def _fraction(value: Fraction) -> str:
    return str(value)


def _lost_note(r: _Ruling, chance: Fraction) -> None:
    """Becoming Lost: the daily chance, and the roll that means lost."""
    if chance == 0:
        return
    lost_on = int(chance * 6)
    roll_text = "1" if lost_on == 1 else f"1–{lost_on}"
    r.note(
        "Lost",
        f"{chance.numerator} in {chance.denominator} per day without a road, trail, river or "
        f"guide (the GM rolls 1d6: lost on {roll_text}).",
    )


def _kept_on_road(terrains: tuple[str, ...], paved: bool) -> tuple[str, ...]:
    """The footnote: the terrain modifiers a road does not let travelers ignore."""
    return tuple(
        name
        for name in terrains
        if (t.TERRAINS[name].kept_on_paved_road if paved else t.TERRAINS[name].kept_on_unpaved_road)
    )


def _road_label(road: str) -> str:
    return {"unpaved": "unpaved road", "paved": "paved road"}.get(road, road)


def _compare_with_table(
    r: _Ruling, speed_ft: int, formula_miles: Fraction, column: str | None
) -> None:
    """Show the Traveling Rates table's figure where the seed's two methods disagree."""
    row = t.FOOT_RATES.get(speed_ft)
    if row is None or column is None:
        return
    table_miles = row.miles_per_day(column)
    r.extra["table_miles_per_day"] = table_miles
    if table_miles != formula_miles:
        r.cite("Traveling Rates by Terrain Table")
        r.note(
            "Traveling Rates table",
            f"The table lists {table_miles} miles/day for {row.label} ({column}); the bot uses "
            f"the stated method, normal speed ÷ 5 with the terrain modifier: "
            f"{_say(formula_miles)}. The GM may prefer the table.",
        )


def _forage_note(r: _Ruling, terrains: tuple[str, ...]) -> None:
    r.cite("Food in the Wild")
    r.extra["forage_multiplier"] = str(t.FORAGE_MULTIPLIER)
    text = (
        "Foraging slows daily movement to 2/3 (no foraging on a forced march). In good terrain "
        f"and weather there is a 50% chance (1–{t.FORAGE_FOUND_ON_D6} on 1d6) of finding enough "
        "food; the DM may modify this and makes the rolls."
    )
    if "swamp" in terrains:
        text += " Some swamps have no food to forage."
    r.note("Foraging", text)


def _lost_chance_on_land(request: TravelRequest, road: str, governing: str, r: _Ruling) -> Fraction:
    r.cite("Becoming Lost")
    if road != "none" or request.river or request.guide:
        return Fraction(0)
    return t.TERRAINS[governing].lost_chance


def _lost_check(
    request: TravelRequest, chance: Fraction | None, r: _Ruling, rng: random.Random
) -> None:
    if not request.lost_check:
        return
    if chance is None:
        r.note(
            "Becoming Lost",
            "The Rules Cyclopedia gives no chance of becoming lost here: the GM decides.",
        )
        return
    if chance == 0:
        r.note(
            "Becoming Lost",
            "A party following a road, trail or river, or led by a reliable guide, will not "
            "become lost: no check.",
        )
        return
    check = roll(1, 6, rng)
    r.private_rolls.append(check)
    lost_on = int(chance * 6)
    r.note("Becoming Lost", "The GM rolled the daily lost check before the party set out.")
    if check.total > lost_on:
        r.private_notes.append(
            Note(
                "Lost check", f"{check.describe()}: lost on 1–{lost_on}; the party stays on course."
            )
        )
        return
    deviation = roll(1, 6, rng)
    r.private_rolls.append(deviation)
    r.private_notes.append(
        Note(
            "Lost check",
            f"{check.describe()}: lost on 1–{lost_on}; the party is lost. Direction "
            f"{deviation.describe()}: it believes it holds its intended heading but goes "
            f"{t.LOST_DEVIATIONS[deviation.total]}. Keep track of where it really is.",
        )
    )


def _swim(request: TravelRequest, terrains: tuple[str, ...], road: str, r: _Ruling) -> _Rate:
    r.cite("By Swimming (and Drowning)", "Normal, Encounter, and Running Speeds")
    if terrains or road != "none":
        r.unused.append("terrain and road: swimming rates do not depend on them")
    speed_ft = _slowest_speed_ft(request, r)
    per_round = speed_ft * t.SWIM_FRACTION_OF_RUNNING
    r.extra["running_speed_yards_per_round"] = speed_ft
    r.extra["swim_yards_per_round"] = _miles(per_round)
    r.extra["swim_underwater_ft_per_round"] = _miles(per_round)
    r.note(
        "Swimming",
        f"1/5 of outdoor running speed: {speed_ft} yards per round ÷ 5 = {_say(per_round)} "
        f"yards per round on the surface; underwater the same number in feet: "
        f"{_say(per_round)}' per round.",
    )
    r.note("No daily rate", "The Rules Cyclopedia gives no miles per day for swimming.")
    if request.encumbrance_cn is not None and request.encumbrance_cn > t.SWIM_MAX_ENCUMBRANCE_CN:
        r.note(
            "Drowning",
            f"Carrying more than {t.SWIM_MAX_ENCUMBRANCE_CN} cn, sheer weight drags the swimmer "
            "down: the DM decides the chance of drowning.",
        )
    return _Rate(None, "", on_land=False, rests=False)


def _drowning_headline(r: _Ruling) -> str | None:
    if "drowned_round" not in r.extra:
        return None
    held, drowned = r.extra["breath_rounds"], r.extra["drowned_round"]
    return f"Under water: {held} rounds of breath, drowned in round {drowned}"


MIN_CONSTITUTION = 3
MAX_CONSTITUTION = 25


def _drowning(constitution: int, exerting: bool, r: _Ruling, rng: random.Random) -> None:
    """003 By Swimming (and Drowning), from the moment the swimmer goes under: breath held
    for Constitution rounds (half, rounded down, when exerting); then a Constitution check
    every round, d20 + a penalty growing by 1 each check against the score; the first
    failure drowns him, and he dies 1/3 Constitution rounds (rounded up) later unless a
    healer reaches him. The checks are rolled, so the GM has the whole timeline."""
    if not MIN_CONSTITUTION <= constitution <= MAX_CONSTITUTION:
        raise InvalidInput(
            f"constitution: a score from {MIN_CONSTITUTION} to {MAX_CONSTITUTION}, "
            f"not {constitution}."
        )
    held = constitution
    if exerting:
        held = math.floor(constitution * t.BREATH_EXERTING_FRACTION)
    checks: list[str] = []
    faces: list[JSONValue] = []
    penalty = 0
    while True:  # ends: d20 + penalty > constitution once penalty reaches constitution
        check = roll(1, 20, rng)
        r.rolls.append(check)
        faces.append(check.total)
        total = check.total + penalty
        failed = total > constitution
        shown = f"{check.total}" + (f"+{penalty}" if penalty else "")
        checks.append(f"{shown} {'fails' if failed else 'holds'}")
        if failed:
            break
        penalty += 1
    drowned_round = held + len(checks)
    not_dead = math.ceil(constitution * t.DROWNED_NOT_DEAD_FRACTION)
    r.extra.update(
        breath_rounds=held,
        drowning_checks=faces,
        drowned_round=drowned_round,
        dies_round=drowned_round + not_dead,
    )
    how = (
        f"exerting (fighting, panicking): half his Constitution of {constitution}, rounded down"
        if exerting
        else f"not exerting: his Constitution of {constitution} in rounds"
    )
    r.note("Holding breath", f"Rounds 1–{held} under water, {how}.")
    r.note(
        "Drowning",
        f"From round {held + 1}, a Constitution check each round, d20 against "
        f"{constitution} with +1 more on each: " + ", ".join(checks) + f" (round "
        f"{drowned_round}). He has drowned but is not dead yet.",
    )
    r.note(
        "Dying",
        f"{not_dead} rounds ({constitution} ÷ 3, rounded up): dead after round "
        f"{drowned_round + not_dead} unless a character with the Healing skill or healing "
        "magic treats him; then he recovers normally. Rescued or not, having made "
        "Constitution checks he is exhausted (rest 3 turns before running or fighting).",
    )
    r.cite("Exhaustion")


def _ship(
    request: TravelRequest,
    mode: str,
    terrains: tuple[str, ...],
    road: str,
    r: _Ruling,
    rng: random.Random,
) -> _Rate:
    r.cite("By Ship")
    if request.ship_speed_miles is None:
        raise InvalidInput(
            "A ship's miles per day come from the Sailing Vessels Table (Rules Cyclopedia "
            "chapter 4), which the bot does not have: give ship_speed, e.g. ship_speed:72."
        )
    if request.speeds_ft or request.encumbrance_cn is not None or terrains or road != "none":
        r.unused.append("speed, encumbrance, terrain and road: characters move at the ship's rate")
    base = _exact(request.ship_speed_miles)
    r.extra["ship_base_miles_per_day"] = _miles(base)
    r.note(
        "Ship's rate",
        f"{_say(base)} miles per day is the base rate you gave (the Sailing Vessels Table is "
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
    return _Rate(
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
    request: TravelRequest, mode: str, base: Fraction, r: _Ruling, rng: random.Random
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
    r.extra["miles_today"] = _miles(base * day.factor)
    r.extra["weather_applies"] = not day.sails_only
    if day.sails_only:
        r.note(
            "Today's weather",
            f"{day.weather.describe()}: {day.name}. This row changes only a sailing ship's "
            "movement: it does not apply to an oared ship (D&D galleys have no sails), which "
            f"moves at its normal rate: {_say(base * day.factor)} miles today.",
        )
    else:
        r.note(
            "Today's weather",
            f"{day.weather.describe()}: {day.name}. {day.effect}: "
            f"{_say(base * day.factor)} miles today.",
        )
    if day.takes_on_water:
        _take_on_water(sailing, base * day.factor, r, rng)
    if day.gale:
        _gale(sailing, r, rng)


def _gale(sailing: bool, r: _Ruling, rng: random.Random) -> None:
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


def _take_on_water(sailing: bool, today: Fraction, r: _Ruling, rng: random.Random) -> None:
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
    r.extra["miles_today"] = _miles(slowed)
    r.note(
        "Taking on water",
        f"It takes on water ({check.describe()}; {chance}% for a {kind} vessel): its speed "
        f"is reduced by 1/3 until it can dock and be repaired, so {_say(slowed)} miles today.",
    )


MAX_VOYAGE_DAYS = 60  # days rolled one by one; beyond that the average rate answers
VOYAGE_DAYS_PER_FIELD = 10


def _voyage(
    request: TravelRequest, mode: str, base: Fraction, r: _Ruling, rng: random.Random
) -> _Totals:
    """A voyage at sea day by day (seed 003 By Ship: "Roll 2d6 at the beginning of each
    day"): each day's weather moves the ship, taking on water slows it for the rest of
    the voyage, and a gale ends the reckoning, since what follows is the crew's choice
    and the DM's coast (By Ship, Gale or Storm)."""
    sailing = mode == "sailing-ship"
    if request.weather:
        r.cite("Water Movement Modification Table")
    goal = None if request.distance_miles is None else _exact(request.distance_miles)
    days_asked = None if request.days is None else _exact(request.days)
    limit = math.ceil(days_asked) if days_asked is not None else MAX_VOYAGE_DAYS
    if limit > MAX_VOYAGE_DAYS:
        raise InvalidInput(
            f"A voyage with sea or weather is rolled day by day, at most {MAX_VOYAGE_DAYS} "
            f"days: give days:{MAX_VOYAGE_DAYS} or fewer, or leave sea and weather off for "
            "the average rate."
        )
    covered = Fraction(0)
    slowed = False
    arrived: Fraction | None = None
    lines: list[str] = []
    log: list[JSONValue] = []
    ended_by_gale = False
    for number in range(1, limit + 1):
        share = Fraction(1)
        if days_asked is not None and number == limit and days_asked % 1:
            share = days_asked % 1  # a part day at the end: that part of the day's rate
        day = _sea_day(request, sailing, rng)
        r.rolls.append(day.weather)
        if number == 1:  # the first day is today: the single-day keys stay as they were
            r.extra.update(
                weather_roll=day.weather.total,
                weather=day.name,
                weather_multiplier=str(day.factor),
                miles_today=_miles(base * day.factor),
                weather_applies=not day.sails_only,
            )
        if day.gale:
            ended_by_gale = True
            lines.append(f"Day {number}: {day.weather.describe()}, gale: the reckoning stops")
            log.append({"day": number, "roll": day.weather.total, "weather": day.name})
            _gale(sailing, r, rng)
            break
        today = base * day.factor * share
        water = ""
        if day.takes_on_water and not slowed:
            kind = "sailed" if sailing else "unsailed"
            check = roll(1, 100, rng)
            r.rolls.append(check)
            if check.total <= t.TAKE_ON_WATER_PERCENT[kind]:
                slowed = True
                water = f"; takes on water ({check.describe()})"
        if slowed:
            today *= t.TAKEN_ON_WATER_MULTIPLIER
        if goal is not None and covered + today >= goal:
            arrived = number - 1 + ((goal - covered) / today) * share
            today = goal - covered
        covered += today
        unsailed = " (a sails-only row; oars keep the rate)" if day.sails_only else ""
        lines.append(
            f"Day {number}: {day.weather.describe()}, {day.name.lower()}{unsailed}{water}: "
            f"{_say(today)} mi ({_say(covered)} in all)"
        )
        log.append(
            {
                "day": number,
                "roll": day.weather.total,
                "weather": day.name,
                "miles": _miles(today),
                "covered_miles": _miles(covered),
                "took_on_water": slowed,
            }
        )
        if arrived is not None:
            break
    for first in range(0, len(lines), VOYAGE_DAYS_PER_FIELD):
        chunk = lines[first : first + VOYAGE_DAYS_PER_FIELD]
        last = first + len(chunk)
        label = f"Day {first + 1}" if len(chunk) == 1 else f"Days {first + 1}–{last}"
        r.note(label, "\n".join(chunk))
    if slowed:
        r.note(
            "Taking on water",
            "The ship took on water (the table's asterisk): its speed stays reduced by 1/3 "
            "until it can dock and be repaired.",
        )
    r.extra["voyage"] = log
    r.extra["voyage_ended_by_gale"] = ended_by_gale
    if arrived is not None:
        r.extra["travel_days"] = math.ceil(arrived)
    if goal is not None and arrived is None and not ended_by_gale:
        r.note(
            "Not there yet",
            f"After {limit} days at sea the ship has covered {_say(covered)} of "
            f"{_say(goal)} miles.",
        )
    return _Totals(
        days=None if arrived is None else _miles(arrived),
        covered_miles=_miles(covered),
    )


def _aerial(
    request: TravelRequest, mode: str, terrains: tuple[str, ...], road: str, r: _Ruling
) -> _Rate:
    r.cite("Aerial Travel")
    if request.speeds_ft or request.encumbrance_cn is not None:
        r.unused.append("speed and encumbrance: aerial travel has a fixed daily rate")
    miles = Fraction(t.AERIAL_MILES_PER_DAY[mode])
    r.note(
        "Aerial travel",
        f"{_say(miles)} miles per day {t.MODE_LABELS[mode]}; terrain does not slow it"
        + (" (it still decides the chance of becoming lost)." if terrains else "."),
    )
    if request.forage:
        miles *= t.FORAGE_MULTIPLIER
        _forage_note(r, terrains)
    governing = _governing(terrains, lambda name: miles) if terrains else "clear"
    lost = _lost_chance_on_land(request, road, governing, r)
    return _Rate(miles, "", rests=mode == "aerial-mount", lost_chance=lost)


@dataclass(frozen=True)
class _Totals:
    days: float | None = None
    covered_miles: float | None = None
    rest_days: int | None = None


def _finish(request: TravelRequest, rate: _Rate, r: _Ruling) -> _Totals:
    """Days, distance and rest: the parts every mode shares."""
    miles = rate.miles_per_day
    totals = _Totals()
    if r.voyage is not None:
        totals = r.voyage
    elif miles is not None:
        if request.distance_miles is not None:
            totals = _time_for_distance(_exact(request.distance_miles), miles, rate.rests, r)
        if request.days is not None:
            covered = _miles(miles * _exact(request.days))
            totals = _Totals(totals.days, covered, totals.rest_days)
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


def _time_for_distance(distance: Fraction, miles: Fraction, rests: bool, r: _Ruling) -> _Totals:
    if miles == 0:
        r.note("Never arrives", "At 0 miles per day the party never covers the distance.")
        return _Totals()
    exact_days = distance / miles
    travel_days = math.ceil(exact_days)
    r.extra["travel_days"] = travel_days
    if not rests:
        return _Totals(days=_miles(exact_days))
    # A rest day falls after each six days of travel, so only those the trip goes on past count.
    rest_days = (travel_days - 1) // t.TRAVEL_DAYS_PER_REST_DAY
    r.extra["calendar_days"] = travel_days + rest_days
    return _Totals(days=_miles(exact_days), rest_days=rest_days)


def _headline(request: TravelRequest, mode: str, rate: _Rate) -> str:
    how = "" if mode == "foot" else t.MODE_LABELS[mode]
    if mode == "swim":
        return "Swimming"
    if request.distance_miles is not None:
        head = f"{_say(request.distance_miles)} miles"
        return " ".join(
            part for part in (head, f"of {rate.where}" if rate.where else "", how) if part
        )
    if request.days is not None and request.days != 1:
        head = f"{_say(request.days)} days' travel"
    else:
        head = "A day's travel"
    where = ""
    if rate.where:
        where = f"along the {rate.where}" if rate.on_road else f"through {rate.where}"
    return " ".join(part for part in (head, where, how) if part)
