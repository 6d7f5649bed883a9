"""Travel pace in the SRDs.

SRD 5.1 (Adventuring › Movement › Travel Pace, Forced March, Mounts and Vehicles):
three paces with fixed rates (fast 400 ft a minute, 4 miles an hour, 30 a day;
normal 300, 3, 24; slow 200, 2, 18), difficult terrain halving the distance, a
forced march past 8 hours calling for Constitution saves, a mount galloping for
about an hour at twice the fast pace, and ships at their own speeds for up to 24
hours a day.

SRD 5.2's travel is in `travel52` (it shares this module's pieces).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from bot.errors import InvalidInput
from bot.names import Vocabulary
from bot.rules.rulings import JSONValue, Note, Source, TravelRequest, TravelResult
from bot.units import miles_word

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
class Ruling:
    notes: list[Note] = field(default_factory=list)
    sections: list[str] = field(default_factory=lambda: ["Travel Pace"])
    extra: dict[str, str | int | float | bool | None] = field(default_factory=dict)

    def note(self, label: str, text: str) -> None:
        self.notes.append(Note(label, text))


def say(value: Fraction) -> str:
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def check(name: str, value: float | None, limit: float) -> Fraction | None:
    if value is None:
        return None
    if not 0 < value <= limit:
        raise InvalidInput(f"{name}: give a number above 0 and at most {limit:,}.")
    return Fraction(value).limit_denominator(1000)


def travel_51(request: TravelRequest, source: Source) -> TravelResult:
    """SRD 5.1's travel pace for a party on foot, a galloping mount or a ship."""
    r = Ruling()
    distance = check("distance", request.distance_miles, MAX_MILES)
    days = check("days", request.days, 10_000)
    hours = check("hours", request.hours, 24 * 10_000)
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
        headline = miles_word(say(distance)) + (f" of {', '.join(terrains)}" if terrains else "")
    elif days is not None:
        covered = float(round(mpd * days, 2))
    elif hours is not None:
        covered = float(round(mph * hours, 2))
        _march_51(hours, mode, r)
    note_unused(request, r)
    return reckoned(
        r,
        source,
        headline,
        (mph, mpd),
        (result_days, result_hours, covered),
        {"mode": mode, "day_hours": day_hours},
    )


def reckoned(
    r: Ruling,
    source: Source,
    headline: str,
    rates: tuple[Fraction, Fraction],
    answers: tuple[float | None, float | None, float | None],
    extra: dict[str, JSONValue],
) -> TravelResult:
    """A /travel reply from its rates (miles an hour, a day) and what was asked: the
    days and hours a distance takes, or the miles covered (SRD 5.1 and 5.2 alike)."""
    (mph, mpd), (days, hours, covered) = rates, answers
    return TravelResult(
        miles_per_day=float(round(mpd, 2)),
        miles_per_hour=float(round(mph, 2)),
        source=Source(source.ruleset, source.document, tuple(r.sections), source.seed_file),
        headline=headline,
        days=days,
        hours=hours,
        covered_miles=covered,
        notes=tuple(r.notes),
        extra={**r.extra, **extra},
    )


def _march_51(hours: Fraction, mode: str, r: Ruling) -> None:
    """SRD 5.1 Forced March for travelers on foot or mounted; a ship's passengers
    aren't marching, so they make no saves."""
    if mode not in SHIPS_51:
        forced_march(hours, r)
    elif hours > DAY_HOURS:
        r.note("Forced march", "Aboard a ship nobody marches: no Constitution saves.")


def _ship_51(mode: str, request: TravelRequest, r: Ruling) -> tuple[Fraction, Fraction, str]:
    """SRD 5.1 Mounts and Vehicles: a ship's own speed, 24 hours a day with a full crew.
    Miles an hour, miles a day and the headline."""
    mph = SHIPS_51[mode]
    r.sections = ["Mounts and Vehicles"]
    r.note(
        "Ship",
        f"{say(mph)} miles an hour; with a full crew it sails {SHIP_HOURS} hours a day "
        f"({say(mph * SHIP_HOURS)} miles).",
    )
    if request.pace is not None:
        r.note("Pace", "A ship keeps its own speed: pace doesn't apply.")
    return mph, mph * SHIP_HOURS, f"A {mode.replace('-', ' ')}"


def _pace_51(mode: str, pace_name: str, r: Ruling) -> tuple[Fraction, Fraction, str]:
    """SRD 5.1 Travel Pace on foot or mounted (a mount may gallop for about an hour).
    Miles an hour, miles a day and the headline."""
    pace = PACES_51[pace_name]
    r.note(
        "Pace",
        f"{pace_name}: {pace.ft_per_minute} ft a minute, {say(pace.miles_per_hour)} miles "
        f"an hour, {say(pace.miles_per_day)} a day; {pace.effect}.",
    )
    r.extra["pace"] = pace_name
    if mode == "mount":
        r.sections.append("Mounts and Vehicles")
        r.note(
            "Gallop",
            f"A mount can gallop for about an hour at twice the fast pace "
            f"({say(2 * PACES_51['fast'].miles_per_hour)} miles an hour); a fresh mount "
            "every 8 to 10 miles keeps the pace up.",
        )
    headline = f"{pace_name.capitalize()} pace" + (" mounted" if mode == "mount" else "")
    return pace.miles_per_hour, pace.miles_per_day, headline


def _difficult_51(
    difficult: list[str], mph: Fraction, mpd: Fraction, r: Ruling
) -> tuple[Fraction, Fraction]:
    """SRD 5.1 Difficult Terrain: half the distance (an hour's and a day's)."""
    mph, mpd = mph / 2, mpd / 2
    r.sections.append("Difficult Terrain")
    r.note(
        "Terrain",
        f"{', '.join(difficult)}: difficult terrain, half the distance ({say(mph)} miles an hour).",
    )
    r.extra["difficult_terrain"] = True
    return mph, mpd


def note_unused(request: TravelRequest, r: Ruling) -> None:
    """Options other rulesets' travel reads and the SRDs' has no rule for."""
    if request.forage or request.guide or request.lost_check:
        r.note("Not used", "forage, guide and lost_check: the SRD's travel pace has no such rule.")
    if request.constitution is not None or request.exerting:
        r.note("Not used", "constitution and exerting: they are for becmi's swimming and drowning.")


def forced_march(
    hours: Fraction,
    r: Ruling,
    *,
    section: str = "Forced March",
    key: str = "forced_march_dcs",
    level: str = "one level of exhaustion",
) -> None:
    """SRD 5.1 Forced March (SRD 5.2 Extended Travel): past 8 hours a day, a
    Constitution save at the end of each hour, DC 10 + 1 per hour past 8; failing it,
    a level of exhaustion."""
    if hours <= DAY_HOURS:
        return
    extra = math.ceil(hours - DAY_HOURS)
    dcs = [FORCED_MARCH_DC + n for n in range(1, extra + 1)]
    r.sections.append(section)
    r.note(
        section.capitalize(),
        f"{extra} hour{'' if extra == 1 else 's'} past {DAY_HOURS}: a Constitution saving "
        "throw at the end of each, "
        f"DC {', '.join(str(d) for d in dcs)}; on a failure, {level}.",
    )
    r.extra[key] = ", ".join(str(d) for d in dcs)
