"""The schema (numbered migrations), written once for both databases; the queries are
``encounter_queries.py`` (store.py's) and ``settings_queries.py`` (settings.py's).

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
    # 9: the server a reminder's channel is in (a number: its shard is (id >> 22) % shard
    # count, so each process reads only its own shards' reminders; 0: no server; NULL:
    # set before this, learnt from the channel) and how many times in a row sending it
    # failed for a reason that may pass (its next try waits longer)
    """
    ALTER TABLE turn_reminders ADD COLUMN guild_id BIGINT;
    ALTER TABLE turn_reminders ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
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
    (
        "turn_reminders",
        ("channel_id", "user_id", "token", "round", "due_at", "guild_id", "attempts"),
    ),
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
    # a statement telling every process listening that a channel's board changed (its
    # one argument the channel), sent with the change: PostgreSQL's NOTIFY, delivered
    # on commit. "": none (SQLite: the live pages read the boards' versions instead)
    notify_board: str = ""

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
    notify_board="SELECT pg_notify('stride_boards', ?)",
)
BOARDS_CHANNEL = "stride_boards"  # what the live pages listen on (PostgreSQL)


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
