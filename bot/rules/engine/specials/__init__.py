"""The registry of /move's kinds of move: each one a module of this package behind
``MoveKind`` (base.py), registered here by one line in ``REGISTRATION``. The pipeline asks
``kind_of`` which kind claims a request and never names one; a kind plans through the
``PlanContext`` it is handed, never imports the pipeline, and returns its result with
the displacements it makes: the consequences stage (``engine/consequences.py``) does
the rest, the same way for every kind.

Adding a kind of move: its module here (its ``MoveKind`` as ``KIND``; a special move
read from /move options of its own is a ``SpecialMove`` with its part), one line in
``REGISTRATION`` below, the rule it asks of the rulesets that have it (a ClassVar of
``Ruleset``, None elsewhere), for a special move its /move option(s) in
``bot/handlers/move.py``'s command spec, and its tests. Pure: no Discord, no database.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Any

from bot.errors import InvalidInput
from bot.rules.engine.moves import MoveRequest, SpecialPart
from bot.rules.engine.specials.base import MoveKind, PlainMove, PlanContext, SpecialMove

# Registration: one line per kind, the module of this package that sets its ``KIND``,
# in the order the kinds are asked whether they claim a request (the walk, last,
# claims what none other does); the special moves among them in the order /move reads
# their options (the first one asked for names the refusal when two are)
REGISTRATION: tuple[str, ...] = (
    "readied",
    "bull_rush",
    "heavy",
    "mount",
    "dismount",
    "drag",
    "forced",
    "group",
    "walk",
)


def _registered(module: str) -> MoveKind:
    kind = import_module(f"{__name__}.{module}").KIND
    assert isinstance(kind, MoveKind), f"{module}.KIND is no MoveKind"
    return kind


KINDS: tuple[MoveKind, ...] = tuple(_registered(module) for module in REGISTRATION)

MOVE_KINDS: Mapping[str, MoveKind] = {kind.name: kind for kind in KINDS}

REGISTERED: tuple[SpecialMove[Any], ...] = tuple(k for k in KINDS if isinstance(k, SpecialMove))

SPECIAL_MOVES: Mapping[str, SpecialMove[Any]] = {move.name: move for move in REGISTERED}


def kind_of(request: MoveRequest) -> MoveKind:
    """The kind of move that claims ``request``."""
    return next(kind for kind in KINDS if kind.claims(request))


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
    "KINDS",
    "MOVE_KINDS",
    "REGISTERED",
    "REGISTRATION",
    "SPECIAL_MOVES",
    "MoveKind",
    "PlainMove",
    "PlanContext",
    "SpecialMove",
    "kind_of",
    "read_special",
    "special_move",
]
