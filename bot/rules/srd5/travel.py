"""Travel pace in the SRDs.

SRD 5.1 (Adventuring › Movement › Travel Pace, Forced March, Mounts and Vehicles):
three paces with fixed rates (fast 400 ft a minute, 4 miles an hour, 30 a day;
normal 300, 3, 24; slow 200, 2, 18), difficult terrain halving the distance, a
forced march past 8 hours calling for Constitution saves, a mount galloping for
about an hour at twice the fast pace, and ships at their own speeds for up to 24
hours a day.

SRD 5.2 (Rules Glossary › Travel Pace): a pace scales the slowest Speed (miles an
hour = Speed ÷ 10, a day is 8 hours; fast ×1⅓, slow ×⅔, rounded down), each terrain
sets the fastest pace it allows (a road raises it a step), and a group with anyone
at half Speed or less goes slow.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from bot.errors import InvalidInput
from bot.names import Vocabulary
from bot.rules.rulings import Note, Source, TravelRequest, TravelResult

MAX_MILES = 100_000
DAY_HOURS = 8
FORCED_MARCH_DC = 10


@dataclass(frozen=True)
class Pace:
    ft_per_minute: int
    miles_per_hour: Fraction
    miles_per_day: Fraction
    effect: str


PACES_51: Mapping[str, Pace] = {
    "fast": Pace(400, Fraction(4), Fraction(30), "−5 to passive Wisdom (Perception) scores"),
    "normal": Pace(300, Fraction(3), Fraction(24), "no effect"),
    "slow": Pace(200, Fraction(2), Fraction(18), "able to use stealth"),
}
PACE_NAMES = Vocabulary(
    "pace", {"fast": ("quick", "hurried"), "normal": ("walk", "walking"), "slow": ("careful",)}
)
# SRD 5.1 Mounts and Vehicles: waterborne vehicles' speeds (miles an hour).
SHIPS_51: Mapping[str, Fraction] = {
    "galley": Fraction(4),
    "keelboat": Fraction(1),
    "longship": Fraction(3),
    "rowboat": Fraction(3, 2),
    "sailing-ship": Fraction(2),
    "warship": Fraction(5, 2),
}
SHIP_HOURS = 24
MODE_NAMES_51 = Vocabulary(
    "mode",
    {
        "foot": ("walking", "on-foot", "party"),
        "mount": ("riding", "horse", "mounted", "riding-horse"),
        **{ship: () for ship in SHIPS_51},
    },
)
# SRD 5.1: "dense forests, deep swamps, rubble-filled ruins, steep mountains, and
# ice-covered ground"; anything else named is open ground.
DIFFICULT_TERRAIN = frozenset({"difficult", "forest", "swamp", "ruins", "mountains", "ice"})
TERRAIN_NAMES_51 = Vocabulary(
    "terrain",
    {
        "open": ("clear", "plains", "grassland", "road", "normal"),
        "difficult": ("difficult-terrain",),
        "forest": ("dense-forest", "woods", "jungle"),
        "swamp": ("deep-swamp", "marsh", "bog"),
        "ruins": ("rubble",),
        "mountains": ("steep-mountains", "mountain"),
        "ice": ("ice-covered", "arctic"),
    },
)
TRAVEL_NAMES_51: Mapping[str, Vocabulary] = {
    "mode": MODE_NAMES_51,
    "terrain": TERRAIN_NAMES_51,
    "pace": PACE_NAMES,
}


@dataclass
class _Ruling:
    notes: list[Note] = field(default_factory=list)
    sections: list[str] = field(default_factory=lambda: ["Travel Pace"])
    extra: dict[str, str | int | float | bool | None] = field(default_factory=dict)

    def note(self, label: str, text: str) -> None:
        self.notes.append(Note(label, text))


def _say(value: Fraction) -> str:
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def _check(name: str, value: float | None, limit: float) -> Fraction | None:
    if value is None:
        return None
    if not 0 < value <= limit:
        raise InvalidInput(f"{name}: give a number above 0 and at most {limit:,}.")
    return Fraction(value).limit_denominator(1000)


def travel_51(request: TravelRequest, source: Source) -> TravelResult:
    """SRD 5.1's travel pace for a party on foot, a galloping mount or a ship."""
    r = _Ruling()
    distance = _check("distance", request.distance_miles, MAX_MILES)
    days = _check("days", request.days, 10_000)
    hours = _check("hours", request.hours, 24 * 10_000)
    mode = "foot" if request.mode is None else MODE_NAMES_51.match(request.mode)
    pace_name = "normal" if request.pace is None else PACE_NAMES.match(request.pace)
    terrains = tuple(dict.fromkeys(TERRAIN_NAMES_51.match(t) for t in request.terrain))
    if request.speeds_ft:
        r.note("Speed", "The SRD 5.1 travel pace doesn't depend on Speed: the pace sets it.")
    if mode in SHIPS_51:
        mph, mpd, headline = _ship_51(mode, request, r)
        day_hours = SHIP_HOURS
    else:
        mph, mpd, headline = _pace_51(mode, pace_name, r)
        day_hours = DAY_HOURS
        difficult = [t for t in terrains if t in DIFFICULT_TERRAIN]
        if difficult:
            mph, mpd = _difficult_51(difficult, mph, mpd, r)
    result_days: float | None = None
    result_hours: float | None = None
    covered: float | None = None
    if distance is not None:
        result_hours = float(round(distance / mph, 2))
        result_days = float(round(distance / mpd, 2))
        headline = f"{_say(distance)} miles" + (f" of {', '.join(terrains)}" if terrains else "")
    elif days is not None:
        covered = float(round(mpd * days, 2))
    elif hours is not None:
        covered = float(round(mph * hours, 2))
        _forced_march(hours, r)
    _note_unused(request, r)
    return TravelResult(
        miles_per_day=float(round(mpd, 2)),
        miles_per_hour=float(round(mph, 2)),
        source=Source(source.ruleset, source.document, tuple(r.sections), source.seed_file),
        headline=headline,
        days=result_days,
        hours=result_hours,
        covered_miles=covered,
        notes=tuple(r.notes),
        extra={**r.extra, "mode": mode, "day_hours": day_hours},
    )


def _ship_51(mode: str, request: TravelRequest, r: _Ruling) -> tuple[Fraction, Fraction, str]:
    """SRD 5.1 Mounts and Vehicles: a ship's own speed, 24 hours a day with a full crew.
    Miles an hour, miles a day and the headline."""
    mph = SHIPS_51[mode]
    r.sections = ["Mounts and Vehicles"]
    r.note(
        "Ship",
        f"{_say(mph)} miles an hour; with a full crew it sails {SHIP_HOURS} hours a day "
        f"({_say(mph * SHIP_HOURS)} miles).",
    )
    if request.pace is not None:
        r.note("Pace", "A ship keeps its own speed: pace doesn't apply.")
    return mph, mph * SHIP_HOURS, f"A {mode.replace('-', ' ')}"


def _pace_51(mode: str, pace_name: str, r: _Ruling) -> tuple[Fraction, Fraction, str]:
    """SRD 5.1 Travel Pace on foot or mounted (a mount may gallop for about an hour).
    Miles an hour, miles a day and the headline."""
    pace = PACES_51[pace_name]
    r.note(
        "Pace",
        f"{pace_name}: {pace.ft_per_minute} ft a minute, {_say(pace.miles_per_hour)} miles "
        f"an hour, {_say(pace.miles_per_day)} a day; {pace.effect}.",
    )
    r.extra["pace"] = pace_name
    if mode == "mount":
        r.sections.append("Mounts and Vehicles")
        r.note(
            "Gallop",
            f"A mount can gallop for about an hour at twice the fast pace "
            f"({_say(2 * PACES_51['fast'].miles_per_hour)} miles an hour); a fresh mount "
            "every 8 to 10 miles keeps the pace up.",
        )
    headline = f"{pace_name.capitalize()} pace" + (" mounted" if mode == "mount" else "")
    return pace.miles_per_hour, pace.miles_per_day, headline


def _difficult_51(
    difficult: list[str], mph: Fraction, mpd: Fraction, r: _Ruling
) -> tuple[Fraction, Fraction]:
    """SRD 5.1 Difficult Terrain: half the distance (an hour's and a day's)."""
    mph, mpd = mph / 2, mpd / 2
    r.sections.append("Difficult Terrain")
    r.note(
        "Terrain",
        f"{', '.join(difficult)}: difficult terrain, half the distance "
        f"({_say(mph)} miles an hour).",
    )
    r.extra["difficult_terrain"] = True
    return mph, mpd


def _note_unused(request: TravelRequest, r: _Ruling) -> None:
    """Options other rulesets' travel reads and the SRDs' has no rule for."""
    if request.forage or request.guide or request.lost_check:
        r.note("Not used", "forage, guide and lost_check: the SRD's travel pace has no such rule.")
    if request.constitution is not None or request.exerting:
        r.note("Not used", "constitution and exerting: they are for becmi's swimming and drowning.")


def _forced_march(hours: Fraction, r: _Ruling) -> None:
    """SRD 5.1 Forced March: past 8 hours a day, a Constitution save at the end of each
    hour, DC 10 + 1 per hour past 8; failing it, a level of exhaustion."""
    if hours <= DAY_HOURS:
        return
    extra = math.ceil(hours - DAY_HOURS)
    dcs = [FORCED_MARCH_DC + n for n in range(1, extra + 1)]
    r.sections.append("Forced March")
    r.note(
        "Forced march",
        f"{extra} hour{'' if extra == 1 else 's'} past {DAY_HOURS}: a Constitution saving "
        "throw at the end of each, "
        f"DC {', '.join(str(d) for d in dcs)}; on a failure, one level of exhaustion.",
    )
    r.extra["forced_march_dcs"] = ", ".join(str(d) for d in dcs)


# ------------------------------------------------------------------ SRD 5.2

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
# The fastest pace each terrain allows (SRD 5.2 Travel Pace table).
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
MODE_NAMES_52 = Vocabulary(
    "mode",
    {
        "foot": ("walking", "on-foot", "party"),
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


def travel_52(
    request: TravelRequest, source: Source, *, default_speed_ft: int = 30
) -> TravelResult:
    """SRD 5.2's travel pace: the slowest Speed ÷ 10 miles an hour, scaled by pace and
    capped by the terrain's fastest pace."""
    r = _Ruling()
    distance = _check("distance", request.distance_miles, MAX_MILES)
    days = _check("days", request.days, 10_000)
    hours = _check("hours", request.hours, 24 * 10_000)
    mode = "foot" if request.mode is None else MODE_NAMES_52.match(request.mode)
    terrains = tuple(dict.fromkeys(TERRAIN_NAMES_52.match(t) for t in request.terrain))
    road = request.road is not None and ROAD_NAMES_52.match(request.road) == "road"
    if mode in SHIPS_51 or mode == "airship":
        mph = AIRSHIP_MPH if mode == "airship" else SHIPS_51[mode]
        r.sections = ["Vehicles"]
        headline = f"A {mode.replace('-', ' ')}"
        r.note("Vessel", f"{_say(mph)} miles an hour, {SHIP_HOURS} hours a day with a crew.")
        mpd = mph * SHIP_HOURS
    else:
        mph, mpd, headline = _on_foot_52(request, terrains, road, default_speed_ft, r)
    if distance is not None:
        headline = f"{_say(distance)} miles"
    return _finish_52(request, r, source, headline, mph, mpd, distance, days, hours, mode)


def _on_foot_52(
    request: TravelRequest,
    terrains: tuple[str, ...],
    road: bool,
    default_speed_ft: int,
    r: _Ruling,
) -> tuple[Fraction, Fraction, str]:
    """SRD 5.2 Travel Pace for a group on foot: its slowest Speed ÷ 10 miles an hour,
    scaled by the pace the terrain and the group allow. Miles an hour, miles a day (8
    hours) and the headline."""
    speeds = request.speeds_ft or (default_speed_ft,)
    slowest = min(speeds)
    wanted = "normal" if request.pace is None else PACE_NAMES.match(request.pace)
    pace = _terrain_pace_52(wanted, terrains, road, r) if terrains else wanted
    fastest = max(speeds)
    if len(speeds) > 1 and slowest * 2 <= fastest and pace != "slow":
        r.note("Group", "Someone moves at half the group's Speed or less: the group goes slow.")
        pace = "slow"
    base = Fraction(slowest, 10)
    mph = Fraction(math.floor(base * PACE_FACTORS_52[pace] * 100), 100)
    mpd = Fraction(math.floor(base * DAY_HOURS * PACE_FACTORS_52[pace]))
    r.note(
        "Pace",
        f"Speed {slowest} ft ÷ 10 = {_say(base)} mile{'' if base == 1 else 's'} an hour; "
        f"{pace} ×"
        f"{PACE_FACTORS_52[pace]}: {_say(mpd)} miles a day (8 hours). "
        f"{PACE_EFFECTS_52[pace]}.",
    )
    r.extra["pace"] = pace
    return mph, mpd, f"{pace.capitalize()} pace"


def _terrain_pace_52(pace: str, terrains: tuple[str, ...], road: bool, r: _Ruling) -> str:
    """The pace wanted, slowed to the fastest the slowest terrain allows (a good road
    raises that a step)."""
    allowed = min((MAX_PACE_52[t] for t in terrains), key=PACE_ORDER.index)
    if road and allowed != "fast":
        allowed = PACE_ORDER[PACE_ORDER.index(allowed) + 1]
        r.note("Road", "A good road raises the terrain's fastest pace one step.")
    if PACE_ORDER.index(pace) > PACE_ORDER.index(allowed):
        r.note("Terrain", f"{', '.join(terrains)} allows at most a {allowed} pace.")
        return allowed
    return pace


def _finish_52(
    request: TravelRequest,
    r: _Ruling,
    source: Source,
    headline: str,
    mph: Fraction,
    mpd: Fraction,
    distance: Fraction | None,
    days: Fraction | None,
    hours: Fraction | None,
    mode: str,
) -> TravelResult:
    result_days = result_hours = covered = None
    if distance is not None and mpd:
        result_days = float(round(distance / mpd, 2))
        result_hours = float(round(distance / mph, 2)) if mph else None
    elif days is not None:
        covered = float(round(mpd * days, 2))
    elif hours is not None:
        covered = float(round(mph * hours, 2))
    return TravelResult(
        miles_per_day=float(round(mpd, 2)),
        miles_per_hour=float(round(mph, 2)),
        source=Source(source.ruleset, source.document, tuple(r.sections), source.seed_file),
        headline=headline,
        days=result_days,
        hours=result_hours,
        covered_miles=covered,
        notes=tuple(r.notes),
        extra={**r.extra, "mode": mode},
    )
