"""A board the store read mended (user ids stored before they had to be Discord ids:
``bot.schema.mending``) is written back at once, with a note for its GM of what
changed, in one transaction: the GM is told once, whichever process reads it first,
and no later read mends it again. No history line: the mend is no one's command, and
an /undo past it brings back the old ids, which the next read mends (and tells) again.
"""

from __future__ import annotations

import logging

from bot.storage import encounter_queries as q
from bot.storage.boards import checked
from bot.storage.records import StoredEncounter
from bot.storage.settings import GM_NOTES, SettingsStore, with_note

log = logging.getLogger(__name__)

# The GM's note: its heading, and the most mends it lists.
MENDED = "Board read from an older Stride"
MENDS_LISTED = 6


def mended_note(mends: tuple[str, ...]) -> str:
    """What the GM is told of a board read mended."""
    more = len(mends) - MENDS_LISTED
    listed = "; ".join(mends[:MENDS_LISTED]) + (f"; and {more} more" if more > 0 else "")
    return (
        "This board was stored by an older Stride with users that aren't Discord ids, and "
        f"is read mended: {listed}. Nothing else changed."
    )


async def write_mended(
    store: SettingsStore, channel_id: str, stored: StoredEncounter, mends: tuple[str, ...]
) -> StoredEncounter | None:
    """``stored`` (read mended) written over the version it was read from, and the note
    kept for the channel's GM; None (nothing written) when another writer changed it
    since it was read."""
    from bot.schema.codec import dump_state

    text = dump_state(stored.encounter)
    decoded = await checked(text, store.board_rules)
    note = mended_note(mends)
    async with store.backend.transaction() as session:
        if await session.execute(q.SQL_UPDATE_ENCOUNTER, text, stored.id, stored.version) != 1:
            return None
        await store.update_meta_in(
            session, GM_NOTES + channel_id, lambda held: with_note(held, note, MENDED)
        )
    # the GM is told; the operator may count (the console prints warnings, not this)
    log.info("mended %d user ids of the stored board of channel %s", len(mends), channel_id)
    return StoredEncounter(stored.id, decoded, text, stored.version + 1)
