"""Flanking stays exact when it is made fast (issue 26): the whole-number line test
agrees with the fractions' ``crossing``, and a threat's one-square answer with the
squares ``threatened`` lists."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.context import Context
from bot.encounter import Condition, Encounter, Token
from bot.grid.coords import Cell
from bot.grid.geometry import gap
from bot.grid.sizes import Size
from bot.rules import get_ruleset, identities
from bot.rules.engine.altitude import at_altitude
from bot.rules.engine.board import Board, hostile
from bot.rules.epic_path import flank_board
from bot.rules.epic_path.flank_board import board_flanks
from bot.rules.epic_path.flanking import (
    OPPOSITE,
    Creature,
    Point,
    Space,
    crossing,
    flank_between,
    flanks,
    line_flanks,
)
from tests.handlers.encounter_helpers import run

halves = st.integers(min_value=-4, max_value=24).map(lambda n: Fraction(n, 2))
points = st.tuples(halves, halves)
spaces = st.builds(
    Space,
    st.builds(Cell, st.integers(0, 8), st.integers(0, 8)),
    st.integers(1, 4),
)


def by_crossing(p: Point, q: Point, space: Space) -> bool:
    """004 Flanking as ``line_flanks`` said it before it was made fast."""
    through = crossing(p, q, space)
    return through is not None and OPPOSITE[through[0]] == through[1]


@settings(max_examples=3000)
@given(points, points, spaces)
def test_the_whole_number_line_test_agrees_with_the_fractions(
    p: Point, q: Point, space: Space
) -> None:
    assert line_flanks(p, q, space) == by_crossing(p, q, space)


@given(spaces, st.integers(-3, 12), st.integers(1, 3), st.booleans())
def test_lines_along_a_diagonal_flank_only_past_both_corners(
    space: Space, start: int, length: int, anti: bool
) -> None:
    """The corner case drawn on purpose (random points seldom hit a diagonal)."""
    a, n = space.anchor, space.side
    x0, y0 = (a.col + n, a.row) if anti else (a.col, a.row)
    step = -1 if anti else 1
    p = (Fraction(x0 + step * (start - 2)), Fraction(y0 + start - 2))
    q = (p[0] + step * (n + length), p[1] + n + length)
    assert line_flanks(p, q, space) == by_crossing(p, q, space)
    assert line_flanks(q, p, space) == by_crossing(q, p, space)


SIZES = [Size.TINY, Size.SMALL, Size.MEDIUM, Size.LARGE, Size.HUGE, Size.COLOSSAL]


@settings(max_examples=300)
@given(
    st.sampled_from(list(identities())),
    st.sampled_from(SIZES),
    st.sampled_from([None, 0, 5, 10, 15, 30, 10**9]),
    st.booleans(),
    st.integers(0, 11),
    st.integers(0, 11),
)
def test_threatens_answers_what_threatened_lists(
    ruleset: str, size: Size, reach_ft: int | None, weapon: bool, col: int, row: int
) -> None:
    rules = get_ruleset(ruleset)
    enemy = Token("Orc", Cell(col, row), size=size, reach_ft=reach_ft, reach_weapon=weapon)
    encounter = Encounter(12, 12, ruleset, gm_id="gm", tokens={"orc": enemy})
    board = Board.of(encounter, enemy, rules.footprint_squares)
    listed = rules.reach.threatened(board, enemy)
    assert all(board.on_map(c) for c in listed - set(board.footprint_of(enemy)))
    for cell in (Cell(c, r) for r in range(12) for c in range(12)):
        assert rules.reach.threatens(board, enemy, cell) == (cell in listed), cell


# ------------------------------------------------------------ the whole board at once

EPIC = get_ruleset("epic-path")


@st.composite
def crowds(draw: st.DrawFn) -> Encounter:
    """A small epic-path board with creatures of every kind that matters to flanking:
    sizes, reach, reach weapons, the incapacitated and the dead, flyers."""
    count = draw(st.integers(3, 12))
    cells = draw(
        st.lists(
            st.builds(Cell, st.integers(2, 5), st.integers(2, 5)),  # a crowd: close enough
            min_size=count,
            max_size=count,
            unique=True,
        )
    )
    tokens: dict[str, Token] = {}
    for n, cell in enumerate(cells):
        token = Token(
            f"T{n}",
            cell,
            size=draw(st.sampled_from([Size.TINY, Size.SMALL, Size.MEDIUM, Size.LARGE])),
            team=draw(st.sampled_from(["party", "enemy", "party", "enemy", "neutral"])),
            reach_ft=draw(st.sampled_from([None, None, 10, 15])),
            reach_weapon=draw(st.integers(0, 3)) == 0,
            conditions=draw(
                st.sampled_from(
                    [frozenset(), frozenset(), frozenset({"incapacitated"}), frozenset({"dead"})]
                )
            ),
        )
        if draw(st.integers(0, 5)) == 0:
            token = at_altitude(token, draw(st.sampled_from([5, 10, 30])))
        tokens[token.key] = token
    return Encounter(12, 12, "epic-path", gm_id="gm", tokens=tokens)


def one_pair_at_a_time(encounter: Encounter) -> list[tuple[str, tuple[tuple[str, str], ...]]]:
    """What /map flanks:true said before it was bounded: ``flank`` for every pair."""
    tokens = list(encounter.tokens.values())
    out = []
    for target in tokens:
        foes = [t for t in tokens if t.key != target.key and hostile(t, target)]
        pairs = tuple(
            (a.name, b.name)
            for i, a in enumerate(foes)
            for b in foes[i + 1 :]
            if EPIC.flanking.flank(encounter, a, b, target).flanks  # type: ignore[union-attr]
        )
        if pairs:
            out.append((target.name, pairs))
    return out


@settings(max_examples=200, deadline=None)
@given(crowds())
def test_the_whole_board_at_once_says_what_each_pair_says(encounter: Encounter) -> None:
    found = EPIC.flanking.board_flanks(encounter)
    assert found is not None and found.complete
    assert [(f.target, f.by) for f in found.flanked] == one_pair_at_a_time(encounter)


@settings(max_examples=200, deadline=None)
@given(crowds(), st.integers(0, 8))
def test_the_note_after_a_move_names_every_ally_it_flanks_with(
    encounter: Encounter, index: int
) -> None:
    tokens = list(encounter.tokens.values())
    mover = tokens[index % len(tokens)]
    before: dict[str, list[str]] = {}
    if not mover.has(Condition.INCAPACITATED):
        for enemy in tokens:
            if not hostile(mover, enemy) or enemy.has(Condition.DEAD):
                continue
            for ally in tokens:
                if ally.key == mover.key or ally.team != mover.team:
                    continue
                if EPIC.flanking.flank(encounter, mover, ally, enemy).flanks:  # type: ignore[union-attr]
                    before.setdefault(enemy.name, []).append(ally.name)
    notes = EPIC.flanking.after_move_notes(encounter, mover)
    if not before:
        assert notes == ()
    else:
        parts = "; ".join(f"{e} with {', '.join(a)}" for e, a in before.items())
        assert f"{mover.name} now flanks {parts}:" in notes[0].text


def test_a_crowd_past_the_bound_is_cut_short_and_says_so() -> None:
    tokens = {
        f"t{i}": Token(f"T{i}", Cell(i % 10, i // 10), team="enemy" if i % 2 else "party")
        for i in range(40)
    }
    encounter = Encounter(12, 12, "epic-path", gm_id="gm", tokens=tokens)
    whole = board_flanks(EPIC.flanking, encounter)  # type: ignore[arg-type]
    assert whole.complete and whole.flanked
    cut = board_flanks(EPIC.flanking, encounter, max_work=20)  # type: ignore[arg-type]
    assert not cut.complete and len(cut.flanked) < len(whole.flanked)
    every = {f.target: set(f.by) for f in whole.flanked}
    assert all(set(f.by) <= every[f.target] for f in cut.flanked)  # true, as far as it got


creatures = st.builds(
    Creature,
    st.just("C"),
    spaces,
    st.sampled_from([int(s) for s in Size]),
    st.booleans(),
    st.booleans(),
)


@settings(max_examples=2000)
@given(creatures, creatures, creatures)
def test_flanks_says_what_flank_between_says(a: Creature, b: Creature, target: Creature) -> None:
    assert flanks(a, b, target) == flank_between(a, b, target).flanks


async def test_map_flanks_says_when_it_stopped_short(
    gm: Context, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = ["/encounter start width:8 height:8 ruleset:epic-path"]
    for n, at in enumerate(("B2", "C2", "D2", "B3", "D3", "B4", "C4", "D4")):
        lines.append(f"/token add name:P{n} at:{at} team:party reach:10")
    await run(gm, *lines, "/token add name:Orc at:C3 team:enemy")
    whole = (await run(gm, "/map flanks:true")).as_text()
    # reach flanks from any corner: 16 pairs, 4 shown
    assert "Orc: flanked by P0 and P4; P0 and P6; P0 and P7; P1 and P3; and 12 more" in whole
    assert "Not every pair" not in whole
    monkeypatch.setattr(flank_board, "MAX_WORK", 5)
    cut = (await run(gm, "/map flanks:true")).as_text()
    assert "Not every pair was checked" in cut and "/flank answers for any three" in cut


@settings(max_examples=200)
@given(
    st.sampled_from(["5e", "5e-2024", "5e-alt"]),
    st.sampled_from([Size.SMALL, Size.MEDIUM, Size.LARGE, Size.HUGE]),
    st.sampled_from([None, 0, 5, 10, 30, 10**9]),
    st.integers(0, 11),
    st.integers(0, 11),
)
def test_a_fifth_edition_reach_is_every_square_that_near_on_the_map(
    ruleset: str, size: Size, reach_ft: int | None, col: int, row: int
) -> None:
    rules = get_ruleset(ruleset)
    enemy = Token("Orc", Cell(col, row), size=size, reach_ft=reach_ft)
    encounter = Encounter(12, 12, ruleset, gm_id="gm", tokens={"orc": enemy})
    board = Board.of(encounter, enemy, rules.footprint_squares)
    squares = (5 if reach_ft is None else reach_ft) // rules.square_ft
    side = board.sides["orc"]
    near = {
        Cell(c, r)
        for r in range(12)
        for c in range(12)
        if squares > 0 and max(gap(Cell(c, r), 1, enemy.cell, side)) <= squares
    }
    assert rules.reach.threatened(board, enemy) == near
    every = (Cell(c, r) for r in range(-1, 13) for c in range(-1, 13))
    assert {c for c in every if rules.reach.threatens(board, enemy, c)} == near
