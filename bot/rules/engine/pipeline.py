"""One /move, the same way for every ruleset, stage by stage: the request, the
ruleset's allowance for the action, the path search, the end-of-move checks, the
attacks the move provokes, the result. Each stage lives in its own module
(search, jump, attacks, refusal, group); an illegal move raises with the square
and rule that stop it and the nearest square the token can reach instead.
Pure: no Discord, no database.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.encounter import Encounter, Token
from bot.errors import InvalidInput
from bot.grid.coords import Cell
from bot.rules.engine.altitude import altitude
from bot.rules.engine.forced import forced_move
from bot.rules.engine.jump import JumpRule
from bot.rules.engine.kinds import MountControl
from bot.rules.engine.mounts import (
    carried,
    control_mount,
    mount_of,
    needs_control,
    riding_note,
    seated,
)
from bot.rules.engine.moves import MoveRequest, MoveResult
from bot.rules.engine.planning import plan_of
from bot.rules.engine.result import result_of
from bot.rules.engine.route import route_of
from bot.rules.engine.specials import PlainMove, PlanContext, special_move
from bot.rules.engine.unseating import mount_moved
from bot.rules.rulings import JSONValue, Note

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset

__all__ = ["JumpRule", "plan_move"]


def plan_move(
    rules: Ruleset,
    encounter: Encounter,
    request: MoveRequest,
    *,
    jump_rule: JumpRule | None = None,
    budget_cap_ft: float | None = None,
    dragging: str = "",
) -> MoveResult:
    """The whole of one /move under ``rules``: a result, or an error that changes nothing.

    ``jump_rule`` is the ruleset's /jump, for a move with a jump on the way;
    ``dragging`` names a grappled creature dragged along (its cost is the ruleset's)."""
    token = encounter.token(request.token)
    if request.special is not None:  # a special move of the registry plans it
        ctx = PlanContext(rules, jump_rule, _plain_move(rules, jump_rule))
        return special_move(request.special).plan(ctx, encounter, request, request.special)
    airborne = request.up_ft or altitude(token)
    if airborne and request.mode is None and "fly" in token.speeds_ft and not request.forced:
        request = replace(request, mode="fly")  # in the air, a flyer flies
    if request.up_ft and request.to is None:
        request = replace(request, to=token.cell)  # straight up or down
    unseated: tuple[Note, ...] = ()
    controlled: _Controlled | None = None
    mount = mount_of(encounter, token)
    if mount is not None and request.forced:
        # a rider pushed, pulled or slid is out of the saddle
        token = replace(token, riding=None)
        encounter = encounter.with_token(token)
        unseated = (Note("Unseated", f"{token.name} is moved off {mount.name}."),)
    elif mount is not None:
        control = needs_control(rules, mount)
        if control is not None:  # 002 Control a Frightened Mount
            checked = _control(rules, encounter, token, mount, control, request)
            if isinstance(checked, MoveResult):
                return checked  # not controlled: the mount is the GM's
            encounter, controlled = checked
        # a rider moves with its mount, on the mount's movement (002)
        token, request = mount, replace(request, token=mount.name, check=None)
    board, riders = carried(encounter, token)
    result = _move(rules, board, token, request, jump_rule, budget_cap_ft, dragging)
    result = _riding(result, encounter, riders, controlled, unseated)
    return mount_moved(rules, result, riders, request)  # the SRDs: a save to stay on


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


def _riding(
    result: MoveResult,
    encounter: Encounter,
    riders: list[Token],
    controlled: _Controlled | None,
    unseated: tuple[Note, ...],
) -> MoveResult:
    """The mount's move with what riding adds: the rider's check to control it, the
    riders carried along (back in the saddle where it ends), a rider unseated."""
    if controlled is not None:
        note, provoked, checked = controlled
        provoked_at = {**provoked, **result.provoked_at}
        result = replace(
            result,
            provokes=tuple(provoked_at),
            provoked_at=provoked_at,
            warnings=(note, *result.warnings),
            extra={**result.extra, "control": checked},
        )
    if riders:
        result = replace(
            result,
            encounter=seated(
                encounter, result.encounter, riders, result.path[-1], altitude(result.token)
            ),
            warnings=(*result.warnings, riding_note(result.token, riders)),
        )
    if unseated:
        result = replace(result, warnings=(*result.warnings, *unseated))
    return result


def _plain_move(rules: Ruleset, jump_rule: JumpRule | None) -> PlainMove:
    """The pipeline's own move, as a special move is lent it (``PlanContext.move``)."""

    def plain(
        encounter: Encounter,
        request: MoveRequest,
        *,
        budget_cap_ft: float | None = None,
        dragging: str = "",
    ) -> MoveResult:
        return plan_move(
            rules,
            encounter,
            request,
            jump_rule=jump_rule,
            budget_cap_ft=budget_cap_ft,
            dragging=dragging,
        )

    return plain


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


def _move(
    rules: Ruleset,
    encounter: Encounter,
    token: Token,
    request: MoveRequest,
    jump_rule: JumpRule | None,
    budget_cap_ft: float | None,
    dragging: str,
) -> MoveResult:
    if request.forced:
        return forced_move(rules, encounter, token, request)
    if request.group and budget_cap_ft is None:
        return rules.group_move(
            PlanContext(rules, jump_rule, _plain_move(rules, jump_rule)), encounter, request
        )
    plan = plan_of(rules, encounter, token, request, budget_cap_ft, dragging)
    plan, route = route_of(plan, jump_rule)
    return result_of(plan, route)
