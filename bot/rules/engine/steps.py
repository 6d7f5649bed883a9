"""The checks every ruleset reads the same way for one step, and the step function
a path search calls: terrain, corners, walls and doors, creatures in the way,
then the ruleset's own cost. Pure: no Discord, no database.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from bot.encounter import Token
from bot.grid.coords import Cell
from bot.grid.geometry import footprint
from bot.grid.paths import Edge
from bot.grid.sizes import Size
from bot.grid.terrain import Barrier, Terrain
from bot.rules.engine.board import Board, StepContext, at, hostile
from bot.rules.engine.kinds import ThroughRule
from bot.rules.move_rulings import JUMP_OVER_PIT

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

ProvokeRule = Literal["leave-threatened", "leave-reach", "never"]


def flies_where_needed(rules: Ruleset, ctx: StepContext) -> bool:
    """Whether this walk may take to the air square by square (004 Combining Movement
    Types): the ruleset combines flight with walking and the walker has a fly speed."""
    return (
        rules.combines_flight
        and ctx.allowance.mode == "walk"
        and ctx.movement.speeds_ft.get("fly", 0) > 0
    )


def enter(rules: Ruleset, ctx: StepContext, frm: Cell, to: Cell) -> tuple[str, bool]:
    """Terrain and corner checks for moving the token's anchor ``frm`` → ``to``.

    Returns (why illegal or "", squeezing).
    """
    board = ctx.board
    mode = ctx.allowance.mode
    if flies_where_needed(rules, ctx):
        mode = "fly"  # a pit is crossed in the air; ``step_cost`` prices the flying
    open_pits = rules.pits_enterable and mode != "fly"
    if open_pits and frm != to:
        fallen = next((c for c in board.cells(frm) if board.terrain(c) is Terrain.PIT), None)
        if fallen is not None:
            return (
                f"a move into the pit at {fallen} ends there, falling "
                "(Epic Path › Hazardous Terrain)",
                False,
            )
    problem, squeezing = _into_footprint(rules, board, to, mode, open_pits)
    if problem:
        return problem, False
    if frm.col != to.col and frm.row != to.row:
        corner = solid_corner(board, frm, to, rules.solid_corners)
        if corner is not None:
            return f"a solid corner at {corner} stops a diagonal step past it", False
    return "", squeezing


def _into_footprint(
    rules: Ruleset, board: Board, to: Cell, mode: str, open_pits: bool
) -> tuple[str, bool]:
    """What the squares of the footprint at ``to`` allow: (why the mover can't be there,
    or ""; whether it squeezes). Past blocking terrain only by squeezing (narrower than
    the footprint), through a gap sized for Small only if no larger than Medium."""
    cells = board.cells(to)
    squeezing = False
    bad = [
        c
        for c in cells
        if not board.on_map(c)
        or (
            stops(rules, board.terrain(c), mode)
            and not (open_pits and board.terrain(c) is Terrain.PIT)
        )
    ]
    if bad:
        problem = _no_squeeze_past(rules, board, to, bad, mode)
        if problem:
            return problem, False
        squeezing = True
    tight = [c for c in cells if board.terrain(c) is Terrain.NARROW]
    if tight:  # a gap sized for Small stops flyers too: it isn't ground
        problem, squeezing_through = _through_gap(board, tight[0])
        if problem:
            return problem, False
        squeezing = squeezing or squeezing_through
    return "", squeezing


def _no_squeeze_past(rules: Ruleset, board: Board, to: Cell, bad: list[Cell], mode: str) -> str:
    """Why the mover can't squeeze past the squares ``bad`` of its footprint at ``to``
    (off the map, or no narrower footprint fits the open squares), or "" if it can."""
    width = rules.space.squeeze_width(board.side)
    if width >= board.side or any(not board.on_map(c) for c in bad):
        return blocked_text(board, bad[0], mode)
    narrow = [
        footprint(to, width, board.side),
        footprint(to, board.side, width),
    ]
    if not any(
        all(board.on_map(c) and not stops(rules, board.terrain(c), mode) for c in rect)
        for rect in narrow
    ):
        return blocked_text(board, bad[0], mode)
    return ""


def _through_gap(board: Board, gap: Cell) -> tuple[str, bool]:
    """A gap sized for Small: (why the mover can't pass it, or ""; whether it squeezes)."""
    size = board.mover.size
    if size > Size.MEDIUM:
        return f"{gap} is a gap too narrow for a {size.label} creature", False
    return "", size == Size.MEDIUM


def barriers(board: Board, frm: Cell, to: Cell, *, flying: bool = False) -> tuple[str, int]:
    """Walls, doors and low walls on the edges a step crosses: (why it can't, or "";
    how many low walls it climbs). A diagonal may pass the end of neither a wall
    nor a closed door, whichever way round it goes (001 "Diagonals"). A footprint
    of several squares checks every edge it sweeps: those its squares cross, and
    those inside the space it passes through or ends in, which no creature fills
    across a wall or a closed door (issue 28: a Large creature slid diagonally past
    a door a Medium one couldn't pass)."""
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
            for kind, x, y in [*crossed(board, a, b), *straddled(board, b)]:
                if kind.blocks:
                    what = "a closed door" if kind is Barrier.DOOR else "a wall"
                    past = " stops a diagonal past it" if len(legs) > 1 else " is in the way"
                    return f"{what} between {x} and {y}{past}", 0
                if kind is Barrier.LOW_WALL and not flying:
                    climbed += 1
        low_walls = max(low_walls, climbed)
    return "", low_walls


def crossed(board: Board, a: Cell, b: Cell) -> list[tuple[Barrier, Cell, Cell]]:
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


def straddled(board: Board, anchor: Cell) -> list[tuple[Barrier, Cell, Cell]]:
    """The walls and closed doors inside the space a footprint fills at ``anchor``
    (none for a one-square token)."""
    cells = set(board.cells(anchor))
    if len(cells) == 1:
        return []
    found = []
    for cell in cells:
        for ahead in (Cell(cell.col + 1, cell.row), Cell(cell.col, cell.row + 1)):
            if ahead in cells:
                kind = board.encounter.barrier(cell, ahead)
                if kind is not None and kind.blocks:
                    found.append((kind, cell, ahead))
    return sorted(found, key=lambda f: (f[1].row, f[1].col))


def may_pass(ctx: StepContext, rule: ThroughRule | None, other: Token) -> bool:
    """Whether ``rule`` lets the mover into ``other``'s space on its way."""
    board = ctx.board
    if rule is None or not rule.passes_spaces or not hostile(board.mover, other):
        return False
    if rule.larger_by_at_most is not None:
        return other.size <= board.mover.size + rule.larger_by_at_most
    return True


def too_big_to_pass(rule: ThroughRule | None, mover: Token, other: Token) -> str:
    """Why ``rule`` (an overrun) can't take ``other`` for its size ("" when size isn't
    why): 002 Overrun, 004 Overrun, a foe at most one size larger (issue 41: the
    refusal left the size out)."""
    if rule is None or rule.larger_by_at_most is None or not hostile(mover, other):
        return ""
    if other.size <= mover.size + rule.larger_by_at_most:
        return ""
    more = other.size - mover.size
    return (
        f"{other.name} is {other.size.label}, {more} sizes larger than {mover.name} "
        f"({mover.size.label}), and an {rule.kind} takes a foe at most "
        f"{rule.larger_by_at_most} size larger"
    )


def blocks(terrain: Terrain, mode: str) -> bool:
    if terrain.blocks:
        return True
    return terrain is Terrain.PIT and mode != "fly"


def stops(rules: Ruleset, terrain: Terrain, mode: str) -> bool:
    """``blocks``, except what the ruleset's burrowers dig through (000, 001 Burrow)."""
    if mode == "burrow" and terrain in rules.burrows_through:
        return False
    return blocks(terrain, mode)


def blocked_text(board: Board, cell: Cell, mode: str) -> str:
    if not board.on_map(cell):
        return f"{cell} is off the map"
    terrain = board.terrain(cell)
    if terrain is Terrain.PIT:
        return (
            f"{cell} is a pit: only a flyer crosses it (going in is a fall, the GM's call)"
            + JUMP_OVER_PIT
        )
    return f"{cell} is {terrain.value}: nothing walks through it"


def solid_corner(
    board: Board, frm: Cell, to: Cell, solid: frozenset[Terrain] | None = None
) -> Cell | None:
    """The square whose corner the diagonal step ``frm`` → ``to`` would cut, of the
    kinds ``solid`` (the ruleset's ``solid_corners``; by default what
    ``Terrain.solid_corner`` names), or None."""
    dc, dr = to.col - frm.col, to.row - frm.row
    moved = set(board.cells(frm)) | set(board.cells(to))
    for anchor in (Cell(frm.col + dc, frm.row), Cell(frm.col, frm.row + dr)):
        for c in board.cells(anchor):
            if c in moved:
                continue
            terrain = board.terrain(c)
            if terrain in solid if solid is not None else terrain.solid_corner:
                return c
    return None


def creatures(rules: Ruleset, ctx: StepContext, to: Cell) -> tuple[str, bool]:
    """Why the creatures in the way stop the step ("" when they don't), and whether it
    squeezes past them (001 Squeezing: "A creature can squeeze past an opponent")."""
    board = ctx.board
    cells = board.cells(to)
    barred: list[Cell] = []
    through = ctx.allowance.stance.through
    for other in board.others_in(cells):
        if through and may_pass(ctx, rules.through_rule(through), other):
            continue  # overrun or tumble: the check decides, the reply says which
        too_big = (
            too_big_to_pass(rules.through_rule(through), board.mover, other) if through else ""
        )
        if too_big:
            return f"{at(board, other)}: {too_big}", False
        passing = rules.space.pass_creature(board, other)
        if ctx.allowance.limits.no_creatures:
            return f"{at(board, other)}: a charge can't pass any creature", False
        if not passing.allowed:
            space = set(board.footprint_of(other))
            barred += [c for c in cells if c in space]
            if not rules.squeezes_past_opponents:
                return f"{at(board, other)}: {passing.reason}", False
    if not barred:
        return "", False
    width = rules.space.squeeze_width(board.side)
    mode = ctx.allowance.mode
    if width < board.side:
        for rect in (footprint(to, width, board.side), footprint(to, board.side, width)):
            if all(
                board.on_map(c) and not blocks(board.terrain(c), mode) and c not in barred
                for c in rect
            ):
                return "", True
    other = next(o for o in board.others_in(barred))
    return f"{at(board, other)}: {rules.space.pass_creature(board, other).reason}", False


def provokes_on(
    rule: ProvokeRule, before: tuple[Cell, ...], after: tuple[Cell, ...], zone: frozenset[Cell]
) -> bool:
    if rule == "leave-threatened":
        left = set(before) - set(after)
        return any(c in zone for c in left)
    if rule == "leave-reach":
        return any(c in zone for c in before) and not any(c in zone for c in after)
    return False


class Stepper:
    """The step function one search calls: shared checks, then the ruleset's cost.

    It remembers why each refused square was refused, for the reply.
    """

    def __init__(self, rules: Ruleset, ctx: StepContext) -> None:
        self.rules = rules
        self.ctx = ctx
        self.why_not: dict[Cell, str] = {}
        self._diagonal_reason: set[Cell] = set()  # squares whose reason is a diagonal's

    def memory(self) -> tuple[dict[Cell, str], set[Cell]]:
        """Why each square was refused so far (for ``recall``)."""
        return dict(self.why_not), set(self._diagonal_reason)

    def recall(self, memory: tuple[dict[Cell, str], set[Cell]]) -> None:
        """Back to what was remembered when ``memory`` was taken."""
        why_not, diagonal = memory
        self.why_not.clear()
        self.why_not.update(why_not)
        self._diagonal_reason = set(diagonal)

    def __call__(self, frm: Cell, to: Cell, diagonals: int, spent: float) -> Edge | None:
        rules, ctx = self.rules, self.ctx
        key = (frm, to, ctx.allowance.mode, ctx.allowance.limits.no_creatures)
        checked = ctx.checks.get(key)
        if checked is None:
            problem, squeezing = enter(rules, ctx, frm, to)
            low_walls = 0
            if not problem:
                problem, low_walls = barriers(
                    ctx.board,
                    frm,
                    to,
                    flying=rules.steps.avoids_obstacles(ctx.board.mover, ctx.allowance.mode),
                )
            if not problem:
                problem, past = creatures(rules, ctx, to)
                squeezing = squeezing or past
            checked = ctx.checks[key] = (problem, squeezing, low_walls)
        problem, squeezing, low_walls = checked
        if not problem:
            result = rules.steps.step_cost(ctx, frm, to, diagonals, spent, squeezing)
            if isinstance(result, str):
                problem = result
            else:
                return rules.steps.over_low_walls(result, low_walls) if low_walls else result
        # the reason a square is refused: a straight step's before a diagonal's, so it
        # reads the same whichever order a search tried them in
        straight = frm.col == to.col or frm.row == to.row
        if to not in self.why_not or (straight and to in self._diagonal_reason):
            self.why_not[to] = problem
            if straight:
                self._diagonal_reason.discard(to)
            else:
                self._diagonal_reason.add(to)
        return None
