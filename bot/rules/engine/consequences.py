"""The consequences of a move, in one stage for every kind of move (issue 41): each
kind plans the displacements it makes (``engine/displacement.py``), and this stage
folds them into the board the same way, asking the ruleset's rule kinds:

- riders follow their mount, however it went (walked, pushed, dragged), back in the
  saddle where it ends (002 Mount or Dismount a Steed; the SRDs' Mounted Combat);
- a mount moved against its will: each rider makes the ruleset's save to stay on
  (``MountRule.stay_mounted_dc``: the SRDs' DC 10 Dexterity), or falls off prone;
- a rider pushed, pulled or slid is out of the saddle;
- a creature a displacement leaves where it falls: in a pit it can't fly over, or in
  the air out of the saddle without flying (``engine/falls.py``; 004 Hazardous
  Terrain, Forced Movement; the SRDs' Flying Movement);
- grapples end where the move parted the two (000 Ending the Grappled Condition; the
  SRDs' Grappled; 002), and a dragged creature stays held;
- what the ruleset adds once the mover stands where it ended (004: whom it flanks).

The result carries its displacements (``MoveResult.displacements``): what a player's
move meets of hidden creatures is the shell's, on every displaced token's path
(``encounter_ops/discovery.py``). No kind redoes any of these. Pure: no Discord, no
database.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from bot.encounter import Encounter, Token
from bot.rules.engine.altitude import altitude
from bot.rules.engine.displacement import Displacement, Planned
from bot.rules.engine.falls import fallen
from bot.rules.engine.grapple import parted
from bot.rules.engine.mounts import riding_note, seated
from bot.rules.engine.moves import MoveRequest, MoveResult
from bot.rules.engine.unseating import pushed_mount
from bot.rules.rulings import JSONValue, Note

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset


@dataclass
class _Board:
    """The board while the stage folds the displacements in, and what it adds."""

    encounter: Encounter
    warnings: list[Note] = field(default_factory=list)
    extra: dict[str, JSONValue] = field(default_factory=dict)
    moved: set[str] = field(default_factory=set)  # every token that moved, carried too


def consequences(
    rules: Ruleset, before: Encounter, request: MoveRequest, planned: Planned
) -> MoveResult:
    """``planned`` (one kind's result and displacements) with its consequences folded
    into the board: the result every shell shows and stores."""
    result = planned.result
    board = _Board(result.encounter, moved={d.token for d in planned.displacements})
    for displacement in planned.displacements:
        _riders_follow(rules, before, board, displacement, request)
    for displacement in planned.displacements:
        _unseated(before, board, displacement)
    pushed = {d.token for d in planned.displacements if d.how == "pushed"}
    # before the grapples: one that falls from the air may fall out of its grappler's reach
    board.encounter, falls, fall_notes = fallen(rules, board.encounter, planned.displacements)
    board.warnings.extend(fall_notes)
    if falls:
        board.extra["falls"] = falls
    board.encounter, ended = parted(rules, board.encounter, board.moved, pushed=pushed)
    board.warnings.extend(ended)
    token = board.encounter.tokens.get(result.token.key, result.token)
    if result.token.key not in pushed:
        board.warnings.extend(rules.flanking.after_move_notes(board.encounter, token))
    return replace(
        result,
        encounter=board.encounter,
        token=token,
        warnings=(*result.warnings, *board.warnings),
        extra={**result.extra, **board.extra},
        displacements=planned.displacements,
    )


def _riders_follow(
    rules: Ruleset,
    before: Encounter,
    board: _Board,
    displacement: Displacement,
    request: MoveRequest,
) -> None:
    """The riders of a moved mount back in the saddle where it ended; moved against its
    will, each makes the ruleset's save to stay on (its total: the move's check:)."""
    mount_before = before.tokens.get(displacement.token)
    mount = board.encounter.tokens.get(displacement.token)
    if mount_before is None or mount is None:
        return
    keys = [r.key for r in before.riders_of(mount_before) if r.key not in board.moved]
    if not keys:
        return
    riders = [_current(before, board.encounter, key) for key in keys]
    board.encounter = seated(before, board.encounter, riders, mount.cell, altitude(mount))
    board.moved |= set(keys)
    riders = [board.encounter.tokens[key] for key in keys]
    note: Note | None = None
    if displacement.how == "pushed":
        save = request.check if request.forced else None
        board.encounter, note, saved = pushed_mount(rules, board.encounter, mount, riders, save)
        if saved is not None:
            board.extra["stay_mounted"] = saved
    # still in the saddle; a player's reply never names a hidden rider
    still = [r for r in board.encounter.riders_of(mount) if r.key in keys and not r.hidden]
    if still:
        board.warnings.append(riding_note(mount, still))
    if note is not None:
        board.warnings.append(note)


def _current(before: Encounter, after: Encounter, key: str) -> Token:
    """A rider as the move left it (a rider's check to control its mount spends its
    action), or as it was where the kind lifted it off the board."""
    return after.tokens.get(key) or before.tokens[key]


def _unseated(before: Encounter, board: _Board, displacement: Displacement) -> None:
    """A rider pushed, pulled or slid is out of the saddle, even one the push couldn't
    move (docs/RULINGS.md)."""
    if displacement.how != "pushed":
        return
    rider = before.tokens.get(displacement.token)
    mount = before.mount_of(rider) if rider is not None else None
    now = board.encounter.tokens.get(displacement.token)
    if rider is None or mount is None or now is None:
        return
    if now.riding is not None:
        board.encounter = board.encounter.with_token(replace(now, riding=None))
    board.warnings.append(Note("Unseated", f"{rider.name} is moved off {mount.name}."))


__all__ = ["consequences"]
