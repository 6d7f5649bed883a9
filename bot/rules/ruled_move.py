"""One /move as every ruleset rules it (``Ruleset.move``): the pipeline with the
ruleset's /jump for a jump on the way, a grapple parted by the move, a readied move out
of the token's turn, and the checks on a bonus action. Pure: no Discord, no database.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.encounter import Activity, Encounter, token_key
from bot.errors import IllegalMove, InvalidInput
from bot.rules.engine.grapple import parted
from bot.rules.engine.moves import MoveRequest, MoveResult
from bot.rules.engine.pipeline import plan_move
from bot.rules.engine.reactions import has_reaction, spend_reaction
from bot.rules.rulings import Note
from bot.units import feet

if TYPE_CHECKING:
    from bot.rules.ruleset import Ruleset


def ruled_move(self: Ruleset, encounter: Encounter, request: MoveRequest) -> MoveResult:
    """``Ruleset.move``: one /move, a legal result, or an ``IllegalMove`` saying what
    stops it."""
    if request.bonus is not None:
        check_bonus(self, request)
    if request.ready:
        return readied(self, encounter, request)
    # a jump on the way asks the ruleset's /jump (with the map's options) with the
    # check given: no dice roll
    configured = self.for_encounter(encounter)
    result = plan_move(
        configured,
        encounter,
        request,
        jump_rule=(lambda jump: configured.jump(jump, random.Random(0)))
        if self.jumps_on_grid
        else None,
    )
    # a grapple ends when a move parts the two (the dragged one moved along)
    along = request.special.moved_along() if request.special is not None else ()
    moved = (result.token.key, *(token_key(name) for name in along))

    encounter_after, ended = parted(
        configured, result.encounter, moved, forced=bool(request.forced)
    )
    if ended:
        result = replace(
            result,
            encounter=encounter_after,
            token=encounter_after.tokens[result.token.key],
            warnings=(*result.warnings, *ended),
        )
    if request.forced:
        return result
    after = configured.after_move_notes(result.encounter, result.token)
    return replace(result, warnings=(*result.warnings, *after)) if after else result


def check_bonus(self: Ruleset, request: MoveRequest) -> None:
    """A bonus action (bonus:) is one this ruleset has, taken on the token's own move."""
    if request.bonus not in self.bonus_actions:
        has = ", ".join(self.bonus_actions)
        raise InvalidInput(
            f"{self.name}'s movement rules have no bonus action "
            f"{request.bonus}" + (f": bonus: takes {has}." if has else ": leave out bonus:.")
        )
    if request.forced:
        raise InvalidInput("A push, pull or slide is no action of the token's: leave out bonus:.")
    if request.ready:
        raise InvalidInput(
            "ready:true is a reaction, out of the token's turn: no bonus action with it. "
            "Leave out bonus:."
        )


def readied(self: Ruleset, encounter: Encounter, request: MoveRequest) -> MoveResult:
    """A move out of the token's turn (a readied move, a readied Dash): the movement
    the readied action gives, as if at the start of a turn, spent in one go; the
    rest is lost at once, and the token's own turn's movement is left as it was."""
    if self.readied_move is None:
        raise IllegalMove(
            f"{self.name}'s movement rules have no readied movement: a token moves on its "
            "own turn. Leave out ready:true."
        )
    if request.forced or request.group:
        raise InvalidInput("ready:true is a token's own move: no forced:, no group:.")
    named = request.special is not None and not request.special.keeps_action
    if request.action not in (None, "move") or named:  # action:bull-rush
        raise InvalidInput(
            "ready:true is the readied action itself: leave out action: (it gives the "
            "movement of one move, spent in one go)."
        )
    token = encounter.token(request.token)
    rule = self.reaction_rule
    spends = rule is not None and rule.readied_spends
    if rule is not None and spends and not has_reaction(rule, token):
        raise IllegalMove(
            f"{token.name} has used its reaction since its last turn, and a readied move "
            f"takes it ({rule.cite}). If it hasn't, /token reaction token:{token.name} "
            "used:false gives it back."
        )
    fresh = replace(token, activity=Activity())
    result = self.move(encounter.with_token(fresh), replace(request, ready=False, action=None))
    kept = replace(result.token, activity=token.activity)
    if spends:  # the SRDs' Ready: the readied move is its reaction, until its turn
        kept = spend_reaction(kept)
    lost = result.remaining_ft
    note = Note(
        "Out of turn",
        self.readied_move + (f" {feet(lost)} of it went unused and is lost." if lost > 0 else ""),
    )
    return replace(
        result,
        encounter=result.encounter.with_token(kept),
        token=kept,
        action="ready",
        done_for_the_turn=True,
        again_ft=0.0,
        notes=(*result.notes, note),
        extra={**result.extra, "ready": True, "lost_ft": lost, "reaction_spent": spends},
    )


__all__ = ["check_bonus", "readied", "ruled_move"]
