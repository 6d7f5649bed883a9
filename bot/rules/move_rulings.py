"""What a /move's refusal and a flank are, as data (the handlers write the words): apart
from ``rulings.py`` so that a calculator (/fall, /jump, /travel) loads neither; the
names stay importable from ``bot.rules.rulings``, loaded on first use there."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Literal

from bot.errors import IllegalMove
from bot.grid.coords import Cell
from bot.rules.rulings import Source

# what a pit's refusal adds for /move; a shell with its own way to jump leaves it out
JUMP_OVER_PIT = "; to jump over it, add jump:<the square to land on>"


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
