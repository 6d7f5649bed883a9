"""The pieces every ruleset's grid movement is made of.

``GridRules`` is what a ruleset supplies for /move: how much an action lets a
token spend (``allowance``), what one step costs (``step_cost``), who may pass
whom (``pass_creature``), which squares an enemy threatens, and the shared
checks for terrain, walls, corners and squeezing that every ruleset reads the
same way. ``Board`` is the encounter as one mover sees it; ``Stepper`` is the
step function a search calls. Pure: no Discord, no database.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal

from bot.encounter import Activity, Condition, Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.grid.geometry import chebyshev, footprint
from bot.grid.search import Edge
from bot.grid.sizes import Size
from bot.grid.terrain import Barrier, Terrain
from bot.rules.engine.moves import MODES, MoveRequest, TokenFields, TokenMovement, TokenSpec
from bot.rules.rulings import Note, Source

MAX_WAYPOINTS = 10
HOSTILE: frozenset[frozenset[str]] = frozenset({frozenset({"party", "enemy"})})


def hostile(a: Token, b: Token) -> bool:
    return frozenset({a.team, b.team}) in HOSTILE


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
            footprints.get(mover.size, 1),  # the mover need not be on the board yet
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
    # Whether a group moves together at its slowest member's rate (003).
    group_moves: ClassVar[bool] = False
    # The 5-foot step's seed and section, for replies (the d20 rulesets have one).
    step_rule: ClassVar[str] = "5-foot step"
    # When creatures may share a space, as a refusal says it (pass_creature decides).
    sharing_rule: ClassVar[str] = "nobody ends a move in another creature's space"

    # ---- hooks

    def token_movement(self, token: Token) -> TokenMovement:
        raise NotImplementedError

    def token_fields(self, spec: TokenSpec) -> TokenFields:
        """Check what a user gave for a token's movement; the values to store."""
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

    def pass_creature(self, board: Board, other: Token) -> Passing:
        """Whether ``board.mover`` may enter, and stay in, a square ``other`` holds."""
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
                footprint(to, width, board.side),
                footprint(to, board.side, width),
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

    def done_for_the_turn(self, activity: Activity) -> bool:
        """Whether no action left this turn could move the token further (so what is
        left of its allowance is lost, not 'left')."""
        return False

    def end_mode(self, board: Board, anchor: Cell, mode: str) -> str:
        """How the token counts as moving once a move in ``mode`` ends at ``anchor``
        (5e-alt's Continuity of Movement: a walker in deep water swims)."""
        return mode

    def condition_refused(self, token: Token, condition: Condition) -> str:
        """Why ``token`` can't gain ``condition`` now ("" when it can)."""
        return ""

    def condition_notes(self, before: Token, after: Token) -> list[Note]:
        """What a change of conditions does to how the token is moving (5e-alt: a
        climber or flyer that can't go on falls)."""
        return []

    def door_action(self, token: Token) -> tuple[Token, Note]:
        """What opening or closing a door costs ``token`` (the seed may be silent)."""
        return token, Note(
            "Action",
            "The ruleset's seed gives opening or closing a door no cost: it costs nothing here.",
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
            return (
                f"{cell} is a pit: only a flyer crosses it (going in is a fall, the GM's call);"
                " to jump over it, add jump:<the square to land on>"
            )
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
            passing = self.pass_creature(ctx.board, other)
            if not passing.allowed:
                return f"{_at(ctx.board, other)}: {passing.reason}"
            if ctx.allowance.no_creatures:
                return f"{_at(ctx.board, other)}: a charge can't pass any creature"
        return ""

    def end_problem(self, ctx: StepContext, anchor: Cell) -> str:
        """Why the move may not end with the token at ``anchor`` ("" when it may)."""
        return self.sharing_problem(ctx.board, anchor)

    def sharing_problem(self, board: Board, anchor: Cell) -> str:
        """Why ``board.mover`` may not stand with its top-left square at ``anchor``
        among the other creatures ("" when it may). A move's end and a token's
        placement both ask this, so the two never disagree."""
        for other in board.others_in(board.cells(anchor)):
            if not self.pass_creature(board, other).may_end:
                return f"{_at(board, other)}: {self.sharing_rule}"
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


def _at(board: Board, other: Token) -> str:
    return f"{other.name} at {other.cell}"


def _join(*parts: str) -> str:
    return ", ".join(p for p in parts if p)


def check_mode(movement: TokenMovement, token: Token, mode: str | None) -> str:
    """The mode asked for, if the token has it; walk by default."""
    chosen = mode or "walk"
    if chosen not in MODES:
        raise InvalidInput(f'Unknown mode "{mode}". Accepted: {", ".join(MODES)}.')
    if chosen not in movement.speeds_ft or movement.speeds_ft[chosen] <= 0:
        has = ", ".join(m for m, v in movement.speeds_ft.items() if v > 0) or "none"
        raise IllegalMove(f"{token.name} has no {chosen} speed. Its modes: {has}.")
    return chosen
