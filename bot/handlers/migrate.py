"""Copying a Stride database into another (``python -m bot migrate``; issue 41, Layers:
the console reaches the store only through the handlers): both opened, every row
copied and checked (``bot.storage.copy.copy_database``), both closed, whatever
happened. The shell says what was copied, or the ``StorageError`` that stopped it.

The two are opened as they are (``Store.open``), without the rulesets' board checks
``upkeep.open_store`` adds: a copy moves rows as stored and reads no board."""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage import Store
from bot.storage.copy import TableCheck, copy_database


@dataclass(frozen=True)
class Migrated:
    """What a copy did: where from, where to (``Backend.where``), and each table's rows
    and checksum, found the same in both."""

    source: str
    target: str
    checks: tuple[TableCheck, ...]


async def migrate_database(source_url: str, target_url: str, *, force: bool) -> Migrated:
    """Copy the database ``source_url`` names into ``target_url``'s (created and
    migrated as needed) and check both hold the same rows. ``StorageError`` when either
    can't be opened as Stride's, the target holds rows and ``force`` is not set (with
    it, they are replaced), or the copy doesn't match."""
    source = await Store.open(source_url)
    try:
        target = await Store.open(target_url)
        try:
            checks = await copy_database(source, target, force=force)
        finally:
            await target.close()
    finally:
        await source.close()
    return Migrated(source.backend.where, target.backend.where, tuple(checks))
