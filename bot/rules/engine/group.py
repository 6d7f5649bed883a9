"""Several tokens moving together at the slowest one's rate, the formation kept: the
mechanism; a ruleset that has such a rule supplies it and its wording.
Pure: no Discord, no database.
"""

from __future__ import annotations

from dataclasses import replace

from bot.encounter import Encounter
from bot.errors import IllegalMove, InvalidInput, RulingError
from bot.grid.coords import Cell
from bot.rules.engine.moves import MoveRequest, MoveResult
from bot.rules.engine.plan import PlanContext
from bot.rules.rulings import MoveRefused, Note
from bot.units import feet


def move_together(
    ctx: PlanContext, encounter: Encounter, request: MoveRequest, *, cite: str
) -> MoveResult:
    """The leader moves to ``to``; each member moves by the same offset, every one
    within what the slowest can spend. All of them move, or none. ``cite`` is the
    rule's section, for the note."""
    rules = ctx.rules
    if request.to is None or request.via or request.jump is not None:
        raise InvalidInput("A group move takes to: only (no via:, no jump:).")
    leader = encounter.token(request.token)
    members = [leader] + [encounter.token(name) for name in request.group]
    if len({m.key for m in members}) != len(members):
        raise InvalidInput("group: each token once, and not the one that leads.")
    budgets = []
    for member in members:
        single = replace(request, token=member.name, group=())
        allowance = rules.economy.allowance(
            encounter, member, single, rules.sheet.token_movement(member)
        )
        budgets.append((allowance.available_ft, member.name))
    cap, slowest = min(budgets)
    dc, dr = request.to.col - leader.cell.col, request.to.row - leader.cell.row
    after = encounter
    results: list[MoveResult] = []
    for member in members:
        goal = Cell(member.cell.col + dc, member.cell.row + dr)
        single = replace(request, token=member.name, to=goal, group=())
        try:
            result = ctx.move(after, single, budget_cap_ft=cap)
        except MoveRefused as exc:
            raise MoveRefused(replace(exc.refusal, group_rate=(slowest, cap))) from exc
        except RulingError as exc:
            raise IllegalMove(
                f"The group moves at {slowest}'s rate ({feet(cap)}), and {member.name} can't "
                f"keep formation: {exc}"
            ) from exc
        after = result.encounter
        results.append(result)
    return _together(results, after, slowest, cap, cite)


def _together(
    results: list[MoveResult], after: Encounter, slowest: str, cap: float, cite: str
) -> MoveResult:
    lead = results[0]
    note = Note(
        "Group",
        f"Moving together at the slowest member's rate: {slowest}, {feet(cap)} ({cite}). "
        + "; ".join(
            f"{r.token.name} {r.path[0]} → {r.path[-1]} ({feet(r.cost_ft)})" for r in results[1:]
        ),
    )
    return replace(
        lead,
        encounter=after,
        notes=(*lead.notes, note),
        extra={
            **lead.extra,
            "group": [
                {"token": r.token.name, "path": [str(c) for c in r.path], "cost_ft": r.cost_ft}
                for r in results[1:]
            ],
        },
    )
