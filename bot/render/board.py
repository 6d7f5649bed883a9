"""The board as a PNG: terrain, tokens, and a move or threats drawn over them.

``render_board`` is a pure function of its arguments: the same encounter,
footprints and view give the same bytes. ``board_window`` says which squares
it draws (a reply can say "showing C2–L11").
"""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from bot.encounter import Encounter, Token
from bot.grid.coords import Cell
from bot.grid.sizes import Size
from bot.render import caption
from bot.render import style as s
from bot.render.areas import fill_areas, label_areas
from bot.render.barriers import barriers
from bot.render.caption import draw_caption
from bot.render.draw import encode_png
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
    shown,
)
from bot.render.painted import paint_overlay
from bot.render.paletted import Overflow, check, paste_colour, put_rgb
from bot.render.static import bbox, darkness, grid, squares, static_entry
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
            picture = _picture(encounter, footprints, view, paletted=True)
            check(picture)
            return encode_png(picture)
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
    """``board_image``, as a palette image if ``paletted`` (``Overflow`` past 255
    colours given out by this module's drawing; ``check`` for ImageDraw's)."""
    layout = plan(encounter, footprints, view)
    # The static layers (terrain, darkness, grid, walls, label strips) come from a
    # cache per encounter state and window; what a view adds is drawn on a copy.
    static = static_entry(layout, encounter, view.background, paletted=paletted)
    move = view.move
    mover = encounter.tokens.get(move.mover) if move is not None else None
    mover_side = footprints.get(mover.size, 1) if mover is not None else 1
    if paletted and view.background is None:
        image = paint_overlay(static, layout, encounter, move, mover_side, view.threats)
    else:
        image = static.image.copy()
        _overlay(image, layout, encounter, view, mover_side)
    if view.reach:
        outline(image, layout, set(view.reach), s.REACH_OUTLINE, max(3, layout.cell // 12))
    # areas: on every picture of the board, tinted under the tokens, named over them
    # (the handler works out their squares: ``BoardView.areas``)
    areas = [area for area in view.areas if area.squares]
    fill_areas(image, layout, areas)
    _tokens(image, layout, encounter, footprints, move)
    label_areas(image, layout, encounter, footprints, areas)
    if move is not None:
        _move(image, layout, encounter, footprints, move, mover, mover_side)
    # The label strips again, from the static layer: they trim anything drawn past
    # the board's top and left edges.
    image.load()
    for strip in ((0, 0, layout.width, layout.top), (0, 0, layout.left, layout.board_bottom)):
        image.im.paste(static.image.im.crop(strip), strip)  # the cores': no palette copied
    if layout.inset:
        path = move.path if move is not None else ()
        on = image if paletted else None  # drawn in the board's indices
        inset = overview(encounter, footprints, layout, path, mover_side, on)
        busy = set(path)
        for token in encounter.tokens.values():
            busy |= footprint_cells([token.cell], footprints.get(token.size, 1))
        corner = (
            None if layout.inset_below else inset_corner(layout, inset.size, busy, avoid=view.phone)
        )
        if corner is None:  # a pinned view, or every corner covers someone: under the board
            image = _strip_below(image, layout, inset)
        else:
            _put_inset(image, inset, (layout.left + corner[0], layout.top + corner[1]))
    if layout.keys:
        if image.width > layout.board_right:  # a caption wider than a tiny map
            box = (layout.board_right, layout.top, image.width - 1, layout.board_bottom - 1)
            ImageDraw.Draw(image).rectangle(box, fill=caption.BG)
        draw_caption(image, layout.keys, image.height - caption.height(layout.keys, image.width))
    return image


def _overlay(
    image: Image.Image, layout: Layout, encounter: Encounter, view: BoardView, side: int
) -> None:
    """The speed bands and threat hatching redrawn over the static layer's squares, in
    its layers' order, and the inner band's outline (``paint_overlay`` on a palette
    board without a photo)."""
    now: set[Cell] = set()
    more: set[Cell] = set()
    if view.move is not None:
        now, more = band_squares(view.move, side, encounter.terrain)
    bands = dict.fromkeys(shown(layout, more), 1)  # drawn in no order: squares apart
    bands.update(dict.fromkeys(shown(layout, now), 2))
    hatched = set(shown(layout, view.threats))
    if bands or hatched:
        overlaid = set(bands) | hatched
        see_through = view.background is not None
        squares(image, layout, encounter, bands, frozenset(hatched), overlaid, see_through)
        if encounter.dark:
            darkness(image, layout, encounter.dark & overlaid)
        grid(image, layout, bbox(overlaid))
        if encounter.edges:
            barriers(image, layout, encounter)
    if now:
        outline(image, layout, now, s.REACH_NOW_EDGE, 2)


def _put_inset(image: Image.Image, inset: Image.Image, xy: tuple[int, int]) -> None:
    """The inset onto the picture: as it is if drawn in the picture's indices ("L")."""
    if inset.mode != "L":
        put_rgb(image, inset, xy)
        return
    image.load()
    image.im.paste(inset.im, (*xy, xy[0] + inset.width, xy[1] + inset.height))


def _strip_below(image: Image.Image, layout: Layout, inset: Image.Image) -> Image.Image:
    """The picture with the overview inset in a strip of its own under the board
    (above the caption), so it covers no token."""
    strip = inset.height + 2 * INSET_GAP
    taller = image.crop((0, 0, image.width, image.height + strip))  # in the same palette
    paste_colour(taller, caption.BG, (0, layout.board_bottom, image.width, taller.height))
    _put_inset(taller, inset, (layout.left, layout.board_bottom + INSET_GAP))
    return taller


# ---------------------------------------------------------------- layers


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
