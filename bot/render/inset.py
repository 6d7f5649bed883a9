"""The overview inset: the whole map, small, with the drawn window marked on it."""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from bot.encounter import Encounter
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.render import style as s
from bot.render.layout import Layout
from bot.render.paletted import index, translated
from bot.render.tiles import overview_colour

INSET_SHARE = 0.3  # of the board's shorter side
INSET_MIN, INSET_MAX = 72, 200
INSET_GAP = 6  # px from the board's edges


def inset_size(layout: Layout) -> tuple[int, int]:
    board_w, board_h = layout.cols * layout.cell, layout.rows * layout.cell
    longest = max(INSET_MIN, min(INSET_MAX, round(min(board_w, board_h) * INSET_SHARE)))
    scale = longest / max(layout.map_width, layout.map_height)
    return max(8, round(layout.map_width * scale)), max(8, round(layout.map_height * scale))


def overview(
    encounter: Encounter,
    footprints: Mapping[Size, int],
    layout: Layout,
    path: Sequence[Cell] = (),
    mover_side: int = 1,
    board: Image.Image | None = None,
) -> Image.Image:
    """The whole map at about a pixel a square, scaled to the inset's size. With a
    palette ``board``: the same pixels as an "L" image of its palette's indices (each
    mark a solid colour, drawn with its index; the terrain translated), to paste in."""
    width, height = encounter.width, encounter.height
    size = inset_size(layout)
    terrain = _terrain_overview(encounter, size)
    if board is None:
        inset, ink = terrain.copy(), _same
    else:
        inset = Image.new("L", size)
        inset.im.paste(translated(board, terrain)[1].im, (0, 0, *size))

        def ink(colour: s.RGB) -> int | s.RGB:
            return index(board, colour)

    sx, sy = size[0] / width, size[1] / height
    draw = ImageDraw.Draw(inset)
    for token in encounter.tokens.values():
        # At least 3 px a token, however small a square is here: the inset shows where people are.
        side = footprints.get(token.size, 1)
        colour = s.TEAM_COLOUR.get(token.team, s.TEAM_COLOUR["neutral"])
        x, y = (token.cell.col + side / 2) * sx, (token.cell.row + side / 2) * sy
        r = max(1.5, side * sx / 2)
        draw.rectangle(
            (round(x - r), round(y - r), round(x + r) - 1, round(y + r) - 1), fill=ink(colour)
        )
    if len(path) >= 2:
        points = [((p.col + mover_side / 2) * sx, (p.row + mover_side / 2) * sy) for p in path]
        draw.line(points, fill=ink(s.PATH_INK), width=2)
    box = (
        round(layout.x0 * sx),
        round(layout.y0 * sy),
        round((layout.x0 + layout.cols) * sx) - 1,
        round((layout.y0 + layout.rows) * sy) - 1,
    )
    draw.rectangle(box, outline=ink(s.INSET_WINDOW), width=2)
    framed = Image.new(inset.mode, (size[0] + 4, size[1] + 4), ink(s.WHITE))
    border = (0, 0, size[0] + 3, size[1] + 3)
    ImageDraw.Draw(framed).rectangle(border, outline=ink(s.INSET_BORDER))
    framed.paste(inset, (2, 2))
    return framed


def _same(colour: s.RGB) -> int | s.RGB:
    return colour


_cached: tuple[tuple[int, int, tuple[int, int]], Mapping[Cell, Terrain], Image.Image] | None = None
_lock = threading.Lock()


def _terrain_overview(encounter: Encounter, size: tuple[int, int]) -> Image.Image:
    """The map's terrain at ``size`` px, a pixel or so a square; the last one is
    kept (compared by value), since a channel's map changes far less often than
    its tokens. Read-only: callers copy it."""
    global _cached
    width, height = encounter.width, encounter.height
    key = (width, height, size)
    with _lock:
        hit = _cached
    if (
        hit is not None
        and hit[0] == key
        and (hit[1] is encounter.terrain or hit[1] == encounter.terrain)
    ):
        return hit[2]
    # One byte a square, indexing a palette of the kinds' colours: no per-square drawing calls.
    kinds = list(Terrain)
    code = {kind: i for i, kind in enumerate(kinds)}
    squares = bytearray(width * height)
    for cell, kind in encounter.terrain.items():
        squares[cell.row * width + cell.col] = code[kind]
    small = Image.frombytes("P", (width, height), bytes(squares))
    small.putpalette([v for kind in kinds for v in overview_colour(kind)])
    image = small.convert("RGB").resize(size, Image.Resampling.NEAREST)
    with _lock:
        _cached = (key, encounter.terrain, image)
    return image


def inset_corner(
    layout: Layout, size: tuple[int, int], busy: set[Cell], *, avoid: bool = False
) -> tuple[int, int] | None:
    """Where on the board the inset goes: the corner covering the fewest busy squares
    (tokens, the path), then the one with the fewest sides on the map's edge,
    bottom-right first on ties. Never a corner of the map itself: every window holding
    the map's last squares has them in that corner, so an inset there would hide them
    from every picture (issue 40); squares it covers elsewhere continue past the window
    and show in another. With ``avoid``, None when every corner left covers a busy square
    (the caller puts it under the board)."""
    board_w, board_h = layout.cols * layout.cell, layout.rows * layout.cell
    w, h = size
    left, top = layout.x0 == 0, layout.y0 == 0
    right = layout.x0 + layout.cols >= layout.map_width
    bottom = layout.y0 + layout.rows >= layout.map_height
    corners = [  # (x, y) on the board, and how many of its sides are the map's edge
        ((board_w - w - INSET_GAP, board_h - h - INSET_GAP), right + bottom),
        ((INSET_GAP, board_h - h - INSET_GAP), left + bottom),
        ((board_w - w - INSET_GAP, INSET_GAP), right + top),
        ((INSET_GAP, INSET_GAP), left + top),
    ]
    c = layout.cell

    def covered(corner: tuple[int, int]) -> int:
        x, y = corner
        cols = range(layout.x0 + x // c, layout.x0 + (x + w) // c + 1)
        rows = range(layout.y0 + y // c, layout.y0 + (y + h) // c + 1)
        return sum(1 for cell in busy if cell.col in cols and cell.row in rows)

    # a window with an inset is never the whole map, so one side at least is inside it
    allowed = [(xy, edges) for xy, edges in corners if edges < 2]
    best, _ = min(allowed, key=lambda corner: (covered(corner[0]), corner[1]))
    return None if avoid and covered(best) else best
