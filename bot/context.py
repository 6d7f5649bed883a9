"""Who is asking, where, with which dice: what a handler gets besides the options."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from bot.storage import Store


@dataclass
class Context:
    store: Store
    channel_id: str
    user_id: str
    is_gm: bool
    rng: random.Random
    # The one-time "this channel uses the default ruleset" notice this reply shows: it is
    # marked shown only once the command succeeded (a refused command keeps it).
    default_notice_pending: bool = field(default=False, compare=False)
