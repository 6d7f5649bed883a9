"""What a shell asks of the store besides a command (issue 41, Layers: the shells read
and write the store only through the handlers): at start-up, old data purged and the
commands' last synced definitions; a server left or joined again; whether the store
answers (/readyz); and the writes a command made, for an honest answer when it fails.

The shell opens the store here at start-up (``open_store``: checked against the
rules, which the store itself doesn't know), closes it at shutdown
(``bot/discord/app.py``; the console and ``python -m bot serve`` through
``close_store``), and hands it along."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bot.handlers.board_rules import board_rules
from bot.storage import Store, recording_writes


async def open_store(target: str | Path) -> Store:
    """The store at ``target`` (``Store.open``: created and migrated as needed;
    ``StorageError`` when it can't be Stride's), every board it reads or writes checked
    against its ruleset (``board_rules``)."""
    return await Store.open(target, board_rules=board_rules())


async def close_store(store: Store) -> None:
    """Close the store ``open_store`` opened, once the shell is done with it (the
    console's session, ``python -m bot serve``'s, the bot's at shutdown)."""
    await store.close()


async def purge_ended(store: Store, older_than_days: int) -> int:
    """Delete the encounters ended more than ``older_than_days`` ago; how many went."""
    return await store.purge_ended(older_than_days)


async def purge_left_servers(store: Store, grace_days: int) -> int:
    """Delete everything of the servers left more than ``grace_days`` ago; how many."""
    return await store.purge_left_guilds(grace_days)


def _synced_key(scope: str) -> str:
    return f"command_hash:{scope}"


async def synced_commands(store: Store, scope: str) -> str | None:
    """The digest of the slash commands last synced for ``scope`` ("global",
    "guild:<id>"); None: never synced."""
    return await store.get_meta(_synced_key(scope))


async def mark_commands_synced(store: Store, scope: str, digest: str) -> None:
    await store.set_meta(_synced_key(scope), digest)


async def server_left(store: Store, guild_id: str) -> None:
    """The bot left the server: its data goes after the grace period."""
    await store.guild_left(guild_id, left=True)


async def server_joined(store: Store, guild_id: str) -> None:
    """The bot is in the server (again): its data stays."""
    await store.guild_left(guild_id, left=False)


async def store_answers(store: Store) -> None:
    """One trivial query: raises when the database can't be reached."""
    await store.ping()


@contextmanager
def writes_recorded() -> Iterator[list[str]]:
    """A line per change the store writes in the block (and the tasks it starts): what
    a command saved before it failed, said in its answer."""
    with recording_writes() as written:
        yield written
