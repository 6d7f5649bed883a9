"""Settings from the environment, with ``.env`` as a fallback (never overriding)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

DEFAULT_DB = "./stride.db"

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite:///"


@dataclass(frozen=True)
class DatabaseUrl:
    """Which database ``STRIDE_DB`` names: a SQLite file (a path or ``sqlite:///path``,
    four slashes for an absolute one) or a PostgreSQL server (``postgresql://...``)."""

    kind: Literal["sqlite", "postgresql"]
    target: str  # the file's path, or the PostgreSQL connection URL

    @classmethod
    def parse(cls, text: str) -> DatabaseUrl:
        text = text.strip()
        if text.startswith(POSTGRES_SCHEMES):
            return cls("postgresql", text)
        if text.startswith(SQLITE_SCHEME):
            path = text.removeprefix(SQLITE_SCHEME)
            if not path:
                raise ValueError("STRIDE_DB sqlite:/// names no file: write sqlite:///stride.db")
            return cls("sqlite", path)
        scheme, sep, _ = text.partition("://")
        if sep and scheme.isascii() and scheme.replace("+", "").isalpha():
            raise ValueError(
                f"STRIDE_DB names a {scheme}:// database; Stride uses a SQLite file "
                "(a path or sqlite:///path) or PostgreSQL (postgresql://user@host/db)."
            )
        if not text:
            raise ValueError("STRIDE_DB is empty: give a file path or postgresql://... URL")
        return cls("sqlite", text)

    def shown(self) -> str:
        """For messages and logs: the URL without its password."""
        if self.kind == "sqlite":
            return self.target
        return redact(self.target)


def redact(url: str) -> str:
    """``postgresql://user:secret@host/db`` -> ``postgresql://user:***@host/db``."""
    scheme, sep, rest = url.partition("://")
    credentials, at, host = rest.rpartition("@")
    if not sep or not at or ":" not in credentials:
        return url
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user}:***@{host}"


def load_dotenv(path: Path = Path(".env")) -> None:
    """Read KEY=value lines into the environment where the key is not already set."""
    if not path.is_file():
        return
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key = key.strip().removeprefix("export ").strip()
        value = value.strip().strip('"').strip("'")
        if key and key not in os.environ:
            os.environ[key] = value


@dataclass(frozen=True)
class Settings:
    discord_token: str | None
    dev_guild_id: int | None
    db_path: str
    log_level: str
    # Ended encounters (and their history) are kept this many days, then purged.
    retention_days: int = 90
    # Sharding (STRIDE_SHARD_COUNT, STRIDE_SHARD_IDS): None, None runs one unsharded
    # bot; sharded with shard_count None lets Discord say how many shards.
    sharded: bool = False
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None  # this process's shards (None: all)
    # The health and metrics endpoint (STRIDE_HEALTH_PORT, STRIDE_HEALTH_HOST): off
    # (None) unless a port is given.
    health_port: int | None = None
    health_host: str = "127.0.0.1"
    # A server's data is deleted this many days after the bot leaves it.
    guild_grace_days: int = 30
    # The worker threads (bot/work.py): board work (path searches, pictures, threats,
    # flanks) on ``board_workers`` threads, at most ``channel_board_jobs`` of them on
    # one channel; calculators on ``light_workers`` of their own; past
    # ``channel_commands`` commands in progress, a channel is told it is busy.
    board_workers: int = 3
    light_workers: int = 2
    channel_board_jobs: int = 1
    channel_commands: int = 32
    # The live board's pages (issue 39), served by the health endpoint's server (the
    # bot) or by `python -m bot serve`: the address players open (STRIDE_PUBLIC_URL;
    # None: this server's own address) and the secret links are signed with
    # (STRIDE_WEB_SECRET; None: one made once and kept in the database)
    public_url: str | None = None
    web_secret: str | None = None

    @classmethod
    def from_env(cls) -> Settings:
        """The settings; ``ValueError`` saying what to fix when one can't be read."""
        load_dotenv()
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        sharded, shard_count, shard_ids = _shards(
            os.environ.get("STRIDE_SHARD_COUNT", ""), os.environ.get("STRIDE_SHARD_IDS", "")
        )
        return cls(
            discord_token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            dev_guild_id=int(guild) if guild.isdigit() else None,
            db_path=os.environ.get("STRIDE_DB", "").strip() or DEFAULT_DB,
            log_level=os.environ.get("STRIDE_LOG_LEVEL", "INFO").strip().upper() or "INFO",
            retention_days=_days(os.environ.get("STRIDE_RETENTION_DAYS", "")),
            sharded=sharded,
            shard_count=shard_count,
            shard_ids=shard_ids,
            health_port=_port(os.environ.get("STRIDE_HEALTH_PORT", "")),
            health_host=os.environ.get("STRIDE_HEALTH_HOST", "").strip() or "127.0.0.1",
            guild_grace_days=_days(os.environ.get("STRIDE_GUILD_GRACE_DAYS", ""), default=30),
            board_workers=_count("STRIDE_BOARD_WORKERS", 3),
            light_workers=_count("STRIDE_LIGHT_WORKERS", 2),
            channel_board_jobs=_count("STRIDE_CHANNEL_BOARD_JOBS", 1),
            channel_commands=_count("STRIDE_CHANNEL_COMMANDS", 32),
            public_url=_url(os.environ.get("STRIDE_PUBLIC_URL", "")),
            web_secret=os.environ.get("STRIDE_WEB_SECRET", "").strip() or None,
        )

    def pages_url(self, host: str | None = None, port: int | None = None) -> str | None:
        """Where the live board's links point: STRIDE_PUBLIC_URL, else the address the
        pages are served on (None: not served)."""
        if self.public_url is not None:
            return self.public_url
        port = port if port is not None else self.health_port
        if port is None:
            return None
        host = host or self.health_host
        return f"http://{'127.0.0.1' if host in ('0.0.0.0', '::', '') else host}:{port}"

    @property
    def syncs_commands(self) -> bool:
        """Whether this process syncs the slash commands: of a cluster's processes, only
        the one that owns shard 0, so a deployment syncs once."""
        return self.shard_ids is None or 0 in self.shard_ids


def _url(text: str) -> str | None:
    """STRIDE_PUBLIC_URL: an http(s) address, without its trailing slash."""
    text = text.strip().rstrip("/")
    if not text:
        return None
    if not text.startswith(("http://", "https://")) or " " in text:
        raise ValueError(
            f'STRIDE_PUBLIC_URL "{text}" is not an address: give the one players open, '
            "e.g. https://stride.example.com (behind your reverse proxy)."
        )
    return text


def _port(text: str) -> int | None:
    """STRIDE_HEALTH_PORT: a TCP port, 1 to 65535; unset or empty leaves the endpoint off."""
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise ValueError(
            f"STRIDE_HEALTH_PORT must be a port number from 1 to 65535, not {text!r} "
            "(leave it unset to keep the health endpoint off)."
        )
    return int(text)


def _count(name: str, default: int) -> int:
    """A pool's size or a per-channel limit (STRIDE_BOARD_WORKERS...): a whole number, at
    least 1; ``default`` when unset or empty."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"{name} must be a whole number, at least 1, not {text!r}.")
    return int(text)


def _days(text: str, default: int = 90) -> int:
    """STRIDE_RETENTION_DAYS, STRIDE_GUILD_GRACE_DAYS: a whole number of days (at least
    1); ``default`` when unset or not a number."""
    text = text.strip()
    return max(1, int(text)) if text.isdigit() else default


Shards = tuple[bool, int | None, tuple[int, ...] | None]


def _shards(count_text: str, ids_text: str) -> Shards:
    """STRIDE_SHARD_COUNT (a number, or ``auto``: as many as Discord recommends) and
    STRIDE_SHARD_IDS (``0,1``: the shards this process runs; unset: all of them):
    whether to shard, how many shards, and which this process runs."""
    count_text, ids_text = count_text.strip().lower(), ids_text.strip()
    if not count_text:
        if ids_text:
            raise ValueError("STRIDE_SHARD_IDS needs STRIDE_SHARD_COUNT: how many shards in all.")
        return False, None, None
    if count_text == "auto":
        if ids_text:
            raise ValueError(
                "STRIDE_SHARD_IDS needs a number in STRIDE_SHARD_COUNT (not auto): every "
                "process of a cluster must agree on how many shards there are."
            )
        return True, None, None
    if not count_text.isdigit() or int(count_text) < 1:
        raise ValueError(f"STRIDE_SHARD_COUNT is {count_text!r}: write a number of shards or auto.")
    count = int(count_text)
    if not ids_text:
        return True, count, None
    parts = [p.strip() for p in ids_text.split(",") if p.strip()]
    if not parts or not all(p.isdigit() for p in parts):
        raise ValueError(f"STRIDE_SHARD_IDS is {ids_text!r}: write shard numbers, e.g. 0,1.")
    ids = tuple(sorted({int(p) for p in parts}))
    if ids[-1] >= count:
        raise ValueError(
            f"STRIDE_SHARD_IDS has shard {ids[-1]}, but shards are numbered 0 to {count - 1} "
            f"(STRIDE_SHARD_COUNT={count})."
        )
    return True, count, ids
