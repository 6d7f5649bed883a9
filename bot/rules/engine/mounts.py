"""Mounts on the board (002 Mount or Dismount a Steed; the SRDs' Mounted Combat): a
rider mounts by entering its mount's space and paying what the ruleset asks, then moves
with the mount on the mount's movement (drawn on top of it), and dismounts by leaving
its space. A ruleset supplies a ``MountRule``. Pure: no Discord, no database.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.encounter import Activity, Condition, Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.grid.geometry import footprint
from bot.rules.engine.altitude import at_altitude
from bot.rules.engine.board import Board, hostile
from bot.rules.engine.kinds import MountControl, MountRule
from bot.rules.engine.moves import MoveRequest, MoveResult, Step
from bot.rules.engine.traits import has_trait
from bot.rules.rulings import Note
from bot.units import feet

if TYPE_CHECKING:
    from bot.rules.engine.jump import JumpRule
    from bot.rules.ruleset import Ruleset


def mount_of(encounter: Encounter, rider: Token) -> Token | None:
    return encounter.mount_of(rider)


def riders_of(encounter: Encounter, mount: Token) -> list[Token]:
    return encounter.riders_of(mount)


def check_mountable(encounter: Encounter, rider: Token, mount: Token) -> None:
    """Whether ``rider`` may ride ``mount`` at all, or an error saying why: at least one
    size larger, not hostile, and neither already riding or ridden the other way."""
    if mount.key == rider.key:
        raise InvalidInput(f"{rider.name} can't ride itself.")
    if mount_of(encounter, rider) is not None:
        raise InvalidInput(f"{rider.name} is riding already: dismount:true first.")
    if mount_of(encounter, mount) is not None or riders_of(encounter, rider):
        raise InvalidInput(f"{mount.name} is a rider or {rider.name} a mount: not both.")
    if mount.size <= rider.size:
        raise IllegalMove(
            f"{mount.name} ({mount.size.label}) must be at least one size larger than "
            f"{rider.name} ({rider.size.label}) to carry it."
        )
    if hostile(rider, mount):
        raise IllegalMove(f"{mount.name} is hostile to {rider.name}: it won't be ridden.")


def _rule(rules: Ruleset) -> MountRule:
    if rules.mount_rule is None:
        raise InvalidInput(f"{rules.name}'s movement rules have no mounts on the board.")
    return rules.mount_rule


def mount_move(
    rules: Ruleset, encounter: Encounter, request: MoveRequest, *, jump_rule: JumpRule | None
) -> MoveResult:
    """The rider moves beside its mount, enters its space and mounts (002: "you must
    enter your mount's space to mount"), paying the ruleset's price."""
    from bot.rules.engine.destinations import destinations
    from bot.rules.engine.pipeline import plan_move

    rule = _rule(rules)
    rider = encounter.token(request.token)
    mount = encounter.token(request.mount or "")
    check_mountable(encounter, rider, mount)
    side = rules.footprint_squares
    rider_side = side.get(rider.size, 1)
    mount_cells = set(footprint(mount.cell, side.get(mount.size, 1)))
    plain = replace(request, mount=None, action="move")
    square = float(rules.square_ft)
    mine = set(footprint(rider.cell, rider_side))
    if mine & mount_cells:
        approach, entering = None, 0.0  # already in its space
    elif any(max(abs(a.col - b.col), abs(a.row - b.row)) == 1 for a in mine for b in mount_cells):
        approach, entering = None, square
    else:
        reachable = dict(destinations(rules, encounter, rider.name))
        beside = [
            (cost, c.row, c.col, c)
            for c, cost in reachable.items()
            if any(
                max(abs(a.col - b.col), abs(a.row - b.row)) == 1
                for a in footprint(c, rider_side)
                for b in mount_cells
            )
            and not set(footprint(c, rider_side)) & mount_cells
        ]
        if not beside:
            raise IllegalMove(
                f"{rider.name} can't reach {mount.name} with a move: it must enter its "
                "space to mount (Rules of the Game › Mount or Dismount a Steed)."
            )
        goal = min(beside)[3]
        approach = plan_move(rules, encounter, replace(plain, to=goal), jump_rule=jump_rule)
        entering = square
    movement = rules.token_movement(rider)
    if approach is None:
        allowance = rules.allowance(encounter, rider, replace(plain, to=rider.cell), movement)
        activity, left, before = allowance.activity, allowance.available_ft, encounter
    else:
        activity, left = approach.token.activity, approach.remaining_ft
        before = approach.encounter
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
    activity, paid = _pay(rules, rule, before, after_rider, movement.speed_ft, left - entering)
    spent += paid
    final = replace(
        after_rider,
        cell=mount.cell,
        activity=replace(activity, spent_ft=round(activity.spent_ft + paid, 4)),
        riding=mount.key,
    )
    after = before.with_token(final)
    base_path = approach.path if approach is not None else (rider.cell,)
    base_cost = approach.cost_ft if approach is not None else 0.0
    path = (*base_path, mount.cell) if mount.cell != base_path[-1] else base_path
    steps = (
        *(approach.steps if approach is not None else ()),
        *((Step(mount.cell, spent, round(base_cost + spent, 4), "mounting"),) if spent else ()),
    )
    note = Note("Mount", f"{rider.name} mounts {mount.name} ({rule.text}).")
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
        notes=(note,),
        extra={"mounted": mount.name},
        done_for_the_turn=rules.done_for_the_turn(final.activity),
    )


def _pay(
    rules: Ruleset,
    rule: MountRule,
    encounter: Encounter,
    rider: Token,
    speed_ft: int,
    left_ft: float,
) -> tuple[Activity, float]:
    """What mounting or dismounting takes: (the activity after, movement spent)."""
    activity = rider.activity
    if rule.cost == "half-speed":
        half = float(speed_ft // 2)
        if half > left_ft + 1e-9:
            raise IllegalMove(
                f"{rider.name} has {feet(left_ft)} of movement left; mounting or dismounting "
                f"costs half its speed ({feet(half)}) ({rule.text})."
            )
        return activity, half
    if rule.cost == "move-action":
        try:
            taken = rules.allowance(
                encounter,
                rider,
                MoveRequest(rider.name, action="move"),
                rules.token_movement(rider),
            )
        except IllegalMove as refused:
            raise IllegalMove(
                f"Mounting or dismounting takes a move action and {rider.name} has none left "
                f"({rule.text}): {refused.message}"
            ) from None
        # the move action goes on the saddle: its movement is not for walking
        done = taken.activity
        return replace(done, spent_ft=done.budget_ft), 0.0
    return activity, 0.0


def dismount_move(
    rules: Ruleset, encounter: Encounter, request: MoveRequest, *, jump_rule: JumpRule | None
) -> MoveResult:
    """The rider gets off (paying the ruleset's price) and leaves the mount's space for
    ``to`` (002: "you must exit the mount's space to dismount")."""
    from bot.rules.engine.pipeline import plan_move

    rule = _rule(rules)
    rider = encounter.token(request.token)
    mount = mount_of(encounter, rider)
    if mount is None:
        raise InvalidInput(f"{rider.name} isn't riding anything.")
    if request.to is None:
        raise InvalidInput("Say where it steps down to: to:<square> beside its mount.")
    off = replace(rider, riding=None)
    movement = rules.token_movement(off)
    before = encounter.with_token(off)
    if rule.cost == "move-action":
        activity, _ = _pay(rules, rule, before, off, movement.speed_ft, 0.0)
        off = replace(off, activity=activity)
        before = before.with_token(off)
        moved = plan_move(rules, before, replace(request, dismount=False), jump_rule=jump_rule)
        paid = 0.0
    else:
        allowance = rules.allowance(before, off, replace(request, dismount=False), movement)
        _, paid = _pay(rules, rule, before, off, movement.speed_ft, allowance.available_ft)
        moved = plan_move(
            rules,
            before,
            replace(request, dismount=False),
            jump_rule=jump_rule,
            budget_cap_ft=allowance.available_ft - paid,
        )
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


def needs_control(rules: Ruleset, mount: Token) -> MountControl | None:
    """The ruleset's control rule when ``mount`` calls for it (a mount not trained for
    war, 002 Control a Frightened Mount), else None."""
    rule = rules.mount_rule
    if rule is None or rule.control is None or not has_trait(mount, rule.control.trait):
        return None
    return rule.control


def control_mount(
    rules: Ruleset,
    encounter: Encounter,
    rider: Token,
    mount: Token,
    control: MountControl,
    check: int | None,
) -> tuple[Token, Note, dict[str, Cell]]:
    """The rider's check to control ``mount`` (002 Control a Frightened Mount): a move
    action of its own that provokes attacks of opportunity from the foes threatening it.
    Returns the rider after it, the note, and who it provokes (by name, at the rider's
    square). A failed check (``check`` under the DC) ends the rider's turn and leaves the
    mount to the GM: the mount doesn't move where the rider meant."""
    if check is None:
        raise InvalidInput(
            f"{mount.name} isn't trained for war: in battle {rider.name} controls it with "
            f"{control.check}, a move action that provokes attacks of opportunity "
            f"({control.cite}). Roll it, then give check:<total>."
        )
    failed = check < control.dc
    doing = f"Controlling {mount.name} (not trained for war)"
    after = rules.spend_move_action(rider, doing, ends_turn=failed)
    provoked = {
        foe.name: rider.cell
        for foe in encounter.tokens.values()
        if foe.key not in (rider.key, mount.key)
        and hostile(rider, foe)
        and not foe.has(Condition.INCAPACITATED)
        and rules.threatens(Board.of(encounter, foe, rules.footprint_squares), foe, rider.cell)
    }
    if failed:
        text = (
            f"{rider.name}'s check ({check}) is under {control.dc}: {mount.name} does what "
            f"it will (the GM moves it), and {rider.name}'s turn ends ({control.cite})."
        )
    else:
        text = (
            f"{rider.name} controls {mount.name} ({check} against {control.dc}): a move action "
            f"of its own that provokes; the mount's move is part of it, and {rider.name} may "
            f"still take a standard action ({control.cite})."
        )
    return after, Note("Control", text), provoked


def carried(encounter: Encounter, mover: Token) -> tuple[Encounter, list[Token]]:
    """The encounter without ``mover``'s riders (they move with it, not in its way)."""
    riders = riders_of(encounter, mover)
    if not riders:
        return encounter, []
    keys = {r.key for r in riders}
    return replace(
        encounter, tokens={k: t for k, t in encounter.tokens.items() if k not in keys}
    ), riders


def seated(
    original: Encounter, after: Encounter, riders: list[Token], cell: Cell, high: int = 0
) -> Encounter:
    """``after`` with ``riders`` back in the saddle at ``cell`` (``high`` ft up, with
    their mount), in their places."""
    keys = {r.key: at_altitude(replace(r, cell=cell), high) for r in riders}
    tokens = {
        k: (keys[k] if k in keys else after.tokens[k])
        for k in original.tokens
        if k in keys or k in after.tokens
    }
    return replace(after, tokens=tokens)


def riding_note(mount: Token, riders: list[Token]) -> Note:
    names = ", ".join(r.name for r in riders)
    return Note(
        "Riders",
        f"{names} moves with {mount.name}, on {mount.name}'s movement (its own is untouched); "
        "an attack the move provokes may be made at mount or rider.",
    )


__all__ = [
    "MountRule",
    "carried",
    "check_mountable",
    "control_mount",
    "dismount_move",
    "mount_move",
    "mount_of",
    "needs_control",
    "riders_of",
    "riding_note",
    "seated",
]
