"""What a ruleset is asked about tokens on a grid, and what it answers.

``TokenSpec`` is what a user typed for a token's movement (``/token add``);
the ruleset checks it and returns the fields to store. ``TokenMovement`` is
what the token can do right now under the ruleset (race, armor, load and
bonuses applied). ``MoveRequest`` / ``MoveResult`` are one ``/move``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from bot.encounter import Activity, Encounter, Token
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.limits import MAX_SPEED_FT as MAX_SPEED_FT
from bot.rules.calculators import parse_plain_speed as parse_plain_speed
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.displacement import Displacement
from bot.rules.rulings import JSONValue, Note, Source
from bot.state import StateValue, text

MODES: tuple[str, ...] = ("walk", "fly", "swim", "climb", "burrow")
# What /move's mode: offers: the speeds, and teleporting where a ruleset has it.
MOVE_MODES: tuple[str, ...] = (*MODES, "teleport")


@dataclass(frozen=True)
class TokenSpec:
    """A token's movement as the user gave it; None means "not given"."""

    size: Size = Size.MEDIUM
    speed: str | None = None  # "30", "30 ft", "120' (40')", "40 ft., fly 80 ft."
    fly_ft: int | None = None
    swim_ft: int | None = None
    climb_ft: int | None = None
    burrow_ft: int | None = None
    hover: bool | None = None
    # the ruleset's own options given (race, armor, load...: its ``token_options``)
    options: Mapping[str, Any] = field(default_factory=dict)
    # what the token keeps now (an edit; empty for a new token): the options not given
    current: Mapping[str, StateValue] = field(default_factory=dict)


@dataclass(frozen=True)
class TokenFields:
    """Checked values to store on a ``Token`` (only those the spec gave): ``values``
    are its shared fields, ``state`` the ruleset's own (a None clears one)."""

    values: Mapping[str, Any]
    notes: tuple[Note, ...] = ()
    state: Mapping[str, StateValue | None] = field(default_factory=dict)

    def apply(self, token: Token) -> Token:
        """``token`` with these values and state set."""
        return replace(token, **self.values).with_state(**self.state)


@dataclass(frozen=True)
class TokenMovement:
    """A token's movement now: effective speed per mode, and why."""

    speed_ft: int  # walk / land speed (5e-alt: the single Speed)
    speeds_ft: Mapping[str, int]  # every mode it has, walk included
    hover: bool
    notes: tuple[Note, ...] = ()
    traits: Mapping[str, str] = field(default_factory=dict)  # 5e-alt speed modifiers

    def describe(self) -> str:
        """``30 ft, fly 60 ft``; with 5e-alt's one Speed and its modifiers,
        ``60 ft: fly; walk, climb at Half Speed``."""
        hover = " (hover)" if self.hover else ""
        if self.traits:
            return f"{self.speed_ft} ft: {_by_trait(self.traits)}{hover}"
        parts = [f"{self.speeds_ft.get('walk', self.speed_ft)} ft"]
        parts += [f"{m} {v} ft" for m, v in self.speeds_ft.items() if m != "walk"]
        return ", ".join(parts) + hover


# 000 Step 3's traits as a token line names them
_TRAIT_NAMES = {
    "half": "Half Speed",
    "one-third": "One-Third Speed",
    "less-than-one-third": "Less Than One-Third Speed",
}


def _by_trait(traits: Mapping[str, str]) -> str:
    """``fly; walk, climb at Half Speed``: the moves at full Speed first, then by trait."""
    groups: dict[str, list[str]] = {}
    for mode, trait in traits.items():
        groups.setdefault(trait, []).append(mode)
    parts = [", ".join(groups.pop("none"))] if "none" in groups else []
    parts += [f"{', '.join(modes)} at {_TRAIT_NAMES.get(t, t)}" for t, modes in groups.items()]
    return "; ".join(parts)


@dataclass(frozen=True)
class SpecialPart:
    """The special move a request asks for (a bull rush, a drag, mounting...), as its
    mechanism reads it: a request carries one at most, so two can't be asked together.
    Each is a frozen dataclass in its mechanism's module (``engine/specials/``)."""

    special: ClassVar[str]  # the special move's registered name

    @property
    def keeps_action(self) -> bool:
        """Whether /move's ``action:`` is still the ruleset's action (False: the word
        named this move itself, as ``action:bull-rush`` does)."""
        return True

    def moved_along(self) -> tuple[str, ...]:
        """The tokens, by name, the move takes along with the mover (a dragged foe)."""
        return ()


@dataclass(frozen=True)
class MoveRequest:
    """One /move as asked: the common part every move has, and what makes it one kind
    of move of the registry (``engine/specials/``): ``forced``, ``group``, ``ready``,
    or a special part (``special``); none of them, a walk."""

    token: str
    to: Cell | None = None
    via: tuple[Cell, ...] = ()
    mode: str | None = None
    action: MoveAction | None = None  # read by the ruleset (``ActionEconomy.read_action``)
    bonus: MoveAction | None = None  # a bonus action taken with it (the SRDs' Dash, Disengage)
    extra_action: str | None = None  # an extra action the GM grants (the SRDs' Action Surge)
    forced: str | None = None  # push | pull | slide (GM)
    by: str | None = None  # who pushes or pulls
    jump: Cell | None = None  # a jump on the way lands here
    check: int | None = None  # the jump's check total, where the ruleset asks for one
    group: tuple[str, ...] = ()  # becmi: tokens that move with it, at the slowest's rate
    ready: bool = False  # a readied move out of the token's turn (000 Sudden Movement)
    through: str | None = None  # overrun | tumble: through opponents' spaces (001, 004)
    up_ft: int = 0  # a flyer's change of altitude (negative: down) (004 3-D Movement)
    special: SpecialPart | None = None  # a special move of the registry (engine/specials/)
    # hidden creatures a player's move has met on the whole board, which the board it is
    # planned on doesn't show (``encounter_ops/discovery.py``): a push stops before them
    # as before any creature (004 Forced Movement), or passes over them where the rule
    # lets it (004 Stepover)
    met: tuple[Token, ...] = ()


@dataclass(frozen=True)
class Step:
    """One square of a path: where, what it cost, and why when not plain."""

    cell: Cell
    cost_ft: float
    total_ft: float
    why: str = ""


@dataclass(frozen=True)
class MoveResult:
    """A legal move: the encounter after it, and everything the reply shows."""

    encounter: Encounter
    token: Token
    action: str
    mode: str
    path: tuple[Cell, ...]
    steps: tuple[Step, ...]
    cost_ft: float
    used_ft: float
    total_ft: float
    provokes: tuple[str, ...]
    provoked_at: Mapping[str, Cell]
    source: Source
    warnings: tuple[Note, ...] = ()
    notes: tuple[Note, ...] = ()
    extra: Mapping[str, JSONValue] = field(default_factory=dict)
    # no action left this turn can spend more (3.5: both move actions, or a full round)
    done_for_the_turn: bool = False
    # what taking the same action again this turn adds to what is left (3.5 and
    # epic-path: a second move action after the first); 0 where it adds nothing
    again_ft: float = 0.0
    # every token the move displaced, its squares and how (walked, pushed, dragged): set
    # by the consequences stage (``engine/consequences.py``); what a player's move meets
    # of hidden creatures is checked on each of them (``encounter_ops/discovery.py``)
    displacements: tuple[Displacement, ...] = ()

    @property
    def remaining_ft(self) -> float:
        """What is left of the allowance the actions taken gave (``used/total``); with
        ``done_for_the_turn`` no further action can spend it."""
        return max(0.0, self.total_ft - self.used_ft)


# ----------------------------------------------------- plain token speeds


def plain_token_fields(spec: TokenSpec) -> TokenFields:
    """The fields every ruleset reads the same way: a speed in feet and extra modes."""
    values: dict[str, Any] = {}
    if spec.speed is not None:
        values["speed_ft"] = parse_plain_speed(spec.speed)
    modes = {
        "fly": spec.fly_ft,
        "swim": spec.swim_ft,
        "climb": spec.climb_ft,
        "burrow": spec.burrow_ft,
    }
    given = {m: v for m, v in modes.items() if v is not None}
    if given:
        values["speeds_ft"] = given
    if spec.hover is not None:
        values["hover"] = spec.hover
    return TokenFields(values)


def plain_token_movement(token: Token) -> TokenMovement:
    """Speeds as stored, plus the token's speed bonus on every mode it has."""
    walk = max(0, token.speed_ft + token.total_speed_bonus_ft)
    speeds = {"walk": walk}
    speeds |= {
        m: max(0, v + token.total_speed_bonus_ft) for m, v in token.speeds_ft.items() if v > 0
    }
    return TokenMovement(walk, speeds, token.hover)


# 000 and the SRDs' Continuity of Movement: how a token last moved, kept between moves
# by the rulesets that have the rule (walking is the default, never stored).
def last_mode(token: Token) -> str:
    return text(token.state, "last_mode") or "walk"


def remembering_mode(token: Token, mode: str) -> Token:
    return token.with_state(last_mode=None if mode == "walk" else mode)


MOVING_AS = {"fly": "flying", "swim": "swimming", "climb": "climbing", "burrow": "burrowing"}


def moving_as(token: Token) -> tuple[str, ...]:
    """``("swimming",)`` for a token line, when it last moved other than walking."""
    mode = last_mode(token)
    return () if mode == "walk" else (MOVING_AS.get(mode, mode),)


def fresh_turn(token: Token) -> Token:
    """A token whose movement this turn is all still to come, its reactions back (a
    reaction comes back at the start of its turn: SRD 5.1 "Reactions"; an attack of
    opportunity is one per round, counted from its turn)."""
    return replace(token, activity=Activity(), reactions_used=0)
