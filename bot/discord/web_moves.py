"""A move asked from the live board, run on Discord as the slash command runs (issue 39).

The page's move goes through :func:`bot.discord.dispatch.dispatch` like a typed /move:
the user's permissions in the channel as Discord gives them now (their member, fetched,
and the channel's overrides), the same cooldown, the same refusals, the board message
refreshed. Only the answer differs: the public ruling is posted in the channel as a
message (it reads as if the user had typed /move), and what Discord would have shown
the user alone (a preview, a refusal) goes back to their page instead.
"""

from __future__ import annotations

import itertools
import logging
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.discord.dispatch import dispatch
from bot.errors import RulingError
from bot.reply import Reply
from bot.web.moves import MoveAnswer, MoveAsked, Moves

log = logging.getLogger(__name__)

_ids = itertools.count(1)
GONE = "This channel can't be reached from the page now: use /move in Discord."


@dataclass
class _Answers:
    """What the interaction was answered: the private parts for the page."""

    channel: Any
    private: list[dict[str, Any]] = field(default_factory=list)
    public: list[dict[str, Any]] = field(default_factory=list)
    done: bool = False

    async def send(self, **kwargs: Any) -> None:
        self.done = True
        if kwargs.pop("ephemeral", False):
            self.private.append(kwargs)
            return
        self.public.append(kwargs)
        await self.channel.send(**kwargs)


class _Response:
    def __init__(self, answers: _Answers) -> None:
        self._answers = answers

    def is_done(self) -> bool:
        return self._answers.done

    async def send_message(self, **kwargs: Any) -> None:
        await self._answers.send(**kwargs)

    async def defer(self, **_: Any) -> None:
        self._answers.done = True


class _Followup:
    def __init__(self, answers: _Answers) -> None:
        self._answers = answers

    async def send(self, **kwargs: Any) -> None:
        await self._answers.send(**kwargs)


class PageInteraction:
    """What dispatch reads of an interaction, for a user acting from their page."""

    def __init__(self, client: Any, channel: Any, member: discord.Member) -> None:
        self.client = client
        self.channel = channel
        self.channel_id = channel.id
        self.guild_id = channel.guild.id
        self.user = member
        self.id = next(_ids)
        self.permissions = channel.permissions_for(member)
        self.app_permissions = channel.permissions_for(channel.guild.me)
        self.answers = _Answers(channel)
        self.response = _Response(self.answers)
        self.followup = _Followup(self.answers)
        self.heard: list[Reply | str | RulingError] = []  # the handlers' answers


def discord_moves(client: discord.Client) -> Moves:
    """Moves from pages run as the link's user through dispatch, answered as above."""

    async def run(asked: MoveAsked) -> MoveAnswer:
        try:
            channel = client.get_channel(int(asked.channel_id)) or await client.fetch_channel(
                int(asked.channel_id)
            )
            guild = getattr(channel, "guild", None)
            if guild is None:
                return MoveAnswer(refused=GONE)
            member = guild.get_member(int(asked.user_id)) or await guild.fetch_member(
                int(asked.user_id)
            )
        except (discord.HTTPException, ValueError):
            return MoveAnswer(refused=GONE)
        interaction = PageInteraction(client, channel, member)
        # a preview stays on the page (Discord's answer to the user alone); a move's
        # ruling is posted in the channel
        preview = bool(asked.options.get("preview"))
        await dispatch(interaction, "move", dict(asked.options), ephemeral=preview)  # type: ignore[arg-type]
        return _answered(interaction.heard)

    return run


def _answered(heard: list[Reply | str | RulingError]) -> MoveAnswer:
    """The page's answer: the reply the handlers gave (a preview, or the ruling the
    channel got), or the refusal, as text."""
    if not heard:
        return MoveAnswer(refused=GONE)
    answer = heard[0]
    if isinstance(answer, Reply):
        return MoveAnswer(reply=answer)
    if isinstance(answer, RulingError):
        return MoveAnswer(refused=answer.message, title=answer.title, fields=answer.fields)
    return MoveAnswer(refused=answer)


__all__ = ["PageInteraction", "discord_moves"]
