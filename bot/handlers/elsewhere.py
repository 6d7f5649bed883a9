"""Reading another channel (issue 38): the one place it is decided.

An option that names another channel (``/encounter load from:``, ``/encounter scenes
from:``) reads it as if the asker ran the command there: only a channel of this same
server that they can see, and only what their rights there let them read. Its GM reads
every scene (Manage Channels there, the server's GM role, or the GM or a co-GM of the
encounter running there); anyone else who can see it reads the scenes they saved
themselves, and nothing more. What they may not read is answered as what isn't there,
so a refusal never tells "there, but not yours" from "not there".

Each shell hands the channel over resolved (``bot.named_channel.NamedChannel``: its
server, whether the asker sees it, Manage Channels there); this module adds what the
store knows (the GM role, the encounter running there).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.context import Context
from bot.encounter_ops.access import Actor, is_gm
from bot.named_channel import NamedChannel
from bot.storage import DamagedState

# what the asker may read of a channel's scenes: every one, those they saved, none
Reads = Literal["all", "saved", "nothing"]


@dataclass(frozen=True)
class Source:
    """The channel a command reads (this one, or one an option names) and what the
    asker may read there."""

    channel_id: str
    here: bool
    reads: Reads
    user_id: str

    def may_read(self, saved_by: str) -> bool:
        """Whether the asker may read what ``saved_by`` saved there."""
        return self.reads == "all" or (self.reads == "saved" and saved_by == self.user_id)


async def source(ctx: Context, named: object) -> Source:
    """The channel ``named`` (an option's value; None: this channel) as the asker may
    read it. This channel is read with the rights the command already has here."""
    if named is None:
        return Source(ctx.channel_id, True, "all", ctx.user_id)
    channel = named if isinstance(named, NamedChannel) else NamedChannel(str(named))
    if channel.id == ctx.channel_id:
        return Source(ctx.channel_id, True, "all", ctx.user_id)
    return Source(channel.id, False, await _reads(ctx, channel), ctx.user_id)


async def _reads(ctx: Context, channel: NamedChannel) -> Reads:
    same_server = bool(ctx.guild_id) and channel.guild_id == ctx.guild_id
    if not (same_server and channel.visible):
        return "nothing"
    # the same server: the asker's roles there are theirs here, so its GM role counts
    if channel.manages or await ctx.holds_gm_role() or await _runs_encounter(ctx, channel.id):
        return "all"
    return "saved"


async def _runs_encounter(ctx: Context, channel_id: str) -> bool:
    """Whether the asker is the GM or a co-GM of the encounter running in ``channel_id``
    (``encounter_ops.access.is_gm``; a damaged board's GMs as far as they can be read)."""
    held = await ctx.store.active_or_damaged(channel_id)
    if held is None:
        return False
    if isinstance(held, DamagedState):
        return ctx.user_id in held.gm_ids
    return is_gm(held.encounter, Actor(ctx.user_id))


async def server_of(ctx: Context, channel_id: str) -> str | None:
    """The server ``channel_id`` was last seen in (an encounter started or a ruleset set
    there with one); None: never seen in one. The console asks it of a channel an
    option names (``console.console_sight``): it has no Discord to tell it."""
    return await ctx.store.channel_guild(channel_id)
