"""Run a command for an interaction and answer it: the Discord shell's one way in.

Cogs (and the board's buttons) hand their options to :func:`dispatch`; it turns
Discord's values into the specs' (users into ids, files read), builds a
:class:`Context`, runs the command through ``bot.handlers.run`` (the console's way
in too) and answers with the :class:`Reply`. A command still working after
:data:`DEFER_AFTER_S` is deferred first; a refusal is answered as one; a failure is
answered honestly (what was saved, if anything, and the board shows it). A command
that changes an encounter refreshes the channel's board message. Nothing here knows
a rule.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.commands import MAX_UPLOAD_BYTES, Command, Upload
from bot.cooldown import Cooldown
from bot.discord.board import refresh_board, repost_board
from bot.discord.channel import context_for, store_of
from bot.discord.notices import tell_about_plain_replies
from bot.discord.permissions import named_channel
from bot.discord.sending import send_error, send_reply
from bot.errors import InvalidInput, RulingError, failure_message
from bot.handlers.upkeep import writes_recorded
from bot.metrics import METRICS
from bot.reply import MENTION_MARK
from bot.work import in_channel

if TYPE_CHECKING:
    from bot.storage import Store

log = logging.getLogger(__name__)

# Discord drops an interaction not answered within 3 seconds: a command still
# working after this long is deferred ("Stride is thinking...") and answered later.
DEFER_AFTER_S = 2.0
# Commands that cost the bot real work (path searches, pictures): one user may not
# flood them (bot.cooldown). The calculators and the encounter edits are cheap.
COSTLY = frozenset({"move", "map"})
COOLDOWN = Cooldown()
NEEDS_SERVER = (
    "Encounters need a server channel or thread (each thread keeps its own). "
    "Here in DMs, /fall, /jump and /travel work."
)


async def uploaded(value: object, max_bytes: int = MAX_UPLOAD_BYTES) -> object:
    """An attachment option's file, read (within the size its option takes), as the
    specs read it; any other value as it is."""
    if not isinstance(value, discord.Attachment):
        return value
    if value.size > max_bytes:
        raise InvalidInput(
            f"{value.filename} is {value.size:,} bytes; this file may be at most "
            f"{max_bytes:,} bytes."
        )
    return Upload(value.filename, await value.read())


def option_value(value: object) -> object:
    """Discord's value as the specs read it: a user or member option becomes its id, a
    channel the asker's standing there (``NamedChannel``); text loses the mark of the
    bot's own mentions (only the bot makes those)."""
    if isinstance(value, discord.User | discord.Member | discord.Role):
        return str(value.id)
    if isinstance(value, app_commands.AppCommandChannel | app_commands.AppCommandThread):
        # with the asker's permissions there and its server: handlers/elsewhere.py reads
        # it as if they ran the command there (a GM's private prep channel)
        return named_channel(value)
    if isinstance(value, str):
        return unquoted(value.replace(MENTION_MARK, ""))
    return value


_QUOTE_PAIRS = {'"': '"', "'": "'", "\u201c": "\u201d", "\u2018": "\u2019", "\u00ab": "\u00bb"}


def unquoted(text: str) -> str:
    """``text`` without one pair of surrounding quotes: on Discord each option is its
    own field, so console habits (name:"Goblin 1") would make the quotes part of the
    value. Phones type curly quotes, so those count too."""
    stripped = text.strip()
    if len(stripped) >= 2 and _QUOTE_PAIRS.get(stripped[0]) == stripped[-1]:
        return stripped[1:-1].strip()
    return text


async def dispatch(
    interaction: discord.Interaction[Any],
    command_name: str,
    raw: Mapping[str, object],
    *,
    ephemeral: bool = False,
) -> None:
    """Run ``command_name`` with the options the user gave and answer the interaction.

    A command that changes an encounter also refreshes the channel's board message.
    ``ephemeral`` answers only the user (the board's buttons use it for /map). Every
    answer is counted in ``bot.metrics`` by outcome (ok, refused, error) with its time.
    """
    started = time.monotonic()
    outcome = "error"
    try:
        with in_channel(str(interaction.channel_id)):  # its work in the channel's lane
            outcome = await _dispatch(interaction, command_name, raw, ephemeral=ephemeral)
    finally:
        METRICS.command(command_name, outcome, time.monotonic() - started)


async def _dispatch(
    interaction: discord.Interaction[Any],
    command_name: str,
    raw: Mapping[str, object],
    *,
    ephemeral: bool,
) -> str:
    # local: the handlers pull in every ruleset
    from bot.handlers import COMMANDS, ENCOUNTER_NAMES

    command = COMMANDS[command_name]
    limits = {o.name: o.max_bytes for o in command.options}
    try:
        given = {
            name: option_value(await uploaded(value, limits.get(name, MAX_UPLOAD_BYTES)))
            for name, value in raw.items()
            if value is not None
        }
    except RulingError as exc:
        await send_error(interaction, exc)
        return "refused"
    if getattr(interaction, "guild_id", None) is None and command_name in ENCOUNTER_NAMES:
        await send_error(interaction, NEEDS_SERVER)
        return "refused"
    store = store_of(interaction)
    user_id = str(interaction.user.id)
    # a GM's push, pull or slide searches nothing: only real path searches count
    costly = command_name in COSTLY and not given.get("forced")
    if costly:
        wait_s = COOLDOWN.take(user_id, time.monotonic())
        if wait_s:
            await send_error(
                interaction,
                f"Slow down a little: /{command_name} searches paths and draws the board. "
                f"Try again in {max(1, round(wait_s))} s.",
            )
            return "refused"
    try:
        return await _run_and_answer(interaction, command_name, command, given, store, ephemeral)
    finally:
        if costly:
            COOLDOWN.release(user_id)


async def _run_and_answer(
    interaction: discord.Interaction[Any],
    command_name: str,
    command: Command,
    given: dict[str, object],
    store: Store,
    ephemeral: bool,
) -> str:
    """Run the handler and answer; the outcome: ok, refused or error."""
    from bot.handlers import run

    with writes_recorded() as written:  # the task started here records into it too
        task = asyncio.ensure_future(run(context_for(interaction, store), command, given))
    try:
        done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER_S)
        if not done:
            await _defer(interaction, ephemeral=ephemeral)
        reply = await task
    except RulingError as exc:
        log.debug("/%s refused %r: %s", command_name, given, exc)
        await send_error(interaction, exc)
        return "refused"
    except Exception:
        log.exception(
            "/%s failed (options %r, user %s, channel %s)",
            command_name,
            given,
            interaction.user.id,
            interaction.channel_id,
        )
        # honest: a failure after a save says what was saved, and the board shows it
        await send_error(interaction, failure_message(written))
        if written:
            await _refresh_after_failure(interaction, store)
        return "error"
    if ephemeral:
        reply = replace(reply, ephemeral=True)
    outcome = "ok"
    try:
        from bot.discord.reactions import reaction_buttons  # local: it dispatches

        await send_reply(interaction, reply, reaction_buttons(command_name, reply.result))
    except discord.HTTPException:
        # Discord refused what we built (a limit we missed?): log it for us,
        # and still tell the user something rather than "interaction failed".
        log.exception("Discord refused the reply to /%s (options %r)", command_name, given)
        await send_error(interaction, failure_message(written))
        outcome = "error"
    await tell_about_plain_replies(interaction, store, reply)
    changed = command.changes_state and reply.result.get("changed", True) is not False
    if changed or reply.result.get("board_view"):  # /map view: reframes the board message
        await refresh_board(interaction, store)
    if changed:  # its live pages look now (issue 39), not at their next look
        board_changed = getattr(interaction.client, "board_changed", None)
        if callable(board_changed):
            board_changed(str(interaction.channel_id))
    if reply.result.get("post_board"):
        await repost_board(interaction, store, pin=bool(reply.result.get("pin")))
    return outcome


async def _refresh_after_failure(interaction: discord.Interaction[Any], store: Store) -> None:
    try:
        await refresh_board(interaction, store)
    except Exception:
        log.exception("the board could not be refreshed after a failed command")


async def _defer(interaction: discord.Interaction[Any], *, ephemeral: bool) -> None:
    try:
        if not interaction.response.is_done():
            await interaction.response.defer(thinking=True, ephemeral=ephemeral)
    except discord.NotFound:
        log.warning("Interaction %s expired before Stride could defer", interaction.id)
