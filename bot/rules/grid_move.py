"""One /move, the same way for every ruleset: parse, budget, search, check, provoke.

A ruleset supplies a ``GridRules``: how much a token may spend on an action
(``allowance``), what one step costs (``step_cost``), who may pass whom
(``pass_creature``), where a move may end, which squares an enemy threatens
and when leaving them provokes. This module does the rest once: the path
search (bounded by the allowance), waypoints, straight-line actions, the
"you can reach D4 for 25 ft" alternative, opportunity attacks and the new
state. Pure: no Discord, no database.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal

from bot.encounter import Activity, Condition, Encounter, Token
from bot.errors import IllegalMove, InvalidInput, RulingError
from bot.grid.coords import Cell
from bot.grid.geometry import chebyshev, corner_lines, footprint, line_squares, on_one_line
from bot.grid.search import EPSILON, PENALTY, Edge, Found, cheapest_path, reachable
from bot.grid.terrain import Barrier, Terrain
from bot.rules.base import JSONValue, Note, Source
from bot.rules.movement import MODES, MoveRequest, MoveResult, Step, TokenMovement
from bot.rules.sizes import Size

MAX_WAYPOINTS = 10
HOSTILE: frozenset[frozenset[str]] = frozenset({frozenset({"party", "enemy"})})


def hostile(a: Token, b: Token) -> bool:
    return frozenset({a.team, b.team}) in HOSTILE


def ft(value: float) -> str:
    """Feet as a reply shows them: whole feet when whole, else one decimal."""
    rounded = round(value, 1)
    return f"{rounded:g} ft" if rounded != int(rounded) else f"{int(rounded)} ft"


# ------------------------------------------------------------------ the board


@dataclass(frozen=True)
class Board:
    """The encounter as one mover sees it: who stands where, and the terrain."""

    encounter: Encounter
    mover: Token
    side: int
    sides: Mapping[str, int]
    occupants: Mapping[Cell, tuple[Token, ...]]

    @classmethod
    def of(cls, encounter: Encounter, mover: Token, footprints: Mapping[Size, int]) -> Board:
        sides = {k: footprints.get(t.size, 1) for k, t in encounter.tokens.items()}
        occupants: dict[Cell, list[Token]] = {}
        for key, token in encounter.tokens.items():
            if key == mover.key:
                continue
            for cell in footprint(token.cell, sides[key]):
                occupants.setdefault(cell, []).append(token)
        return cls(
            encounter,
            mover,
            sides[mover.key],
            sides,
            {c: tuple(ts) for c, ts in occupants.items()},
        )

    def terrain(self, cell: Cell) -> Terrain:
        return self.encounter.terrain.get(cell, Terrain.CLEAR)

    def on_map(self, cell: Cell) -> bool:
        return 0 <= cell.col < self.encounter.width and 0 <= cell.row < self.encounter.height

    def cells(self, anchor: Cell) -> tuple[Cell, ...]:
        return footprint(anchor, self.side)

    def others_in(self, cells: Iterable[Cell]) -> list[Token]:
        seen: dict[str, Token] = {}
        for cell in cells:
            for token in self.occupants.get(cell, ()):
                seen.setdefault(token.key, token)
        return list(seen.values())

    def footprint_of(self, token: Token) -> tuple[Cell, ...]:
        return footprint(token.cell, self.sides.get(token.key, 1))


# ------------------------------------------------------------------ actions


@dataclass(frozen=True)
class Allowance:
    """What one action lets a token do in this command."""

    action: str
    mode: str
    available_ft: float  # what this command may spend
    activity: Activity  # the token's activity with the action taken, before spending
    sections: tuple[str, ...]
    straight: bool = False  # run, charge: a straight line (002 "Run")
    unhampered: bool = False  # run, charge: nothing that hampers movement
    no_creatures: bool = False  # charge: no creature on the way, friends included
    shortest_path: bool = False  # charge: by the shortest path, or not at all
    min_ft: float = 0.0  # charge: at least 10 ft
    one_square: bool = False  # 5-foot step, crawl
    free_square_ft: float | None = None  # 5-foot step: one square for this many feet
    safe_start: bool = False  # withdraw: the first square is not threatened
    provokes: bool = True
    full_round: bool = False
    stand_up: bool = False  # stands first (removes prone)
    stand_cost_ft: float = 0.0
    stand_provokes: bool = False
    drop_prone: bool = False
    notes: tuple[Note, ...] = ()
    condition_changes: tuple[tuple[str, bool], ...] = ()  # (condition, added?)
    updates: Mapping[str, int] = field(default_factory=dict)  # other token fields to set
    teleport: bool = False  # appears at the square without crossing the squares between


@dataclass(frozen=True)
class Passing:
    """May the mover enter a square another creature holds, at what extra, may it stop."""

    allowed: bool
    reason: str = ""  # why not, or what it costs (for the breakdown)
    hampers: bool = False  # counts as difficult terrain / doubles the cost
    may_end: bool = False
    squeezing: bool = False  # ending there squeezes both (epic-path)


@dataclass(frozen=True)
class StepContext:
    """What a step cost depends on besides the two squares."""

    board: Board
    movement: TokenMovement
    allowance: Allowance
    stood: bool  # stood up as part of this command
    # terrain and creature checks per (from, to, mode, charge), shared by every
    # search one move makes (the checks don't depend on what was spent)
    checks: dict[tuple[Cell, Cell, str, bool], tuple[str, bool, int]] = field(
        default_factory=dict, compare=False, repr=False
    )
    # a ruleset's own per-square results, shared the same way
    memo: dict[Hashable, Any] = field(default_factory=dict, compare=False, repr=False)


class GridRules:
    """A ruleset's movement rules on a grid. Subclasses fill in the hooks."""

    ruleset_id: ClassVar[str]
    document: ClassVar[str]
    seed_file: ClassVar[str]
    square_ft: ClassVar[int] = 5
    footprints: ClassVar[Mapping[Size, int]]
    diagonal_parity: bool = False  # does a step's cost depend on the diagonal count?
    provoke_rule: ClassVar[Literal["leave-threatened", "leave-reach", "never"]]
    actions: ClassVar[tuple[str, ...]]
    # The action a token's speed band shows beyond this one (dash, double move, run).
    band_action: ClassVar[str] = "move"

    # ---- hooks

    def token_movement(self, token: Token) -> TokenMovement:
        raise NotImplementedError

    def allowance(
        self, encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
    ) -> Allowance:
        raise NotImplementedError

    def step_cost(
        self,
        ctx: StepContext,
        frm: Cell,
        to: Cell,
        diagonals: int,
        spent: float,
        squeezing: bool,
    ) -> Edge | str:
        """The step's cost, or why it is illegal (after the shared checks passed).

        ``spent`` is what this command has spent before the step; ``squeezing``
        says the token squeezes into ``to``.
        """
        raise NotImplementedError

    def pass_creature(self, ctx: StepContext, other: Token) -> Passing:
        raise NotImplementedError

    def threatened(self, board: Board, enemy: Token) -> frozenset[Cell]:
        """Squares ``enemy`` threatens (or, for leave-reach rulesets, its reach)."""
        return frozenset()

    def after_path(
        self, ctx: StepContext, token: Token, cells: list[Cell]
    ) -> tuple[tuple[tuple[str, bool], ...], tuple[Note, ...]]:
        """Conditions the path itself changes (5e-alt: swimming ends Prone), and why."""
        return (), ()

    def entering_provokes(
        self, board: Board, token: Token, enemy: Token, cells: list[Cell]
    ) -> Cell | None:
        """Where entering ``enemy``'s space provokes it (3.5's very small creatures)."""
        return None

    def min_step_ft(self, ctx: StepContext) -> float:
        return float(self.square_ft)

    def squeeze_width(self, side: int) -> int:
        """How narrow a space a creature of ``side`` squares can squeeze into."""
        return side

    def distance_ft(self, a: Cell, b: Cell) -> float:
        """The shortest distance between two squares, ignoring terrain (a charge must
        take it, 002 "Charge")."""
        return float(chebyshev(a, b) * self.square_ft)

    def source(self, *sections: str) -> Source:
        return Source(self.ruleset_id, self.document, sections, seed_file=self.seed_file)

    def full_round_minimum(self, token: Token, allowance: Allowance) -> Allowance | None:
        """Moving one square as a full-round action when nothing else reaches it
        (001 "Minimum Movement"); None where the ruleset has no such rule."""
        return None

    # ---- shared checks for one step

    def enter(self, ctx: StepContext, frm: Cell, to: Cell) -> tuple[str, bool]:
        """Terrain and corner checks for moving the token's anchor ``frm`` → ``to``.

        Returns (why illegal or "", squeezing).
        """
        board = ctx.board
        mode = ctx.allowance.mode
        cells = board.cells(to)
        squeezing = False
        bad = [c for c in cells if not board.on_map(c) or self._blocks(board.terrain(c), mode)]
        if bad:
            width = self.squeeze_width(board.side)
            if width >= board.side or any(not board.on_map(c) for c in bad):
                return self._blocked_text(board, bad[0], mode), False
            narrow = [
                footprint_rect(to, width, board.side),
                footprint_rect(to, board.side, width),
            ]
            if not any(
                all(board.on_map(c) and not self._blocks(board.terrain(c), mode) for c in rect)
                for rect in narrow
            ):
                return self._blocked_text(board, bad[0], mode), False
            squeezing = True
        tight = [c for c in cells if board.terrain(c) is Terrain.NARROW]
        if tight:  # a gap sized for Small stops flyers too: it isn't ground
            size = board.mover.size
            if size > Size.MEDIUM:
                return f"{tight[0]} is a gap too narrow for a {size.label} creature", False
            if size == Size.MEDIUM:
                squeezing = True
        if frm.col != to.col and frm.row != to.row:
            corner = self._solid_corner(board, frm, to)
            if corner is not None:
                return f"a solid corner at {corner} stops a diagonal step past it", False
        return "", squeezing

    def barriers(
        self, board: Board, frm: Cell, to: Cell, *, flying: bool = False
    ) -> tuple[str, int]:
        """Walls, doors and low walls on the edges a step crosses: (why it can't, or "";
        how many low walls it climbs). A diagonal may pass the end of neither a wall
        nor a closed door, whichever way round it goes (001 "Diagonals")."""
        if not board.encounter.edges:
            return "", 0
        dc, dr = to.col - frm.col, to.row - frm.row
        legs = (
            [[(frm, to)]]
            if dc == 0 or dr == 0
            else [
                [(frm, Cell(frm.col + dc, frm.row)), (Cell(frm.col + dc, frm.row), to)],
                [(frm, Cell(frm.col, frm.row + dr)), (Cell(frm.col, frm.row + dr), to)],
            ]
        )
        low_walls = 0
        for route in legs:
            climbed = 0
            for a, b in route:
                for kind, x, y in self._crossed(board, a, b):
                    if kind.blocks:
                        what = "a closed door" if kind is Barrier.DOOR else "a wall"
                        past = " stops a diagonal past it" if len(legs) > 1 else " is in the way"
                        return f"{what} between {x} and {y}{past}", 0
                    if kind is Barrier.LOW_WALL and not flying:
                        climbed += 1
            low_walls = max(low_walls, climbed)
        return "", low_walls

    def _crossed(self, board: Board, a: Cell, b: Cell) -> list[tuple[Barrier, Cell, Cell]]:
        """The barriers a footprint crosses moving one square straight from ``a`` to ``b``."""
        d = (b.col - a.col, b.row - a.row)
        here = set(board.cells(a))
        found = []
        for cell in here:
            ahead = Cell(cell.col + d[0], cell.row + d[1])
            if ahead not in here:
                kind = board.encounter.barrier(cell, ahead)
                if kind is not None and kind is not Barrier.OPEN_DOOR:
                    found.append((kind, cell, ahead))
        return sorted(found, key=lambda f: (f[1].row, f[1].col))

    def door_action(self, token: Token) -> tuple[Token, Note]:
        """What opening or closing a door costs ``token`` (the seed may be silent)."""
        return token, Note(
            "Action", "The ruleset's seed gives opening a door no cost: it costs nothing here."
        )

    def over_low_walls(self, edge: Edge, count: int) -> Edge:
        """A step that climbs ``count`` low walls: like difficult terrain by default."""
        if edge.hampered:
            return replace(edge, why=_join(edge.why, "over a low wall"))
        return replace(
            edge, cost_ft=edge.cost_ft * 2, why=_join(edge.why, "low wall ×2"), hampered=True
        )

    def _blocks(self, terrain: Terrain, mode: str) -> bool:
        if terrain.blocks:
            return True
        return terrain is Terrain.PIT and mode != "fly"

    def _blocked_text(self, board: Board, cell: Cell, mode: str) -> str:
        if not board.on_map(cell):
            return f"{cell} is off the map"
        terrain = board.terrain(cell)
        if terrain is Terrain.PIT:
            return f"{cell} is a pit: only a flyer crosses it (jump or fall is the GM's call)"
        return f"{cell} is {terrain.value}: nothing walks through it"

    def _solid_corner(self, board: Board, frm: Cell, to: Cell) -> Cell | None:
        dc, dr = to.col - frm.col, to.row - frm.row
        moved = set(board.cells(frm)) | set(board.cells(to))
        for anchor in (Cell(frm.col + dc, frm.row), Cell(frm.col, frm.row + dr)):
            for c in board.cells(anchor):
                if c not in moved and board.terrain(c).solid_corner:
                    return c
        return None

    # ---- the step function the search calls

    def stepper(self, ctx: StepContext) -> Stepper:
        return Stepper(self, ctx)

    def _creatures(self, ctx: StepContext, to: Cell) -> str:
        for other in ctx.board.others_in(ctx.board.cells(to)):
            passing = self.pass_creature(ctx, other)
            if not passing.allowed:
                return f"{_at(ctx.board, other)}: {passing.reason}"
            if ctx.allowance.no_creatures:
                return f"{_at(ctx.board, other)}: a charge can't pass any creature"
        return ""

    def end_problem(self, ctx: StepContext, anchor: Cell) -> str:
        """Why the move may not end with the token at ``anchor`` ("" when it may)."""
        for other in ctx.board.others_in(ctx.board.cells(anchor)):
            if not self.pass_creature(ctx, other).may_end:
                return f"{_at(ctx.board, other)}: nobody ends a move in another creature's space"
        return ""

    def provokes_on(
        self, before: tuple[Cell, ...], after: tuple[Cell, ...], zone: frozenset[Cell]
    ) -> bool:
        if self.provoke_rule == "leave-threatened":
            left = set(before) - set(after)
            return any(c in zone for c in left)
        if self.provoke_rule == "leave-reach":
            return any(c in zone for c in before) and not any(c in zone for c in after)
        return False


class Stepper:
    """The step function one search calls: shared checks, then the ruleset's cost.

    It remembers why each refused square was refused, for the reply.
    """

    def __init__(self, rules: GridRules, ctx: StepContext) -> None:
        self.rules = rules
        self.ctx = ctx
        self.why_not: dict[Cell, str] = {}

    def __call__(self, frm: Cell, to: Cell, diagonals: int, spent: float) -> Edge | None:
        rules, ctx = self.rules, self.ctx
        key = (frm, to, ctx.allowance.mode, ctx.allowance.no_creatures)
        checked = ctx.checks.get(key)
        if checked is None:
            problem, squeezing = rules.enter(ctx, frm, to)
            low_walls = 0
            if not problem:
                problem, low_walls = rules.barriers(
                    ctx.board, frm, to, flying=ctx.allowance.mode == "fly"
                )
            if not problem:
                problem = rules._creatures(ctx, to)
            checked = ctx.checks[key] = (problem, squeezing, low_walls)
        problem, squeezing, low_walls = checked
        if not problem:
            result = rules.step_cost(ctx, frm, to, diagonals, spent, squeezing)
            if isinstance(result, str):
                problem = result
            else:
                return rules.over_low_walls(result, low_walls) if low_walls else result
        self.why_not.setdefault(to, problem)
        return None


def footprint_rect(anchor: Cell, width: int, height: int) -> tuple[Cell, ...]:
    return tuple(Cell(anchor.col + c, anchor.row + r) for r in range(height) for c in range(width))


def _at(board: Board, other: Token) -> str:
    return f"{other.name} at {other.cell}"


def _join(*parts: str) -> str:
    return ", ".join(p for p in parts if p)


# ------------------------------------------------------------------ the move


@dataclass
class _Plan:
    cells: list[Cell] = field(default_factory=list)
    edges: list[Edge] = field(default_factory=list)
    cost: float = 0.0
    diagonals: int = 0


def plan_move(rules: GridRules, encounter: Encounter, request: MoveRequest) -> MoveResult:
    """The whole of one /move under ``rules``: a result, or an error that changes nothing."""
    token = encounter.token(request.token)
    if request.forced:
        return forced_move(rules, encounter, token, request)
    movement = rules.token_movement(token)
    allowance = rules.allowance(encounter, token, request, movement)
    board = Board.of(encounter, token, rules.footprints)
    ctx = StepContext(board, movement, allowance, stood=allowance.stand_up)
    warnings: list[Note] = []
    spent_before = allowance.activity.spent_ft
    stand_cost = allowance.stand_cost_ft
    if request.to is None:
        if not (allowance.stand_up or allowance.drop_prone):
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
        found_plan = (
            _teleport(rules, ctx, token, request.to, warnings)
            if allowance.teleport
            else _search(rules, ctx, token, targets, stand_cost)
        )
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
            raise IllegalMove(_why_not(rules, ctx, token, targets, stand_cost))
        plan = plan_or_none
        end = plan.cells[-1]
        problem = rules.end_problem(ctx, end)
        if problem:
            raise IllegalMove(f"{token.name} can't end at {end}: {problem}.")
        sharing = [
            o.name
            for o in board.others_in(board.cells(end))
            if rules.pass_creature(ctx, o).squeezing
        ]
        if sharing:
            warnings.append(
                Note(
                    "Squeezing",
                    f"Shares {', '.join(sharing)}'s space: both are squeezing "
                    "(−4 on attacks and AC).",
                )
            )
        if allowance.min_ft and plan.cost < allowance.min_ft - EPSILON:
            raise IllegalMove(
                f"A {allowance.action} must cover at least {ft(allowance.min_ft)}; "
                f"{token.cell} to {end} is {ft(plan.cost)}."
            )
    provokes, provoked_at = _opportunity_attacks(rules, board, token, plan.cells, allowance)
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
        last_mode=allowance.mode
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


def _search(
    rules: GridRules, ctx: StepContext, token: Token, targets: list[Cell], stand_cost: float
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
        quick = _search_within(rules, ctx, token, targets, budget, union.__contains__)
        if quick is not None and on_one_line(token.cell, targets[-1], tuple(quick.cells)):
            corridors = []
            best = quick
    for corridor in corridors:
        plan = _search_within(rules, ctx, token, targets, budget, corridor)
        if plan is not None and (best is None or plan.cost < best.cost - EPSILON):
            best = plan
    shortest = rules.distance_ft(token.cell, targets[-1])
    if best is not None and allowance.shortest_path and best.cost > shortest + EPSILON:
        return None  # 002 Charge: by the shortest path; if that is hampered, no charge
    return best


def _step_for(rules: GridRules, ctx: StepContext) -> Stepper | _Unhampered:
    step = rules.stepper(ctx)
    return _Unhampered(step) if ctx.allowance.unhampered else step


def _search_within(
    rules: GridRules,
    ctx: StepContext,
    token: Token,
    targets: list[Cell],
    budget: float,
    corridor: Callable[[Cell], bool] | None,
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
            found = cheapest_path(
                start,
                goal,
                step,
                budget_ft=budget,
                min_step_ft=rules.min_step_ft(ctx),
                spent_ft=plan.cost,
                diagonals=plan.diagonals,
                parity=rules.diagonal_parity,
                allowed=corridor,
                penalty=_avoid_provoking(rules, ctx) if allowance.provokes else None,
            )
        if found is None:
            return None
        plan.cells.extend(found.cells[1:])
        plan.edges.extend(found.edges)
        plan.cost += found.cost_ft
        plan.diagonals = found.diagonals
        start = goal
    return plan


def _teleport(
    rules: GridRules, ctx: StepContext, token: Token, goal: Cell, warnings: list[Note]
) -> _Plan:
    """000 Teleport: no path; an occupied or blocked destination becomes the nearest
    unoccupied space ("Teleporting Into Obstacles")."""
    board = ctx.board

    def free(anchor: Cell) -> bool:
        cells = board.cells(anchor)
        return all(
            board.on_map(c) and not rules._blocks(board.terrain(c), "fly") for c in cells
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


def _avoid_provoking(rules: GridRules, ctx: StepContext) -> Callable[[Cell, Cell], float] | None:
    """Among equally cheap paths, prefer one that leaves no enemy's threatened squares."""
    if rules.provoke_rule == "never":
        return None
    board = ctx.board
    zones = [
        rules.threatened(board, enemy)
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
        return PENALTY * sum(1 for z in zones if rules.provokes_on(before, after, z))

    return penalty


def _minimum_move(
    rules: GridRules,
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
    edge = replace(edge, cost_ft=float(rules.square_ft), why=_join(edge.why, "full-round action"))
    return _Plan([token.cell, targets[0]], [edge], float(rules.square_ft), edge.diagonals)


def _why_not(
    rules: GridRules, ctx: StepContext, token: Token, targets: list[Cell], stand_cost: float
) -> str:
    """Say which square and which rule stop the move, and the nearest legal alternative."""
    allowance = ctx.allowance
    goal = targets[-1]
    name = token.name
    action = allowance.action
    # the goal itself may be impossible to stand on
    problem, _ = rules.enter(ctx, goal, goal)
    if problem:
        return f"{name} can't move to {goal}: {problem}."
    end = rules.end_problem(ctx, goal)
    if end:
        return f"{name} can't end at {goal}: {end}."
    budget = allowance.available_ft - stand_cost
    if allowance.one_square:
        return _why_not_one_square(rules, ctx, token, targets)
    # what would it cost with twice the movement (bounded: never the whole map)?
    generous = max(2 * max(budget, 0.0), budget + 6 * rules.square_ft)
    roomy = replace(ctx, allowance=replace(allowance, available_ft=generous))
    constrained = _search(rules, roomy, token, targets, stand_cost) if targets else None
    free = replace(roomy, allowance=replace(roomy.allowance, unhampered=False, straight=False))
    free_step = rules.stepper(free)
    full = cheapest_path(
        token.cell,
        goal,
        free_step,
        budget_ft=generous,
        min_step_ft=rules.min_step_ft(ctx),
        diagonals=allowance.activity.diagonals,
        parity=rules.diagonal_parity,
    )
    reason: str
    if constrained is not None and constrained.cost > budget + EPSILON:
        reason = f"that costs {ft(constrained.cost)} and {action} allows {ft(budget)}"
    elif allowance.shortest_path and full is not None:
        shortest = rules.distance_ft(token.cell, goal)
        reason = (
            f"a charge goes by the shortest path ({ft(shortest)}), and that one is "
            "hampered or blocked (002 Charge)"
        )
    elif (allowance.straight or allowance.unhampered) and full is not None:
        what = "in a straight line with " if allowance.straight else "with "
        reason = f"a {action} goes {what}nothing hampering it, and no such path reaches it"
    elif full is None:
        why = free_step.why_not.get(goal)
        reason = why or (
            f"no legal path reaches it within {ft(generous)} ({action} allows {ft(budget)})"
            + _nearest_block(free_step, token.cell, goal)
        )
    else:
        reason = f"that costs {ft(full.cost_ft)} and {action} allows {ft(budget)}"
    text = f"{name} can't reach {goal}: {reason}."
    best = _nearest_alternative(rules, ctx, token, goal, budget)
    if best is not None:
        cell, cost = best
        text += f" {name} can reach {cell} for {ft(cost)}."
    return text


def _why_not_one_square(
    rules: GridRules, ctx: StepContext, token: Token, targets: list[Cell]
) -> str:
    """A 5-foot step or a crawl: one square, and what stops that square."""
    allowance, goal, name = ctx.allowance, targets[-1], token.name
    what = "a 5-foot step" if allowance.free_square_ft is not None else f"a {allowance.action}"
    if len(targets) > 1 or chebyshev(token.cell, goal) > 1:
        return f"{name} can't reach {goal}: {what} moves one square only."
    step = rules.stepper(ctx)
    edge = step(token.cell, goal, allowance.activity.diagonals, 0.0)
    if edge is None:
        return f"{name} can't step to {goal}: {step.why_not.get(goal, 'it is not open')}."
    if allowance.free_square_ft is not None and edge.hampered:
        return (
            f"{name} can't take a 5-foot step to {goal}: its movement there is hampered "
            f"({edge.why}), and a 5-foot step can't be (002 Take a 5-Foot Step)."
        )
    return (
        f"{name} can't reach {goal}: that costs {ft(edge.cost_ft)} and {allowance.action} "
        f"allows {ft(allowance.available_ft)}."
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


def _nearest_alternative(
    rules: GridRules,
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


def _opportunity_attacks(
    rules: GridRules,
    board: Board,
    token: Token,
    cells: list[Cell],
    allowance: Allowance,
) -> tuple[tuple[str, ...], dict[str, Cell]]:
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
        zone = rules.threatened(board, enemy)
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
            if rules.provokes_on(board.cells(cells[i]), board.cells(cells[i + 1]), zone):
                provoked[enemy.name] = cells[i]
                break
    names = tuple(provoked)
    return names, provoked


# ----------------------------------------------------------- forced movement


def forced_move(
    rules: GridRules, encounter: Encounter, token: Token, request: MoveRequest
) -> MoveResult:
    """Push, pull or slide (004 "Forced Movement"): the GM moves a creature.

    It spends no movement and provokes nothing; it ignores what terrain costs
    but every square must be open and free of creatures, and it stops before
    the first one that isn't. A push moves away from the pusher, a pull
    toward it, every square.
    """
    kind = request.forced
    if request.to is None:
        raise InvalidInput(f"Say where the {kind} ends: to:<square>.")
    board = Board.of(encounter, token, rules.footprints)
    by: Token | None = None
    if kind in ("push", "pull"):
        if request.by is None:
            raise InvalidInput(f"A {kind} needs by:<token>, the creature doing it.")
        by = encounter.token(request.by)
        if by.key == token.key:
            raise InvalidInput(f"{token.name} can't {kind} itself.")
    targets = [*request.via, request.to]
    for cell in targets:
        if not board.on_map(cell):
            raise InvalidInput(f"{cell} is off the map.")
    path = [token.cell]
    stopped = ""
    for goal in targets:
        while path[-1] != goal and not stopped:
            here = path[-1]
            nxt = Cell(
                here.col + (goal.col > here.col) - (goal.col < here.col),
                here.row + (goal.row > here.row) - (goal.row < here.row),
            )
            cells = board.cells(nxt)
            blocked = next(
                (c for c in cells if not board.on_map(c) or board.terrain(c).blocks), None
            )
            walled, _ = rules.barriers(board, here, nxt)
            if blocked is not None or walled or rules._solid_corner(board, here, nxt) is not None:
                stopped = f"stopped before {nxt}: blocked"
                break
            others = board.others_in(cells)
            if others:
                stopped = f"stopped before {nxt}: {others[0].name} is there"
                break
            if by is not None:
                by_cells = board.footprint_of(by)
                d_here = min(chebyshev(here, c) for c in by_cells)
                d_next = min(chebyshev(nxt, c) for c in by_cells)
                if kind == "push" and d_next <= d_here:
                    raise IllegalMove(
                        f"A push moves away from {by.name} every square; {nxt} isn't farther "
                        f"from it than {here} (004 Forced Movement › Push)."
                    )
                if kind == "pull" and d_next >= d_here:
                    raise IllegalMove(
                        f"A pull moves toward {by.name} every square; {nxt} isn't closer "
                        f"to it than {here} (004 Forced Movement › Pull)."
                    )
            path.append(nxt)
            pit = next((c for c in cells if board.terrain(c) is Terrain.PIT), None)
            if pit is not None:
                stopped = f"ends at {nxt}: it falls into the pit at {pit} (/fall for the damage)"
                break
        if stopped:
            break
    moved = replace(token, cell=path[-1])
    after = encounter.with_token(moved)
    warnings = [Note("Stopped", f"The {kind} {stopped}.")] if stopped else []
    hazards = [c for c in path[1:] if board.terrain(c) is Terrain.HAZARD]
    if hazards:
        warnings.append(Note("Hazard", "Forced into hazardous terrain at " + str(hazards[0]) + "."))
    steps = tuple(Step(c, 0.0, 0.0, "forced") for c in path[1:])
    squares = len(path) - 1
    section = {"push": "Push", "pull": "Pull", "slide": "Slide"}.get(kind or "", "Slide")
    return MoveResult(
        encounter=after,
        token=moved,
        action=kind or "slide",
        mode="forced",
        path=tuple(path),
        steps=steps,
        cost_ft=0.0,
        used_ft=float(token.activity.spent_ft),
        total_ft=float(token.activity.budget_ft),
        provokes=(),
        provoked_at={},
        source=Source(
            rules.ruleset_id,
            rules.document if rules.ruleset_id == "epic-path" else "Epic Path (seed 004)",
            ("Forced Movement", section),
            seed_file="004_15d51e0af34ca221.txt",
            borrowed=""
            if rules.ruleset_id == "epic-path"
            else "seed 004's forced movement: this ruleset's seeds have none",
        ),
        warnings=tuple(warnings),
        notes=(
            Note(
                "Forced movement",
                f"{squares * rules.square_ft} ft, spending none of {token.name}'s movement "
                "and provoking no attacks.",
            ),
        ),
        extra={"forced": kind, "by": by.name if by else None},
    )


def check_mode(movement: TokenMovement, token: Token, mode: str | None) -> str:
    """The mode asked for, if the token has it; walk by default."""
    chosen = mode or "walk"
    if chosen not in MODES:
        raise InvalidInput(f'Unknown mode "{mode}". Accepted: {", ".join(MODES)}.')
    if chosen not in movement.speeds_ft or movement.speeds_ft[chosen] <= 0:
        has = ", ".join(m for m, v in movement.speeds_ft.items() if v > 0) or "none"
        raise IllegalMove(f"{token.name} has no {chosen} speed. Its modes: {has}.")
    return chosen


# ------------------------------------------------------------- what the board shows


def threat_squares(
    rules: GridRules, encounter: Encounter, against: str = "party"
) -> frozenset[Cell]:
    """Squares threatened (or within reach) of the creatures hostile to team ``against``."""
    squares: set[Cell] = set()
    for token in encounter.tokens.values():
        if frozenset({token.team, against}) not in HOSTILE:
            continue
        if token.has(Condition.INCAPACITATED):
            continue
        squares |= rules.threatened(Board.of(encounter, token, rules.footprints), token)
    return frozenset(squares)


def token_reach(rules: GridRules, encounter: Encounter, name: str) -> frozenset[Cell]:
    token = encounter.token(name)
    return rules.threatened(Board.of(encounter, token, rules.footprints), token)


def speed_bands(
    rules: GridRules, encounter: Encounter, name: str
) -> tuple[frozenset[Cell], frozenset[Cell]]:
    """Where the token can still end a move: with what this action leaves, and with the
    ruleset's next bigger action (dash, double move, run). Empty where it can't move."""
    token = encounter.token(name)
    bands: list[frozenset[Cell]] = []
    movement = rules.token_movement(token)
    for choices in ((None,), (rules.band_action, "move")):
        allowance: Allowance | None = None
        for action in choices:
            try:
                request = MoveRequest(token.name, to=token.cell, action=action)
                allowance = rules.allowance(encounter, token, request, movement)
                break
            except RulingError:
                continue
        if allowance is None:
            bands.append(frozenset())
            continue
        if choices == (None,) and token.activity.actions:
            allowance = replace(allowance, available_ft=token.activity.left_ft)
        board = Board.of(encounter, token, rules.footprints)
        ctx = StepContext(board, movement, allowance, stood=False)
        costs = reachable(
            token.cell,
            rules.stepper(ctx),
            budget_ft=allowance.available_ft,
            diagonals=allowance.activity.diagonals,
            parity=rules.diagonal_parity,
        )
        bands.append(frozenset(c for c in costs if not rules.end_problem(ctx, c)))
    now, more = bands
    return now, more - now
