"""A loopback Discord: the REST API (``/api/v10/…``) and the Gateway websocket on 127.0.0.1.

It is as small as the bot allows and as strict as Discord where it matters to
the bot: JSON with ``Content-Type: application/json``, an interaction must be
acknowledged within 3 seconds of its INTERACTION_CREATE (later callbacks get
Discord's 404 "Unknown interaction"), one acknowledgement per interaction,
embed limits, ``attachment://`` names that match an uploaded file, and the
bot's own channel permissions for the messages it posts itself. Every request
and every gateway frame is recorded so tests assert on what went over the wire.

Faults are injected per request (:meth:`FakeDiscord.fail_next`) and per
connection (:meth:`FakeDiscord.close_gateway`, :meth:`reconnect`,
:meth:`invalid_session`). Gateway events sent while the bot is disconnected
stay in the session and are replayed on RESUME, as Discord does.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, ClassVar

from aiohttp import WSMsgType, web

API = "/api/v10"
DEADLINE_S = 3.0  # Discord's window for the first response to an interaction
DISCORD_EPOCH_MS = 1_420_070_400_000

# permission bits (https://discord.com/developers/docs/topics/permissions)
MANAGE_CHANNELS = 1 << 4
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_APPLICATION_COMMANDS = 1 << 31
SEND_MESSAGES_IN_THREADS = 1 << 38
MEMBER = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_APPLICATION_COMMANDS
    | SEND_MESSAGES_IN_THREADS
)
GM = MEMBER | MANAGE_CHANNELS
BOT = MEMBER

# option types (https://discord.com/developers/docs/interactions/application-commands)
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER = 1, 2, 3, 4, 5, 6
NUMBER = 10
GUILD_TEXT, DM, PUBLIC_THREAD = 0, 1, 11
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
EPHEMERAL = 1 << 6
ERROR_COLOUR = 0xC0392B  # the colour of Stride's refusals, as a user sees it


def _now_iso() -> str:
    return datetime.now(UTC).isoformat()


class Snowflakes:
    def __init__(self) -> None:
        self._counter = itertools.count(1)

    def __call__(self) -> str:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return str((ms << 22) | (next(self._counter) & 0x3FFFFF))


def user_payload(user_id: str, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {
        "id": user_id,
        "username": name.lower(),
        "discriminator": "0",
        "global_name": name,
        "avatar": None,
        "public_flags": 0,
        "bot": bot,
    }


@dataclass
class User:
    id: str
    name: str

    def payload(self) -> dict[str, Any]:
        return user_payload(self.id, self.name)


@dataclass
class Channel:
    id: str
    name: str
    type: int = GUILD_TEXT
    guild_id: str | None = None
    parent_id: str | None = None
    bot_denied: int = 0  # permissions an overwrite takes from the bot here
    recipient: User | None = None  # DMs

    @property
    def bot_permissions(self) -> int:
        return BOT & ~self.bot_denied

    def payload(self, bot_id: str) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "type": self.type, "name": self.name}
        if self.type == DM:
            assert self.recipient is not None
            return {
                "id": self.id,
                "type": DM,
                "last_message_id": None,
                "recipients": [self.recipient.payload()],
            }
        data.update(guild_id=self.guild_id, position=0, nsfw=False, rate_limit_per_user=0)
        data["permission_overwrites"] = (
            [{"id": bot_id, "type": 1, "allow": "0", "deny": str(self.bot_denied)}]
            if self.bot_denied
            else []
        )
        if self.type == PUBLIC_THREAD:
            data.update(
                parent_id=self.parent_id,
                owner_id=bot_id,
                member_count=2,
                message_count=0,
                thread_metadata={
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": _now_iso(),
                    "locked": False,
                },
            )
        else:
            data.update(topic=None, last_message_id=None, parent_id=None)
        return data


@dataclass
class Recorded:
    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    json: Any = field(repr=False)
    files: list[tuple[str, bytes, str]] = field(repr=False)  # (field name, content, filename)
    at: float = 0.0
    status: int = 0


@dataclass
class Answer:
    """One message-bearing response to an interaction: its JSON and its files."""

    kind: str  # "callback" | "followup" | "edit"
    body: dict[str, Any]
    files: list[tuple[str, bytes, str]]
    at: float

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.body.get("embeds") or [])

    @property
    def embed(self) -> dict[str, Any]:
        assert len(self.embeds) == 1, self.body
        return self.embeds[0]

    @property
    def title(self) -> str:
        """The reply's title: the embed's, or the bold first line of a plain-text reply
        (what the bot sends where it may not embed links)."""
        if self.embeds:
            return str(self.embeds[0].get("title") or "")
        first = str(self.body.get("content") or "").splitlines()[:1]
        return first[0].strip("*") if first else ""

    @property
    def ephemeral(self) -> bool:
        return bool(int(self.body.get("flags") or 0) & EPHEMERAL)

    @property
    def pngs(self) -> list[bytes]:
        return [content for _, content, name in self.files if name.endswith(".png")]


@dataclass
class Interaction:
    id: str
    token: str
    name: str
    channel_id: str
    user_id: str
    options: dict[str, Any]
    sent_at: float | None = None  # when INTERACTION_CREATE reached a live socket
    created_at: float = 0.0  # when Discord "created" it: the 3 s window starts here
    acked_at: float | None = None
    ack_type: int | None = None
    late_callbacks: int = 0
    message_id: str | None = None  # a component's: the message it sits under
    answers: list[Answer] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def answer(self) -> Answer:
        """The reply: the first message the user sees (after a defer, the first followup)."""
        assert self.answers, f"/{self.name} ({self.id}) has no answer"
        return self.answers[0]

    @property
    def latency(self) -> float:
        """Seconds from INTERACTION_CREATE to the first message."""
        assert self.answers
        return self.answers[0].at - self.created_at


@dataclass
class Session:
    id: str
    seq: int = 0
    frames: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Connection:
    ws: web.WebSocketResponse
    path: str
    session: Session | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    shard: int = 0

    async def send(self, frame: Mapping[str, Any]) -> None:
        async with self.lock:
            if not self.ws.closed:
                await self.ws.send_str(json.dumps(frame))


@dataclass
class Fault:
    method: str
    pattern: re.Pattern[str]
    status: int
    headers: dict[str, str]
    body: Any
    times: int


RECORDED = web.RequestKey("recorded", Recorded)


class FakeDiscord:
    """Discord on 127.0.0.1: ``await start()``, point discord.py at :attr:`api_base`
    and :attr:`gateway_url`, then drive the bot with :meth:`interact`."""

    def __init__(self, *, shards: int = 1) -> None:
        self.snowflake = Snowflakes()
        self.app_id = self.snowflake()
        self.bot_user = user_payload(self.app_id, "Stride", bot=True)
        self.owner = User(self.snowflake(), "Owner")
        self.users: dict[str, User] = {}  # the server's members new_user made
        # Sharding as Discord does it: /gateway/bot recommends ``shards``; each IDENTIFY
        # names its [shard, count]; a server's events, interactions included, go to the
        # connection of shard (guild_id >> 22) % count only.
        self.shard_count = shards
        self.guild_ids: list[str] = []
        self.guild_id = self.add_guild(shard=0)
        self.shard_sessions: dict[int, Session] = {}
        self.shard_live: dict[int, Connection] = {}
        self.shard_ready: dict[int, asyncio.Event] = {i: asyncio.Event() for i in range(shards)}
        self.delivered: dict[str, int] = {}  # interaction id -> shard it was sent to
        self.channels: dict[str, Channel] = {}
        self.requests: list[Recorded] = []
        self.gateway_log: list[tuple[str, str, dict[str, Any]]] = []  # (direction, path, frame)
        self.interactions: dict[str, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}
        self.messages: dict[str, dict[str, Any]] = {}  # channel messages the bot posted
        self.commands: dict[str, list[dict[str, Any]]] = {}  # scope -> synced payload
        self.syncs: list[tuple[str, list[dict[str, Any]]]] = []
        self.sessions: dict[str, Session] = {}
        self.session: Session | None = None
        self.live: Connection | None = None
        self.identifies = 0
        self.resumes = 0
        self.ready = asyncio.Event()  # set at READY/RESUMED, cleared when the socket drops
        self.faults: list[Fault] = []
        self.heartbeat_interval_ms = 41_250
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.add_channel("general")

    # ------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/resume", self._gateway)
        app.router.add_route("*", API + "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]

    async def stop(self) -> None:
        if self.live is not None:
            with contextlib.suppress(Exception):
                await self.live.ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def resume_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/resume"

    # ---------------------------------------------------------------- world

    def add_guild(self, *, shard: int = 0) -> str:
        """A new server whose id puts it on ``shard`` (ids are snowflakes: the shard is
        the timestamp part, ``id >> 22``, modulo the count)."""
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        while ms % self.shard_count != shard:
            ms += 1
        guild_id = str((ms << 22) | (len(self.guild_ids) + 1))
        self.guild_ids.append(guild_id)
        return guild_id

    def shard_of(self, guild_id: str | None) -> int:
        """The shard Discord sends a server's events to (DMs: shard 0)."""
        return 0 if guild_id is None else (int(guild_id) >> 22) % self.shard_count

    def add_channel(
        self,
        name: str,
        *,
        bot_denied: int = 0,
        thread_of: str | None = None,
        guild_id: str | None = None,
    ) -> Channel:
        channel = Channel(
            self.snowflake(),
            name,
            type=PUBLIC_THREAD if thread_of else GUILD_TEXT,
            guild_id=guild_id or self.guild_id,
            parent_id=thread_of,
            bot_denied=bot_denied,
        )
        self.channels[channel.id] = channel
        return channel

    def add_dm(self, user: User) -> Channel:
        channel = Channel(self.snowflake(), "", type=DM, recipient=user)
        self.channels[channel.id] = channel
        return channel

    @property
    def general(self) -> Channel:
        return next(iter(self.channels.values()))

    def new_user(self, name: str) -> User:
        user = User(self.snowflake(), name)
        self.users[user.id] = user  # a member of the server: GET .../members/{id} finds them
        return user

    def guild_payload(self, guild_id: str | None = None) -> dict[str, Any]:
        guild_id = guild_id or self.guild_id
        everyone = {
            "id": guild_id,
            "name": "@everyone",
            "permissions": str(MEMBER),
            "position": 0,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }
        in_guild = [c for c in self.channels.values() if c.guild_id == guild_id]
        return {
            "id": guild_id,
            "name": "Loopback Table",
            "icon": None,
            "owner_id": self.owner.id,
            "roles": [everyone],
            "emojis": [],
            "stickers": [],
            "features": [],
            "channels": [c.payload(self.app_id) for c in in_guild if c.type != PUBLIC_THREAD],
            "threads": [c.payload(self.app_id) for c in in_guild if c.type == PUBLIC_THREAD],
            "members": [self._member(self.bot_user, BOT, with_permissions=False)],
            "member_count": 3,
            "large": False,
            "unavailable": False,
            "joined_at": _now_iso(),
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "system_channel_id": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "nsfw_level": 0,
        }

    @staticmethod
    def _member(
        user: dict[str, Any], permissions: int, *, with_permissions: bool = True
    ) -> dict[str, Any]:
        member: dict[str, Any] = {
            "user": user,
            "roles": [],
            "nick": None,
            "avatar": None,
            "joined_at": _now_iso(),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_permissions:
            member["permissions"] = str(permissions)
        return member

    # --------------------------------------------------------------- faults

    def fail_next(
        self,
        method: str,
        path_pattern: str,
        status: int,
        *,
        body: Any = None,
        headers: Mapping[str, str] | None = None,
        times: int = 1,
    ) -> None:
        """Answer the next ``times`` requests matching with ``status`` instead."""
        self.faults.append(
            Fault(method, re.compile(path_pattern), status, dict(headers or {}), body, times)
        )

    def _fault_for(self, method: str, path: str) -> Fault | None:
        for fault in self.faults:
            if fault.times > 0 and fault.method == method and fault.pattern.search(path):
                fault.times -= 1
                return fault
        return None

    # ----------------------------------------------------------------- REST

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if not request.path.startswith(API):
            return await handler(request)  # type: ignore[no-any-return]
        loop = asyncio.get_running_loop()
        body: Any = None
        files: list[tuple[str, bytes, str]] = []
        if request.content_type == "multipart/form-data":
            form = await request.post()
            for key, value in form.items():
                if isinstance(value, web.FileField):
                    files.append((key, value.file.read(), value.filename))
                elif key == "payload_json":
                    body = json.loads(value if isinstance(value, str) else bytes(value))
        elif request.can_read_body:
            raw = await request.read()
            body = json.loads(raw) if raw else None
        recorded = Recorded(
            request.method,
            request.path[len(API) :],
            dict(request.query),
            dict(request.headers),
            body,
            files,
            loop.time(),
        )
        self.requests.append(recorded)
        request[RECORDED] = recorded
        fault = self._fault_for(request.method, recorded.path)
        if fault is not None:
            response: web.StreamResponse
            if isinstance(fault.body, str | bytes):
                response = web.Response(status=fault.status, body=fault.body, headers=fault.headers)
            else:
                response = _json(fault.body or {}, status=fault.status, headers=fault.headers)
        else:
            response = await handler(request)
        recorded.status = response.status
        return response

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        rec = request[RECORDED]
        if request.headers.get("Authorization", "").removeprefix("Bot ") == "" and not (
            rec.path.startswith(("/interactions/", "/webhooks/"))
        ):
            return _error(401, 0, "401: Unauthorized")
        method, path = rec.method, rec.path
        for pattern, route_method, handler in self._routes:
            match = pattern.fullmatch(path)
            if match and route_method == method:
                return await handler(self, rec, **match.groupdict())  # type: ignore[no-any-return]
        return _error(404, 0, f"404: Not Found ({method} {path})")

    async def _me(self, rec: Recorded) -> web.Response:
        return _json(self.bot_user)

    async def _guild_member(self, rec: Recorded, guild: str, user: str) -> web.Response:
        """A member of the server (a live page's move asks who its user is now)."""
        known = self.users.get(user) or (self.owner if user == self.owner.id else None)
        if guild != self.guild_id or known is None:
            return _error(404, 10007, "Unknown Member")
        return _json(self._member(known.payload(), MEMBER, with_permissions=False))

    async def _application(self, rec: Recorded) -> web.Response:
        return _json(
            {
                "id": self.app_id,
                "name": "Stride",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.owner.payload(),
                "verify_key": "0" * 64,
                "flags": 0,
                "team": None,
                "summary": "",
                "rpc_origins": [],
                "interactions_endpoint_url": None,
                "bot": self.bot_user,
            }
        )

    async def _gateway_bot(self, rec: Recorded) -> web.Response:
        return _json(
            {
                "url": self.gateway_url,
                "shards": self.shard_count,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 999,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    async def _sync(self, rec: Recorded, app: str, guild: str | None = None) -> web.Response:
        if app != self.app_id:
            return _error(403, 50001, "Missing Access")
        scope = f"guild:{guild}" if guild else "global"
        synced = [
            {
                **command,
                "id": self.snowflake(),
                "application_id": self.app_id,
                "version": self.snowflake(),
                **({"guild_id": guild} if guild else {}),
            }
            for command in rec.json
        ]
        self.commands[scope] = synced
        self.syncs.append((scope, rec.json))
        return _json(synced)

    async def _callback(self, rec: Recorded, interaction_id: str, token: str) -> web.Response:
        interaction = self.interactions.get(interaction_id)
        now = asyncio.get_running_loop().time()
        if interaction is None or interaction.token != token:
            return _error(404, 10062, "Unknown interaction")
        if now - interaction.created_at > DEADLINE_S:
            interaction.late_callbacks += 1
            interaction.changed.set()
            return _error(404, 10062, "Unknown interaction")
        if interaction.acked_at is not None:
            return _error(400, 40060, "Interaction has already been acknowledged.")
        kind = int(rec.json["type"])
        data = rec.json.get("data") or {}
        if kind in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            problem = _check_message(data, rec.files)
            if problem:
                return _error(400, 50035, problem)
        interaction.acked_at = now
        interaction.ack_type = kind
        message = None
        if kind == UPDATE_MESSAGE and interaction.message_id is not None:
            # a component's answer edits the message it sits under (a mover's press)
            message = self._message(
                interaction.channel_id,
                data,
                rec.files,
                interaction,
                message_id=interaction.message_id,
            )
            message["flags"] = self.messages[interaction.message_id]["flags"]
            self.messages[interaction.message_id] = message
            interaction.answers.append(Answer("callback", data, rec.files, now))
        elif kind == CHANNEL_MESSAGE:
            message = self._message(interaction.channel_id, data, rec.files, interaction)
            self.messages[message["id"]] = message  # its buttons may be pressed
            interaction.answers.append(Answer("callback", data, rec.files, now))
        interaction.changed.set()
        out: dict[str, Any] = {
            "interaction": {
                "id": interaction.id,
                "type": 2,
                "response_message_id": message["id"] if message else None,
                "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(int(data.get("flags") or 0) & EPHEMERAL),
            },
            "resource": {"type": kind, **({"message": message} if message else {})},
        }
        return _json(out)

    async def _followup(self, rec: Recorded, app: str, token: str) -> web.Response:
        interaction = self.by_token.get(token)
        if app != self.app_id or interaction is None or interaction.acked_at is None:
            return _error(404, 10015, "Unknown Webhook")
        problem = _check_message(rec.json or {}, rec.files)
        if problem:
            return _error(400, 50035, problem)
        now = asyncio.get_running_loop().time()
        interaction.answers.append(Answer("followup", rec.json or {}, rec.files, now))
        interaction.changed.set()
        message = self._message(interaction.channel_id, rec.json or {}, rec.files, interaction)
        if rec.query.get("wait") in ("1", "true", "True"):
            return _json(message)
        return web.Response(status=204)

    async def _edit_original(
        self, rec: Recorded, app: str, token: str, message_id: str
    ) -> web.Response:
        interaction = self.by_token.get(token)
        if app != self.app_id or interaction is None or interaction.acked_at is None:
            return _error(404, 10015, "Unknown Webhook")
        now = asyncio.get_running_loop().time()
        interaction.answers.append(Answer("edit", rec.json or {}, rec.files, now))
        interaction.changed.set()
        return _json(self._message(interaction.channel_id, rec.json or {}, rec.files, interaction))

    async def _post_message(self, rec: Recorded, channel_id: str) -> web.Response:
        channel = self.channels.get(channel_id)
        if channel is None:
            return _error(404, 10003, "Unknown Channel")
        problem = self._may_post(channel, rec.json or {}, rec.files)
        if problem:
            return _error(403, 50013, problem)
        check = _check_message(rec.json or {}, rec.files)
        if check:
            return _error(400, 50035, check)
        message = self._message(channel_id, rec.json or {}, rec.files, None)
        self.messages[message["id"]] = message
        return _json(message)

    async def _edit_message(self, rec: Recorded, channel_id: str, message_id: str) -> web.Response:
        old = self.messages.get(message_id)
        channel = self.channels.get(channel_id)
        if old is None or channel is None or old["channel_id"] != channel_id:
            return _error(404, 10008, "Unknown Message")
        problem = self._may_post(channel, rec.json or {}, rec.files)
        if problem:
            return _error(403, 50013, problem)
        message = self._message(channel_id, rec.json or {}, rec.files, None, message_id=message_id)
        message["edited_timestamp"] = _now_iso()
        self.messages[message_id] = message
        return _json(message)

    def _may_post(self, channel: Channel, body: Mapping[str, Any], files: list[Any]) -> str:
        """The bot's own messages need its channel permissions, as on Discord."""
        perms = channel.bot_permissions
        needed = SEND_MESSAGES_IN_THREADS if channel.type == PUBLIC_THREAD else SEND_MESSAGES
        if channel.type == DM:
            return ""
        if not perms & VIEW_CHANNEL or not perms & needed:
            return "Missing Permissions"
        if body.get("embeds") and not perms & EMBED_LINKS:
            return "Missing Permissions"
        if files and not perms & ATTACH_FILES:
            return "Missing Permissions"
        return ""

    def _message(
        self,
        channel_id: str,
        body: Mapping[str, Any],
        files: list[tuple[str, bytes, str]],
        interaction: Interaction | None,
        *,
        message_id: str | None = None,
    ) -> dict[str, Any]:
        attachments = [
            {
                "id": self.snowflake(),
                "filename": name,
                "size": len(content),
                "url": f"https://cdn.invalid/{name}",
                "proxy_url": f"https://cdn.invalid/{name}",
                "content_type": "image/png",
            }
            for _, content, name in files
        ]
        message: dict[str, Any] = {
            "id": message_id or self.snowflake(),
            "channel_id": channel_id,
            "author": self.bot_user,
            "content": body.get("content") or "",
            "timestamp": _now_iso(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": attachments,
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "pinned": False,
            "type": 20 if interaction else 0,
            "flags": int(body.get("flags") or 0),
        }
        if interaction is not None:
            message["application_id"] = self.app_id
            message["webhook_id"] = self.app_id
        channel = self.channels.get(channel_id)
        if channel is not None and channel.guild_id:
            message["guild_id"] = channel.guild_id
        return message

    _routes: ClassVar[list[tuple[re.Pattern[str], str, Any]]] = [
        (re.compile(r"/users/@me"), "GET", _me),
        (re.compile(r"/guilds/(?P<guild>\d+)/members/(?P<user>\d+)"), "GET", _guild_member),
        (re.compile(r"/oauth2/applications/@me"), "GET", _application),
        (re.compile(r"/applications/@me"), "GET", _application),
        (re.compile(r"/gateway/bot"), "GET", _gateway_bot),
        (re.compile(r"/gateway"), "GET", _gateway_bot),
        (re.compile(r"/applications/(?P<app>\d+)/commands"), "PUT", _sync),
        (re.compile(r"/applications/(?P<app>\d+)/guilds/(?P<guild>\d+)/commands"), "PUT", _sync),
        (re.compile(r"/interactions/(?P<interaction_id>\d+)/(?P<token>[^/]+)/callback"), "POST",
         _callback),
        (re.compile(r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)"), "POST", _followup),
        (re.compile(r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)/messages/(?P<message_id>@original|\d+)"),
         "PATCH", _edit_original),
        (re.compile(r"/channels/(?P<channel_id>\d+)/messages"), "POST", _post_message),
        (re.compile(r"/channels/(?P<channel_id>\d+)/messages/(?P<message_id>\d+)"), "PATCH",
         _edit_message),
    ]  # fmt: skip

    # -------------------------------------------------------------- gateway

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(ws, request.path)
        await self._send(conn, {"op": 10, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                self.gateway_log.append(("recv", conn.path, frame))
                op = frame.get("op")
                if op == 1:
                    await self._send(conn, {"op": 11})
                elif op == 2:
                    await self._identify(conn, frame["d"])
                elif op == 6:
                    await self._resume(conn, frame["d"])
        finally:
            if self.live is conn:
                self.live = None
                self.ready.clear()
            if self.shard_live.get(conn.shard) is conn:
                del self.shard_live[conn.shard]
                self.shard_ready[conn.shard].clear()
        return ws

    async def _send(self, conn: Connection, frame: Mapping[str, Any]) -> None:
        self.gateway_log.append(("send", conn.path, dict(frame)))
        await conn.send(frame)

    async def _identify(self, conn: Connection, data: Mapping[str, Any]) -> None:
        self.identifies += 1
        shard, count = data.get("shard") or [0, 1]
        assert count == self.shard_count, f"IDENTIFY: {count} shards; Discord: {self.shard_count}"
        session = Session(uuid.uuid4().hex)
        self.sessions[session.id] = session
        conn.session = session
        conn.shard = shard
        self.shard_sessions[shard] = session
        self.shard_live[shard] = conn
        if shard == 0:
            self.session = session
            self.live = conn
        guilds = [g for g in self.guild_ids if self.shard_of(g) == shard]
        await self.dispatch(
            "READY",
            {
                "v": 10,
                "user": self.bot_user,
                "guilds": [{"id": g, "unavailable": True} for g in guilds],
                "session_id": session.id,
                "resume_gateway_url": self.resume_url,
                "shard": [shard, count],
                "application": {"id": self.app_id, "flags": 0},
                "private_channels": [],
                "relationships": [],
                "user_settings": {},
                "presences": [],
                "guild_join_requests": [],
                "geo_ordered_rtc_regions": [],
            },
            shard=shard,
        )
        for guild in guilds:
            await self.dispatch("GUILD_CREATE", self.guild_payload(guild), shard=shard)
        self.shard_ready[shard].set()
        if shard == 0:
            self.ready.set()

    async def _resume(self, conn: Connection, data: Mapping[str, Any]) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or session is not self.session:
            await self._send(conn, {"op": 9, "d": False})
            return
        self.resumes += 1
        conn.session = session
        self.live = conn
        last = int(data.get("seq") or 0)
        for frame in session.frames:
            if frame["s"] > last:
                await self._send(conn, frame)
        await self.dispatch("RESUMED", {})
        self.ready.set()

    async def dispatch(self, event: str, data: Mapping[str, Any], *, shard: int = 0) -> None:
        """Send a DISPATCH in ``shard``'s current session, or keep it for the RESUME."""
        session = self.session if shard == 0 else self.shard_sessions.get(shard)
        assert session is not None, f"no gateway session on shard {shard} yet"
        session.seq += 1
        frame = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.frames.append(frame)
        conn = self.live if shard == 0 else self.shard_live.get(shard)
        if conn is not None and conn.session is session and not conn.ws.closed:
            await self._send(conn, frame)

    async def close_gateway(self, code: int) -> None:
        conn, self.live = self.live, None
        self.ready.clear()
        assert conn is not None, "the bot is not connected"
        await conn.ws.close(code=code)

    async def reconnect(self) -> None:
        """Opcode 7: the bot should drop the socket and RESUME."""
        conn, self.live = self.live, None
        self.ready.clear()
        assert conn is not None
        await self._send(conn, {"op": 7, "d": None})

    async def invalid_session(self) -> None:
        """Opcode 9, not resumable: the bot must IDENTIFY again; what was queued is lost."""
        conn, self.live = self.live, None
        self.ready.clear()
        assert conn is not None
        self.session = None
        await self._send(conn, {"op": 9, "d": False})

    async def wait_ready(self, timeout: float = 30.0) -> None:
        await asyncio.wait_for(self.ready.wait(), timeout)

    async def wait_shard(self, shard: int, timeout: float = 60.0) -> None:
        """Until ``shard``'s gateway session is up."""
        await asyncio.wait_for(self.shard_ready[shard].wait(), timeout)

    # ---------------------------------------------------------- interactions

    def command_spec(self, name: str) -> tuple[dict[str, Any], list[str]]:
        """The synced definition of ``name`` ("token add") and its path of names."""
        words = name.split()
        synced = self.commands.get(f"guild:{self.guild_id}") or self.commands.get("global") or []
        top = next((c for c in synced if c["name"] == words[0]), None)
        assert top is not None, f"/{words[0]} was never synced"
        node = top
        for word in words[1:]:
            node = next(o for o in node.get("options", []) if o["name"] == word)
        return top, words

    async def interact(
        self,
        name: str,
        options: Mapping[str, Any] | None = None,
        *,
        channel: Channel | None = None,
        user: User | None = None,
        permissions: int = GM,
        app_permissions: int | None = None,
        shard: int | None = None,
    ) -> Interaction:
        """Type ``/name`` with ``options`` in ``channel`` as ``user``: one INTERACTION_CREATE,
        sent to the shard that owns the channel's server (``shard`` overrides it: a
        misrouted event, as while shards move between processes)."""
        options = dict(options or {})
        channel = channel or self.general
        user = user or self.owner
        top, words = self.command_spec(name)
        node = top
        for word in words[1:]:
            node = next(o for o in node.get("options", []) if o["name"] == word)
        declared = {o["name"]: o for o in node.get("options", [])}
        resolved_users: dict[str, Any] = {}
        leaf: list[dict[str, Any]] = []
        for key, value in options.items():
            assert key in declared, f"/{name} has no option {key!r}"
            kind = declared[key]["type"]
            if kind == USER:
                assert isinstance(value, User)
                resolved_users[value.id] = value.payload()
                value = value.id
            leaf.append({"name": key, "type": kind, "value": value})
        nested: list[dict[str, Any]] = leaf
        for depth in range(len(words) - 1, 0, -1):
            kind = SUB_COMMAND if depth == len(words) - 1 else SUB_COMMAND_GROUP
            nested = [{"name": words[depth], "type": kind, "options": nested}]
        data: dict[str, Any] = {
            "id": top["id"],
            "name": top["name"],
            "type": 1,
            "options": nested,
        }
        if "guild_id" in top:
            data["guild_id"] = top["guild_id"]
        if resolved_users:
            data["resolved"] = {"users": resolved_users}
            if channel.guild_id:
                data["resolved"]["members"] = {
                    uid: {k: v for k, v in self._member(u, MEMBER).items() if k != "user"}
                    for uid, u in resolved_users.items()
                }
        interaction = Interaction(
            id=self.snowflake(),
            token=f"itk-{uuid.uuid4().hex}",
            name=name,
            channel_id=channel.id,
            user_id=user.id,
            options=options,
        )
        payload: dict[str, Any] = {
            "id": interaction.id,
            "application_id": self.app_id,
            "type": 2,
            "data": data,
            "channel_id": channel.id,
            "channel": channel.payload(self.app_id),
            "token": interaction.token,
            "version": 1,
            "locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": 25 * 1024 * 1024,
            "app_permissions": str(
                channel.bot_permissions if app_permissions is None else app_permissions
            ),
        }
        if channel.type == DM:
            payload["user"] = user.payload()
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"0": self.guild_id}
        else:
            guild_id = channel.guild_id or self.guild_id
            payload["guild_id"] = guild_id
            payload["guild_locale"] = "en-US"
            payload["guild"] = {"id": guild_id, "locale": "en-US", "features": []}
            payload["member"] = self._member(user.payload(), permissions)
            payload["context"] = 0
            payload["authorizing_integration_owners"] = {"0": guild_id}
        self.interactions[interaction.id] = interaction
        self.by_token[interaction.token] = interaction
        loop = asyncio.get_running_loop()
        interaction.created_at = loop.time()
        to = self.shard_of(channel.guild_id) if shard is None else shard
        self.delivered[interaction.id] = to
        await self.dispatch("INTERACTION_CREATE", payload, shard=to)
        if (self.live if to == 0 else self.shard_live.get(to)) is not None:
            interaction.sent_at = loop.time()
        return interaction

    async def press(
        self,
        message_id: str,
        custom_id: str,
        *,
        user: User | None = None,
        permissions: int = GM,
        values: list[str] | None = None,
    ) -> Interaction:
        """Press the button ``custom_id`` under the bot's message ``message_id`` (with
        ``values``: pick them in its select menu): one INTERACTION_CREATE of a message
        component, sent to the shard of its server."""
        message = self.messages[message_id]
        channel = self.channels[message["channel_id"]]
        user = user or self.owner
        guild_id = channel.guild_id or self.guild_id
        interaction = Interaction(
            id=self.snowflake(),
            token=f"itk-{uuid.uuid4().hex}",
            name=f"button:{custom_id}",
            channel_id=channel.id,
            user_id=user.id,
            options={},
            message_id=message_id,
        )
        component: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            component = {"custom_id": custom_id, "component_type": 3, "values": values}
        payload: dict[str, Any] = {
            "id": interaction.id,
            "application_id": self.app_id,
            "type": 3,
            "data": component,
            "message": message,
            "channel_id": channel.id,
            "channel": channel.payload(self.app_id),
            "token": interaction.token,
            "version": 1,
            "locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": 25 * 1024 * 1024,
            "app_permissions": str(channel.bot_permissions),
            "guild_id": guild_id,
            "guild_locale": "en-US",
            "guild": {"id": guild_id, "locale": "en-US", "features": []},
            "member": self._member(user.payload(), permissions),
            "context": 0,
            "authorizing_integration_owners": {"0": guild_id},
        }
        self.interactions[interaction.id] = interaction
        self.by_token[interaction.token] = interaction
        interaction.created_at = asyncio.get_running_loop().time()
        to = self.shard_of(channel.guild_id)
        self.delivered[interaction.id] = to
        await self.dispatch("INTERACTION_CREATE", payload, shard=to)
        return interaction

    async def answered(self, interaction: Interaction, timeout: float = 20.0) -> Answer:
        """Wait for the reply the user would see."""

        async def wait() -> None:
            while not interaction.answers:
                interaction.changed.clear()
                await interaction.changed.wait()

        await asyncio.wait_for(wait(), timeout)
        return interaction.answer

    async def settled(self, interaction: Interaction, timeout: float = 30.0) -> None:
        """Wait until the interaction is acknowledged, or its first callback came too late."""

        async def wait() -> None:
            while interaction.acked_at is None and not interaction.late_callbacks:
                interaction.changed.clear()
                await interaction.changed.wait()

        await asyncio.wait_for(wait(), timeout)

    async def ask(self, name: str, options: Mapping[str, Any] | None = None, **kw: Any) -> Answer:
        return await self.answered(await self.interact(name, options, **kw))

    async def wait_request(
        self,
        method: str,
        pattern: str,
        until: Callable[[Recorded], bool] = lambda r: True,
        timeout: float = 20.0,
    ) -> list[Recorded]:
        """Until a request matching (and ``until``) has been answered: the bot's board
        message is refreshed after the reply, so it may still be on its way."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            found = [r for r in self.requests_to(method, pattern) if r.status]
            if any(until(r) for r in found):
                return found
            assert asyncio.get_running_loop().time() < deadline, (method, pattern, found)
            await asyncio.sleep(0.02)

    def requests_to(self, method: str, pattern: str) -> list[Recorded]:
        rx = re.compile(pattern)
        return [r for r in self.requests if r.method == method and rx.search(r.path)]


def _json(
    data: Any, *, status: int = 200, headers: Mapping[str, str] | None = None
) -> web.Response:
    # exactly "application/json", as Discord sends it: discord.py parses nothing else
    return web.Response(
        status=status,
        body=json.dumps(data).encode(),
        headers={"Content-Type": "application/json", **dict(headers or {})},
    )


def _error(status: int, code: int, message: str) -> web.Response:
    return _json({"message": message, "code": code}, status=status)


# Discord's embed limits, checked as Discord checks them: a message over a limit is refused.
def _check_message(body: Mapping[str, Any], files: list[tuple[str, bytes, str]]) -> str:
    embeds = body.get("embeds") or []
    if not (body.get("content") or embeds or files or body.get("components")):
        return "Cannot send an empty message"
    names = {name for _, _, name in files}
    for embed in embeds:
        total = 0
        for key, limit in (("title", 256), ("description", 4096)):
            text = embed.get(key) or ""
            if len(text) > limit:
                return f"embed {key} longer than {limit}"
            total += len(text)
        fields = embed.get("fields") or []
        if len(fields) > 25:
            return "more than 25 embed fields"
        for f in fields:
            if not f.get("name") or not f.get("value"):
                return "embed field name and value are required"
            if len(f["name"]) > 256 or len(f["value"]) > 1024:
                return "embed field too long"
            total += len(f["name"]) + len(f["value"])
        footer = (embed.get("footer") or {}).get("text") or ""
        if len(footer) > 2048:
            return "embed footer too long"
        total += len(footer)
        if total > 6000:
            return "embed longer than 6000 characters"
        url = (embed.get("image") or {}).get("url") or ""
        if url.startswith("attachment://") and url.removeprefix("attachment://") not in names:
            return f"embed image {url} names no uploaded file"
    return ""
