"""A readied move (``ready:true``): a move out of the token's turn (000 Moving Out Of
Your Turn › Sudden Movement; the SRDs' Ready action), the movement the readied action
gives, as if at the start of a turn, spent in one go; the rest is lost at once, and
the token's own turn's movement is left as it was. The move it readies is planned by
the kind that claims it; its consequences are the stage's, once. Pure: no Discord, no
database.
"""

from __future__ import annotations

from dataclasses import replace

from bot.encounter import Activity, Encounter
from bot.errors import IllegalMove, InvalidInput
from bot.rules.engine.displacement import Planned
from bot.rules.engine.moves import MoveRequest
from bot.rules.engine.reactions import has_reaction, spend_reaction
from bot.rules.engine.specials.base import MoveKind, PlanContext
from bot.rules.rulings import Note
from bot.units import feet


class ReadiedMove(MoveKind):
    name = "readied"

    def claims(self, request: MoveRequest) -> bool:
        return request.ready

    def planned(self, ctx: PlanContext, encounter: Encounter, request: MoveRequest) -> Planned:
        rules = ctx.rules
        if rules.readied_move is None:
            raise IllegalMove(
                f"{rules.name}'s movement rules have no readied movement: a token moves on "
                "its own turn. Leave out ready:true."
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
        rule = rules.reaction_rule
        spends = rule is not None and rule.readied_spends
        if rule is not None and spends and not has_reaction(rule, token):
            raise IllegalMove(
                f"{token.name} has used its reaction since its last turn, and a readied move "
                f"takes it ({rule.cite}). If it hasn't, /token reaction token:{token.name} "
                "used:false gives it back."
            )
        fresh = replace(token, activity=Activity())
        inner = ctx.plan(encounter.with_token(fresh), replace(request, ready=False, action=None))
        result = inner.result
        kept = replace(result.token, activity=token.activity)
        if spends:  # the SRDs' Ready: the readied move is its reaction, until its turn
            kept = spend_reaction(kept)
        lost = result.remaining_ft
        note = Note(
            "Out of turn",
            rules.readied_move
            + (f" {feet(lost)} of it went unused and is lost." if lost > 0 else ""),
        )
        result = replace(
            result,
            encounter=result.encounter.with_token(kept),
            token=kept,
            action="ready",
            done_for_the_turn=True,
            again_ft=0.0,
            notes=(*result.notes, note),
            extra={**result.extra, "ready": True, "lost_ft": lost, "reaction_spent": spends},
        )
        return replace(inner, result=result)


# the registry's one line names this module (engine/specials/__init__.py)
KIND = ReadiedMove()


__all__ = ["KIND", "ReadiedMove"]
