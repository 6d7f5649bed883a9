"""What is drawn over the terrain: speed bands, threatened squares, a reach outline,
and a move's path with its running cost."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import pairwise

from PIL import Image, ImageDraw

from bot.grid.coords import Cell
from bot.grid.geometry import footprint
from bot.grid.terrain import Terrain
from bot.render import style as s
from bot.render.draw import Box, badge, pill, pill_box
from bot.render.layout import Layout
from bot.render.paletted import around, ink_of, paletted, through_rgb
from bot.render.view import MoveOverlay
from bot.units import feet, in_units

LABEL_EVERY = 3  # squares between cost labels on a straight run
SHORT_PATH = 6  # steps: a path this short gets its cost at every square


def footprint_cells(anchors: Iterable[Cell], side: int) -> set[Cell]:
    """Every square covered by a token of ``side`` standing on any of ``anchors``."""
    return {cell for anchor in anchors for cell in footprint(anchor, side)}


def standable(
    anchors: Iterable[Cell], side: int, terrain: Mapping[Cell, Terrain], *, over_pits: bool = False
) -> frozenset[Cell]:
    """The ``anchors`` where a token of ``side`` could stand: none of its squares a
    wall, pillar or solid earth, nor a pit unless it flies (``over_pits``). A speed
    band is drawn only there, never over what nobody ends a move in (issue 30)."""

    closed = UNDER_FOOT if over_pits else UNDER_FOOT | {Terrain.PIT}
    get = terrain.get
    if side == 1:  # most movers: one square each, one look-up
        return frozenset(a for a in anchors if get(a) not in closed)
    return frozenset(a for a in anchors if all(get(c) not in closed for c in footprint(a, side)))


UNDER_FOOT = frozenset(kind for kind in Terrain if kind.blocks)


def band_squares(
    move: MoveOverlay, side: int, terrain: Mapping[Cell, Terrain]
) -> tuple[set[Cell], set[Cell]]:
    """The squares the two speed bands cover: reachable with this action, and only
    with the bigger one; each only where the mover could stand."""
    now = standable(move.reach_now, side, terrain, over_pits=move.over_pits)
    more = standable(move.reach_more, side, terrain, over_pits=move.over_pits)
    if side == 1:
        return set(now), set(more)
    return footprint_cells(now, side), footprint_cells(more, side)


def visible(layout: Layout, cells: Iterable[Cell]) -> list[Cell]:
    """The cells inside the window, sorted."""
    return sorted(shown(layout, cells))


def shown(layout: Layout, cells: Iterable[Cell]) -> list[Cell]:
    """The cells inside the window, in no order (``visible`` sorts them)."""
    x0, y0 = layout.x0, layout.y0
    x1, y1 = x0 + layout.cols, y0 + layout.rows
    return [c for c in cells if x0 <= c.col < x1 and y0 <= c.row < y1]


def runs(cells: Iterable[Cell]) -> list[tuple[Cell, int]]:
    """Cells as runs along their rows: (first cell, length), top to bottom."""
    out: list[tuple[Cell, int]] = []
    for cell in sorted(cells, key=lambda c: (c.row, c.col)):
        if out:
            first, count = out[-1]
            if first.row == cell.row and first.col + count == cell.col:
                out[-1] = (first, count + 1)
                continue
        out.append((cell, 1))
    return out


def outline(im: Image.Image, layout: Layout, cells: set[Cell], colour: s.RGB, width: int) -> None:
    """Draw the boundary of a set of squares (its edges against squares outside it)."""
    c = layout.cell
    half = width // 2
    ink = ink_of(im, colour)
    im.load()
    fill = im.im.paste  # each edge a filled box (x1, y1 exclusive): no drawing call each
    for cell in visible(layout, cells):
        x, y = layout.corner(cell)
        if Cell(cell.col, cell.row - 1) not in cells:
            fill(ink, (x - half, y - half, x + c + half + 1, y - half + width))
        if Cell(cell.col, cell.row + 1) not in cells:
            fill(ink, (x - half, y + c - half, x + c + half + 1, y + c - half + width))
        if Cell(cell.col - 1, cell.row) not in cells:
            fill(ink, (x - half, y - half, x - half + width, y + c + half + 1))
        if Cell(cell.col + 1, cell.row) not in cells:
            fill(ink, (x + c - half, y - half, x + c - half + width, y + c + half + 1))


# ------------------------------------------------------------------ the path


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def _direction(a: Cell, b: Cell) -> tuple[int, int]:
    return (_sign(b.col - a.col), _sign(b.row - a.row))


def turns(path: Sequence[Cell]) -> list[int]:
    """Indices where the path changes direction."""
    return [
        i
        for i in range(1, len(path) - 1)
        if _direction(path[i - 1], path[i]) != _direction(path[i], path[i + 1])
    ]


def cost_label_indices(path: Sequence[Cell], costs: Sequence[float] = ()) -> tuple[int, ...]:
    """Path indices that get a cost label: every square of a short path; on a
    longer one each turn, the end, each square where a step costs differently
    from the one before (3.5's 1-2-1 diagonals, difficult terrain), and every
    ``LABEL_EVERY`` squares of a straight run (not right before another label)."""
    last = len(path) - 1
    if last < 1:
        return ()
    if last <= SHORT_PATH:
        return tuple(range(1, last + 1))
    fixed = set(turns(path))
    if len(costs) == len(path):
        steps = [costs[i] - costs[i - 1] for i in range(1, len(costs))]
        fixed |= {i for i in range(2, last + 1) if steps[i - 1] != steps[i - 2]}
    out: list[int] = []
    previous = 0
    for stop in sorted({*fixed, last}):
        i = previous + LABEL_EVERY
        while stop - i >= 2:
            out.append(i)
            i += LABEL_EVERY
        out.append(stop)
        previous = stop
    return tuple(out)


_CORNERS = ((1, -1), (-1, -1), (1, 1), (-1, 1))
_END_CORNERS = ((1, 1), (-1, 1), (1, -1), (-1, -1))  # clear of the token's condition badge


def _label_corners(path: Sequence[Cell], i: int) -> list[tuple[int, int]]:
    """The corners of the square, best first: away from the path's segments at ``i``."""
    vectors = []
    if i > 0:
        vectors.append(_direction(path[i], path[i - 1]))
    if i < len(path) - 1:
        vectors.append(_direction(path[i], path[i + 1]))

    def score(corner: tuple[int, int]) -> int:
        return sum(corner[0] * v[0] + corner[1] * v[1] for v in vectors)

    return sorted(_END_CORNERS if i == len(path) - 1 else _CORNERS, key=score)


def path_points(layout: Layout, path: Sequence[Cell], side: int) -> list[tuple[float, float]]:
    return [layout.point(p.col + side / 2, p.row + side / 2) for p in path]


def draw_path(
    im: Image.Image,
    layout: Layout,
    path: Sequence[Cell],
    side: int,
    forced: bool,
    *,
    teleport: bool = False,
) -> None:
    """The line through the mover's square (or footprint) centres, with a dot per square.
    A jump (a step to a square not next to the last) is drawn as an arc over what it
    clears, never as a walk through it (issue 28); a teleport and a forced move are
    dashed."""
    if len(path) < 2:
        return
    draw = ImageDraw.Draw(im)
    c = layout.cell
    width = max(3, c // 10)
    points = path_points(layout, path, side)
    ink = s.FORCED_INK if forced else s.PATH_INK
    line = points if teleport else _with_arcs(path, points)
    draw.line(line, fill=s.PATH_CASING, width=width + 4, joint="curve")
    if forced or teleport:
        _dashed(draw, line, ink, width, dash=max(6, c // 4))
    else:
        draw.line(line, fill=ink, width=width, joint="curve")
    r = width
    for x, y in points[1:-1]:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=ink, outline=s.PATH_CASING)


EARLIER_ALPHA = 0.4  # how strongly an earlier leg of this turn's movement shows


def draw_earlier_legs(
    im: Image.Image, layout: Layout, legs: Sequence[Sequence[Cell]], side: int
) -> None:
    """This turn's earlier legs of movement: each drawn as a path is, faintly, so the
    whole turn's way shows and the move just made stands out (issue 30)."""
    drawn = [leg for leg in legs if len(leg) > 1]
    if not drawn:
        return
    if paletted(im):  # blended with what is under them: drawn in RGB, round the legs
        reach = max(3, layout.cell // 10) + 4
        points = [p for leg in drawn for p in _with_arcs(leg, path_points(layout, leg, side))]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        half = math.ceil(max(max(xs) - min(xs), max(ys) - min(ys)) / 2) + reach
        box = around(((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2), half)
        moved = replace(layout, left=layout.left - box[0], top=layout.top - box[1])
        through_rgb(im, box, lambda rgb: draw_earlier_legs(rgb, moved, legs, side))
        return
    layer = im.copy()
    for leg in drawn:
        draw_path(layer, layout, leg, side, forced=False)
    im.paste(Image.blend(im, layer, EARLIER_ALPHA))


ARC_POINTS = 12  # a jump's arc, drawn as this many straight pieces
ARC_RISE = 0.35  # how high the arc rises over its length


def _with_arcs(
    path: Sequence[Cell], points: Sequence[tuple[float, float]]
) -> list[tuple[float, float]]:
    """``points`` with each jump's straight segment bent into an arc (a quadratic
    curve rising to the upper side of the segment)."""
    out = [points[0]]
    for i in range(1, len(points)):
        a, b = path[i - 1], path[i]
        (x0, y0), (x1, y1) = points[i - 1], points[i]
        if max(abs(b.col - a.col), abs(b.row - a.row)) > 1:
            nx, ny = y0 - y1, x1 - x0  # a normal to the segment, of its length
            if ny > 0 or (ny == 0 and nx > 0):
                nx, ny = -nx, -ny  # bulge upwards on the picture (or leftwards)
            mx, my = (x0 + x1) / 2 + nx * ARC_RISE, (y0 + y1) / 2 + ny * ARC_RISE
            for k in range(1, ARC_POINTS):
                t = k / ARC_POINTS
                u = 1 - t
                out.append(
                    (
                        u * u * x0 + 2 * u * t * mx + t * t * x1,
                        u * u * y0 + 2 * u * t * my + t * t * y1,
                    )
                )
        out.append((x1, y1))
    return out


def _dashed(
    draw: ImageDraw.ImageDraw,
    points: Sequence[tuple[float, float]],
    ink: s.RGB,
    width: int,
    dash: int,
) -> None:
    carried = 0.0
    on = True
    for (x0, y0), (x1, y1) in pairwise(points):
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        t = 0.0
        while t < length:
            step = min(dash - carried, length - t)
            if on:
                a, b = t / length, (t + step) / length
                draw.line(
                    [
                        (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                        (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
                    ],
                    fill=ink,
                    width=width,
                )
            t += step
            carried += step
            if carried >= dash:
                carried, on = 0.0, not on


def cost_label_size(cell: int) -> int:
    return max(10, min(15, round(cell * 0.32)))


def cost_label(cost_ft: float, *, last: bool, units: str = "feet", square_ft: int = 5) -> str:
    """A running cost as the picture writes it, in the table's units: ``10`` along the
    way, ``15 ft`` (``4.5 m``, ``3 sq``) at the end."""
    text = in_units(feet(cost_ft), units, square_ft)
    figure, _, unit = text.partition(" ")
    if not last:
        return figure
    return f"{figure} {'sq' if unit.startswith('square') else unit}"


def place_cost_labels(
    layout: Layout,
    path: Sequence[Cell],
    costs: Sequence[float],
    side: int,
    *,
    units: str = "feet",
    square_ft: int = 5,
) -> list[tuple[str, Box]]:
    """The running-cost labels and where they go: at the turns, the end and along
    straight runs, each at the corner of its square away from the path. A label
    that would stick out of the board (into the letter strips or past the image's
    edge) is slid back onto it; a run's label is left out where it would cover
    one already placed."""
    return list(_placed(layout, tuple(path), tuple(costs), side, units, square_ft))


@lru_cache(maxsize=256)
def _placed(
    layout: Layout,
    path: tuple[Cell, ...],
    costs: tuple[float, ...],
    side: int,
    units: str,
    square_ft: int,
) -> tuple[tuple[str, Box], ...]:
    """``place_cost_labels``, kept per move and window (the layout asks it too)."""
    indices = cost_label_indices(path, costs)
    if not indices:
        return ()
    c = layout.cell
    size = cost_label_size(c)
    last = len(path) - 1
    ranked = sorted(indices, key=lambda i: (0 if i == last else 1, i))
    corners = set(turns(path))
    placed: list[tuple[str, Box]] = []
    for i in ranked:
        text = cost_label(costs[i], last=i == last, units=units, square_ft=square_ft)
        reach = side / 2 if i == last else 0.5
        boxes = []
        for corner in _label_corners(path, i):
            cx, cy = layout.point(
                path[i].col + side / 2 + corner[0] * reach,
                path[i].row + side / 2 + corner[1] * reach,
            )
            boxes.append(pill_box(text, size, (cx, cy)))
        # The best corner that keeps the label whole on the board, else the best one slid onto it.
        box = next((b for b in boxes if _onto_board(layout, b) == b), _onto_board(layout, boxes[0]))
        if i != last and i not in corners and any(_overlap(box, b) for _, b in placed):
            continue
        placed.append((text, box))
    return tuple(placed)


def _onto_board(layout: Layout, box: Box) -> Box:
    """``box`` moved the least distance that puts it inside the board's squares."""
    x0, y0, x1, y1 = box
    left, top = layout.left, layout.top
    right, bottom = left + layout.cols * layout.cell, top + layout.rows * layout.cell
    dx = max(0, left - x0) or min(0, right - x1)
    dy = max(0, top - y0) or min(0, bottom - y1)
    return (x0 + dx, y0 + dy, x1 + dx, y1 + dy)


def draw_cost_labels(
    im: Image.Image,
    layout: Layout,
    path: Sequence[Cell],
    costs: Sequence[float],
    side: int,
    *,
    units: str = "feet",
    square_ft: int = 5,
) -> list[Box]:
    """Draw ``place_cost_labels``'s labels; returns their boxes."""
    size = cost_label_size(layout.cell)
    boxes: list[Box] = []
    for text, box in place_cost_labels(layout, path, costs, side, units=units, square_ft=square_ft):
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        boxes.append(
            pill(im, text, size, (cx, cy), fill=s.LABEL_BG, edge=s.LABEL_EDGE, ink=s.LABEL_TEXT)
        )
    return boxes


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def draw_provoked(im: Image.Image, layout: Layout, cells: Iterable[Cell], side: int) -> None:
    """A red "!" badge in the top-left of each square whose leaving provoked an attack."""
    c = layout.cell
    size = max(12, min(24, round(c * 0.42)))
    for cell in dict.fromkeys(cells):
        if not layout.shows(cell, side):
            continue
        x, y = layout.point(cell.col, cell.row)
        badge(im, (x + size / 2 + 1, y + size / 2 + 1), size, s.PROVOKED_BADGE, "!", s.WHITE)
