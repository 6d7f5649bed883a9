"""What the store keeps of a channel's board message (the Discord shell's
``bot/discord/board.py`` posts and edits it; issue 41, Layers: it reads and writes
these through here): which message shows each encounter's board, what that message
shows now (so the same is neither drawn nor edited again, whichever process last
edited it), and why it is waiting after a refusal."""

from __future__ import annotations

from bot.storage import Store

# what a channel's board message shows now: "<message id> <digest>"
SHOWN_KEY = "board-shown:"
# why a channel's board message is waiting (the shell's ``BoardBlock``, as text)
BLOCKED_KEY = "board-blocked:"


async def board_message_id(store: Store, encounter_id: int) -> str | None:
    """The message showing the encounter's board (None: not posted yet, or to post anew)."""
    return await store.board_message(encounter_id)


async def remember_board_message(store: Store, encounter_id: int, message_id: str | None) -> None:
    """The message now showing the encounter's board (None: the next refresh posts anew)."""
    await store.set_board_message(encounter_id, message_id)


async def last_board_message(store: Store, channel_id: str) -> tuple[int, str] | None:
    """The channel's most recent encounter that still has a board message, and that
    message (an ended or replaced one's board, to be retired)."""
    return await store.last_board_message(channel_id)


async def board_shown(store: Store, channel_id: str) -> str | None:
    """What the channel's board message shows now, as ``set_board_shown`` kept it."""
    return await store.get_meta(SHOWN_KEY + channel_id)


async def set_board_shown(store: Store, channel_id: str, shown: str) -> None:
    await store.set_meta(SHOWN_KEY + channel_id, shown)


async def board_block(store: Store, channel_id: str) -> str | None:
    """Why the channel's board message waits, as ``set_board_block`` kept it ("" or
    None: it doesn't)."""
    return await store.get_meta(BLOCKED_KEY + channel_id)


async def set_board_block(store: Store, channel_id: str, block: str) -> None:
    """Keep why the board waits ("": it waits no more)."""
    await store.set_meta(BLOCKED_KEY + channel_id, block)
