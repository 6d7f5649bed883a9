"""What the store needs from a database, whichever it is: sessions that read, and
transactions that commit everything or nothing.

Two backends: SQLite (``bot.storage.sqlite``, one file, the default) and PostgreSQL
(``bot.storage.postgres``, shared by several processes or hosts). ``open_backend``
picks one from ``STRIDE_DB``'s text.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from bot.config import DatabaseUrl
from bot.storage.errors import StorageError
from bot.storage.schema import Dialect

Row = tuple[Any, ...]


class Session(Protocol):
    """A connection to run queries on (``?`` placeholders)."""

    async def fetchone(self, sql: str, *args: object) -> Row | None: ...

    async def fetchall(self, sql: str, *args: object) -> list[Row]: ...

    async def execute(self, sql: str, *args: object) -> int:
        """Run a statement; how many rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None: ...


@dataclass(frozen=True)
class Write:
    """One statement of a transaction given whole (``Backend.write_all``)."""

    sql: str
    args: tuple[object, ...] = ()
    # a compare-and-swap: unless it changes exactly one row, nothing is written
    # (``Conflict``)
    changes_one: bool = False


class Backend(Protocol):
    dialect: Dialect
    # what to show in messages: the file, or the server and database without password
    where: str

    async def listen(
        self, channel: str, heard: Callable[[str], None]
    ) -> Callable[[], Awaitable[None]]:
        """Call ``heard(payload)`` for each notification on ``channel`` (PostgreSQL's
        LISTEN); the coroutine that stops. A database without them hears nothing."""
        ...

    def reading(self) -> AbstractAsyncContextManager[Session]:
        """A session for reads outside any transaction."""
        ...

    def transaction(self) -> AbstractAsyncContextManager[Session]:
        """A session inside a transaction: committed when the block ends, rolled back
        when it raises. A unique index refusing a row is a ``Conflict``."""
        ...

    async def write_all(self, writes: Sequence[Write]) -> None:
        """The statements in one transaction, all or nothing: ``Conflict`` when one
        marked ``changes_one`` changes another number of rows, or a unique index refuses
        a row. Known in advance, they go to the database in one trip where it can (one
        hop to SQLite's thread instead of one per statement, issue 31)."""
        ...

    async def schema_version(self) -> int: ...

    async def migrate(self, migrations: Sequence[str]) -> None:
        """Apply the migrations not yet applied, each with its version, atomically and
        once even when several processes open the database together; ``StorageError``
        when the database is newer than ``migrations``."""
        ...

    async def set_schema_version(self, version: int) -> None: ...

    async def reset_id_sequences(self, tables: Sequence[str]) -> None:
        """After rows were inserted with their ids: new rows number after them."""
        ...

    async def close(self) -> None: ...


async def apply_migrations(
    session: Session,
    dialect: Dialect,
    migrations: Sequence[str],
    version: int,
    *,
    where: str,
    record: Callable[[Session, int], Awaitable[object]],
) -> None:
    """Inside a backend's migration transaction: the migrations after ``version``, each
    followed by ``record`` of its number; ``StorageError`` on a newer database."""
    if version > len(migrations):
        raise StorageError(
            f"The database {where} has schema version {version}, newer than this Stride "
            f"knows ({len(migrations)}): run a newer Stride, or point STRIDE_DB at "
            "another database."
        )
    for number, script in enumerate(migrations[version:], start=version + 1):
        for statement in dialect.migration(script):
            await session.execute(statement)
        await record(session, number)


async def open_backend(target: str | Path) -> Backend:
    """The backend for ``target``: a path, ``sqlite:///path`` or ``postgresql://...``."""
    url = DatabaseUrl.parse(str(target))
    if url.kind == "postgresql":
        from bot.storage.postgres import PostgresBackend

        return await PostgresBackend.connect(url.target)
    from bot.storage.sqlite import SqliteBackend

    return await SqliteBackend.connect(url.target)
