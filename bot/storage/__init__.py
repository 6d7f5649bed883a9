"""Stride's database: one :class:`Store` over SQLite (the default) or PostgreSQL.

``from bot.storage import Store, Conflict, ...`` is the interface; the modules below
are its parts: ``store`` (the running encounters, their history and what is kept of
ended ones), ``settings`` (what channels and servers set, scenes, map images, meta),
``boards`` (the schema every board read or written passes; what a command wrote),
``mended`` (a board stored before user ids were Discord ids, written back mended),
``records`` (the values the store returns), ``schema`` (migrations and queries),
``backend`` (what a database must offer), ``sqlite`` and ``postgres`` (the two),
``patches`` (history rows), ``copy`` (moving a database to another).
"""

from bot.storage.boards import checked_now, recording_writes
from bot.storage.errors import Conflict, DamagedBoard, DamagedState, StorageError
from bot.storage.patches import PATCH, apply_patch, before_patch
from bot.storage.records import Change, GuildSettings, StoredEncounter, TurnReminder
from bot.storage.schema import MIGRATIONS
from bot.storage.sqlite import BUSY_TIMEOUT_S
from bot.storage.store import HISTORY_DEPTH, Store, dump_state

__all__ = [
    "BUSY_TIMEOUT_S",
    "HISTORY_DEPTH",
    "MIGRATIONS",
    "PATCH",
    "Change",
    "Conflict",
    "DamagedBoard",
    "DamagedState",
    "GuildSettings",
    "StorageError",
    "Store",
    "StoredEncounter",
    "TurnReminder",
    "apply_patch",
    "before_patch",
    "checked_now",
    "dump_state",
    "recording_writes",
]
