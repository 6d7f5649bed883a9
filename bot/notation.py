"""The battle-map notation users already type and paste: OTFBM's (otfbm.io, which the
Avrae map alias prints). A board size, tokens written as square + size letter + colour
+ ``-`` + label, and walls and doors along the grid lines.

``20x15 D4Mr-GO1 E7Mr-GO2 A1Lb-Ogre`` is a 20 by 15 board with two Medium red tokens
labelled GO1 and GO2 and a Large blue Ogre at A1; ``_B3J3`` is a wall along the top of
row 3 from B to J. This module holds what a board in the notation is and writes one;
``bot.notation_otfbm`` reads one (the URL, any case, the whole colour table, walls,
doors, objects). ``write_board`` and ``parse_board`` round-trip. Pure: no Discord, no
database.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.grid.coords import Cell, EdgeKey, column_name
from bot.grid.sizes import Size
from bot.grid.terrain import Barrier, Terrain

SIZE_LETTERS: dict[str, Size] = {
    "T": Size.TINY,
    "S": Size.SMALL,
    "M": Size.MEDIUM,
    "L": Size.LARGE,
    "H": Size.HUGE,
    "G": Size.GARGANTUAN,
}
LETTER_OF_SIZE = {size: letter for letter, size in SIZE_LETTERS.items()}
# OTFBM's colour codes (otfbm/docs pages/predefined.md "Color Codes", and the codes its
# colour parser reads): one or two letters, any case; ``~`` and 3 or 6 hex digits for any
# other colour (read as the nearest of these).
COLOURS: dict[str, str] = {
    "r": "red",
    "b": "blue",
    "g": "green",
    "y": "yellow",
    "p": "purple",
    "o": "orange",
    "c": "cyan",
    "k": "black",
    "w": "white",
    "a": "grey",
    "e": "grey",
    "n": "brown",
    "i": "pink",
    "bk": "black",
    "gy": "grey",
    "bn": "brown",
    "pu": "purple",
    "pk": "pink",
}
LETTER_OF_COLOUR = {
    name: letter for letter, name in reversed(list(COLOURS.items())) if len(letter) == 1
}
LETTER_OF_COLOUR["grey"] = "a"
# what a ``~hex`` colour is read as: the nearest of the shades OTFBM draws each colour in
# and the plain web colour of that name
COLOUR_RGB: tuple[tuple[str, tuple[int, int, int]], ...] = (
    ("white", (0xF4, 0xF6, 0xFF)),
    ("white", (0xFF, 0xFF, 0xFF)),
    ("black", (0x07, 0x03, 0x1A)),
    ("black", (0x00, 0x00, 0x00)),
    ("grey", (0x80, 0x80, 0x80)),
    ("red", (0xE6, 0x3C, 0x3C)),
    ("red", (0xFF, 0x00, 0x00)),
    ("green", (0x01, 0xC1, 0x78)),
    ("green", (0x00, 0x80, 0x00)),
    ("green", (0x00, 0xFF, 0x00)),
    ("blue", (0x1D, 0x7C, 0xBC)),
    ("blue", (0x00, 0x00, 0xFF)),
    ("yellow", (0xFB, 0xD4, 0x6E)),
    ("yellow", (0xFF, 0xFF, 0x00)),
    ("purple", (0xB7, 0x58, 0x97)),
    ("purple", (0x80, 0x00, 0x80)),
    ("pink", (0xFF, 0xC1, 0xFA)),
    ("pink", (0xFF, 0xC0, 0xCB)),
    ("cyan", (0x62, 0xC1, 0xBF)),
    ("cyan", (0x00, 0xFF, 0xFF)),
    ("brown", (0x58, 0x2F, 0x29)),
    ("brown", (0xA5, 0x2A, 0x2A)),
    ("orange", (0xF0, 0x82, 0x37)),
    ("orange", (0xFF, 0xA5, 0x00)),
)
MAX_ENTRIES = 100
MAX_LABEL = 32
DOOR_LETTER = {Barrier.DOOR: "d", Barrier.OPEN_DOOR: "o"}
# Stride's terrain written as the object otfbm.io draws for it, one that reads back as it
# (otfbm/docs pages/objects.md; ``notation_otfbm.OBJECT_TERRAIN``): difficult terrain as
# thorns (undergrowth, the nearest picture to rubble and brush OTFBM has) and water as a
# puddle (issue 40: the line re-imported lost both); other terrain (slopes, ice, narrow
# gaps, earth...) has no picture and stays in the JSON export alone
OBJECT_OF_TERRAIN: dict[Terrain, str] = {
    Terrain.WALL: "bw",  # brick wall
    Terrain.PILLAR: "pr",  # round pillar
    Terrain.PIT: "po",  # open pit
    Terrain.HAZARD: "tr",  # trap
    Terrain.OBSTACLE: "ta",  # table
    Terrain.DIFFICULT: "or",  # thorns
    Terrain.WATER: "pu",  # puddle
}
OTFBM = "https://otfbm.io/"


@dataclass(frozen=True)
class NotedToken:
    """One token as the notation writes it."""

    cell: Cell
    label: str
    size: Size = Size.MEDIUM
    colour: str | None = None  # a colour name from COLOURS, or None

    def __str__(self) -> str:
        letter = LETTER_OF_SIZE.get(self.size) or ("T" if self.size < Size.TINY else "G")
        colour = LETTER_OF_COLOUR[self.colour] if self.colour else ""
        if letter == "G" and not colour:
            colour = "a"  # OTFBM reads a bare "G" as green: a Gargantuan needs a colour
        return f"{self.cell}{letter}{colour}-{self.label}"


@dataclass(frozen=True)
class NotedEdge:
    """A wall or door on the edge between two side-by-side squares; a secret door is a
    door only the GM sees."""

    edge: EdgeKey
    barrier: Barrier = Barrier.WALL
    secret: bool = False


@dataclass(frozen=True)
class NotedBoard:
    """A board in the notation: its size (None when not given), its tokens, the walls and
    doors on its edges, the terrain its objects stand for, and what was read but has no
    meaning on Stride's board (``skipped``) or was renamed to keep names apart."""

    width: int | None
    height: int | None
    tokens: tuple[NotedToken, ...]
    edges: tuple[NotedEdge, ...] = ()
    terrain: tuple[tuple[Cell, Terrain], ...] = ()
    skipped: tuple[str, ...] = ()
    renamed: tuple[str, ...] = ()

    def __str__(self) -> str:
        return write_board(self)


def write_board(board: NotedBoard) -> str:
    """The notation for ``board``: the size first (when known), every token, the terrain
    otfbm.io has a picture for as objects (``A3D3$bw``), then its walls and doors as one
    OTFBM line entry (``_A1D1_D1-dD2``)."""
    parts = [f"{board.width}x{board.height}"] if board.width and board.height else []
    parts += [str(t) for t in board.tokens]
    parts += write_objects(board.terrain)
    walls = write_edges(board.edges)
    return " ".join(parts + ([walls] if walls else []))


def otfbm_url(notation: str) -> str:
    """The otfbm.io link that draws ``notation`` (its entries as the link's path)."""
    return OTFBM + "/".join(notation.split())


def write_objects(terrain: tuple[tuple[Cell, Terrain], ...]) -> list[str]:
    """The terrain otfbm.io draws, as objects: each run of one kind along a row is one
    (``A3D3$bw``), a square alone is ``A3$bw``."""
    kinds = {cell: OBJECT_OF_TERRAIN[kind] for cell, kind in terrain if kind in OBJECT_OF_TERRAIN}
    out: list[str] = []
    for cell in sorted(kinds, key=lambda c: (c.row, c.col)):
        if kinds.get(Cell(cell.col - 1, cell.row)) == kinds[cell]:
            continue  # inside a run already written
        end = cell
        while kinds.get(Cell(end.col + 1, end.row)) == kinds[cell]:
            end = Cell(end.col + 1, end.row)
        out.append(f"{cell}{end if end != cell else ''}${kinds[cell]}")
    return out


Point = tuple[int, int]  # a grid corner: (x, y), A1's top-left is (0, 0)


def _segment(edge: EdgeKey) -> tuple[Point, Point]:
    """The grid line between two side-by-side squares, as two corners."""
    a, b = edge
    if a.row == b.row:  # side by side in a row: the line between them runs down
        x = max(a.col, b.col)
        return (x, a.row), (x, a.row + 1)
    y = max(a.row, b.row)
    return (a.col, y), (a.col + 1, y)


def _corner(point: Point) -> str:
    return f"{column_name(point[0])}{point[1] + 1}"


def _runs(segments: list[tuple[Point, Point]]) -> list[tuple[Point, Point]]:
    """Unit segments joined where they continue one another along a line."""

    def along(segment: tuple[Point, Point]) -> tuple[bool, int, int]:
        (x, y), (x2, _) = segment
        return (x == x2, x, y) if x == x2 else (False, y, x)

    ordered = sorted(segments, key=along)
    runs: list[tuple[Point, Point]] = []
    for start, end in ordered:
        if runs:
            last_start, last_end = runs[-1]
            same_way = (last_start[0] == last_end[0]) == (start[0] == end[0])
            if same_way and last_end == start:
                runs[-1] = (last_start, end)
                continue
        runs.append((start, end))
    return runs


def write_edges(edges: tuple[NotedEdge, ...]) -> str:
    """Walls as runs, each door as its own one-square piece (``-d`` closed, ``-o`` open,
    ``-s`` secret); a low wall and a hidden wall have no OTFBM form (the JSON keeps them)."""
    walls = [_segment(e.edge) for e in edges if e.barrier is Barrier.WALL and not e.secret]
    lines = [f"{_corner(s)}{_corner(t)}" for s, t in _runs(walls)]
    for noted in sorted(edges, key=lambda e: (e.edge[0].row, e.edge[0].col, e.edge)):
        letter = "s" if noted.secret else DOOR_LETTER.get(noted.barrier)
        if letter is None or (noted.secret and noted.barrier is not Barrier.DOOR):
            continue
        start, end = _segment(noted.edge)
        lines.append(f"{_corner(start)}-{letter}{_corner(end)}")
    return "_" + "_".join(lines) if lines else ""
