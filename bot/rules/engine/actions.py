"""The actions a /move may take, as one typed value: each ruleset reads the user's
word once, in its own vocabulary (``ActionEconomy.read_action``: 5e's "run" is a Dash,
3.5's is a run), and from then on the rules compare ``MoveAction`` members, never
strings. A ruleset answers per action through its own methods or tables (the d20
rulesets: ``bot/rules/d20/actions.py``). Pure: standard library only.
"""

from __future__ import annotations

from enum import StrEnum


class MoveAction(StrEnum):
    """Every action some ruleset's /move has, under its canonical name (what replies
    and the console's JSON show); a ruleset's ``action_words`` says which it has."""

    MOVE = "move"  # a move action, or the turn's movement (None in a request: this)
    DOUBLE = "double"  # the d20 rulesets' double move (a full round)
    RUN = "run"  # the d20 rulesets' and becmi's run
    WITHDRAW = "withdraw"
    CHARGE = "charge"
    FIVE_FOOT_STEP = "5ft-step"
    CRAWL = "crawl"
    STAND = "stand"
    DROP_PRONE = "drop-prone"
    ACCELERATED_CLIMB = "accelerated-climb"
    DASH = "dash"  # the fifth editions' Dash
    DISENGAGE = "disengage"  # the SRDs' Disengage: no opportunity attacks this turn


__all__ = ["MoveAction"]
