"""Copy one Stride database into another (``python -m bot migrate``): every encounter,
archive, history line and setting, then a check that both hold the same rows.

The copy runs in one transaction on the target, so an interrupted copy leaves it as
it was. It refuses a target that already holds rows unless ``force`` (which deletes
them in that same transaction). The check compares, table by table, the number of
rows and a checksum of their contents that doesn't depend on the order either
database returns them in.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass

from bot.storage.backend import Row, Session
from bot.storage.errors import StorageError
from bot.storage.schema import TABLES, table_key
from bot.storage.store import Store

# Rows read from the source at a time.
BATCH_ROWS = 500


@dataclass(frozen=True)
class TableCheck:
    table: str
    rows: int
    checksum: str  # sha256 over the sorted digests of the rows


async def copy_database(source: Store, target: Store, *, force: bool = False) -> list[TableCheck]:
    """Copy ``source`` into ``target`` and verify it; the tables' counts and checksums.
    ``StorageError`` when the target holds rows and ``force`` is not set, or when the
    copy doesn't match the source."""
    if await source.schema_version() != await target.schema_version():
        raise StorageError("The two databases have different schema versions.")
    async with target.backend.transaction() as out:
        held = {table: await _count(out, table) for table, _ in TABLES}
        if any(held.values()) and not force:
            rows = ", ".join(f"{table}: {n}" for table, n in held.items() if n)
            raise StorageError(
                f"The target {target.backend.where} is not empty ({rows}). Copying would "
                "mix two bots' data: point --to at an empty database, or add --force to "
                "replace what it holds."
            )
        for table, _ in reversed(TABLES):  # history before the encounters it names
            await out.execute(f"DELETE FROM {table}")
        for table, columns in TABLES:
            insert = (
                f"INSERT INTO {table} ({', '.join(columns)}) "
                f"VALUES ({', '.join('?' for _ in columns)})"
            )
            async for batch in _batches(source, table, columns):
                await out.executemany(insert, batch)
    await target.backend.reset_id_sequences(["encounters", "history"])
    return await verify(source, target)


async def verify(source: Store, target: Store) -> list[TableCheck]:
    """Each table's count and checksum, the same in both (``StorageError`` if not)."""
    checks: list[TableCheck] = []
    for table, columns in TABLES:
        mine, theirs = await _check(source, table, columns), await _check(target, table, columns)
        if mine != theirs:
            raise StorageError(
                f"The copy doesn't match: {table} has {theirs.rows} rows (checksum "
                f"{theirs.checksum[:12]}) in {target.backend.where}, {mine.rows} "
                f"(checksum {mine.checksum[:12]}) in {source.backend.where}."
            )
        checks.append(mine)
    return checks


async def _count(session: Session, table: str) -> int:
    row = await session.fetchone(f"SELECT count(*) FROM {table}")
    return int(row[0]) if row else 0


async def _batches(store: Store, table: str, columns: tuple[str, ...]) -> AsyncIterator[list[Row]]:
    """The table's rows, ``BATCH_ROWS`` at a time, in the order of its unique key
    (``table_key``: a row-value comparison pages past the last row read, so no row at
    a page's end is skipped): a large database is never read into memory whole."""
    key = table_key(table, columns)
    order = ", ".join(key)
    at = [columns.index(k) for k in key]
    select = f"SELECT {', '.join(columns)} FROM {table}"
    after = f"({order}) > ({', '.join('?' for _ in key)})"
    last: list[object] | None = None
    while True:
        async with store.backend.reading() as session:
            if last is None:
                rows = await session.fetchall(f"{select} ORDER BY {order} LIMIT ?", BATCH_ROWS)
            else:
                rows = await session.fetchall(
                    f"{select} WHERE {after} ORDER BY {order} LIMIT ?", *last, BATCH_ROWS
                )
        if not rows:
            return
        yield rows
        last = [rows[-1][i] for i in at]


async def _check(store: Store, table: str, columns: tuple[str, ...]) -> TableCheck:
    """The table's count and checksum. The count is also asked of the database
    itself: a read that missed rows (however it pages) can't pass for a whole one."""
    digests: list[str] = []
    async for batch in _batches(store, table, columns):
        digests += [_row_digest(row) for row in batch]
    async with store.backend.reading() as session:
        counted = await _count(session, table)
    if counted != len(digests):
        raise StorageError(
            f"Reading {table} in {store.backend.where} gave {len(digests)} rows of the "
            f"{counted} it holds: the copy can't be checked."
        )
    total = hashlib.sha256("".join(sorted(digests)).encode("ascii")).hexdigest()
    return TableCheck(table, len(digests), total)


def _row_digest(row: Row) -> str:
    text = json.dumps(list(row), separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
