"""The channel's running encounter as a shell reads it outside a command: the board
message, the notices, the turn reminders and the suggestions as the user types
(issue 41, Layers: the shells reach the store only through the handlers)."""

from __future__ import annotations

from bot.context import Context
from bot.encounter import Encounter
from bot.encounter_ops.access import Actor
from bot.storage import Store, StoredEncounter


async def running_board(store: Store, channel_id: str) -> StoredEncounter | None:
    """The channel's running encounter, or None when there is none or its board is
    damaged (suggestions then offer nothing and the board message stays as it was;
    the command itself says what is wrong)."""
    held = await store.active_or_damaged(channel_id)
    return held if isinstance(held, StoredEncounter) else None


async def seen_by(ctx: Context) -> tuple[Encounter | None, Actor]:
    """The channel's running encounter as the one asking may see it (None: none runs,
    or its board is damaged), and who is asking as the handlers read them (a GM by the
    server's GM role too): what is offered as a player types names nothing hidden."""
    from bot.handlers.encounter_common import actor_of, seen_in  # the board's model

    stored = await running_board(ctx.store, ctx.channel_id)
    if stored is None:
        return None, actor_of(ctx)
    await ctx.settle_gm_role()
    return seen_in(ctx, stored.encounter).encounter, actor_of(ctx)


async def runs_it(store: Store, channel_id: str, user_id: str) -> bool:
    """Whether ``user_id`` is the GM or a co-GM of the channel's running encounter."""
    stored = await running_board(store, channel_id)
    return stored is not None and user_id in (stored.encounter.gm_id, *stored.encounter.co_gms)


async def whose_turn(store: Store, channel_id: str) -> tuple[str, int] | None:
    """The acting token's name and the round in the channel's running encounter (None:
    none runs, no turn order, or its board is damaged)."""
    stored = await running_board(store, channel_id)
    if stored is None or stored.encounter.acting is None:
        return None
    return stored.encounter.acting.name, stored.encounter.round
