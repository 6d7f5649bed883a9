"""Lines the channel's board message carries about what just happened in the open (issue
29: a hidden token revealed is announced on the board). Kept per channel in the store's
meta, for the encounter and the turn they were said in: the board shows them until the
next turn starts (or, with no turn order, until later news replaces them), and only
while the token they name is on the board the table sees (an /undo that hides it again
takes its line away: the board never names a hidden token)."""

from __future__ import annotations

import json
from typing import Any

from bot.encounter import Encounter
from bot.encounter_ops.visibility import public
from bot.storage import Store

NEWS_KEY = "board-news:"
MAX_NEWS = 5  # lines kept: the latest


def _when(encounter: Encounter) -> list[Any]:
    return [encounter.round, encounter.turn_index]


async def announce(
    store: Store, channel_id: str, encounter_id: int, encounter: Encounter, token: str, text: str
) -> None:
    """Add ``text`` (about the token keyed ``token``) to the board's news of this turn."""
    raw = await store.get_meta(NEWS_KEY + channel_id)
    kept = _read(raw)
    lines: list[list[str]] = []
    if kept.get("encounter") == encounter_id and kept.get("when") == _when(encounter):
        lines = [list(line) for line in kept.get("lines", [])]
    # one line a token: revealed again after an /undo, it is said once
    lines = [*(line for line in lines if line[0] != token), [token, text]][-MAX_NEWS:]
    value = {"encounter": encounter_id, "when": _when(encounter), "lines": lines}
    await store.set_meta(NEWS_KEY + channel_id, json.dumps(value, sort_keys=True))


async def board_news(
    store: Store, channel_id: str, encounter_id: int, encounter: Encounter
) -> tuple[str, ...]:
    """The news the board shows now of ``encounter``."""
    return shown_news(await store.get_meta(NEWS_KEY + channel_id), encounter_id, encounter)


def shown_news(raw: str | None, encounter_id: int, encounter: Encounter) -> tuple[str, ...]:
    """The lines of ``raw`` (the stored news) that hold now: said of this encounter in this
    turn, naming a token the table sees."""
    kept = _read(raw)
    if kept.get("encounter") != encounter_id or kept.get("when") != _when(encounter):
        return ()
    seen = public(encounter).tokens
    return tuple(
        str(line[1])
        for line in kept.get("lines", [])
        if isinstance(line, list) and len(line) == 2 and line[0] in seen
    )


def _read(raw: str | None) -> dict[str, Any]:
    if not raw:
        return {}
    try:
        found = json.loads(raw)
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}
