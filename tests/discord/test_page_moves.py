"""A move from the live board, on Discord (issue 39): run through dispatch as the link's
user with their member's permissions now; the ruling is posted in the channel as if
typed, a preview or a refusal goes back to the page alone, and the board message is
refreshed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

from bot.discord.dispatch import dispatch
from bot.discord.web_moves import discord_moves
from bot.storage import Store
from bot.web.moves import MoveAsked
from tests.discord.fakes import FULL, FakeChannel, FakeInteraction

PLAYER = 78
GM = 9  # Manage Channels in the channel
STARTER = 10  # who started the encounter: its GM whatever their permissions


@dataclass
class Member:
    id: int
    roles: tuple[Any, ...] = ()
    guild_permissions: discord.Permissions = field(default_factory=discord.Permissions.none)


@dataclass
class Guild:
    id: int
    members: dict[int, Member]
    me: Member = field(default_factory=lambda: Member(1))

    def get_member(self, user_id: int) -> Member | None:
        return self.members.get(user_id)

    async def fetch_member(self, user_id: int) -> Member:
        raise discord.NotFound(type("R", (), {"status": 404, "reason": "gone"})(), "no member")


class Channel(FakeChannel):
    """The channel as a page's move reaches it: its server, and who may do what."""

    guild: Guild
    managers: set[int]

    def permissions_for(self, member: Member) -> discord.Permissions:
        if member.id == 1:
            return FULL
        return discord.Permissions(
            view_channel=True, send_messages=True, manage_channels=member.id in self.managers
        )


class Client:
    def __init__(self, store: Store, channel: Channel) -> None:
        self.store, self.channel = store, channel

    def get_channel(self, channel_id: int) -> Channel | None:
        return self.channel if channel_id == self.channel.id else None

    async def fetch_channel(self, channel_id: int) -> Channel:
        raise discord.NotFound(type("R", (), {"status": 404, "reason": "gone"})(), "no channel")


def table(store: Store) -> tuple[Client, Channel]:
    channel = Channel(4242)
    channel.guild = Guild(1, {PLAYER: Member(PLAYER), GM: Member(GM), STARTER: Member(STARTER)})
    channel.managers = {GM}
    return Client(store, channel), channel


async def setup(store: Store) -> None:
    gm = FakeInteraction(store, manage_channels=True, user_id=STARTER)
    for name, options in (
        ("encounter start", {"width": 8, "height": 8, "ruleset": "5e"}),
        ("token add", {"name": "Ari", "at": "A1", "owner": str(PLAYER)}),
        ("token add", {"name": "Orc", "at": "H8"}),
    ):
        await dispatch(gm, name, options)


async def test_a_pages_move_is_ruled_as_its_user_and_posted_in_the_channel(store: Store) -> None:
    await setup(store)
    client, channel = table(store)
    moves = discord_moves(client)  # type: ignore[arg-type]
    answer = await moves(MoveAsked("4242", str(PLAYER), False, {"token": "Ari", "to": "C3"}))
    assert answer.reply is not None and "Ari moves" in answer.reply.title
    posted = [m.kwargs for m in channel.messages.values() if "embed" in m.kwargs]
    assert any("Ari moves" in (m["embed"].title or "") for m in posted)  # as if typed
    stored = await store.active_encounter("4242")
    assert stored is not None and str(stored.encounter.token("Ari").cell) == "C3"


async def test_a_preview_and_a_refusal_go_back_to_the_page_alone(store: Store) -> None:
    await setup(store)
    client, channel = table(store)
    moves = discord_moves(client)  # type: ignore[arg-type]
    sent_before = channel.sends
    preview = await moves(
        MoveAsked("4242", str(PLAYER), False, {"token": "Ari", "to": "B2", "preview": True})
    )
    refused = await moves(MoveAsked("4242", str(PLAYER), False, {"token": "Orc", "to": "G7"}))
    assert preview.reply is not None and preview.refused is None
    assert refused.reply is None and refused.refused and "Orc" in refused.refused
    assert channel.sends == sent_before  # the table saw neither
    stored = await store.active_encounter("4242")
    assert stored is not None and str(stored.encounter.token("Orc").cell) == "H8"


async def test_the_gm_s_page_moves_any_token_by_their_rights_now(store: Store) -> None:
    await setup(store)
    client, channel = table(store)
    moves = discord_moves(client)  # type: ignore[arg-type]
    done = await moves(MoveAsked("4242", str(GM), True, {"token": "Orc", "to": "G7"}))
    assert done.reply is not None
    channel.managers.clear()  # Manage Channels taken away: the link's word is not enough
    again = await moves(MoveAsked("4242", str(GM), True, {"token": "Orc", "to": "H8"}))
    assert again.reply is None or "Orc" not in again.reply.title


async def test_a_user_who_left_the_server_moves_nothing(store: Store) -> None:
    await setup(store)
    client, channel = table(store)
    del channel.guild.members[PLAYER]
    answer = await discord_moves(client)(  # type: ignore[arg-type]
        MoveAsked("4242", str(PLAYER), False, {"token": "Ari", "to": "C3"})
    )
    assert answer.reply is None and answer.refused
