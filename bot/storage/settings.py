"""What channels and servers set (their ruleset, units, diagonals, GM role, the one-time
notice), the scenes and map images a channel keeps, and the bot's own notes (meta):
the store's part that isn't a running encounter."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from bot.storage import settings_queries as q
from bot.storage.backend import Backend, Row, Session, Write
from bot.storage.boards import wrote
from bot.storage.errors import Conflict
from bot.storage.records import GuildSettings, Scene, TurnReminder
from bot.user_ids import is_snowflake

if TYPE_CHECKING:
    from bot.schema.invariants import BoardRules

# The notes kept for a channel's GM (what players' moves found of hidden things, a board
# mended as it was read), by channel: a meta key holding a JSON list, each note a line
# (under HIDDEN_FOUND) or [heading, line]
GM_NOTES = "gm-notes:"
HIDDEN_FOUND = "Hidden things found"
MAX_GM_NOTES = 20


def with_note(held: str | None, line: str, heading: str = HIDDEN_FOUND) -> str:
    """The notes ``held`` with ``line`` added (the latest ``MAX_GM_NOTES`` kept)."""
    note: str | list[str] = line if heading == HIDDEN_FOUND else [heading, line]
    return json.dumps([*json.loads(held or "[]"), note][-MAX_GM_NOTES:])


def notes_in(held: str | None) -> list[tuple[str, str]]:
    """The notes ``held``, each as (heading, line)."""
    return [
        (HIDDEN_FOUND, str(note)) if isinstance(note, str) else (str(note[0]), str(note[1]))
        for note in json.loads(held or "[]")
    ]


# How many map images a channel keeps (/map background; its boards and scenes name them).
BACKGROUNDS_KEPT = 10


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class StoreBase:
    """The database a store's parts share, and the two ways they ask it one thing."""

    backend: Backend
    board_rules: BoardRules | None = None  # what boards are checked against (store.py)

    async def _one(self, sql: str, *args: object) -> Row | None:
        async with self.backend.reading() as session:
            return await session.fetchone(sql, *args)

    async def _write(self, sql: str, *args: object) -> int:
        async with self.backend.transaction() as session:
            return await session.execute(sql, *args)

    async def _swap(self, sql: str, *args: object) -> bool:
        """A compare-and-swap of one row, in one trip to the database: False when the
        row was not as expected (it changed, or is gone)."""
        try:
            await self.backend.write_all([Write(sql, args, changes_one=True)])
        except Conflict:
            return False
        return True


class SettingsStore(StoreBase):
    """Settings, scenes, map images and meta."""

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
            await session.execute(q.SQL_SET_RULESET, channel_id, ruleset, user_id, now())
            if guild_id is not None:
                await session.execute(q.SQL_SET_CHANNEL_GUILD, guild_id, channel_id)

    async def channel_guild(self, channel_id: str) -> str | None:
        """The server the channel was last seen in (an encounter started or a ruleset
        set there with one); None: never seen in one. The console asks it of a channel an
        option names (bot/console.py): it has no Discord to tell it."""
        row = await self._one(q.SQL_CHANNEL_GUILD, channel_id, channel_id)
        return None if row is None else str(row[0])

    # ------------------------------------------------------------------ scenes

    async def save_scene(
        self, channel_id: str, name: str, state_json: str, user_id: str, *, replace: bool
    ) -> bool:
        """Keep a board under ``name`` in this channel; False (nothing written) when the
        name is taken and ``replace`` is not set."""
        sql = q.SQL_SCENE_REPLACE if replace else q.SQL_SCENE_INSERT
        saved = await self._write(sql, channel_id, name, state_json, user_id, now()) > 0
        if saved:
            wrote(f"saved the scene {name!r}")
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

    async def turn_pings(self, channel_id: str) -> bool:
        """Whether a turn's start mentions its token's owner here (on unless turned off)."""
        row = await self._one(q.SQL_GET_TURN_PINGS, channel_id)
        return row is None or row[0] != "off"

    async def set_turn_pings(self, channel_id: str, on: bool) -> None:
        await self._write(q.SQL_SET_TURN_PINGS, channel_id, "on" if on else "off")

    async def remind_after_s(self, channel_id: str) -> int | None:
        """How long a turn may sit here before its owner is pinged again (None: never)."""
        row = await self._one(q.SQL_GET_REMIND_AFTER, channel_id)
        return None if row is None or row[0] is None else int(row[0])

    async def set_remind_after_s(self, channel_id: str, seconds: int | None) -> None:
        await self._write(q.SQL_SET_REMIND_AFTER, channel_id, seconds)

    # ------------------------------------------------------- turn reminders

    async def set_turn_reminder(self, reminder: TurnReminder) -> None:
        """The channel's one reminder: for this turn, due then (kept in the store, so a
        restart doesn't lose it), with the server the channel is in when known."""
        r = reminder
        await self._write(
            q.SQL_SET_REMINDER,
            r.channel_id,
            r.user_id,
            r.token,
            r.round,
            r.due_at,
            _server_number(r.guild_id),
        )

    async def clear_turn_reminder(self, channel_id: str) -> None:
        await self._write(q.SQL_CLEAR_REMINDER, channel_id)

    async def due_reminders(self, now_s: int, limit: int = 50) -> list[TurnReminder]:
        """The reminders due at ``now_s``, every shard's, oldest first."""
        async with self.backend.reading() as session:
            rows = await session.fetchall(q.SQL_DUE_REMINDERS, now_s, limit)
        return [_reminder(r) for r in rows]

    async def due_reminders_page(
        self,
        now_s: int,
        shard: tuple[int, int] | None,
        after: tuple[int, str] = (-1, ""),
        limit: int = 200,
    ) -> list[tuple[TurnReminder, int | None]]:
        """Up to ``limit`` reminders due at ``now_s`` after ``after`` (due time, channel),
        oldest first: those of the servers of ``shard`` (shard count, shard id), or with
        ``None`` those whose server isn't known (set before servers were kept); each with
        its channel's wait (``remind_after_s``; None: it no longer reminds)."""
        args: tuple[object, ...]
        if shard is None:
            sql, args = q.SQL_DUE_REMINDERS_UNROUTED, (now_s, *after, limit)
        else:
            sql, args = q.SQL_DUE_REMINDERS_OF_SHARD, (now_s, *after, *shard, limit)
        async with self.backend.reading() as session:
            rows = await session.fetchall(sql, *args)
        return [(_reminder(r), None if r[7] is None else int(r[7])) for r in rows]

    async def route_reminder(self, channel_id: str, guild_id: str) -> None:
        """The server a reminder's channel is in, learnt from Discord (the reminder was
        set before servers were kept, or without one): from now on only the process that
        runs its shard reads it."""
        server = _server_number(guild_id)
        if server is not None:
            await self._write(q.SQL_ROUTE_REMINDER, server, channel_id)

    async def take_reminder(self, reminder: TurnReminder, next_due_s: int | None) -> bool:
        """Claim a due reminder (moved to ``next_due_s``, or dropped): False when another
        process claimed it first or it changed meanwhile, so each is sent once."""
        r = reminder
        if next_due_s is None:
            return await self._swap(q.SQL_TAKE_REMINDER, r.channel_id, r.due_at)
        return await self._swap(q.SQL_MOVE_REMINDER, next_due_s, r.channel_id, r.due_at)

    async def reminder_sent(self, reminder: TurnReminder) -> None:
        """The reminder, as claimed (its next due time), was sent after failed tries:
        they are forgotten, so a later failure waits the shortest time again."""
        await self._write(q.SQL_REMINDER_SENT, reminder.channel_id, reminder.due_at)

    async def postpone_reminder(self, reminder: TurnReminder, due_s: int) -> bool:
        """Try a reminder again at ``due_s`` (counted as one more failed try); False when it
        changed meanwhile (another process took it, or a new turn replaced it)."""
        return await self._swap(
            q.SQL_POSTPONE_REMINDER, due_s, reminder.channel_id, reminder.due_at
        )

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
        await self._write(q.SQL_SET_GUILD_RULESET, guild_id, ruleset, user_id, now())

    async def set_guild_gm_role(self, guild_id: str, role_id: str | None, user_id: str) -> None:
        await self._write(q.SQL_SET_GUILD_GM_ROLE, guild_id, role_id, user_id, now())

    async def set_channel_diagonals(self, channel_id: str, rule: str | None) -> None:
        """How diagonals count in the encounters this channel starts (None: the default)."""
        await self._write(q.SQL_SET_DIAGONALS, channel_id, rule)

    async def channel_diagonals(self, channel_id: str) -> str | None:
        row = await self._one(q.SQL_GET_DIAGONALS, channel_id)
        return None if row is None or row[0] is None else str(row[0])

    async def take_default_notice(self, channel_id: str) -> bool:
        """True the first time a channel without a ruleset gets a reply, then False."""
        return await self._write(q.SQL_TAKE_NOTICE, channel_id) > 0

    # ------------------------------------------------------------------- meta

    async def ping(self) -> None:
        """One trivial query: raises when the database can't be reached."""
        await self._one("SELECT 1")

    async def command_reads(self, channel_id: str) -> tuple[str | None, bool]:
        """What every command's reply reads of the channel, in one trip to the store: its
        units (None: feet) and whether notes wait for its GM (``GM_NOTES``)."""
        row = await self._one(q.SQL_COMMAND_READS, channel_id, GM_NOTES + channel_id)
        units, notes = row if row is not None else (None, None)
        waiting = notes is not None and str(notes) not in ("", "[]")
        return (None if units is None else str(units)), waiting

    async def get_meta(self, key: str) -> str | None:
        row = await self._one(q.SQL_GET_META, key)
        return str(row[0]) if row else None

    async def set_meta(self, key: str, value: str) -> None:
        await self._write(q.SQL_SET_META, key, value)

    async def update_meta(self, key: str, change: Callable[[str | None], str]) -> str | None:
        """Replace ``key``'s value by ``change(value)`` in one transaction, its row locked
        (several processes may append to one list), and return the value it replaced."""
        async with self.backend.transaction() as session:
            return await self.update_meta_in(session, key, change)

    async def update_meta_in(
        self, session: Session, key: str, change: Callable[[str | None], str]
    ) -> str | None:
        """``update_meta`` inside the caller's transaction (``session``)."""
        await session.execute(q.SQL_ENSURE_META, key)
        row = await session.fetchone(q.SQL_GET_META + self.backend.dialect.lock_row_suffix, key)
        held = None if row is None or row[0] is None else str(row[0])
        await session.execute(q.SQL_SET_META, key, change(held))
        return held


def _server_number(guild_id: str | None) -> int | None:
    """A server id as stored (a BIGINT; 0: no server), or None (NULL) when it is not a
    Discord id (the console's made-up servers): such a reminder is routed once read."""
    if guild_id is None or not is_snowflake(guild_id) or int(guild_id) >= 2**63:
        return None
    return int(guild_id)


def _reminder(row: Row) -> TurnReminder:
    guild = None if row[5] is None else str(row[5])
    return TurnReminder(
        str(row[0]), str(row[1]), str(row[2]), int(row[3]), int(row[4]), guild, int(row[6])
    )
