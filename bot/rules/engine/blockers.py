"""What blocks a step, and the cheapest way "if it didn't": the refusal's evidence.

``block`` says what refuses one step (a solid corner, terrain, a wall, a closed door, a
creature, the ruleset's own step rule), ``unblocked_way`` finds the cheapest way that
passes some kinds of obstacle, and the tiers say which kinds to pass first: creatures
(they move), then closed doors (a token opens them with /door), then walls, corners and
the ruleset's step rules, last solid terrain. The first tier whose way is in range
names what really stops the move. Pure: no Discord, no database.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.errors import RulingError
from bot.grid.coords import Cell, EdgeKey, edge_key
from bot.grid.search import Edge, Found, SearchTooLarge, cheapest_path
from bot.grid.terrain import Barrier, Terrain
from bot.rules.engine.board import Board, StepContext
from bot.rules.engine.compiled import CompiledStep
from bot.rules.engine.moves import MoveRequest
from bot.rules.engine.plan import MovePlan
from bot.rules.engine.search import DIAGNOSIS_NODES
from bot.rules.engine.steps import (
    Stepper,
    barriers,
    blocks,
    creatures,
    crossed,
    enter,
    solid_corner,
    straddled,
)
from bot.rules.rulings import RefusalReason

if TYPE_CHECKING:
    from bot.encounter import Encounter
    from bot.rules.ruleset import Ruleset

# What a blocked step is, as the tiers (and the JSON's ``blocked_by``) tell them apart.
CREATURE, DOOR, WALL, CORNER, RULE, TERRAIN = (
    "creature",
    "door",
    "wall",
    "corner",
    "rule",
    "terrain",
)
PASS_CREATURES = frozenset({CREATURE})
PASS_DOORS = PASS_CREATURES | {DOOR}
PASS_BARRIERS = PASS_DOORS | {WALL, CORNER, RULE}
PASS_ALL = PASS_BARRIERS | {TERRAIN}
TIERS = (PASS_CREATURES, PASS_DOORS, PASS_BARRIERS, PASS_ALL)


def tiers(board: Board) -> tuple[frozenset[str], ...]:
    """The tiers worth searching on ``board``: the doors' only where a door is closed."""
    if any(kind is Barrier.DOOR for kind in board.encounter.edges.values()):
        return TIERS
    return tuple(t for t in TIERS if t is not PASS_DOORS)


_KINDS = {
    RefusalReason.BLOCKED_BY_CREATURE: CREATURE,
    RefusalReason.BLOCKED_BY_WALL: WALL,
    RefusalReason.BLOCKED_BY_CORNER: CORNER,
    RefusalReason.RULE_FORBIDS: RULE,
    RefusalReason.BLOCKED_BY_TERRAIN: TERRAIN,
}

Blocked = dict[tuple[Cell, Cell], dict[str, Any]]


def unblocked_way(
    plan: MovePlan,
    step: Stepper | CompiledStep,
    start: Cell,
    goal: Cell,
    budget: float,
    passes: frozenset[str],
) -> tuple[Found, Blocked] | None:
    """The cheapest way from ``start`` to ``goal`` if the obstacles ``passes`` names
    didn't block it (such a step costs what open ground would; the map's edge still
    bounds it), preferring the way with the fewest; with the blocked steps it takes."""
    rules, ctx = plan.rules, step.ctx
    board = ctx.board
    blocked: Blocked = {}

    def through(frm: Cell, to: Cell, diagonals: int, spent: float) -> Edge | None:
        edge = step(frm, to, diagonals, spent)
        if edge is not None:
            return edge
        if not all(board.on_map(c) for c in board.cells(to)):
            return None
        key = (frm, to)
        if key not in blocked:
            why = problem(rules, ctx, step, frm, to, diagonals, spent)
            blocked[key] = block(rules, ctx, frm, to, why)
        if blocked[key]["blocked_by"] not in passes:
            return None
        # what the step would cost on open ground (the ruleset's own cost reads the
        # very terrain that refuses it)
        diagonal = frm.col != to.col and frm.row != to.row
        return Edge(to, rules.reach.distance_ft(frm, to), diagonals + int(diagonal), "blocked")

    try:
        found = cheapest_path(
            start,
            goal,
            through,
            budget_ft=budget,
            min_step_ft=rules.steps.min_step_ft(ctx),
            diagonals=ctx.allowance.activity.diagonals,
            parity=rules.diagonal_parity,
            penalty=lambda frm, to: 1.0 if (frm, to) in blocked else 0.0,
            max_nodes=DIAGNOSIS_NODES,
        )
    except SearchTooLarge:
        return None
    if found is None:
        return None
    pairs = zip(found.cells, found.cells[1:], strict=False)
    return found, {pair: blocked[pair] for pair in pairs if pair in blocked}


def first_block(board: Board, found: Found, blocked: Blocked) -> dict[str, Any]:
    """The first blocked step along ``found``: what blocks it, and where; ``toward``,
    the way up to it (the nearest square is looked for along it first) and, for a
    closed door, ``door_from``: the last square on that way beside the door."""
    for i, pair in enumerate(zip(found.cells, found.cells[1:], strict=False)):
        if pair in blocked:
            stop = blocked[pair] | {"toward": tuple(found.cells[: i + 1])}
            door: EdgeKey | None = stop.get("door")
            if door is not None:
                way = found.cells[: i + 1]
                beside = [c for c in way if any(d in board.cells(c) for d in door)]
                stop["door_from"] = beside[-1] if beside else None
            return stop
    raise AssertionError("a blocked way has a blocked step")  # pragma: no cover


def problem(
    rules: Ruleset,
    ctx: StepContext,
    step: Stepper | CompiledStep,
    frm: Cell,
    to: Cell,
    diagonals: int,
    spent: float,
) -> str:
    """Why the step ``frm`` → ``to`` is refused, in the step checks' words."""
    why, _ = enter(rules, ctx, frm, to)
    if not why:
        why, _ = barriers(ctx.board, frm, to, flying=ctx.allowance.mode == "fly")
    if not why:
        why, _ = creatures(rules, ctx, to)
    if not why:
        result = rules.steps.step_cost(ctx, frm, to, diagonals, spent, False)
        why = result if isinstance(result, str) else ""
    return why or step.why_not.get(to, "")


def step_blocked(
    rules: Ruleset,
    encounter: Encounter,
    name: str,
    frm: Cell,
    to: Cell,
    *,
    mode: str | None = None,
) -> dict[str, Any] | None:
    """What refuses ``name``'s one step ``frm`` → ``to`` on its own, as ``block`` says it
    (the reason, the blocker and its kind, a closed door's edge, the rule's words), or
    None when the step itself is open (a way written square by square that the rules
    would go round: what stops it there is named). Moving on open ground costs what it
    costs; only what refuses the step is asked."""
    token = encounter.token(name)
    movement = rules.sheet.token_movement(token)
    try:
        allowance = rules.economy.allowance(
            encounter, token, MoveRequest(token.name, to=to, mode=mode), movement
        )
    except RulingError:
        return None
    board = Board.of(encounter, token, rules.footprint_squares)
    ctx = StepContext(board, movement, allowance, stood=False, checks={})
    why, _ = enter(rules, ctx, frm, to)
    if not why:
        why, _ = barriers(board, frm, to, flying=allowance.mode == "fly")
    if not why:
        why, _ = creatures(rules, ctx, to)
    if not why:
        cost = rules.steps.step_cost(ctx, frm, to, 0, 0.0, False)
        why = cost if isinstance(cost, str) else ""
    return block(rules, ctx, frm, to, why) if why else None


def block(rules: Ruleset, ctx: StepContext, frm: Cell, to: Cell, why: str) -> dict[str, Any]:
    """What refuses the step ``frm`` → ``to`` (whose checks said ``why``): a solid
    corner, terrain, a wall or door, a creature, or the ruleset's own step rule; with
    ``blocked_by``, the kind the tiers pass."""
    found = _block(rules, ctx, frm, to, why)
    found.setdefault("blocked_by", _KINDS.get(found["reason"], ""))
    return found


def _block(rules: Ruleset, ctx: StepContext, frm: Cell, to: Cell, why: str) -> dict[str, Any]:
    board, mode = ctx.board, ctx.allowance.mode
    found: dict[str, Any] = {"at": to, "rule": why, "step_to": to}
    entered, _ = enter(rules, ctx, frm, to)
    if entered:
        return found | _terrain_block(rules, board, frm, to, entered, mode)
    walled, _ = barriers(board, frm, to, flying=mode == "fly")
    if walled:
        door = openable_door(board, frm, to)
        if door is not None:
            return found | {
                "reason": RefusalReason.BLOCKED_BY_WALL,
                "blocker": "closed door",
                "blocked_by": DOOR,
                "door": door,
            }
        return found | {
            "reason": RefusalReason.BLOCKED_BY_WALL,
            "blocker": "closed door" if "closed door" in walled else "wall",
        }
    if creatures(rules, ctx, to)[0]:
        others = board.others_in(board.cells(to))
        name = next(
            (
                o.name
                for o in others
                if not rules.space.pass_creature(board, o).allowed
                or ctx.allowance.limits.no_creatures
            ),
            others[0].name if others else "",
        )
        return found | {"reason": RefusalReason.BLOCKED_BY_CREATURE, "blocker": name}
    return found | {"reason": RefusalReason.RULE_FORBIDS}


def _terrain_block(
    rules: Ruleset, board: Board, frm: Cell, to: Cell, entered: str, mode: str
) -> dict[str, Any]:
    corner = (
        solid_corner(board, frm, to, rules.solid_corners)
        if frm.col != to.col and frm.row != to.row
        else None
    )
    if corner is not None and "corner" in entered:
        return {
            "reason": RefusalReason.BLOCKED_BY_CORNER,
            "at": corner,
            "blocker": board.terrain(corner).value,
        }
    for cell in board.cells(to):
        terrain = board.terrain(cell) if board.on_map(cell) else None
        if terrain is None or blocks(terrain, mode) or terrain is Terrain.NARROW:
            return {
                "reason": RefusalReason.BLOCKED_BY_TERRAIN,
                "at": cell,
                "blocker": terrain.value if terrain is not None else "the map's edge",
            }
    return {"reason": RefusalReason.BLOCKED_BY_TERRAIN}


def openable_door(board: Board, frm: Cell, to: Cell) -> EdgeKey | None:
    """The closed door whose opening lets the step ``frm`` → ``to`` past its barriers,
    or None (a wall is in the way too, or no door is). Every edge ``barriers`` checks
    (both ways round a diagonal) must be open ground or a closed door."""
    dc, dr = to.col - frm.col, to.row - frm.row
    legs = (
        [(frm, to)]
        if dc == 0 or dr == 0
        else [
            (frm, Cell(frm.col + dc, frm.row)),
            (Cell(frm.col + dc, frm.row), to),
            (frm, Cell(frm.col, frm.row + dr)),
            (Cell(frm.col, frm.row + dr), to),
        ]
    )
    shut = [
        (kind, x, y)
        for a, b in legs
        for kind, x, y in [*crossed(board, a, b), *straddled(board, b)]
        if kind.blocks
    ]
    if not shut or any(kind is not Barrier.DOOR for kind, _, _ in shut):
        return None
    _, x, y = shut[0]
    return edge_key(x, y)
