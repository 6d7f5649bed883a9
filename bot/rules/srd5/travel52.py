"""Travel pace in SRD 5.2 (Rules Glossary › Travel Pace; Travel Terrain; Extended
Travel; Vehicles).

The Travel Pace table sets the distance, whatever the travelers' Speed: fast 4 miles
an hour and 30 a day, normal 3 and 24, slow 2 and 18. Each terrain allows a fastest
pace (a good road raises it a step), and a group with a member at half Speed or less
goes slow. Past 8 hours a day (Extended Travel) each traveler makes a Constitution
save, DC 10 + 1 per hour past 8, or gains an Exhaustion level. A mounted group can go
twice the distance for one hour. "A creature with a high Speed for an extended time"
travels at Speed ÷ 10 miles an hour: here `mode:high-speed`, asked for (readings in
docs/RULINGS.md, "issue 28: travel pace (5.2)").
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

from bot.errors import InvalidInput
from bot.names import Vocabulary
from bot.rules.rulings import Source, TravelRequest, TravelResult
from bot.rules.srd5.travel import (
    DAY_HOURS,
    MAX_MILES,
    PACE_NAMES,
    PACES_51,
    SHIP_HOURS,
    SHIPS_51,
    Ruling,
    check,
    forced_march,
    note_unused,
    reckoned,
    say,
)
from bot.units import miles_word

# SRD 5.2 Travel Pace table: the same miles an hour and a day as SRD 5.1's.
PACES_52 = PACES_51
PACE_FACTORS_52: Mapping[str, Fraction] = {
    "fast": Fraction(4, 3),
    "normal": Fraction(1),
    "slow": Fraction(2, 3),
}
PACE_EFFECTS_52: Mapping[str, str] = {
    "fast": "Disadvantage on Wisdom (Perception or Survival) and Dexterity (Stealth) checks",
    "normal": "Disadvantage on Dexterity (Stealth) checks",
    "slow": "Advantage on Wisdom (Perception or Survival) checks",
}
PACE_ORDER = ("slow", "normal", "fast")
# The fastest pace each terrain allows (SRD 5.2 Travel Terrain table).
MAX_PACE_52: Mapping[str, str] = {
    "arctic": "fast",  # with skis or similar
    "grassland": "fast",
    "coastal": "normal",
    "desert": "normal",
    "forest": "normal",
    "hill": "normal",
    "underdark": "normal",
    "urban": "normal",
    "mountain": "slow",
    "swamp": "slow",
}
TERRAIN_NAMES_52 = Vocabulary(
    "terrain",
    {
        "arctic": ("ice", "snow", "tundra"),
        "grassland": ("plains", "open", "clear", "meadow"),
        "coastal": ("coast", "beach"),
        "desert": ("dunes",),
        "forest": ("woods", "jungle"),
        "hill": ("hills",),
        "mountain": ("mountains",),
        "swamp": ("marsh", "bog"),
        "underdark": ("caves", "underground"),
        "urban": ("city", "town"),
    },
)
ROAD_NAMES_52 = Vocabulary("road", {"none": ("trackless", "no"), "road": ("good-road", "highway")})
AIRSHIP_MPH = Fraction(8)
# Half the 30-ft walking Speed the Travel Pace table assumes: a lone traveler at 15 ft
# or less is "at half Speed or less" (a reading: /travel doesn't know a member's usual
# Speed).
HALF_WALKING_SPEED_FT = 15
VESSELS_52 = frozenset({*SHIPS_51, "airship"})
MODE_NAMES_52 = Vocabulary(
    "mode",
    {
        "foot": ("walking", "on-foot", "party"),
        "mount": ("riding", "horse", "mounted", "riding-horse"),
        "high-speed": ("speed", "sustained-speed", "by-speed"),
        "airship": ("flying-ship",),
        **{s: () for s in SHIPS_51},
    },
)
TRAVEL_NAMES_52: Mapping[str, Vocabulary] = {
    "mode": MODE_NAMES_52,
    "terrain": TERRAIN_NAMES_52,
    "pace": PACE_NAMES,
    "road": ROAD_NAMES_52,
}


def travel_52(request: TravelRequest, source: Source) -> TravelResult:
    """SRD 5.2's travel: the Travel Pace table's rates at the pace the terrain and the
    group allow (Speed ÷ 10 only for `mode:high-speed`), or a vehicle's own speed."""
    r = Ruling()
    distance = check("distance", request.distance_miles, MAX_MILES)
    days = check("days", request.days, 10_000)
    hours = check("hours", request.hours, 24 * 10_000)
    mode = "foot" if request.mode is None else MODE_NAMES_52.match(request.mode)
    if mode in VESSELS_52:
        mph, mpd, headline = _vessel_52(mode, request, r)
    else:
        mph, mpd, headline = _group_52(mode, request, r)
    if distance is not None:
        headline = miles_word(say(distance))
    if hours is not None and distance is None and days is None:
        _extended_travel_52(hours, mode, r)
    note_unused(request, r)
    return _finish_52(r, source, headline, (mph, mpd), (distance, days, hours), mode)


def _extended_travel_52(hours: Fraction, mode: str, r: Ruling) -> None:
    """SRD 5.2 Extended Travel: past 8 hours, a Constitution save each hour (DC 10 + 1
    per hour past 8) or 1 Exhaustion level; a vessel's passengers aren't traveling on
    foot, so they make none."""
    if hours <= DAY_HOURS:
        return
    if mode in VESSELS_52:
        r.note("Extended travel", "Aboard a vessel nobody marches: no Constitution saves.")
        return
    forced_march(
        hours, r, section="Extended Travel", key="extended_travel_dcs", level="1 Exhaustion level"
    )


def _vessel_52(mode: str, request: TravelRequest, r: Ruling) -> tuple[Fraction, Fraction, str]:
    """SRD 5.2 Vehicles: the vessel's own speed, 24 hours a day with a crew; no pace."""
    mph = AIRSHIP_MPH if mode == "airship" else SHIPS_51[mode]
    r.sections = ["Vehicles"]
    r.note("Vessel", f"{say(mph)} miles an hour, {SHIP_HOURS} hours a day with a crew.")
    if request.pace is not None:
        r.note("Pace", "A vessel keeps its own speed: pace doesn't apply.")
    r.extra["day_hours"] = SHIP_HOURS
    return mph, mph * SHIP_HOURS, f"A {mode.replace('-', ' ')}"


def _group_52(mode: str, request: TravelRequest, r: Ruling) -> tuple[Fraction, Fraction, str]:
    """A group on foot or mounted: the pace wanted, slowed by the terrain and by a slow
    member; the table's rates (Speed ÷ 10 for `mode:high-speed`). Miles an hour, miles
    a day (8 hours) and the headline."""
    terrains = tuple(dict.fromkeys(TERRAIN_NAMES_52.match(t) for t in request.terrain))
    road = request.road is not None and ROAD_NAMES_52.match(request.road) == "road"
    wanted = "normal" if request.pace is None else PACE_NAMES.match(request.pace)
    pace = _terrain_pace_52(wanted, terrains, road, r) if terrains else wanted
    pace = _slow_member_52(request.speeds_ft, pace, r)
    r.extra["pace"] = pace
    r.extra["day_hours"] = DAY_HOURS
    if mode == "high-speed":
        mph, mpd = _by_speed_52(request.speeds_ft, pace, r)
    else:
        mph, mpd = _table_52(pace, request.speeds_ft, r)
    if mode == "mount":
        _mounted_52(pace, r)
    suffix = {"mount": " mounted", "high-speed": " at high Speed"}.get(mode, "")
    return mph, mpd, f"{pace.capitalize()} pace{suffix}"


def _table_52(pace: str, speeds_ft: tuple[int, ...], r: Ruling) -> tuple[Fraction, Fraction]:
    """SRD 5.2 Travel Pace table: the pace's miles an hour and a day."""
    row = PACES_52[pace]
    r.note(
        "Pace",
        f"{pace}: {row.ft_per_minute} ft a minute, {say(row.miles_per_hour)} miles an hour, "
        f"{say(row.miles_per_day)} a day; {PACE_EFFECTS_52[pace]}.",
    )
    if speeds_ft:
        r.note(
            "Speed",
            "The Travel Pace table doesn't depend on Speed (mode:high-speed travels at "
            "Speed ÷ 10 miles an hour, for a creature with a high Speed for an extended time).",
        )
    return row.miles_per_hour, row.miles_per_day


def _by_speed_52(speeds_ft: tuple[int, ...], pace: str, r: Ruling) -> tuple[Fraction, Fraction]:
    """A high Speed kept up for an extended time: the slowest Speed ÷ 10 miles an hour
    (normal), fast ×1⅓, slow ×⅔; 8 hours a day, rounded down."""
    if not speeds_ft:
        raise InvalidInput(
            "mode:high-speed travels at Speed ÷ 10 miles an hour: give speed: "
            "(the group's Speeds in feet, e.g. speed:60)."
        )
    slowest = min(speeds_ft)
    base = Fraction(slowest, 10)
    factor = PACE_FACTORS_52[pace]
    mph = Fraction(math.floor(base * factor * 100), 100)
    mpd = Fraction(math.floor(base * DAY_HOURS * factor))
    r.sections.append("High Speed")
    r.note(
        "Pace",
        f"High Speed {slowest} ft ÷ 10 = {say(base)} mile{'' if base == 1 else 's'} an hour; "
        f"{pace} ×{factor}: {say(mpd)} miles a day (8 hours). {PACE_EFFECTS_52[pace]}.",
    )
    return mph, mpd


def _mounted_52(pace: str, r: Ruling) -> None:
    """A mounted group may go twice the distance for 1 hour (read: twice its pace's
    hourly distance, once a day)."""
    hour = PACES_52[pace].miles_per_hour
    r.sections.append("Mounts")
    r.note(
        "Mounted",
        f"For 1 hour a day the group can go twice the distance: {say(2 * hour)} miles in "
        f"that hour, {say(PACES_52[pace].miles_per_day + hour)} miles that day.",
    )
    r.extra["mounted_hour_miles"] = float(2 * hour)
    r.extra["mounted_day_miles"] = float(PACES_52[pace].miles_per_day + hour)


def _slow_member_52(speeds_ft: tuple[int, ...], pace: str, r: Ruling) -> str:
    """Anyone at half Speed or less slows the group to a slow pace: a member at half
    the fastest member's Speed or less, or a lone traveler at 15 ft or less."""
    if not speeds_ft or pace == "slow":
        return pace
    slowest, fastest = min(speeds_ft), max(speeds_ft)
    if slowest * 2 <= fastest or slowest <= HALF_WALKING_SPEED_FT:
        r.note("Group", "Someone moves at half Speed or less: the group goes slow.")
        r.extra["slowed_by_member"] = True
        return "slow"
    return pace


def _terrain_pace_52(pace: str, terrains: tuple[str, ...], road: bool, r: Ruling) -> str:
    """The pace wanted, slowed to the fastest the slowest terrain allows (a good road
    raises that a step)."""
    r.sections.append("Travel Terrain")
    allowed = min((MAX_PACE_52[t] for t in terrains), key=PACE_ORDER.index)
    if road and allowed != "fast":
        allowed = PACE_ORDER[PACE_ORDER.index(allowed) + 1]
        r.note("Road", "A good road raises the terrain's fastest pace one step.")
    r.extra["max_pace"] = allowed
    if PACE_ORDER.index(pace) > PACE_ORDER.index(allowed):
        r.note("Terrain", f"{', '.join(terrains)} allows at most a {allowed} pace.")
        return allowed
    return pace


def _finish_52(
    r: Ruling,
    source: Source,
    headline: str,
    rates: tuple[Fraction, Fraction],
    asked: tuple[Fraction | None, Fraction | None, Fraction | None],
    mode: str,
) -> TravelResult:
    (mph, mpd), (distance, days, hours) = rates, asked
    result_days = result_hours = covered = None
    if distance is not None and mpd:
        result_days = float(round(distance / mpd, 2))
        result_hours = float(round(distance / mph, 2)) if mph else None
    elif days is not None:
        covered = float(round(mpd * days, 2))
    elif hours is not None:
        covered = float(round(mph * hours, 2))
    return reckoned(
        r, source, headline, rates, (result_days, result_hours, covered), {"mode": mode}
    )
