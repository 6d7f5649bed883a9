"""Map images under the grid (/map background): setting one, clearing it, and loading
the one a board shows for drawing.

The image is prepared once (``bot.render.background.prepare``: checked, cut to the
grid, scaled) in a worker thread, stored per channel by its digest, and named in
the encounter's state, so /undo, scenes and exports carry it like anything else on
the board. Decoded images are kept in memory by channel and digest: a stored
image never changes under its digest.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.commands import Upload
from bot.context import Context
from bot.encounter import Background, Encounter
from bot.encounter_ops.access import require_gm
from bot.encounter_ops.outcomes import Edit
from bot.errors import InvalidInput
from bot.handlers.encounter_common import (
    Changed,
    actor_of,
    change_encounter,
    encounter_reply,
    load_active,
)
from bot.render.background import BackgroundImage, Prepared, decode, prepare
from bot.reply import Field, Reply
from bot.storage.store import Store
from bot.work import board as board_work

MAX_BACKGROUND_BYTES = 8_000_000  # an attached map image
# /map's options that set or clear the map image (given alone, without a look's)
BACKGROUND_OPTIONS = ("background", "clear_background", "cell_px", "offset_x", "offset_y")
DECODED_KEPT = 16  # decoded images kept in memory (a few channels' maps)

_decoded: OrderedDict[tuple[str, str], BackgroundImage] = OrderedDict()


async def background_of(
    store: Store, channel_id: str, encounter: Encounter
) -> BackgroundImage | None:
    """The map image ``encounter`` shows, decoded; None when it has none, or when the
    stored image is gone (an import from another channel, a purge): the board is then
    drawn without it."""
    named = encounter.background
    if named is None:
        return None
    key = (channel_id, named.image)
    hit = _decoded.get(key)
    if hit is not None:
        _decoded.move_to_end(key)
        return hit
    stored = await store.background(channel_id, named.image)
    if stored is None:
        return None
    jpeg, px_per_square = stored
    image = await board_work(decode, named.image, jpeg, px_per_square)
    _decoded[key] = image
    while len(_decoded) > DECODED_KEPT:
        _decoded.popitem(last=False)
    return image


async def ctx_background(ctx: Context, encounter: Encounter) -> BackgroundImage | None:
    return await background_of(ctx.store, ctx.channel_id, encounter)


async def set_background(
    ctx: Context, options: Mapping[str, Any]
) -> tuple[Changed[Edit], Prepared | None]:
    """/map background:<image> [cell_px] [offset_x] [offset_y], or clear_background:true
    (GM): the board's map image, prepared and stored, then named in the encounter."""
    clearing = bool(options.get("clear_background"))
    upload = options.get("background")
    if clearing and upload is not None:
        raise InvalidInput(
            "Give background:<image> to set a map image or clear_background:true, not both."
        )
    given = [n for n in ("cell_px", "offset_x", "offset_y") if options.get(n) is not None]
    if upload is None and given:
        raise InvalidInput(
            f"{', '.join(given)} describe(s) the grid on a map image: give it with "
            "background:<image>, e.g. /map background:<file> cell_px:70."
        )
    stored = await load_active(ctx)
    require_gm(stored.encounter, actor_of(ctx), "set the board's background")
    if clearing:

        def clear(encounter: Encounter) -> Edit:
            require_gm(encounter, actor_of(ctx), "set the board's background")
            if encounter.background is None:
                raise InvalidInput("The board has no background image to clear.")
            return Edit(replace(encounter, background=None), "cleared the background image")

        return await change_encounter(ctx, "map background", clear), None
    assert isinstance(upload, Upload)
    if len(upload.data) > MAX_BACKGROUND_BYTES:
        raise InvalidInput(
            f"background: {upload.filename} is {len(upload.data):,} bytes; a map image may "
            f"be at most {MAX_BACKGROUND_BYTES:,}."
        )
    encounter = stored.encounter
    offset = (int(options.get("offset_x") or 0), int(options.get("offset_y") or 0))
    prepared = await board_work(
        prepare,
        upload.data,
        map_width=encounter.width,
        map_height=encounter.height,
        cell_px=options.get("cell_px"),
        offset_x_px=offset[0],
        offset_y_px=offset[1],
    )
    digest = prepared.digest
    await ctx.store.save_background(
        ctx.channel_id, digest, prepared.jpeg, prepared.px_per_square, ctx.user_id
    )
    named = Background(
        image=digest,
        px_per_square=prepared.px_per_square,
        cell_px=prepared.cell_px,
        offset_px=offset,
        filename=upload.filename[:100],
    )

    def put(encounter: Encounter) -> Edit:
        require_gm(encounter, actor_of(ctx), "set the board's background")
        return Edit(
            replace(encounter, background=named), f"set the background image {named.filename}"
        )

    return await change_encounter(ctx, "map background", put), prepared


def require_background_alone(options: Mapping[str, Any]) -> None:
    """A background is set on its own: /map's ways of looking wait for the next /map."""
    others = [
        n
        for n in ("threats", "reach", "at", "zoom", "flanks", "post", "pin", "whole", "view")
        if options.get(n)
    ]
    if others:
        raise InvalidInput(
            f"Set the background on its own, then look: /map background:<image>, then "
            f"/map {' '.join(f'{n}:…' for n in others)}."
        )


def background_reply(
    changed: Changed[Edit], prepared: Prepared | None, options: Mapping[str, Any]
) -> Reply:
    """What /map background (or clear_background) answers, the picture aside."""
    encounter = changed.outcome.encounter
    named = encounter.background
    if named is None or prepared is None:
        return encounter_reply(
            encounter,
            title="Background image cleared",
            fields=(
                Field("Board", "The grid is drawn on plain floor again (/undo brings it back)."),
            ),
            result={"background": None},
            changed=changed.saved,
        )
    return _set_reply(changed, named, prepared, options)


def _set_reply(
    changed: Changed[Edit], named: Background, prepared: Prepared, options: Mapping[str, Any]
) -> Reply:
    encounter = changed.outcome.encounter
    across = min(prepared.squares_across, encounter.width)
    down = min(prepared.squares_down, encounter.height)
    covers = (
        "the whole map"
        if across >= encounter.width and down >= encounter.height
        else f"{across:g}×{down:g} of the map's {encounter.width}×{encounter.height} squares, "
        "from A1 (the rest is plain floor)"
    )
    return encounter_reply(
        encounter,
        title=f"Background set: {named.filename or 'the image'} under the grid",
        fields=(
            Field(
                "Grid",
                f"{named.cell_px} px a square, the first square's corner at "
                f"({named.offset_px[0]}, {named.offset_px[1]}) px of the "
                f"{prepared.source_size[0]}×{prepared.source_size[1]} px image"
                + ("" if options.get("cell_px") else " (the image's width spans the map)"),
            ),
            Field("Covers", covers),
            Field(
                "Next",
                "The lines should fall on the image's own grid: if not, set it again "
                "with cell_px, offset_x and offset_y. /map clear_background:true removes it.",
            ),
        ),
        result={
            "background": {
                "filename": named.filename,
                "cell_px": named.cell_px,
                "offset_px": list(named.offset_px),
                "squares_across": across,
                "squares_down": down,
            },
        },
        changed=changed.saved,
    )
