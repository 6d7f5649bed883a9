"""A group moving together (``group:``, becmi 003 Character Movement Rates: at the
slowest one's rate): the ruleset's ``group_move`` plans it (``engine/group.py``'s
mechanism); each member walked its own path. Pure: no Discord, no database.
"""

from __future__ import annotations

from bot.encounter import Encounter
from bot.grid.coords import Cell
from bot.rules.engine.displacement import Displacement, Planned, walked
from bot.rules.engine.moves import MoveRequest
from bot.rules.engine.specials.base import MoveKind, PlanContext


class GroupMove(MoveKind):
    name = "group"

    def claims(self, request: MoveRequest) -> bool:
        return bool(request.group)

    def planned(self, ctx: PlanContext, encounter: Encounter, request: MoveRequest) -> Planned:
        result = ctx.rules.group_move(ctx, encounter, request)
        members = result.extra.get("group")
        moved = [walked(result)]
        for member in members if isinstance(members, list) else ():
            assert isinstance(member, dict)
            name, path = member["token"], member["path"]
            assert isinstance(name, str) and isinstance(path, list)
            cells = tuple(Cell.parse(str(c)) for c in path)
            moved.append(Displacement(encounter.token(name).key, cells, "walked"))
        return Planned(result, tuple(moved))


# the registry's one line names this module (engine/specials/__init__.py)
KIND = GroupMove()


__all__ = ["KIND", "GroupMove"]
