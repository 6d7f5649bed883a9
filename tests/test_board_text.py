"""The text board marks every token with its own character, up to the token cap,
and its key says which mark is which token."""

from __future__ import annotations

from bot.board_text import MARKS, TERRAIN_GLYPHS, board_key, board_text, token_glyphs
from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.limits import MAX_TOKENS
from bot.rules import get_ruleset

RULES = get_ruleset("3.5")


def crowded(count: int, name: str = "Goblin {}") -> Encounter:
    e = Encounter(40, 40, "3.5", "gm")
    for i in range(count):
        e = e.with_token(Token(name.format(i + 1), Cell(i % 40, 2 * (i // 40)), team="enemy"))
    return e


def test_a_hundred_goblins_get_a_hundred_different_one_character_marks():
    e = crowded(MAX_TOKENS)
    glyphs = token_glyphs(e)
    assert len(set(glyphs.values())) == MAX_TOKENS
    assert all(len(g) == 1 for g in glyphs.values())
    assert not set(glyphs.values()) & set(TERRAIN_GLYPHS.values())
    board = board_text(e, RULES)
    assert board is not None
    rows = board.splitlines()[2:]  # two header lines: the columns reach AA
    for key, token in e.tokens.items():
        row = rows[token.cell.row]
        margin = len(str(e.height)) + 1
        assert row[margin + token.cell.col] == glyphs[key], token.name


def test_the_key_under_the_board_names_every_mark():
    e = crowded(MAX_TOKENS)
    glyphs = token_glyphs(e)
    board = board_text(e, RULES, with_key=True)
    assert board is not None
    bare = board_text(e, RULES)
    assert bare is not None and board.startswith(bare + "\n\n")
    key = board.removeprefix(bare + "\n\n")
    entries = [entry for line in key.splitlines() for entry in line.split("  ")]
    assert len(entries) == MAX_TOKENS
    for (k, token), entry in zip(e.tokens.items(), entries, strict=True):
        assert entry == f"{glyphs[k]} {token.name}"


def test_long_names_are_shortened_to_keep_the_key_small():
    e = crowded(MAX_TOKENS, "Goblin warrior of the north {}")
    key = board_key(e)
    assert len(key) <= 1800
    entries = [entry for line in key.splitlines() for entry in line.split("  ")]
    assert len(entries) == MAX_TOKENS
    assert entries[56].endswith("…57")  # the number survives the cut
    assert len({entry.split(" ", 1)[0] for entry in entries}) == MAX_TOKENS


def test_a_big_token_shows_its_mark_on_every_square_and_once_in_the_key():
    e = Encounter(6, 3, "3.5", "gm").with_token(Token("Ogre", Cell(1, 0), size=Size.LARGE))
    board = board_text(e, RULES, with_key=True)
    assert board is not None
    assert board.splitlines() == ["  ABCDEF", "1 .OO...", "2 .OO...", "3 ......", "", "O Ogre"]


def test_marks_are_distinct_and_enough():
    assert len(set(MARKS)) == len(MARKS) >= MAX_TOKENS
