"""A bull rush's push and the result the reply shows (002 Bull Rush), once the mover
stands beside its foe with the movement it has left: a won check pushes the foe along
the forced path (``engine/forced.py``: it stops before a creature, a wall, in a pit),
the mover following; a lost one sends the mover back. The move itself (the checks, the
approach, the entry) is ``engine/specials/bull_rush.py``'s. Pure: no Discord, no
database.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from bot.encounter import Activity, Encounter, Token
from bot.grid.coords import Cell
from bot.grid.geometry import direction_away
from bot.rules.engine.forced import forced_move
from bot.rules.engine.kinds import BullRushRule
from bot.rules.engine.moves import MoveRequest, MoveResult, Step
from bot.rules.rulings import JSONValue, Note
from bot.units import feet

if TYPE_CHECKING:
    from bot.rules.engine.specials.bull_rush import BullRush
    from bot.rules.ruleset import Ruleset

# 002 Bull Rush: as part of a charge "you get a +2 bonus on your Strength check"
CHARGE_CHECK_BONUS = 2


@dataclass(frozen=True)
class Rush:
    """Who rushes whom, under which rule, and the squares around the foe."""

    rule: BullRushRule
    part: BullRush
    mover: Token
    target: Token
    mover_side: int
    target_side: int
    target_cells: frozenset[Cell]
    # the hidden creatures a player's move has met (MoveRequest.met): the push stops
    # before them as before any creature
    met: tuple[Token, ...] = ()


@dataclass(frozen=True)
class Entered:
    """The mover at the square it rushes from: what it has left to enter and follow."""

    left_ft: float
    activity: Activity
    before: Encounter  # the board after the approach
    square: float
    most_squares: int  # how far it may push and follow


@dataclass(frozen=True)
class Pushed:
    """The check's outcome: where the mover ends, the foe's way, the board after."""

    end: Cell  # where the mover ends
    pushed_path: tuple[Cell, ...]  # the foe's squares, its start first
    after: Encounter
    spent: float  # what entering and following cost
    notes: tuple[Note, ...]
    direction: tuple[int, int]


def push_back(rules: Ruleset, rush: Rush, entered: Entered, start: Cell, margin: int) -> Pushed:
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
        return Pushed(start, (target.cell,), entered.before, entered.square, (lost,), direction)
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
            token=target.name,
            to=_clamped(entered.before, goal),
            forced="push",
            by=mover.name,
            met=rush.met,
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
    return Pushed(end, pushed.path, pushed.encounter, spent, tuple(notes), direction)


def rush_result(
    rules: Ruleset,
    rush: Rush,
    entered: Entered,
    start: Cell,
    approach: MoveResult | None,
    pushed: Pushed,
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


def _clamped(encounter: Encounter, cell: Cell) -> Cell:
    return Cell(
        min(max(cell.col, 0), encounter.width - 1), min(max(cell.row, 0), encounter.height - 1)
    )


__all__ = ["CHARGE_CHECK_BONUS", "Entered", "Pushed", "Rush", "push_back", "rush_result"]
