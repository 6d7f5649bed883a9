"""Who is asking, where, with which dice: what a handler gets besides the options."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.storage import Store


@dataclass
class Context:
    store: Store
    channel_id: str
    user_id: str
    is_gm: bool
    rng: random.Random
