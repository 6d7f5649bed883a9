"""Stages 6 and 7 of one /move (``engine/pipeline.py``): the attacks the path
provokes, what it cost (a change of altitude included), the token where it ends and
the notes the reply carries, as a ``MoveResult``. Pure: no Discord, no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.encounter import Activity, Condition, Token
from bot.errors import IllegalMove, RulingError
from bot.grid.coords import Cell
from bot.grid.paths import EPSILON
from bot.grid.terrain import Terrain
from bot.limits import MAX_LEG_SQUARES, MAX_LEGS
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.altitude import altitude, at_altitude
from bot.rules.engine.attacks import opportunity_attacks
from bot.rules.engine.moves import MoveResult, Step
from bot.rules.engine.plan import MovePlan, Route
from bot.rules.engine.through import through_notes
from bot.rules.rulings import JSONValue, Note
from bot.units import feet

if TYPE_CHECKING:
    pass


def result_of(plan: MovePlan, route: Route) -> MoveResult:
    rules, allowance = plan.rules, plan.allowance
    provoked_at = opportunity_attacks(plan, route.cells)
    through_json: dict[str, JSONValue] | None = None
    rule = rules.through_rule(allowance.stance.through) if allowance.stance.through else None
    if rule is not None:
        said, entering, through_json = through_notes(
            rule, plan.board, route.cells, charging=allowance.action == "charge"
        )
        plan.notes.extend(said)
        already = set(allowance.activity.provoked_by)
        for name, cell in entering.items():
            if name not in already and name not in provoked_at:
                provoked_at[name] = cell
                provoked_at.entering.add(name)
    provokes = tuple(provoked_at)
    climb = _climbed(plan, route)
    cost = route.cost + plan.stand_cost + climb
    activity = replace(
        allowance.activity,
        spent_ft=round(allowance.activity.spent_ft + cost, 4),
        diagonals=route.diagonals,
        provoked_by=tuple(dict.fromkeys((*allowance.activity.provoked_by, *provokes))),
        legs=_legs(
            allowance.activity.legs,
            () if allowance.mode == "forced" else route.cells,
            hidden=plan.token.hidden,
        ),
    )
    moved = _moved(plan, route, activity)
    steps = _steps(route)
    if provokes:
        entered = provoked_at.entering
        where = ", ".join(
            f"{n} ({'entering' if n in entered else 'leaving'} {provoked_at[n]})" for n in provokes
        )
        plan.notes.insert(0, Note("Provokes", f"Opportunity attack from {where}."))
    _path_notes(plan, route, steps, moved)
    done = rules.economy.done_for_the_turn(activity)
    extra: dict[str, JSONValue] = {"full_round": allowance.full_round, **allowance.extra}
    if through_json is not None:
        extra["through"] = through_json
    if plan.request.up_ft or altitude(moved):
        extra["altitude_ft"] = altitude(moved)
    if plan.stand_cost:
        extra["stand_cost_ft"] = plan.stand_cost
    sections = _other_moves(steps, extra, allowance.sections)
    return MoveResult(
        encounter=plan.board.encounter.with_token(moved),
        token=moved,
        action=allowance.action,
        mode=allowance.mode,
        path=tuple(route.cells),
        steps=steps,
        cost_ft=round(cost, 4),
        used_ft=round(activity.spent_ft, 4),
        total_ft=float(activity.budget_ft),
        provokes=provokes,
        provoked_at=provoked_at,
        source=rules.source(*sections),
        warnings=tuple(plan.notes),
        notes=allowance.notes,
        extra=extra,
        done_for_the_turn=done,
        again_ft=0.0 if done else _again_ft(plan, moved),
    )


def _again_ft(plan: MovePlan, moved: Token) -> float:
    """How much more movement the same action taken again would give after this move
    (3.5's second move action), beyond what is left: a number for the reply, found by
    asking the ruleset, so no ruleset is named here. Standing up without moving asks
    the same of a plain move: what the move action it leaves would give."""
    rules, allowance = plan.rules, plan.allowance
    # only the plain move: a second dash or run is a feature's or the GM's call
    if not allowance.crosses or allowance.action not in ("move", "stand"):
        return 0.0
    if allowance.action == "stand" and plan.request.to not in (None, moved.cell):
        return 0.0
    encounter = plan.board.encounter.with_token(moved)
    again = replace(
        plan.request, to=moved.cell, via=(), jump=None, action=MoveAction.MOVE, bonus=None
    )
    try:
        following = rules.economy.allowance(encounter, moved, again, plan.ctx.movement)
    except RulingError:
        return 0.0
    left = moved.activity.left_ft
    more = following.available_ft - left
    return round(more, 4) if more > EPSILON else 0.0


def _other_moves(
    steps: tuple[Step, ...], extra: dict[str, JSONValue], sections: tuple[str, ...]
) -> tuple[str, ...]:
    """What a walk spent moving otherwise, in ``extra``: climbing a slope it can't Walk
    (000 Walk), flying on the way (004 Combining Movement Types, added to ``sections``)."""
    flown_ft = sum(s.cost_ft for s in steps if "flying" in s.why.split(", "))
    climbed_ft = sum(s.cost_ft for s in steps if "climbing" in s.why.split(", "))
    if climbed_ft:
        extra["climbed_ft"] = climbed_ft
    if flown_ft:
        extra["flown_ft"] = flown_ft
        sections = (*sections, "Combining Movement Types")
    return sections


def _climbed(plan: MovePlan, route: Route) -> float:
    """The change of altitude's cost, now that the squares crossed are known, checked
    against what the action allows; the reply says what it cost."""
    up = plan.request.up_ft
    if not up:
        return 0.0
    rules = plan.rules
    squares = max(0, len(route.cells) - 1)
    climb = rules.steps.climb_cost_ft(plan.token, squares, up)
    total = route.cost + plan.stand_cost + climb
    if rules.dive_rule and plan.allowance.action == "charge" and up < 0:
        # 001 Fly: "a dive attack works just like a charge, but the diving creature must
        # move a minimum of 30 feet and descend at least 10 feet"
        flown = route.cost + abs(up)
        if abs(up) < 10 or flown < 30:
            raise IllegalMove(
                f"A dive must cover at least 30 ft and descend at least 10 ft; this one "
                f"covers {feet(flown)} and descends {feet(abs(up))} ({rules.dive_rule})."
            )
        plan.note(
            "Dive", f"A dive attack: claws or talons only, double damage ({rules.dive_rule})."
        )
    available = plan.allowance.available_ft
    if total > available + EPSILON and plan.allowance.crosses:
        raise IllegalMove(
            f"{plan.token.name} can't go {'up' if up > 0 else 'down'} {feet(abs(up))} on the "
            f"way: that costs {feet(climb)} more ({rules.vertical.text}), {feet(total)} in all, "
            f"and the action allows {feet(available)}."
        )
    now = altitude(plan.token) + up
    plan.note(
        "Altitude",
        f"{'Up' if up > 0 else 'Down'} {feet(abs(up))} to "
        + (f"{feet(now)} above the ground" if now else "the ground")
        + f": {feet(climb)} of movement ({rules.vertical.text}).",
    )
    return climb


def _legs(
    before: tuple[tuple[Cell, ...], ...], path: Sequence[Cell], *, hidden: bool
) -> tuple[tuple[Cell, ...], ...]:
    """This turn's legs with ``path`` added (the last ``MAX_LEGS``, each cut to its last
    ``MAX_LEG_SQUARES``). A hidden token's move keeps none: once revealed, its picture
    never shows where it went unseen."""
    if hidden:
        return ()
    if len(path) < 2:
        return before
    return (*before, tuple(path[-MAX_LEG_SQUARES:]))[-MAX_LEGS:]


def _moved(plan: MovePlan, route: Route, activity: Activity) -> Token:
    """The token after the move: where it ends, what it spent, its conditions."""
    rules, allowance, token = plan.rules, plan.allowance, plan.token
    conditions = set(token.conditions)
    if allowance.stance.stand_up:
        conditions.discard(Condition.PRONE.value)
    if allowance.stance.drop_prone:
        conditions.add(Condition.PRONE.value)
    changes, notes_after = rules.steps.after_path(plan.ctx, token, route.cells)
    for name, added in (*allowance.condition_changes, *changes):
        (conditions.add if added else conditions.discard)(name)
    plan.notes.extend(notes_after)
    crossed = len(route.cells) > 1 and allowance.crosses
    moved = replace(token, cell=route.end, activity=activity, conditions=frozenset(conditions))
    if plan.request.up_ft:
        moved = at_altitude(moved, altitude(token) + plan.request.up_ft)
    if crossed:
        moved = rules.steps.moved_as(plan.board, moved, route.end, allowance.mode)
    return allowance.after(moved) if allowance.after is not None else moved


def _path_notes(plan: MovePlan, route: Route, steps: tuple[Step, ...], moved: Token) -> None:
    """Squeezing, hazards and still being prone, for the reply."""
    squeezed = [s.cell for s in steps if "squeezing" in s.why]
    if squeezed:
        plan.note("Squeezing", "Squeezes through " + " ".join(str(c) for c in squeezed) + ".")
    _flight_notes(plan, route, steps)
    hazards = [c for c in route.cells[1:] if plan.board.terrain(c) is Terrain.HAZARD]
    if hazards:
        where = " ".join(str(c) for c in hazards)
        plan.note("Hazard", f"Enters hazardous terrain at {where}.")
    prone = Condition.PRONE.value in moved.conditions
    if prone and not plan.allowance.stance.drop_prone and len(route.cells) > 1:
        plan.note("Prone", f"{plan.token.name} is still prone.")


def _flight_notes(plan: MovePlan, route: Route, steps: tuple[Step, ...]) -> None:
    """A walk that took to the air on the way (004 Combining Movement Types), and ends
    flying over a pit: flying on, or falling."""
    flown = [s for s in steps if "flying" in s.why.split(", ")]
    board = plan.board
    over_pit = next((c for c in board.cells(route.end) if board.terrain(c) is Terrain.PIT), None)
    if flown:
        walked_ft = sum(s.cost_ft for s in steps) - sum(s.cost_ft for s in flown)
        plan.note(
            "Combined movement",
            f"Walks {feet(walked_ft)} and flies {feet(sum(s.cost_ft for s in flown))} "
            f"(over {' '.join(str(s.cell) for s in flown)}); each square's cost comes off "
            "both speeds.",
        )
        if over_pit is not None and "flying" in steps[-1].why:
            plan.note(
                "In the air",
                f"{plan.token.name} ends flying over the pit at {over_pit}: it keeps "
                "flying, or falls (/fall).",
            )
    # stepping into a pit and falling (004 Hazardous Terrain) is the consequences
    # stage's, as for a creature any kind of move leaves there (engine/falls.py)


def _steps(route: Route) -> tuple[Step, ...]:
    total = 0.0
    out: list[Step] = []
    for edge in route.edges:
        total += edge.cost_ft
        out.append(Step(edge.to, round(edge.cost_ft, 4), round(total, 4), edge.why))
    return tuple(out)
