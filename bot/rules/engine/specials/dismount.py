"""Dismounting (002 Mount or Dismount a Steed; the SRDs' Mounted Combat): the rider
gets off, paying what the ruleset's ``MountRule`` asks, and steps out of its mount's
space to ``to``. Pure: no Discord, no database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from bot.encounter import Encounter
from bot.errors import InvalidInput
from bot.rules.engine.mounts import mount_of, mount_rule, saddle_cost
from bot.rules.engine.moves import MoveRequest, MoveResult, SpecialPart
from bot.rules.engine.specials.base import PlanContext, SpecialMove
from bot.rules.rulings import Note


@dataclass(frozen=True)
class Dismount(SpecialPart):
    """``dismount:true``: the rider gets off, stepping to ``to``."""

    special: ClassVar[str] = "dismount"


class DismountMove(SpecialMove[Dismount]):
    name = "dismount"
    part = Dismount
    options = ("dismount",)
    reports = "dismounted"
    alone = "dismount: is a move of its own: drag: or heavy: go in another /move."

    def read(self, options: Mapping[str, Any]) -> Dismount | None:
        return Dismount() if options.get("dismount") else None

    def plan(
        self, ctx: PlanContext, encounter: Encounter, request: MoveRequest, part: Dismount
    ) -> MoveResult:
        """The rider gets off (paying the ruleset's price) and leaves the mount's space for
        ``to`` (002: "you must exit the mount's space to dismount")."""
        rules = ctx.rules
        rule = mount_rule(rules)
        rider = encounter.token(request.token)
        mount = mount_of(encounter, rider)
        if mount is None:
            raise InvalidInput(f"{rider.name} isn't riding anything.")
        if request.to is None:
            raise InvalidInput("Say where it steps down to: to:<square> beside its mount.")
        off = replace(rider, riding=None)
        movement = rules.token_movement(off)
        before = encounter.with_token(off)
        on_foot = replace(request, special=None)
        if rule.cost == "move-action":
            activity, _ = saddle_cost(rules, rule, before, off, movement.speed_ft, 0.0)
            off = replace(off, activity=activity)
            before = before.with_token(off)
            moved = ctx.move(before, on_foot)
            paid = 0.0
        else:
            allowance = rules.allowance(before, off, on_foot, movement)
            _, paid = saddle_cost(
                rules, rule, before, off, movement.speed_ft, allowance.available_ft
            )
            moved = ctx.move(before, on_foot, budget_cap_ft=allowance.available_ft - paid)
        token = moved.token
        if paid:
            token = replace(
                token, activity=replace(token.activity, spent_ft=token.activity.spent_ft + paid)
            )
        note = Note("Dismount", f"{rider.name} gets off {mount.name} ({rule.text}).")
        return replace(
            moved,
            encounter=moved.encounter.with_token(token),
            token=token,
            action="dismount",
            cost_ft=round(moved.cost_ft + paid, 4),
            used_ft=round(token.activity.spent_ft, 4),
            notes=(*moved.notes, note),
            extra={**moved.extra, "dismounted": mount.name},
        )


__all__ = ["Dismount", "DismountMove"]
