"""The SQLite backend: one file, one aiosqlite connection per process.

Several processes may share the file (the bot, the console, a restart with overlap):
every write transaction starts with ``BEGIN IMMEDIATE``, so it holds the file's one
write lock from its first read on and waits up to ``BUSY_TIMEOUT_S`` for another
process's. ``PRAGMA user_version`` records the schema version.

The journal is WAL with ``synchronous = NORMAL``: a commit is not fsynced until the
next checkpoint, which cuts a write from milliseconds to a fraction of one (issue 31).
The file is never corrupted, and a process that crashes loses nothing it committed
(the WAL is in the operating system's hands); a power cut or an OS crash can lose the
last commits before a checkpoint. docs/DEPLOY.md's storage part states the trade-off.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TypeVar

import aiosqlite

from bot.storage.backend import Row, Write, apply_migrations
from bot.storage.errors import Conflict, StorageError
from bot.storage.schema import SQLITE

T = TypeVar("T")

# How long a write waits for another process's transaction before giving up.
BUSY_TIMEOUT_S = 15.0


def _write_all(db: sqlite3.Connection, writes: Sequence[Write]) -> None:
    """``SqliteBackend.write_all``'s transaction, run in the connection's thread."""
    db.execute("BEGIN IMMEDIATE")
    try:
        for write in writes:
            changed = db.execute(write.sql, write.args).rowcount
            if write.changes_one and changed != 1:
                raise Conflict
        db.commit()
    except sqlite3.IntegrityError as exc:
        db.rollback()
        if "UNIQUE" in str(exc):
            raise Conflict from exc  # another process wrote the same row first
        raise
    except BaseException:
        db.rollback()
        raise


async def in_thread(db: aiosqlite.Connection, fn: Callable[..., T], *args: object) -> T:
    """``fn(connection, *args)`` in the connection's own thread, in one hop (aiosqlite
    hops there once per call: a statement, its fetch and its cursor's close are three).
    aiosqlite's ``_execute`` is how each of its own calls gets there."""
    found: T = await db._execute(fn, db._conn, *args)  # type: ignore[no-untyped-call]
    return found


class SqliteSession:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    # A read is one hop to the connection's thread through aiosqlite's own
    # ``execute_fetchall`` (execute, fetch and close would be three).
    async def fetchone(self, sql: str, *args: object) -> Row | None:
        rows = await self._db.execute_fetchall(sql, args)
        for row in rows:
            return tuple(row)
        return None

    async def fetchall(self, sql: str, *args: object) -> list[Row]:
        rows = await self._db.execute_fetchall(sql, args)
        return [tuple(r) for r in rows]

    async def execute(self, sql: str, *args: object) -> int:
        cur = await self._db.execute(sql, args)
        return int(cur.rowcount or 0)

    async def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        await self._db.executemany(sql, rows)


class SqliteBackend:
    dialect = SQLITE

    def __init__(self, db: aiosqlite.Connection, where: str) -> None:
        self._db = db
        self._session = SqliteSession(db)
        self.where = where
        # one connection: a transaction (its statements and commit) must not interleave
        # with another coroutine's
        self._write_lock = asyncio.Lock()

    @classmethod
    async def connect(cls, path: str) -> SqliteBackend:
        """Open the file (creating its folder); a file that isn't a database is a
        ``StorageError``, and no connection is left open."""
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(path, timeout=BUSY_TIMEOUT_S)
        try:
            await db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = NORMAL")
            await db.execute("PRAGMA foreign_keys = ON")
        except sqlite3.DatabaseError as exc:
            await db.close()
            raise unusable(path, exc) from exc
        except BaseException:
            await db.close()
            raise
        return cls(db, path)

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[SqliteSession]:
        # not in the middle of another coroutine's transaction on this connection: a
        # read sees committed states only (the store keeps states it read decoded, by
        # version, and a rolled-back version must never be one of them)
        async with self._write_lock:
            yield self._session

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteSession]:
        async with self._write_lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._session
                await self._db.commit()
            except sqlite3.IntegrityError as exc:
                await self._db.rollback()
                if "UNIQUE" in str(exc):
                    raise Conflict from exc  # another process wrote the same row first
                raise
            except BaseException:
                await self._db.rollback()
                raise

    async def write_all(self, writes: Sequence[Write]) -> None:
        async with self._write_lock:
            await in_thread(self._db, _write_all, writes)

    async def schema_version(self) -> int:
        row = await self._session.fetchone("PRAGMA user_version")
        return int(row[0]) if row else 0

    async def set_schema_version(self, version: int) -> None:
        await self._db.execute(f"PRAGMA user_version = {int(version)}")
        await self._db.commit()

    async def migrate(self, migrations: Sequence[str]) -> None:
        """Inside one exclusive transaction that reads the version itself: of several
        processes opening a new file, one migrates and the others wait, then find
        nothing to do."""
        try:
            if await self.schema_version() == len(migrations):
                return
            async with self.transaction() as session:
                await apply_migrations(
                    session,
                    self.dialect,
                    migrations,
                    await self.schema_version(),
                    where=self.where,
                    record=lambda s, n: s.execute(f"PRAGMA user_version = {int(n)}"),
                )
        except sqlite3.DatabaseError as exc:
            raise unusable(self.where, exc) from exc

    async def reset_id_sequences(self, tables: Sequence[str]) -> None:
        return None  # an INTEGER PRIMARY KEY numbers after the largest id by itself

    async def listen(
        self, channel: str, heard: Callable[[str], None]
    ) -> Callable[[], Awaitable[None]]:
        """SQLite has no notifications: nothing is heard (the pages read versions)."""

        async def stop() -> None:
            return None

        return stop

    async def close(self) -> None:
        await self._db.close()


def unusable(path: str, exc: Exception) -> StorageError:
    return StorageError(
        f"{path} can't be used as Stride's database ({exc}). Point STRIDE_DB at "
        "another file, or move this one away."
    )
