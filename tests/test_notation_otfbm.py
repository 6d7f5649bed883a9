"""Boards as Avrae map users paste them: OTFBM's notation, read from the examples in
OTFBM's own documentation (the otfbm/docs repository, pages/*.md, as published at
docs.otfbm.io) and its colour table, not only from examples of our own."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import InvalidInput
from bot.grid.coords import Cell, edge_key
from bot.grid.sizes import Size
from bot.grid.terrain import Barrier, Terrain
from bot.notation import NotedToken
from bot.notation_otfbm import parse_board

C = Cell.parse


def tokens_of(text: str) -> list[tuple[str, str, Size, str | None]]:
    return [(str(t.cell), t.label, t.size, t.colour) for t in parse_board(text).tokens]


def edges_of(text: str) -> dict[tuple[Cell, Cell], tuple[Barrier, bool]]:
    return {e.edge: (e.barrier, e.secret) for e in parse_board(text).edges}


# otfbm/docs pages/tokens.md, "Token Moving": the first URL example
def test_the_docs_five_by_five_goblins_and_heroes_url():
    board = parse_board("https://otfbm.io/5x5/A3Mr-GO3/E4Mb-Rogue/A1Mr-GO1/A2Mr-GO2/E3Mb-Barb")
    assert (board.width, board.height) == (5, 5)
    assert tokens_of("https://otfbm.io/5x5/A3Mr-GO3/E4Mb-Rogue/A1Mr-GO1/A2Mr-GO2/E3Mb-Barb") == [
        ("A3", "GO3", Size.MEDIUM, "red"),
        ("E4", "Rogue", Size.MEDIUM, "blue"),
        ("A1", "GO1", Size.MEDIUM, "red"),
        ("A2", "GO2", Size.MEDIUM, "red"),
        ("E3", "Barb", Size.MEDIUM, "blue"),
    ]
    assert board.skipped == ()


# otfbm/docs pages/tokens.md, "Token Moving": the arrow the !move alias draws
def test_the_docs_move_arrow_is_skipped_and_said():
    board = parse_board(
        "https://otfbm.io/5x5/A3Mr-GO3/E4Mb-Rogue/A1Mr-GO1/D3Mr-GO2/E3Mb-Barb/*a15kA2D3"
    )
    assert len(board.tokens) == 5
    assert board.skipped == ("overlays (arrows, areas)",)


# otfbm/docs pages/tokens.md, "Token Moving": !go paths drawn as arrows, one with a ~hex
def test_the_docs_go_arrows_with_hex_colours():
    board = parse_board(
        "https://otfbm.io/5x5/C1Mr-GO3/A4Mb-Rogue/B2Mr-GO1/E3Mb-Barb/*a10~62c1bfA3A1/"
        "*a10~62c1bfA1C1/*a7rA1B2/*a7rB2C1/*a10rC1C3/*a7rC3B2"
    )
    assert [t.label for t in board.tokens] == ["GO3", "Rogue", "GO1", "Barb"]
    assert board.skipped == ("6 overlays (arrows, areas)",)


# otfbm/docs pages/tokens.md, "Token Moving": an explosion object (no meaning for moving)
def test_the_docs_explosion_object_is_skipped():
    board = parse_board(
        "https://otfbm.io/5x5/d3$ex/A3Mr-GO3/E4Mb-Rogue/A1Mr-GO1/C3Mr-GO2/E3Mb-Barb"
    )
    assert len(board.tokens) == 5 and board.terrain == ()
    assert board.skipped == ("objects",)


# otfbm/docs pages/tokens.md, "Token Size": the table and its URL example (no board size)
def test_the_docs_token_sizes():
    assert tokens_of(
        "https://otfbm.io/B2Tr-T1/B2Tg-T2/B2Tb-T3/C3Sy-Small/D4Mo-Mid/E5Le-Large/G7Hw-Huge/"
        "A7Gr-Chonkinator"
    ) == [
        ("B2", "T1", Size.TINY, "red"),
        ("B2", "T2", Size.TINY, "green"),
        ("B2", "T3", Size.TINY, "blue"),
        ("C3", "Small", Size.SMALL, "yellow"),
        ("D4", "Mid", Size.MEDIUM, "orange"),
        ("E5", "Large", Size.LARGE, "grey"),
        ("G7", "Huge", Size.HUGE, "white"),
        ("A7", "Chonkinator", Size.GARGANTUAN, "red"),
    ]
    assert parse_board("https://otfbm.io/5x5/A1Gr-Chonk").width == 5


# otfbm/docs pages/tokens.md, "Token Colors": a colour letter, a 6- and a 3-digit ~hex
def test_the_docs_hex_colours_read_as_the_nearest_named_colour():
    assert tokens_of("https://otfbm.io/5x5/C1Mc-GO3/B2M~DADB0D-GO1/A1M~D20-GO2") == [
        ("C1", "GO3", Size.MEDIUM, "cyan"),
        ("B2", "GO1", Size.MEDIUM, "yellow"),
        ("A1", "GO2", Size.MEDIUM, "red"),
    ]


# otfbm/docs pages/tokens.md, "Token Labels" and "Token Sequence" (not case sensitive)
def test_the_docs_labels_and_any_case():
    assert tokens_of("https://otfbm.io/5x5/A1Sr-Gob1/C4Mr-Gob2/D3Mr-Gob3")[0] == (
        "A1",
        "Gob1",
        Size.SMALL,
        "red",
    )
    assert tokens_of("http://otfbm.io/D4GR-Warlock") == [("D4", "Warlock", Size.GARGANTUAN, "red")]
    assert tokens_of("d4gr-warlock a7GR-Chonk") == [
        ("D4", "warlock", Size.GARGANTUAN, "red"),
        ("A7", "Chonk", Size.GARGANTUAN, "red"),
    ]


# otfbm/docs pages/tokens.md, the note under "Token Sequence": D4G is green, D4GBK black
def test_the_docs_gargantuan_needs_a_colour():
    assert tokens_of("D4G-A D5GBK-B D6GY-C D7GGY-D") == [
        ("D4", "A", Size.MEDIUM, "green"),
        ("D5", "B", Size.GARGANTUAN, "black"),
        ("D6", "C", Size.GARGANTUAN, "yellow"),  # OTFBM's own special case
        ("D7", "D", Size.GARGANTUAN, "grey"),
    ]


# otfbm/docs pages/tokens.md, "Custom Tokens": an image shortcode, a view option
def test_the_docs_token_images_and_view_options_are_skipped():
    board = parse_board("https://otfbm.io/2x1/@c60/a1-satyr~wcqj3/b1-satyr~wcqj3~/")
    assert (board.width, board.height) == (2, 1)
    assert [(str(t.cell), t.label) for t in board.tokens] == [("A1", "satyr"), ("B1", "satyr_2")]
    assert board.skipped == ("view options", "2 token images")
    assert board.renamed == ("satyr at B1 → satyr 2",)
    assert tokens_of("https://otfbm.io/d3h-Urzer~6yts4") == [("D3", "Urzer", Size.HUGE, None)]


# otfbm/docs pages/predefined.md, "Color Codes": every code in the table
@pytest.mark.parametrize(
    ("code", "colour"),
    [
        ("w", "white"),
        ("bk", "black"),
        ("k", "black"),
        ("gy", "grey"),
        ("e", "grey"),
        ("a", "grey"),
        ("r", "red"),
        ("g", "green"),
        ("b", "blue"),
        ("y", "yellow"),
        ("p", "purple"),
        ("c", "cyan"),
        ("bn", "brown"),
        ("n", "brown"),
        ("o", "orange"),
        ("pk", "pink"),
        ("pu", "purple"),  # OTFBM's colour parser reads PU too
        ("i", "pink"),  # and I
    ],
)
def test_the_docs_colour_table(code: str, colour: str):
    assert tokens_of(f"C3M{code}-X")[0][3] == colour
    assert tokens_of(f"C3M{code.upper()}-X")[0][3] == colour


# otfbm/docs pages/predefined.md, "Maps": a setup loaded with ?load= and a panned view
def test_the_docs_load_query_and_panned_view():
    board = parse_board(
        "https://otfbm.io/a1:3x3/a1r-goblin/b2r-goblin/c3r-goblin/?load=https://cdn."
        "discordapp.com/attachments/746474041577308301/757301430020341760/patreon-seafootgames.json"
    )
    assert (board.width, board.height) == (3, 3)
    assert [t.label for t in board.tokens] == ["goblin", "goblin_2", "goblin_3"]
    assert board.skipped == ("panned view", "loaded setup")


# otfbm/docs pages/view.md: a size alone, dark mode, a pan by corners
def test_the_docs_view_examples():
    assert (parse_board("https://otfbm.io/5x7").width, parse_board("otfbm.io/5x7").height) == (5, 7)
    dark = parse_board("https://otfbm.io/@d/20x20")
    assert (dark.width, dark.height, dark.skipped) == (20, 20, ("view options",))
    pan = parse_board("https://otfbm.io/m3:q6/")
    assert (pan.width, pan.height) == (17, 6)


# otfbm/docs pages/options.md: options around a token with no label
def test_the_docs_options_example():
    board = parse_board("https://otfbm.io/@2dh40/A1/@e")
    assert [(str(t.cell), t.label) for t in board.tokens] == [("A1", "Token_1")]
    assert board.skipped == ("2 view options",)


# otfbm/docs pages/wallsanddoors.md, "Walls": B3 to J3 runs along the top of row 3
def test_the_docs_wall():
    edges = edges_of("https://otfbm.io/_B3J3")
    assert set(edges) == {edge_key(Cell(col, 1), Cell(col, 2)) for col in range(1, 9)}
    assert set(edges.values()) == {(Barrier.WALL, False)}
    assert len(edges_of("https://otfbm.io/_B3J3_B6J6")) == 16


# otfbm/docs pages/wallsanddoors.md, "Doors": the complex example
def test_the_docs_walls_and_doors():
    edges = edges_of("https://otfbm.io/_B2G2G4H4-dH6G6G8-sF9E10-bC10B10B2_B6-oG6")
    # H4 to H6 is a closed door two squares long: its middle two edges are the door
    assert edges[edge_key(C("G4"), C("H4"))] == (Barrier.DOOR, False)
    assert edges[edge_key(C("G5"), C("H5"))] == (Barrier.DOOR, False)
    # E10 to C10 is a double door two squares wide, then C10 to B10 a wall again
    assert edges[edge_key(C("C9"), C("C10"))] == (Barrier.DOOR, False)
    assert edges[edge_key(C("D9"), C("D10"))] == (Barrier.DOOR, False)
    assert edges[edge_key(C("B9"), C("B10"))] == (Barrier.WALL, False)
    # B6 to G6 is an open door five squares long: its middle square is the doorway
    assert edges[edge_key(C("D5"), C("D6"))] == (Barrier.OPEN_DOOR, False)
    assert edges[edge_key(C("C5"), C("C6"))] == (Barrier.WALL, False)
    # B2 to G2: a wall along the top of row 2
    assert edges[edge_key(C("B1"), C("B2"))] == (Barrier.WALL, False)
    # G8 to F9 and the secret door F9 to E10 are diagonal: Stride's walls lie along grid lines
    assert parse_board("https://otfbm.io/_B2G2G4H4-dH6G6G8-sF9E10-bC10B10B2_B6-oG6").skipped == (
        "2 diagonal walls",
    )


def test_a_secret_door_is_the_gms_alone():
    assert edges_of("_B2-sC2") == {edge_key(C("B1"), C("B2")): (Barrier.DOOR, True)}


# otfbm/docs pages/wallsanddoors.md, "Colors": a wall's colour means nothing here
def test_the_docs_wall_colour():
    assert edges_of("https://otfbm.io/_-cba2g2") == edges_of("https://otfbm.io/_a2g2")
    assert parse_board("https://otfbm.io/_-cba2g2").skipped == ("wall colours",)


# otfbm/docs pages/objects.md: a trap, a scaled pit, a rotated table, coloured objects
def test_the_docs_objects():
    assert parse_board("https://otfbm.io/5x5/b3$tr").terrain == ((C("B3"), Terrain.HAZARD),)
    pit = parse_board("https://otfbm.io/a1d3$po").terrain
    assert dict(pit) == {Cell(c, r): Terrain.PIT for c in range(4) for r in range(3)}
    table = parse_board("https://otfbm.io/5x5/c4d3$ta").terrain
    assert dict(table) == {C(s): Terrain.OBSTACLE for s in ("C3", "C4", "D3", "D4")}
    coloured = parse_board("https://otfbm.io/5x5/a1p$es/b2o$fi/c3~f97$pu/c3~f93$pu/c3~ffd700$pu")
    assert coloured.terrain == ((C("B2"), Terrain.HAZARD),)
    assert coloured.skipped == ("4 objects",)  # a golden puddle is no water (issue 40)
    water = parse_board("https://otfbm.io/5x5/a1$pu/b2b$pu/c3~0ff$pu/d4PU$pu")
    assert water.terrain == tuple((C(s), Terrain.WATER) for s in ("A1", "B2", "C3"))
    assert water.skipped == ("objects",)  # a pink one
    portal = parse_board("https://otfbm.io/5x5/c3b$mp/b3g-Gary")
    assert portal.tokens == (NotedToken(C("B3"), "Gary", Size.MEDIUM, "green"),)


# otfbm/docs pages/overlays.md: arrows and spell areas, under tokens or over
def test_the_docs_overlays_are_skipped():
    for url in ("https://otfbm.io/*aRa1g4/g4r/", "https://otfbm.io/*uc20rd5/d5-Bard"):
        board = parse_board(url)
        assert board.skipped == ("overlays (arrows, areas)",), url
    for alone in (
        "https://otfbm.io/*c20rd5",
        "https://otfbm.io/*t50ba5e5",
        "https://otfbm.io/*l30,5ga1b2",
        "https://otfbm.io/*s30ca1b2",
    ):
        with pytest.raises(InvalidInput, match=r"only what means nothing.*: overlays"):
            parse_board(alone)
    assert tokens_of("https://otfbm.io/*aRa1g4/g4r/") == [("G4", "Token_1", Size.MEDIUM, "red")]


# the URL as Avrae prints it, with view options, a background, angle brackets
@pytest.mark.parametrize(
    "paste",
    [
        "https://otfbm.io/20x15/D4Mr-GO1/E7-Ari",
        "otfbm.io/20x15/D4Mr-GO1/E7-Ari",
        "OTFBM.IO/20x15/d4mr-go1/e7-ari",
        "<https://otfbm.io/20x15/@c50/D4Mr-GO1/E7-Ari/?bg=https://i.imgur.com/x.png>",
        "/20x15/D4Mr-GO1/E7-Ari/",
        "20x15 D4Mr-GO1 / E7-Ari",
    ],
)
def test_the_url_the_path_or_the_line(paste: str):
    board = parse_board(paste)
    assert (board.width, board.height) == (20, 15)
    assert [(str(t.cell), t.label.casefold(), t.colour) for t in board.tokens] == [
        ("D4", "go1", "red"),
        ("E7", "ari", None),
    ]


def test_a_background_is_skipped_in_one_phrase_with_the_rest():
    board = parse_board("https://otfbm.io/20x15/@c50/D4Mr-GO1/Z9Q!!/?bg=https://i.imgur.com/x.png")
    assert board.skipped == ("view options", "background image", "not map notation: Z9Q!!")


def test_a_label_with_an_encoded_space():
    assert tokens_of("https://otfbm.io/b10b-Goblin%20Boss")[0][1] == "Goblin_Boss"


@pytest.mark.parametrize(
    "garbage", ["", "hello there", "https://otfbm.io/", "https://example.com/cat.png", "@c50"]
)
def test_a_paste_with_nothing_usable_is_refused_saying_what_is_accepted(garbage: str):
    with pytest.raises(InvalidInput, match=r"otfbm\.io link"):
        parse_board(garbage)


def test_a_square_that_is_no_square_is_not_read():
    board = parse_board("20x15 A0-X D4-Y _A0B0")
    assert [t.label for t in board.tokens] == ["Y"]
    assert board.skipped == ("not map notation: A0-X, _A0B0",)


pieces = st.sampled_from(
    ["/", " ", "_", "-", "~", "$", "*", "@", "?", "&", "=", ":", "%", "x", "A", "g", "y", "1", "0"]
)


@given(st.text(max_size=60) | st.lists(pieces, max_size=40).map("".join))
def test_any_paste_is_read_or_refused_plainly(text: str):
    try:
        board = parse_board(text)
    except InvalidInput:
        return
    assert board.width is not None or board.tokens or board.edges or board.terrain
