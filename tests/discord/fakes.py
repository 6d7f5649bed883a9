"""A stand-in for ``discord.Interaction`` that records what the bot sends.

Only the surface bot/discord/ touches is modelled: ``response.is_done()`` /
``send_message``, ``followup.send``, ids, permissions and ``client.store``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord

from bot.storage import Store


@dataclass
class Sent:
    via: str  # "response", "followup" or "edit" (a component's message, edited)
    kwargs: dict[str, Any]

    @property
    def embed(self) -> discord.Embed:
        embed = self.kwargs["embed"]
        assert isinstance(embed, discord.Embed)
        return embed

    @property
    def ephemeral(self) -> bool:
        return bool(self.kwargs.get("ephemeral", False))


def http_error(
    status: int = 429, text: str = "You are being rate limited."
) -> discord.HTTPException:
    """What discord.py raises for a refusal it can't explain (a 429 without headers)."""
    response = SimpleNamespace(status=status, reason="Too Many Requests")
    return discord.HTTPException(response, text)  # type: ignore[arg-type]


def forbidden() -> discord.Forbidden:
    response = SimpleNamespace(status=403, reason="Forbidden")
    return discord.Forbidden(response, {"code": 50013, "message": "Missing Permissions"})  # type: ignore[arg-type]


def not_found() -> discord.NotFound:
    response = SimpleNamespace(status=404, reason="Not Found")
    return discord.NotFound(response, {"code": 10062, "message": "Unknown interaction"})  # type: ignore[arg-type]


@dataclass
class FakeResponse:
    sent: list[Sent]
    expired: bool = False
    done: bool = False
    failures: list[Exception] = field(default_factory=list)  # raised by the next sends

    def is_done(self) -> bool:
        return self.done

    async def defer(self, **kwargs: Any) -> None:
        assert not self.done, "deferred after responding"
        self.done = True
        self.deferred = True

    deferred: bool = False

    async def send_message(self, **kwargs: Any) -> None:
        assert not self.done, "responded twice to one interaction"
        if self.expired:
            raise not_found()
        if self.failures:
            raise self.failures.pop(0)
        self.done = True
        self.sent.append(Sent("response", kwargs))

    async def edit_message(self, **kwargs: Any) -> None:
        """A component's answer: the message it sits under, edited (a mover's press)."""
        assert not self.done, "responded twice to one interaction"
        if self.expired:
            raise not_found()
        self.done = True
        self.sent.append(Sent("edit", kwargs))


@dataclass
class FakeFollowup:
    sent: list[Sent]
    response: FakeResponse

    failures: list[Exception] = field(default_factory=list)

    async def send(self, **kwargs: Any) -> None:
        assert self.response.done, "a followup needs an initial response"
        if self.failures:
            raise self.failures.pop(0)
        self.sent.append(Sent("followup", kwargs))


@dataclass
class FakeMessage:
    id: int
    kwargs: dict[str, Any]
    edits: list[dict[str, Any]] = field(default_factory=list)
    pinned: bool = False

    @property
    def jump_url(self) -> str:
        return f"https://discord.com/channels/1/4242/{self.id}"

    async def edit(self, **kwargs: Any) -> None:
        if self.id < 0:
            raise not_found()
        self.edits.append(kwargs)

    async def pin(self) -> None:
        self.pinned = True

    async def unpin(self) -> None:
        if self.id < 0:
            raise not_found()
        self.pinned = False


@dataclass
class FakeChannel:
    """The channel's messages: what the board message needs (send, and edit by id)."""

    id: int
    messages: dict[int, FakeMessage] = field(default_factory=dict)
    failures: list[Exception] = field(default_factory=list)  # raised by the next sends
    sends: int = 0  # attempts, refused ones included

    async def send(self, **kwargs: Any) -> FakeMessage:
        self.sends += 1
        if self.failures:
            raise self.failures.pop(0)
        message = FakeMessage(5000 + len(self.messages), kwargs)
        self.messages[message.id] = message
        return message

    def get_partial_message(self, message_id: int) -> FakeMessage:
        return self.messages.get(message_id) or FakeMessage(-1, {})


FULL = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
)


@dataclass
class FakeInteraction:
    store: Store
    manage_channels: bool = False
    channel_number: int = 4242
    user_id: int = 77
    sent: list[Sent] = field(default_factory=list)
    command: Any = None
    id: int = 9000
    namespace: Any = field(default_factory=SimpleNamespace)  # options typed so far
    # Stride's own permissions in the channel (Discord's app_permissions)
    app_permissions: discord.Permissions = field(default_factory=lambda: FULL)
    guild_id: int | None = 1  # None: a DM
    # Manage Channels across the server (the member's roles'), as against in this
    # channel (manage_channels, a channel's override may grant it). None: as
    # manage_channels, granted server-wide (the usual case).
    guild_manage_channels: bool | None = None
    data: dict[str, Any] = field(default_factory=dict)  # a component's (a menu's values)

    def __post_init__(self) -> None:
        self.channel = FakeChannel(self.channel_number)
        self.response = FakeResponse(self.sent)
        self.followup = FakeFollowup(self.sent, self.response)
        self.client = SimpleNamespace(store=self.store)
        self.user = SimpleNamespace(id=self.user_id)
        self.permissions = discord.Permissions(manage_channels=self.manage_channels)
        if self.guild_id is not None:  # a Member: their permissions across the server
            server_wide = self.guild_manage_channels
            self.user.guild_permissions = discord.Permissions(
                manage_channels=self.manage_channels if server_wide is None else server_wide
            )

    @property
    def channel_id(self) -> int:
        return self.channel_number

    async def edit_original_response(self, **kwargs: Any) -> None:
        assert self.response.done, "nothing to edit before a response"
        self.sent.append(Sent("edit", kwargs))
