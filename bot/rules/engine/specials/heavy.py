"""Moving a heavy object (002 Move a Heavy Object): dragging a chest, pushing a cart,
manhandling a statue. It counts as movement, at the weight rule's speed (no effect
within the mover's light load; as encumbered up to its maximum load; half speed when
dragged beyond it), and the very act provokes attacks of opportunity from every foe
that threatens the mover. A ruleset with the rule supplies a ``HeavyRule``. A special
move of the registry (``engine/specials/``): ``heavy:<weight>``. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from bot.encounter import Condition, Encounter, Token
from bot.errors import InvalidInput
from bot.grid.coords import Cell
from bot.grid.geometry import footprint
from bot.rules.engine.board import Board, hostile
from bot.rules.engine.displacement import Planned, walked
from bot.rules.engine.moves import MoveRequest, MoveResult, SpecialPart
from bot.rules.engine.specials.base import PlanContext, SpecialMove
from bot.rules.rulings import Note
from bot.units import feet

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

# What the object weighs against the mover's carrying capacity
WEIGHTS = ("light", "medium", "heavy", "over")


@dataclass(frozen=True)
class Heavy(SpecialPart):
    """``heavy:<weight>``: a heavy object moved along, as it weighs for the mover."""

    special: ClassVar[str] = "heavy"
    weight: str  # light | medium | heavy | over (beyond its maximum load: dragged)


class HeavyMove(SpecialMove[Heavy]):
    name = "heavy"
    part = Heavy
    options = ("heavy",)
    reports = "heavy"
    alone = "heavy: goes with the mover's own move only."

    def read(self, options: Mapping[str, Any]) -> Heavy | None:
        return Heavy(options["heavy"]) if options.get("heavy") else None

    def plan(
        self, ctx: PlanContext, encounter: Encounter, request: MoveRequest, part: Heavy
    ) -> Planned:
        result = heavy_move(ctx, encounter, request, part)
        return Planned(result, (walked(result),))


def heavy_move(
    ctx: PlanContext, encounter: Encounter, request: MoveRequest, part: Heavy
) -> MoveResult:
    """The mover's own move at the weight rule's speed; moving the object provokes
    every foe that threatens the mover."""
    rules = ctx.rules
    rule = rules.heavy_rule
    if rule is None:
        raise InvalidInput(
            f"heavy: {rules.name}'s movement rules have no speeds for moving heavy objects: "
            "move the token, and the GM rules on the load."
        )
    weight = part.weight.strip().lower()
    if weight not in WEIGHTS:
        raise InvalidInput(
            f"heavy: what the object weighs for the mover: {', '.join(WEIGHTS)} (light: within "
            "its light load; medium or heavy: that load; over: beyond its maximum load, dragged)."
        )
    if request.forced or request.group or request.ready:
        raise InvalidInput(HeavyMove.alone)
    mover = encounter.token(request.token)
    own = mover.state.get(rule.load_state)
    band = weight if weight in ("medium", "heavy") else "light"
    heavier = _heavier(own if isinstance(own, str) else None, band)
    burdened = mover.with_state(**{rule.load_state: heavier})
    board = encounter.with_token(burdened)
    plain = replace(request, special=None)
    cap = None
    if weight == "over":
        allowance = rules.economy.allowance(
            board, burdened, plain, rules.sheet.token_movement(burdened)
        )
        cap = allowance.available_ft / 2
    moved = ctx.move(board, plain, budget_cap_ft=cap)
    if cap is not None:  # half speed: what this move (and another like it) may spend
        moved = replace(
            moved,
            total_ft=min(moved.total_ft, moved.used_ft - moved.cost_ft + cap),
            again_ft=min(moved.again_ft, cap),
        )
    kept = moved.token.with_state(**{rule.load_state: own if isinstance(own, str) else None})
    provoked = dict(moved.provoked_at)
    for name, cell in _threatening(rules, board, burdened).items():
        provoked.setdefault(name, cell)
    how = {
        "light": "no effect on its speed (within its light load)",
        "medium": "at its speed with a medium load",
        "heavy": "at its speed with a heavy load",
        "over": f"at half speed, dragged beyond its maximum load ({feet(cap or 0)})",
    }[weight]
    note = Note(
        "Heavy object",
        f"{mover.name} moves it {how}; moving it provokes attacks of opportunity from every "
        f"foe that threatens {mover.name} ({rule.cite}).",
    )
    return replace(
        moved,
        encounter=moved.encounter.with_token(kept),
        token=kept,
        provokes=tuple(provoked),
        provoked_at=provoked,
        notes=(*moved.notes, note),
        extra={**moved.extra, "heavy": weight},
    )


def _heavier(own: str | None, band: str) -> str:
    order = ("light", "medium", "heavy")
    ranked = [b for b in (own, band) if b in order]
    return max(ranked, key=order.index) if ranked else band


def _threatening(rules: Ruleset, encounter: Encounter, mover: Token) -> dict[str, Cell]:
    """Every foe that threatens a square of the mover where it starts."""
    board = Board.of(encounter, mover, rules.footprint_squares)
    mine = set(footprint(mover.cell, rules.footprint_squares.get(mover.size, 1)))
    out: dict[str, Cell] = {}
    for enemy in encounter.tokens.values():
        if enemy.key == mover.key or not hostile(enemy, mover):
            continue
        if enemy.has(Condition.INCAPACITATED):
            continue
        if any(rules.reach.threatens(board, enemy, c) for c in mine):
            out[enemy.name] = mover.cell
    return out


# the registry's one line names this module (engine/specials/__init__.py)
KIND = HeavyMove()
