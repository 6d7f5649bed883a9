"""The board as a PNG: terrain, tokens, and a move or threats drawn over them.

``render_board`` is a pure function of its arguments: the same encounter,
footprints and view give the same bytes. ``board_window`` says which squares
it draws (a reply can say "showing C2–L11").
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache

from PIL import Image, ImageDraw

from bot.encounter import Encounter, Template, Token
from bot.grid.coords import Cell, column_name
from bot.grid.sizes import Size
from bot.grid.terrain import Barrier, Terrain
from bot.render import caption
from bot.render import style as s
from bot.render.areas import fill_areas, label_areas
from bot.render.background import BackgroundImage, backdrop
from bot.render.barriers import barriers
from bot.render.caption import draw_caption
from bot.render.draw import encode_png, flat_mask, paste_text, rgb_at
from bot.render.inset import INSET_GAP, inset_corner, overview
from bot.render.layout import Layout, plan
from bot.render.overlay import (
    band_squares,
    draw_cost_labels,
    draw_earlier_legs,
    draw_path,
    draw_provoked,
    footprint_cells,
    outline,
    runs,
    visible,
)
from bot.render.paletted import Overflow, check, ink_of, paste_colour, put_rgb, put_tile
from bot.render.tiles import band_run, band_stripes, square_tile
from bot.render.tokens import Disc, disc_for, draw_token, labels_of
from bot.render.view import BoardView, MoveOverlay

__all__ = ["BoardView", "MoveOverlay", "board_image", "board_window", "render_board"]

_DEFAULT_VIEW = BoardView()


def board_window(
    encounter: Encounter, footprints: Mapping[Size, int], view: BoardView = _DEFAULT_VIEW
) -> tuple[Cell, Cell]:
    """The top-left and bottom-right squares ``render_board`` draws for this view."""
    layout = plan(encounter, footprints, view)
    return layout.first, layout.last


def render_board(
    encounter: Encounter, footprints: Mapping[Size, int], view: BoardView = _DEFAULT_VIEW
) -> bytes:
    """The board as PNG bytes (see ``board_image``): drawn as a palette image
    (``bot.render.paletted``: the same pixels, without a palette to search), or in
    RGB over a background photo or past a palette's colours."""
    if view.background is None:
        try:
            return encode_png(_picture(encounter, footprints, view, paletted=True))
        except Overflow:
            pass
    return encode_png(board_image(encounter, footprints, view), photo=view.background is not None)


def board_image(
    encounter: Encounter, footprints: Mapping[Size, int], view: BoardView = _DEFAULT_VIEW
) -> Image.Image:
    """The board as an RGB image: the window ``board_window`` names, column
    letters across the top and row numbers down the left, and an overview inset
    when the map is bigger than the window and too big to show whole; under
    the board, a caption strip naming the marks this picture shows."""
    return _picture(encounter, footprints, view, paletted=False)


def _picture(
    encounter: Encounter, footprints: Mapping[Size, int], view: BoardView, *, paletted: bool
) -> Image.Image:
    """``board_image``, as a palette image if ``paletted`` (``Overflow`` past 255 colours)."""
    layout = plan(encounter, footprints, view)
    # The static layers (terrain, darkness, grid, walls, label strips) come from a
    # cache per encounter state and window; what a view adds is drawn on a copy.
    static = _static_layer(layout, encounter, view.background, paletted=paletted)
    image = static.copy()
    move = view.move
    mover = encounter.tokens.get(move.mover) if move is not None else None
    mover_side = footprints.get(mover.size, 1) if mover is not None else 1
    bands: dict[Cell, int] = {}
    now: set[Cell] = set()
    if move is not None:
        now, more = band_squares(move, mover_side, encounter.terrain)
        bands = dict.fromkeys(visible(layout, more), 1)
        bands.update(dict.fromkeys(visible(layout, now), 2))
    hatched = set(visible(layout, view.threats))
    if bands or hatched:
        # Redrawn in the static layers' order over just these squares.
        overlaid = set(bands) | hatched
        _squares(
            image,
            layout,
            encounter,
            bands,
            frozenset(hatched),
            only=overlaid,
            see_through=view.background is not None,
        )
        if encounter.dark:
            _darkness(image, layout, encounter.dark & overlaid)
        _grid(image, layout, _bbox(overlaid))
        if encounter.edges:
            barriers(image, layout, encounter)
    if now:
        outline(image, layout, now, s.REACH_NOW_EDGE, 2)
    if view.reach:
        outline(image, layout, set(view.reach), s.REACH_OUTLINE, max(3, layout.cell // 12))
    # areas: on every picture of the board, tinted under the tokens, named over them
    areas = [(t, template_cells(encounter, t, view.square_ft)) for t in encounter.templates]
    areas = [(t, cells) for t, cells in areas if cells]
    fill_areas(image, layout, areas)
    _tokens(image, layout, encounter, footprints, move)
    label_areas(image, layout, encounter, footprints, areas)
    if move is not None:
        _move(image, layout, encounter, footprints, move, mover, mover_side)
    # The label strips again, from the static layer: they trim anything drawn past
    # the board's top and left edges.
    image.paste(static.crop((0, 0, layout.width, layout.top)), (0, 0))
    image.paste(static.crop((0, 0, layout.left, layout.board_bottom)), (0, 0))
    if layout.inset:
        path = move.path if move is not None else ()
        inset = overview(encounter, footprints, layout, path, mover_side)
        busy = set(path)
        for token in encounter.tokens.values():
            busy |= footprint_cells([token.cell], footprints.get(token.size, 1))
        corner = inset_corner(layout, inset.size, busy, avoid=view.phone)
        if corner is None:  # every corner of a small window covers someone: under the board
            image = _strip_below(image, layout, inset)
        else:
            put_rgb(image, inset, (layout.left + corner[0], layout.top + corner[1]))
    if layout.keys:
        if image.width > layout.board_right:  # a caption wider than a tiny map
            box = (layout.board_right, layout.top, image.width - 1, layout.board_bottom - 1)
            ImageDraw.Draw(image).rectangle(box, fill=caption.BG)
        draw_caption(image, layout.keys, image.height - caption.height(layout.keys, image.width))
    if paletted:
        check(image)
    return image


def _strip_below(image: Image.Image, layout: Layout, inset: Image.Image) -> Image.Image:
    """The picture with the overview inset in a strip of its own under the board
    (above the caption), so it covers no token."""
    strip = inset.height + 2 * INSET_GAP
    taller = image.crop((0, 0, image.width, image.height + strip))  # in the same palette
    paste_colour(taller, caption.BG, (0, layout.board_bottom, image.width, taller.height))
    put_rgb(taller, inset, (layout.left, layout.board_bottom + INSET_GAP))
    return taller


# ---------------------------------------------------------------- layers


def template_cells(encounter: Encounter, template: Template, square_ft: int) -> frozenset[Cell]:
    """The squares an area template covers, in squares of ``square_ft``."""
    from bot.encounter_ops.templates import squares_of

    return squares_of(encounter, template, square_ft)


def _squares(
    board: Image.Image,
    layout: Layout,
    encounter: Encounter,
    bands: Mapping[Cell, int],
    threats: frozenset[Cell],
    only: set[Cell] | None = None,
    see_through: bool = False,
) -> None:
    """Terrain, speed bands and threat hatching: one cached tile per look, and
    plain runs of colour where a band crosses clear floor. ``only``: just these
    squares (they are drawn over the static layer); ``see_through``: tinted over a
    background image rather than painted over it."""
    c = layout.cell
    x0, y0 = layout.x0, layout.y0
    terrain = encounter.terrain
    if only is not None:
        kinds = {cell: terrain[cell] for cell in only if cell in terrain}
    elif len(terrain) > layout.cols * layout.rows:
        window = (
            Cell(col, row)
            for row in range(y0, y0 + layout.rows)
            for col in range(x0, x0 + layout.cols)
        )
        kinds = {cell: terrain[cell] for cell in window if cell in terrain}
    else:
        kinds = {cell: kind for cell, kind in terrain.items() if layout.shows(cell)}
    kinds = {cell: kind for cell, kind in kinds.items() if kind is not Terrain.CLEAR}
    hatched = set(visible(layout, threats))
    for band in (1, 2):
        floor = [
            cell
            for cell, b in bands.items()
            if b == band and cell not in kinds and cell not in hatched
        ]
        tile = square_tile(Terrain.CLEAR, c, band)
        colour = rgb_at(tile, (0, 0))
        stripes = band_stripes(c) if band == 1 else range(0)
        stripe = rgb_at(tile, (0, stripes[0])) if stripes else colour
        for first, count in runs(floor):
            x, y = layout.corner(first)
            if not see_through:
                put_tile(board, band_run(c, band, count), (x, y))
                continue
            tint = flat_mask(count * c, c, TINT_ALPHA)
            paste_colour(board, colour, (x, y, x + count * c, y + c), tint)
            for dy in stripes:
                paste_colour(board, stripe, (x, y + dy, x + count * c, y + dy + 1))
    for cell in kinds.keys() | hatched:
        tile = square_tile(kinds.get(cell, Terrain.CLEAR), c, bands.get(cell, 0), cell in hatched)
        if see_through:
            board.paste(tile, layout.corner(cell), flat_mask(c, c, TINT_ALPHA))
        else:
            put_tile(board, tile, layout.corner(cell))


TINT_ALPHA = 150  # of 255: terrain and bands over a background image let the map show


DARK = (24, 26, 48)
DARK_ALPHA = 120  # of 255: the terrain still shows through the shade


@cache
def _shade(cell: int) -> Image.Image:
    return Image.new("L", (cell, cell), DARK_ALPHA)


def _darkness(board: Image.Image, layout: Layout, dark: frozenset[Cell]) -> None:
    """Squares in darkness, shaded over their terrain (tokens are drawn on top)."""
    c = layout.cell
    for cell in dark:
        if layout.shows(cell):
            x, y = layout.corner(cell)
            paste_colour(board, DARK, (x, y, x + c, y + c), _shade(c))


def _grid(image: Image.Image, layout: Layout, within: Box | None = None) -> None:
    """The grid lines; ``within`` (first col, first row, last col, last row): only
    the lines round those squares, only as far as they reach."""
    draw = ImageDraw.Draw(image)
    c = layout.cell
    right, bottom = layout.board_right - 1, layout.board_bottom - 1
    cols, rows = range(layout.cols + 1), range(layout.rows + 1)
    x_lo, y_lo, x_hi, y_hi = layout.left, layout.top, right, bottom
    if within is not None:
        i0, j0 = within[0] - layout.x0, within[1] - layout.y0
        i1, j1 = within[2] - layout.x0 + 1, within[3] - layout.y0 + 1
        cols, rows = range(i0, i1 + 1), range(j0, j1 + 1)
        x_lo, x_hi = layout.left + i0 * c, min(layout.left + i1 * c, right)
        y_lo, y_hi = layout.top + j0 * c, min(layout.top + j1 * c, bottom)
    ink = ink_of(image, s.GRID_LINE)
    for i in cols:
        x = min(layout.left + i * c, right)
        draw.line([(x, y_lo), (x, y_hi)], fill=ink)
    for j in rows:
        y = min(layout.top + j * c, bottom)
        draw.line([(x_lo, y), (x_hi, y)], fill=ink)


Box = tuple[int, int, int, int]


def _bbox(cells: set[Cell]) -> Box:
    return (
        min(c.col for c in cells),
        min(c.row for c in cells),
        max(c.col for c in cells),
        max(c.row for c in cells),
    )


STATIC_CACHE = 8  # static layers kept: a few channels' boards


@dataclass(frozen=True)
class _Static:
    terrain: Mapping[Cell, Terrain]
    edges: Mapping[tuple[Cell, Cell], Barrier]
    dark: frozenset[Cell]
    image: Image.Image


_static: OrderedDict[tuple[object, ...], _Static] = OrderedDict()
_static_lock = threading.Lock()


def _static_layer(
    layout: Layout,
    encounter: Encounter,
    background: BackgroundImage | None = None,
    *,
    paletted: bool = False,
) -> Image.Image:
    """The background image, terrain, darkness, grid, walls and label strips for this
    window of this encounter's map; the caller copies it before drawing on it.

    Cached per window geometry and map (the terrain, edges and darkness compared
    by value, so a state loaded afresh from storage hits too). Renders run in
    worker threads, hence the lock."""
    key = (
        replace(layout, keys=(), inset=False),
        layout.width,
        layout.height,
        len(encounter.terrain),
        len(encounter.edges),
        len(encounter.dark),
        background.digest if background is not None else None,
        paletted,
    )
    with _static_lock:
        hit = _static.get(key)
        if hit is not None:
            _static.move_to_end(key)
    if (
        hit is not None
        and (hit.terrain is encounter.terrain or hit.terrain == encounter.terrain)
        and (hit.edges is encounter.edges or hit.edges == encounter.edges)
        and hit.dark == encounter.dark
    ):
        return hit.image
    image = Image.new("P" if paletted else "RGB", (layout.width, layout.height), s.FLOOR)
    if background is not None:
        under = backdrop(background, layout.x0, layout.y0, layout.cols, layout.rows, layout.cell)
        if under.width and under.height:
            image.paste(under, (layout.left, layout.top))
    _squares(image, layout, encounter, {}, frozenset(), see_through=background is not None)
    if encounter.dark:
        _darkness(image, layout, encounter.dark)
    _grid(image, layout)
    if encounter.edges:
        barriers(image, layout, encounter)
    _headers(image, layout)
    if paletted:
        check(image)
    with _static_lock:
        _static[key] = _Static(encounter.terrain, encounter.edges, encounter.dark, image)
        while len(_static) > STATIC_CACHE:
            _static.popitem(last=False)
    return image


def _headers(image: Image.Image, layout: Layout) -> None:
    """The label strips: column letters across the top, row numbers down the left."""
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, image.width - 1, layout.top - 1), fill=s.HEADER_BG)
    draw.rectangle((0, 0, layout.left - 1, layout.board_bottom - 1), fill=s.HEADER_BG)
    c, size = layout.cell, layout.label_size
    for i in range(layout.cols):
        centre = (layout.left + i * c + c / 2, layout.top / 2)
        paste_text(image, column_name(layout.x0 + i), size, centre, s.HEADER_TEXT)
    for j in range(layout.rows):
        centre = (layout.left / 2, layout.top + j * c + c / 2)
        paste_text(image, str(layout.y0 + j + 1), size, centre, s.HEADER_TEXT)


def _tokens(
    board: Image.Image,
    layout: Layout,
    encounter: Encounter,
    footprints: Mapping[Size, int],
    move: MoveOverlay | None,
) -> None:
    """Every token but the mover; bigger ones first so small ones stay visible."""
    labels = labels_of(encounter, footprints)
    acting = encounter.acting
    skip = move.mover if move is not None else None
    shown: list[tuple[str, Token, int]] = []
    for key, token in encounter.tokens.items():
        side = footprints.get(token.size, 1)
        carried_by_mover = skip is not None and _mount_key(token) == skip
        if key != skip and not carried_by_mover and layout.shows(token.cell, side):
            shown.append((key, token, side))
    sharing: dict[Cell, list[str]] = {}
    for key, token, side in shown:
        if side == 1 and token.size <= Size.TINY:
            sharing.setdefault(token.cell, []).append(key)
    shown.sort(key=lambda item: (-item[2], -item[1].size))  # Tiny ones last, on top
    for key, token, side in shown:
        group = sharing.get(token.cell) if side == 1 and token.size <= Size.TINY else None
        slot = (group.index(key), len(group)) if group else None
        disc = _on_mount(
            layout, encounter, footprints, token, disc_for(layout, token, token.cell, side, slot)
        )
        is_acting = acting is not None and acting.key == key
        draw_token(board, layout, token, disc, labels[key], acting=is_acting)


def _mount_key(token: Token) -> str | None:
    key = token.riding
    return key if isinstance(key, str) else None


def _on_mount(
    layout: Layout,
    encounter: Encounter,
    footprints: Mapping[Size, int],
    token: Token,
    disc: Disc,
    at: Cell | None = None,
) -> Disc:
    """A rider's disc on its mount (``at``: where the mount now is): in the top right
    square of a mount two or more squares across, so the mount's own label shows;
    centred on a one-square mount."""
    key = _mount_key(token)
    mount = encounter.tokens.get(key) if key else None
    if mount is None:
        return disc
    side = footprints.get(mount.size, 1)
    cell = at or mount.cell
    if side == 1:
        return Disc(layout.point(cell.col + 0.5, cell.row + 0.5), disc.diameter)
    return Disc(layout.point(cell.col + side - 0.55, cell.row + 0.55), disc.diameter)


def _move(
    board: Image.Image,
    layout: Layout,
    encounter: Encounter,
    footprints: Mapping[Size, int],
    move: MoveOverlay,
    mover: Token | None,
    side: int,
) -> None:
    """The ghost at the start, the path, the mover at the end, then badges and costs."""
    labels = labels_of(encounter, footprints)
    start, end = move.path[0], move.path[-1]
    if mover is not None and len(move.path) > 1:
        draw_token(board, layout, mover, disc_for(layout, mover, start, side), "", ghost=True)
    draw_earlier_legs(board, layout, move.earlier, side)
    draw_path(board, layout, move.path, side, move.forced, teleport=move.teleport)
    if mover is not None:
        acting = encounter.acting
        disc: Disc = disc_for(layout, mover, end, side)
        is_acting = acting is not None and acting.key == move.mover
        draw_token(board, layout, mover, disc, labels[move.mover], acting=is_acting)
        for rider in encounter.tokens.values():  # who rides the mover, on top of it
            if _mount_key(rider) == move.mover:
                rider_side = footprints.get(rider.size, 1)
                seat = disc_for(layout, rider, end, rider_side)
                seat = _on_mount(layout, encounter, footprints, rider, seat, at=end)
                draw_token(board, layout, rider, seat, labels[rider.key])
    draw_provoked(board, layout, move.provoked_at, side)
    draw_cost_labels(
        board,
        layout,
        move.path,
        move.costs_ft,
        side,
        units=move.units,
        square_ft=move.square_ft,
    )
