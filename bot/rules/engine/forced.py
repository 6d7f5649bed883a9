"""Forced movement: push, pull and slide (004 "Forced Movement"), for every ruleset.

The path goes square by square and stops before a square it can't enter (a wall, a
creature: "the push ends in the square prior to this obstruction"), and at a pit a
creature that can't fly is moved into (it falls in: the consequences stage notes the
fall, ``engine/falls.py``, as for every kind of move). A hidden creature a player's
move has met (``MoveRequest.met``) stops it as any creature does, named to the table as
"something".
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.encounter import Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.grid.geometry import chebyshev
from bot.grid.terrain import Terrain
from bot.rules.engine.altitude import altitude, at_altitude
from bot.rules.engine.board import Board
from bot.rules.engine.falls import can_fly
from bot.rules.engine.mounts import carried
from bot.rules.engine.moves import MoveRequest, MoveResult, Step
from bot.rules.engine.steps import barriers, solid_corner
from bot.rules.rulings import Note

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset


# ----------------------------------------------------------- forced movement


def _forced_in_air(
    rules: Ruleset, encounter: Encounter, token: Token, request: MoveRequest, by: Token | None
) -> MoveResult:
    """004 Forced Movement In 3-D: a creature in the air is moved "nearly always directly
    down"; a push that couldn't be downward (a creature on the ground pushing one in the
    air) moves it directly up. As far as the square given is from where it is."""
    assert request.to is not None
    distance = max(1, chebyshev(token.cell, request.to)) * rules.square_ft
    up = request.forced == "push" and by is not None and not altitude(by)
    high = altitude(token)
    now = high + distance if up else max(0, high - distance)
    moved = at_altitude(token, now)
    where = "directly up" if up else "directly down"
    landed = " to the ground" if not now else f" to {now} ft up"
    return MoveResult(
        encounter=encounter.with_token(moved),
        token=moved,
        action=request.forced or "slide",
        mode="forced",
        path=(token.cell,),
        steps=(),
        cost_ft=0.0,
        used_ft=float(token.activity.spent_ft),
        total_ft=float(token.activity.budget_ft),
        provokes=(),
        provoked_at={},
        source=rules.forced_source("Forced Movement In 3-D"),
        warnings=(
            Note(
                "In the air",
                f"{token.name} is {high} ft up: the {request.forced} moves it {where} "
                f"{abs(now - high)} ft{landed} (Epic Path › Forced Movement In 3-D).",
            ),
        ),
        notes=(),
        extra={"forced": request.forced, "by": by.name if by else None, "altitude_ft": now},
    )


def forced_move(
    rules: Ruleset, encounter: Encounter, token: Token, request: MoveRequest
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
    # its riders go with it (the consequences stage's), not in its way; the hidden
    # creatures a player's move has met are in it
    lifted, _ = carried(encounter, token)
    mount = encounter.mount_of(token)
    if mount is not None:  # a rider pushed out of the saddle: its mount isn't in its way
        lifted = lifted.without_token(mount.key)
    for creature in request.met:
        lifted = lifted.with_token(creature)
    board = Board.of(lifted, token, rules.footprint_squares)
    by = _forcer(encounter, token, request)
    targets = [*request.via, request.to]
    for cell in targets:
        if not board.on_map(cell):
            raise InvalidInput(f"{cell} is off the map.")
    if altitude(token) and rules.vertical.forced_in_air:
        return _forced_in_air(rules, encounter, token, request, by)
    path, stopped = _forced_path(rules, board, token, targets, kind, by)
    return _forced_result(rules, encounter, board, token, kind, by, path, stopped)


def _forcer(encounter: Encounter, token: Token, request: MoveRequest) -> Token | None:
    """The creature doing a push or pull (`by:`); a slide has none."""
    kind = request.forced
    if kind not in ("push", "pull"):
        return None
    if request.by is None:
        raise InvalidInput(f"A {kind} needs by:<token>, the creature doing it.")
    by = encounter.token(request.by)
    if by.key == token.key:
        raise InvalidInput(f"{token.name} can't {kind} itself.")
    return by


def _toward(here: Cell, goal: Cell) -> Cell:
    """The next square from `here` on the way to `goal`: one step on each axis that differs."""
    return Cell(
        here.col + (goal.col > here.col) - (goal.col < here.col),
        here.row + (goal.row > here.row) - (goal.row < here.row),
    )


def _forced_path(
    rules: Ruleset,
    board: Board,
    token: Token,
    targets: list[Cell],
    kind: str | None,
    by: Token | None,
) -> tuple[list[Cell], str]:
    """The squares the creature is moved through, square by square toward each target in
    turn, and why it stopped short ("" if it didn't)."""
    path = [token.cell]
    for goal in targets:
        while path[-1] != goal:
            here = path[-1]
            nxt = _toward(here, goal)
            cells = board.cells(nxt)
            stopped = _stopped_before(rules, board, here, nxt, cells)
            if stopped:
                return path, stopped
            if by is not None:
                _check_direction(board, kind, by, here, nxt)
            path.append(nxt)
            pit = next((c for c in cells if board.terrain(c) is Terrain.PIT), None)
            if pit is not None and not can_fly(rules, token):
                return path, f"ends at {nxt}, in the pit at {pit}"
    return path, ""


def _stopped_before(
    rules: Ruleset, board: Board, here: Cell, nxt: Cell, cells: tuple[Cell, ...]
) -> str:
    """Why forced movement can't enter `nxt` from `here` (walls, blocked squares, a solid
    corner, another creature), or "" if it can."""
    blocked = next((c for c in cells if not board.on_map(c) or board.terrain(c).blocks), None)
    walled, _ = barriers(board, here, nxt)
    if (
        blocked is not None
        or walled
        or solid_corner(board, here, nxt, rules.solid_corners) is not None
    ):
        return f"stopped before {nxt}: blocked"
    others = [o for o in board.others_in(cells) if not rules.space.forced_over(board, o)]
    if others:
        # the table reads it: a hidden creature is what the character perceives of it
        who = "something" if others[0].hidden else others[0].name
        return f"stopped before {nxt}: {who} is there"
    return ""


def _check_direction(board: Board, kind: str | None, by: Token, here: Cell, nxt: Cell) -> None:
    """A push moves away from the pusher every square, a pull toward it."""
    by_cells = board.footprint_of(by)
    d_here = min(chebyshev(here, c) for c in by_cells)
    d_next = min(chebyshev(nxt, c) for c in by_cells)
    if kind == "push" and d_next <= d_here:
        raise IllegalMove(
            f"A push moves away from {by.name} every square; {nxt} isn't farther "
            f"from it than {here} (Epic Path › Forced Movement › Push)."
        )
    if kind == "pull" and d_next >= d_here:
        raise IllegalMove(
            f"A pull moves toward {by.name} every square; {nxt} isn't closer "
            f"to it than {here} (Epic Path › Forced Movement › Pull)."
        )


def _forced_result(
    rules: Ruleset,
    encounter: Encounter,
    board: Board,
    token: Token,
    kind: str | None,
    by: Token | None,
    path: list[Cell],
    stopped: str,
) -> MoveResult:
    """The ruling for a forced move along `path`: where it stopped, hazards entered, and
    that it spent none of the creature's movement."""
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
        source=rules.forced_source("Forced Movement", section),
        warnings=tuple(warnings),
        notes=(
            Note(
                "Forced movement",
                f"{squares * rules.square_ft} ft, spending none of {token.name}'s movement "
                "and provoking no attacks.",
            ),
            *rules.conditions.forced_notes(token),
        ),
        extra={"forced": kind, "by": by.name if by else None},
    )
