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
import base64
import logging
import sqlite3
from collections import OrderedDict
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.encounter import Encounter
from bot.errors import InvalidInput
from bot.schema.codec import dump_state as dump_state
from bot.storage import schema as q
from bot.storage.backend import Backend, Row, Session, open_backend
from bot.storage.errors import Conflict, DamagedBoard, DamagedState, StorageError, gm_ids_of
from bot.storage.patches import apply_patch, before_patch
from bot.storage.schema import MIGRATIONS
from bot.work import board as board_work

log = logging.getLogger(__name__)

# How many changes /undo can walk back in one channel.
HISTORY_DEPTH = 50
# How many channels' running encounters a process keeps decoded.
DECODED_CHANNELS = 512
# How many map images a channel keeps (/map background; its boards and scenes name them).
BACKGROUNDS_KEPT = 10


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def read_stored(text: str) -> Encounter:
    """A stored state, checked against the declared schema (``InvalidState`` if it
    fails). The schema loads the rules, so it is imported on the first read: a
    calculator that never reads a board doesn't pay for it."""
    from bot.schema.read import read_state

    return read_state(text)


# What the command running in this task has written so far: when it then fails, its
# answer says what was saved instead of "nothing was changed" (bot.errors).
_WRITES: ContextVar[list[str] | None] = ContextVar("stride_writes", default=None)


@contextmanager
def recording_writes() -> Iterator[list[str]]:
    """Collect, for the block (and the tasks it starts), a line per change written."""
    written: list[str] = []
    token = _WRITES.set(written)
    try:
        yield written
    finally:
        _WRITES.reset(token)


def _wrote(what: str) -> None:
    found = _WRITES.get()
    if found is not None:
        found.append(what)


# A state longer than this is read on the board pool, in the channel's turn (a big
# map's first read takes milliseconds); a small one costs less than the hop.
READ_IN_THREAD_CHARS = 16_384


async def _read(text: str) -> Encounter:
    if len(text) > READ_IN_THREAD_CHARS:
        return await board_work(read_stored, text)
    return read_stored(text)


async def _checked(text: str) -> Encounter:
    """The state about to be written, read back as the next load would read it:
    nothing the schema refuses is ever stored (``InvalidState`` names what is wrong:
    a change that would break the board is refused, and nothing is written)."""
    from bot.schema.read import InvalidState

    try:
        return await _read(text)
    except InvalidState as invalid:
        log.error("refused to store an invalid board: %s", invalid.message)
        raise InvalidState(invalid.problems, what="The board after that change") from None


@dataclass(frozen=True)
class StoredEncounter:
    id: int
    encounter: Encounter
    state_json: str  # the stored text: "changes nothing" is checked byte for byte
    version: int = 0  # bumped by every write: a write checks it is still the one read


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


@dataclass(frozen=True)
class Scene:
    """A board a channel keeps under a name (/encounter save), to load later."""

    name: str
    state_json: str
    saved_by: str
    saved_at: str


@dataclass(frozen=True)
class GuildSettings:
    """What a server sets for all its channels (/ruleset set scope:server, /settings)."""

    ruleset: str | None
    gm_role_id: str | None


class Store:
    """The bot's database. Open with ``await Store.open(path_or_url)``; close when done."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
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
    async def open(cls, target: str | Path) -> Store:
        """Open (creating and migrating as needed) the database ``target`` names: a
        path or ``sqlite:///path`` (SQLite), or ``postgresql://...``. One that can't be
        Stride's is a ``StorageError``, and no connection is left open."""
        try:
            backend = await open_backend(target)
        except ValueError as exc:
            raise StorageError(str(exc)) from exc
        try:
            await backend.migrate(MIGRATIONS)
        except BaseException:
            await backend.close()
            raise
        return cls(backend)

    @property
    def kind(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.backend.dialect.name

    async def close(self) -> None:
        await self.backend.close()

    async def schema_version(self) -> int:
        return await self.backend.schema_version()

    async def _one(self, sql: str, *args: object) -> Row | None:
        async with self.backend.reading() as session:
            return await session.fetchone(sql, *args)

    async def _write(self, sql: str, *args: object) -> int:
        async with self.backend.transaction() as session:
            return await session.execute(sql, *args)

    # ---------------------------------------------------------- channel rules

    async def channel_ruleset(self, channel_id: str) -> str | None:
        return (await self.channel_rules_state(channel_id))[0]

    async def channel_rules_state(self, channel_id: str) -> tuple[str | None, bool]:
        """The channel's ruleset (None: not set) and whether the default notice was shown."""
        row = await self._one(q.SQL_GET_RULESET, channel_id)
        if row is None:
            return None, False
        return (str(row[0]) if row[0] is not None else None), bool(row[1])

    async def set_channel_ruleset(
        self, channel_id: str, ruleset: str, user_id: str, guild_id: str | None = None
    ) -> None:
        async with self.backend.transaction() as session:
            await session.execute(q.SQL_SET_RULESET, channel_id, ruleset, user_id, _now())
            if guild_id is not None:
                await session.execute(q.SQL_SET_CHANNEL_GUILD, guild_id, channel_id)

    # ------------------------------------------------------------------ scenes

    async def save_scene(
        self, channel_id: str, name: str, state_json: str, user_id: str, *, replace: bool
    ) -> bool:
        """Keep a board under ``name`` in this channel; False (nothing written) when the
        name is taken and ``replace`` is not set."""
        sql = q.SQL_SCENE_REPLACE if replace else q.SQL_SCENE_INSERT
        saved = await self._write(sql, channel_id, name, state_json, user_id, _now()) > 0
        if saved:
            _wrote(f"saved the scene {name!r}")
        return saved

    async def scene(self, channel_id: str, name: str) -> Scene | None:
        row = await self._one(q.SQL_SCENE_GET, channel_id, name)
        if row is None:
            return None
        return Scene(name, str(row[0]), str(row[1]), str(row[2]))

    async def scenes(self, channel_id: str, limit: int = 100) -> list[Scene]:
        """The channel's scenes by name (their boards left out: ``state`` is "")."""
        async with self.backend.reading() as session:
            rows = await session.fetchall(q.SQL_SCENE_LIST, channel_id, limit)
        return [Scene(str(r[0]), "", str(r[1]), str(r[2])) for r in rows]

    async def scene_count(self, channel_id: str) -> int:
        row = await self._one(q.SQL_SCENE_COUNT, channel_id)
        return int(row[0]) if row else 0

    async def delete_scene(self, channel_id: str, name: str) -> bool:
        return await self._write(q.SQL_SCENE_DELETE, channel_id, name) > 0

    # ------------------------------------------------------------------ backgrounds

    async def save_background(
        self, channel_id: str, digest: str, jpeg: bytes, px_per_square: int, user_id: str
    ) -> None:
        """Keep a prepared map image for this channel (the same image twice is one row);
        the channel keeps its ``BACKGROUNDS_KEPT`` newest."""
        text = base64.b64encode(jpeg).decode("ascii")
        async with self.backend.transaction() as session:
            await session.execute(
                q.SQL_BACKGROUND_PUT,
                channel_id,
                digest,
                text,
                px_per_square,
                user_id,
                datetime.now(UTC).isoformat(),  # to the microsecond: the newest are kept
            )
            await session.execute(q.SQL_BACKGROUND_TRIM, channel_id, channel_id, BACKGROUNDS_KEPT)

    async def background(self, channel_id: str, digest: str) -> tuple[bytes, int] | None:
        """A stored map image (JPEG bytes) and its px per square; None when it's gone."""
        row = await self._one(q.SQL_BACKGROUND_GET, channel_id, digest)
        if row is None:
            return None
        return base64.b64decode(str(row[0])), int(row[1])

    async def channel_units(self, channel_id: str) -> str | None:
        """How this channel reads distances: feet (None), metres or squares."""
        row = await self._one(q.SQL_GET_UNITS, channel_id)
        return None if row is None or row[0] is None else str(row[0])

    async def set_channel_units(self, channel_id: str, units: str | None) -> None:
        await self._write(q.SQL_SET_UNITS, channel_id, units)

    # ------------------------------------------------------------ server rules

    async def guild_settings(self, guild_id: str) -> GuildSettings:
        """The server's default ruleset and GM role (None where not set)."""
        row = await self._one(q.SQL_GET_GUILD, guild_id)
        if row is None:
            return GuildSettings(None, None)
        return GuildSettings(
            str(row[0]) if row[0] is not None else None,
            str(row[1]) if row[1] is not None else None,
        )

    async def set_guild_ruleset(self, guild_id: str, ruleset: str | None, user_id: str) -> None:
        await self._write(q.SQL_SET_GUILD_RULESET, guild_id, ruleset, user_id, _now())

    async def set_guild_gm_role(self, guild_id: str, role_id: str | None, user_id: str) -> None:
        await self._write(q.SQL_SET_GUILD_GM_ROLE, guild_id, role_id, user_id, _now())

    async def set_channel_diagonals(self, channel_id: str, rule: str | None) -> None:
        """How diagonals count in the encounters this channel starts (None: the default)."""
        await self._write(q.SQL_SET_DIAGONALS, channel_id, rule)

    async def channel_diagonals(self, channel_id: str) -> str | None:
        row = await self._one(q.SQL_GET_DIAGONALS, channel_id)
        return None if row is None or row[0] is None else str(row[0])

    async def take_default_notice(self, channel_id: str) -> bool:
        """True the first time a channel without a ruleset gets a reply, then False."""
        return await self._write(q.SQL_TAKE_NOTICE, channel_id) > 0

    # ------------------------------------------------------------- encounters

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
            encounter = await _read(text)
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
        stored = StoredEncounter(int(row[0]), encounter, text, int(row[1]))
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
        await _checked(text)
        async with self.backend.transaction() as session:
            if replacing is not None:
                await self._end(session, channel_id, replacing, user_id, archive_summary)
            row = await session.fetchone(
                q.SQL_INSERT_ENCOUNTER, channel_id, text, user_id, _now(), guild_id
            )
            encounter_id = int(row[0]) if row else 0
            await _record(session, channel_id, encounter_id, user_id, "encounter start", summary)
        if replacing is not None:
            _wrote(archive_summary)
        _wrote(summary)
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
        text = state_json if state_json is not None else dump_state(after)
        decoded = await _checked(text)
        async with self.backend.transaction() as session:
            changed = await session.execute(q.SQL_UPDATE_ENCOUNTER, text, stored.id, stored.version)
            if changed != 1:
                raise Conflict
            await _record(
                session,
                channel_id,
                stored.id,
                user_id,
                command,
                summary,
                before_patch(stored.state_json, text),
                "active",
            )
        _wrote(summary)
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
        _wrote(summary)

    @staticmethod
    async def _end(
        session: Session,
        channel_id: str,
        stored: StoredEncounter | DamagedState,
        user_id: str,
        summary: str,
    ) -> None:
        changed = await session.execute(q.SQL_END, user_id, _now(), stored.id, stored.version)
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
                    q.SQL_SET_STATUS, "undone", change.user_id, _now(), change.encounter_id
                )
            else:
                restored = apply_patch(change.before_state, str(current[0]) if current else "{}")
                await session.execute(
                    q.SQL_RESTORE, restored, change.before_status, change.encounter_id
                )
            await session.execute(q.SQL_DELETE_HISTORY, change.id)
        _wrote(f"undid /{change.command} ({change.summary})")

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
        _wrote("deleted the encounter and its history")

    async def guild_left(self, guild_id: str, left: bool) -> None:
        """The bot left the server (its data goes after the grace period) or came back."""
        await self._write(q.SQL_GUILD_LEFT, guild_id, _now() if left else None)

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
                out.append(StoredEncounter(int(r[0]), read_stored(str(r[1])), str(r[1])))
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

    # ------------------------------------------------------------------- meta

    async def ping(self) -> None:
        """One trivial query: raises when the database can't be reached."""
        await self._one("SELECT 1")

    async def get_meta(self, key: str) -> str | None:
        row = await self._one(q.SQL_GET_META, key)
        return str(row[0]) if row else None

    async def set_meta(self, key: str, value: str) -> None:
        await self._write(q.SQL_SET_META, key, value)


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
    await session.execute(
        q.SQL_INSERT_HISTORY,
        channel_id,
        encounter_id,
        user_id,
        command,
        summary,
        before_state,
        before_status,
        _now(),
    )
    await session.execute(q.SQL_PRUNE_HISTORY, channel_id, channel_id, HISTORY_DEPTH)
