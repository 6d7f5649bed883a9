"""What the SRDs let other things change about a move, for 5e and 5e-2024: a
controlled mount's few actions, an Incapacitated creature's lost reaction (no readied
move), teleporting (``SrdEconomy``, on ``srd5/actions.py``'s actions), and a flyer that
can't stay up (``SrdConditions``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.encounter import Condition, Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.board import Allowance, StepContext
from bot.rules.engine.moves import MoveRequest, MoveResult, TokenMovement
from bot.rules.engine.teleport import nearest_space, open_space, teleport_allowance
from bot.rules.parts.conditions import ConditionRule
from bot.rules.rulings import Note
from bot.rules.srd5.actions import DEATH_LEVEL, SrdActions, exhaustion
from bot.rules.srd5.data import SrdData
from bot.units import feet

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

# What a controlled mount's move may be: its movement, and the Dash and Disengage
# actions (Dodge moves nothing); both SRDs' Mounted Combat › Controlling a Mount
CONTROLLED_MOUNT = frozenset(
    {
        MoveAction.MOVE,
        MoveAction.DASH,
        MoveAction.DISENGAGE,
        MoveAction.STAND,
        MoveAction.DROP_PRONE,
        MoveAction.CRAWL,
    }
)


def srd_move(
    rules: Ruleset, economy: SrdActions, encounter: Encounter, request: MoveRequest
) -> MoveResult:
    """A /move under the SRDs (their ``Ruleset.move``): a readied move uses the reaction
    (not while Incapacitated); a rider's move is its controlled mount's, which takes only
    Dash, Disengage and Dodge; a teleport says how far it went."""
    from bot.rules.ruleset import Ruleset

    token = encounter.token(request.token)
    if not request.forced:
        if request.ready:
            economy.no_actions(token, "readied move (it uses the reaction)")
        mount = encounter.mount_of(token)
        if mount is not None and request.special is None:
            _controlled(economy.data, token, mount, request)
    result = Ruleset.move(rules, encounter, request)
    if result.mode != "teleport":
        return result
    start, end = result.path[0], result.path[-1]
    return replace(
        result, extra={**result.extra, "teleport_ft": rules.reach.measure_ft(start, end)}
    )


def _controlled(data: SrdData, rider: Token, mount: Token, request: MoveRequest) -> None:
    """Both SRDs' Mounted Combat › Controlling a Mount: "it can take only the Dash,
    Disengage, and Dodge actions"; a rider's /move is its mount's."""
    doing = ""
    if request.ready:
        doing = "readied move (the Ready action)"
    elif (request.mode or "") == "teleport":
        doing = "teleport"
    elif request.bonus is not None:
        doing = f"bonus action ({request.bonus})"
    elif request.action is not None and request.action not in CONTROLLED_MOUNT:
        doing = str(request.action)
    if doing:
        raise IllegalMove(
            f"{rider.name} rides {mount.name}, and a controlled mount can take only the "
            f"Dash, Disengage and Dodge actions ({data.srd_name} › Mounted Combat › "
            f"Controlling a Mount): no {doing}. Use action:dash or action:disengage, or "
            f"dismount:true first to act on {rider.name}'s own."
        )


class SrdEconomy(SrdActions):
    """The SRDs' actions, and a teleport's allowance and arrival."""

    def allowance(
        self, encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
    ) -> Allowance:
        if (request.mode or "walk") != "teleport":
            return super().allowance(encounter, token, request, movement)
        self.dead_by_exhaustion(token)
        self.no_actions(token, "teleport of its own (a spell or feature takes an action)")
        if request.bonus is not None:
            raise InvalidInput("Teleporting is its own way of moving: leave out bonus:.")
        allowance = teleport_allowance(
            token,
            request,
            (self.data.teleport_section,),
            Note(
                "Teleport",
                "A spell or feature that allows it (its range and whether it must see the "
                "space are the spell's): no movement spent, no opportunity attacks "
                f"({self.data.srd_name} › {self.data.teleport_section}).",
            ),
        )
        # the turn's movement is still all there to spend after it
        activity = allowance.activity
        budget = max(activity.budget_ft, float(movement.speed_ft))
        return replace(allowance, activity=replace(activity, budget_ft=budget))

    def arrival(self, ctx: StepContext, token: Token, goal: Cell) -> tuple[Cell, tuple[Note, ...]]:
        """An occupied or blocked destination becomes the nearest unoccupied space (SRD
        5.2 Teleportation; SRD 5.1's spells ask for an unoccupied space: docs/RULINGS.md)."""
        board = ctx.board
        distance = feet(self.rules.reach.measure_ft(token.cell, goal))
        if open_space(board, goal):
            return goal, (Note("Distance", f"{token.name} teleports {distance}."),)
        best = nearest_space(board, token, goal, lambda anchor: open_space(board, anchor))
        if best is None or best == token.cell:
            raise IllegalMove(f"{goal} is occupied and no unoccupied space near it is free.")
        moved = feet(self.rules.reach.measure_ft(token.cell, best))
        return best, (
            Note(
                "Teleport",
                f"{goal} is occupied or blocked: {token.name} appears in the nearest "
                f"unoccupied space, {best}, {moved} away ({self.data.srd_name} › "
                f"{self.data.teleport_section}).",
            ),
        )


class SrdConditions(ConditionRule):
    """A flyer that can't stay up, under the SRDs."""

    def __init__(self, rules: Ruleset, economy: SrdActions) -> None:
        super().__init__(rules)
        self.economy = economy

    def grounded(self, token: Token) -> tuple[str, ...]:
        """Why a flyer aloft falls (unless it hovers): both SRDs, knocked prone or its
        (fly) speed reduced to 0, by a condition or by exhaustion; SRD 5.1 also
        deprived of the ability to move (paralyzed, stunned, unconscious...); SRD 5.2
        Incapacitated (a stunned creature keeps its Speed there, yet falls)."""
        why: list[str] = []
        if token.has(Condition.PRONE):
            why.append("prone")
        held = self.economy.speed_zero_by(token)
        if held is not None:
            why.append(held.value)
        if token.has(Condition.DEAD) or exhaustion(token) >= DEATH_LEVEL:
            why.append("dead")
        if self.economy.data.incapacitated_grounds and token.has(Condition.INCAPACITATED):
            why.append("incapacitated")
        if not token.riding and not self.rules.sheet.token_movement(token).speeds_ft.get("fly", 0):
            level = exhaustion(token)
            why.append("down to fly speed 0" + (f" (exhaustion {level})" if level else ""))
        return tuple(why)
