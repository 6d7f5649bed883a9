"""5e: the System Reference Document 5.1 (CC-BY-4.0): Combat › Movement and Position,
Adventuring › Movement (Travel Pace, Jumping) and The Environment › Falling.

The grid is the SRDs' shared one (bot.rules.srd5.grid); what is 5.1's own is here:
diagonals at 5 ft or the optional 5/10/5 count, any other creature's space as
difficult terrain, passing only a non-hostile creature or one two sizes apart, and
squeezing at 1 extra foot per foot on top of everything else.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

from bot.encounter import Encounter, Token
from bot.names import Vocabulary
from bot.rules.engine.board import Board, Passing, hostile
from bot.rules.engine.kinds import GrappleRule
from bot.rules.engine.moves import parse_plain_speed
from bot.rules.five_e import IDENTITY
from bot.rules.identity import Identity
from bot.rules.rulings import (
    FallRequest,
    FallResult,
    JumpRequest,
    JumpResult,
    TravelRequest,
    TravelResult,
)
from bot.rules.srd5 import falling, jumping, travel
from bot.rules.srd5.cite import SRD51, srd_source
from bot.rules.srd5.economy import granted_actions as srd_granted
from bot.rules.srd5.grid import SrdRuleset, srd_traits
from bot.state import flag, text


class FiveE(SrdRuleset):
    identity: ClassVar[Identity] = IDENTITY
    document: ClassVar[str] = SRD51
    grid_document: ClassVar[str] = SRD51
    seed_files: ClassVar[tuple[str, ...]] = (SRD51,)
    travel_names: ClassVar[Mapping[str, Vocabulary]] = travel.TRAVEL_NAMES_51
    movement_section: ClassVar[str] = "Movement and Position"
    srd_name: ClassVar[str] = "SRD 5.1"
    conditions_section: ClassVar[str] = "Conditions"
    bonus_section: ClassVar[str] = "Bonus Actions"
    sight_rule: ClassVar[str | None] = (
        "SRD 5.1 › Combat › Opportunity Attacks: a creature it can see"
    )
    granted_actions: ClassVar[Mapping[str, str]] = srd_granted("SRD 5.1")
    teleport_section: ClassVar[str] = "Opportunity Attacks"  # "...when you teleport"
    falling_section: ClassVar[str] = "SRD 5.1 › Movement and Position › Flying Movement"
    traits: ClassVar[Mapping[str, str]] = srd_traits(SRD51)
    squeezing_is_extra: ClassVar[bool] = True
    every_creature_hampers: ClassVar[bool] = True
    exhaustion_effect: ClassVar[str] = (
        "speed halved from level 2, 0 from level 5 (SRD 5.1 Exhaustion)"
    )
    # Combat › Grappling › Moving a Grappled Creature: the speed is halved, unless the
    # creature is two or more sizes smaller; difficult terrain still costs its extra foot
    grapple_rule: ClassVar[GrappleRule | None] = GrappleRule(
        drag="speed-halved",
        shares_space=False,
        drag_text="its speed is halved while it drags a creature: Combat › Grappling › "
        "Moving a Grappled Creature",
        ends_text="Conditions › Grappled",
    )
    sharing_rule: ClassVar[str] = (
        "a creature can move through another's space but never end its move there "
        "(SRD 5.1 Moving Around Other Creatures)"
    )

    carrying_section: ClassVar[str] = "SRD 5.1 Using Ability Scores › Lifting and Carrying"
    armor_section: ClassVar[str] = "SRD 5.1 Armor and Shields › Heavy Armor"
    jump_section: ClassVar[str] = "SRD 5.1 Movement › Jumping"

    def for_encounter(self, encounter: Encounter | None) -> FiveE:
        """With the encounter's diagonal count (5 ft, or the optional 5/10/5) and the
        Encumbrance variant (its encumbrance: option)."""
        rule = (text(encounter.options, "diagonals") if encounter else None) or "5"
        encumbrance = flag(encounter.options, "encumbrance") if encounter else False
        if (rule, encumbrance) == (self.diagonal_rule, self.encumbrance):
            return self
        return FiveE(rule, encumbrance=encumbrance)

    # ---------------------------------------------------------- calculators

    def fall(self, request: FallRequest, rng: random.Random) -> FallResult:
        return falling.fall(request, rng, srd_source(self.id, SRD51, "Falling"), liquid_check=False)

    def jump(self, request: JumpRequest, rng: random.Random) -> JumpResult:
        return jumping.jump(
            request, srd_source(self.id, SRD51, "Movement", "Jumping"), high_jump_minimum_ft=None
        )

    def travel_speed_ft(self, text: str) -> int:
        return parse_plain_speed(text)

    def travel(self, request: TravelRequest, rng: random.Random) -> TravelResult:
        return travel.travel_51(request, srd_source(self.id, SRD51))

    # ------------------------------------------------------------ on a grid

    def pass_creature(self, board: Board, other: Token) -> Passing:
        """SRD 5.1 Moving Around Other Creatures: through a nonhostile creature's space,
        or a hostile one at least two sizes larger or smaller; difficult terrain either
        way; never ending there."""
        mover = board.mover
        if not hostile(mover, other) or abs(other.size - mover.size) >= 2:
            return Passing(True, hampers=True)
        return Passing(
            False,
            "a hostile creature less than two sizes larger or smaller blocks its space "
            "(SRD 5.1 Moving Around Other Creatures)",
        )


__all__ = ["FiveE"]
