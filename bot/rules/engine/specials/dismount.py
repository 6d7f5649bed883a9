"""Dismounting (002 Mount or Dismount a Steed; the SRDs' Mounted Combat): the rider
gets off, paying what the ruleset's ``MountRule`` asks, and steps out of its mount's
space to ``to``. Pure: no Discord, no database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from bot.encounter import Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.geometry import footprint
from bot.rules.engine.displacement import Planned, walked
from bot.rules.engine.mounts import (
    check_once_per_move,
    mount_of,
    mount_rule,
    saddle_cost,
    saddled,
)
from bot.rules.engine.moves import MoveRequest, MoveResult, SpecialPart, Step
from bot.rules.engine.specials.base import PlanContext, SpecialMove
from bot.rules.rulings import Note
from bot.units import feet


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
    ) -> Planned:
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
        check_once_per_move(rule, rider)
        off = replace(rider, riding=None)
        movement = rules.sheet.token_movement(off)
        before = encounter.with_token(off)
        on_foot = replace(request, special=None)
        if rule.cost == "move-action":
            activity, _ = saddle_cost(rules, rule, before, off, movement.speed_ft, 0.0)
            off = replace(off, activity=activity)
            before = before.with_token(off)
            moved = ctx.move(before, on_foot)
            paid = 0.0
        else:
            allowance = rules.economy.allowance(before, off, on_foot, movement)
            _, paid = saddle_cost(
                rules, rule, before, off, movement.speed_ft, allowance.available_ft
            )
            if rule.within_5_ft:
                moved = _landed(ctx, before, on_foot, mount, allowance.available_ft, paid)
            else:
                moved = ctx.move(before, on_foot, budget_cap_ft=allowance.available_ft - paid)
        token = moved.token
        if paid:
            token = replace(
                token, activity=replace(token.activity, spent_ft=token.activity.spent_ft + paid)
            )
        token = replace(token, activity=saddled(rule, token.activity, "dismount"))
        note = Note("Dismount", f"{rider.name} gets off {mount.name} ({rule.text}).")
        result = replace(
            moved,
            encounter=moved.encounter.with_token(token),
            token=token,
            action="dismount",
            cost_ft=round(moved.cost_ft + paid, 4),
            used_ft=round(token.activity.spent_ft, 4),
            notes=(*moved.notes, note),
            extra={**moved.extra, "dismounted": mount.name},
        )
        return Planned(result, (walked(result),))


def _landed(
    ctx: PlanContext,
    before: Encounter,
    on_foot: MoveRequest,
    mount: Token,
    available_ft: float,
    paid: float,
) -> MoveResult:
    """The SRDs' dismount: the rider lands in a space within 5 ft of its mount for the
    price alone (``paid``), and walks on from there to ``to`` on what is left. The
    result's steps show the landing at the price and its cost leaves the landing out
    (the caller adds ``paid``)."""
    moved = ctx.move(before, on_foot, budget_cap_ft=available_ft)
    sides = ctx.rules.footprint_squares
    saddle = set(footprint(mount.cell, sides.get(mount.size, 1)))
    side = sides.get(moved.token.size, 1)
    landing = next(
        (i for i, s in enumerate(moved.steps) if not set(footprint(s.cell, side)) & saddle),
        len(moved.steps) - 1,
    )
    free = sum(s.cost_ft for s in moved.steps[: landing + 1])
    walk = round(moved.cost_ft - free, 4)
    if walk > available_ft - paid + 1e-9:
        rider = moved.token.name
        raise IllegalMove(
            f"{rider} lands within 5 ft of {mount.name} for half its speed ({feet(paid)}) "
            f"and has {feet(max(0.0, available_ft - paid))} left; walking on to "
            f"{moved.path[-1]} costs {feet(walk)}. Dismount to a square beside "
            f"{mount.name}, then move on."
        )
    steps: list[Step] = []
    total = paid
    for i, step in enumerate(moved.steps):
        if i < landing:
            steps.append(Step(step.cell, 0.0, 0.0, "still in the saddle"))
            continue
        if i == landing:
            steps.append(Step(step.cell, paid, paid, "dismounting: lands within 5 ft"))
            continue
        total = round(total + step.cost_ft, 4)
        steps.append(Step(step.cell, step.cost_ft, total, step.why))
    token = replace(
        moved.token,
        activity=replace(
            moved.token.activity, spent_ft=round(moved.token.activity.spent_ft - free, 4)
        ),
    )
    return replace(
        moved,
        encounter=moved.encounter.with_token(token),
        token=token,
        steps=tuple(steps),
        cost_ft=walk,
    )


# the registry's one line names this module (engine/specials/__init__.py)
KIND = DismountMove()


__all__ = ["KIND", "Dismount", "DismountMove"]
