"""What a ruling is: the calculators' requests and results, its notes and its source.

Requests are the options a user gave, already typed (names still as the user
wrote them: each ruleset matches them against its own vocabulary). Results are
plain data; ``bot.handlers`` turns them into replies. A ruleset never formats
an embed, and never touches Discord, the database or images.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from bot.dice import Roll

if TYPE_CHECKING:
    from bot.rules.move_rulings import ActionLimit as ActionLimit
    from bot.rules.move_rulings import BoardFlanks as BoardFlanks
    from bot.rules.move_rulings import Flank as Flank
    from bot.rules.move_rulings import Flanked as Flanked
    from bot.rules.move_rulings import MoveRefused as MoveRefused
    from bot.rules.move_rulings import Refusal as Refusal
    from bot.rules.move_rulings import RefusalReason as RefusalReason

JSONValue = str | int | float | bool | None | list["JSONValue"] | dict[str, "JSONValue"]


@dataclass(frozen=True)
class Source:
    """Where a ruling comes from: a seed document and its sections.

    ``borrowed`` names a rule taken from outside the seeds (the 3.5 SRD, say)
    where the seed is silent; replies always say so.
    """

    ruleset: str
    document: str
    sections: tuple[str, ...]
    seed_file: str = ""
    borrowed: str = ""

    def cite(self) -> str:
        where = f"{self.document} › {', '.join(self.sections)}" if self.sections else self.document
        text = f"{self.ruleset} · {where}"
        if self.borrowed:
            text += f" · borrowed: {self.borrowed}"
        return text


@dataclass(frozen=True)
class Note:
    """One explained step of a ruling, in the game's words (a reply field)."""

    label: str
    text: str
    # the whole working, for a user who asks (explain:true); text stays short
    detail: str = ""


# --------------------------------------------------------------------- fall

FallInto = Literal["ground", "water", "creature"]
Surface = Literal["normal", "soft", "stone", "jagged"]


@dataclass(frozen=True)
class FallRequest:
    height_ft: int
    into: FallInto = "ground"
    water_depth_ft: int | None = None
    intentional: bool = False
    check: int | None = None
    surface: Surface = "normal"
    jumped_down_ft: int = 0
    size: str | None = None  # of the creature landed on
    faller_size: str | None = None
    save: int | None = None  # the landed-on creature's saving throw total
    object_size: str | None = None  # a falling object hitting a creature
    object_light: bool = False  # made of light material (wood) rather than stone
    collision_speed_ft: int | None = None
    difficult_terrain: bool = False  # lands in difficult terrain


@dataclass(frozen=True)
class FallResult:
    """What a fall does. ``lethal`` and ``nonlethal`` are the rolled dice.

    ``damage`` is the lethal damage the faller takes after everything resolved
    (e.g. halved on landing on a creature); ``dcs`` holds every DC that applies
    under its JSON name (``prone_dc``, ``save_dc``, ``reflex_dc``, ...).
    """

    height_ft: int
    counted_ft: int
    lethal: Roll
    nonlethal: Roll
    damage: int
    nonlethal_damage: int
    source: Source
    headline: str  # "Falls 60 ft" / "Hit by a falling Huge object" / "Collision at 80 ft"
    damage_type: str = "bludgeoning"
    dcs: Mapping[str, int] = field(default_factory=dict)
    prone: bool | None = None  # None: decided by a check not given
    notes: tuple[Note, ...] = ()
    extra: Mapping[str, JSONValue] = field(default_factory=dict)


# --------------------------------------------------------------------- jump


@dataclass(frozen=True)
class JumpRequest:
    size: str | None = None
    check: int | None = None
    run_up_ft: int | None = None
    movement_ft: int | None = None
    speed_ft: int | None = None
    units: bool = False
    distance_ft: int | None = None
    height_ft: int | None = None
    difficult_terrain: bool = False
    strength: int | None = None  # the Strength score (the SRD rulesets jump by it)


@dataclass(frozen=True)
class JumpResult:
    """How far a jump can go; ``dc`` is the check that decides, where one does.

    ``max_horizontal_ft`` / ``max_vertical_ft`` are None where the ruleset has
    no jump rule (becmi), or where its numbers need what wasn't given: then ``stated``
    says the rule in words (the SRDs' jump without a Strength score). ``clears``
    answers an asked distance or height.
    """

    max_horizontal_ft: float | None
    max_vertical_ft: float | None
    dc: int | None
    source: Source
    clears: bool | None = None
    notes: tuple[Note, ...] = ()
    extra: Mapping[str, JSONValue] = field(default_factory=dict)
    stated: str = ""


# ------------------------------------------------------------------- travel


@dataclass(frozen=True)
class TravelRequest:
    speeds_ft: tuple[int, ...] = ()
    mode: str | None = None
    terrain: tuple[str, ...] = ()
    road: str | None = None
    distance_miles: float | None = None
    days: float | None = None
    hours: float | None = None
    pace: str | None = None
    encumbrance_cn: int | None = None
    load: str | None = None
    mount_load_lb: int | None = None
    forage: bool = False
    guide: bool = False
    river: bool = False
    ship_speed_miles: float | None = None
    sea: bool = False
    weather: bool = False  # roll the day's weather (becmi ships)
    lost_check: bool = False  # roll the day's 1d6 for getting lost (becmi)
    outdoors: bool = False  # becmi exploring: normal speed read in yards
    constitution: int | None = None  # becmi swimming: the swimmer's score, for drowning
    exerting: bool = False  # becmi swimming: fighting, panicking (breath held half as long)


@dataclass(frozen=True)
class TravelResult:
    """Overland rates and what they mean for the asked distance or time.

    ``days`` and ``hours`` are the time to cover ``distance_miles`` when one
    was asked; ``covered_miles`` is the distance covered in the asked days or
    hours. ``private_notes`` and ``private_rolls`` are for the GM only (the
    becmi lost check is the GM's secret); public replies never show them.
    """

    miles_per_day: float | None
    miles_per_hour: float | None
    source: Source
    headline: str  # "60 miles of forest" / "On foot through hills"
    days: float | None = None
    hours: float | None = None
    covered_miles: float | None = None
    rest_days: int | None = None
    lost_chance: Fraction | None = None
    notes: tuple[Note, ...] = ()
    private_notes: tuple[Note, ...] = ()
    rolls: tuple[Roll, ...] = ()
    private_rolls: tuple[Roll, ...] = ()  # secret rolls: shown with private_notes only
    extra: Mapping[str, JSONValue] = field(default_factory=dict)


Ruling = TypeVar("Ruling", FallResult, JumpResult, TravelResult)


def borrowed(result: Ruling, text: str) -> Ruling:
    """``result`` with a leading "Borrowed" note: where a rule comes from outside the
    ruleset's seeds, the reply says so before anything else."""
    return replace(result, notes=(Note("Borrowed", text), *result.notes))


# A /move's refusal and flanks (move_rulings.py), read from here too: loaded when first
# asked for, so the calculators never pay for them.
_MOVE_RULINGS = frozenset(
    {"ActionLimit", "BoardFlanks", "Flank", "Flanked", "MoveRefused", "Refusal", "RefusalReason"}
)


if not TYPE_CHECKING:  # mypy reads the imports above; an unknown name stays an error

    def __getattr__(name: str) -> Any:
        if name in _MOVE_RULINGS:
            from bot.rules import move_rulings

            return getattr(move_rulings, name)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
