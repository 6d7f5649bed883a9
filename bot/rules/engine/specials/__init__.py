"""The registry of /move's special moves: each one a module of this package behind
``SpecialMove`` (base.py), registered here by name. ``plan_move`` looks a request's
special part up here and never names a special move; a mechanism plans through the
``PlanContext`` it is handed and never imports the pipeline.

Adding a special move: its module here (its part, its ``SpecialMove``), one line in
``REGISTERED`` below, the rule it asks of the rulesets that have it (a ClassVar of
``Ruleset``, None elsewhere), its /move option(s) in ``bot/handlers/move.py``'s
command spec, and its tests. Pure: no Discord, no database.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.errors import InvalidInput
from bot.rules.engine.moves import SpecialPart
from bot.rules.engine.specials.base import PlainMove, PlanContext, SpecialMove
from bot.rules.engine.specials.bull_rush import BullRushMove
from bot.rules.engine.specials.dismount import DismountMove
from bot.rules.engine.specials.drag import DragMove
from bot.rules.engine.specials.heavy import HeavyMove
from bot.rules.engine.specials.mount import MountMove

# Registration, in the order /move reads the options (the first one asked for names
# the refusal when two are)
REGISTERED: tuple[SpecialMove[Any], ...] = (
    BullRushMove(),
    HeavyMove(),
    MountMove(),
    DismountMove(),
    DragMove(),
)

SPECIAL_MOVES: Mapping[str, SpecialMove[Any]] = {move.name: move for move in REGISTERED}


def special_move(part: SpecialPart) -> SpecialMove[Any]:
    """The special move that plans ``part``."""
    return SPECIAL_MOVES[part.special]


def read_special(options: Mapping[str, Any]) -> SpecialPart | None:
    """The one special move /move's ``options`` ask for, or None; asking for two is
    refused (they are separate moves)."""
    asked = [(move, part) for move in REGISTERED if (part := move.read(options)) is not None]
    if len(asked) > 1:
        raise InvalidInput(asked[0][0].alone)
    return asked[0][1] if asked else None


__all__ = [
    "REGISTERED",
    "SPECIAL_MOVES",
    "PlainMove",
    "PlanContext",
    "SpecialMove",
    "read_special",
    "special_move",
]
