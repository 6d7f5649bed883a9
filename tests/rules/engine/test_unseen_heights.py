"""A player's move meeting a hidden creature in the air (bot/rules/engine/unseen.py):
heights are counted in the cubes a creature fills, one square high each (seed 004 ›
Three Dimensional Movement: creatures are cubes "a number of squares high equal to the
number of squares per side"; the SRDs measure a space in 5-ft squares). Two flyers at
12 ft and 14 ft are in the same 5-ft cube and meet; one at 20 ft passes over a Medium
creature on the ground; a Large creature's 10-ft-tall space is met at 5 ft up."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.rules import rulesets
from bot.rules.moving import hidden_in_the_way
from bot.rules.ruleset import Ruleset

RULESETS = sorted(rulesets())
PATH = [Cell.parse(c) for c in ("A2", "B2", "C2", "D2", "E2")]


def meets(ruleset: str, mover_ft: int, hidden_ft: int, size: Size = Size.MEDIUM) -> Cell | None:
    """Where Ari (at ``mover_ft``) flying A2 to E2 meets the hidden Lurker at C2 (at
    ``hidden_ft``, of ``size``), or None."""
    ari = Token("Ari", PATH[0], altitude_ft=mover_ft, speeds_ft={"fly": 60})
    lurker = Token("Lurker", Cell.parse("C2"), size=size, altitude_ft=hidden_ft, hidden=True)
    board = Encounter(8, 8, ruleset, "gm", tokens={ari.key: ari, lurker.key: lurker})
    rules: Ruleset = rulesets()[ruleset].for_encounter(board)
    hit = hidden_in_the_way(rules, board, ari, PATH, {lurker.key})
    return None if hit is None else hit.cell


def test_two_flyers_in_one_5_ft_cube_meet() -> None:
    """12 ft and 14 ft up: both in the cube from 10 to 15 ft, so the path is blocked
    (compared by exact height, they passed through each other)."""
    assert meets("5e", 14, 12) == Cell.parse("C2")
    assert meets("epic-path", 12, 14) == Cell.parse("C2")


def test_a_flyer_in_the_next_cube_up_passes_over() -> None:
    assert meets("5e", 5, 0) is None  # the cube above a Medium creature's
    assert meets("5e", 20, 3) is None


def test_a_large_creatures_space_is_two_cubes_high() -> None:
    """A Large creature is 2 squares across and so 2 cubes (10 ft) high: a flyer at 5 ft
    is in its space; at 10 ft it is above it."""
    assert meets("5e", 5, 0, Size.LARGE) == Cell.parse("C2")
    assert meets("5e", 10, 0, Size.LARGE) is None


@given(
    ruleset=st.sampled_from(RULESETS),
    mover_ft=st.integers(0, 60),
    hidden_ft=st.integers(0, 60),
    size=st.sampled_from([Size.SMALL, Size.MEDIUM, Size.LARGE]),
)
def test_heights_within_one_cube_behave_alike(
    ruleset: str, mover_ft: int, hidden_ft: int, size: Size
) -> None:
    """Any height in a cube meets what the cube's floor meets: only the cube counts."""
    square = rulesets()[ruleset].square_ft
    floor_of = lambda ft: ft - ft % square  # noqa: E731
    assert meets(ruleset, mover_ft, hidden_ft, size) == meets(
        ruleset, floor_of(mover_ft), floor_of(hidden_ft), size
    )
