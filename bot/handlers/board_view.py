"""The view a GM pins for a channel's board (``/map view:A1:T20``, issue 30).

Pictures keep to the phone rule (docs/PICTURES.md): the board message and /map show
the window round the tokens, no wider than a phone reads. A GM who wants a given part
of the map framed pins it; the pin belongs to the running encounter (a new one starts
unpinned) and is kept beside it in the store, not in the board's state: it frames
the picture and changes nothing on the board (/undo leaves it; hidden tokens inside
it stay hidden). ``view:all`` unpins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.context import Context
from bot.encounter import Encounter
from bot.encounter_ops.access import require_gm
from bot.errors import InvalidInput
from bot.grid.coords import Cell, parse_on_map
from bot.handlers.encounter_common import actor_of
from bot.render.view import BoardView
from bot.reply import Field
from bot.storage import Store

VIEW_KEY = "board-view:"  # + channel id + ":" + encounter id → "A1:T20" ("" unpinned)
UNPIN = frozenset({"all", "none", "whole", "clear", "off"})

Frame = tuple[Cell, Cell]


def parse_frame(text: str, encounter: Encounter) -> Frame | None:
    """``"A1:T20"`` (any two opposite corners) → the top-left and bottom-right squares;
    ``"all"`` → None (unpinned)."""
    written = text.strip()
    if written.lower() in UNPIN:
        return None
    corners = written.replace("-", ":").split(":")
    if len(corners) != 2 or not all(c.strip() for c in corners):
        raise InvalidInput(
            f'view: "{written}" is not two corners. Write the squares to show as '
            "first:last, e.g. view:A1:T20, or view:all to unpin."
        )
    a, b = (parse_on_map(c, encounter.width, encounter.height) for c in corners)
    first = Cell(min(a.col, b.col), min(a.row, b.row))
    last = Cell(max(a.col, b.col), max(a.row, b.row))
    return first, last


def frame_text(frame: Frame | None) -> str:
    return "" if frame is None else f"{frame[0]}:{frame[1]}"


def _key(channel_id: str, encounter_id: int) -> str:
    return f"{VIEW_KEY}{channel_id}:{encounter_id}"


async def pinned_frame(
    store: Store, channel_id: str, encounter_id: int, encounter: Encounter
) -> Frame | None:
    """The view pinned for this channel's running encounter, if any (one that no longer
    fits the map, after a resize, counts as none)."""
    text = await store.get_meta(_key(channel_id, encounter_id))
    if not text:
        return None
    try:
        return parse_frame(text, encounter)
    except InvalidInput:
        return None


async def pin_frame(ctx: Context, encounter_id: int, frame: Frame | None) -> None:
    await ctx.store.set_meta(_key(ctx.channel_id, encounter_id), frame_text(frame))


async def pinned_view(
    ctx: Context, encounter_id: int, encounter: Encounter, options: Mapping[str, Any]
) -> tuple[Frame | None, Field | None]:
    """The frame /map draws (the pinned one), pinning or unpinning it first on
    ``view:`` (the GM's), with the field that says so."""
    if options.get("view") is None:
        return await pinned_frame(ctx.store, ctx.channel_id, encounter_id, encounter), None
    require_gm(encounter, actor_of(ctx), "pin the board's view")
    frame = parse_frame(str(options["view"]), encounter)
    await pin_frame(ctx, encounter_id, frame)
    if frame is None:
        return None, Field(
            "View", "Unpinned: the board message and /map show the window round the tokens."
        )
    return frame, Field(
        "View",
        f"Pinned to {frame[0]}–{frame[1]}: the board message and /map show these squares, "
        "scaled to read on a phone (a view too big for that shows its middle, and says "
        "so); /map view:all unpins.",
    )


def pin_result(options: Mapping[str, Any], frame: Frame | None) -> dict[str, Any]:
    """The JSON a /map view: adds: the view now pinned (None: unpinned), and the flag
    that has the Discord shell redraw the board message with it."""
    if options.get("view") is None:
        return {}
    return {"view": frame_text(frame) or None, "board_view": True}


def map_view(
    options: Mapping[str, Any],
    threats: frozenset[Cell],
    reach: frozenset[Cell],
    center: Cell | None,
    zoom: int | None,
    frame: Frame | None,
) -> BoardView:
    """What /map draws: ``whole:true`` the whole map as large as it fits; else the window
    round ``at:``, the pinned view, or the tokens, at a phone's width."""
    if options.get("whole"):
        if center is not None:
            raise InvalidInput(
                "whole:true shows the whole map and at: centres a window on one square: "
                "use one of them."
            )
        return BoardView(threats=threats, reach=reach, zoom=zoom, whole_map=True, phone=False)
    return BoardView(
        threats=threats,
        reach=reach,
        center=center,
        zoom=zoom,
        frame=frame if center is None else None,
    )


def cut_note(view: BoardView, shown: str) -> str:
    """What the Showing field adds when a phone-width picture leaves part of the map out
    (or, pinned, shows its pin: whole, else its middle and why)."""
    if view.frame is not None and view.center is None:
        pinned = f"{view.frame[0]}–{view.frame[1]}"
        return " (the pinned view)" if shown == pinned else f" ({too_big(view.frame)})"
    if not view.phone or shown == "the whole map":
        return ""
    return " (cut to a phone's width: /map whole:true shows it all)"


def too_big(frame: Frame) -> str:
    """What a picture of a pinned view says when it shows only the view's middle."""
    return (
        f"the middle of the pinned view {frame[0]}–{frame[1]}, too big to read whole on a "
        "phone: pin fewer squares to see them all at once; /map whole:true draws the whole map"
    )
