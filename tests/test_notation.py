"""The battle-map notation (board size, square + size letter + colour letter + label):
what users of other map bots already type, read and written back exactly."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import InvalidInput
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.notation import COLOURS, SIZE_LETTERS, NotedBoard, NotedToken, parse_board, write_board


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


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("D4Mr", "not a token in map notation"),
        ("D4Xr-GO1", "not a token in map notation"),
        ("D4Mz-GO1", "not a colour letter"),
        ("D4M-GO1 E4M-go1", "given twice"),
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


@given(
    st.lists(tokens, max_size=12, unique_by=lambda t: t.label.casefold()),
    st.none() | st.tuples(st.integers(1, 200), st.integers(1, 200)),
)
def test_writing_then_reading_gives_the_same_board(noted: list[NotedToken], size):
    board = NotedBoard(size[0] if size else None, size[1] if size else None, tuple(noted))
    if not noted and size is None:
        return  # nothing to write
    assert parse_board(write_board(board)) == board
