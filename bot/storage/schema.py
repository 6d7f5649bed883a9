"""The schema (numbered migrations) and every query, written once for both databases.

Queries use ``?`` placeholders; the PostgreSQL backend numbers them (``$1``...). The
few places where SQLite and PostgreSQL spell something differently (an
auto-numbered key, reading a field of the JSON state, locking a row) go through
:class:`Dialect`, so a migration or a query is never written twice.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

# An auto-numbered key: ``{id_pk}`` in a migration.
ID_PK = "{id_pk}"

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
        id                 {id_pk},
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
        id            {id_pk},
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
    # 5: settings per server (its default ruleset, the role whose members are GMs, when
    # the bot left it, for the purge after a grace period); the server a channel and an
    # encounter belong to; the units a channel reads distances in
    """
    CREATE TABLE guild_settings (
        guild_id    TEXT PRIMARY KEY,
        ruleset     TEXT,
        gm_role_id  TEXT,
        left_at     TEXT,
        updated_by  TEXT,
        updated_at  TEXT
    );
    ALTER TABLE channel_settings ADD COLUMN guild_id TEXT;
    ALTER TABLE channel_settings ADD COLUMN units TEXT;
    ALTER TABLE encounters ADD COLUMN guild_id TEXT;
    """,
    # 6: scenes, boards a GM saved in a channel to load later (/encounter save|load)
    """
    CREATE TABLE scenes (
        channel_id  TEXT NOT NULL,
        name        TEXT NOT NULL,
        state       TEXT NOT NULL,
        saved_by    TEXT NOT NULL,
        saved_at    TEXT NOT NULL,
        PRIMARY KEY (channel_id, name)
    );
    """,
    # 7: map images under the grid (/map background), prepared (cut to the grid and
    # scaled) and kept per channel by their digest, as base64 JPEG text (one column type
    # for both databases); the encounter's state names the one it shows
    """
    CREATE TABLE backgrounds (
        channel_id     TEXT NOT NULL,
        digest         TEXT NOT NULL,
        image          TEXT NOT NULL,
        px_per_square  INTEGER NOT NULL,
        saved_by       TEXT NOT NULL,
        saved_at       TEXT NOT NULL,
        PRIMARY KEY (channel_id, digest)
    );
    """,
    # 8: turn pings: whether a turn's start mentions its token's owner in this channel
    # (NULL: on), how long a turn may sit before its owner is reminded (NULL: never),
    # and the reminders due, one per channel (the turn it is for, and when)
    """
    ALTER TABLE channel_settings ADD COLUMN turn_pings TEXT;
    ALTER TABLE channel_settings ADD COLUMN remind_after_s INTEGER;
    CREATE TABLE turn_reminders (
        channel_id  TEXT PRIMARY KEY,
        user_id     TEXT NOT NULL,
        token       TEXT NOT NULL,
        round       INTEGER NOT NULL,
        due_at      BIGINT NOT NULL
    );
    CREATE INDEX turn_reminders_due ON turn_reminders (due_at);
    """,
)

# Every table, in an order that satisfies the foreign keys (for copying a database),
# with its columns as of the latest migration.
TABLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("meta", ("key", "value")),
    (
        "guild_settings",
        ("guild_id", "ruleset", "gm_role_id", "left_at", "updated_by", "updated_at"),
    ),
    (
        "channel_settings",
        (
            "channel_id",
            "ruleset",
            "notice_shown",
            "updated_by",
            "updated_at",
            "diagonals",
            "guild_id",
            "units",
            "turn_pings",
            "remind_after_s",
        ),
    ),
    (
        "encounters",
        (
            "id",
            "channel_id",
            "status",
            "state",
            "created_by",
            "created_at",
            "ended_by",
            "ended_at",
            "board_message_id",
            "version",
            "guild_id",
        ),
    ),
    (
        "history",
        (
            "id",
            "channel_id",
            "encounter_id",
            "user_id",
            "command",
            "summary",
            "before_state",
            "before_status",
            "created_at",
        ),
    ),
    ("scenes", ("channel_id", "name", "state", "saved_by", "saved_at")),
    (
        "backgrounds",
        ("channel_id", "digest", "image", "px_per_square", "saved_by", "saved_at"),
    ),
    ("turn_reminders", ("channel_id", "user_id", "token", "round", "due_at")),
)


# Each table's unique key, which pages through it (a table not named here is keyed by
# its first column): paging by a column that isn't unique skips the rows that share
# its value at a page's end.
TABLE_KEYS: dict[str, tuple[str, ...]] = {
    "scenes": ("channel_id", "name"),
    "backgrounds": ("channel_id", "digest"),
}


def table_key(table: str, columns: tuple[str, ...]) -> tuple[str, ...]:
    return TABLE_KEYS.get(table, columns[:1])


@dataclass(frozen=True)
class Dialect:
    name: str
    id_pk: str  # an auto-numbered integer primary key
    json_template: str  # read a top-level field of a JSON text column
    lock_row_suffix: str  # appended to a SELECT to lock the rows it reads ("" : none)

    def json_field(self, column: str, key: str) -> str:
        return self.json_template.format(column=column, key=key)

    def migration(self, script: str) -> list[str]:
        """A migration's statements in this dialect, one by one."""
        return statements(script.replace(ID_PK, self.id_pk))


SQLITE = Dialect(
    name="sqlite",
    id_pk="INTEGER PRIMARY KEY",
    json_template="json_extract({column}, '$.{key}')",
    # one writer at a time: BEGIN IMMEDIATE already locks the whole database
    lock_row_suffix="",
)
POSTGRES = Dialect(
    name="postgresql",
    id_pk="BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
    json_template="({column}::json ->> '{key}')",
    lock_row_suffix=" FOR UPDATE",
)


def statements(script: str) -> list[str]:
    """A script's statements, one by one (``executescript`` would commit)."""
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


SQL_SCENE_INSERT = """
    INSERT INTO scenes (channel_id, name, state, saved_by, saved_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (channel_id, name) DO NOTHING
"""
SQL_SCENE_REPLACE = """
    INSERT INTO scenes (channel_id, name, state, saved_by, saved_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (channel_id, name) DO UPDATE SET
        state = excluded.state, saved_by = excluded.saved_by, saved_at = excluded.saved_at
"""
SQL_SCENE_GET = "SELECT state, saved_by, saved_at FROM scenes WHERE channel_id = ? AND name = ?"
SQL_SCENE_LIST = (
    "SELECT name, saved_by, saved_at FROM scenes WHERE channel_id = ? ORDER BY name LIMIT ?"
)
SQL_SCENE_COUNT = "SELECT COUNT(*) FROM scenes WHERE channel_id = ?"
SQL_SCENE_DELETE = "DELETE FROM scenes WHERE channel_id = ? AND name = ?"
SQL_BACKGROUND_PUT = """
    INSERT INTO backgrounds (channel_id, digest, image, px_per_square, saved_by, saved_at)
    VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (channel_id, digest) DO UPDATE SET saved_at = excluded.saved_at
"""
SQL_BACKGROUND_GET = (
    "SELECT image, px_per_square FROM backgrounds WHERE channel_id = ? AND digest = ?"
)
# the newest few a channel keeps (older ones are what earlier boards and scenes showed)
SQL_BACKGROUND_TRIM = """
    DELETE FROM backgrounds WHERE channel_id = ? AND digest NOT IN (
        SELECT digest FROM backgrounds WHERE channel_id = ?
        ORDER BY saved_at DESC, digest LIMIT ?
    )
"""
SQL_GET_TURN_PINGS = "SELECT turn_pings FROM channel_settings WHERE channel_id = ?"
SQL_SET_TURN_PINGS = """
    INSERT INTO channel_settings (channel_id, turn_pings, notice_shown) VALUES (?, ?, 0)
    ON CONFLICT (channel_id) DO UPDATE SET turn_pings = excluded.turn_pings
"""
SQL_GET_REMIND_AFTER = "SELECT remind_after_s FROM channel_settings WHERE channel_id = ?"
SQL_SET_REMIND_AFTER = """
    INSERT INTO channel_settings (channel_id, remind_after_s, notice_shown) VALUES (?, ?, 0)
    ON CONFLICT (channel_id) DO UPDATE SET remind_after_s = excluded.remind_after_s
"""
SQL_SET_REMINDER = """
    INSERT INTO turn_reminders (channel_id, user_id, token, round, due_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (channel_id) DO UPDATE SET user_id = excluded.user_id,
        token = excluded.token, round = excluded.round, due_at = excluded.due_at
"""
SQL_CLEAR_REMINDER = "DELETE FROM turn_reminders WHERE channel_id = ?"
SQL_DUE_REMINDERS = """
    SELECT channel_id, user_id, token, round, due_at FROM turn_reminders
    WHERE due_at <= ? ORDER BY due_at LIMIT ?
"""
SQL_MOVE_REMINDER = "UPDATE turn_reminders SET due_at = ? WHERE channel_id = ? AND due_at = ?"
SQL_TAKE_REMINDER = "DELETE FROM turn_reminders WHERE channel_id = ? AND due_at = ?"
SQL_GET_UNITS = "SELECT units FROM channel_settings WHERE channel_id = ?"
# what every command's reply reads (the units, the GM's waiting notes): one query
SQL_COMMAND_READS = """
    SELECT (SELECT units FROM channel_settings WHERE channel_id = ?),
           (SELECT value FROM meta WHERE key = ?)
"""
SQL_SET_UNITS = """
    INSERT INTO channel_settings (channel_id, units, notice_shown) VALUES (?, ?, 0)
    ON CONFLICT (channel_id) DO UPDATE SET units = excluded.units
"""
SQL_GET_GUILD = "SELECT ruleset, gm_role_id FROM guild_settings WHERE guild_id = ?"
SQL_SET_GUILD_RULESET = """
    INSERT INTO guild_settings (guild_id, ruleset, updated_by, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (guild_id) DO UPDATE SET
        ruleset = excluded.ruleset,
        updated_by = excluded.updated_by, updated_at = excluded.updated_at
"""
SQL_SET_GUILD_GM_ROLE = """
    INSERT INTO guild_settings (guild_id, gm_role_id, updated_by, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (guild_id) DO UPDATE SET
        gm_role_id = excluded.gm_role_id,
        updated_by = excluded.updated_by, updated_at = excluded.updated_at
"""
SQL_SET_CHANNEL_GUILD = "UPDATE channel_settings SET guild_id = ? WHERE channel_id = ?"
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
    ON CONFLICT (channel_id) DO UPDATE SET notice_shown = 1
    WHERE channel_settings.notice_shown = 0
"""
# The running encounter; its state only when it isn't the version (id, version) the
# caller already holds decoded (the state is then NULL): one round trip either way.
SQL_ACTIVE = """
    SELECT id, version, CASE WHEN id = ? AND version = ? THEN NULL ELSE state END
    FROM encounters WHERE channel_id = ? AND status = 'active'
"""
SQL_ACTIVE_RULESET = "SELECT {ruleset} FROM encounters WHERE channel_id = ? AND status = 'active'"
SQL_ENCOUNTER_GM = "SELECT {gm_id} FROM encounters WHERE id = ?"
SQL_INSERT_ENCOUNTER = """
    INSERT INTO encounters (channel_id, status, state, created_by, created_at, guild_id)
    VALUES (?, 'active', ?, ?, ?, ?) RETURNING id
"""
SQL_DELETE_ENCOUNTER_HISTORY = "DELETE FROM history WHERE encounter_id = ?"
SQL_DELETE_ENCOUNTER = "DELETE FROM encounters WHERE id = ? AND version = ? AND status = 'active'"
SQL_GUILD_LEFT = """
    INSERT INTO guild_settings (guild_id, left_at) VALUES (?, ?)
    ON CONFLICT (guild_id) DO UPDATE SET left_at = excluded.left_at
"""
SQL_GUILDS_GONE = "SELECT guild_id FROM guild_settings WHERE left_at IS NOT NULL AND left_at < ?"
SQL_GUILD_CHANNELS = """
    SELECT channel_id FROM encounters WHERE guild_id = ?
    UNION SELECT channel_id FROM channel_settings WHERE guild_id = ?
"""
SQL_PURGE_CHANNEL_HISTORY = "DELETE FROM history WHERE channel_id = ?"
SQL_PURGE_CHANNEL_ENCOUNTERS = "DELETE FROM encounters WHERE channel_id = ?"
SQL_PURGE_CHANNEL_SCENES = "DELETE FROM scenes WHERE channel_id = ?"
SQL_PURGE_CHANNEL_BACKGROUNDS = "DELETE FROM backgrounds WHERE channel_id = ?"
SQL_PURGE_CHANNEL_SETTINGS = "DELETE FROM channel_settings WHERE channel_id = ?"
SQL_PURGE_CHANNEL_REMINDERS = "DELETE FROM turn_reminders WHERE channel_id = ?"
SQL_PURGE_GUILD = "DELETE FROM guild_settings WHERE guild_id = ?"
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
SQL_GET_META = "SELECT value FROM meta WHERE key = ?"
# a meta row to lock before its read-modify-write (an empty value: "nothing yet")
SQL_ENSURE_META = "INSERT INTO meta (key, value) VALUES (?, '') ON CONFLICT (key) DO NOTHING"
SQL_SET_META = """
    INSERT INTO meta (key, value) VALUES (?, ?)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value
"""
