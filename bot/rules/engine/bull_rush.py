"""A bull rush on the board (002 Bull Rush): the mover moves up to a foe, enters its
space and, on a won opposed check, pushes it back 5 ft, plus 5 ft for every 5 points it
won by when it follows, never beyond the movement it had left on entering. The table
rolls; the user gives the margin (``margin:7``, a loss as a negative number). A
ruleset with a bull rush supplies a ``BullRushRule``. Pure: no Discord, no database.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.encounter import Encounter
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.grid.geometry import footprint
from bot.rules.engine.kinds import BullRushRule
from bot.rules.engine.moves import MoveRequest, MoveResult, Step
from bot.rules.rulings import JSONValue, Note
from bot.units import feet

if TYPE_CHECKING:
    from bot.rules.engine.jump import JumpRule
    from bot.rules.ruleset import Ruleset

BULL_RUSH_ACTIONS = ("bull-rush", "bullrush", "bull rush", "bull_rush")


def is_bull_rush(request: MoveRequest) -> bool:
    """``action:bull-rush``, or a charge with a ``target:`` to push (002: "You can bull
    rush as part of a charge")."""
    action = (request.action or "").strip().lower()
    return action in BULL_RUSH_ACTIONS or (action == "charge" and request.target is not None)


def _charging(request: MoveRequest) -> bool:
    return (request.action or "").strip().lower() == "charge"


def bull_rush_move(
    rules: Ruleset, encounter: Encounter, request: MoveRequest, *, jump_rule: JumpRule | None
) -> MoveResult:
    """The whole bull rush: the approach (the rules' own move, or its charge), the
    entry, the push."""
    from bot.rules.engine.destinations import destinations
    from bot.rules.engine.forced import forced_move
    from bot.rules.engine.pipeline import plan_move

    rule = rules.bull_rush
    if rule is None:
        raise InvalidInput(
            f"action:bull-rush isn't in {rules.name}'s movement rules: the GM pushes a "
            "creature with forced:push by:<token>."
        )
    if request.target is None:
        raise InvalidInput("A bull rush needs target:<token>, the foe to push.")
    if request.forced or request.group or request.drag or request.through or request.ready:
        raise InvalidInput("action:bull-rush is a move of its own: no forced:, group:, drag:...")
    mover = encounter.token(request.token)
    target = encounter.token(request.target)
    if target.key == mover.key:
        raise InvalidInput(f"{mover.name} can't bull rush itself.")
    if target.size > mover.size + rule.larger_by_at_most:
        raise IllegalMove(
            f"{target.name} ({target.size.label}) is too big for {mover.name} to bull rush: "
            f"at most one size larger ({rule.cite})."
        )
    side = rules.footprint_squares
    mover_side, target_side = side.get(mover.size, 1), side.get(target.size, 1)
    target_cells = set(footprint(target.cell, target_side))
    beside = _beside(encounter, target_cells, mover_side)
    charging = _charging(request)
    plain = replace(request, action="charge" if charging else "move", target=None, margin=None)
    approach: MoveResult | None = None
    if charging and (mover.cell in beside if request.to is None else request.to == mover.cell):
        raise IllegalMove(
            f"{mover.name} is already beside {target.name}, and a charge moves at least "
            f"10 ft ({rules.charge_rule}): bull rush it with action:bull-rush."
        )
    if request.to is not None:
        if request.to not in beside:
            raise InvalidInput(
                f"to: is the square {mover.name} bull rushes from, beside {target.name}: "
                f"{request.to} isn't. Leave it out for the nearest."
            )
        start = request.to
    elif mover.cell in beside:
        start = mover.cell
    elif charging:
        approach = _charge_approach(rules, encounter, plain, beside, jump_rule)
        start = approach.path[-1]
    else:
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
        start = options[0][4]
    if start == mover.cell:
        movement = rules.token_movement(mover)
        allowance = rules.allowance(encounter, mover, replace(plain, to=mover.cell), movement)
        left_ft = allowance.available_ft
        activity = allowance.activity
        before = encounter
    else:
        if approach is None:
            approach = plan_move(rules, encounter, replace(plain, to=start), jump_rule=jump_rule)
        left_ft = approach.remaining_ft
        activity = approach.token.activity
        before = approach.encounter
    square = float(rules.square_ft)
    if left_ft < square:
        raise IllegalMove(
            f"{mover.name} has {feet(left_ft)} of movement left at {start}: entering "
            f"{target.name}'s space takes {feet(square)} (Rules of the Game › Bull Rush)."
        )
    most_squares = 1 + int((left_ft - square) // square)
    if request.margin is None:
        raise InvalidInput(
            ("Charging: " if charging else "")
            + f"Roll {rule.check}, then give margin: (what {mover.name} won by; a loss as "
            f"a negative number). From {start} a win pushes {target.name} 5 ft, and 5 ft "
            f"more for every 5 points with {mover.name} following, at most "
            f"{feet(most_squares * square)} here.",
        )
    direction = _away(start, mover_side, target.cell, target_side)
    spent = square  # entering its space
    notes = [Note("Bull rush", f"{rule.check}: {mover.name} won by {request.margin}.")]
    if charging:
        notes.insert(
            0,
            Note(
                "Charge",
                f"A bull rush as part of a charge: it pushes {target.name} instead of "
                f"attacking, with +2 on the check ({rule.cite}).",
            ),
        )
    pushed_path: tuple[Cell, ...]
    if request.margin < 0:
        end, pushed_path = start, (target.cell,)
        notes = [
            Note(
                "Bull rush",
                f"{mover.name} lost the check: it moves back to {start}, where it entered "
                f"{target.name}'s space from ({rule.cite}).",
            )
        ]
        after = before
    else:
        wanted = 1 + request.margin // 5
        squares = min(wanted, most_squares)
        goal = Cell(
            target.cell.col + direction[0] * squares, target.cell.row + direction[1] * squares
        )
        goal = _clamped(before, goal)
        pushed = forced_move(
            rules,
            before,
            target,
            MoveRequest(token=target.name, to=goal, forced="push", by=mover.name),
        )
        pushed_path = pushed.path
        moved_squares = len(pushed_path) - 1
        after = pushed.encounter
        if moved_squares:
            end = Cell(
                pushed_path[-1].col - direction[0] * mover_side,
                pushed_path[-1].row - direction[1] * mover_side,
            )
            spent += square * (moved_squares - 1)
        else:
            end = start
        text = (
            f"{target.name} is pushed {feet(moved_squares * square)} to {pushed_path[-1]}"
            f" and {mover.name} follows to {end}"
            if moved_squares
            else f"{target.name} can't be pushed: {mover.name} stays at {start}"
        )
        if wanted > most_squares:
            text += (
                f" (won by {request.margin}: {feet(wanted * square)}, but only "
                f"{feet(most_squares * square)} with the movement it had left on entering)"
            )
        stopped = [n.text for n in pushed.warnings if n.label == "Stopped"]
        notes.append(Note("Push", text + "." + (f" {stopped[0]}" if stopped else "")))
    final = replace(
        after.tokens[mover.key],
        cell=end,
        activity=replace(activity, spent_ft=round(activity.spent_ft + spent, 4)),
    )
    after = after.with_token(final)
    provoked = dict(approach.provoked_at) if approach is not None else {}
    entering = next(iter(sorted(target_cells, key=lambda c: (c.row, c.col))))
    provoked.setdefault(target.name, entering)
    base_path = approach.path if approach is not None else (mover.cell,)
    base_steps = approach.steps if approach is not None else ()
    base_cost = approach.cost_ft if approach is not None else 0.0
    # the mover's own squares after the approach: into the foe's space, then following
    followed = [
        Cell(p.col - direction[0] * mover_side, p.row - direction[1] * mover_side)
        for p in pushed_path[1:]
    ]
    path = (*base_path, *followed)
    step_list = list(base_steps)
    running = base_cost
    for i, cell in enumerate(followed):
        running += square
        step_list.append(
            Step(cell, square, round(running, 4), "entering" if i == 0 else "following")
        )
    total = base_cost + spent
    bull: dict[str, JSONValue] = {
        "target": target.name,
        "from": str(start),
        "margin": request.margin,
        "pushed_path": [str(c) for c in pushed_path],
        "most_ft": most_squares * square,
        "charge": charging,
    }
    return MoveResult(
        encounter=after,
        token=final,
        action="bull-rush",
        mode="walk",
        path=path,
        steps=tuple(step_list),
        cost_ft=round(total, 4),
        used_ft=round(final.activity.spent_ft, 4),
        total_ft=float(final.activity.budget_ft),
        provokes=tuple(provoked),
        provoked_at=provoked,
        source=rules.source("Bull Rush", "Charge") if charging else rules.source("Bull Rush"),
        warnings=(
            # a charge's attack is the push here (002: "instead of attacking your foe")
            *(w for w in (approach.warnings if approach else ()) if w.label != "Charge"),
            Note("Entering", f"Entering {target.name}'s space provokes it ({rule.cite})."),
            *notes,
        ),
        notes=approach.notes if approach is not None else (),
        extra={"bull_rush": bull},
        done_for_the_turn=rules.done_for_the_turn(final.activity),
    )


def _charge_approach(
    rules: Ruleset,
    encounter: Encounter,
    request: MoveRequest,
    beside: set[Cell],
    jump_rule: JumpRule | None,
) -> MoveResult:
    """The charge to the closest square beside the foe (002 Charge: "You must move ... to
    the closest square from which you can attack your opponent"); of equally close ones,
    the most nearly straight on that a charge reaches. Refused as the closest one's
    charge is."""
    from bot.rules.engine.pipeline import plan_move

    mover = encounter.token(request.token)
    by_distance = sorted(
        (
            rules.distance_ft(mover.cell, c),
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
            return plan_move(rules, encounter, replace(request, to=cell), jump_rule=jump_rule)
        except IllegalMove as caught:
            refusal = refusal or caught
    assert refusal is not None
    raise refusal


def _beside(encounter: Encounter, target_cells: set[Cell], side: int) -> set[Cell]:
    """The squares a mover of ``side`` squares may stand on touching the target."""
    out = set()
    cols = range(min(c.col for c in target_cells) - side, max(c.col for c in target_cells) + 2)
    rows = range(min(c.row for c in target_cells) - side, max(c.row for c in target_cells) + 2)
    for col in cols:
        for row in rows:
            anchor = Cell(col, row)
            mine = set(footprint(anchor, side))
            if mine & target_cells or not all(encounter.on_map(c) for c in mine):
                continue
            if any(
                max(abs(a.col - b.col), abs(a.row - b.row)) == 1 for a in mine for b in target_cells
            ):
                out.add(anchor)
    return out


def _away(start: Cell, side: int, target: Cell, target_side: int) -> tuple[int, int]:
    """The direction straight away from the mover (one of eight), centre to centre."""
    dc = (target.col + target_side / 2) - (start.col + side / 2)
    dr = (target.row + target_side / 2) - (start.row + side / 2)
    return (dc > 0) - (dc < 0), (dr > 0) - (dr < 0)


def _clamped(encounter: Encounter, cell: Cell) -> Cell:
    return Cell(
        min(max(cell.col, 0), encounter.width - 1), min(max(cell.row, 0), encounter.height - 1)
    )


__all__ = ["BULL_RUSH_ACTIONS", "BullRushRule", "bull_rush_move", "is_bull_rush"]
