"""Where a token may go from the live board (issue 39): the mover's squares, every one
the token reaches this turn with its cost, and those a dash adds, on the board the
link's user sees. The move itself is /move, run by the page's shell."""

from __future__ import annotations

from typing import Any

from bot.encounter_ops.access import Actor, is_gm
from bot.errors import InvalidInput, NotAllowed
from bot.handlers.encounter_common import ruleset_of
from bot.handlers.live import Viewer, reachable
from bot.handlers.mover import action_words
from bot.storage import Store
from bot.work import board as board_work


async def reach_for(store: Store, viewer: Viewer, name: str) -> list[dict[str, Any]]:
    """The squares ``name`` reaches this turn, for a link that may move it: its owner's,
    or the GM's link (any token). Refused as the board without hidden things would."""
    stored = await store.active_encounter(viewer.channel_id)
    if stored is None:
        raise InvalidInput("No encounter here yet: /encounter start.")
    shown = viewer.shown(stored.encounter)
    token = shown.token(name)  # an unknown name: the tokens this view sees, listed
    user = viewer.user_id or ""
    if viewer.view != "gm" and token.owner != user and not is_gm(shown, Actor(user)):
        raise NotAllowed(f"{token.name} isn't yours: your link moves your own tokens.")
    dash = action_words(ruleset_of(shown)).get("d")
    squares: list[dict[str, Any]] = await board_work(reachable, shown, token.name, dash)
    return squares


__all__ = ["reach_for"]
