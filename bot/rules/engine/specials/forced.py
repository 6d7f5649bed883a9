"""Forced movement as a kind of move (``forced:push|pull|slide``, 004 Forced Movement,
for every ruleset): the GM moves a creature against its will along the forced path
(``engine/forced.py``). It displaces the creature "pushed", at most as far as the
squares the GM gave; what that does to riders, saves and grapples is the consequences
stage's. Pure: no Discord, no database.
"""

from __future__ import annotations

from itertools import pairwise

from bot.encounter import Encounter
from bot.grid.geometry import chebyshev
from bot.rules.engine.displacement import Displacement, Planned
from bot.rules.engine.forced import forced_move
from bot.rules.engine.moves import MoveRequest
from bot.rules.engine.specials.base import MoveKind, PlanContext


class ForcedMove(MoveKind):
    name = "forced"

    def claims(self, request: MoveRequest) -> bool:
        return request.forced is not None

    def planned(self, ctx: PlanContext, encounter: Encounter, request: MoveRequest) -> Planned:
        token = encounter.token(request.token)
        result = forced_move(ctx.rules, encounter, token, request)
        way = [token.cell, *request.via, *((request.to,) if request.to is not None else ())]
        most = sum(chebyshev(a, b) for a, b in pairwise(way))
        return Planned(result, (Displacement(token.key, result.path, "pushed", most),))


# the registry's one line names this module (engine/specials/__init__.py)
KIND = ForcedMove()

__all__ = ["KIND", "ForcedMove"]
