"""A channel an option names (``/encounter load from:#prep``), as the asker stands there.

The shells resolve it, each from what it knows: Discord from the channel it hands over
(the asker's permissions there, its server); the console from its flags and the server
the store has seen the channel in. ``bot/handlers/elsewhere.py`` decides from it what the
asker may read there. A channel typed as text and resolved by no shell knows nothing of
the asker there, so it reads as a channel they can't see (nothing is read)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class NamedChannel:
    id: str
    guild_id: str | None = None  # its server; None: a DM's, or not known
    visible: bool = False  # the asker can see it (View Channel there)
    manages: bool = False  # the asker has Manage Channels there: a GM there
