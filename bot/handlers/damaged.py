"""A running encounter whose stored board fails the schema (an older bug, a
hand-edited database): no command uses it (they answer ``DamagedBoard``'s message and
change nothing), but its GM can still archive it, delete it, undo back to the last
good board, or replace it with an import or a scene. Those read only what they need
of it (its id, its version, who its GMs are), never the board itself.
"""

from __future__ import annotations

from bot.context import Context
from bot.errors import BoardChanged, NotAllowed
from bot.reply import Field, Reply
from bot.storage import Conflict, DamagedState

GMS = "its GM, a co-GM or anyone with Manage Channels"


def may_repair(ctx: Context, damaged: DamagedState) -> bool:
    return ctx.is_gm or ctx.user_id in damaged.gm_ids


def require_repairer(ctx: Context, damaged: DamagedState, doing: str) -> None:
    if not may_repair(ctx, damaged):
        raise NotAllowed(
            f"This channel's board is damaged; only {GMS} can {doing} it. Ask them to "
            "/undo back to the last good board or /encounter end confirm:true."
        )


def problems_field(damaged: DamagedState) -> Field:
    shown = "\n".join(f"• {p}" for p in damaged.problems[:6])
    more = len(damaged.problems) - 6
    return Field("Why it can't be read", shown + (f"\n… and {more} more" if more > 0 else ""))


def plain(title: str, fields: tuple[Field, ...], result: dict[str, object]) -> Reply:
    return Reply(title=title, fields=fields, result={**result, "round": None, "acting": None})


async def end_damaged(ctx: Context, damaged: DamagedState, confirm: bool) -> Reply:
    """/encounter end on a damaged board: archived like any other (/undo brings it back
    as it was, damage and all)."""
    require_repairer(ctx, damaged, "end")
    if not confirm:
        return plain(
            "End this damaged encounter? Repeat with confirm:true",
            (problems_field(damaged), Field("How", "/encounter end confirm:true archives it.")),
            {"archived": False, "damaged": True},
        )
    try:
        await ctx.store.end_encounter(
            ctx.channel_id, damaged, user_id=ctx.user_id, summary="ended a damaged encounter"
        )
    except Conflict:
        raise BoardChanged(
            "The board changed meanwhile: nothing was archived. Try again."
        ) from None
    return plain(
        "Damaged encounter ended and archived",
        (problems_field(damaged), Field("Next", "/encounter start begins a new one.")),
        {"archived": True, "damaged": True, "changed": True},
    )


async def delete_damaged(ctx: Context, damaged: DamagedState, confirm: bool) -> Reply:
    require_repairer(ctx, damaged, "delete")
    if not confirm:
        return plain(
            "Delete this damaged encounter for good? Repeat with confirm:true",
            (
                problems_field(damaged),
                Field("Instead", "/encounter end confirm:true archives it; /undo may mend it."),
            ),
            {"deleted": False, "damaged": True},
        )
    try:
        await ctx.store.delete_encounter(damaged)
    except Conflict:
        raise BoardChanged("The board changed meanwhile: nothing was deleted.") from None
    return plain(
        "Damaged encounter deleted, with its history",
        (Field("Next", "/encounter start begins a new one."),),
        {"deleted": True, "damaged": True},
    )
