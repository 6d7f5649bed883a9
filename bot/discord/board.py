"""The channel's board message: one message per encounter that always shows the
board as it is now, edited in place after each change (with its buttons,
``bot.discord.views``), posted again at the bottom on /map post:true.

When Discord refuses it, the board waits instead of retrying into the same refusal
(:class:`BoardBlock`): until Stride's permissions change when it can see what is
missing, else until a retry that waits longer after each refusal. The GM is told
why, once (``bot.discord.notices``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.discord.embeds import embed_for, embeds_for, files_for, text_for
from bot.discord.notices import tell_gm_once
from bot.discord.permissions import can_attach, can_embed, missing_for_board, permissions_key
from bot.discord.sending import NO_MENTIONS, Messageable
from bot.handlers.board_message import (
    board_block,
    board_message_id,
    board_shown,
    last_board_message,
    remember_board_message,
    set_board_block,
    set_board_shown,
)
from bot.handlers.running import running_board
from bot.reply import Reply

if TYPE_CHECKING:
    from bot.storage import Store

log = logging.getLogger(__name__)


# Refreshes running now, by (store, channel): a change that arrives meanwhile only
# marks the run pending, and the run draws once more with the newest state.
_board_runs: dict[tuple[int, str], list[bool]] = {}


async def refresh_board(interaction: discord.Interaction[Any], store: Store) -> None:
    """Edit the channel's board message in place (or post it, and remember it).

    Play-by-post channels keep one message per encounter that always shows the
    board as it is now. No lock is held during the Discord calls (a rate-limit wait
    would stall the channel's next command); refreshes are coalesced instead: one
    run per channel at a time, and a change during a run makes it draw again, so
    the last state is always the one shown. A failure here never spoils the
    command's own reply.
    """
    channel = cast(Messageable | None, getattr(interaction, "channel", None))
    if channel is None or not hasattr(channel, "send"):
        return
    key = (id(store), str(interaction.channel_id))
    running = _board_runs.get(key)
    if running is not None:
        running[0] = True
        return
    pending = _board_runs[key] = [True]
    try:
        while pending[0]:
            pending[0] = False
            try:
                await _refresh_board(interaction, channel, store, key[1])
            except discord.HTTPException as exc:
                log.warning("Could not update the board in channel %s: %s", key[1], exc)
            except Exception:
                log.exception("Updating the board failed in channel %s", key[1])
    finally:
        del _board_runs[key]


async def repost_board(
    interaction: discord.Interaction[Any], store: Store, *, pin: bool = False
) -> None:
    """/map post:true: the board message posted again at the bottom of the channel, the
    old one edited into a link to it (and unpinned for the new one when asked)."""
    channel = cast(Messageable | None, getattr(interaction, "channel", None))
    channel_id = str(interaction.channel_id)
    stored = await running_board(store, channel_id)
    if channel is None or not hasattr(channel, "send") or stored is None:
        return
    old_id = await board_message_id(store, stored.id)
    await remember_board_message(store, stored.id, None)  # the next refresh posts anew
    await refresh_board(interaction, store)
    new_id = await board_message_id(store, stored.id)
    if new_id is None:
        return  # couldn't post (permissions): the refresh told the GM why
    new = channel.get_partial_message(int(new_id))
    if old_id is not None and old_id != new_id:
        link = getattr(new, "jump_url", "")
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(int(old_id)).edit(
                content=f"The board moved: {link}", embed=None, attachments=[], view=None
            )
    if pin:
        try:
            await new.pin()
        except discord.HTTPException as exc:
            log.warning("Could not pin the board in channel %s: %s", channel_id, exc)
            await tell_gm_once(
                interaction,
                store,
                "pin",
                "Stride couldn't pin the board here: give it Manage Messages (Pin Messages) "
                "in this channel.",
            )


def _board_notice(missing: Sequence[str]) -> str:
    needs = " and ".join(missing) if missing else "the permission Discord says is missing"
    return (
        f"Stride can't keep the board message in this channel: it needs {needs} here "
        "(channel settings › Permissions). Until then /map shows the board; nothing "
        "else is affected, and the board comes back once the permission is given (Stride "
        "also tries again now and then)."
    )


async def _refresh_board(
    interaction: discord.Interaction[Any], channel: Messageable, store: Store, channel_id: str
) -> None:
    from bot.handlers.board import board_message, ended_message  # local: the renderer

    block = BoardBlock.read(await board_block(store, channel_id))
    same = block is not None and block.permissions == permissions_key(interaction)
    if block is not None and same and not block.due(time.time()):
        # Retrying now would most likely fail the same way and count toward Discord's
        # invalid-request limit: wait for the permissions to change, or for the next
        # retry (a refusal can pass: an outage, a role sync that lags).
        await tell_gm_once(
            interaction, store, "board", _board_notice(missing_for_board(interaction))
        )
        return
    missing = missing_for_board(interaction)
    if "View Channel" in missing or any(m.startswith("Send Messages") for m in missing):
        await _blocked(interaction, store, channel_id, missing, None)
        return
    try:
        await _post_board(interaction, channel, store, channel_id, board_message, ended_message)
    except discord.Forbidden:
        await _blocked(interaction, store, channel_id, missing, block)
        return
    if block is not None:
        await set_board_block(store, channel_id, "")  # it worked again: no more waiting
    if missing:  # posted, but plainer than it could be
        await tell_gm_once(
            interaction,
            store,
            "board-plain",
            f"The board here is shown as text: give Stride {' and '.join(missing)} in this "
            "channel for the picture.",
        )


# After a refused board edit, the next try waits this long, doubling after each
# refusal up to the most; a refusal for a permission Stride can see is missing waits
# for the permissions to change instead.
BOARD_RETRY_FIRST_S = 30.0
BOARD_RETRY_MOST_S = 3600.0


@dataclasses.dataclass(frozen=True)
class BoardBlock:
    """Why the board message isn't being edited: the permissions it was refused with,
    when to try again (None: once they change) and how many refusals in a row."""

    permissions: str
    retry_at: float | None
    refusals: int

    @classmethod
    def read(cls, text: str | None) -> BoardBlock | None:
        if not text:
            return None
        if not text.startswith("{"):  # kept before retries: wait for a change
            return cls(text, None, 1)
        data = json.loads(text)
        return cls(str(data["permissions"]), data.get("retry_at"), int(data["refusals"]))

    def due(self, now: float) -> bool:
        return self.retry_at is not None and now >= self.retry_at

    def text(self) -> str:
        return json.dumps(
            {"permissions": self.permissions, "retry_at": self.retry_at, "refusals": self.refusals}
        )


async def _blocked(
    interaction: discord.Interaction[Any],
    store: Store,
    channel_id: str,
    missing: Sequence[str],
    before: BoardBlock | None,
) -> None:
    """Stop editing the board for now: until the permissions change when ``missing``
    names what's lacking, else until a retry that waits longer after each refusal."""
    log.warning("Board blocked in channel %s: missing %s", interaction.channel_id, missing)
    refusals = (before.refusals + 1) if before is not None else 1
    wait_s = min(BOARD_RETRY_MOST_S, BOARD_RETRY_FIRST_S * 2 ** (refusals - 1))
    block = BoardBlock(
        permissions_key(interaction),
        None if missing else time.time() + wait_s,
        refusals,
    )
    await set_board_block(store, channel_id, block.text())
    await tell_gm_once(interaction, store, "board", _board_notice(missing))


async def _post_board(
    interaction: discord.Interaction[Any],
    channel: Messageable,
    store: Store,
    channel_id: str,
    board_message: Any,
    ended_message: Any,
) -> None:
    stored = await running_board(store, channel_id)
    embeds = can_embed(interaction)
    if stored is None:
        # ended (or undone): the last board says so, without its buttons
        last = await last_board_message(store, channel_id)
        if last is not None:
            encounter_id, ended_id = last
            ended: Reply = ended_message()
            content = {"embed": embed_for(ended)} if embeds else {"content": text_for(ended)}
            with contextlib.suppress(discord.NotFound):
                await channel.get_partial_message(int(ended_id)).edit(
                    **content, attachments=[], view=None
                )
            await remember_board_message(store, encounter_id, None)
        return
    from bot.handlers.backgrounds import background_of
    from bot.handlers.board import board_digest  # local: the handlers
    from bot.handlers.board_view import frame_text, pinned_frame

    message_id = await board_message_id(store, stored.id)
    frame = await pinned_frame(store, channel_id, stored.id, stored.encounter)  # /map view:
    digest = f"{board_digest(stored.encounter)} {int(embeds)}{int(can_attach(interaction))}"
    digest += f" {frame_text(frame)}" if frame is not None else ""
    live_url = await _table_link(interaction, store, channel_id)
    digest += f" {live_url}" if live_url is not None else ""
    if message_id is not None and await board_shown(store, channel_id) == f"{message_id} {digest}":
        return  # nothing the table sees has changed (a hidden token's move, say)
    background = await background_of(store, channel_id, stored.encounter)
    reply: Reply = await board_message(stored.encounter, background, frame)
    if not can_attach(interaction) or not embeds:
        from bot.handlers.board import text_board_message  # local: the renderer

        reply = text_board_message(reply, stored.encounter)
    # local: the buttons dispatch commands, and dispatch refreshes this board
    from bot.discord.views import BoardButtons

    view = BoardButtons(live_url)
    body: dict[str, Any] = {"content": text_for(reply)}
    if embeds:  # a board of several pictures (issue 40: every token in one): an embed each
        shown = embeds_for(reply)
        body = {"embed": shown[0]} if len(shown) == 1 else {"embeds": shown}
    if message_id is not None:
        try:  # an edit's attachments replace the message's: the pictures of now alone
            await channel.get_partial_message(int(message_id)).edit(
                **body, attachments=files_for(reply), view=view
            )
            await set_board_shown(store, channel_id, f"{message_id} {digest}")
            return
        except discord.NotFound:
            pass  # deleted: post a new one
    files = files_for(reply)
    attached = {"file": files[0]} if len(files) == 1 else {"files": files} if files else {}
    message = await channel.send(**body, **attached, view=view, allowed_mentions=NO_MENTIONS)
    await remember_board_message(store, stored.id, str(message.id))
    await set_board_shown(store, channel_id, f"{message.id} {digest}")
    await _retire_replaced(channel, store, channel_id, message)


async def _table_link(
    interaction: discord.Interaction[Any], store: Store, channel_id: str
) -> str | None:
    """The table's link to the live board, where this bot serves the pages (issue 39)."""
    base = getattr(interaction.client, "pages_url", None)
    if not isinstance(base, str):
        return None
    from bot.handlers.live_links import table_link  # local: the handlers

    secret = getattr(interaction.client, "web_secret", None)
    return await table_link(store, channel_id, base, secret if isinstance(secret, str) else None)


async def _retire_replaced(channel: Messageable, store: Store, channel_id: str, new: Any) -> None:
    """The board of an encounter this one replaced (/encounter load, /encounter import
    replace:true) points at the new board, without its buttons, and is unpinned where
    Stride may (issue 29): its buttons would have acted on the new encounter."""
    last = await last_board_message(store, channel_id)
    if last is None or last[1] == str(new.id):
        return
    encounter_id, old_id = last
    old = channel.get_partial_message(int(old_id))
    link = getattr(new, "jump_url", "")
    with contextlib.suppress(discord.HTTPException):
        await old.edit(
            content=f"This board was replaced by a new encounter: {link}",
            embed=None,
            attachments=[],
            view=None,
        )
    with contextlib.suppress(discord.HTTPException):  # not pinned, or no Manage Messages
        await old.unpin()
    await remember_board_message(store, encounter_id, None)
