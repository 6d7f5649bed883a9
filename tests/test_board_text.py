"""The text board prints each token by the label its picture prints (issue 40, item
11: one label per token everywhere), and its key says which label is which token."""

from __future__ import annotations

from bot.board_text import DITTO, TERRAIN_GLYPHS, board_key, board_text, token_marks
from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.limits import MAX_TOKENS
from bot.rules import get_ruleset
from bot.token_labels import token_labels

RULES = get_ruleset("3.5")


def crowded(count: int, name: str = "Goblin {}") -> Encounter:
    e = Encounter(40, 40, "3.5", "gm")
    for i in range(count):
        e = e.with_token(Token(name.format(i + 1), Cell(i % 40, 2 * (i // 40)), team="enemy"))
    return e


def square_at(board: str, encounter: Encounter, cell: Cell, width: int) -> str:
    """The text of ``cell``'s square on ``board`` (one header line: squares this wide)."""
    rows = board.splitlines()[1:]
    margin = len(str(encounter.height)) + 1
    start = margin + cell.col * (width + 1)
    return rows[cell.row][start : start + width].rstrip()


def test_the_text_board_prints_the_picture_s_labels():
    """G1, G2, Gn1 and Ar on the picture are G1, G2, Gn1 and Ar on the text board, not
    G, g, 1 and A."""
    e = Encounter(12, 6, "3.5", "gm")
    for name, at in [("Goblin 1", "C2"), ("Goblin 2", "D3"), ("Gnoll 1", "H4"), ("Ari", "B5")]:
        e = e.with_token(Token(name, Cell.parse(at), team="enemy"))
    labels = token_labels(e, RULES.footprint_squares)
    assert token_marks(e, RULES) == labels
    assert sorted(labels.values()) == ["Ar", "G1", "G2", "Gn1"]
    board = board_text(e, RULES, with_key=True)
    assert board is not None
    assert board.splitlines()[:3] == [
        "  A   B   C   D   E   F   G   H   I   J   K   L",
        "1 .   .   .   .   .   .   .   .   .   .   .   .",
        "2 .   .   G1  .   .   .   .   .   .   .   .   .",
    ]
    for key, token in e.tokens.items():
        assert square_at(board, e, token.cell, 3) == labels[key], token.name
    assert board.splitlines()[-1] == "G1 Goblin 1  G2 Goblin 2  Gn1 Gnoll 1  Ar Ari"


def test_a_hundred_goblins_each_show_their_own_label_where_they_stand():
    e = crowded(MAX_TOKENS)
    labels = token_marks(e, RULES)
    assert len(set(labels.values())) == MAX_TOKENS
    assert not set(labels.values()) & set(TERRAIN_GLYPHS.values())
    board = board_text(e, RULES)
    assert board is not None
    width = max(len(label) for label in labels.values())  # "G100"
    assert width == 4
    for key, token in e.tokens.items():
        assert square_at(board, e, token.cell, width) == labels[key], token.name


def test_the_key_under_the_board_names_every_label():
    e = crowded(MAX_TOKENS)
    labels = token_marks(e, RULES)
    board = board_text(e, RULES, with_key=True)
    assert board is not None
    bare = board_text(e, RULES)
    assert bare is not None and board.startswith(bare + "\n\n")
    key = board.removeprefix(bare + "\n\n")
    entries = [entry for line in key.splitlines() for entry in line.split("  ")]
    assert len(entries) == MAX_TOKENS
    for (k, token), entry in zip(e.tokens.items(), entries, strict=True):
        assert entry == f"{labels[k]} {token.name}"


def test_long_names_are_shortened_to_keep_the_key_small():
    e = crowded(MAX_TOKENS, "Goblin warrior of the north {}")
    key = board_key(e, RULES)
    assert len(key) <= 1800
    entries = [entry for line in key.splitlines() for entry in line.split("  ")]
    assert len(entries) == MAX_TOKENS
    assert entries[56].endswith("…57")  # the number survives the cut
    assert len({entry.split(" ", 1)[0] for entry in entries}) == MAX_TOKENS


def test_the_key_may_say_where_each_token_stands():
    e = crowded(2)
    assert board_key(e, RULES, where=True) == "G1 Goblin 1 A1  G2 Goblin 2 B1"


def test_a_big_token_prints_its_label_along_its_top_row_and_ditto_marks_under_it():
    e = Encounter(6, 3, "3.5", "gm").with_token(Token("Ogre", Cell(1, 0), size=Size.LARGE))
    board = board_text(e, RULES, with_key=True)
    assert board is not None
    assert token_marks(e, RULES) == {"ogre": "Ogre"}
    assert board.splitlines() == [
        "  A  B  C  D  E  F",
        "1 .  Ogre  .  .  .",
        f"2 .  {DITTO}  {DITTO}  .  .  .",
        "3 .  .  .  .  .  .",
        "",
        "Ogre Ogre",
    ]


def test_a_rider_on_a_big_mount_shows_and_the_mount_s_label_moves_down():
    e = Encounter(6, 3, "3.5", "gm").with_token(Token("Horse", Cell(1, 0), size=Size.LARGE))
    e = e.with_token(Token("Ari", Cell(1, 0), team="party"))
    board = board_text(e, RULES)
    assert board is not None
    labels = token_marks(e, RULES)
    assert board.splitlines()[1:3] == [
        f"1 .  {labels['ari']:<2} {DITTO}  .  .  .",
        f"2 .  {labels['horse']:<5} .  .  .",
    ]


def test_a_map_without_tokens_keeps_one_character_squares():
    board = board_text(Encounter(30, 2, "3.5", "gm"), RULES)
    assert board is not None
    assert board.splitlines() == [
        "                            AAAA",
        "  ABCDEFGHIJKLMNOPQRSTUVWXYZABCD",
        "1 ..............................",
        "2 ..............................",
    ]


def test_a_board_past_the_caller_s_room_is_not_drawn():
    e = crowded(MAX_TOKENS)
    drawn = board_text(e, RULES)
    assert drawn is not None
    assert board_text(e, RULES, max_chars=len(drawn)) == drawn
    assert board_text(e, RULES, max_chars=len(drawn) - 1) is None
