"""The PostgreSQL backend (asyncpg): one server shared by every process of a cluster.

Each read or transaction borrows a connection from a small pool. Transactions run at
READ COMMITTED: an encounter's compare-and-swap ``UPDATE ... WHERE version = ?`` waits
for a concurrent writer of the same row and then finds the version moved on (a
``Conflict``), and /undo locks the encounter's row (``SELECT ... FOR UPDATE``) before
it checks that its change is still the latest. The schema version is a one-row
table, and migrations run under a transaction-scoped advisory lock, so of several
processes starting together one migrates and the others find nothing to do.
"""

from __future__ import annotations

import functools
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.config import redact
from bot.storage.backend import Row, Session, Write, apply_migrations
from bot.storage.errors import Conflict, StorageError
from bot.storage.schema import POSTGRES

# Connections per process: a handful of concurrent commands each hold one briefly.
POOL_MAX = 10
CONNECT_TIMEOUT_S = 15.0
# pg_advisory_xact_lock's key for migrations ("STRD").
MIGRATION_LOCK = 0x53545244

SQL_SCHEMA_TABLE = "CREATE TABLE IF NOT EXISTS stride_schema (version INTEGER NOT NULL)"
SQL_SCHEMA_VERSION = "SELECT max(version) FROM stride_schema"


@functools.lru_cache(maxsize=256)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, ...`` (no query has a ``?`` in a
    string literal)."""
    count = 0

    def number(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return re.sub(r"\?", number, sql)


def _rowcount(status: str) -> int:
    """``UPDATE 1``, ``DELETE 3``, ``INSERT 0 1``: the last number."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresSession:
    def __init__(self, con: Any) -> None:
        self._con = con

    async def fetchone(self, sql: str, *args: object) -> Row | None:
        row = await self._con.fetchrow(numbered(sql), *args)
        return tuple(row) if row is not None else None

    async def fetchall(self, sql: str, *args: object) -> list[Row]:
        return [tuple(r) for r in await self._con.fetch(numbered(sql), *args)]

    async def execute(self, sql: str, *args: object) -> int:
        return _rowcount(str(await self._con.execute(numbered(sql), *args)))

    async def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        await self._con.executemany(numbered(sql), rows)


class PostgresBackend:
    dialect = POSTGRES

    def __init__(self, pool: Any, where: str) -> None:
        self._pool = pool
        self.where = where

    @classmethod
    async def connect(cls, url: str) -> PostgresBackend:
        where = redact(url)
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=POOL_MAX, timeout=CONNECT_TIMEOUT_S
            )
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StorageError(
                f"Can't reach the PostgreSQL database {where} ({exc}). Check STRIDE_DB, "
                "and that the server is running and the database exists."
            ) from exc
        except ValueError as exc:  # asyncpg could not read the URL
            raise StorageError(
                f"STRIDE_DB {where} isn't a PostgreSQL URL Stride can use ({exc})"
            ) from exc
        return cls(pool, where)

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[PostgresSession]:
        async with self._pool.acquire() as con:
            yield PostgresSession(con)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresSession]:
        async with self._pool.acquire() as con:
            try:
                async with con.transaction():
                    yield PostgresSession(con)
            except asyncpg.UniqueViolationError as exc:
                raise Conflict from exc  # another process wrote the same row first

    async def write_all(self, writes: Sequence[Write]) -> None:
        async with self.transaction() as session:
            for write in writes:
                changed = await session.execute(write.sql, *write.args)
                if write.changes_one and changed != 1:
                    raise Conflict

    async def schema_version(self) -> int:
        async with self.reading() as session:
            exists = await session.fetchone("SELECT to_regclass('stride_schema')")
            if exists is None or exists[0] is None:
                return 0
            row = await session.fetchone(SQL_SCHEMA_VERSION)
        return int(row[0]) if row and row[0] is not None else 0

    async def set_schema_version(self, version: int) -> None:
        async with self.transaction() as session:
            await _write_version(session, version)

    async def migrate(self, migrations: Sequence[str]) -> None:
        try:
            if await self.schema_version() == len(migrations):
                return
            async with self.transaction() as session:
                await session.execute("SELECT pg_advisory_xact_lock(?)", MIGRATION_LOCK)
                await session.execute(SQL_SCHEMA_TABLE)
                row = await session.fetchone(SQL_SCHEMA_VERSION)
                await apply_migrations(
                    session,
                    self.dialect,
                    migrations,
                    int(row[0]) if row and row[0] is not None else 0,
                    where=self.where,
                    record=_write_version,
                )
        except asyncpg.PostgresError as exc:
            raise StorageError(
                f"The PostgreSQL database {self.where} can't be used as Stride's ({exc})."
            ) from exc

    async def reset_id_sequences(self, tables: Sequence[str]) -> None:
        async with self.transaction() as session:
            for table in tables:
                await session.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"coalesce((SELECT max(id) FROM {table}), 0) + 1, false)"
                )

    async def listen(
        self, channel: str, heard: Callable[[str], None]
    ) -> Callable[[], Awaitable[None]]:
        """LISTEN on a connection of its own, kept out of the pool until stopped."""
        con = await self._pool.acquire()

        def told(_con: Any, _pid: int, _channel: str, payload: str) -> None:
            heard(payload)

        await con.add_listener(channel, told)

        async def stop() -> None:
            try:
                await con.remove_listener(channel, told)
            finally:
                await self._pool.release(con)

        return stop

    async def close(self) -> None:
        await self._pool.close()


async def _write_version(session: Session, version: int) -> None:
    await session.execute(SQL_SCHEMA_TABLE)
    await session.execute("DELETE FROM stride_schema")
    await session.execute("INSERT INTO stride_schema (version) VALUES (?)", version)
