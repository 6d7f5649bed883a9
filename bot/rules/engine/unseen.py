"""What a move the mover ruled on the board it sees meets on the whole board: the
hidden creatures whose space its path enters, and those it provokes (issue 26: a
player's move is planned on the board the player sees, then met by what is hidden).
Pure: no Discord, no database."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from bot.encounter import Encounter, Token
from bot.errors import RulingError
from bot.grid.coords import Cell
from bot.rules.engine.altitude import altitude, height_ft
from bot.rules.engine.attacks import opportunity_attacks
from bot.rules.engine.board import Board
from bot.rules.engine.moves import MoveRequest

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset


@dataclass(frozen=True)
class InTheWay:
    """The first square of a path where the mover's space meets a hidden creature's."""

    index: int  # in the path (1 or more: the start is where the mover already stands)
    cell: Cell
    creature: Token


def hidden_in_the_way(
    rules: Ruleset,
    whole: Encounter,
    mover: Token,
    path: Sequence[Cell],
    hidden: Collection[str],
) -> InTheWay | None:
    """The first square after the start where ``mover`` (as it stood before the move)
    would enter the space of a token keyed in ``hidden``, in a cube of height they both
    fill (a flyer in a cube above passes over); None when the path meets none."""
    if not hidden:
        return None
    board = Board.of(whole, mover, rules.footprint_squares)
    for index, cell in enumerate(path[1:], start=1):
        for other in board.others_in(board.cells(cell)):
            if other.key in hidden and share_a_cube(rules, mover, other):
                return InTheWay(index, cell, other)
    return None


def cube_levels(rules: Ruleset, token: Token) -> range:
    """The cubes of height ``token``'s space fills, counted in squares up from the
    ground: from the one its altitude is in, as many as it is squares across (004 Three
    Dimensional Movement). 12 ft and 14 ft up are both in the cube from 10 to 15 ft."""
    square = rules.square_ft
    lowest = altitude(token) // square
    return range(lowest, lowest + max(1, height_ft(rules, token) // square))


def share_a_cube(rules: Ruleset, one: Token, other: Token) -> bool:
    """Whether ``one``'s and ``other``'s spaces fill a common cube of height: heights in
    the same cube count as the same level (the rules measure in squares, not feet)."""
    a, b = cube_levels(rules, one), cube_levels(rules, other)
    return a.start < b.stop and b.start < a.stop


def hidden_attacks(
    rules: Ruleset,
    whole: Encounter,
    request: MoveRequest,
    mover: Token,
    path: Sequence[Cell],
    hidden: Collection[str],
) -> dict[str, Cell]:
    """The opportunity attacks the hidden creatures keyed in ``hidden`` get on ``mover``
    (as it stood before the move) along ``path``, under the action ``request`` took:
    name → the square it leaves or enters. A move the plain pipeline can't restate (a
    bull rush, a mount's own moves) provokes none of them here."""
    from bot.rules.engine.planning import plan_of

    if not hidden or len(path) < 2:
        return {}
    plain = replace(
        MoveRequest(mover.name),
        to=path[-1],
        mode=request.mode,
        action=request.action,
        bonus=request.bonus,
        extra_action=request.extra_action,
        through=request.through,
        up_ft=request.up_ft,
    )
    try:
        plan = plan_of(rules.for_encounter(whole), whole, mover, plain, None)
        attacks = opportunity_attacks(plan, list(path))
    except RulingError:
        return {}
    keys = {t.name: t.key for t in whole.tokens.values()}
    return {name: cell for name, cell in attacks.items() if keys.get(name) in hidden}
