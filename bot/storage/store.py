"""All persistent state, behind one interface over SQLite or PostgreSQL.

Schema changes are numbered migrations (``bot.storage.schema``), applied in order
inside one transaction at start, so an old database upgrades in place and several
processes opening a new one together run each migration once.

Several processes may share the database (the bot, the console, the processes of a
sharded cluster). Every change to an encounter is a compare-and-swap on its
``version``: the state read is written back changed only if nobody else wrote in
between, and the history row goes in the same transaction, so no change is lost and
/undo restores exactly the state before the latest change.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from bot.encounter import Encounter
from bot.errors import InvalidInput
from bot.schema.codec import dump_state as dump_state
from bot.storage import encounter_queries as q
from bot.storage.backend import Backend, Row, Session, Write, open_backend
from bot.storage.boards import checked, read, read_stored, wrote
from bot.storage.errors import Conflict, DamagedBoard, DamagedState, StorageError, gm_ids_of
from bot.storage.mended import write_mended
from bot.storage.patches import apply_patch, before_patch
from bot.storage.records import Change, StoredEncounter
from bot.storage.schema import BOARDS_CHANNEL, MIGRATIONS
from bot.storage.settings import SettingsStore, now

if TYPE_CHECKING:
    from bot.schema.invariants import BoardRules

log = logging.getLogger(__name__)

# How many changes /undo can walk back in one channel.
HISTORY_DEPTH = 50
# How many channels' running encounters a process keeps decoded.
DECODED_CHANNELS = 512


class Store(SettingsStore):
    """The bot's database. Open with ``await Store.open(path_or_url)``; close when done."""

    def __init__(self, backend: Backend, board_rules: BoardRules | None = None) -> None:
        self.backend = backend
        # the rulesets' facts every board read or written is checked against (the
        # store knows no rules: the handlers hand them, ``upkeep.open_store``); None:
        # only what needs no ruleset (a copy between databases, the store's own tests)
        self.board_rules = board_rules
        self._channel_locks: dict[str, asyncio.Lock] = {}
        # channel -> its running encounter as last read here, decoded: a read whose row
        # still has that id and version skips decoding the JSON (the database says
        # whether it does, so a write by another process is seen). Only decoded states
        # go in, never a change's result: decoding orders the terrain and the options
        # its own way, and replies list them in that order.
        self._decoded: OrderedDict[str, StoredEncounter] = OrderedDict()
        self._sql_active_ruleset = q.SQL_ACTIVE_RULESET.format(
            ruleset=backend.dialect.json_field("state", "ruleset")
        )
        self._sql_encounter_gm = q.SQL_ENCOUNTER_GM.format(
            gm_id=backend.dialect.json_field("state", "gm_id")
        )

    @asynccontextmanager
    async def channel_lock(self, channel_id: str) -> AsyncIterator[None]:
        """Serialize one channel's changes inside this process (other processes are
        kept out by the compare-and-swap); other channels go on in parallel."""
        lock = self._channel_locks.setdefault(channel_id, asyncio.Lock())
        async with lock:
            yield

    @classmethod
    async def open(cls, target: str | Path, *, board_rules: BoardRules | None = None) -> Store:
        """Open (creating and migrating as needed) the database ``target`` names: a
        path or ``sqlite:///path`` (SQLite), or ``postgresql://...``. One that can't be
        Stride's is a ``StorageError``, and no connection is left open. Its boards are
        checked against ``board_rules`` (see ``__init__``)."""
        try:
            backend = await open_backend(target)
        except ValueError as exc:
            raise StorageError(str(exc)) from exc
        try:
            await backend.migrate(MIGRATIONS)
        except BaseException:
            await backend.close()
            raise
        return cls(backend, board_rules)

    @property
    def kind(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.backend.dialect.name

    async def close(self) -> None:
        await self.backend.close()

    async def schema_version(self) -> int:
        return await self.backend.schema_version()

    # ------------------------------------------------------------- encounters

    async def board_versions(self, channel_ids: list[str]) -> dict[str, str | None]:
        """Each channel's running board as ``<encounter id>:<version>`` (None: none), read
        in one query: any change to a board, by any process, changes it."""
        versions: dict[str, str | None] = dict.fromkeys(channel_ids)
        for start in range(0, len(channel_ids), 500):
            some = channel_ids[start : start + 500]
            sql = q.SQL_BOARD_VERSIONS.format(marks=", ".join("?" * len(some)))
            async with self.backend.reading() as session:
                rows = await session.fetchall(sql, *some)
            versions.update({str(r[0]): f"{r[1]}:{r[2]}" for r in rows})
        return versions

    def _changed_writes(self, channel_id: str) -> list[Write]:
        notify = self.backend.dialect.notify_board
        return [Write(notify, (channel_id,))] if notify else []

    async def _tell_changed(self, session: Session, channel_id: str) -> None:
        """Tell every process listening (the live pages) that a board changed, on commit."""
        for write in self._changed_writes(channel_id):
            await session.execute(write.sql, *write.args)

    async def listen_boards(self, heard: Callable[[str], None]) -> Callable[[], Awaitable[None]]:
        """Call ``heard(channel_id)`` whenever any process changes a board ("": one it
        can't name), where the database can say so (PostgreSQL); the coroutine that
        stops listening. On SQLite nothing is heard: the pages read versions instead."""
        return await self.backend.listen(BOARDS_CHANNEL, heard)

    async def active_encounter(self, channel_id: str) -> StoredEncounter | None:
        held = self._decoded.get(channel_id)
        known = (held.id, held.version) if held is not None else (0, -1)
        row = await self._one(q.SQL_ACTIVE, *known, channel_id)
        if row is None:
            self._decoded.pop(channel_id, None)
            return None
        if row[2] is None and held is not None:
            self._decoded.move_to_end(channel_id)
            return held
        text = str(row[2])
        try:
            read_now = await read(text, self.board_rules)
        except InvalidInput as invalid:
            self._decoded.pop(channel_id, None)
            problems = getattr(invalid, "problems", (invalid.message,))
            raise DamagedBoard(
                DamagedState(
                    int(row[0]),
                    text,
                    int(row[1]),
                    gm_ids_of(text),
                    tuple(str(p) for p in problems),
                )
            ) from None
        stored = StoredEncounter(int(row[0]), read_now.encounter, text, int(row[1]))
        if read_now.mends:
            mended = await write_mended(self, channel_id, stored, read_now.mends)
            if mended is None:  # another process wrote it first: read what it wrote
                return await self.active_encounter(channel_id)
            stored = mended
        self._remember(channel_id, stored)
        return stored

    async def active_or_damaged(self, channel_id: str) -> StoredEncounter | DamagedState | None:
        """The running encounter, or what can be known of it when its board is damaged
        (for the commands that mend or archive it)."""
        try:
            return await self.active_encounter(channel_id)
        except DamagedBoard as damaged:
            return damaged.damaged

    def _remember(self, channel_id: str, stored: StoredEncounter) -> None:
        self._decoded[channel_id] = stored
        self._decoded.move_to_end(channel_id)
        while len(self._decoded) > DECODED_CHANNELS:
            self._decoded.popitem(last=False)

    async def active_ruleset(self, channel_id: str) -> str | None:
        """The running encounter's ruleset id (None: no encounter, or one whose stored
        text isn't even JSON), without decoding it."""
        row = await self._json_one(self._sql_active_ruleset, channel_id)
        return None if row is None or row[0] is None else str(row[0])

    async def _json_one(self, sql: str, *args: object) -> Row | None:
        """A row read through the database's JSON functions, which refuse a state that
        isn't JSON (a hand-edited NaN): None then, as for a value that isn't there."""
        try:
            return await self._one(sql, *args)
        except sqlite3.OperationalError as exc:
            if "JSON" not in str(exc):
                raise
            return None

    async def start_encounter(
        self,
        channel_id: str,
        encounter: Encounter,
        *,
        user_id: str,
        summary: str,
        guild_id: str | None = None,
        replacing: StoredEncounter | DamagedState | None = None,
        archive_summary: str = "",
    ) -> int:
        """``Conflict`` when another process started one in the channel meanwhile.
        ``replacing``, the running encounter, is archived in the same transaction (its
        history row says ``archive_summary``): either both happen or neither."""
        text = dump_state(encounter)
        await checked(text, self.board_rules)
        async with self.backend.transaction() as session:
            if replacing is not None:
                await self._end(session, channel_id, replacing, user_id, archive_summary)
            row = await session.fetchone(
                q.SQL_INSERT_ENCOUNTER, channel_id, text, user_id, now(), guild_id
            )
            encounter_id = int(row[0]) if row else 0
            await _record(session, channel_id, encounter_id, user_id, "encounter start", summary)
            await self._tell_changed(session, channel_id)
        if replacing is not None:
            wrote(archive_summary)
        wrote(summary)
        return encounter_id

    async def save_encounter(
        self,
        channel_id: str,
        stored: StoredEncounter,
        after: Encounter,
        *,
        user_id: str,
        command: str,
        summary: str,
        state_json: str | None = None,
        decoded: Encounter | None = None,
    ) -> None:
        """Write ``after`` over ``stored`` and remember ``stored`` for /undo, atomically;
        ``Conflict`` (nothing written) when another writer changed it since it was read.
        ``decoded``: ``state_json`` already read back by ``checked_now`` (on the board
        pool, with the change: no second hop there for a big board)."""
        text = state_json if state_json is not None else dump_state(after)
        if decoded is None or state_json is None:
            decoded = await checked(text, self.board_rules)
        patch = before_patch(stored.state_json, text)
        # one trip: the compare-and-swap and its history line, all or nothing
        await self.backend.write_all(
            [
                Write(q.SQL_UPDATE_ENCOUNTER, (text, stored.id, stored.version), changes_one=True),
                *_history_writes(channel_id, stored.id, user_id, command, summary, patch, "active"),
                *self._changed_writes(channel_id),
            ]
        )
        wrote(summary)
        # the next read of this version needs no decoding: it was just read back
        self._remember(channel_id, StoredEncounter(stored.id, decoded, text, stored.version + 1))

    async def end_encounter(
        self,
        channel_id: str,
        stored: StoredEncounter | DamagedState,
        *,
        user_id: str,
        summary: str,
    ) -> None:
        async with self.backend.transaction() as session:
            await self._end(session, channel_id, stored, user_id, summary)
            await self._tell_changed(session, channel_id)
        wrote(summary)

    @staticmethod
    async def _end(
        session: Session,
        channel_id: str,
        stored: StoredEncounter | DamagedState,
        user_id: str,
        summary: str,
    ) -> None:
        changed = await session.execute(q.SQL_END, user_id, now(), stored.id, stored.version)
        if changed != 1:
            raise Conflict
        await _record(
            session,
            channel_id,
            stored.id,
            user_id,
            "encounter end",
            summary,
            stored.state_json,
            "active",
        )

    async def history(self, channel_id: str, limit: int = 10) -> list[Change]:
        async with self.backend.reading() as session:
            rows = await session.fetchall(q.SQL_HISTORY, channel_id, limit)
        return [
            Change(
                int(r[0]),
                int(r[1]),
                str(r[2]),
                str(r[3]),
                str(r[4]),
                str(r[5]),
                r[6],
                r[7],
                channel_id,
            )
            for r in rows
        ]

    async def undo(self, change: Change) -> None:
        """Put the encounter back as it was before ``change`` and forget the change, in
        one transaction that first locks the encounter and checks ``change`` is still
        the channel's latest (``Conflict`` otherwise: someone changed the board
        meanwhile)."""
        dialect = self.backend.dialect
        async with self.backend.transaction() as session:
            current = await session.fetchone(
                q.SQL_CURRENT_STATE + dialect.lock_row_suffix, change.encounter_id
            )
            latest = await session.fetchone(q.SQL_LATEST_CHANGE, change.channel_id)
            if latest is None or int(latest[0]) != change.id:
                raise Conflict
            if change.before_state is None:
                await session.execute(
                    q.SQL_SET_STATUS, "undone", change.user_id, now(), change.encounter_id
                )
            else:
                restored = apply_patch(change.before_state, str(current[0]) if current else "{}")
                await session.execute(
                    q.SQL_RESTORE, restored, change.before_status, change.encounter_id
                )
            await session.execute(q.SQL_DELETE_HISTORY, change.id)
            await self._tell_changed(session, change.channel_id)
        wrote(f"undid /{change.command} ({change.summary})")

    async def encounter_gm(self, encounter_id: int) -> str | None:
        row = await self._json_one(self._sql_encounter_gm, encounter_id)
        return None if row is None or row[0] is None else str(row[0])

    async def purge_ended(self, older_than_days: int) -> int:
        """Delete encounters ended (archived or undone) more than ``older_than_days``
        ago, with their history; how many encounters went."""
        cutoff = (datetime.now(UTC) - timedelta(days=older_than_days)).isoformat(timespec="seconds")
        async with self.backend.transaction() as session:
            await session.execute(q.SQL_PURGE_HISTORY, cutoff)
            return await session.execute(q.SQL_PURGE_ENCOUNTERS, cutoff)

    async def delete_encounter(self, stored: StoredEncounter | DamagedState) -> None:
        """Delete the running encounter and every line of its history for good;
        ``Conflict`` (nothing deleted) when it changed since it was read."""
        async with self.backend.transaction() as session:
            await session.execute(q.SQL_DELETE_ENCOUNTER_HISTORY, stored.id)
            if await session.execute(q.SQL_DELETE_ENCOUNTER, stored.id, stored.version) != 1:
                raise Conflict  # raised inside the transaction: the history stays too
            await self._tell_changed(session, "")  # (its channel: every page looks)
        wrote("deleted the encounter and its history")

    async def guild_left(self, guild_id: str, left: bool) -> None:
        """The bot left the server (its data goes after the grace period) or came back."""
        await self._write(q.SQL_GUILD_LEFT, guild_id, now() if left else None)

    async def purge_left_guilds(self, grace_days: int) -> int:
        """Delete everything of the servers the bot left more than ``grace_days`` ago:
        their channels' encounters, history, scenes and settings; how many servers."""
        cutoff = (datetime.now(UTC) - timedelta(days=grace_days)).isoformat(timespec="seconds")
        async with self.backend.reading() as session:
            gone = [str(r[0]) for r in await session.fetchall(q.SQL_GUILDS_GONE, cutoff)]
        for guild_id in gone:
            async with self.backend.transaction() as session:
                rows = await session.fetchall(q.SQL_GUILD_CHANNELS, guild_id, guild_id)
                for (channel_id,) in rows:
                    for sql in (
                        q.SQL_PURGE_CHANNEL_HISTORY,
                        q.SQL_PURGE_CHANNEL_ENCOUNTERS,
                        q.SQL_PURGE_CHANNEL_SCENES,
                        q.SQL_PURGE_CHANNEL_BACKGROUNDS,
                        q.SQL_PURGE_CHANNEL_SETTINGS,
                        q.SQL_PURGE_CHANNEL_REMINDERS,
                    ):
                        await session.execute(sql, str(channel_id))
                await session.execute(q.SQL_PURGE_GUILD, guild_id)
        return len(gone)

    async def archived_encounters(self, channel_id: str, limit: int = 5) -> list[StoredEncounter]:
        async with self.backend.reading() as session:
            rows = await session.fetchall(q.SQL_ARCHIVED, channel_id, limit)
        out = []
        for r in rows:
            try:
                kept = read_stored(str(r[1]), self.board_rules)
                out.append(StoredEncounter(int(r[0]), kept.encounter, str(r[1])))
            except InvalidInput:
                continue  # a damaged archive is left where it is, unread
        return out

    async def board_message(self, encounter_id: int) -> str | None:
        row = await self._one(q.SQL_GET_BOARD_MESSAGE, encounter_id)
        return str(row[0]) if row and row[0] is not None else None

    async def last_board_message(self, channel_id: str) -> tuple[int, str] | None:
        """The board message of the channel's last ended encounter still showing one."""
        row = await self._one(q.SQL_LAST_BOARD_MESSAGE, channel_id)
        return (int(row[0]), str(row[1])) if row else None

    async def set_board_message(self, encounter_id: int, message_id: str | None) -> None:
        await self._write(q.SQL_BOARD_MESSAGE, message_id, encounter_id)


async def _record(
    session: Session,
    channel_id: str,
    encounter_id: int,
    user_id: str,
    command: str,
    summary: str,
    before_state: str | None = None,
    before_status: str | None = None,
) -> None:
    """A history line, in the transaction of the change it records; the channel keeps
    its latest ``HISTORY_DEPTH``."""
    row = (encounter_id, user_id, command, summary, before_state, before_status)
    for write in _history_writes(channel_id, *row):
        await session.execute(write.sql, *write.args)


def _history_writes(channel_id: str, *row: object) -> tuple[Write, Write]:
    """``_record``'s statements: the line (its encounter, user, command, summary, state
    and status before) and the pruning to ``HISTORY_DEPTH``."""
    line = Write(q.SQL_INSERT_HISTORY, (channel_id, *row, now()))
    return line, Write(q.SQL_PRUNE_HISTORY, (channel_id, channel_id, HISTORY_DEPTH))
