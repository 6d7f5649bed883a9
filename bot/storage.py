"""All persistent state, in one SQLite database (aiosqlite).

Schema changes are numbered migrations, applied in order inside one exclusive
transaction at start (so several processes opening a new database together run
each migration once); ``PRAGMA user_version`` records how far a database has come,
so an old database upgrades in place and nothing is lost.

Several processes may share the file (the bot, the console, a restart with
overlap). Every change to an encounter is a compare-and-swap on its ``version``:
the state read is written back changed only if nobody else wrote in between, and
the history row goes in the same transaction, so no change is lost and /undo
restores exactly the state before the latest change.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import aiosqlite

from bot.encounter import Encounter, from_json, to_json

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
    # 2: encounters (one active per channel; ended ones are archived, not deleted)
    # and the history of changes that /undo walks back
    """
    CREATE TABLE encounters (
        id                 INTEGER PRIMARY KEY,
        channel_id         TEXT NOT NULL,
        status             TEXT NOT NULL,
        state              TEXT NOT NULL,
        created_by         TEXT NOT NULL,
        created_at         TEXT NOT NULL,
        ended_by           TEXT,
        ended_at           TEXT,
        board_message_id   TEXT
    );
    CREATE UNIQUE INDEX encounters_one_active ON encounters (channel_id)
        WHERE status = 'active';
    CREATE TABLE history (
        id            INTEGER PRIMARY KEY,
        channel_id    TEXT NOT NULL,
        encounter_id  INTEGER NOT NULL REFERENCES encounters (id),
        user_id       TEXT NOT NULL,
        command       TEXT NOT NULL,
        summary       TEXT NOT NULL,
        before_state  TEXT,
        before_status TEXT,
        created_at    TEXT NOT NULL
    );
    CREATE INDEX history_by_channel ON history (channel_id, id);
    """,
    # 3: a version per encounter, bumped by every write: the compare-and-swap that
    # keeps changes from several processes from overwriting each other
    """
    ALTER TABLE encounters ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    """,
    # 4: a channel's diagonal rule for the encounters it starts (/ruleset set diagonals:)
    """
    ALTER TABLE channel_settings ADD COLUMN diagonals TEXT;
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
SQL_SET_DIAGONALS = """
    INSERT INTO channel_settings (channel_id, diagonals, notice_shown) VALUES (?, ?, 0)
    ON CONFLICT (channel_id) DO UPDATE SET diagonals = excluded.diagonals
"""
SQL_GET_DIAGONALS = "SELECT diagonals FROM channel_settings WHERE channel_id = ?"
SQL_TAKE_NOTICE = """
    INSERT INTO channel_settings (channel_id, notice_shown) VALUES (?, 1)
    ON CONFLICT (channel_id) DO UPDATE SET notice_shown = 1 WHERE notice_shown = 0
"""
SQL_ACTIVE = "SELECT id, state, version FROM encounters WHERE channel_id = ? AND status = 'active'"
SQL_ACTIVE_RULESET = (
    "SELECT json_extract(state, '$.ruleset') FROM encounters "
    "WHERE channel_id = ? AND status = 'active'"
)
SQL_STATE = "SELECT state, status FROM encounters WHERE id = ?"
SQL_INSERT_ENCOUNTER = """
    INSERT INTO encounters (channel_id, status, state, created_by, created_at)
    VALUES (?, 'active', ?, ?, ?)
"""
SQL_UPDATE_ENCOUNTER = """
    UPDATE encounters SET state = ?, version = version + 1
    WHERE id = ? AND version = ? AND status = 'active'
"""
SQL_SET_STATUS = (
    "UPDATE encounters SET status = ?, ended_by = ?, ended_at = ?, version = version + 1 "
    "WHERE id = ?"
)
SQL_END = (
    "UPDATE encounters SET status = 'archived', ended_by = ?, ended_at = ?, "
    "version = version + 1 WHERE id = ? AND version = ? AND status = 'active'"
)
SQL_RESTORE = (
    "UPDATE encounters SET state = ?, status = ?, ended_by = NULL, ended_at = NULL, "
    "version = version + 1 WHERE id = ?"
)
SQL_LATEST_CHANGE = "SELECT id FROM history WHERE channel_id = ? ORDER BY id DESC LIMIT 1"
SQL_CURRENT_STATE = "SELECT state FROM encounters WHERE id = ?"
SQL_PURGE_HISTORY = """
    DELETE FROM history WHERE encounter_id IN (
        SELECT id FROM encounters WHERE status != 'active' AND ended_at < ?)
"""
SQL_PURGE_ENCOUNTERS = "DELETE FROM encounters WHERE status != 'active' AND ended_at < ?"
SQL_INSERT_HISTORY = """
    INSERT INTO history (channel_id, encounter_id, user_id, command, summary,
                         before_state, before_status, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
"""
SQL_HISTORY = """
    SELECT id, encounter_id, user_id, command, summary, created_at, before_state, before_status
    FROM history WHERE channel_id = ? ORDER BY id DESC LIMIT ?
"""
SQL_DELETE_HISTORY = "DELETE FROM history WHERE id = ?"
SQL_PRUNE_HISTORY = """
    DELETE FROM history WHERE channel_id = ? AND id NOT IN (
        SELECT id FROM history WHERE channel_id = ? ORDER BY id DESC LIMIT ?)
"""
SQL_ARCHIVED = """
    SELECT id, state, created_at, ended_at FROM encounters
    WHERE channel_id = ? AND status = 'archived' ORDER BY id DESC LIMIT ?
"""
SQL_BOARD_MESSAGE = "UPDATE encounters SET board_message_id = ? WHERE id = ?"
SQL_GET_BOARD_MESSAGE = "SELECT board_message_id FROM encounters WHERE id = ?"
SQL_LAST_BOARD_MESSAGE = """
    SELECT id, board_message_id FROM encounters
    WHERE channel_id = ? AND status != 'active' AND board_message_id IS NOT NULL
    ORDER BY id DESC LIMIT 1
"""

# How many changes /undo can walk back in one channel.
HISTORY_DEPTH = 50
# How long a write waits for another process's transaction before giving up.
BUSY_TIMEOUT_S = 15.0


# A history row keeps the state before a change as a patch: the top-level parts of
# the encounter that the change altered, as they were (a move keeps the tokens, not a
# 200×200 board's terrain). /undo applies it to the current state, which is exactly
# the state after that change (it undoes only the latest change).
PATCH = "__patch__"


def before_patch(before: str, after: str) -> str:
    """What to store to get ``before`` back from ``after``."""
    old, new = json.loads(before), json.loads(after)
    changed = {k: old[k] for k in old if new.get(k, _MISSING) != old[k]}
    gone = [k for k in new if k not in old]
    return json.dumps({PATCH: changed, "gone": gone}, separators=(",", ":"), sort_keys=True)


def apply_patch(stored: str, current: str) -> str:
    """The state a history row restores: itself when it is a whole state (rows written
    before patches), else ``current`` with the patch applied."""
    data = json.loads(stored)
    if PATCH not in data:
        return stored
    state = json.loads(current)
    for key in data.get("gone", []):
        state.pop(key, None)
    state.update(data[PATCH])
    return json.dumps(state, separators=(",", ":"), sort_keys=True)


_MISSING = object()


def _statements(script: str) -> list[str]:
    """A migration script's statements, one by one (``executescript`` would commit)."""
    out: list[str] = []
    current = ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            if current.strip():
                out.append(current.strip())
            current = ""
    if current.strip():
        out.append(current.strip())
    return out


SQL_GET_META = "SELECT value FROM meta WHERE key = ?"
SQL_SET_META = """
    INSERT INTO meta (key, value) VALUES (?, ?)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value
"""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def dump_state(encounter: Encounter) -> str:
    """The encounter as the database keeps it: the same state always gives the same text."""
    return _dump(encounter)


def _dump(encounter: Encounter) -> str:
    return json.dumps(to_json(encounter), separators=(",", ":"), sort_keys=True)


@dataclass(frozen=True)
class StoredEncounter:
    id: int
    encounter: Encounter
    state_json: str  # the stored text: "changes nothing" is checked byte for byte
    version: int = 0  # bumped by every write: a write checks it is still the one read


class StorageError(Exception):
    """The database can't be used: not a database, a newer schema, locked too long."""


class Conflict(Exception):
    """Another process changed the encounter between this one's read and its write."""


@dataclass(frozen=True)
class Change:
    """One line of a channel's history: who changed what, and how to undo it."""

    id: int
    encounter_id: int
    user_id: str
    command: str
    summary: str
    created_at: str
    before_state: str | None  # None: the encounter did not exist before
    before_status: str | None
    channel_id: str = ""


class Store:
    """The bot's database. Open with ``await Store.open(path)``; close when done."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._channel_locks: dict[str, asyncio.Lock] = {}
        # one connection: a write (its statements and commit) must not interleave
        # with another channel's
        self._write_lock = asyncio.Lock()

    @asynccontextmanager
    async def channel_lock(self, channel_id: str) -> AsyncIterator[None]:
        """Serialize the changes of one channel; other channels go on in parallel."""
        lock = self._channel_locks.setdefault(channel_id, asyncio.Lock())
        async with lock:
            yield

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """Open (creating and migrating as needed) the database at ``path``; a file that
        isn't a Stride database is a ``StorageError``, and no connection is left open."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), timeout=BUSY_TIMEOUT_S)
        try:
            await db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA foreign_keys = ON")
            store = cls(db)
            await store._migrate()
        except sqlite3.DatabaseError as exc:
            await db.close()
            raise StorageError(
                f"{path} can't be used as Stride's database ({exc}). Point STRIDE_DB at "
                "another file, or move this one away."
            ) from exc
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        await self._db.close()

    async def schema_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def _migrate(self) -> None:
        """Every migration not yet applied, inside one exclusive transaction that reads
        the version itself: of several processes opening a new file, one migrates and
        the others wait, then find nothing to do."""
        if await self.schema_version() == len(MIGRATIONS):
            return
        await self._db.execute("BEGIN EXCLUSIVE")
        try:
            version = await self.schema_version()
            if version > len(MIGRATIONS):
                raise StorageError(
                    f"This database has schema version {version}, newer than this Stride "
                    f"knows ({len(MIGRATIONS)}): run a newer Stride, or another STRIDE_DB."
                )
            for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
                for statement in _statements(script):
                    await self._db.execute(statement)
                await self._db.execute(f"PRAGMA user_version = {number}")
            await self._db.commit()
        except BaseException:
            await self._db.rollback()
            raise

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
        async with self._write_lock:
            await self._db.execute(SQL_SET_RULESET, (channel_id, ruleset, user_id, _now()))
            await self._db.commit()

    async def set_channel_diagonals(self, channel_id: str, rule: str | None) -> None:
        """How diagonals count in the encounters this channel starts (None: the default)."""
        async with self._write_lock:
            await self._db.execute(SQL_SET_DIAGONALS, (channel_id, rule))
            await self._db.commit()

    async def channel_diagonals(self, channel_id: str) -> str | None:
        async with self._db.execute(SQL_GET_DIAGONALS, (channel_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None or row[0] is None else str(row[0])

    async def take_default_notice(self, channel_id: str) -> bool:
        """True the first time a channel without a ruleset gets a reply, then False."""
        async with self._write_lock:
            cur = await self._db.execute(SQL_TAKE_NOTICE, (channel_id,))
            changed = cur.rowcount > 0
            await self._db.commit()
        return changed

    # ------------------------------------------------------------- encounters

    async def active_encounter(self, channel_id: str) -> StoredEncounter | None:
        async with self._db.execute(SQL_ACTIVE, (channel_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        return StoredEncounter(int(row[0]), from_json(json.loads(row[1])), str(row[1]), int(row[2]))

    async def active_ruleset(self, channel_id: str) -> str | None:
        """The running encounter's ruleset id (None: no encounter), without decoding it."""
        async with self._db.execute(SQL_ACTIVE_RULESET, (channel_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None or row[0] is None else str(row[0])

    async def start_encounter(
        self, channel_id: str, encounter: Encounter, *, user_id: str, summary: str
    ) -> int:
        async with self._write_lock:
            try:
                cur = await self._db.execute(
                    SQL_INSERT_ENCOUNTER, (channel_id, _dump(encounter), user_id, _now())
                )
                encounter_id = int(cur.lastrowid or 0)
                await self._record(channel_id, encounter_id, user_id, "encounter start", summary)
                await self._db.commit()
            except sqlite3.IntegrityError as exc:
                await self._db.rollback()
                raise Conflict from exc  # another process started one meanwhile
            except BaseException:
                await self._db.rollback()
                raise
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
    ) -> None:
        """Write ``after`` over ``stored`` and remember ``stored`` for /undo, atomically;
        ``Conflict`` (nothing written) when another writer changed it since it was read."""
        async with self._write_lock:
            try:
                text = state_json if state_json is not None else _dump(after)
                cur = await self._db.execute(
                    SQL_UPDATE_ENCOUNTER, (text, stored.id, stored.version)
                )
                if cur.rowcount != 1:
                    raise Conflict
                await self._record(
                    channel_id,
                    stored.id,
                    user_id,
                    command,
                    summary,
                    before_patch(stored.state_json, text),
                    "active",
                )
                await self._db.commit()
            except BaseException:
                await self._db.rollback()
                raise

    async def end_encounter(
        self, channel_id: str, stored: StoredEncounter, *, user_id: str, summary: str
    ) -> None:
        async with self._write_lock:
            try:
                cur = await self._db.execute(SQL_END, (user_id, _now(), stored.id, stored.version))
                if cur.rowcount != 1:
                    raise Conflict
                await self._record(
                    channel_id,
                    stored.id,
                    user_id,
                    "encounter end",
                    summary,
                    stored.state_json,
                    "active",
                )
                await self._db.commit()
            except BaseException:
                await self._db.rollback()
                raise

    async def _record(
        self,
        channel_id: str,
        encounter_id: int,
        user_id: str,
        command: str,
        summary: str,
        before_state: str | None = None,
        before_status: str | None = None,
    ) -> None:
        await self._db.execute(
            SQL_INSERT_HISTORY,
            (
                channel_id,
                encounter_id,
                user_id,
                command,
                summary,
                before_state,
                before_status,
                _now(),
            ),
        )
        await self._db.execute(SQL_PRUNE_HISTORY, (channel_id, channel_id, HISTORY_DEPTH))

    async def history(self, channel_id: str, limit: int = 10) -> list[Change]:
        async with self._db.execute(SQL_HISTORY, (channel_id, limit)) as cur:
            rows = await cur.fetchall()
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
        one transaction that first checks ``change`` is still the channel's latest
        (``Conflict`` otherwise: someone changed the board meanwhile)."""
        async with self._write_lock:
            try:
                await self._db.execute("BEGIN IMMEDIATE")
                async with self._db.execute(SQL_LATEST_CHANGE, (change.channel_id,)) as cur:
                    row = await cur.fetchone()
                if row is None or int(row[0]) != change.id:
                    raise Conflict
                if change.before_state is None:
                    await self._db.execute(
                        SQL_SET_STATUS, ("undone", change.user_id, _now(), change.encounter_id)
                    )
                else:
                    async with self._db.execute(SQL_CURRENT_STATE, (change.encounter_id,)) as cur:
                        row = await cur.fetchone()
                    restored = apply_patch(change.before_state, str(row[0]) if row else "{}")
                    await self._db.execute(
                        SQL_RESTORE, (restored, change.before_status, change.encounter_id)
                    )
                await self._db.execute(SQL_DELETE_HISTORY, (change.id,))
                await self._db.commit()
            except BaseException:
                await self._db.rollback()
                raise

    async def encounter_gm(self, encounter_id: int) -> str | None:
        async with self._db.execute(
            "SELECT json_extract(state, '$.gm_id') FROM encounters WHERE id = ?", (encounter_id,)
        ) as cur:
            row = await cur.fetchone()
        return None if row is None or row[0] is None else str(row[0])

    async def purge_ended(self, older_than_days: int) -> int:
        """Delete encounters ended (archived or undone) more than ``older_than_days``
        ago, with their history; how many encounters went."""
        cutoff = (datetime.now(UTC) - timedelta(days=older_than_days)).isoformat(timespec="seconds")
        async with self._write_lock:
            try:
                await self._db.execute(SQL_PURGE_HISTORY, (cutoff,))
                cur = await self._db.execute(SQL_PURGE_ENCOUNTERS, (cutoff,))
                await self._db.commit()
            except BaseException:
                await self._db.rollback()
                raise
        return int(cur.rowcount or 0)

    async def archived_encounters(self, channel_id: str, limit: int = 5) -> list[StoredEncounter]:
        async with self._db.execute(SQL_ARCHIVED, (channel_id, limit)) as cur:
            rows = await cur.fetchall()
        return [StoredEncounter(int(r[0]), from_json(json.loads(r[1])), str(r[1])) for r in rows]

    async def board_message(self, encounter_id: int) -> str | None:
        async with self._db.execute(SQL_GET_BOARD_MESSAGE, (encounter_id,)) as cur:
            row = await cur.fetchone()
        return str(row[0]) if row and row[0] is not None else None

    async def last_board_message(self, channel_id: str) -> tuple[int, str] | None:
        """The board message of the channel's last ended encounter still showing one."""
        async with self._db.execute(SQL_LAST_BOARD_MESSAGE, (channel_id,)) as cur:
            row = await cur.fetchone()
        return (int(row[0]), str(row[1])) if row else None

    async def set_board_message(self, encounter_id: int, message_id: str | None) -> None:
        async with self._write_lock:
            await self._db.execute(SQL_BOARD_MESSAGE, (message_id, encounter_id))
            await self._db.commit()

    # ------------------------------------------------------------------- meta

    async def get_meta(self, key: str) -> str | None:
        async with self._db.execute(SQL_GET_META, (key,)) as cur:
            row = await cur.fetchone()
        return str(row[0]) if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self._write_lock:
            await self._db.execute(SQL_SET_META, (key, value))
            await self._db.commit()
