"""What the store keeps of the GM's one-time notices (the Discord shell's
``bot/discord/notices.py`` says them; issue 41, Layers): which notice was told in a
channel, and under which of Stride's permissions there, so it is told once while
they stay the same."""

from __future__ import annotations

from bot.handlers.running import runs_it
from bot.storage import Store


def _told_key(topic: str, channel_id: str) -> str:
    return f"told:{topic}:{channel_id}"


async def told_under(store: Store, topic: str, channel_id: str) -> str | None:
    """The permissions (as the shell writes them) the notice ``topic`` was last told
    under in the channel; None: never told."""
    return await store.get_meta(_told_key(topic, channel_id))


async def mark_told(store: Store, topic: str, channel_id: str, permissions: str) -> None:
    await store.set_meta(_told_key(topic, channel_id), permissions)


async def runs_the_encounter(store: Store, channel_id: str, user_id: str) -> bool:
    """Whether ``user_id`` runs the channel's encounter (its GM or a co-GM): a notice
    for the GM is told to them too."""
    return await runs_it(store, channel_id, user_id)
