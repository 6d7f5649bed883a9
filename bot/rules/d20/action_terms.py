"""The d20 rulesets' action words and each action's terms (3.5 and epic-path): the
vocabulary a /move's action: is read with, which actions are move actions or take the
whole round, and ``Action``, one action's terms as data (``D20Economy`` reads them).
Pure: no Discord, no database.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.encounter import Condition
from bot.names import Vocabulary

ACTIONS = Vocabulary(
    "action",
    {
        "move": ("walk", "move-action", "normal"),
        "double": ("double-move", "double move", "doublemove"),
        "run": ("running", "sprint"),
        "withdraw": ("retreat", "withdrawal"),
        "charge": ("charging",),
        "5ft-step": ("5-foot-step", "five-foot-step", "step", "5ft", "5-ft-step", "shift"),
        "crawl": ("crawling",),
        "stand": ("stand-up", "get-up", "standup"),
        "drop-prone": ("prone", "drop", "go-prone"),
        "accelerated-climb": ("accelerated", "fast-climb", "quick-climb"),
    },
)

MOVE_ACTIONS = frozenset({"move", "stand", "crawl", "door", "accelerated-climb", "control-mount"})
# "turn-ended": a failed check that ends the turn (002 Control a Frightened Mount)
FULL_ROUND = frozenset({"double", "run", "withdraw", "charge", "minimum", "turn-ended"})
NO_MOVE = (Condition.IMMOBILIZED, Condition.HELPLESS, Condition.PARALYZED, Condition.STUNNED)


@dataclass(frozen=True)
class Action:
    """One action's terms: how many times the speed, and what it requires."""

    speed_multiple: int
    sections: tuple[str, ...]
    full_round: bool = False
    straight: bool = False
    unhampered: bool = False
    no_creatures: bool = False
    shortest_path: bool = False
    min_ft: float = 0.0
    one_square: bool = False
    safe_start: bool = False
    provokes: bool = True
