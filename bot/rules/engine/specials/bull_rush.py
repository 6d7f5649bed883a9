"""A bull rush on the board (002 Bull Rush): the mover moves up to a foe, enters its
space and, on a won opposed check, pushes it back 5 ft, plus 5 ft for every 5 points it
won by when it follows, never beyond the movement it had left on entering. The table
rolls; the user gives the margin (``margin:7``, a loss as a negative number). A
ruleset with a bull rush supplies a ``BullRushRule``. Pure: no Discord, no database.

The steps: the checks (``_checked``), the square it rushes from and the approach to it
(``_approach``), the movement left on entering (``_entering``), the push
(``_push``), the result (``_result``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from bot.encounter import Activity, Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.grid.geometry import anchors_touching, direction_away, footprint
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.destinations import destinations
from bot.rules.engine.displacement import Displacement, Planned, walked
from bot.rules.engine.forced import forced_move
from bot.rules.engine.kinds import BullRushRule
from bot.rules.engine.moves import MoveRequest, MoveResult, SpecialPart, Step
from bot.rules.engine.specials.base import PlanContext, SpecialMove
from bot.rules.rulings import JSONValue, Note
from bot.units import feet

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

BULL_RUSH_ACTIONS = ("bull-rush", "bullrush", "bull rush", "bull_rush")
# 002 Bull Rush: as part of a charge "you get a +2 bonus on your Strength check"
CHARGE_CHECK_BONUS = 2


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
        pushed = _push(ctx.rules, rush, entered, start, part.margin)
        result = _result(ctx.rules, rush, entered, start, approach, pushed)
        # the foe is pushed (its riders, its grapples: the consequences stage's), at most
        # as far as the margin and the movement left on entering allow
        most = min(1 + max(part.margin, 0) // 5, entered.most_squares)
        push = Displacement(rush.target.key, pushed.pushed_path, "pushed", most_squares=most)
        return Planned(result, (walked(result), *((push,) if push.squares else ())))


@dataclass(frozen=True)
class _Rush:
    """Who rushes whom, under which rule, and the squares around the foe."""

    rule: BullRushRule
    part: BullRush
    mover: Token
    target: Token
    mover_side: int
    target_side: int
    target_cells: frozenset[Cell]


@dataclass(frozen=True)
class _Entered:
    """The mover at the square it rushes from: what it has left to enter and follow."""

    left_ft: float
    activity: Activity
    before: Encounter  # the board after the approach
    square: float
    most_squares: int  # how far it may push and follow


@dataclass(frozen=True)
class _Pushed:
    end: Cell  # where the mover ends
    pushed_path: tuple[Cell, ...]  # the foe's squares, its start first
    after: Encounter
    spent: float  # what entering and following cost
    notes: tuple[Note, ...]
    direction: tuple[int, int]


def _checked(rules: Ruleset, encounter: Encounter, request: MoveRequest, part: BullRush) -> _Rush:
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
    return _Rush(rule, part, mover, target, mover_side, target_side, target_cells)


def _approach(
    ctx: PlanContext, encounter: Encounter, rush: _Rush, plain: MoveRequest
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
    rush: _Rush,
    plain: MoveRequest,
    start: Cell,
    approach: MoveResult | None,
) -> _Entered:
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
    return _Entered(left_ft, activity, before, square, most_squares)


def _push(rules: Ruleset, rush: _Rush, entered: _Entered, start: Cell, margin: int) -> _Pushed:
    """The opposed check's outcome: a loss sends the mover back to ``start``; a win
    pushes the foe as far as the margin and the movement left allow, the mover
    following."""
    rule, mover, target = rush.rule, rush.mover, rush.target
    direction = direction_away(start, rush.mover_side, target.cell, rush.target_side)
    if margin < 0:
        lost = Note(
            "Bull rush",
            f"{mover.name} lost the check: it moves back to {start}, where it entered "
            f"{target.name}'s space from ({rule.cite}).",
        )
        return _Pushed(start, (target.cell,), entered.before, entered.square, (lost,), direction)
    notes = [Note("Bull rush", f"{rule.check}: {mover.name} won by {margin}.")]
    if rush.part.charge:
        notes.insert(
            0,
            Note(
                "Charge",
                f"A bull rush as part of a charge: it pushes {target.name} instead of "
                f"attacking, with +{CHARGE_CHECK_BONUS} on the check ({rule.cite}).",
            ),
        )
    square, most_squares = entered.square, entered.most_squares
    wanted = 1 + margin // 5
    squares = min(wanted, most_squares)
    goal = Cell(target.cell.col + direction[0] * squares, target.cell.row + direction[1] * squares)
    pushed = forced_move(
        rules,
        entered.before,
        target,
        MoveRequest(
            token=target.name, to=_clamped(entered.before, goal), forced="push", by=mover.name
        ),
    )
    moved_squares = len(pushed.path) - 1
    end, spent = start, square
    if moved_squares:
        end = Cell(
            pushed.path[-1].col - direction[0] * rush.mover_side,
            pushed.path[-1].row - direction[1] * rush.mover_side,
        )
        spent += square * (moved_squares - 1)
    text = (
        f"{target.name} is pushed {feet(moved_squares * square)} to {pushed.path[-1]}"
        f" and {mover.name} follows to {end}"
        if moved_squares
        else f"{target.name} can't be pushed: {mover.name} stays at {start}"
    )
    if wanted > most_squares:
        text += (
            f" (won by {margin}: {feet(wanted * square)}, but only "
            f"{feet(most_squares * square)} with the movement it had left on entering)"
        )
    stopped = [n.text for n in pushed.warnings if n.label == "Stopped"]
    notes.append(Note("Push", text + "." + (f" {stopped[0]}" if stopped else "")))
    return _Pushed(end, pushed.path, pushed.encounter, spent, tuple(notes), direction)


def _result(
    rules: Ruleset,
    rush: _Rush,
    entered: _Entered,
    start: Cell,
    approach: MoveResult | None,
    pushed: _Pushed,
) -> MoveResult:
    """The reply's result: the approach's path and steps, then into the foe's space and
    following it."""
    mover, target, square = rush.mover, rush.target, entered.square
    activity = entered.activity
    final = replace(
        pushed.after.tokens[mover.key],
        cell=pushed.end,
        activity=replace(activity, spent_ft=round(activity.spent_ft + pushed.spent, 4)),
    )
    after = pushed.after.with_token(final)
    provoked = dict(approach.provoked_at) if approach is not None else {}
    entering = next(iter(sorted(rush.target_cells, key=lambda c: (c.row, c.col))))
    provoked.setdefault(target.name, entering)
    base_path = approach.path if approach is not None else (mover.cell,)
    base_cost = approach.cost_ft if approach is not None else 0.0
    # the mover's own squares after the approach: into the foe's space, then following
    dc, dr = pushed.direction
    followed = [
        Cell(p.col - dc * rush.mover_side, p.row - dr * rush.mover_side)
        for p in pushed.pushed_path[1:]
    ]
    steps = list(approach.steps if approach is not None else ())
    running = base_cost
    for i, cell in enumerate(followed):
        running += square
        steps.append(Step(cell, square, round(running, 4), "entering" if i == 0 else "following"))
    charging = rush.part.charge
    bull: dict[str, JSONValue] = {
        "target": target.name,
        "from": str(start),
        "margin": rush.part.margin,
        "pushed_path": [str(c) for c in pushed.pushed_path],
        "most_ft": entered.most_squares * square,
        "charge": charging,
        # the bonus on the opposed check the margin: was won by (+2 charging)
        "check_bonus": CHARGE_CHECK_BONUS if charging else 0,
    }
    return MoveResult(
        encounter=after,
        token=final,
        action="bull-rush",
        mode="walk",
        path=(*base_path, *followed),
        steps=tuple(steps),
        cost_ft=round(base_cost + pushed.spent, 4),
        used_ft=round(final.activity.spent_ft, 4),
        total_ft=float(final.activity.budget_ft),
        provokes=tuple(provoked),
        provoked_at=provoked,
        source=rules.source("Bull Rush", "Charge") if charging else rules.source("Bull Rush"),
        warnings=(
            # a charge's attack is the push here (002: "instead of attacking your foe")
            *(w for w in (approach.warnings if approach else ()) if w.label != "Charge"),
            Note("Entering", f"Entering {target.name}'s space provokes it ({rush.rule.cite})."),
            *pushed.notes,
        ),
        notes=approach.notes if approach is not None else (),
        extra={"bull_rush": bull},
        done_for_the_turn=rules.economy.done_for_the_turn(final.activity),
    )


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


def _clamped(encounter: Encounter, cell: Cell) -> Cell:
    return Cell(
        min(max(cell.col, 0), encounter.width - 1), min(max(cell.row, 0), encounter.height - 1)
    )


# the registry's one line names this module (engine/specials/__init__.py)
KIND = BullRushMove()


__all__ = ["BULL_RUSH_ACTIONS", "KIND", "BullRush", "BullRushMove", "BullRushRule"]
