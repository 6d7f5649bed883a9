"""Mounting a steed (002 Mount or Dismount a Steed; the SRDs' Mounted Combat): the
rider moves beside its mount, enters its space and pays what the ruleset asks (a
``MountRule``). Riding and the rest of a mount's life on the board are
``engine/mounts.py``'s. Pure: no Discord, no database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from bot.encounter import Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.grid.geometry import footprint
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.destinations import destinations
from bot.rules.engine.displacement import Planned, walked
from bot.rules.engine.mounts import (
    check_mountable,
    check_once_per_move,
    mount_rule,
    saddle_cost,
    saddled,
)
from bot.rules.engine.moves import MoveRequest, MoveResult, SpecialPart, Step
from bot.rules.engine.specials.base import PlanContext, SpecialMove
from bot.rules.rulings import Note
from bot.units import feet

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset


@dataclass(frozen=True)
class Mount(SpecialPart):
    """``mount:<token>``: the mount the token climbs onto."""

    special: ClassVar[str] = "mount"
    mount: str


class MountMove(SpecialMove[Mount]):
    name = "mount"
    part = Mount
    options = ("mount",)
    reports = "mounted"
    alone = "mount: is a move of its own: drag:, dismount: or heavy: go in another /move."

    def read(self, options: Mapping[str, Any]) -> Mount | None:
        return Mount(options["mount"]) if options.get("mount") else None

    def plan(
        self, ctx: PlanContext, encounter: Encounter, request: MoveRequest, part: Mount
    ) -> Planned:
        """The rider moves beside its mount, enters its space and mounts (002: "you must
        enter your mount's space to mount"), paying the ruleset's price."""
        rules = ctx.rules
        rule = mount_rule(rules)
        rider = encounter.token(request.token)
        mount = encounter.token(part.mount)
        check_mountable(encounter, rider, mount)
        check_once_per_move(rule, rider)
        # the fifth editions' Dash and Disengage are the turn's action, and mounting costs
        # movement within it: the way to the mount keeps them (no opportunity attacks)
        kept = request.action in (MoveAction.DASH, MoveAction.DISENGAGE)
        if request.action not in (None, MoveAction.MOVE) and not kept:
            raise InvalidInput(
                f"mount: is a move of its own, the way to {mount.name} on {rider.name}'s "
                f"move: action:{request.action} doesn't go with it (it would be dropped). "
                "Leave out action:, or mount first and then take it."
            )
        plain = replace(request, special=None, action=request.action if kept else MoveAction.MOVE)
        approach, entering = _approach(ctx, encounter, rider, mount, plain)
        if rule.within_5_ft:
            entering = 0.0  # the SRDs: a creature within 5 ft is mounted from there
        movement = rules.sheet.token_movement(rider)
        if approach is None:
            allowance = rules.economy.allowance(
                encounter, rider, replace(plain, to=rider.cell), movement
            )
            activity, left, before = allowance.activity, allowance.available_ft, encounter
            said = allowance.notes
        else:
            activity, left = approach.token.activity, approach.remaining_ft
            before, said = approach.encounter, approach.notes
        # the turn's action taken on the way (its Dash, its Disengage): the reply says so
        label = str(request.action).capitalize() if kept else ""
        taken = tuple(n for n in said if n.label == label)
        if entering > left:
            raise IllegalMove(
                f"{rider.name} has {feet(left)} left: entering {mount.name}'s space takes "
                f"{feet(entering)}."
            )
        spent = entering
        after_rider = replace(
            before.tokens[rider.key],
            activity=replace(activity, spent_ft=round(activity.spent_ft + entering, 4)),
        )
        activity, paid = saddle_cost(
            rules, rule, before, after_rider, movement.speed_ft, left - entering
        )
        spent += paid
        final = replace(
            after_rider,
            cell=mount.cell,
            activity=saddled(
                rule, replace(activity, spent_ft=round(activity.spent_ft + paid, 4)), "mount"
            ),
            riding=mount.key,
        )
        note = Note("Mount", f"{rider.name} mounts {mount.name} ({rule.text}).")
        result = _mounted(
            rules, before.with_token(final), final, rider, mount, approach, spent, (*taken, note)
        )
        return Planned(result, (walked(result),))


def _approach(
    ctx: PlanContext, encounter: Encounter, rider: Token, mount: Token, plain: MoveRequest
) -> tuple[MoveResult | None, float]:
    """The move to the square beside the mount nearest in movement (None: the rider is
    beside it or in its space already), and what entering its space then costs."""
    rules = ctx.rules
    side = rules.footprint_squares
    rider_side = side.get(rider.size, 1)
    mount_cells = set(footprint(mount.cell, side.get(mount.size, 1)))
    square = float(rules.square_ft)
    mine = set(footprint(rider.cell, rider_side))
    if mine & mount_cells:
        return None, 0.0  # already in its space
    if _touching(mine, mount_cells):
        return None, square
    reachable = dict(destinations(rules, encounter, rider.name))
    beside = [
        (cost, c.row, c.col, c)
        for c, cost in reachable.items()
        if _touching(set(footprint(c, rider_side)), mount_cells)
        and not set(footprint(c, rider_side)) & mount_cells
    ]
    if not beside:
        raise IllegalMove(
            f"{rider.name} can't reach {mount.name} with a move: it must enter its "
            "space to mount (Rules of the Game › Mount or Dismount a Steed)."
        )
    goal = min(beside)[3]
    return ctx.move(encounter, replace(plain, to=goal)), square


def _touching(mine: set[Cell], theirs: set[Cell]) -> bool:
    return any(max(abs(a.col - b.col), abs(a.row - b.row)) == 1 for a in mine for b in theirs)


def _mounted(
    rules: Ruleset,
    after: Encounter,
    final: Token,
    rider: Token,
    mount: Token,
    approach: MoveResult | None,
    spent: float,
    notes: tuple[Note, ...],
) -> MoveResult:
    """The result: the approach, then the step into the saddle."""
    base_path = approach.path if approach is not None else (rider.cell,)
    base_cost = approach.cost_ft if approach is not None else 0.0
    path = (*base_path, mount.cell) if mount.cell != base_path[-1] else base_path
    steps = (
        *(approach.steps if approach is not None else ()),
        *((Step(mount.cell, spent, round(base_cost + spent, 4), "mounting"),) if spent else ()),
    )
    return MoveResult(
        encounter=after,
        token=final,
        action="mount",
        mode="walk",
        path=path,
        steps=steps,
        cost_ft=round(base_cost + spent, 4),
        used_ft=round(final.activity.spent_ft, 4),
        total_ft=float(final.activity.budget_ft),
        provokes=approach.provokes if approach is not None else (),
        provoked_at=approach.provoked_at if approach is not None else {},
        source=rules.source("Mount or Dismount a Steed"),
        warnings=approach.warnings if approach is not None else (),
        notes=notes,
        extra={
            **({"disengaged": True} if any(n.label == "Disengage" for n in notes) else {}),
            "mounted": mount.name,
        },
        done_for_the_turn=rules.economy.done_for_the_turn(final.activity),
    )


# the registry's one line names this module (engine/specials/__init__.py)
KIND = MountMove()


__all__ = ["KIND", "Mount", "MountMove"]
