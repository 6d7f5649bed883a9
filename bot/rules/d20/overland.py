"""Overland travel: miles per hour and per day on foot, mounted, by cart or by boat.

One engine serves every ruleset whose overland rules are the d20 family's
(Epic Path's "Overland Travel", the 3.5 SRD's "Overland Movement"): walk and
hustle by speed, terrain by road class, forced march, mounted movement and a
mounts-and-vehicles table. What differs between sources is data, an
``OverlandTables``; the rulings this engine makes where the text is silent are
written down in docs/RULINGS.md.

Pure and synchronous: the only randomness is a mount's automatic forced-march
damage, rolled with the injected ``random.Random``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Literal

from bot.dice import Roll, roll
from bot.errors import InvalidInput
from bot.names import Vocabulary, normalize
from bot.rules.rulings import JSONValue, Note, Source, TravelRequest, TravelResult

# How something travels; it decides the length of a day, whether terrain
# applies and whether it can hustle.
Kind = Literal["foot", "mount", "land-vehicle", "rowed", "sailed"]
# The three columns of Table: Terrain and Overland Movement.
RoadClass = Literal["highway", "road-or-trail", "trackless"]
ROAD_CLASSES: tuple[RoadClass, ...] = ("highway", "road-or-trail", "trackless")

# What a user may type for ``road``. "trail" stays apart from "road" because a
# trail "does not benefit a party traveling with vehicles" (Terrain).
ROAD_NAMES = Vocabulary(
    "road",
    {
        "highway": ("paved", "paved-road", "major-road"),
        "road": ("unpaved", "dirt-road", "dirt-track", "road-or-trail"),
        "trail": ("path", "footpath", "single-file"),
        "trackless": ("none", "no-road", "off-road", "wild", "wilderness", "cross-country"),
    },
)
ROAD_COLUMN: Mapping[str, RoadClass] = {
    "highway": "highway",
    "road": "road-or-trail",
    "trail": "road-or-trail",
    "trackless": "trackless",
}

PACE_NAMES = Vocabulary(
    "pace",
    {
        "walk": ("walking", "normal"),
        "hustle": ("hustling",),
        "forced-march": ("forced", "forced-marching", "march"),
    },
)
# Typed as a pace, these get the rule's own answer instead of "unknown pace".
RUN_WORDS = frozenset({"run", "running", "sprint", "sprinting", "jog", "jogging"})

LOAD_NAMES = Vocabulary(
    "load",
    {
        "light": ("light-load", "unencumbered", "none"),
        "medium": ("medium-load", "moderate"),
        "heavy": ("heavy-load",),
    },
)

FOOT_ALIASES: tuple[str, ...] = ("on-foot", "by-foot", "walking")

DEFAULT_SPEED_FT = 30
# Hustling and forced marching are measured within one day between sleeps.
MAX_HOURS_IN_A_DAY = 24
# Bounds that keep every answer a real number of miles a table could use.
MAX_SPEED_FT = 10_000
MAX_MILES = 1_000_000
MAX_DAYS = 100_000
MAX_LOAD_LB = 1_000_000

# Options that belong to other rulesets' travel rules (BECMI); given here they
# get a note, never an error.
OTHER_RULES: tuple[tuple[str, str], ...] = (
    ("forage", "foraging"),
    ("guide", "hiring a guide"),
    ("river", "river currents"),
    ("lost_check", "getting lost"),
    ("encumbrance_cn", "encumbrance in coins (cn)"),
    ("ship_speed_miles", "a ship's own speed in miles"),
    ("weather", "rolling the weather"),
    ("sea", "sea versus coastal travel"),
    ("constitution", "holding breath and drowning while swimming"),
    ("exerting", "holding breath and drowning while swimming"),
)


# ---------------------------------------------------------------- the data


@dataclass(frozen=True)
class LoadedRow:
    """A mount's slower rate while it carries ``min_lb`` to ``max_lb`` (inclusive)."""

    min_lb: int
    max_lb: int
    miles_per_hour: Fraction
    miles_per_day: Fraction


@dataclass(frozen=True)
class MountOrVehicle:
    """One row of Table: Mounts and Vehicles, with its loaded row if it has one.

    ``load_by_animal`` names the animals a shared row splits into when loaded
    (3.5's "donkey or mule": the donkey's and the mule's loads differ).
    """

    label: str
    kind: Kind
    miles_per_hour: Fraction
    miles_per_day: Fraction
    loaded: tuple[LoadedRow, ...] = ()
    aliases: tuple[str, ...] = ()
    load_by_animal: tuple[str, ...] = ()


@dataclass(frozen=True)
class PenaltyEncumbrance:
    """A load takes feet off the speed, more when the speed is above a threshold.

    Epic Path (seed 004, Encumbrance): medium −5 ft; heavy −10 ft above 20 ft,
    else −5 ft.
    """

    threshold_ft: int
    penalty_above_ft: Mapping[str, int]
    penalty_at_or_below_ft: Mapping[str, int]
    section: str

    def reduced_speed_ft(self, speed_ft: int, load: str) -> int:
        above = speed_ft > self.threshold_ft
        penalty = (self.penalty_above_ft if above else self.penalty_at_or_below_ft)[load]
        return max(0, speed_ft - penalty)

    def why(self, speed_ft: int, load: str) -> str:
        above = speed_ft > self.threshold_ft
        penalty = (self.penalty_above_ft if above else self.penalty_at_or_below_ft)[load]
        side = "above" if above else "at or below"
        cost = f"−{penalty} ft" if penalty else "no penalty"
        return f"{cost} for a {load} load at a speed {side} {self.threshold_ft} ft"


@dataclass(frozen=True)
class TableEncumbrance:
    """A load replaces the speed by a table (3.5 SRD, Carrying Capacity).

    Speeds the table doesn't list take ``off_table_fraction`` of the speed,
    rounded down to a ``step_ft`` step, never less than the listed speed below
    (so a faster creature is never slowed more) nor than ``minimum_ft``.
    """

    slowed_loads: frozenset[str]
    reduced_ft: Mapping[int, int]
    off_table_fraction: Fraction
    step_ft: int
    minimum_ft: int
    section: str

    def reduced_speed_ft(self, speed_ft: int, load: str) -> int:
        if load not in self.slowed_loads:
            return speed_ft
        if speed_ft in self.reduced_ft:
            return self.reduced_ft[speed_ft]
        steps = math.floor(speed_ft * self.off_table_fraction / self.step_ft)
        listed_below = (v for k, v in self.reduced_ft.items() if k < speed_ft)
        return min(
            speed_ft, max(steps * self.step_ft, max(listed_below, default=0), self.minimum_ft)
        )

    def why(self, speed_ft: int, load: str) -> str:
        if load not in self.slowed_loads:
            return f"a {load} load doesn't slow"
        if speed_ft in self.reduced_ft:
            return f"a {load} load makes {speed_ft} ft into {self.reduced_ft[speed_ft]} ft"
        return (
            f"{speed_ft} ft isn't on the table: {self.off_table_fraction} of it, rounded down "
            f"to a {self.step_ft}-ft step"
        )


EncumbranceRule = PenaltyEncumbrance | TableEncumbrance


@dataclass(frozen=True)
class OverlandTables:
    """One source's overland tables, as data.

    ``walk_miles_per_hour`` is Table: Movement and Distance by speed in feet;
    speeds it doesn't list travel ``miles_per_hour_per_ft`` × speed (the same
    proportion every row has). ``terrain_multipliers`` is Table: Terrain and
    Overland Movement by (terrain, road class). ``day_hours`` is how many
    hours of travel make a day for each kind of traveller.
    """

    walk_miles_per_hour: Mapping[int, Fraction]
    miles_per_hour_per_ft: Fraction
    hustle_factor: int
    day_hours: Mapping[Kind, int]
    terrain_multipliers: Mapping[tuple[str, RoadClass], Fraction]
    terrain_aliases: Mapping[str, tuple[str, ...]]
    mounts: Mapping[str, MountOrVehicle]
    encumbrance: EncumbranceRule
    # A trail "does not benefit a party traveling with vehicles" (Terrain).
    trail_no_benefit: frozenset[Kind]
    # Water craft: the terrain table is for land.
    terrain_free: frozenset[Kind]
    # Who may hustle or force-march: walkers, and mounts bearing a rider.
    can_push: frozenset[Kind]
    forced_march_base_dc: int
    forced_march_dc_step: int
    forced_march_die_sides: int
    overland_section: str
    speed_table: str
    terrain_table: str
    mounts_table: str
    forced_march_section: str = "Forced March"
    mounted_section: str = "Mounted Movement"
    terrain_names: Vocabulary = field(init=False, repr=False, compare=False)
    mode_names: Vocabulary = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "terrain_names", Vocabulary("terrain", self.terrain_aliases))
        modes: dict[str, tuple[str, ...]] = {"foot": FOOT_ALIASES}
        modes.update({name: m.aliases for name, m in self.mounts.items()})
        object.__setattr__(self, "mode_names", Vocabulary("mode of travel", modes))

    @property
    def travel_names(self) -> Mapping[str, Vocabulary]:
        """The names /travel's free-text options accept, by option."""
        return {"mode": self.mode_names, "terrain": self.terrain_names, "pace": PACE_NAMES}


# ---------------------------------------------------------------- helpers


def _round(value: Fraction) -> float:
    """A figure as replies show it: at most 2 decimals."""
    return float(round(value, 2))


def _miles(value: Fraction) -> str:
    """``3``, ``1.5``, ``2.25``: whole numbers without a decimal point."""
    return f"{_round(value):.2f}".rstrip("0").rstrip(".")


def _plural(count: Fraction, one: str, many: str) -> str:
    return f"{_miles(count)} {one if count == 1 else many}"


def _check_positive(name: str, value: float | None, limit: int) -> Fraction | None:
    if value is None:
        return None
    if isinstance(value, bool) or not math.isfinite(value) or not 0 < value <= limit:
        raise InvalidInput(f"{name} must be a number above 0 and at most {limit:,} (got {value}).")
    return Fraction(value)


def _whole_hours(hours: Fraction, pace: str) -> int:
    if hours.denominator != 1 or not 1 <= hours <= MAX_HOURS_IN_A_DAY:
        raise InvalidInput(
            f"A {pace} is counted in whole hours within one day: give hours from 1 to "
            f"{MAX_HOURS_IN_A_DAY} (got {_miles(hours)})."
        )
    return int(hours)


def _match_pace(text: str | None) -> str:
    if text is None:
        return "walk"
    if normalize(text) in RUN_WORDS:
        raise InvalidInput(
            "A character can't run for an extended period of time: attempts to run and rest "
            f"in cycles effectively work out to a hustle. Accepted paces: {PACE_NAMES.accepted()}."
        )
    return PACE_NAMES.match(text)


def _speeds(speeds_ft: tuple[int, ...]) -> tuple[int, ...]:
    for speed in speeds_ft:
        if isinstance(speed, bool) or not isinstance(speed, int):
            raise InvalidInput(f"Speeds are whole feet, like 30 (got {speed!r}).")
        if not 0 < speed <= MAX_SPEED_FT or speed % 5:
            raise InvalidInput(
                f"Speeds are in 5-ft steps from 5 to {MAX_SPEED_FT:,} ft (got {speed} ft)."
            )
    return speeds_ft


def _add_sections(source: Source, *sections: str) -> Source:
    merged = tuple(dict.fromkeys((*source.sections, *sections)))
    return replace(source, sections=merged)


def _hustle_damage(hours: int) -> list[int]:
    """Damage in each hour: none in the 1st, 1 in the 2nd, then double the hour before."""
    return [0 if hour == 1 else 2 ** (hour - 2) for hour in range(1, hours + 1)]


# ---------------------------------------------------------------- the engine


@dataclass
class _Ruling:
    """What the steps of one ruling build up before the result is assembled."""

    notes: list[Note] = field(default_factory=list)
    extra: dict[str, JSONValue] = field(default_factory=dict)
    sections: list[str] = field(default_factory=list)
    rolls: list[Roll] = field(default_factory=list)

    def note(self, label: str, text: str) -> None:
        self.notes.append(Note(label, text))


def _foot_rate(
    request: TravelRequest, load: str | None, tables: OverlandTables, ruling: _Ruling
) -> Fraction:
    """The party's walking miles per hour: slowest member, then load."""
    speeds = _speeds(request.speeds_ft)
    if not speeds:
        speed = DEFAULT_SPEED_FT
        ruling.note("Speed", f"No speed given: {speed} ft, a typical walking speed.")
    else:
        speed = min(speeds)
        if len(speeds) > 1:
            listed = ", ".join(f"{s} ft" for s in speeds)
            ruling.note(
                "Slowest member",
                f"A party travels at its slowest member's speed: {speed} ft (of {listed}).",
            )
    ruling.extra["speed_ft"] = speed
    effective = speed
    if load is not None:
        ruling.sections.append(tables.encumbrance.section)
        effective = tables.encumbrance.reduced_speed_ft(speed, load)
        why = tables.encumbrance.why(speed, load)
        if effective == speed:
            ruling.note("Load", f"A {load} load doesn't slow a {speed}-ft speed ({why}).")
        else:
            ruling.note("Load", f"A {load} load slows {speed} ft to {effective} ft ({why}).")
        if effective == 0:
            # Seed 004, Encumbrance: at 0 you still move 5 ft a round (as a standard action).
            effective = 5
            ruling.note(
                "Load",
                "Reduced to 0 ft, a character can still move no more than 5 ft a round: "
                "travels as a 5-ft speed.",
            )
    ruling.extra["effective_speed_ft"] = effective
    if effective in tables.walk_miles_per_hour:
        mph = tables.walk_miles_per_hour[effective]
    else:
        mph = effective * tables.miles_per_hour_per_ft
        ruling.note(
            "Speed",
            f"{effective} ft isn't a column of {tables.speed_table}: the table's proportion "
            f"(every 10 ft of speed is 1 mile an hour) gives {_miles(mph)} miles an hour.",
        )
    ruling.note(
        "Walk",
        f"{effective} ft: {_miles(mph)} miles an hour, {_miles(mph * tables.day_hours['foot'])} "
        f"miles in a day of {tables.day_hours['foot']} hours ({tables.speed_table}).",
    )
    ruling.sections.append(tables.speed_table)
    return mph


def _mount_rate(
    name: str, request: TravelRequest, tables: OverlandTables, ruling: _Ruling
) -> tuple[Fraction, Fraction]:
    """A mount's or vehicle's miles per hour and per day, loaded row if it applies."""
    vehicle = tables.mounts[name]
    ruling.sections.append(tables.mounts_table)
    if request.speeds_ft:
        ruling.note("Speed", f"A {vehicle.label.lower()}'s rate is the table's: speeds ignored.")
    if request.load is not None:
        ruling.note(
            "Load",
            "Load categories slow characters on foot; for a mount give the weight it "
            "carries in lb (mount_load).",
        )
    ruling.note(
        vehicle.label,
        f"{_miles(vehicle.miles_per_hour)} miles an hour, {_miles(vehicle.miles_per_day)} miles "
        f"a day ({tables.mounts_table}).",
    )
    lb = request.mount_load_lb
    if lb is None:
        return vehicle.miles_per_hour, vehicle.miles_per_day
    if isinstance(lb, bool) or not 0 <= lb <= MAX_LOAD_LB:
        raise InvalidInput(f"A mount's load is a weight in lb from 0 to {MAX_LOAD_LB:,}.")
    if vehicle.load_by_animal:
        raise InvalidInput(
            f"A {vehicle.label.lower()}'s loaded rate depends on the animal: give one of "
            f"{', '.join(vehicle.load_by_animal)}."
        )
    if not vehicle.loaded:
        ruling.note(
            "Load",
            f"{tables.mounts_table} gives no loaded rate for a {vehicle.label.lower()}: "
            "the load doesn't change it.",
        )
        return vehicle.miles_per_hour, vehicle.miles_per_day
    heaviest = max(vehicle.loaded, key=lambda row: row.max_lb)
    if lb > heaviest.max_lb:
        raise InvalidInput(
            f"Too heavy for a {vehicle.label.lower()}: it carries at most {heaviest.max_lb} lb "
            f"({tables.mounts_table}); {lb} lb given."
        )
    rows = [row for row in vehicle.loaded if row.min_lb <= lb]
    if not rows:
        ruling.note(
            "Load",
            f"{lb} lb is under a {vehicle.label.lower()}'s loaded row "
            f"({vehicle.loaded[0].min_lb} lb and up): its full rate.",
        )
        return vehicle.miles_per_hour, vehicle.miles_per_day
    row = max(rows, key=lambda r: r.min_lb)
    ruling.note(
        "Load",
        f"Carrying {lb} lb ({row.min_lb}–{row.max_lb} lb), a {vehicle.label.lower()} "
        f"travels {_miles(row.miles_per_hour)} miles an hour, {_miles(row.miles_per_day)} a day.",
    )
    ruling.extra["mount_load_lb"] = lb
    return row.miles_per_hour, row.miles_per_day


def _terrain_multiplier(
    terrains: tuple[str, ...],
    road: str | None,
    kind: Kind,
    label: str,
    tables: OverlandTables,
    ruling: _Ruling,
) -> tuple[Fraction, RoadClass | None]:
    """The slowest multiplier of the given terrains for the road class travelled."""
    if kind in tables.terrain_free:
        if terrains or road is not None:
            ruling.note(
                "Terrain",
                f"A {label.lower()} travels on water: terrain and roads don't change its rate.",
            )
        return Fraction(1), None
    if not terrains:
        text = "Terrain not given: rates are the table's."
        if road is not None:
            text += " A road class only matters with a terrain."
        ruling.note("Terrain", text)
        return Fraction(1), None
    if road is None:
        road = "trackless"
        ruling.note("Road", "No road given: trackless, a wild area with no paths.")
    column = ROAD_COLUMN[road]
    if road == "trail" and kind in tables.trail_no_benefit:
        column = "trackless"
        ruling.note(
            "Road",
            "A trail allows only single-file travel and does not benefit a party traveling "
            "with vehicles: counted as trackless.",
        )
    by_terrain = {t: tables.terrain_multipliers[(t, column)] for t in terrains}
    slowest = min(by_terrain.values())
    where = ", ".join(f"{t} ×{m}" for t, m in by_terrain.items())
    if len(terrains) > 1:
        ruling.note(
            "Terrain",
            f"Several terrains ({column}): {where}. The slowest governs the whole trip: "
            f"×{slowest} ({tables.terrain_table}).",
        )
    else:
        ruling.note(
            "Terrain", f"{terrains[0].capitalize()}, {column}: ×{slowest} ({tables.terrain_table})."
        )
    ruling.sections.append(tables.terrain_table)
    ruling.extra["terrain"] = list(terrains)
    ruling.extra["road_class"] = column
    ruling.extra["terrain_multiplier"] = str(slowest)
    return slowest, column


def _other_rules(request: TravelRequest, ruling: _Ruling) -> None:
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
            return f"{_miles(distance)} miles of {place}"
        return f"{_miles(distance)} miles {by}"
    if pace == "hustle" and pushed_hours is not None:
        when = f"A {pushed_hours}-hour hustle"
    elif pace == "forced-march" and pushed_hours is not None:
        when = f"A {pushed_hours}-hour forced march"
    elif days is not None:
        when = "A day" if days == 1 else _plural(days, "day", "days")
    elif hours is not None:
        when = "An hour" if hours == 1 else _plural(hours, "hour", "hours")
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
    ruling = _Ruling(sections=[tables.overland_section])
    distance = _check_positive("distance", request.distance_miles, MAX_MILES)
    days = _check_positive("days", request.days, MAX_DAYS)
    hours = _check_positive("hours", request.hours, MAX_DAYS * MAX_HOURS_IN_A_DAY)
    pace = _match_pace(request.pace)
    mode = "foot" if request.mode is None else tables.mode_names.match(request.mode)
    load = None if request.load is None else LOAD_NAMES.match(request.load)
    terrains = tuple(dict.fromkeys(tables.terrain_names.match(t) for t in request.terrain))
    road = None if request.road is None else ROAD_NAMES.match(request.road)
    _other_rules(request, ruling)

    if mode == "foot":
        kind: Kind = "foot"
        label = "party on foot"
        base_mph = _foot_rate(request, load, tables, ruling)
        base_mpd = base_mph * tables.day_hours["foot"]
        if request.mount_load_lb is not None:
            ruling.note("Load", "mount_load is a mount's load: ignored on foot.")
    else:
        vehicle = tables.mounts[mode]
        kind, label = vehicle.kind, vehicle.label
        base_mph, base_mpd = _mount_rate(mode, request, tables, ruling)
    day_hours = tables.day_hours[kind]
    if day_hours != tables.day_hours["foot"]:
        ruling.note(
            "Day",
            f"A day of travel for a {label.lower()} is {day_hours} hours "
            f"({'of rowing' if kind == 'rowed' else 'of sailing'}).",
        )

    multiplier, column = _terrain_multiplier(terrains, road, kind, label, tables, ruling)
    walk_mph = base_mph * multiplier
    miles_per_day = base_mpd * multiplier

    if pace != "walk" and kind not in tables.can_push:
        raise InvalidInput(
            f"A {label.lower()} travels at the table's rate: hustling and forced marches are "
            f"for characters on foot and mounts bearing a rider. Accepted pace for a "
            f"{label.lower()}: walk (or leave pace out)."
        )
    if pace != "walk" and days is not None:
        raise InvalidInput(
            f"A {pace} is counted in hours within one day, not in days: give hours "
            "(and distance if you like)."
        )

    miles_per_hour = walk_mph
    covered: Fraction | None = None
    pushed_hours: int | None = None
    lethal = kind == "mount"
    if pace == "walk":
        if days is not None or hours is not None:
            covered = (days or 0) * miles_per_day + (hours or 0) * walk_mph
        if hours is not None and hours > day_hours and kind in tables.can_push and days is None:
            ruling.note(
                "Forced march",
                f"More than {day_hours} hours of walking in one day is a forced march "
                "(pace forced-march gives its Constitution checks); counted here as travel "
                "over several days.",
            )
    elif pace == "hustle":
        miles_per_hour = walk_mph * tables.hustle_factor
        if hours is not None:
            pushed_hours = _whole_hours(hours, "hustle")
        elif distance is not None:
            pushed_hours = math.ceil(distance / miles_per_hour)
            if pushed_hours > MAX_HOURS_IN_A_DAY:
                raise InvalidInput(
                    f"At a hustle ({_miles(miles_per_hour)} miles an hour), {_miles(distance)} "
                    f"miles take more than {MAX_HOURS_IN_A_DAY} hours: a hustle is counted "
                    "in hours between sleeps. Give hours, or walk."
                )
        else:
            pushed_hours = 1
            ruling.note("Hustle", "Hours not given: one hour of hustling.")
        covered = miles_per_hour * pushed_hours
        per_hour = _hustle_damage(pushed_hours)
        damage_type = "lethal" if lethal else "nonlethal"
        ruling.extra["hustle_hours"] = pushed_hours
        ruling.extra["hustle_miles"] = _round(covered)
        ruling.extra[f"hustle_{damage_type}_damage"] = sum(per_hour)
        ruling.extra[f"hustle_{damage_type}_damage_per_hour"] = list(per_hour)
        ruling.extra["fatigued"] = sum(per_hour) > 0
        who = f"The {label.lower()}" if lethal else "Each character"
        text = (
            f"Hustling doubles the rate: {_miles(miles_per_hour)} miles an hour. The 1st hour is "
            f"no problem; the 2nd deals 1 point of {damage_type} damage and each further hour "
            f"twice the hour before. {pushed_hours} h: {sum(per_hour)} {damage_type} damage"
        )
        if sum(per_hour):
            text += f" ({', '.join(str(d) for d in per_hour[1:])})"
            text += (
                f". {who} becomes fatigued: can't run or charge, −2 Strength and Dexterity "
                "until the damage is gone."
            )
        else:
            text += "."
        ruling.note("Hustle", text)
        if lethal:
            ruling.note(
                "Mounted hustle", "A mount's hustle damage is lethal damage, not nonlethal."
            )
            ruling.sections.append(tables.mounted_section)
        ruling.note(
            "Day",
            "A hustle has no day figure: miles per day is a walking day; the hustle's "
            "own distance is for its hours.",
        )
    else:  # forced march
        if hours is None or hours <= day_hours:
            raise InvalidInput(
                f"A forced march is walking more than {day_hours} hours in a day: give hours "
                f"from {day_hours + 1} to {MAX_HOURS_IN_A_DAY}."
            )
        pushed_hours = _whole_hours(hours, "forced march")
        extra_hours = pushed_hours - day_hours
        dcs = [
            tables.forced_march_base_dc + tables.forced_march_dc_step * n
            for n in range(extra_hours)
        ]
        march_day = walk_mph * pushed_hours
        covered = march_day
        ruling.sections.append(tables.forced_march_section)
        ruling.extra["forced_march_hours"] = pushed_hours
        ruling.extra["forced_march_dcs"] = list(dcs)
        ruling.extra["forced_march_miles_per_day"] = _round(march_day)
        listed = ", ".join(f"hour {day_hours + 1 + n}: DC {dc}" for n, dc in enumerate(dcs))
        if lethal:
            damage = roll(extra_hours, tables.forced_march_die_sides, rng)
            ruling.rolls.append(damage)
            ruling.sections.append(tables.mounted_section)
            ruling.extra["mount_forced_march_lethal_damage"] = damage.total
            ruling.extra["mount_forced_march_lethal_damage_per_hour"] = list(damage.faces)
            ruling.extra["fatigued"] = True
            ruling.note(
                "Forced march",
                f"{pushed_hours} h of riding ({_miles(march_day)} miles). A ridden mount's "
                f"Constitution checks automatically fail ({listed}): "
                f"1d{tables.forced_march_die_sides} lethal damage each extra hour, "
                f"{damage.describe()}; the mount becomes fatigued.",
            )
        else:
            ruling.note(
                "Forced march",
                f"{pushed_hours} h of marching ({_miles(march_day)} miles). Each hour beyond "
                f"{day_hours}: a Constitution check ({listed}). Each failure deals "
                f"1d{tables.forced_march_die_sides} nonlethal damage, and any such damage "
                "leaves the character fatigued. Players roll their own checks.",
            )
        ruling.note(
            "Day",
            f"Miles per day is a normal day of {day_hours} hours; the forced march's own "
            f"day is {_miles(march_day)} miles.",
        )

    result_hours: Fraction | None = None
    result_days: Fraction | None = None
    if distance is not None:
        result_hours = distance / miles_per_hour
        result_days = distance / miles_per_day
        ruling.extra["travel_days"] = math.ceil(result_days)
        if pace == "forced-march" and pushed_hours is not None:
            march_days = distance / (walk_mph * pushed_hours)
            ruling.extra["forced_march_days"] = _round(march_days)
            ruling.extra["forced_march_travel_days"] = math.ceil(march_days)

    ruling.extra["mode"] = mode
    ruling.extra["pace"] = pace
    ruling.extra["day_hours"] = day_hours
    headline = _headline(
        label=label,
        kind=kind,
        terrains=() if kind in tables.terrain_free else terrains,
        road=road,
        column=column,
        distance=distance,
        days=days,
        hours=hours,
        pace=pace,
        pushed_hours=pushed_hours,
    )
    return TravelResult(
        miles_per_day=_round(miles_per_day),
        miles_per_hour=_round(miles_per_hour),
        source=_add_sections(source, *ruling.sections),
        headline=headline,
        days=None if result_days is None else _round(result_days),
        hours=None if result_hours is None else _round(result_hours),
        covered_miles=None if covered is None else _round(covered),
        rest_days=None,
        lost_chance=None,
        notes=tuple(ruling.notes),
        rolls=tuple(ruling.rolls),
        extra=ruling.extra,
    )
