"""The action economy part of a ruleset: the words /move's ``action:`` accepts, what
each action allows a token to move (``allowance``), bonus actions, the start of a turn,
and the actions that aren't movement (a door, controlling a mount). Pure.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from bot.encounter import Activity, Encounter, Token
from bot.grid.coords import Cell
from bot.names import Vocabulary
from bot.rules.engine.actions import MoveAction
from bot.rules.engine.board import Allowance, StepContext
from bot.rules.engine.moves import MoveRequest, TokenMovement, fresh_turn
from bot.rules.parts import Part
from bot.rules.rulings import Note


class ActionEconomy(Part, ABC):
    """What a token's actions let it move; ``allowance`` is the one a ruleset must give."""

    # The words /move's action: accepts, each read once into a ``MoveAction``
    # (``read_action``); ``actions`` are what it suggests (a bull rush too, where it has one).
    action_words: ClassVar[Vocabulary]
    actions: ClassVar[tuple[str, ...]]
    # The bonus actions /move's bonus: may take (the SRDs' Dash and Disengage: Cunning
    # Action, Nimble Escape); none where the rules have no bonus actions.
    bonus_actions: ClassVar[tuple[str, ...]] = ()
    # The action a token's speed band shows beyond this one (dash, double move, run).
    band_action: ClassVar[str] = "move"

    def read_action(self, word: str | None) -> MoveAction | None:
        """/move's ``action:`` as the user gave it, read in this ruleset's words (None:
        not given, a move); an unknown word is an ``InvalidInput`` listing the accepted."""
        return MoveAction(self.action_words.match(word)) if word else None

    @abstractmethod
    def allowance(
        self, encounter: Encounter, token: Token, request: MoveRequest, movement: TokenMovement
    ) -> Allowance:
        """What the action ``request`` asks for lets ``token`` move now (or an
        ``IllegalMove`` saying why it can't)."""

    def start_turn(self, token: Token) -> Token:
        """The token as its turn (or, outside a turn order, the round) begins."""
        return fresh_turn(token)

    def done_for_the_turn(self, activity: Activity) -> bool:
        """Whether no action left this turn could move the token further (so what is
        left of its allowance is lost, not 'left')."""
        return False

    def full_round_minimum(self, token: Token, allowance: Allowance) -> Allowance | None:
        """Moving one square as a full-round action when nothing else reaches it
        (001 "Minimum Movement"); None where the ruleset has no such rule."""
        return None

    def spend_move_action(self, token: Token, doing: str, *, ends_turn: bool = False) -> Token:
        """``token`` after spending a move action on ``doing`` (not movement: controlling
        a mount, 002); refused when it has none left. ``ends_turn``: nothing else this
        turn either. Rulesets without move actions change nothing."""
        return token

    def door_action(self, token: Token) -> tuple[Token, Note]:
        """What opening or closing a door costs ``token`` (the seed may be silent)."""
        return token, Note(
            "Action",
            "This ruleset's movement rules give opening or closing a door no cost: it costs "
            "nothing here.",
        )

    def withdraw_spares(self, enemy: Token) -> bool:
        """Whether a withdraw's first square is safe from ``enemy`` (002 Withdraw: "the
        first square you leave is not considered threatened")."""
        return True

    def arrival(self, ctx: StepContext, token: Token, goal: Cell) -> tuple[Cell, tuple[Note, ...]]:
        """Where a move that crosses no squares (``Allowance.crosses`` off: a teleport)
        puts the token when it asks for ``goal``, and what the reply says about it."""
        return goal, ()
