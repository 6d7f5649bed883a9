"""Answering an interaction, and plainer ways when Discord refuses.

An answer goes as an embed (with its picture where the channel allows files), else
as plain text, else, for a public answer, as a plain channel message: a refusal
Discord gives for any reason but an expired interaction still leaves the user an
answer. Every message Stride sends pings no one (:data:`NO_MENTIONS`), but a turn that
starts, which may ping its token's owner alone, and a move that offers opportunity
attacks, which may ping each attacker's owner (:func:`pinging`: those users, no one else).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Protocol, cast

import discord

from bot.discord.embeds import (
    GM_ONLY_TITLE,
    as_text,
    embed_for,
    error_embed,
    error_text,
    file_for,
    private_embed,
    text_for,
)
from bot.discord.permissions import can_attach, can_embed
from bot.errors import RulingError
from bot.reply import Reply
from bot.user_ids import is_snowflake

log = logging.getLogger(__name__)

# Every message Stride sends: text from users is echoed back in titles and
# errors, so it must never ping anyone.
NO_MENTIONS = discord.AllowedMentions.none()


def pinging(*user_ids: str) -> discord.AllowedMentions:
    """A message that may ping ``user_ids`` alone: never a role, never everyone."""
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(int(user_id)) for user_id in user_ids],
    )


class Messageable(Protocol):
    """A channel as Stride uses it: send a message, or reach one it sent by id."""

    async def send(self, **kwargs: Any) -> Any: ...

    def get_partial_message(self, message_id: int, /) -> Any: ...


async def _to_interaction(interaction: discord.Interaction[Any], kwargs: dict[str, Any]) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


async def send_answer(
    interaction: discord.Interaction[Any],
    embed: discord.Embed | None,
    text: str,
    *,
    ephemeral: bool,
    make_file: Callable[[], discord.File | None] = lambda: None,
    pings: Sequence[tuple[str, str]] = (),
    view: discord.ui.View | None = None,
) -> bool:
    """Send one answer the way the interaction still allows; False if nobody got it.

    The embed goes first (``None``: this channel can't show embeds). If Discord refuses
    it for any reason but an expired interaction (a 429 without the headers discord.py
    expects, a 5xx, a limit we missed), the same ruling goes as plain text, and for a
    public answer, as a plain channel message if the interaction refuses that too. The
    picture (``make_file``: a fresh file per attempt) rides along with the embed and with
    the plain text, where the channel allows attachments.
    """
    base: dict[str, Any] = {"ephemeral": ephemeral, "allowed_mentions": NO_MENTIONS}
    if view is not None:  # buttons under the answer (a move's opportunity attacks)
        base["view"] = view
    said = ""
    if pings:  # the users this answer may ping, and no one else
        # their words name tokens: user text, escaped
        said = "\n".join(f"<@{user}> {as_text(words)}" for user, words in pings)
        base["allowed_mentions"] = pinging(*(user for user, _ in pings))
    attempts: list[dict[str, Any]] = []
    if embed is not None:
        attempts.append({**base, "embed": embed, **({"content": said} if said else {})})
    attempts.append({**base, "content": f"{said}\n{text}" if said else text})
    for kwargs in attempts:
        file = make_file()
        if file is not None:
            kwargs = {**kwargs, "file": file}
        try:
            await _to_interaction(interaction, kwargs)
            return True
        except discord.NotFound:
            # The 3-second window (or the 15-minute followup token) ran out:
            # there is no one left to answer, so say so in the log and move on.
            log.warning("Interaction %s expired before Stride could reply", interaction.id)
            return False
        except discord.HTTPException as exc:
            log.warning(
                "Discord refused a reply to interaction %s (%s %s); trying plainer",
                interaction.id,
                exc.status,
                exc.text,
            )
    channel = cast(Messageable | None, getattr(interaction, "channel", None))
    if ephemeral or channel is None or not hasattr(channel, "send"):
        return False
    try:
        await channel.send(
            content=f"{said}\n{text}" if said else text, allowed_mentions=base["allowed_mentions"]
        )
    except discord.HTTPException:
        log.exception("Could not answer interaction %s at all", interaction.id)
        return False
    return True


async def send_reply(
    interaction: discord.Interaction[Any], reply: Reply, view: discord.ui.View | None = None
) -> None:
    """A command's reply, with only what the channel lets Stride show (and ``view``'s
    buttons); the GM's private fields follow, for their eyes only, once it arrived."""
    _tell_page(interaction, reply)
    embeds = can_embed(interaction)
    if reply.image_png is not None and not can_attach(interaction):
        reply = replace(reply, image_png=None)  # the fields still carry the ruling
    if reply.attachment is not None and not can_attach(interaction):
        reply = replace(reply, attachment=None)
    sent = await send_answer(
        interaction,
        embed_for(reply) if embeds else None,
        text_for(reply),
        ephemeral=reply.ephemeral,
        make_file=lambda: file_for(reply),
        pings=[(user, words) for user, words in reply.pings if is_snowflake(user)],
        view=view,
    )
    if sent and reply.private_fields:
        private = Reply(title=GM_ONLY_TITLE, fields=reply.private_fields)
        await send_answer(
            interaction,
            private_embed(reply) if embeds else None,
            text_for(private),
            ephemeral=True,
        )


def _tell_page(interaction: discord.Interaction[Any], answer: Reply | str | RulingError) -> None:
    """A move asked from the live board (``bot.discord.web_moves``) hears its answer as
    the handlers gave it, for the page to show as text, whatever Discord is sent."""
    heard = getattr(interaction, "heard", None)
    if heard is not None:
        heard.append(answer)


async def send_error(interaction: discord.Interaction[Any], message: str | RulingError) -> None:
    """A refusal or failure, for the user alone."""
    _tell_page(interaction, message)
    embed = error_embed(message) if can_embed(interaction) else None
    await send_answer(interaction, embed, error_text(message), ephemeral=True)
