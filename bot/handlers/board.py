"""The board as an image: /map, the image on /move replies, and the board message
that play-by-post channels keep current.

Rendering is ``bot.render`` (pure, Pillow); this module decides what to show (the
window; a /move's path and speed bands with ``move_picture.py``, /map's threats, reach
and flanks with ``map_shading.py``) and runs the drawing off the event loop so a big
board never stalls other channels.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.commands import Command, Option
from bot.context import Context
from bot.encounter import Encounter
from bot.encounter_ops.access import require_gm
from bot.encounter_ops.templates import areas_text
from bot.encounter_ops.visibility import public
from bot.errors import InvalidInput
from bot.grid.coords import Cell, parse_on_map
from bot.grid.sizes import Size
from bot.handlers.backgrounds import (
    BACKGROUND_OPTIONS,
    MAX_BACKGROUND_BYTES,
    background_reply,
    ctx_background,
    require_background_alone,
    set_background,
)
from bot.handlers.board_areas import with_areas
from bot.handlers.board_view import (
    Frame,
    cut_note,
    map_view,
    pin_result,
    pinned_view,
    too_big,
)
from bot.handlers.encounter_common import (
    actor_of,
    encounter_reply,
    load_active,
    ruleset_of,
    seen_in,
)
from bot.handlers.map_shading import map_shading
from bot.handlers.move_picture import earlier_legs, move_view
from bot.render.background import MIN_CELL_PX, BackgroundImage
from bot.render.board import BoardView, board_window, render_board
from bot.render.cover import cover
from bot.reply import Field, Picture, Reply
from bot.rules.moving import MoveResult
from bot.schema.codec import dump_state
from bot.token_labels import token_labels
from bot.work import board as board_work

ZOOM_RANGE = (24, 64)
# the text board message's board and legend: a plain Discord message holds 2,000
# characters, and its title and fields come too
TEXT_BOARD_MAX = 1600


async def render(
    encounter: Encounter, view: BoardView, background: BackgroundImage | None = None
) -> bytes:
    """The PNG, drawn in a worker thread (it is pure, so that is safe), over the
    board's map image when it has one (``background_of``)."""
    rules = ruleset_of(encounter)
    view = replace(view, background=background, square_ft=rules.square_ft)
    return await board_work(_drawn, encounter, rules.footprint_squares, view)


def _drawn(encounter: Encounter, footprints: Mapping[Size, int], view: BoardView) -> bytes:
    """``render_board``, handed the templates' squares (worked out here, on the pool)."""
    return render_board(encounter, footprints, with_areas(encounter, view))


async def render_move(
    result: MoveResult, background: BackgroundImage | None = None, table_units: str = "feet"
) -> bytes:
    """A /move's picture, worked out and drawn in a worker thread: the speed bands are
    path searches, and they shouldn't hold up other channels either."""
    rules = ruleset_of(result.encounter)

    def draw() -> bytes:
        view = move_view(result, table_units)
        view = replace(view, background=background, square_ft=rules.square_ft)
        return _drawn(result.encounter, rules.footprint_squares, view)

    return await board_work(draw)


def window_text(encounter: Encounter, view: BoardView) -> str:
    first, last = board_window(encounter, ruleset_of(encounter).footprint_squares, view)
    whole = first == Cell(0, 0) and last == Cell(encounter.width - 1, encounter.height - 1)
    return "the whole map" if whole else f"{first}–{last}"


async def handle_map(ctx: Context, options: Mapping[str, Any]) -> Reply:
    if any(options.get(n) is not None for n in BACKGROUND_OPTIONS):
        return await _background(ctx, options)
    if options.get("pin") and not options.get("post"):
        raise InvalidInput("pin:true goes with post:true: /map post:true pin:true.")
    if options.get("post"):
        return await _post(ctx, bool(options.get("pin")))
    stored = await load_active(ctx)
    whole = stored.encounter
    seen = seen_in(ctx, whole)
    encounter = seen.encounter
    frame, pin_field = await pinned_view(ctx, stored.id, whole, options)
    rules = ruleset_of(encounter).for_encounter(encounter)
    shaded = await map_shading(rules, encounter, options)
    center, zoom = _framing(options, encounter)
    view = map_view(options, shaded.threats, shaded.outlined, center, zoom, frame)
    shown = window_text(encounter, view)
    fields = [Field("Showing", shown + cut_note(view, shown)), *shaded.fields]
    if pin_field is not None:
        fields.append(pin_field)
    reply = encounter_reply(
        encounter,
        title=f"The board — {encounter.width}×{encounter.height}, round {encounter.round}",
        fields=fields,
        result={
            "showing": shown,
            "threats": sorted(str(c) for c in shaded.threats),
            **({"reach": sorted(str(c) for c in shaded.reached)} if options.get("reach") else {}),
            **shaded.flanks,
            **pin_result(options, frame),
        },
    )
    reply = replace(reply, ephemeral=seen.private)  # the GM's view of hidden tokens
    return board_reply(reply, await render(encounter, view, await ctx_background(ctx, whole)))


def _framing(options: Mapping[str, Any], encounter: Encounter) -> tuple[Cell | None, int | None]:
    """/map at: and zoom:, checked: the square the view centres on, the cell size."""
    center = (
        parse_on_map(options["at"], encounter.width, encounter.height)
        if options.get("at")
        else None
    )
    zoom = options.get("zoom")
    if zoom is not None and not ZOOM_RANGE[0] <= zoom <= ZOOM_RANGE[1]:
        raise InvalidInput(f"zoom: cells from {ZOOM_RANGE[0]} to {ZOOM_RANGE[1]} px.")
    return center, zoom


async def _background(ctx: Context, options: Mapping[str, Any]) -> Reply:
    """/map background:<image> (or clear_background:true): the map under the grid."""
    require_background_alone(options)
    changed, prepared = await set_background(ctx, options)
    encounter = changed.outcome.encounter
    png = await render(
        public(encounter), BoardView(whole_map=True), await ctx_background(ctx, encounter)
    )
    return board_reply(background_reply(changed, prepared, options), png)


async def _post(ctx: Context, pin: bool) -> Reply:
    """/map post:true: the channel's board message again at the bottom (play-by-post
    channels scroll it away); the old one becomes a link to it. The posting is the
    Discord shell's (``result["post_board"]``); anyone at the table may ask for it,
    pinning is the GM's."""
    encounter = (await load_active(ctx)).encounter
    if pin:
        require_gm(encounter, actor_of(ctx), "pin the board")
    return encounter_reply(
        encounter,
        title="The board is posted again below" + (" and pinned" if pin else ""),
        fields=(
            Field(
                "Board",
                "The board message moves to the bottom of the channel; the old one links to it.",
            ),
        ),
        result={"post_board": True, "pin": pin},
    )


def board_reply(reply: Reply, png: bytes) -> Reply:
    return replace(reply, image_png=png, image_name="board.png")


def ended_message() -> Reply:
    """What the board message says once its encounter has ended."""
    return Reply(
        title="This encounter has ended",
        description="It is archived; /encounter start begins a new one, /undo brings it back.",
    )


def board_digest(encounter: Encounter) -> str:
    """What the board message shows of ``encounter``, as a digest: the same digest, the
    same message (the board is drawn from the public board alone), so a change nobody
    at the table can see (a hidden token's move) redraws nothing."""
    return hashlib.sha256(dump_state(public(encounter)).encode()).hexdigest()


async def board_message(
    encounter: Encounter,
    background: BackgroundImage | None = None,
    frame: Frame | None = None,
) -> Reply:
    """The channel's standing board (edited in place after every change): everyone reads
    it, so hidden tokens are never on it. It shows the window round the tokens at a
    phone's width (docs/PICTURES.md), or the view the GM pinned (``frame``); then, where
    that leaves tokens out, a picture round them, and so on (``render/cover.py``, issue
    40): every token the table may see is in a picture, or past the last one listed."""
    whole, encounter = encounter, public(encounter)
    acting = encounter.acting
    tokens = len(encounter.tokens)
    footprints = ruleset_of(encounter).footprint_squares
    shown = await board_work(cover, encounter, footprints, BoardView(frame=frame))
    first = shown.layouts[0]
    cut: tuple[Field, ...] = ()  # a pinned view too big to read whole: said plainly
    if frame is not None and (first.first, first.last) != frame:
        cut = (Field("View", f"{first.first}–{first.last}: {too_big(frame)}."),)
    if acting is not None:
        title = f"Board — round {encounter.round}, {acting.name}'s turn"
    elif encounter.round > 1:
        title = f"Board — round {encounter.round}"
    else:  # before any order or round, the round is only noise
        title = "Board"
    labels = token_labels(encounter, footprints)
    reply = encounter_reply(
        encounter,
        title=title,
        fields=(
            Field(
                "Map",
                f"{encounter.width}×{encounter.height} · {tokens} token"
                f"{'s' if tokens != 1 else ''} · {ruleset_of(encounter).id}",
            ),
            *((Field("Areas", areas_text(encounter, whole)),) if encounter.templates else ()),
            # what the table was told lately: a token revealed, an area that ended
            *(
                (Field("Latest", "\n".join(encounter.board_lines)),)
                if encounter.board_lines
                else ()
            ),
            *cut,
            *(
                (Field("Elsewhere", _listed(encounter, labels, shown.left, where=True)),)
                if shown.left
                else ()
            ),
        ),
    )
    pngs = [await render(encounter, view, background) for view in shown.views]
    more = tuple(
        Picture(
            png,
            f"board-{n}.png",
            f"Also on the board, {layout.first}–{layout.last}: " + _listed(encounter, labels, held),
        )
        for n, (png, layout, held) in enumerate(
            zip(pngs[1:], shown.layouts[1:], shown.firsts[1:], strict=True), start=2
        )
    )
    return replace(board_reply(reply, pngs[0]), pictures=more)


def _listed(
    encounter: Encounter, labels: Mapping[str, str], keys: Sequence[str], *, where: bool = False
) -> str:
    """``G1 Goblin 1 · G2 Goblin 2`` (with ``where``, each at its square): tokens by the
    label their pictures print and their name."""
    return " · ".join(
        f"{labels[k]} {encounter.tokens[k].name}"
        + (f" at {encounter.tokens[k].cell}" if where else "")
        for k in keys
    )


MAP = Command(
    "map",
    "Show the board: tokens, terrain, whose turn; threats and reach on request",
    (
        Option("threats", "boolean", "Shade the squares enemies threaten"),
        Option("reach", "string", "Outline this token's reach"),
        Option("at", "string", "Centre the view on this square (big maps), e.g. K40"),
        Option(
            "zoom",
            "integer",
            "Cell size in pixels",
            min_value=ZOOM_RANGE[0],
            max_value=ZOOM_RANGE[1],
        ),
        Option("flanks", "boolean", "List who is flanked, and outline them (epic-path)"),
        Option("post", "boolean", "Post the board message again at the bottom of the channel"),
        Option("pin", "boolean", "With post: pin the new board message (GM)"),
        Option(
            "background",
            "attachment",
            "A map image to draw under the grid (GM): PNG, JPEG, WebP or GIF",
            max_bytes=MAX_BACKGROUND_BYTES,
        ),
        Option(
            "cell_px",
            "integer",
            "With background: one square's size in the image, px (default: the image's "
            "width spans the map)",
            min_value=MIN_CELL_PX,
            max_value=1000,
        ),
        Option(
            "offset_x",
            "integer",
            "With background: px from the image's left edge to the first square",
            min_value=0,
            max_value=20000,
        ),
        Option(
            "offset_y",
            "integer",
            "With background: px from the image's top edge to the first square",
            min_value=0,
            max_value=20000,
        ),
        Option("clear_background", "boolean", "Remove the map image under the grid (GM)"),
        Option(
            "whole",
            "boolean",
            "The whole map, as large as it fits (pictures are otherwise cut to a phone's width)",
        ),
        Option(
            "view",
            "string",
            "Pin the squares the board shows, e.g. A1:T20 (GM); view:all unpins",
        ),
    ),
    handle_map,
)


def text_board_message(reply: Reply, encounter: Encounter) -> Reply:
    """The board message without its picture, for a channel where Stride may not attach
    files or show embeds: the board as the table sees it, as text in a code block where
    it fits (else the message's own description)."""
    from bot.board_text import board_key, board_text, terrain_legend
    from bot.encounter_ops.visibility import as_seen

    seen = as_seen(encounter, by_gm=False)
    rules = ruleset_of(seen)
    legend = terrain_legend(seen)
    drawn = board_text(seen, rules, max_chars=TEXT_BOARD_MAX - len(legend) - 9)
    if drawn is not None:
        text = f"```\n{drawn}\n```\n{legend}"
    elif seen.tokens:  # too big for a message: where each token is, by its label
        text = "Too big to draw as text here. Where the tokens are:\n```\n"
        text += board_key(seen, rules, max_chars=TEXT_BOARD_MAX - 80, where=True) + "\n```"
    else:
        text = reply.description
    fields = tuple(f for f in reply.fields if f.name != "Elsewhere")  # of the pictures
    return replace(reply, image_png=None, pictures=(), description=text, fields=fields)


# a /move's picture (move_picture.py) too, where the bench and the tests import it from
__all__ = [
    "MAP",
    "ZOOM_RANGE",
    "board_digest",
    "board_message",
    "board_reply",
    "earlier_legs",
    "ended_message",
    "handle_map",
    "move_view",
    "render",
    "render_move",
    "text_board_message",
    "window_text",
]
