"""The battle-map notation (board size, square + size letter + colour letter + label):
what users of other map bots already type, read and written back exactly."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import InvalidInput
from bot.grid.coords import Cell, edge_key
from bot.grid.sizes import Size
from bot.grid.terrain import Barrier, Terrain
from bot.notation import (
    COLOURS,
    OBJECT_OF_TERRAIN,
    SIZE_LETTERS,
    NotedBoard,
    NotedEdge,
    NotedToken,
    write_board,
)
from bot.notation_otfbm import parse_board


def test_the_issue_example_reads_as_two_goblins_and_an_ogre():
    board = parse_board("20x15 D4Mr-GO1 E7Mr-GO2 A1Lb-Ogre")
    assert (board.width, board.height) == (20, 15)
    assert board.tokens == (
        NotedToken(Cell.parse("D4"), "GO1", Size.MEDIUM, "red"),
        NotedToken(Cell.parse("E7"), "GO2", Size.MEDIUM, "red"),
        NotedToken(Cell.parse("A1"), "Ogre", Size.LARGE, "blue"),
    )


def test_slashes_separate_tokens_too_and_size_and_colour_are_optional():
    board = parse_board("D4-Ari / E7g-Bo/AA10H-Dragon")
    assert board.width is None
    assert [(str(t.cell), t.size, t.colour) for t in board.tokens] == [
        ("D4", Size.MEDIUM, None),
        ("E7", Size.MEDIUM, "green"),
        ("AA10", Size.HUGE, None),
    ]


def test_a_token_without_a_label_or_with_a_repeated_one_is_named_apart():
    board = parse_board("D4Mr D5M-GO1 E4M-go1")
    assert [t.label for t in board.tokens] == ["Token_1", "GO1", "go1_2"]
    assert board.renamed == ("no label at D4 → Token 1", "go1 at E4 → go1 2")


def test_an_unknown_entry_is_named_and_the_rest_read():
    board = parse_board("20x15 D4Xr-GO1 D4Mz-GO2 E5-Ari")
    assert [t.label for t in board.tokens] == ["Ari"]
    assert board.skipped == ("not map notation: D4Xr-GO1, D4Mz-GO2",)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("D4Xr-GO1", "Nothing to read"),
        ("D4Mz-GO1", "Nothing to read"),
        ("A1-" + "x" * 33, "at most 32 characters"),
        ("", "Nothing to read"),
        ("20x15 " + " ".join(f"A{i}-T{i}" for i in range(1, 103)), "At most 100"),
    ],
)
def test_what_is_not_notation_is_refused_saying_what_is(text: str, says: str):
    with pytest.raises(InvalidInput, match=says):
        parse_board(text)


tokens = st.builds(
    NotedToken,
    cell=st.builds(Cell, st.integers(0, 199), st.integers(0, 199)),
    label=st.from_regex(r"[A-Za-z0-9_]{1,12}", fullmatch=True),
    size=st.sampled_from(list(SIZE_LETTERS.values())),
    colour=st.none() | st.sampled_from(list(COLOURS.values())),
)


cells = st.builds(Cell, st.integers(0, 60), st.integers(0, 60))
edges = st.builds(
    lambda a, down, barrier, secret: NotedEdge(
        edge_key(a, a.offset(0, 1) if down else a.offset(1, 0)),
        barrier,
        secret and barrier is Barrier.DOOR,
    ),
    cells,
    st.booleans(),
    st.sampled_from([Barrier.WALL, Barrier.DOOR, Barrier.OPEN_DOOR]),
    st.booleans(),
)


def _as_read(token: NotedToken) -> NotedToken:
    """A Gargantuan token is written with a colour (OTFBM reads a bare G as green)."""
    if token.size is Size.GARGANTUAN and token.colour is None:
        return NotedToken(token.cell, token.label, token.size, "grey")
    return token


@given(
    st.lists(tokens, max_size=12, unique_by=lambda t: t.label.casefold()),
    st.none() | st.tuples(st.integers(1, 200), st.integers(1, 200)),
    st.lists(edges, max_size=20, unique_by=lambda e: e.edge),
)
def test_writing_then_reading_gives_the_same_board(noted: list[NotedToken], size, walls):
    board = NotedBoard(
        size[0] if size else None,
        size[1] if size else None,
        tuple(noted),
        tuple(sorted(walls, key=lambda e: e.edge)),
    )
    if not noted and size is None and not walls:
        return  # nothing to write
    read = parse_board(write_board(board))
    assert read.tokens == tuple(_as_read(t) for t in noted)
    assert (read.width, read.height) == (board.width, board.height)
    assert read.edges == board.edges
    assert read.skipped == () and read.renamed == ()


@given(
    st.dictionaries(
        st.builds(Cell, st.integers(0, 11), st.integers(0, 7)),
        st.sampled_from(list(Terrain)),
        max_size=40,
    )
)
def test_terrain_written_as_objects_reads_back_as_itself(terrain: dict[Cell, Terrain]) -> None:
    """Every kind otfbm.io draws goes out as an object and comes back as the same
    terrain on the same squares (a run along a row as one object); the rest (difficult
    terrain) is left to the JSON export."""
    board = NotedBoard(12, 8, (), (), tuple(terrain.items()))
    back = parse_board(write_board(board))
    drawn = {c: k for c, k in terrain.items() if k in OBJECT_OF_TERRAIN}
    assert dict(back.terrain) == drawn
