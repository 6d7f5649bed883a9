"""A bull rush on the board (002 Bull Rush): the mover moves up to a foe, enters its
space and, on a won opposed check, pushes it back 5 ft, plus 5 ft for every 5 points it
won by when it follows, never beyond the movement it had left on entering. The table
rolls; the user gives the margin (``margin:7``, a loss as a negative number). A
ruleset with a bull rush supplies a ``BullRushRule``. Pure: no Discord, no database.

The steps: the checks (``_checked``), the square it rushes from and the approach to it
(``_approach``), the movement left on entering (``_entering``), here; the push and the
result (``push_back``, ``rush_result``) in ``engine/bull_push.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from bot.encounter import Encounter
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.grid.geometry import anchors_touching, footprint
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.bull_push import Entered, Rush, push_back, rush_result
from bot.rules.engine.destinations import destinations
from bot.rules.engine.displacement import Displacement, Planned, walked
from bot.rules.engine.kinds import BullRushRule
from bot.rules.engine.moves import MoveRequest, MoveResult, SpecialPart
from bot.rules.engine.specials.base import PlanContext, SpecialMove
from bot.units import feet

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

BULL_RUSH_ACTIONS = ("bull-rush", "bullrush", "bull rush", "bull_rush")


@dataclass(frozen=True)
class BullRush(SpecialPart):
    """``action:bull-rush target:<foe> margin:<n>``, or a charge with a ``target:`` to
    push (002: "You can bull rush as part of a charge")."""

    special: ClassVar[str] = "bull-rush"
    target: str | None  # the foe to push
    margin: int | None  # what the opposed check was won by (< 0: lost); None: not rolled
    charge: bool = False  # as part of a charge (action:charge)

    @property
    def keeps_action(self) -> bool:
        return self.charge  # action:bull-rush names this move, action:charge is a charge


class BullRushMove(SpecialMove[BullRush]):
    name = "bull-rush"
    part = BullRush
    options = ("action", "target", "margin")
    reports = "bull_rush"
    alone = "action:bull-rush is a move of its own: no forced:, group:, drag:..."

    def read(self, options: Mapping[str, Any]) -> BullRush | None:
        word = (options.get("action") or "").strip().lower()
        target, margin = options.get("target"), options.get("margin")
        charging = word == "charge"
        if word in BULL_RUSH_ACTIONS or (charging and target is not None):
            return BullRush(target, margin, charge=charging)
        if target is not None or margin is not None:
            raise InvalidInput(
                "target: and margin: go with action:bull-rush (or action:charge, for a "
                "bull rush as part of a charge)."
            )
        return None

    def plan(
        self, ctx: PlanContext, encounter: Encounter, request: MoveRequest, part: BullRush
    ) -> Planned:
        """The whole bull rush: the approach (the rules' own move, or its charge), the
        entry, the push."""
        rush = _checked(ctx.rules, encounter, request, part)
        action = MoveAction.CHARGE if part.charge else MoveAction.MOVE
        plain = replace(request, action=action, special=None)
        start, approach = _approach(ctx, encounter, rush, plain)
        if approach is None and start != rush.mover.cell:
            approach = ctx.move(encounter, replace(plain, to=start))
        entered = _entering(ctx.rules, encounter, rush, plain, start, approach)
        if part.margin is None:
            raise InvalidInput(
                ("Charging: " if part.charge else "")
                + f"Roll {rush.rule.check}, then give margin: (what {rush.mover.name} won "
                f"by; a loss as a negative number). From {start} a win pushes "
                f"{rush.target.name} 5 ft, and 5 ft more for every 5 points with "
                f"{rush.mover.name} following, at most "
                f"{feet(entered.most_squares * entered.square)} here.",
            )
        pushed = push_back(ctx.rules, rush, entered, start, part.margin)
        result = rush_result(ctx.rules, rush, entered, start, approach, pushed)
        # the foe is pushed (its riders, its grapples: the consequences stage's), at most
        # as far as the margin and the movement left on entering allow
        most = min(1 + max(part.margin, 0) // 5, entered.most_squares)
        push = Displacement(rush.target.key, pushed.pushed_path, "pushed", most_squares=most)
        return Planned(result, (walked(result), *((push,) if push.squares else ())))


def _checked(rules: Ruleset, encounter: Encounter, request: MoveRequest, part: BullRush) -> Rush:
    """The bull rush as asked, checked: the rule, the foe, its size."""
    rule = rules.bull_rush
    if rule is None:
        raise InvalidInput(
            f"action:bull-rush isn't in {rules.name}'s movement rules: the GM pushes a "
            "creature with forced:push by:<token>."
        )
    if part.target is None:
        raise InvalidInput("A bull rush needs target:<token>, the foe to push.")
    if request.forced or request.group or request.through or request.ready:
        raise InvalidInput(BullRushMove.alone)
    mover = encounter.token(request.token)
    target = encounter.token(part.target)
    if target.key == mover.key:
        raise InvalidInput(f"{mover.name} can't bull rush itself.")
    if target.size > mover.size + rule.larger_by_at_most:
        raise IllegalMove(
            f"{target.name} ({target.size.label}) is too big for {mover.name} to bull rush: "
            f"at most one size larger ({rule.cite})."
        )
    side = rules.footprint_squares
    mover_side, target_side = side.get(mover.size, 1), side.get(target.size, 1)
    target_cells = frozenset(footprint(target.cell, target_side))
    return Rush(rule, part, mover, target, mover_side, target_side, target_cells, met=request.met)


def _approach(
    ctx: PlanContext, encounter: Encounter, rush: Rush, plain: MoveRequest
) -> tuple[Cell, MoveResult | None]:
    """The square the mover rushes from, beside the foe, and the charge there (None:
    no charge; the move there, if it isn't there, is the pipeline's plain move)."""
    rules, mover, target, charging = ctx.rules, rush.mover, rush.target, rush.part.charge
    beside = anchors_touching(rush.target_cells, rush.mover_side, encounter.width, encounter.height)
    to = plain.to
    if charging and (mover.cell in beside if to is None else to == mover.cell):
        raise IllegalMove(
            f"{mover.name} is already beside {target.name}, and a charge moves at least "
            f"10 ft ({rules.charge_rule}): bull rush it with action:bull-rush."
        )
    if to is not None:
        if to not in beside:
            raise InvalidInput(
                f"to: is the square {mover.name} bull rushes from, beside {target.name}: "
                f"{to} isn't. Leave it out for the nearest."
            )
        return to, None
    if mover.cell in beside:
        return mover.cell, None
    if charging:
        approach = _charge_approach(ctx, encounter, plain, beside)
        return approach.path[-1], approach
    reachable = dict(destinations(rules, encounter, mover.name))
    # the cheapest, and of those the most nearly straight on (nearest the mover)
    options = sorted(
        (cost, (c.col - mover.cell.col) ** 2 + (c.row - mover.cell.row) ** 2, c.row, c.col, c)
        for c, cost in reachable.items()
        if c in beside
    )
    if not options:
        raise IllegalMove(
            f"{mover.name} can't reach a square beside {target.name} with a move: a "
            "bull rush starts from one."
        )
    return options[0][4], None


def _entering(
    rules: Ruleset,
    encounter: Encounter,
    rush: Rush,
    plain: MoveRequest,
    start: Cell,
    approach: MoveResult | None,
) -> Entered:
    """The movement the mover has left at ``start``, checked against entering the
    foe's space."""
    mover = rush.mover
    if start == mover.cell:
        movement = rules.sheet.token_movement(mover)
        allowance = rules.economy.allowance(
            encounter, mover, replace(plain, to=mover.cell), movement
        )
        left_ft, activity, before = allowance.available_ft, allowance.activity, encounter
    else:
        assert approach is not None
        left_ft, activity, before = (
            approach.remaining_ft,
            approach.token.activity,
            approach.encounter,
        )
    square = float(rules.square_ft)
    if left_ft < square:
        raise IllegalMove(
            f"{mover.name} has {feet(left_ft)} of movement left at {start}: entering "
            f"{rush.target.name}'s space takes {feet(square)} (Rules of the Game › Bull Rush)."
        )
    most_squares = 1 + int((left_ft - square) // square)
    return Entered(left_ft, activity, before, square, most_squares)


def _charge_approach(
    ctx: PlanContext, encounter: Encounter, request: MoveRequest, beside: set[Cell]
) -> MoveResult:
    """The charge to the closest square beside the foe (002 Charge: "You must move ... to
    the closest square from which you can attack your opponent"); of equally close ones,
    the most nearly straight on that a charge reaches. Refused as the closest one's
    charge is."""
    rules = ctx.rules
    mover = encounter.token(request.token)
    by_distance = sorted(
        (
            rules.reach.distance_ft(mover.cell, c),
            (c.col - mover.cell.col) ** 2 + (c.row - mover.cell.row) ** 2,
            c.row,
            c.col,
            c,
        )
        for c in beside
    )
    nearest = [c for d, *_, c in by_distance if d <= by_distance[0][0]]
    refusal: IllegalMove | None = None
    for cell in nearest:
        try:
            return ctx.move(encounter, replace(request, to=cell))
        except IllegalMove as caught:
            refusal = refusal or caught
    assert refusal is not None
    raise refusal


# the registry's one line names this module (engine/specials/__init__.py)
KIND = BullRushMove()


__all__ = ["BULL_RUSH_ACTIONS", "KIND", "BullRush", "BullRushMove", "BullRushRule"]
