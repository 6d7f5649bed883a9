"""The discord.py side of Stride: the bot, its cogs, and syncing commands only when they change.

Discord rate-limits command syncs and a global sync can take time to reach
every client, so the bot hashes its command definitions and syncs only when
the hash differs from the one stored after the last successful sync
(``python -m bot sync`` forces it).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import math
import pkgutil
import sys
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import cogs
from bot import work
from bot.config import Settings
from bot.discord.embeds import GENERIC_ERROR
from bot.discord.mover import MoverButton, MoverMenu
from bot.discord.reactions import ReactionButton
from bot.discord.reminders import remind_forever
from bot.discord.sending import NO_MENTIONS, send_error
from bot.discord.views import BoardButtons
from bot.discord.web_moves import discord_moves
from bot.errors import RulingError
from bot.handlers.upkeep import (
    close_store,
    mark_commands_synced,
    open_store,
    purge_ended,
    purge_left_servers,
    server_joined,
    server_left,
    store_answers,
    synced_commands,
)
from bot.health import HealthServer, watch_loop_lag
from bot.metrics import METRICS
from bot.storage import StorageError
from bot.web.server import LiveServer

if TYPE_CHECKING:
    from bot.storage import Store

log = logging.getLogger(__name__)

# The gateway's close code when a bot must shard.
SHARDING_REQUIRED = 4011

BAD_OPTION = (
    "Discord could not read one of the options as given. Check the ranges and "
    "choices the command shows, then try again."
)


def command_definitions_hash(
    tree: app_commands.CommandTree[Any], *, guild: discord.abc.Snowflake | None = None
) -> str:
    """A digest of what a sync would send for ``guild`` (``None``: the global commands).

    ``to_dict`` is exactly the payload discord.py uploads, so any change Discord
    would see (a name, a description, a range, a choice) changes the digest.
    """
    payloads = [command.to_dict(tree) for command in tree.get_commands(guild=guild)]
    payloads.sort(key=lambda p: (str(p.get("name")), int(p.get("type", 1))))
    encoded = json.dumps(payloads, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(encoded.encode("utf-8")).hexdigest()


def extension_names() -> list[str]:
    """Every module in the ``cogs`` package (``_private`` ones excepted), sorted."""
    return sorted(
        f"{cogs.__name__}.{module.name}"
        for module in pkgutil.iter_modules(cogs.__path__)
        if not module.name.startswith("_")
    )


class StartupError(Exception):
    """The bot can't start as configured; the message says what to change."""


class StrideTree(app_commands.CommandTree["StrideBot"]):
    async def on_error(
        self, interaction: discord.Interaction[StrideBot], error: app_commands.AppCommandError, /
    ) -> None:
        """The last resort: :func:`dispatch` already answers everything it runs.

        What lands here failed before a cog's body ran (Discord's value did not
        convert, a check failed) or escaped dispatch; the user still gets an
        answer instead of "The application did not respond".
        """
        original = getattr(error, "original", error)
        name = interaction.command.qualified_name if interaction.command else "?"
        if isinstance(original, RulingError):
            message = str(original)
        elif isinstance(error, app_commands.TransformerError):
            log.warning("/%s: option conversion failed: %s", name, error)
            message = BAD_OPTION
        else:
            log.error("/%s failed outside dispatch", name, exc_info=error)
            message = GENERIC_ERROR
        try:
            await send_error(interaction, message)
        except discord.HTTPException:
            log.exception("Could not tell the user that /%s failed", name)


class StrideBot(commands.Bot):
    def __init__(self, settings: Settings, *, force_sync: bool = False, **options: Any) -> None:
        super().__init__(
            # Slash commands only: no message content, no privileged intents.
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=discord.Intents.default(),
            tree_cls=StrideTree,
            allowed_mentions=NO_MENTIONS,
            **options,
        )
        self.settings = settings
        self.force_sync = force_sync
        self._store: Store | None = None
        self._lag_watch: asyncio.Task[None] | None = None
        self._reminders: asyncio.Task[None] | None = None
        self._health: HealthServer | None = None
        # the live board's pages (issue 39), served beside the health endpoint
        self._live: LiveServer | None = None
        self.pages_url = settings.pages_url() if settings.health_port is not None else None
        self.web_secret = settings.web_secret

    @property
    def store(self) -> Store:
        if self._store is None:
            raise RuntimeError("The store is opened in setup_hook; the bot is not set up yet.")
        return self._store

    async def setup_hook(self) -> None:
        work.configure(
            board_workers=self.settings.board_workers,
            per_channel=self.settings.channel_board_jobs,
            light_workers=self.settings.light_workers,
            commands_per_channel=self.settings.channel_commands,
        )
        self._store = await open_store(self.settings.db_path)
        self._lag_watch = asyncio.create_task(watch_loop_lag(METRICS), name="stride-loop-lag")
        # turns that sat too long ping their owners again (kept in the store)
        self._reminders = asyncio.create_task(
            remind_forever(self, lambda: self.store), name="stride-turn-reminders"
        )
        if self.settings.health_port is not None:
            self._live = LiveServer(
                lambda: self.store, discord_moves(self), secret=self.settings.web_secret
            )
            self._health = HealthServer(
                METRICS,
                self.readiness,
                host=self.settings.health_host,
                port=self.settings.health_port,
                refresh=self.record_shard_latencies,
                routes=self._live.add_routes,
            )
            await self._live.start()
            try:
                await self._health.start()
            except OSError as exc:
                raise StartupError(
                    f"The health endpoint can't listen on {self.settings.health_host}:"
                    f"{self.settings.health_port}: {exc.strerror or exc}. Choose another "
                    "STRIDE_HEALTH_PORT, or unset it."
                ) from exc
        purged = await purge_ended(self._store, self.settings.retention_days)
        if purged:
            log.info(
                "Purged %d encounter(s) ended over %d days ago",
                purged,
                self.settings.retention_days,
            )
        left = await purge_left_servers(self._store, self.settings.guild_grace_days)
        if left:
            log.info(
                "Deleted the data of %d server(s) left over %d days ago",
                left,
                self.settings.guild_grace_days,
            )
        names = extension_names()
        for name in names:
            await self.load_extension(name)
        log.info("Loaded %d extensions: %s", len(names), ", ".join(names))
        # the board message's buttons keep working after a restart
        self.add_view(BoardButtons())
        self.add_dynamic_items(MoverButton, MoverMenu)  # movers opened before a restart
        self.add_dynamic_items(ReactionButton)  # a move's opportunity attacks, likewise
        if self.settings.syncs_commands or self.force_sync:
            await self.sync_commands_if_changed(force=self.force_sync)
        else:
            log.info("Slash commands are synced by the process that runs shard 0; not here")

    async def sync_commands_if_changed(self, *, force: bool = False) -> bool:
        """Sync when the definitions changed since the last sync (or when forced)."""
        guild_id = self.settings.dev_guild_id
        guild = discord.Object(id=guild_id) if guild_id is not None else None
        if guild is not None:
            # Guild commands update at once, which is what development wants.
            self.tree.copy_global_to(guild=guild)
        scope = f"guild:{guild_id}" if guild is not None else "global"
        digest = command_definitions_hash(self.tree, guild=guild)
        stored = await synced_commands(self.store, scope)
        if stored == digest and not force:
            log.info("Slash commands unchanged (%s); not syncing", scope)
            return False
        try:
            synced = await self.tree.sync(guild=guild)
        except discord.HTTPException as exc:
            # Keep running with whatever Discord has; the old hash stays, so
            # the next start tries again.
            log.error(
                "Syncing slash commands (%s) failed: %s. For a dev guild, invite the bot "
                "with the applications.commands scope.",
                scope,
                exc,
            )
            return False
        await mark_commands_synced(self.store, scope, digest)
        reason = "forced" if force else "definitions changed"
        log.info("Synced %d slash commands (%s, %s)", len(synced), scope, reason)
        return True

    async def on_ready(self) -> None:
        log.info("Connected as %s to %d guilds", self.user, len(self.guilds))

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Left a server (kicked, or it was deleted): its data goes after the grace
        period (STRIDE_GUILD_GRACE_DAYS) unless the bot is invited back first."""
        await server_left(self.store, str(guild.id))
        log.info(
            "Left server %s; its data is deleted in %d days",
            guild.id,
            self.settings.guild_grace_days,
        )

    async def on_guild_join(self, guild: discord.Guild) -> None:
        await server_joined(self.store, str(guild.id))

    def gateway_problem(self) -> str:
        """Why this process's gateway connection isn't ready ("" when it is)."""
        if self.is_closed():
            return "the bot is shutting down"
        if not self.is_ready():
            return "the gateway is not connected yet"
        return ""

    async def readiness(self) -> tuple[bool, str]:
        """/readyz: every shard this process owns connected, and the store answering."""
        problem = self.gateway_problem()
        if problem:
            return False, problem
        if self._store is None:
            return False, "the store is not open"
        try:
            await store_answers(self._store)
        except Exception as exc:  # any failure to answer means not ready
            return False, f"the store does not answer: {type(exc).__name__}: {exc}"
        return True, "ok"

    def record_shard_latencies(self) -> None:
        """The gateway heartbeat latency, for /metrics (shard 0 when unsharded)."""
        if math.isfinite(self.latency):
            METRICS.shard_latency(0, self.latency)

    def board_changed(self, channel_id: str) -> None:
        """A command changed ``channel_id``'s board: its open live pages look now."""
        if self._live is not None:
            self._live.changed(channel_id)

    async def close(self) -> None:
        # Stop answering probes and taking events first, then close the database.
        if self._health is not None:
            await self._health.stop()
            self._health = None
        if self._live is not None:
            await self._live.stop()
            self._live = None
        for task in (self._lag_watch, self._reminders):
            if task is not None:
                task.cancel()
        self._lag_watch = self._reminders = None
        await super().close()
        if self._store is not None:
            await close_store(self._store)
            self._store = None


class ShardedStrideBot(StrideBot, commands.AutoShardedBot):
    """Stride over several gateway shards (``STRIDE_SHARD_COUNT``), all of them or the
    ``STRIDE_SHARD_IDS`` this process owns: Discord sends each process the events,
    interactions included, of its own shards' servers only, so each interaction is
    answered, and each channel's board message edited, by one process. The processes
    share the encounters through one database (PostgreSQL)."""

    async def on_shard_ready(self, shard_id: int) -> None:
        log.info("Shard %d ready", shard_id)

    def gateway_problem(self) -> str:
        """Every shard this process owns has its gateway connection open."""
        problem = super().gateway_problem()
        if problem:
            return problem
        owned = self.shard_ids if self.shard_ids is not None else range(self.shard_count or 1)
        down = [i for i in owned if i not in self.shards or self.shards[i].is_closed()]
        if down:
            return "shard " + ", ".join(map(str, down)) + " not connected"
        return ""

    def record_shard_latencies(self) -> None:
        for shard_id, latency in self.latencies:
            if math.isfinite(latency):
                METRICS.shard_latency(shard_id, latency)


def make_bot(settings: Settings, *, force_sync: bool = False) -> StrideBot:
    """The bot ``settings`` ask for: sharded or not."""
    if not settings.sharded:
        return StrideBot(settings, force_sync=force_sync)
    ids = list(settings.shard_ids) if settings.shard_ids is not None else None
    log.info(
        "Sharded: %s shards in all, running %s",
        settings.shard_count or "as many as Discord recommends",
        ", ".join(map(str, ids)) if ids is not None else "all of them",
    )
    return ShardedStrideBot(
        settings, force_sync=force_sync, shard_count=settings.shard_count, shard_ids=ids
    )


def run_bot(settings: Settings, *, force_sync: bool = False) -> int:
    """Run until stopped; 0 on a clean shutdown, 2 when Discord refuses the token."""
    if settings.discord_token is None:
        print("DISCORD_TOKEN is not set.", file=sys.stderr)
        return 2
    bot = make_bot(settings, force_sync=force_sync)
    try:
        # Logging is configured by bot.__main__; None stops discord.py adding its own.
        bot.run(settings.discord_token, log_handler=None)
    except discord.LoginFailure as exc:
        print(f"DISCORD_TOKEN was rejected by Discord: {exc}", file=sys.stderr)
        return 2
    except (StorageError, StartupError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except discord.ConnectionClosed as exc:
        if exc.code != SHARDING_REQUIRED:
            raise
        print(
            "Discord requires sharding for this many servers: set STRIDE_SHARD_COUNT=auto "
            "(or a number of shards; see docs/DEPLOY.md, Running at scale).",
            file=sys.stderr,
        )
        return 2
    return 0
