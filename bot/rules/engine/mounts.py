"""Mounts on the board (002 Mount or Dismount a Steed; the SRDs' Mounted Combat): a
rider mounts by entering its mount's space and paying what the ruleset asks, then moves
with the mount on the mount's movement (drawn on top of it), and dismounts by leaving
its space. A ruleset supplies a ``MountRule``. Mounting and dismounting are special
moves (``engine/specials/mount.py``, ``dismount.py``); a rider's move is its mount's
(the walk, ``specials/walk.py``), and its riders following a moved mount are the
consequences stage's (``engine/consequences.py``), whatever kind of move moved it.
Pure: no Discord, no database.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.encounter import Activity, Condition, Encounter, Token
from bot.errors import IllegalMove, InvalidInput
from bot.grid.coords import Cell
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.altitude import at_altitude
from bot.rules.engine.board import Board, hostile
from bot.rules.engine.kinds import MountControl, MountRule
from bot.rules.engine.moves import MoveRequest
from bot.rules.engine.traits import has_trait
from bot.rules.rulings import Note
from bot.units import feet

if TYPE_CHECKING:
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


def mount_rule(rules: Ruleset) -> MountRule:
    """The ruleset's mount rule, or a refusal where it has none."""
    if rules.mount_rule is None:
        raise InvalidInput(f"{rules.name}'s movement rules have no mounts on the board.")
    return rules.mount_rule


def check_once_per_move(rule: MountRule, rider: Token) -> None:
    """The SRDs' Mounted Combat: a creature mounts or dismounts "only once during your
    move"; a second time this turn is refused."""
    done = [a for a in rider.activity.actions if a in ("mount", "dismount")]
    if rule.once_per_move and done:
        section = rule.text.split(": ", 1)[-1]
        raise IllegalMove(
            f"{rider.name} already {done[0]}ed this turn: a creature can mount or dismount "
            f"only once during its move ({section})."
        )


def saddled(rule: MountRule, activity: Activity, doing: str) -> Activity:
    """``activity`` with the mounting or dismounting kept (where it happens only once a
    move: ``MountRule.once_per_move``)."""
    if not rule.once_per_move:
        return activity
    return replace(activity, actions=(*activity.actions, doing))


def saddle_cost(
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
            taken = rules.economy.allowance(
                encounter,
                rider,
                MoveRequest(rider.name, action=MoveAction.MOVE),
                rules.sheet.token_movement(rider),
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
    after = rules.economy.spend_move_action(rider, doing, ends_turn=failed)
    provoked = {
        foe.name: rider.cell
        for foe in encounter.tokens.values()
        if foe.key not in (rider.key, mount.key)
        and hostile(rider, foe)
        and not foe.has(Condition.INCAPACITATED)
        and rules.reach.threatens(
            Board.of(encounter, foe, rules.footprint_squares), foe, rider.cell
        )
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


def restored(original: Encounter, after: Encounter) -> Encounter:
    """``after`` (planned with tokens lifted off the board: a mover's riders) with every
    token it lacks back as ``original`` has it, all in ``original``'s order."""
    if all(k in after.tokens for k in original.tokens):
        return after
    tokens = {k: after.tokens.get(k, t) for k, t in original.tokens.items()}
    tokens |= {k: t for k, t in after.tokens.items() if k not in tokens}
    return replace(after, tokens=tokens)


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
    "check_once_per_move",
    "control_mount",
    "mount_of",
    "mount_rule",
    "needs_control",
    "restored",
    "riders_of",
    "riding_note",
    "saddle_cost",
    "saddled",
    "seated",
]
