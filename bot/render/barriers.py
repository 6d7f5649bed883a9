"""Walls and doors between squares, drawn on the board's edges: walls as thick lines,
low walls thinner and brown, a closed door as a slab across its edge, an open one
swung open."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.encounter import Encounter
from bot.grid.terrain import Barrier
from bot.render import style as s
from bot.render.layout import Layout

# Walls and doors between squares: (colour, width as a fraction of the cell).
BARRIER_INK = {
    Barrier.WALL: ((40, 40, 48), 6),
    Barrier.LOW_WALL: ((140, 95, 40), 10),
    Barrier.DOOR: ((120, 70, 20), 5),
    Barrier.OPEN_DOOR: ((120, 70, 20), 14),
}


def barriers(board: Image.Image, layout: Layout, encounter: Encounter) -> None:
    """Walls as thick lines on the edges; low walls thinner and brown; a closed door
    as a slab across the edge, an open one swung open (``_open_door``)."""
    draw = ImageDraw.Draw(board)
    c = layout.cell
    for (a, b), kind in sorted(encounter.edges.items(), key=lambda e: (e[0][0], e[0][1])):
        if not (layout.shows(a) or layout.shows(b)):
            continue
        ink, fraction = BARRIER_INK[kind]
        width = max(2, c // fraction)
        x, y = layout.corner(b)
        vertical = a.row == b.row  # side by side: the edge runs down between them
        start, end = ((x, y), (x, y + c)) if vertical else ((x, y), (x + c, y))
        if kind is Barrier.OPEN_DOOR:
            _open_door(draw, (x, y), c, vertical, ink)
            continue
        draw.line([start, end], fill=ink, width=width)
        if kind is Barrier.DOOR:
            half = max(3, c // 8)
            box = (
                (x - half, y + c // 6, x + half, y + c - c // 6)
                if vertical
                else (x + c // 6, y - half, x + c - c // 6, y + half)
            )
            draw.rectangle(box, fill=DOOR_FILL, outline=ink, width=max(1, c // 20))


DOOR_FILL = (214, 170, 110)


def _open_door(
    draw: ImageDraw.ImageDraw, corner: tuple[int, int], c: int, vertical: bool, ink: s.RGB
) -> None:
    """An open door: its two jambs on the edge and the door itself swung open on its
    hinge, a slab at right angles to the edge in the square past it (issue 30: an
    opened door stays on the board, drawn open)."""
    x, y = corner
    jamb, half = c // 6, max(2, c // 10)
    width = max(2, c // 14)
    leaf = c - 2 * jamb  # the doorway's width: the door swings its own length
    rim = max(1, c // 20)
    if vertical:
        draw.line([(x, y), (x, y + jamb)], fill=ink, width=width)
        draw.line([(x, y + c - jamb), (x, y + c)], fill=ink, width=width)
        box = (x, y + jamb - half, x + leaf, y + jamb + half)
    else:
        draw.line([(x, y), (x + jamb, y)], fill=ink, width=width)
        draw.line([(x + c - jamb, y), (x + c, y)], fill=ink, width=width)
        box = (x + jamb - half, y, x + jamb + half, y + leaf)
    draw.rectangle(box, fill=DOOR_FILL, outline=ink, width=rim)
