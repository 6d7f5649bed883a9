"""The d20 rulesets' move actions that aren't movement (opening a door, controlling a
frightened mount) and the full-round Minimum Movement: the base of ``D20Economy``
(actions.py), the action economy part of the d20 rulesets. Pure: no Discord, no database.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from bot.encounter import Token
from bot.errors import IllegalMove
from bot.rules.d20.action_terms import FULL_ROUND, MOVE_ACTIONS
from bot.rules.engine.board import Allowance
from bot.rules.parts.economy import ActionEconomy
from bot.rules.rulings import Note


class D20TurnActions(ActionEconomy):
    """A move action spent on something other than moving, and the 5 ft a creature may
    always move as a full-round action."""

    minimum_sections: ClassVar[tuple[str, ...]] = ("Minimum Movement",)

    def door_action(self, token: Token) -> tuple[Token, Note]:
        """002 "Open or Close a Door": a move action (it isn't movement)."""
        token = self._move_action(token, "door", "Opening or closing a door")
        note = Note("Action", "A move action; it doesn't count as movement (Rules of the Game).")
        return token, note

    def spend_move_action(self, token: Token, doing: str, *, ends_turn: bool = False) -> Token:
        token = self._move_action(token, "control-mount", doing)
        if ends_turn:
            activity = replace(token.activity, actions=(*token.activity.actions, "turn-ended"))
            token = replace(token, activity=activity)
        return token

    def _move_action(self, token: Token, tag: str, doing: str) -> Token:
        taken = token.activity.actions
        move_actions = sum(1 for a in taken if a in MOVE_ACTIONS)
        if any(a in FULL_ROUND for a in taken) or move_actions >= 2:
            raise IllegalMove(
                f"{doing} is a move action, and {token.name} has none left this turn "
                f"({', '.join(taken)})."
            )
        return replace(token, activity=replace(token.activity, actions=(*taken, tag)))

    def full_round_minimum(self, token: Token, allowance: Allowance) -> Allowance | None:
        """001 "Minimum Movement" / 004 "Impeded Terrain": 5 ft as a full-round action."""
        taken = [a for a in token.activity.actions if a != "drop-prone"]
        if taken or allowance.action not in ("move", "double"):
            return None
        activity = replace(
            token.activity,
            budget_ft=token.activity.budget_ft + 5.0,
            actions=(*token.activity.actions, "minimum"),
        )
        return replace(
            allowance,
            action="minimum",
            available_ft=5.0,
            activity=activity,
            limits=replace(allowance.limits, one_square=True),
            full_round=True,
            sections=self.minimum_sections,
        )
