"""What the store raises: the database can't be used, another writer won a race, or a
stored board fails its schema."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.errors import RulingError
from bot.user_ids import name_id


class StorageError(Exception):
    """The database can't be used: not a database, a newer schema, unreachable, locked."""


class Conflict(Exception):
    """Another process changed the encounter between this one's read and its write."""


@dataclass(frozen=True)
class DamagedState:
    """A running encounter whose stored state fails the declared schema (an older bug,
    a hand-edited database): enough to archive it, undo to an earlier state, and say
    who its GMs are, without reading the board itself."""

    id: int
    state_json: str
    version: int
    gm_ids: tuple[str, ...]  # its GM and co-GMs, as far as they can be read
    problems: tuple[str, ...]


class DamagedBoard(RulingError):
    """The channel's running encounter can't be read: every command that needs the
    board says so (and changes nothing); /undo, /encounter end and a replacing import
    or load still work, for its GM."""

    def __init__(self, damaged: DamagedState) -> None:
        self.damaged = damaged
        listed = "; ".join(damaged.problems[:4])
        more = len(damaged.problems) - 4
        tail = f" (and {more} more)" if more > 0 else ""
        mend = (
            "The GM can /undo to go back to the last good board (again, until it is), or "
            "archive it with /encounter end confirm:true."
        )
        super().__init__(
            f"This channel's board is damaged and can't be used: {listed}{tail}. Nothing "
            f"was changed. {mend}",
            title="This channel's board is damaged",
            fields=(("Why it can't be read", f"{listed}{tail}"), ("Nothing was changed", mend)),
        )


def gm_ids_of(state_json: str) -> tuple[str, ...]:
    """The GM and co-GMs a stored state names, read leniently (it may be damaged): a
    name stored before users were Discord ids as the id it stands for now (the console's
    ``console-gm`` still mends its own damaged board)."""
    try:
        data = json.loads(state_json)
    except (ValueError, RecursionError):
        return ()
    if not isinstance(data, dict):
        return ()
    found = [data.get("gm_id")]
    co = data.get("co_gms")
    if isinstance(co, list):
        found += co[:20]
    return tuple(name_id(u) for u in found if isinstance(u, str) and u)
