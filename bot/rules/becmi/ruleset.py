"""BECMI / Rules Cyclopedia movement (seed 003_3444ce13aba82e1a.txt).

The chapter rules overland travel by the day: miles per day are the slowest
normal speed divided by 5, changed by terrain. It has no falling and no
jumping rule; falling is borrowed from the 3.5 SRD and says so (calculators.py). Every
choice the seed leaves open is in docs/RULINGS.md; the tables live in
``bot.rules.becmi.tables``, overland travel in ``bot.rules.becmi.travel``, the grid's
parts in ``bot.rules.becmi.parts``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from bot.encounter import Encounter
from bot.grid.sizes import Size
from bot.rules.becmi import IDENTITY
from bot.rules.becmi import tables as t
from bot.rules.becmi.calculators import BecmiCalculators
from bot.rules.becmi.parts import BecmiEconomy, BecmiSheet, BecmiSpace, BecmiSteps
from bot.rules.becmi.tokens import FOOTPRINTS, GRID_DOCUMENT, YARDS
from bot.rules.engine.group import move_together
from bot.rules.engine.kinds import MountRule, VerticalRule
from bot.rules.engine.moves import MoveRequest, MoveResult
from bot.rules.engine.plan import PlanContext
from bot.rules.engine.steps import ProvokeRule
from bot.rules.identity import Identity
from bot.rules.ruleset import Ruleset
from bot.state import flag


class Becmi(Ruleset):
    """The chapter's rules as data; its calculators and grid rules are parts
    (calculators.py, parts.py), built in ``__init__`` for indoors or outdoors."""

    identity: ClassVar[Identity] = IDENTITY
    document: ClassVar[str] = "Rules Cyclopedia"
    grid_document: ClassVar[str] = GRID_DOCUMENT
    seed_files: ClassVar[tuple[str, ...]] = (t.SEED_FILE,)
    square_ft: ClassVar[int] = t.SQUARE_FT
    # The chapter has no size categories; nothing here depends on size.
    sizes: ClassVar[tuple[Size, ...]] = ()
    footprint_squares: ClassVar[Mapping[Size, int]] = FOOTPRINTS

    sharing_rule: ClassVar[str] = (
        "creatures don't share a square (the Rules Cyclopedia has no rule for sharing one)"
    )
    provoke_rule: ClassVar[ProvokeRule] = "never"
    vertical: ClassVar[VerticalRule] = VerticalRule(
        "feet", "straight", "measured with a ruler: Rules Cyclopedia › Miniature Figures"
    )
    # the Rules Cyclopedia prices no mounting on the board
    mount_rule: ClassVar[MountRule | None] = MountRule(
        "free", "the Rules Cyclopedia puts no price on it: the GM's call"
    )
    group_moves: ClassVar[bool] = True  # 003 Character Movement Rates: the slowest's rate

    def __init__(self, outdoors: bool = False) -> None:
        super().__init__()
        self.outdoors = outdoors
        self.scale = YARDS if outdoors else 1
        self.calculators = BecmiCalculators()
        self.economy = BecmiEconomy(self, self.scale)
        self.sheet = BecmiSheet(self)
        self.steps = BecmiSteps(self, self.scale)
        self.space = BecmiSpace(self)

    def for_encounter(self, encounter: Encounter | None) -> Becmi:
        """Outdoors, speeds read in yards (003 Feet vs. Yards)."""
        outdoors = flag(encounter.options, "outdoors") if encounter else False
        return self if outdoors == self.outdoors else Becmi(outdoors)

    def group_move(
        self, ctx: PlanContext, encounter: Encounter, request: MoveRequest
    ) -> MoveResult:
        """003 "Character Movement Rates": "Groups of characters, if they intend to stay
        together, move at the rate of the slowest character." """
        return move_together(
            ctx, encounter, request, cite="Rules Cyclopedia › Character Movement Rates"
        )
