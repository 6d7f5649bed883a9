"""A mover's state stamped as the bot would stamp it now (issue 38): a test presses a
mover opened on the board's current turn without going through the Move button."""

from __future__ import annotations

from dataclasses import replace

from bot.encounter_ops.visibility import seen_by
from bot.handlers.mover_state import MoverState, turn_stamp
from bot.storage import Store


async def stamped(
    store: Store,
    state: MoverState,
    *,
    channel_id: str = "4242",
    viewer: str | None = None,
    gm: bool = False,
) -> MoverState:
    """``state`` as a mover opened now by ``viewer`` (a player; ``gm``: the GM) holds it."""
    stored = await store.active_encounter(channel_id)
    assert stored is not None
    seen = seen_by(stored.encounter, by_gm=gm, viewer=viewer).encounter
    token = seen.tokens[state.token] if state.token else None
    return replace(state, stamp=turn_stamp(stored.id, seen, token))
