"""One /move, the same way for every ruleset: budget, search, check, provoke.

``plan_move`` asks the ruleset (bot.rules.ruleset) for the
action's allowance, searches the cheapest legal path within it (waypoints,
straight-line actions, charges by the shortest path), checks where the move may
end, finds who is provoked, and builds the new state; an illegal move raises
with the square and rule that stop it and the nearest square the token can
reach instead. Pure: no Discord, no database.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from bot.encounter import Condition, Encounter, Token
from bot.errors import IllegalMove, InvalidInput, RulingError
from bot.grid.coords import Cell
from bot.grid.geometry import chebyshev, corner_lines, line_squares, on_one_line
from bot.grid.search import (
    EPSILON,
    MAX_NODES,
    Edge,
    Found,
    SearchTooLarge,
    StepFn,
    cheapest_path,
    reachable,
)
from bot.grid.terrain import Terrain
from bot.rules.engine.board import MAX_WAYPOINTS, Allowance, Board, StepContext, hostile, join
from bot.rules.engine.forced import forced_move
from bot.rules.engine.moves import MoveRequest, MoveResult, Step
from bot.rules.engine.steps import Stepper, barriers, blocks, enter, provokes_on
from bot.rules.rulings import JSONValue, JumpRequest, JumpResult, Note
from bot.units import feet

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

# ------------------------------------------------------------------ the move

# Squares a search made only to explain a refusal may expand: the explanation must
# stay cheap whatever the map (one command's work is bounded).
DIAGNOSIS_NODES = 6_000


@dataclass
class _Plan:
    cells: list[Cell] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    cost: float = 0.0
    diagonals: int = 0


JumpRule = Callable[[JumpRequest], JumpResult]


def plan_move(
    rules: Ruleset,
    encounter: Encounter,
    request: MoveRequest,
    *,
    jump_rule: JumpRule | None = None,
    budget_cap_ft: float | None = None,
) -> MoveResult:
    """The whole of one /move under ``rules``: a result, or an error that changes nothing.

    ``jump_rule`` is the ruleset's /jump, for a move with a jump on the way."""
    token = encounter.token(request.token)
    if request.forced:
        return forced_move(rules, encounter, token, request)
    movement = rules.token_movement(token)
    if request.group and budget_cap_ft is None:
        return group_move(rules, encounter, request, jump_rule=jump_rule)
    allowance = rules.allowance(encounter, token, request, movement)
    if budget_cap_ft is not None and budget_cap_ft < allowance.available_ft:
        allowance = replace(allowance, available_ft=budget_cap_ft)
    board = Board.of(encounter, token, rules.footprint_squares)
    ctx = StepContext(board, movement, allowance, stood=allowance.stand_up)
    warnings: list[Note] = []
    spent_before = allowance.activity.spent_ft
    stand_cost = allowance.stand_cost_ft
    staying = request.to == token.cell and not request.via and request.jump is None
    if request.to is None or staying:
        if not (allowance.stand_up or allowance.drop_prone):
            if staying:
                raise InvalidInput(
                    f"{token.name} is already at {token.cell}: give to: another square "
                    "(nothing was spent)."
                )
            raise InvalidInput("Say where to: to:<square>, e.g. to:D4.")
        plan = _Plan(cells=[token.cell])
    else:
        targets = [*request.via, request.to]
        if len(request.via) > MAX_WAYPOINTS:
            raise InvalidInput(f"At most {MAX_WAYPOINTS} waypoints (via:), please.")
        for cell in targets:
            if not board.on_map(cell):
                raise InvalidInput(
                    f"{cell} is off the map: it runs from A1 to "
                    f"{Cell(encounter.width - 1, encounter.height - 1)}."
                )
        found_plan: _Plan | None
        if request.jump is not None:
            if jump_rule is None:
                raise InvalidInput("This ruleset has no jumping on the grid.")
            found_plan = _jump_plan(rules, ctx, token, request, stand_cost, jump_rule, warnings)
        elif allowance.teleport:
            found_plan = _teleport(rules, ctx, token, request.to, warnings)
        else:
            found_plan = _search(rules, ctx, token, targets, stand_cost)
        plan_or_none = found_plan
        if plan_or_none is None:
            minimum = rules.full_round_minimum(token, allowance)
            plan_or_none = _minimum_move(rules, ctx, token, targets, minimum)
            if plan_or_none is not None and minimum is not None:
                allowance = minimum
                ctx = replace(ctx, allowance=minimum)
                warnings.append(
                    Note(
                        "Minimum movement",
                        "Too hampered to move even one square normally: a full-round "
                        "action moves it 5 ft (this isn't a 5-foot step; it provokes as normal).",
                    )
                )
        if plan_or_none is None:
            raise _why_not(rules, ctx, token, request, targets, stand_cost)
        plan = plan_or_none
        end = plan.cells[-1]
        problem = rules.end_problem(ctx, end)
        if problem:
            raise IllegalMove(f"{token.name} can't end at {end}: {problem}.")
        sharing = [
            o.name
            for o in board.others_in(board.cells(end))
            if rules.pass_creature(ctx.board, o).squeezing
        ]
        if sharing:
            _squeeze_into_shared_space(token, ctx, plan, stand_cost, sharing, request)
            warnings.append(
                Note(
                    "Squeezing",
                    f"Shares {', '.join(sharing)}'s space: both are squeezing "
                    "(−4 on attacks and AC).",
                )
            )
        if allowance.min_ft and plan.cost < allowance.min_ft - EPSILON:
            raise IllegalMove(
                f"A {allowance.action} must cover at least {feet(allowance.min_ft)}; "
                f"{token.cell} to {end} is {feet(plan.cost)}."
            )
        if allowance.shortest_path:
            warnings.append(_charge_target(rules, ctx, token, end))
    provokes, provoked_at = _opportunity_attacks(rules, ctx, token, plan.cells, allowance)
    cost = plan.cost + stand_cost
    activity = replace(
        allowance.activity,
        spent_ft=round(spent_before + cost, 4),
        diagonals=plan.diagonals,
        provoked_by=tuple(dict.fromkeys((*allowance.activity.provoked_by, *provokes))),
    )
    conditions = set(token.conditions)
    if allowance.stand_up:
        conditions.discard(Condition.PRONE.value)
    if allowance.drop_prone:
        conditions.add(Condition.PRONE.value)
    changes, notes_after = rules.after_path(ctx, token, plan.cells)
    for name, added in (*allowance.condition_changes, *changes):
        (conditions.add if added else conditions.discard)(name)
    warnings.extend(notes_after)
    moved = replace(
        token,
        cell=plan.cells[-1],
        activity=activity,
        conditions=frozenset(conditions),
        last_mode=rules.end_mode(board, plan.cells[-1], allowance.mode)
        if len(plan.cells) > 1 and not allowance.teleport
        else token.last_mode,
        **allowance.updates,  # type: ignore[arg-type]
    )
    after = encounter.with_token(moved)
    steps = _steps(plan)
    if provokes:
        where = ", ".join(f"{n} (leaving {provoked_at[n]})" for n in provokes)
        warnings.insert(0, Note("Provokes", f"Opportunity attack from {where}."))
    squeezed = [s.cell for s in steps if "squeezing" in s.why]
    if squeezed:
        warnings.append(
            Note("Squeezing", "Squeezes through " + " ".join(str(c) for c in squeezed) + ".")
        )
    hazards = [c for c in plan.cells[1:] if board.terrain(c) is Terrain.HAZARD]
    if hazards:
        warnings.append(
            Note("Hazard", "Enters hazardous terrain at " + " ".join(str(c) for c in hazards) + ".")
        )
    if (
        Condition.PRONE.value in moved.conditions
        and not allowance.drop_prone
        and len(plan.cells) > 1
    ):
        warnings.append(Note("Prone", f"{token.name} is still prone."))
    extra: dict[str, JSONValue] = {"full_round": allowance.full_round}
    if stand_cost:
        extra["stand_cost_ft"] = stand_cost
    return MoveResult(
        encounter=after,
        token=moved,
        action=allowance.action,
        mode=allowance.mode,
        path=tuple(plan.cells),
        steps=steps,
        cost_ft=round(cost, 4),
        used_ft=round(activity.spent_ft, 4),
        total_ft=float(activity.budget_ft),
        provokes=provokes,
        provoked_at=provoked_at,
        source=rules.source(*allowance.sections),
        warnings=tuple(warnings),
        notes=allowance.notes,
        extra=extra,
        done_for_the_turn=rules.done_for_the_turn(activity),
    )


def _steps(plan: _Plan) -> tuple[Step, ...]:
    total = 0.0
    out: list[Step] = []
    for edge in plan.edges:
        total += edge.cost_ft
        out.append(Step(edge.to, round(edge.cost_ft, 4), round(total, 4), edge.why))
    return tuple(out)


def _corridors(
    allowance: Allowance, start: Cell, goal: Cell
) -> list[Callable[[Cell], bool] | None]:
    """The squares a path may use: anywhere, or for a straight action (run, charge) the
    squares of one corner-to-corner line, tried line by line (002 "Run")."""
    if not allowance.straight:
        return [None]
    return [line.__contains__ for line in corner_lines(start, goal)]


class _Unhampered:
    """A step function that refuses what hampers movement (run, charge, 5-foot step)."""

    def __init__(self, step: Stepper) -> None:
        self.step = step
        self.why_not = step.why_not
        self.hampered: dict[Cell, str] = {}

    def __call__(self, frm: Cell, to: Cell, diagonals: int, spent: float) -> Edge | None:
        edge = self.step(frm, to, diagonals, spent)
        if edge is not None and edge.hampered:
            self.hampered.setdefault(to, edge.why)
            return None
        return edge


def _path(
    rules: Ruleset,
    ctx: StepContext,
    step: StepFn,
    start: Cell,
    goal: Cell,
    budget: float,
    *,
    spent_ft: float = 0.0,
    diagonals: int | None = None,
    allowed: Callable[[Cell], bool] | None = None,
    penalty: Callable[[Cell, Cell], float] | None = None,
    diagnosing: bool = False,
) -> Found | None:
    """``cheapest_path`` with what the ruleset and this move fix: the lower bound per
    step, the diagonal parity, and (by default) the diagonals the turn has counted.

    A search that hits its cap is refused clearly (give waypoints); one made only to
    explain a refusal (``diagnosing``) gets a smaller cap and just gives up."""
    try:
        return cheapest_path(
            start,
            goal,
            step,
            budget_ft=budget,
            min_step_ft=rules.min_step_ft(ctx),
            spent_ft=spent_ft,
            diagonals=ctx.allowance.activity.diagonals if diagonals is None else diagonals,
            parity=rules.diagonal_parity,
            allowed=allowed,
            penalty=penalty,
            max_nodes=DIAGNOSIS_NODES if diagnosing else MAX_NODES,
        )
    except SearchTooLarge:
        if diagnosing:
            return None
        raise IllegalMove(
            f"The way from {start} to {goal} is too complex to search: give via: waypoints "
            f"along the way (e.g. via:{_midpoint(start, goal)}), or a nearer square."
        ) from None


def _midpoint(a: Cell, b: Cell) -> Cell:
    return Cell((a.col + b.col) // 2, (a.row + b.row) // 2)


def _search(
    rules: Ruleset,
    ctx: StepContext,
    token: Token,
    targets: list[Cell],
    stand_cost: float,
    *,
    diagnosing: bool = False,
) -> _Plan | None:
    """The cheapest legal path through ``targets`` within the action's budget."""
    allowance = ctx.allowance
    budget = allowance.available_ft - stand_cost
    if budget < -EPSILON:
        return None
    if allowance.one_square and (len(targets) > 1 or chebyshev(token.cell, targets[0]) > 1):
        return None
    corridors = _corridors(allowance, token.cell, targets[-1])
    if allowance.straight:
        corridors = [c for c in corridors if c is not None and all(c(t) for t in targets)]
        if not corridors:
            raise IllegalMove(
                f"A {allowance.action} goes in a straight line, and no straight line from "
                f"{token.cell} to {targets[-1]} passes {' '.join(str(t) for t in targets[:-1])} "
                "(002 Run)."
            )
    best: _Plan | None = None
    if allowance.straight and len(corridors) > 1:
        # most runs are plain: search all the lines' squares at once, and only
        # when that path bends off every single line, try the lines one by one
        union = line_squares(token.cell, targets[-1])
        quick = _search_within(
            rules, ctx, token, targets, budget, union.__contains__, diagnosing=diagnosing
        )
        if quick is not None and on_one_line(token.cell, targets[-1], tuple(quick.cells)):
            corridors = []
            best = quick
    for corridor in corridors:
        plan = _search_within(rules, ctx, token, targets, budget, corridor, diagnosing=diagnosing)
        if plan is not None and (best is None or plan.cost < best.cost - EPSILON):
            best = plan
    shortest = rules.distance_ft(token.cell, targets[-1])
    if best is not None and allowance.shortest_path and best.cost > shortest + EPSILON:
        return None  # 002 Charge: by the shortest path; if that is hampered, no charge
    return best


def _step_for(rules: Ruleset, ctx: StepContext) -> Stepper | _Unhampered:
    step = rules.stepper(ctx)
    return _Unhampered(step) if ctx.allowance.unhampered else step


def _search_within(
    rules: Ruleset,
    ctx: StepContext,
    token: Token,
    targets: list[Cell],
    budget: float,
    corridor: Callable[[Cell], bool] | None,
    *,
    diagnosing: bool = False,
) -> _Plan | None:
    allowance = ctx.allowance
    step = _step_for(rules, ctx)
    plan = _Plan(cells=[token.cell], diagonals=allowance.activity.diagonals)
    start = token.cell
    for goal in targets:
        found: Found | None
        if start == goal:
            continue
        if allowance.free_square_ft is not None:
            edge = step(start, goal, plan.diagonals, plan.cost)
            if edge is None or edge.hampered:
                return None
            edge = replace(edge, cost_ft=allowance.free_square_ft)
            found = Found((start, goal), (edge,), edge.cost_ft, plan.diagonals)
        else:
            found = _path(
                rules,
                ctx,
                step,
                start,
                goal,
                budget,
                spent_ft=plan.cost,
                diagonals=plan.diagonals,
                allowed=corridor,
                penalty=_avoid_provoking(rules, ctx) if allowance.provokes else None,
                diagnosing=diagnosing,
            )
        if found is None:
            return None
        plan.cells.extend(found.cells[1:])
        plan.edges.extend(found.edges)
        plan.cost += found.cost_ft
        plan.diagonals = found.diagonals
        start = goal
    return plan


def _charge_target(rules: Ruleset, ctx: StepContext, token: Token, end: Cell) -> Note:
    """002 Charge: "directly toward a foe ... to the closest square from which you can
    attack your opponent". The charge must end where the token can attack a hostile
    creature, and no open square from which it could attack that one is closer."""
    board = ctx.board
    foes = [
        other
        for other in board.encounter.tokens.values()
        if other.key != token.key and hostile(token, other) and not other.has(Condition.DEAD)
    ]
    here = rules.threatened(board, replace(token, cell=end))
    targets = [f for f in foes if here & set(board.footprint_of(f))]
    if not targets:
        raise IllegalMove(
            f"A charge ends where {token.name} can attack a foe (002 Charge): nobody hostile "
            f"is within its reach at {end}."
        )
    run_ft = rules.distance_ft(token.cell, end)
    nearer: list[tuple[Token, Cell]] = []
    for foe in targets:
        closest = _closest_attack_square(rules, ctx, token, foe)
        if closest is None or run_ft <= rules.distance_ft(token.cell, closest) + EPSILON:
            return Note("Charge", f"Charges {foe.name}: one melee attack at the end (002 Charge).")
        nearer.append((foe, closest))
    foe, closest = nearer[0]
    raise IllegalMove(
        f"A charge goes to the closest square from which {token.name} can attack its foe "
        f"(002 Charge): for {foe.name} that is {closest} "
        f"({feet(rules.distance_ft(token.cell, closest))} away), not {end}."
    )


def _closest_attack_square(
    rules: Ruleset, ctx: StepContext, token: Token, foe: Token
) -> Cell | None:
    """The nearest square (by distance) where the token may stand and attack ``foe``."""
    board = ctx.board
    span = 2 * (board.side + board.sides.get(foe.key, 1)) + 4  # reach weapons included
    foe_squares = set(board.footprint_of(foe))
    best: tuple[float, int, int, Cell] | None = None
    for col in range(foe.cell.col - span, foe.cell.col + span + 1):
        for row in range(foe.cell.row - span, foe.cell.row + span + 1):
            anchor = Cell(col, row)
            if not all(board.on_map(c) for c in board.cells(anchor)):
                continue
            if not rules.threatened(board, replace(token, cell=anchor)) & foe_squares:
                continue
            if anchor != token.cell and (
                enter(rules, ctx, anchor, anchor)[0] or rules.end_problem(ctx, anchor)
            ):
                continue
            key = (rules.distance_ft(token.cell, anchor), row, col, anchor)
            if best is None or key < best:
                best = key
    return best[3] if best is not None else None


def _squeeze_into_shared_space(
    token: Token,
    ctx: StepContext,
    plan: _Plan,
    stand_cost: float,
    sharing: list[str],
    request: MoveRequest,
) -> None:
    """004 Squeezing: "Entering a square which requires squeezing is treated as
    difficult terrain" — the last step, into the shared space, costs double (once:
    difficult terrain doesn't stack). Passing through a friend's space is not
    squeezing; only ending there is. Refused where the action can't afford it or
    can't be hampered (run, charge, 5-foot step)."""
    if request.jump is not None or not plan.edges:
        return  # a jump's landing is its own length
    allowance, last = ctx.allowance, plan.edges[-1]
    where = f"squeezing into {', '.join(sharing)}'s space counts as difficult terrain"
    if allowance.unhampered or allowance.free_square_ft is not None:
        what = "a 5-foot step" if allowance.free_square_ft is not None else f"a {allowance.action}"
        raise IllegalMove(
            f"{token.name} can't end at {plan.cells[-1]}: {where} (004 Squeezing), and "
            f"{what} can't be hampered."
        )
    if last.hampered:
        return  # already difficult: it doesn't double again
    cost = plan.cost + last.cost_ft
    if cost + stand_cost > allowance.available_ft + EPSILON:
        raise IllegalMove(
            f"{token.name} can't end at {plan.cells[-1]}: {where} (004 Squeezing), so the "
            f"move costs {feet(cost + stand_cost)} and {allowance.action} allows "
            f"{feet(allowance.available_ft)}."
        )
    plan.edges[-1] = replace(
        last, cost_ft=2 * last.cost_ft, why=join(last.why, "squeezing ×2"), hampered=True
    )
    plan.cost = cost


def _stray(start: Cell, end: Cell, cell: Cell) -> int:
    """How far ``cell`` lies off the line from ``start`` to ``end`` (scaled by its length)."""
    across, down = end.col - start.col, end.row - start.row
    return abs(across * (cell.row - start.row) - down * (cell.col - start.col))


def _jump_plan(
    rules: Ruleset,
    ctx: StepContext,
    token: Token,
    request: MoveRequest,
    stand_cost: float,
    jump_rule: JumpRule,
    warnings: list[Note],
) -> _Plan:
    """Move to a take-off square, jump in a straight line to ``request.jump``, then on
    to ``request.to``: the cheapest such way within the budget. The jump's length is
    spent like any movement and limited by the ruleset's /jump (its check and run-up)."""
    landing, goal = request.jump, request.to
    assert landing is not None and goal is not None
    board, allowance = ctx.board, ctx.allowance
    budget = allowance.available_ft - stand_cost
    if not board.on_map(landing):
        raise InvalidInput(f"jump: {landing} is off the map.")
    problem, _ = enter(rules, ctx, landing, landing)
    if problem:
        raise IllegalMove(f"{token.name} can't land at {landing}: {problem}.")
    end = rules.end_problem(ctx, landing)
    if end:
        raise IllegalMove(f"{token.name} can't land at {landing}: {end}.")
    step = rules.stepper(ctx)
    costs = reachable(
        token.cell,
        step,
        budget_ft=budget,
        diagonals=allowance.activity.diagonals,
        parity=rules.diagonal_parity,
    )
    size = token.size.name.lower()
    best: tuple[tuple[float, float, int], Cell, float, JumpResult] | None = None
    too_short: JumpResult | None = None
    easiest_dc: tuple[int, float] | None = None  # without check: the lowest DC, its length
    for takeoff, cost in costs.items():
        length = rules.distance_ft(takeoff, landing)
        if length <= 0 or cost + length > budget + EPSILON:
            continue
        if rules.end_problem(ctx, takeoff) or not _clear_jump(rules, board, takeoff, landing):
            continue
        # the jump clears the squares between its footprints; landing is the last step
        cleared = max(0.0, length - board.side * rules.square_ft)
        ruling = jump_rule(
            JumpRequest(
                size=size, check=request.check, run_up_ft=int(cost), distance_ft=int(cleared)
            )
        )
        if ruling.max_horizontal_ft is None:
            if ruling.dc is None:
                raise IllegalMove(f"This ruleset has no jump rule ({ruling.source.cite()}).")
            if easiest_dc is None or (ruling.dc, cleared) < easiest_dc:
                easiest_dc = (ruling.dc, cleared)
            continue
        if cleared > ruling.max_horizontal_ft + EPSILON:
            too_short = too_short or ruling
            continue
        # cheapest; then the longest run-up; then the take-off nearest the line
        key = (cost + length, -cost, _stray(token.cell, landing, takeoff))
        if best is None or key < best[0]:
            best = (key, takeoff, cost, ruling)
    if easiest_dc is not None:
        dc, cleared = easiest_dc
        raise IllegalMove(
            f"How far {token.name} jumps takes a check under this ruleset: give check:"
            f"<total> (the easiest way to {landing} clears {cleared:g} ft, DC {dc})."
        )
    if best is None:
        if too_short is not None:
            raise IllegalMove(
                f"{token.name} can't jump to {landing}: it jumps at most "
                f"{feet(too_short.max_horizontal_ft or 0)} from any square it can reach."
            )
        raise IllegalMove(
            f"{token.name} can't jump to {landing}: no square it can reach this turn leaves "
            "room to jump there in a straight line."
        )
    _, takeoff, cost, ruling = best
    run_up = _path(rules, ctx, step, token.cell, takeoff, budget)
    assert run_up is not None
    length = rules.distance_ft(takeoff, landing)
    plan = _Plan(list(run_up.cells), list(run_up.edges), run_up.cost_ft, run_up.diagonals)
    plan.cells.append(landing)
    plan.edges.append(Edge(landing, length, plan.diagonals, f"jump {feet(length)}"))
    plan.cost += length
    warnings.append(
        Note(
            "Jump",
            f"From {takeoff} to {landing}, clearing "
            f"{feet(max(0.0, length - board.side * rules.square_ft))} "
            f"(it can clear {feet(ruling.max_horizontal_ft or 0)}).",
        )
    )
    warnings.extend(ruling.notes[:2])
    if board.terrain(landing) in (Terrain.DIFFICULT, Terrain.SLOPE, Terrain.OBSTACLE):
        warnings.append(
            Note(
                "Landing",
                f"{landing} is difficult terrain: a check to keep its balance or it lands "
                "prone (000 Jumping Through Difficult Terrain; the GM rules elsewhere).",
            )
        )
    if goal != landing:
        rest = _path(
            rules, ctx, step, landing, goal, budget, spent_ft=plan.cost, diagonals=plan.diagonals
        )
        if rest is None:
            raise IllegalMove(
                f"{token.name} lands at {landing} with {feet(budget - plan.cost)} left, not "
                f"enough to go on to {goal}."
            )
        plan.cells.extend(rest.cells[1:])
        plan.edges.extend(rest.edges)
        plan.cost += rest.cost_ft
        plan.diagonals = rest.diagonals
    return plan


def _clear_jump(rules: Ruleset, board: Board, takeoff: Cell, landing: Cell) -> bool:
    """Nothing solid on the line between the squares' centres: no wall or pillar square
    and no wall or closed door crossed (pits, water, rubble and creatures are what
    jumps are for)."""
    steps = 8 * max(abs(landing.col - takeoff.col), abs(landing.row - takeoff.row))
    previous = takeoff
    for i in range(1, steps + 1):
        t = i / steps
        col = takeoff.col + 0.5 + (landing.col - takeoff.col) * t
        row = takeoff.row + 0.5 + (landing.row - takeoff.row) * t
        cell = Cell(int(col), int(row))
        if cell == previous:
            continue
        if board.terrain(cell).blocks or barriers(board, previous, cell)[0]:
            return False
        previous = cell
    return True


def _teleport(
    rules: Ruleset, ctx: StepContext, token: Token, goal: Cell, warnings: list[Note]
) -> _Plan:
    """000 Teleport: no path; an occupied or blocked destination becomes the nearest
    unoccupied space ("Teleporting Into Obstacles")."""
    board = ctx.board

    def free(anchor: Cell) -> bool:
        cells = board.cells(anchor)
        return all(
            board.on_map(c) and not blocks(board.terrain(c), "fly") for c in cells
        ) and not board.others_in(cells)

    if not free(goal):
        candidates = [
            Cell(c, r)
            for c in range(board.encounter.width)
            for r in range(board.encounter.height)
            if free(Cell(c, r)) or Cell(c, r) == token.cell
        ]
        if not candidates:
            raise IllegalMove("There is no unoccupied space to teleport into.")
        best = min(candidates, key=lambda c: (chebyshev(c, goal), c.row, c.col))
        warnings.append(
            Note(
                "Teleport",
                f"{goal} is occupied or blocked: {token.name} appears in the nearest "
                f"unoccupied space, {best} (000 Teleport).",
            )
        )
        goal = best
    edge = Edge(goal, 0.0, ctx.allowance.activity.diagonals, "teleport")
    return _Plan([token.cell, goal], [edge], 0.0, ctx.allowance.activity.diagonals)


def _avoid_provoking(rules: Ruleset, ctx: StepContext) -> Callable[[Cell, Cell], float] | None:
    """Among equally cheap paths, prefer one that leaves no enemy's threatened squares."""
    if rules.provoke_rule == "never":
        return None
    board = ctx.board
    zones = [
        _zone(rules, ctx, enemy)
        for enemy in board.encounter.tokens.values()
        if enemy.key != board.mover.key
        and hostile(enemy, board.mover)
        and not enemy.has(Condition.INCAPACITATED)
    ]
    zones = [z for z in zones if z]
    if not zones:
        return None

    def penalty(frm: Cell, to: Cell) -> float:
        before, after = board.cells(frm), board.cells(to)
        return sum(1 for z in zones if provokes_on(rules.provoke_rule, before, after, z))

    return penalty


def _minimum_move(
    rules: Ruleset,
    ctx: StepContext,
    token: Token,
    targets: list[Cell],
    minimum: Allowance | None,
) -> _Plan | None:
    if minimum is None or len(targets) != 1 or chebyshev(token.cell, targets[0]) != 1:
        return None
    min_ctx = replace(ctx, allowance=minimum)
    edge = rules.stepper(min_ctx)(token.cell, targets[0], minimum.activity.diagonals, 0.0)
    if edge is None:
        return None
    edge = replace(edge, cost_ft=float(rules.square_ft), why=join(edge.why, "full-round action"))
    return _Plan([token.cell, targets[0]], [edge], float(rules.square_ft), edge.diagonals)


def _why_not(
    rules: Ruleset,
    ctx: StepContext,
    token: Token,
    request: MoveRequest,
    targets: list[Cell],
    stand_cost: float,
) -> IllegalMove:
    """Say which square and which rule stop the move, and the nearest legal alternative:
    one paragraph for the console, and a title, Why and Instead for an embed."""
    allowance = ctx.allowance
    goal = targets[-1]
    name = token.name
    action = allowance.action
    footer = rules.source(*allowance.sections).cite()

    def refusal(
        title: str, why: str, instead: tuple[str, ...] = (), message: str = ""
    ) -> IllegalMove:
        message = message or " ".join((f"{title}: {why}.", *(f"{i}." for i in instead)))
        fields: tuple[tuple[str, str], ...] = (("Why", _sentence(why)),)
        if instead:
            fields += (("Instead", "; or ".join(instead)),)
        return IllegalMove(message, title=title, fields=fields, footer=footer)

    # the goal itself may be impossible to stand on
    problem, _ = enter(rules, ctx, goal, goal)
    if problem:
        return refusal(f"{name} can't move to {goal}", problem)
    end = rules.end_problem(ctx, goal)
    if end:
        return refusal(f"{name} can't end at {goal}", end)
    budget = allowance.available_ft - stand_cost
    if budget <= EPSILON and allowance.activity.spent_ft > 0:
        used = allowance.activity
        more = ("action:dash gains more",) if "dash" in rules.actions else ()
        title = f"{name} has no movement left this turn"
        spent = f"{feet(used.spent_ft)} of {feet(used.budget_ft)} used"
        ways = (*more, "/turn next starts the next turn")
        return refusal(title, spent, ways, f"{title} ({spent}): {', or '.join(ways)}.")
    if allowance.one_square:
        return refusal(*_why_not_one_square(rules, ctx, token, targets))
    # what would it cost with twice the movement (bounded: at most 120 ft more)?
    generous = min(max(2 * max(budget, 0.0), budget + 6 * rules.square_ft), budget + 120)
    roomy = replace(ctx, allowance=replace(allowance, available_ft=generous))
    limited = allowance.straight or allowance.unhampered or allowance.shortest_path
    constrained = (
        _search(rules, roomy, token, targets, stand_cost, diagnosing=True) if limited else None
    )
    free = replace(roomy, allowance=replace(roomy.allowance, unhampered=False, straight=False))
    free_step = rules.stepper(free)
    full = _path(rules, ctx, free_step, token.cell, goal, generous, diagnosing=True)
    if not limited and full is not None and len(targets) == 1:
        constrained = _Plan(list(full.cells), list(full.edges), full.cost_ft, full.diagonals)
    reason: str
    if constrained is not None and constrained.cost > budget + EPSILON:
        reason = f"that costs {feet(constrained.cost)} and {action} allows {feet(budget)}"
    elif allowance.shortest_path and full is not None:
        shortest = rules.distance_ft(token.cell, goal)
        reason = (
            f"a charge goes by the shortest path ({feet(shortest)}), and that one is "
            "hampered or blocked (002 Charge)"
        )
    elif (allowance.straight or allowance.unhampered) and full is not None:
        what = "in a straight line with " if allowance.straight else "with "
        reason = f"a {action} goes {what}nothing hampering it, and no such path reaches it"
    elif full is None:
        why = free_step.why_not.get(goal)
        reason = why or (
            f"no legal path reaches it within {feet(generous)} ({action} allows {feet(budget)})"
            + _nearest_block(free_step, token.cell, goal)
        )
    else:
        reason = f"that costs {feet(full.cost_ft)} and {action} allows {feet(budget)}"
    instead: list[str] = []
    best = _along(rules, ctx, constrained, budget) if constrained is not None else None
    if best is None:
        best = _nearest_alternative(rules, ctx, token, goal, budget)
    if best is not None:
        cell, cost = best
        instead.append(f"{name} can reach {cell} for {feet(cost)}")
    if full is not None:
        bigger = _bigger_action(rules, ctx, token, request, full.cost_ft + stand_cost)
        if bigger:
            instead.append(bigger)
    return refusal(f"{name} can't reach {goal}", reason, tuple(instead))


def _bigger_action(
    rules: Ruleset, ctx: StepContext, token: Token, request: MoveRequest, cost_ft: float
) -> str:
    """ "action:double reaches it (60 ft)" when the ruleset's next bigger action (dash,
    double move, run) would cover ``cost_ft`` and may be taken now; else ""."""
    bigger = rules.band_action
    if bigger == ctx.allowance.action or ctx.allowance.one_square or request.via:
        return ""
    try:
        other = rules.allowance(
            ctx.board.encounter, token, replace(request, action=bigger), ctx.movement
        )
    except RulingError:
        return ""
    if other.straight or other.unhampered or cost_ft > other.available_ft + EPSILON:
        return ""  # a run may not take this path; don't promise it
    return f"action:{bigger} reaches it ({feet(other.available_ft)} of movement)"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _why_not_one_square(
    rules: Ruleset, ctx: StepContext, token: Token, targets: list[Cell]
) -> tuple[str, str]:
    """A 5-foot step or a crawl: one square, and what stops that square (title, why)."""
    allowance, goal, name = ctx.allowance, targets[-1], token.name
    what = "a 5-foot step" if allowance.free_square_ft is not None else f"a {allowance.action}"
    if len(targets) > 1 or chebyshev(token.cell, goal) > 1:
        return f"{name} can't reach {goal}", f"{what} moves one square only"
    step = rules.stepper(ctx)
    edge = step(token.cell, goal, allowance.activity.diagonals, 0.0)
    if edge is None:
        return f"{name} can't step to {goal}", step.why_not.get(goal, "it is not open")
    if allowance.free_square_ft is not None and edge.hampered:
        return (
            f"{name} can't take a 5-foot step to {goal}",
            f"its movement there is hampered ({edge.why}), and a 5-foot step can't be "
            f"({rules.step_rule})",
        )
    return (
        f"{name} can't reach {goal}",
        f"that costs {feet(edge.cost_ft)} and {allowance.action} allows "
        f"{feet(allowance.available_ft)}",
    )


def _nearest_block(step: Stepper, start: Cell, goal: Cell) -> str:
    """The refusal most likely to cut the way: near both ends, a creature or a narrow
    gap before the walls that merely line the room."""
    blocks = [c for c, why in step.why_not.items() if "off the map" not in why]
    if not blocks:
        return ""

    def rank(cell: Cell) -> tuple[int, int, int, int, int]:
        why = step.why_not[cell]
        background = any(f" is {t}:" in why for t in ("wall", "pillar"))
        door = "closed door" in why  # the one block a token can do something about
        detour = chebyshev(start, cell) + chebyshev(cell, goal) - chebyshev(start, goal)
        return (int(background), int(not door), detour, cell.row, cell.col)

    cell = min(blocks, key=rank)
    return f"; in the way: {step.why_not[cell]}"


def _along(
    rules: Ruleset, ctx: StepContext, plan: _Plan, budget: float
) -> tuple[Cell, float] | None:
    """The farthest square along the cheapest way to the goal that the budget reaches
    and the move may end on: the alternative a player expects ("you can reach D4")."""
    best: tuple[Cell, float] | None = None
    spent = 0.0
    for cell, edge in zip(plan.cells[1:], plan.edges, strict=True):
        spent += edge.cost_ft
        if spent > budget + EPSILON:
            break
        if not rules.end_problem(ctx, cell):
            best = (cell, spent)
    return best


def _nearest_alternative(
    rules: Ruleset,
    ctx: StepContext,
    token: Token,
    goal: Cell,
    budget: float,
) -> tuple[Cell, float] | None:
    """The legal end square nearest ``goal`` within the budget, under the action's own
    limits (a run's straight line and unhampered squares included)."""
    if budget <= EPSILON:
        return None
    here = chebyshev(token.cell, goal)
    choices: list[tuple[int, float, int, int, Cell]] = []
    for corridor in _corridors(ctx.allowance, token.cell, goal):
        costs = reachable(
            token.cell,
            _step_for(rules, ctx),
            budget_ft=budget,
            diagonals=ctx.allowance.activity.diagonals,
            parity=rules.diagonal_parity,
            allowed=corridor,
            max_nodes=DIAGNOSIS_NODES,
        )
        choices += [
            (chebyshev(cell, goal), cost, cell.row, cell.col, cell)
            for cell, cost in costs.items()
            if cell not in (token.cell, goal) and not rules.end_problem(ctx, cell)
        ]
    if not choices:
        return None
    best = min(choices)
    if best[0] >= here:
        return None
    return best[4], best[1]


def _zone(rules: Ruleset, ctx: StepContext, enemy: Token) -> frozenset[Cell]:
    """``enemy``'s threatened squares, worked out once per move."""
    key = ("zone", enemy.key)
    zone = ctx.memo.get(key)
    if zone is None:
        zone = ctx.memo[key] = rules.threatened(ctx.board, enemy)
    return zone


def _opportunity_attacks(
    rules: Ruleset,
    ctx: StepContext,
    token: Token,
    cells: list[Cell],
    allowance: Allowance,
) -> tuple[tuple[str, ...], dict[str, Cell]]:
    board = ctx.board
    if not allowance.provokes or allowance.teleport or rules.provoke_rule == "never":
        return (), {}
    # one opportunity attack per enemy per round (and per double move, 004)
    already = set(allowance.activity.provoked_by)
    provoked: dict[str, Cell] = {}
    for enemy in board.encounter.tokens.values():
        if enemy.key == token.key or not hostile(enemy, token) or enemy.name in already:
            continue
        if enemy.has(Condition.INCAPACITATED):
            continue
        entered = rules.entering_provokes(board, token, enemy, cells)
        if entered is not None:
            provoked[enemy.name] = entered
            continue
        zone = _zone(rules, ctx, enemy)
        if not zone:
            continue
        if (
            allowance.stand_up
            and allowance.stand_provokes
            and any(c in zone for c in board.cells(token.cell))
        ):
            provoked[enemy.name] = token.cell
            continue
        for i in range(len(cells) - 1):
            if i == 0 and allowance.safe_start:
                continue
            if provokes_on(
                rules.provoke_rule, board.cells(cells[i]), board.cells(cells[i + 1]), zone
            ):
                provoked[enemy.name] = cells[i]
                break
    names = tuple(provoked)
    return names, provoked


def group_move(
    rules: Ruleset,
    encounter: Encounter,
    request: MoveRequest,
    *,
    jump_rule: JumpRule | None = None,
) -> MoveResult:
    """003 "Character Movement Rates": "Groups of characters, if they intend to stay
    together, move at the rate of the slowest character." The leader moves to ``to``;
    each member moves by the same offset (the formation kept), every one within what
    the slowest can spend. All of them move, or none."""
    if not rules.group_moves:
        raise InvalidInput(
            "group: moving together at the slowest member's rate is becmi's rule (003); "
            "under this ruleset move each token on its own."
        )
    if request.to is None or request.via or request.jump is not None:
        raise InvalidInput("A group move takes to: only (no via:, no jump:).")
    leader = encounter.token(request.token)
    members = [leader] + [encounter.token(name) for name in request.group]
    if len({m.key for m in members}) != len(members):
        raise InvalidInput("group: each token once, and not the one that leads.")
    budgets = []
    for member in members:
        single = replace(request, token=member.name, group=())
        allowance = rules.allowance(encounter, member, single, rules.token_movement(member))
        budgets.append((allowance.available_ft, member.name))
    cap, slowest = min(budgets)
    dc, dr = request.to.col - leader.cell.col, request.to.row - leader.cell.row
    after = encounter
    results: list[MoveResult] = []
    for member in members:
        goal = Cell(member.cell.col + dc, member.cell.row + dr)
        single = replace(request, token=member.name, to=goal, group=())
        try:
            result = plan_move(rules, after, single, jump_rule=jump_rule, budget_cap_ft=cap)
        except RulingError as exc:
            raise IllegalMove(
                f"The group moves at {slowest}'s rate ({feet(cap)}), and {member.name} can't "
                f"keep formation: {exc}"
            ) from exc
        after = result.encounter
        results.append(result)
    lead = results[0]
    note = Note(
        "Group",
        f"Moving together at the slowest member's rate: {slowest}, {feet(cap)} (003). "
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
