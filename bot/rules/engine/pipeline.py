"""One /move, the same way for every ruleset, stage by stage: the request, the
ruleset's allowance for the action, the path search, the end-of-move checks, the
attacks the move provokes, the result. Each stage lives in its own module
(search, jump, attacks, refusal, group); an illegal move raises with the square
and rule that stop it and the nearest square the token can reach instead.
Pure: no Discord, no database.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.encounter import Activity, Condition, Encounter, Token
from bot.errors import IllegalMove, InvalidInput, RulingError
from bot.grid.coords import Cell
from bot.grid.search import EPSILON, Edge
from bot.grid.terrain import Terrain
from bot.rules.engine.altitude import MAX_ALTITUDE_FT, altitude, at_altitude
from bot.rules.engine.attacks import charge_target, opportunity_attacks
from bot.rules.engine.board import MAX_WAYPOINTS, Allowance, Board, Stance, StepContext
from bot.rules.engine.forced import forced_move
from bot.rules.engine.heavy import heavy_move
from bot.rules.engine.jump import JumpRule, jump_route
from bot.rules.engine.mounts import (
    RIDING,
    carried,
    control_mount,
    mount_of,
    needs_control,
    riding_note,
    seated,
)
from bot.rules.engine.moves import MoveRequest, MoveResult, Step
from bot.rules.engine.plan import MovePlan, Route
from bot.rules.engine.refusal import sealed_off, why_not
from bot.rules.engine.search import enclosure, minimum_route, minimum_step, search_route
from bot.rules.engine.specials import PlainMove, PlanContext, special_move
from bot.rules.engine.through import through_notes
from bot.rules.rulings import JSONValue, MoveRefused, Note, Refusal, RefusalReason
from bot.units import feet

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

__all__ = ["JumpRule", "plan_move"]


def plan_move(
    rules: Ruleset,
    encounter: Encounter,
    request: MoveRequest,
    *,
    jump_rule: JumpRule | None = None,
    budget_cap_ft: float | None = None,
    dragging: str = "",
) -> MoveResult:
    """The whole of one /move under ``rules``: a result, or an error that changes nothing.

    ``jump_rule`` is the ruleset's /jump, for a move with a jump on the way;
    ``dragging`` names a grappled creature dragged along (its cost is the ruleset's)."""
    token = encounter.token(request.token)
    if request.special is not None:  # a special move of the registry plans it
        ctx = PlanContext(rules, jump_rule, _plain_move(rules, jump_rule))
        return special_move(request.special).plan(ctx, encounter, request, request.special)
    if request.heavy:
        return heavy_move(rules, encounter, request, jump_rule=jump_rule)
    airborne = request.up_ft or altitude(token)
    if airborne and request.mode is None and "fly" in token.speeds_ft and not request.forced:
        request = replace(request, mode="fly")  # in the air, a flyer flies
    if request.up_ft and request.to is None:
        request = replace(request, to=token.cell)  # straight up or down
    unseated: tuple[Note, ...] = ()
    controlled: tuple[Note, dict[str, Cell], dict[str, JSONValue]] | None = None
    mount = mount_of(encounter, token)
    if mount is not None and request.forced:
        # a rider pushed, pulled or slid is out of the saddle
        token = token.with_state(**{RIDING: None})
        encounter = encounter.with_token(token)
        unseated = (Note("Unseated", f"{token.name} is moved off {mount.name}."),)
    elif mount is not None:
        control = needs_control(rules, mount)
        if control is not None:  # 002 Control a Frightened Mount
            if request.jump is not None:
                raise InvalidInput(
                    "check: is the Ride check here: control the mount, then jump in a "
                    "move of its own."
                )
            rider, note, provoked = control_mount(
                rules, encounter, token, mount, control, request.check
            )
            encounter = encounter.with_token(rider)
            checked: dict[str, JSONValue] = {
                "rider": rider.name,
                "check": request.check,
                "dc": control.dc,
                "controlled": request.check is not None and request.check >= control.dc,
            }
            if not checked["controlled"]:
                return _mount_not_controlled(rules, encounter, mount, note, provoked, checked)
            controlled = (note, provoked, checked)
        # a rider moves with its mount, on the mount's movement (002)
        token, request = mount, replace(request, token=mount.name, check=None)
    board, riders = carried(encounter, token)
    result = _move(rules, board, token, request, jump_rule, budget_cap_ft, dragging)
    if controlled is not None:
        note, provoked, checked = controlled
        provoked_at = {**provoked, **result.provoked_at}
        result = replace(
            result,
            provokes=tuple(provoked_at),
            provoked_at=provoked_at,
            warnings=(note, *result.warnings),
            extra={**result.extra, "control": checked},
        )
    if riders:
        result = replace(
            result,
            encounter=seated(
                encounter, result.encounter, riders, result.path[-1], altitude(result.token)
            ),
            warnings=(*result.warnings, riding_note(result.token, riders)),
        )
    if unseated:
        result = replace(result, warnings=(*result.warnings, *unseated))
    return result


def _plain_move(rules: Ruleset, jump_rule: JumpRule | None) -> PlainMove:
    """The pipeline's own move, as a special move is lent it (``PlanContext.move``)."""

    def plain(
        encounter: Encounter,
        request: MoveRequest,
        *,
        budget_cap_ft: float | None = None,
        dragging: str = "",
    ) -> MoveResult:
        return plan_move(
            rules,
            encounter,
            request,
            jump_rule=jump_rule,
            budget_cap_ft=budget_cap_ft,
            dragging=dragging,
        )

    return plain


def _mount_not_controlled(
    rules: Ruleset,
    encounter: Encounter,
    mount: Token,
    note: Note,
    provoked: dict[str, Cell],
    checked: dict[str, JSONValue],
) -> MoveResult:
    """A failed check to control a mount (002 Control a Frightened Mount): nothing moves
    (the GM moves the mount as it will), the rider's turn is over, and the check still
    provoked."""
    return MoveResult(
        encounter=encounter,
        token=mount,
        action="control-mount",
        mode="walk",
        path=(mount.cell,),
        steps=(),
        cost_ft=0.0,
        used_ft=mount.activity.spent_ft,
        total_ft=mount.activity.budget_ft,
        provokes=tuple(provoked),
        provoked_at=provoked,
        source=rules.source("Control a Frightened Mount"),
        warnings=(note,),
        extra={"control": checked},
        done_for_the_turn=True,
    )


def _move(
    rules: Ruleset,
    encounter: Encounter,
    token: Token,
    request: MoveRequest,
    jump_rule: JumpRule | None,
    budget_cap_ft: float | None,
    dragging: str,
) -> MoveResult:
    if request.forced:
        return forced_move(rules, encounter, token, request)
    if request.group and budget_cap_ft is None:
        return rules.group_move(encounter, request, jump_rule)
    plan = _plan(rules, encounter, token, request, budget_cap_ft, dragging)
    plan, route = _route(plan, jump_rule)
    return _result(plan, route)


def _plan(
    rules: Ruleset,
    encounter: Encounter,
    token: Token,
    request: MoveRequest,
    budget_cap_ft: float | None,
    dragging: str = "",
) -> MovePlan:
    """Parse the request and ask the ruleset what the action allows."""
    movement = rules.token_movement(token)
    allowance = rules.allowance(encounter, token, request, movement)
    if budget_cap_ft is not None and budget_cap_ft < allowance.available_ft:
        allowance = replace(allowance, available_ft=budget_cap_ft)
    if dragging:
        allowance = replace(allowance, stance=replace(allowance.stance, dragging=dragging))
    if request.through:
        allowance = _through(rules, token, request.through, allowance)
    board = Board.of(encounter, token, rules.footprint_squares)
    ctx = StepContext(board, movement, allowance, stood=allowance.stance.stand_up)
    targets = _targets(board, token, request, allowance.stance)
    climb = _climb(rules, token, request, allowance)
    return MovePlan(rules, ctx, token, request, targets, climb_ft=climb)


def _climb(rules: Ruleset, token: Token, request: MoveRequest, allowance: Allowance) -> float:
    """What the change of altitude costs before the path is known (all of it, except
    under cubes, where it depends on the squares crossed), checked: only a flyer moves
    in the air (004 Three Dimensional Movement; 000 Fly)."""
    up, high = request.up_ft, altitude(token)
    if not up and not high:
        return 0.0
    if allowance.crosses and allowance.mode != "fly":
        where = f"{token.name} is {feet(high)} up" if high else "Changing altitude"
        raise IllegalMove(
            f"{where}: it moves in the air by flying (mode:fly); a creature that stops "
            "flying falls (/fall)."
        )
    if high + up < 0:
        raise InvalidInput(
            f"down: {token.name} is {feet(high)} up: it can't go lower than the ground."
        )
    if high + up > MAX_ALTITUDE_FT:
        raise InvalidInput(f"up: at most {MAX_ALTITUDE_FT:,} ft above the board.")
    if up and not allowance.crosses:
        return 0.0  # a teleport arrives at the height it names
    if rules.vertical.cost == "cubes":
        return 0.0
    return rules.climb_cost_ft(token, 0, up)


def _through(rules: Ruleset, token: Token, kind: str, allowance: Allowance) -> Allowance:
    """The allowance letting the path pass opponents' spaces (overrun, tumble), checked
    against the ruleset's rule for ``kind``."""
    rule = rules.through_rule(kind)
    if rule is None:
        ways = ", ".join(r.kind for r in rules.moving_through)
        raise InvalidInput(
            f"through:{kind} isn't in {rules.name}'s movement rules"
            + (
                f" (it has: {ways})."
                if ways
                else ": moving through an opponent's space is the GM's call there."
            )
        )
    if allowance.action not in rule.actions:
        raise InvalidInput(
            f"through:{kind} goes with action:{' or '.join(rule.actions)}, not {allowance.action}."
        )
    if allowance.mode != "walk":
        raise InvalidInput(f"through:{kind} is made on foot: leave out mode:.")
    return replace(allowance, stance=replace(allowance.stance, through=kind))


def _targets(board: Board, token: Token, request: MoveRequest, stance: Stance) -> list[Cell]:
    """The waypoints and the end, checked; none for a token that stays put."""
    staying = request.to == token.cell and not request.via and request.jump is None
    if request.up_ft and (request.to is None or staying):
        return []  # straight up or down
    if request.to is None or staying:
        if stance.stand_up or stance.drop_prone:
            return []
        if staying:
            raise InvalidInput(
                f"{token.name} is already at {token.cell}: give to: another square "
                "(nothing was spent)."
            )
        raise InvalidInput("Say where to: to:<square>, e.g. to:D4.")
    if len(request.via) > MAX_WAYPOINTS:
        raise InvalidInput(f"At most {MAX_WAYPOINTS} waypoints (via:), please.")
    targets = [*request.via, request.to]
    for cell in targets:
        if not board.on_map(cell):
            encounter = board.encounter
            raise InvalidInput(
                f"{cell} is off the map: it runs from A1 to "
                f"{Cell(encounter.width - 1, encounter.height - 1)}."
            )
    return targets


# ------------------------------------------------------------------ the route


def _route(plan: MovePlan, jump_rule: JumpRule | None) -> tuple[MovePlan, Route]:
    """The path search, then the end-of-move checks; the plan may change (a minimum
    move takes a full-round action)."""
    if not plan.targets:
        return plan, Route(cells=[plan.token.cell])
    plan, route = _search(plan, jump_rule)
    end = route.end
    problem = plan.rules.end_problem(plan.ctx, end)
    if problem:
        raise _refused(
            plan, end, RefusalReason.CANNOT_END_THERE, at=end, rule=problem, at_goal=True
        )
    route = _share_space(plan, route)
    limits = plan.allowance.limits
    if limits.min_ft and route.cost < limits.min_ft - EPSILON:
        raise _refused(
            plan,
            end,
            RefusalReason.ACTION_LIMIT,
            limit="min-distance",
            min_ft=limits.min_ft,
            cost_ft=route.cost,
        )
    if limits.shortest_path:
        plan.notes.append(charge_target(plan, end))
    return plan, route


def _refused(plan: MovePlan, end: Cell, reason: RefusalReason, **fields: Any) -> MoveRefused:
    """A refusal at the end of the route, as data (the handler writes the words)."""
    return MoveRefused(
        Refusal(
            reason=reason,
            token=plan.token.name,
            goal=end,
            start=plan.token.cell,
            source=plan.rules.source(*plan.allowance.sections),
            action=plan.allowance.action,
            **fields,
        )
    )


def _search(plan: MovePlan, jump_rule: JumpRule | None) -> tuple[MovePlan, Route]:
    if plan.request.jump is not None:
        if jump_rule is None:
            raise InvalidInput("This ruleset has no jumping on the grid.")
        return plan, jump_route(plan, jump_rule)
    if not plan.allowance.crosses:
        return plan, _arrive(plan)
    sealed = enclosure(plan)
    if sealed is not None:
        raise sealed_off(plan, sealed)
    route = search_route(plan)
    if route is not None:
        return plan, route
    minimum = minimum_route(plan)
    route = minimum_step(minimum) if minimum is not None else None
    if minimum is None or route is None:
        raise why_not(plan)
    minimum.note(
        "Minimum movement",
        "Too hampered to move even one square normally: a full-round "
        "action moves it 5 ft (this isn't a 5-foot step; it provokes as normal).",
    )
    return minimum, route


def _arrive(plan: MovePlan) -> Route:
    """A move that crosses nothing (a teleport): the ruleset says where it lands."""
    goal, notes = plan.rules.arrival(plan.ctx, plan.token, plan.goal)
    plan.notes.extend(notes)
    diagonals = plan.allowance.activity.diagonals
    kind = plan.allowance.mode
    return Route([plan.token.cell, goal], [Edge(goal, 0.0, diagonals, kind)], 0.0, diagonals)


def _share_space(plan: MovePlan, route: Route) -> Route:
    board = plan.board
    sharing = [
        o.name
        for o in board.others_in(board.cells(route.end))
        if plan.rules.pass_creature(board, o).squeezing
    ]
    if not sharing:
        return route
    jumped = plan.request.jump is not None
    route, notes = plan.rules.share_space(plan.ctx, route, sharing, jumped=jumped)
    plan.notes.extend(notes)
    return route


# ------------------------------------------------------------------ the result


def _result(plan: MovePlan, route: Route) -> MoveResult:
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
            if name not in already:
                provoked_at.setdefault(name, cell)
    provokes = tuple(provoked_at)
    climb = _climbed(plan, route)
    cost = route.cost + plan.stand_cost + climb
    activity = replace(
        allowance.activity,
        spent_ft=round(allowance.activity.spent_ft + cost, 4),
        diagonals=route.diagonals,
        provoked_by=tuple(dict.fromkeys((*allowance.activity.provoked_by, *provokes))),
    )
    moved = _moved(plan, route, activity)
    steps = _steps(route)
    if provokes:
        board = plan.board
        entered = {
            t.name
            for t in board.encounter.tokens.values()
            if t.name in provoked_at and provoked_at[t.name] in board.footprint_of(t)
        }
        where = ", ".join(
            f"{n} ({'entering' if n in entered else 'leaving'} {provoked_at[n]})" for n in provokes
        )
        plan.notes.insert(0, Note("Provokes", f"Opportunity attack from {where}."))
    _path_notes(plan, route, steps, moved)
    done = rules.done_for_the_turn(activity)
    extra: dict[str, JSONValue] = {"full_round": allowance.full_round}
    if through_json is not None:
        extra["through"] = through_json
    if plan.request.up_ft or altitude(moved):
        extra["altitude_ft"] = altitude(moved)
    if plan.stand_cost:
        extra["stand_cost_ft"] = plan.stand_cost
    sections = allowance.sections
    flown_ft = sum(s.cost_ft for s in steps if "flying" in s.why.split(", "))
    if flown_ft:  # a walk that took to the air on the way (004)
        extra["flown_ft"] = flown_ft
        sections = (*sections, "Combining Movement Types")
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
    again = replace(plan.request, to=moved.cell, via=(), jump=None, action="move")
    try:
        following = rules.allowance(encounter, moved, again, plan.ctx.movement)
    except RulingError:
        return 0.0
    left = moved.activity.left_ft
    more = following.available_ft - left
    return round(more, 4) if more > EPSILON else 0.0


def _climbed(plan: MovePlan, route: Route) -> float:
    """The change of altitude's cost, now that the squares crossed are known, checked
    against what the action allows; the reply says what it cost."""
    up = plan.request.up_ft
    if not up:
        return 0.0
    rules = plan.rules
    squares = max(0, len(route.cells) - 1)
    climb = rules.climb_cost_ft(plan.token, squares, up)
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


def _moved(plan: MovePlan, route: Route, activity: Activity) -> Token:
    """The token after the move: where it ends, what it spent, its conditions."""
    rules, allowance, token = plan.rules, plan.allowance, plan.token
    conditions = set(token.conditions)
    if allowance.stance.stand_up:
        conditions.discard(Condition.PRONE.value)
    if allowance.stance.drop_prone:
        conditions.add(Condition.PRONE.value)
    changes, notes_after = rules.after_path(plan.ctx, token, route.cells)
    for name, added in (*allowance.condition_changes, *changes):
        (conditions.add if added else conditions.discard)(name)
    plan.notes.extend(notes_after)
    crossed = len(route.cells) > 1 and allowance.crosses
    moved = replace(token, cell=route.end, activity=activity, conditions=frozenset(conditions))
    if plan.request.up_ft:
        moved = at_altitude(moved, altitude(token) + plan.request.up_ft)
    if crossed:
        moved = rules.moved_as(plan.board, moved, route.end, allowance.mode)
    return allowance.after(moved) if allowance.after is not None else moved


def _path_notes(plan: MovePlan, route: Route, steps: tuple[Step, ...], moved: Token) -> None:
    """Squeezing, hazards and still being prone, for the reply."""
    squeezed = [s.cell for s in steps if "squeezing" in s.why]
    if squeezed:
        plan.note("Squeezing", "Squeezes through " + " ".join(str(c) for c in squeezed) + ".")
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
    elif (
        plan.rules.pits_enterable
        and plan.allowance.mode != "fly"
        and len(route.cells) > 1
        and over_pit is not None
    ):
        plan.notes.extend(plan.rules.pit_fall(board, over_pit))
    hazards = [c for c in route.cells[1:] if plan.board.terrain(c) is Terrain.HAZARD]
    if hazards:
        where = " ".join(str(c) for c in hazards)
        plan.note("Hazard", f"Enters hazardous terrain at {where}.")
    prone = Condition.PRONE.value in moved.conditions
    if prone and not plan.allowance.stance.drop_prone and len(route.cells) > 1:
        plan.note("Prone", f"{plan.token.name} is still prone.")


def _steps(route: Route) -> tuple[Step, ...]:
    total = 0.0
    out: list[Step] = []
    for edge in route.edges:
        total += edge.cost_ft
        out.append(Step(edge.to, round(edge.cost_ft, 4), round(total, 4), edge.why))
    return tuple(out)
