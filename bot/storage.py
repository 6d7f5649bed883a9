"""All persistent state, in one SQLite database (aiosqlite).

Schema changes are numbered migrations, applied in order inside a transaction
at start; ``PRAGMA user_version`` records how far a database has come, so an
old database upgrades in place and nothing is lost.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import aiosqlite

MIGRATIONS: tuple[str, ...] = (
    # 1: settings per channel, and a key/value table for the bot itself
    """
    CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    CREATE TABLE channel_settings (
        channel_id   TEXT PRIMARY KEY,
        ruleset      TEXT,
        notice_shown INTEGER NOT NULL DEFAULT 0,
        updated_by   TEXT,
        updated_at   TEXT
    );
    """,
)

SQL_GET_RULESET = "SELECT ruleset, notice_shown FROM channel_settings WHERE channel_id = ?"
SQL_SET_RULESET = """
    INSERT INTO channel_settings (channel_id, ruleset, notice_shown, updated_by, updated_at)
    VALUES (?, ?, 1, ?, ?)
    ON CONFLICT (channel_id) DO UPDATE SET
        ruleset = excluded.ruleset, notice_shown = 1,
        updated_by = excluded.updated_by, updated_at = excluded.updated_at
"""
SQL_TAKE_NOTICE = """
    INSERT INTO channel_settings (channel_id, notice_shown) VALUES (?, 1)
    ON CONFLICT (channel_id) DO UPDATE SET notice_shown = 1 WHERE notice_shown = 0
"""
SQL_GET_META = "SELECT value FROM meta WHERE key = ?"
SQL_SET_META = """
    INSERT INTO meta (key, value) VALUES (?, ?)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value
"""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Store:
    """The bot's database. Open with ``await Store.open(path)``; close when done."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path))
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA foreign_keys = ON")
        store = cls(db)
        await store._migrate()
        return store

    async def close(self) -> None:
        await self._db.close()

    async def schema_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def _migrate(self) -> None:
        version = await self.schema_version()
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            # executescript commits first; the explicit BEGIN makes each step atomic
            await self._db.executescript(
                f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;"
            )

    # ---------------------------------------------------------- channel rules

    async def channel_ruleset(self, channel_id: str) -> str | None:
        return (await self.channel_rules_state(channel_id))[0]

    async def channel_rules_state(self, channel_id: str) -> tuple[str | None, bool]:
        """The channel's ruleset (None: not set) and whether the default notice was shown."""
        async with self._db.execute(SQL_GET_RULESET, (channel_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            return None, False
        return (str(row[0]) if row[0] is not None else None), bool(row[1])

    async def set_channel_ruleset(self, channel_id: str, ruleset: str, user_id: str) -> None:
        await self._db.execute(SQL_SET_RULESET, (channel_id, ruleset, user_id, _now()))
        await self._db.commit()

    async def take_default_notice(self, channel_id: str) -> bool:
        """True the first time a channel without a ruleset gets a reply, then False."""
        cur = await self._db.execute(SQL_TAKE_NOTICE, (channel_id,))
        changed = cur.rowcount > 0
        await self._db.commit()
        return changed

    # ------------------------------------------------------------------- meta

    async def get_meta(self, key: str) -> str | None:
        async with self._db.execute(SQL_GET_META, (key,)) as cur:
            row = await cur.fetchone()
        return str(row[0]) if row else None

    async def set_meta(self, key: str, value: str) -> None:
        await self._db.execute(SQL_SET_META, (key, value))
        await self._db.commit()
