"""What a calculator reads of its channel when the console answers it without the store
(issue 41, Layers: the console reaches the database only through the handlers): the
calculators' quick path (``bot/console_quick.py``) asks ``channel_reads`` and rules
with ``calc_common.ruled_from_reads``. The same rows the store's reads give a
calculator (``Store.active_ruleset``, ``channel_rules_state``, ``guild_settings``,
``command_reads``), in one synchronous connection to a SQLite file, with the standard
library's ``sqlite3``.

It never writes and never creates: the file is opened read-write only if it exists
(``mode=rw``) so that, as the store's connection does, it leaves no ``-wal`` or ``-shm``
behind; every statement is a read (``query_only``). Anything unusual (PostgreSQL, no
file yet, another schema version, a journal other than WAL, a locked or damaged
file) reads as None, and the full path runs, which migrates, creates or says what is
wrong exactly as before. The queries are the store's (``bot/storage/*_queries.py``),
written out here because importing ``bot.storage`` loads the store, aiosqlite and
asyncio (the cold start, tests/test_cold_start.py); tests/test_console_quick.py holds
the two to the same answers.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from bot.config import DatabaseUrl

# len(bot.storage.MIGRATIONS), and the meta key prefix of bot.storage.settings.GM_NOTES
# (tests/test_console_quick.py checks both against the store's)
SCHEMA_VERSION = 9
GM_NOTES = "gm-notes:"
BUSY_TIMEOUT_S = 15.0  # bot.storage.sqlite's: a writer holding the file is waited for

SQL_ACTIVE_RULESET = (
    "SELECT json_extract(state, '$.ruleset') FROM encounters "
    "WHERE channel_id = ? AND status = 'active'"
)
SQL_GET_RULESET = "SELECT ruleset, notice_shown FROM channel_settings WHERE channel_id = ?"
SQL_GET_GUILD = "SELECT ruleset, gm_role_id FROM guild_settings WHERE guild_id = ?"
SQL_COMMAND_READS = """
    SELECT (SELECT units FROM channel_settings WHERE channel_id = ?),
           (SELECT value FROM meta WHERE key = ?)
"""


@dataclass(frozen=True)
class ChannelReads:
    """What a calculator's command reads of its channel and server."""

    running: str | None  # the running encounter's ruleset id
    stored: str | None  # the channel's ruleset (/ruleset set)
    notice_shown: bool  # the one-time default-ruleset notice was shown here
    server: str | None  # the server's ruleset (/ruleset set scope:server)
    gm_role: str | None  # the server's GM role
    units: str | None  # the channel's units (None: feet)
    gm_notes_waiting: bool  # notes wait for the channel's GM


def sqlite_file(database: str) -> Path | None:
    """The SQLite file ``database`` (STRIDE_DB) names, if it is one and is there."""
    try:
        url = DatabaseUrl.parse(database)
    except ValueError:
        return None
    if url.kind != "sqlite":
        return None
    path = Path(url.target)
    return path if path.is_file() else None


def channel_reads(database: str, channel_id: str, guild_id: str | None) -> ChannelReads | None:
    """What a calculator reads of ``channel_id`` (in ``guild_id``) in the database
    ``database`` (STRIDE_DB) names; None when it is not a SQLite file that is there, or
    anything else is unusual: the full path then runs."""
    path = sqlite_file(database)
    return None if path is None else read_channel(path, channel_id, guild_id)


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def read_channel(path: Path, channel_id: str, guild_id: str | None) -> ChannelReads | None:
    """The channel's reads, or None when anything is unusual (the full path then runs)."""
    try:
        db = sqlite3.connect(
            f"{path.absolute().as_uri()}?mode=rw", uri=True, timeout=BUSY_TIMEOUT_S
        )
    except sqlite3.Error:
        return None
    try:
        return _reads(db, channel_id, guild_id)
    except sqlite3.Error:
        return None
    finally:
        db.close()


def _reads(db: sqlite3.Connection, channel_id: str, guild_id: str | None) -> ChannelReads | None:
    db.execute("PRAGMA query_only = ON")
    if db.execute("PRAGMA user_version").fetchone() != (SCHEMA_VERSION,):
        return None  # the store migrates it first
    if db.execute("PRAGMA journal_mode").fetchone() != ("wal",):
        return None  # the store turns WAL on first
    running = db.execute(SQL_ACTIVE_RULESET, (channel_id,)).fetchone()
    settings = db.execute(SQL_GET_RULESET, (channel_id,)).fetchone()
    server = None if guild_id is None else db.execute(SQL_GET_GUILD, (guild_id,)).fetchone()
    units, notes = db.execute(SQL_COMMAND_READS, (channel_id, GM_NOTES + channel_id)).fetchone()
    return ChannelReads(
        running=None if running is None else _text(running[0]),
        stored=None if settings is None else _text(settings[0]),
        notice_shown=settings is not None and bool(settings[1]),
        server=None if server is None else _text(server[0]),
        gm_role=None if server is None else _text(server[1]),
        units=_text(units),
        gm_notes_waiting=notes is not None and str(notes) not in ("", "[]"),
    )
