"""Every flank on the board at once (004 Flanking): /map flanks:true, and the note
after each move.

Asking ``EpicPath.flank`` of every pair of foes around every creature built the board
and both flankers' threatened squares anew for each of n³ questions (27 s with 100
tokens). Here the board is built once; whether a creature threatens a foe is one
square's question (``threatens``); only foes that threaten the target are paired; a
pair that stands so no line between them can cross the target's space from one side
to the opposite one is passed over at once; the rest ask ``flanks`` (the rule itself,
in whole numbers), each layout once, for a crowd repeats itself. The work is bounded:
past ``MAX_WORK`` pairs looked at and lines drawn, it stops and says how far it got
(``BoardFlanks.complete``). Pure: no Discord, no database.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.encounter import Condition, Encounter, Token
from bot.rules.engine.altitude import altitude, within_reach_up
from bot.rules.engine.board import Board, hostile
from bot.rules.epic_path.flanking import Creature, Space, flanks_counted
from bot.rules.rulings import BoardFlanks, Flanked

if TYPE_CHECKING:
    from bot.rules.epic_path.flanks import EpicFlanking

# The work one question may do: pairs of foes looked at, and lines drawn between
# them (about 0.6 µs each: under a second at worst). Every pair around every creature
# of a full board of Medium creatures (100 tokens, two sides of 50) is 122,500 pairs.
MAX_WORK = 1_000_000


@dataclass(frozen=True)
class _One:
    """A token as flanking reads it, worked out once for the whole board."""

    token: Token
    key: str
    space: Space
    size: int
    reach: bool  # reach beyond adjacent squares, or a reach weapon
    able: bool  # not incapacitated: it threatens at all


def board_flanks(
    rules: EpicFlanking,
    encounter: Encounter,
    *,
    mover: Token | None = None,
    max_work: int | None = None,
) -> BoardFlanks:
    """Every creature two of its foes flank where they stand (the same answer as
    ``rules.flank`` for each pair); with ``mover``, only the pairs it is one of, and
    only foes that aren't dead (the note after its move)."""
    if not encounter.tokens:
        return BoardFlanks(())
    board = Board.of(
        encounter, next(iter(encounter.tokens.values())), rules.rules.footprint_squares
    )
    ones = [
        _One(
            t,
            key,
            Space(t.cell, board.sides.get(key, 1)),
            int(t.size),
            rules.natural_reach_ft(t) > rules.rules.square_ft or t.reach_weapon,
            not t.has(Condition.INCAPACITATED),
        )
        for key, t in encounter.tokens.items()
    ]
    moving = next((o for o in ones if mover is not None and o.key == mover.key), None)
    work = _Work(MAX_WORK if max_work is None else max_work)
    found: list[Flanked] = []
    for target in ones:
        flankers = _flankers(rules, board, ones, target, moving)
        if flankers is None:
            continue
        firsts, foes = flankers
        them = Creature(target.token.name, target.space, target.size, target.reach, False)
        pairs, complete = _pairs_flanking(work, them, target, firsts, foes, each=moving is None)
        if pairs:
            found.append(Flanked(them.name, tuple(pairs), target.space.squares))
        if not complete:
            return BoardFlanks(tuple(found), complete=False)
    return BoardFlanks(tuple(found))


@dataclass
class _Work:
    """The work one question has done (pairs looked at, and lines drawn between them)
    against its bound, and each layout's verdict: a crowd repeats itself."""

    limit: int
    done: int = 0
    seen: dict[tuple[object, ...], bool] = field(default_factory=dict)


def _threatens(rules: EpicFlanking, board: Board, one: _One, target: _One) -> bool:
    """Whether ``one`` threatens any square of ``target``'s space."""
    if not one.able:
        return False
    if (altitude(one.token) or altitude(target.token)) and not within_reach_up(
        rules.rules, one.token, target.token, rules.rules.reach.reach_ft(one.token)
    ):
        return False  # 004 Three Dimensional Movement: too far above or below
    cells = target.space.squares
    return any(rules.rules.reach.threatens(board, one.token, c) for c in cells)


def _flankers(
    rules: EpicFlanking, board: Board, ones: list[_One], target: _One, moving: _One | None
) -> tuple[list[_One], list[_One]] | None:
    """The foes of ``target`` that threaten it, as (the first of each pair, the partners
    they may pair with): every such foe both ways, or with a mover only the mover first
    (None when the mover can't flank it: no foe of it, dead, or out of its reach)."""
    if moving is not None and (
        not hostile(moving.token, target.token) or target.token.has(Condition.DEAD)
    ):
        return None
    foes = [o for o in ones if o.key != target.key and hostile(o.token, target.token)]
    if moving is None:
        foes = [o for o in foes if _threatens(rules, board, o, target)]
        return foes, foes
    if not _threatens(rules, board, moving, target):
        return None
    return [moving], [
        o for o in foes if o.key != moving.key and _threatens(rules, board, o, target)
    ]


def _pairs_flanking(
    work: _Work,
    them: Creature,
    target: _One,
    firsts: list[_One],
    foes: list[_One],
    *,
    each: bool,
) -> tuple[list[tuple[str, str]], bool]:
    """The pairs of ``firsts`` and ``foes`` that flank ``target`` (``each``: every pair of
    foes once, else each first with every foe), and whether all were asked within the
    bound: past it, the pairs found so far, each of them sound."""
    where = {o.key: _layout(o, target) for o in (*firsts, *foes)}
    seen, limit, done = work.seen, work.limit, work.done
    pairs: list[tuple[str, str]] = []
    for i, a in enumerate(firsts):
        partners = foes[i + 1 :] if each else foes
        done += len(partners)
        if done > limit:
            work.done = done
            return pairs, False
        for b in partners:
            layout = (where[a.key], where[b.key], target.space.side, target.size)
            verdict = seen.get(layout)
            if verdict is None:
                verdict = False
                if _may_flank(them, a, b):
                    verdict, drawn = flanks_counted(_creature(a), _creature(b), them)
                    done += drawn  # big creatures with reach draw many lines
                seen[layout] = verdict
                if done > limit:  # this verdict is sound; the rest are not asked
                    if verdict:
                        pairs.append((a.token.name, b.token.name))
                    work.done = done
                    return pairs, False
            if verdict:
                pairs.append((a.token.name, b.token.name))
    work.done = done
    return pairs, True


def _layout(one: _One, target: _One) -> tuple[int, int, int, int, bool]:
    """Where ``one`` stands from ``target``, and what flanking reads of it."""
    anchor = one.space.anchor
    return (
        anchor.col - target.space.anchor.col,
        anchor.row - target.space.anchor.row,
        one.space.side,
        one.size,
        one.reach,
    )


def _creature(one: _One) -> Creature:
    return Creature(one.token.name, one.space, one.size, one.reach, True)


def _may_flank(target: Creature, a: _One, b: _One) -> bool:
    """Whether ``a`` and ``b`` could flank ``target`` at all: one of them inside its
    space (Internal Flanking), or a line between them that starts at or before one side
    of it and ends at or past the opposite side. False only when ``flanks`` is."""
    t = target.space
    if t.overlaps(a.space) or t.overlaps(b.space):
        return True
    corners = a.reach or b.reach
    a_lo, a_hi = _extent(a.space, corners)
    b_lo, b_hi = _extent(b.space, corners)
    t_lo, t_hi = _extent(t, True)
    return any(
        (a_lo[axis] <= t_lo[axis] and b_hi[axis] >= t_hi[axis])
        or (b_lo[axis] <= t_lo[axis] and a_hi[axis] >= t_hi[axis])
        for axis in (0, 1)
    )


def _extent(space: Space, corners: bool) -> tuple[tuple[int, int], tuple[int, int]]:
    """The least and greatest x and y (in half squares) a flanking line may end at in
    ``space``: its edges when a corner may be used (reach), else its squares' centres."""
    inset = 0 if corners else 1
    col, row, side = 2 * space.anchor.col, 2 * space.anchor.row, 2 * space.side
    return (col + inset, row + inset), (col + side - inset, row + side - inset)
