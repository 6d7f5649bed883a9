"""becmi on a grid: seed 003 (Rules Cyclopedia, time and movement).

Squares are 10 ft ("Map Scales", "Miniature Figures"). A token's ``speed`` is
its normal speed per turn as a stat block writes it (``120' (40')``); in a
round it moves its encounter speed (normal ÷ 3), or runs at its normal speed
per round, for at most 30 rounds before it is exhausted. Outdoors the same
numbers are yards. Swimming is 1/5 of the running speed. The chapter has no
attacks of opportunity and no grid rules for diagonals or rough ground: the
bot counts a diagonal as one square and rough ground at half speed (its
Terrain Effects table's "1/2 normal"), and says so in docs/RULINGS.md.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar, Literal

from bot.encounter import Condition, Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.grid.search import EPSILON, Edge
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.names import Vocabulary
from bot.rules.becmi.tables import encumbrance_band
from bot.rules.engine.grid_rules import (
    Allowance,
    Board,
    GridRules,
    Passing,
    StepContext,
    check_mode,
    hostile,
)
from bot.rules.engine.moves import MoveRequest, TokenFields, TokenMovement, TokenSpec
from bot.rules.rulings import Note
from bot.units import feet

SEED = "003_3444ce13aba82e1a.txt"
DOCUMENT = "Rules Cyclopedia: Time and Movement"
SQUARE_FT = 10
MAX_RUNNING_ROUNDS = 30
YARDS = 3
SWIM_FRACTION = 5  # 1/5 of the running speed (By Swimming)
FOOTPRINTS: Mapping[Size, int] = {
    Size.SMALL: 1,
    Size.MEDIUM: 1,
    Size.LARGE: 1,
    Size.HUGE: 2,
    Size.GARGANTUAN: 3,
}
ACTIONS = Vocabulary(
    "action", {"move": ("walk", "normal", "encounter"), "run": ("running", "sprint")}
)
ROUGH = frozenset(
    {Terrain.DIFFICULT, Terrain.OBSTACLE, Terrain.SLOPE, Terrain.IMPEDED, Terrain.NARROW}
)
_RATE = re.compile(
    r"^\s*(?:mv|move|movement)?\s*:?\s*(\d{1,4})\s*(?:'|ft\.?|feet)?\s*"
    r"(?:\(\s*(\d{1,4})\s*(?:'|ft\.?|feet)?\s*\))?\s*$",
    re.IGNORECASE,
)
_COINS = re.compile(r"^\s*([\d,]{1,9})\s*(?:cn|coins?)?\s*$", re.IGNORECASE)


def parse_rate(text: str) -> int:
    """``120' (40')``, ``MV 120' (40')``, ``120`` → 120 (the normal speed)."""
    match = _RATE.match(text)
    if match is None:
        raise InvalidInput(
            f'speed: "{text}" is not a movement rate. Write it as the stat block does: '
            "120' (40') or just 120 (normal speed per turn)."
        )
    normal = int(match.group(1))
    if match.group(2) is not None and int(match.group(2)) * 3 != normal:
        raise InvalidInput(
            f"speed: {text} doesn't add up: the encounter speed in brackets is a third "
            f"of the normal speed ({normal}' ({normal // 3}'))."
        )
    return normal


def parse_coins(text: str) -> int:
    match = _COINS.match(text)
    if match is None:
        raise InvalidInput(
            f'load: "{text}" is not an encumbrance. becmi counts it in coins: e.g. 600cn '
            "(003 Character Movement Rates)."
        )
    return int(match.group(1).replace(",", ""))


def token_fields(spec: TokenSpec) -> TokenFields:
    if spec.race is not None or spec.armor is not None:
        raise InvalidInput(
            "becmi takes a movement rate and an encumbrance in coins (speed:\"120' (40')\" "
            "load:600cn); armor and race count only through encumbrance (003)."
        )
    values: dict[str, object] = {}
    notes: list[Note] = []
    if spec.speed is not None:
        values["speed_ft"] = parse_rate(spec.speed)
    if spec.load is not None:
        coins = parse_coins(spec.load)
        values["load"] = f"{coins}cn"
        band = encumbrance_band(coins)
        if spec.speed is None:
            values["speed_ft"] = band.normal_speed_ft
        notes.append(
            Note(
                "Encumbrance",
                f"{coins:,} cn: {band.normal_speed_ft}' ({band.encounter_speed_ft}') "
                "(003 Character Movement Rates and Encumbrance Table).",
            )
        )
    extra = {
        m: v
        for m, v in (("fly", spec.fly_ft), ("swim", spec.swim_ft), ("climb", spec.climb_ft))
        if v is not None
    }
    if spec.burrow_ft is not None:
        extra["burrow"] = spec.burrow_ft
    if extra:
        values["speeds_ft"] = extra
    if spec.hover is not None:
        values["hover"] = spec.hover
    return TokenFields(values, tuple(notes))


def normal_speed(token: Token) -> int:
    speed = token.speed_ft + token.total_speed_bonus_ft
    if token.load:
        speed = min(speed, encumbrance_band(parse_coins(token.load)).normal_speed_ft)
    return max(0, speed)


def token_movement(token: Token) -> TokenMovement:
    normal = normal_speed(token)
    encounter = normal // 3
    speeds = {"walk": encounter}
    speeds |= {m: max(0, v) // 3 for m, v in token.speeds_ft.items() if v > 0}
    note = Note(
        "Movement",
        f"{normal}' ({encounter}'): {encounter} ft a round, running {normal} ft a round "
        "(003 Normal, Encounter, and Running Speeds).",
    )
    return TokenMovement(encounter, speeds, token.hover, (note,))


class BecmiGrid(GridRules):
    ruleset_id: ClassVar[str] = "becmi"
    document: ClassVar[str] = DOCUMENT
    seed_file: ClassVar[str] = SEED
    sharing_rule: ClassVar[str] = (
        "creatures don't share a square (seed 003 has no rule for sharing one)"
    )
    square_ft: ClassVar[int] = SQUARE_FT
    footprints: ClassVar[Mapping[Size, int]] = FOOTPRINTS
    provoke_rule: ClassVar[Literal["leave-threatened", "leave-reach", "never"]] = "never"
    actions: ClassVar[tuple[str, ...]] = ACTIONS.names
    band_action: ClassVar[str] = "run"
    group_moves: ClassVar[bool] = True  # 003 Character Movement Rates: the slowest's rate

    def __init__(self, outdoors: bool = False) -> None:
        self.scale = YARDS if outdoors else 1

    def token_movement(self, token: Token) -> TokenMovement:
        return token_movement(token)

    def token_fields(self, spec: TokenSpec) -> TokenFields:
        return token_fields(spec)

    def allowance(
        self, encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
    ) -> Allowance:
        action = ACTIONS.match(request.action) if request.action else "move"
        if request.to is None:
            raise InvalidInput("Say where to: to:<square>, e.g. to:D4.")
        if token.has(Condition.IMMOBILIZED) or token.has(Condition.INCAPACITATED):
            raise IllegalMove(f"{token.name} can't move now. The GM can move it with forced:.")
        if (request.mode or "walk") == "walk" and token.load and normal_speed(token) == 0:
            raise IllegalMove(
                f"{token.name} carries {parse_coins(token.load):,} cn: with more than 2,400 cn "
                "it can't move (003 Character Movement Rates and Encumbrance Table)."
            )
        mode = check_mode(movement, token, request.mode)
        activity = token.activity
        normal = normal_speed(token) if mode == "walk" else token.speeds_ft.get(mode, 0)
        per_round = (normal if action == "run" else normal // 3) * self.scale
        notes: list[Note] = []
        sections = ["Normal, Encounter, and Running Speeds"]
        running_rounds = token.running_rounds
        conditions: list[tuple[str, bool]] = []
        if action == "run":
            rested = not token.has(Condition.EXHAUSTED) and running_rounds >= MAX_RUNNING_ROUNDS
            if rested:
                running_rounds = 0
            # the round that exhausts it may go on running (split over several /move)
            finishing = "run" in activity.actions and running_rounds >= MAX_RUNNING_ROUNDS
            if token.has(Condition.EXHAUSTED) and not finishing:
                raise IllegalMove(
                    f"{token.name} is exhausted: no running until it rests 3 turns; it moves "
                    f"at encounter speed ({normal // 3 * self.scale} ft) (003 Exhaustion)."
                )
            if "run" not in activity.actions:
                running_rounds += 1
            sections.append("Exhaustion")
            notes.append(
                Note("Running", f"Round {running_rounds} of at most {MAX_RUNNING_ROUNDS}.")
            )
            if running_rounds >= MAX_RUNNING_ROUNDS:
                conditions.append((Condition.EXHAUSTED.value, True))
                notes.append(
                    Note(
                        "Exhausted",
                        f"After {MAX_RUNNING_ROUNDS} rounds of running {token.name} is "
                        "exhausted: rest 3 turns before running or fighting (003 Exhaustion).",
                    )
                )
        if self.scale != 1:
            sections.append("Feet vs. Yards")
            notes.append(Note("Outdoors", "Speeds are read in yards: three times the feet."))
        budget = max(activity.budget_ft, float(per_round))
        actions = tuple(dict.fromkeys((*activity.actions, action)))
        new_activity = replace(activity, budget_ft=budget, actions=actions)
        allowance = Allowance(
            action,
            mode,
            new_activity.left_ft,
            new_activity,
            tuple(sections),
            notes=tuple(notes),
            condition_changes=tuple(conditions),
            updates={"running_rounds": running_rounds},
        )
        return allowance

    def step_cost(
        self,
        ctx: StepContext,
        frm: Cell,
        to: Cell,
        diagonals: int,
        spent: float,
        squeezing: bool,
    ) -> Edge | str:
        board, allowance = ctx.board, ctx.allowance
        cells = board.cells(to)
        cost = float(SQUARE_FT)
        why: list[str] = []
        if allowance.mode != "fly":
            rough = {board.terrain(c) for c in cells} & ROUGH
            if rough or squeezing:
                cost *= 2
                why.append(f"{sorted(t.value for t in rough)[0] if rough else 'squeezing'} ×2")
            if all(board.terrain(c) is Terrain.WATER for c in cells):
                # a swim speed from the stat block is a normal speed like any other
                swim = board.mover.speeds_ft.get("swim", 0)
                if swim:
                    limit = (swim if allowance.action == "run" else swim // 3) * self.scale
                else:
                    limit = normal_speed(board.mover) // SWIM_FRACTION * self.scale
                # the limit is per round: count what earlier /move calls this round spent
                if allowance.activity.spent_ft + spent + cost > limit + EPSILON:
                    return (
                        f"{to} is water: swimming covers {feet(limit)} a round "
                        "(003 By Swimming: 1/5 of the running speed)"
                    )
                why.append("swimming")
        return Edge(
            to,
            cost,
            diagonals + int(frm.col != to.col and frm.row != to.row),
            ", ".join(why),
            hampered=cost > SQUARE_FT,
        )

    def pass_creature(self, board: Board, other: Token) -> Passing:
        mover = board.mover
        if not hostile(mover, other) or other.has(Condition.INCAPACITATED):
            return Passing(True)
        return Passing(False, "an enemy's square blocks the way")

    def min_step_ft(self, ctx: StepContext) -> float:
        return float(SQUARE_FT)
