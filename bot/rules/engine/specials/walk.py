"""The walk: a token's own move on its own movement (or, ridden, its mount's: 002
Mount or Dismount a Steed; the SRDs' Mounted Combat), the kind every request is that
no other kind claims. The request, the ruleset's allowance, the path search and the
result are the engine's stages (``planning.py``, ``route.py``, ``result.py``); a rider
not in control of a mount not trained for war makes its check first (002 Control a
Frightened Mount). Its riders going along is the consequences stage's. Pure: no
Discord, no database.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.encounter import Encounter, Token
from bot.errors import InvalidInput
from bot.grid.coords import Cell
from bot.rules.engine.altitude import altitude
from bot.rules.engine.displacement import Planned, walked
from bot.rules.engine.kinds import MountControl
from bot.rules.engine.mounts import carried, control_mount, mount_of, needs_control, restored
from bot.rules.engine.moves import MoveRequest, MoveResult
from bot.rules.engine.planning import plan_of
from bot.rules.engine.result import result_of
from bot.rules.engine.route import route_of
from bot.rules.engine.specials.base import MoveKind, PlanContext
from bot.rules.rulings import JSONValue, Note

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset


class WalkMove(MoveKind):
    name = "walk"

    def claims(self, request: MoveRequest) -> bool:
        return True  # registered last: what no other kind claims

    def planned(self, ctx: PlanContext, encounter: Encounter, request: MoveRequest) -> Planned:
        result = walk(ctx, encounter, request)
        return Planned(result, (walked(result),))


def walk(
    ctx: PlanContext,
    encounter: Encounter,
    request: MoveRequest,
    *,
    budget_cap_ft: float | None = None,
    dragging: str = "",
) -> MoveResult:
    """The token's own move (its mount's, ridden): ``budget_cap_ft`` caps what it may
    spend, ``dragging`` names a grappled creature pulled along at the ruleset's cost.
    The mover's riders are off the board while it plans (they go with it, not in its
    way) and back where they were in the result."""
    rules = ctx.rules
    token = encounter.token(request.token)
    airborne = request.up_ft or altitude(token)
    if airborne and request.mode is None and "fly" in token.speeds_ft:
        request = replace(request, mode="fly")  # in the air, a flyer flies
    if request.up_ft and request.to is None:
        request = replace(request, to=token.cell)  # straight up or down
    controlled: _Controlled | None = None
    mount = mount_of(encounter, token)
    if mount is not None:
        control = needs_control(rules, mount)
        if control is not None:  # 002 Control a Frightened Mount
            checked = _control(rules, encounter, token, mount, control, request)
            if isinstance(checked, MoveResult):
                return checked  # not controlled: the mount is the GM's
            encounter, controlled = checked
        # a rider moves with its mount, on the mount's movement (002)
        token, request = mount, replace(request, token=mount.name, check=None)
    board, _ = carried(encounter, token)
    plan = plan_of(rules, board, token, request, budget_cap_ft, dragging)
    plan, route = route_of(plan, ctx.jump_rule)
    result = result_of(plan, route)
    result = replace(result, encounter=restored(encounter, result.encounter))
    return _with_control(result, controlled)


# the rider's check to control its mount: its note, who it provoked, the JSON
_Controlled = tuple[Note, dict[str, Cell], dict[str, JSONValue]]


def _control(
    rules: Ruleset,
    encounter: Encounter,
    rider: Token,
    mount: Token,
    control: MountControl,
    request: MoveRequest,
) -> tuple[Encounter, _Controlled] | MoveResult:
    """The rider's check to control a mount not trained for war (002 Control a
    Frightened Mount): the board after it and what the reply says of it, or, failed,
    the result of a move that moves nothing."""
    if request.jump is not None:
        raise InvalidInput(
            "check: is the Ride check here: control the mount, then jump in a move of its own."
        )
    after, note, provoked = control_mount(rules, encounter, rider, mount, control, request.check)
    encounter = encounter.with_token(after)
    checked: dict[str, JSONValue] = {
        "rider": after.name,
        "check": request.check,
        "dc": control.dc,
        "controlled": request.check is not None and request.check >= control.dc,
    }
    if not checked["controlled"]:
        return _mount_not_controlled(rules, encounter, mount, note, provoked, checked)
    return encounter, (note, provoked, checked)


def _with_control(result: MoveResult, controlled: _Controlled | None) -> MoveResult:
    """The mount's move with the rider's check to control it."""
    if controlled is None:
        return result
    note, provoked, checked = controlled
    provoked_at = {**provoked, **result.provoked_at}
    return replace(
        result,
        provokes=tuple(provoked_at),
        provoked_at=provoked_at,
        warnings=(note, *result.warnings),
        extra={**result.extra, "control": checked},
    )


def _mount_not_controlled(
    rules: Ruleset,
    encounter: Encounter,
    mount: Token,
    note: Note,
    provoked: dict[str, Cell],
    checked: dict[str, JSONValue],
) -> MoveResult:
    """A failed check to control a mount (002 Control a Frightened Mount): nothing moves
    (the GM moves the mount as it will), the rider's turn is over, and the check still
    provoked."""
    return MoveResult(
        encounter=encounter,
        token=mount,
        action="control-mount",
        mode="walk",
        path=(mount.cell,),
        steps=(),
        cost_ft=0.0,
        used_ft=mount.activity.spent_ft,
        total_ft=mount.activity.budget_ft,
        provokes=tuple(provoked),
        provoked_at=provoked,
        source=rules.source("Control a Frightened Mount"),
        warnings=(note,),
        extra={"control": checked},
        done_for_the_turn=True,
    )


# the registry's one line names this module (engine/specials/__init__.py)
KIND = WalkMove()


__all__ = ["KIND", "WalkMove", "walk"]
