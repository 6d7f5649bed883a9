"""What a ruling is: the calculators' requests and results, its notes and its source.

Requests are the options a user gave, already typed (names still as the user
wrote them: each ruleset matches them against its own vocabulary). Results are
plain data; ``bot.handlers`` turns them into replies. A ruleset never formats
an embed, and never touches Discord, the database or images.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction
from typing import Literal, TypeVar

from bot.dice import Roll
from bot.errors import IllegalMove
from bot.grid.coords import Cell

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


@dataclass(frozen=True)
class Flank:
    """Whether two creatures flank a third (/flank, and the note after a /move).

    ``line`` is the flanking line in squares (the top-left corner of A1 is (0, 0)),
    for a picture; None for an internal flank or none at all."""

    flanks: bool
    why: str  # in the game's words: how they flank, or what stops it
    source: Source
    line: tuple[tuple[float, float], tuple[float, float]] | None = None
    internal: bool = False


@dataclass(frozen=True)
class Flanked:
    """A creature and the pairs of its foes that flank it (/map flanks:true), by name,
    in the board's order; ``squares``: its space."""

    target: str
    by: tuple[tuple[str, str], ...]
    squares: tuple[Cell, ...]


@dataclass(frozen=True)
class BoardFlanks:
    """Every flank on the board; ``complete`` False when the work stopped at its bound
    (too many creatures threatening one another) with what it had found."""

    flanked: tuple[Flanked, ...]
    complete: bool = True


# ----------------------------------------------------------------- refusal


class RefusalReason(Enum):
    """What stops a move, as a player would ask it: too far, or blocked (and by what)."""

    TOO_FAR = "too far"
    NO_MOVEMENT_LEFT = "no movement left"
    BLOCKED_BY_CREATURE = "blocked by a creature"
    BLOCKED_BY_WALL = "blocked by a wall or door"
    BLOCKED_BY_CORNER = "blocked by a corner"
    BLOCKED_BY_TERRAIN = "blocked by terrain"
    RULE_FORBIDS = "a rule forbids the step"  # the ruleset's own step rule (a condition, a mode)
    CANNOT_END_THERE = "can't end there"
    ACTION_LIMIT = "not how this action moves"  # one square, a straight line, unhampered
    WALLED_IN = "walled in"
    NO_PATH = "no path"


# How an action's own limit stops it (with ACTION_LIMIT, or a blocked single square).
ActionLimit = Literal["", "one-square", "straight", "unhampered", "shortest-path", "min-distance"]


@dataclass(frozen=True)
class Refusal:
    """Why a move can't be made, as data: the handler writes the words.

    ``at`` is the square where the move is stopped and ``blocker`` what stands there
    (a creature's name, a terrain, "wall", "closed door"); ``rule`` is the step
    check's own account of it. ``cost_ft`` is what the cheapest way costs (a lower
    bound with ``at_least``) against the ``allowed_ft`` the action gives. With
    TOO_FAR, a set ``at`` means the shorter way there is blocked. ``nearest`` is
    the nearest square the token can reach instead, ``bigger_action`` the action
    that would reach the goal (with ``bigger_ft`` of movement).
    """

    reason: RefusalReason
    token: str
    goal: Cell
    start: Cell
    source: Source
    action: str = ""
    at: Cell | None = None
    step_to: Cell | None = None  # the square the refused step enters (``at`` may be a corner)
    blocker: str = ""
    # what kind of thing blocks: "creature", "door", "wall", "corner", "rule", "terrain"
    blocked_by: str = ""
    door: tuple[Cell, Cell] | None = None  # a closed door /door opens: its edge
    door_from: Cell | None = None  # the square on the way from which the token opens it
    rule: str = ""
    at_goal: bool = False  # the goal square itself is what is refused
    cost_ft: float | None = None
    at_least: bool = False
    blocked_cost_ft: float | None = None  # the shorter, blocked way (TOO_FAR with ``at``)
    allowed_ft: float | None = None
    limit: ActionLimit = ""
    five_foot_step: bool = False
    step_rule: str = ""  # the ruleset's name for its free step ("5-foot step")
    shortest_ft: float | None = None  # a charge's shortest path
    min_ft: float | None = None  # how far the action must go (min-distance)
    nearest: Cell | None = None
    nearest_cost_ft: float | None = None
    bigger_action: str = ""
    bigger_ft: float | None = None
    used_ft: float | None = None  # NO_MOVEMENT_LEFT: spent of gained this turn
    gained_ft: float | None = None
    more_action: str = ""  # NO_MOVEMENT_LEFT: the action that gains more (dash)
    pocket: tuple[Cell, ...] = ()  # WALLED_IN: the goal and the squares shut in with it
    # TOO_FAR: the mover's condition that priced the way (prone's crawl, Slowed), and
    # what the way costs and the action allows without it
    priced_by: str = ""
    unpriced_cost_ft: float | None = None
    unpriced_allowed_ft: float | None = None
    group_rate: tuple[str, float] | None = None  # a group move: (slowest member, its rate)


class MoveRefused(IllegalMove):
    """An illegal move with its :class:`Refusal`; the handler lays it out. The message
    is only a terse stand-in for callers that print the exception as it is."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(f"{refusal.token} can't reach {refusal.goal}: {refusal.reason.value}.")
        self.refusal = refusal


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
    no jump rule (becmi). ``clears`` answers an asked distance or height.
    """

    max_horizontal_ft: float | None
    max_vertical_ft: float | None
    dc: int | None
    source: Source
    clears: bool | None = None
    notes: tuple[Note, ...] = ()
    extra: Mapping[str, JSONValue] = field(default_factory=dict)


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
