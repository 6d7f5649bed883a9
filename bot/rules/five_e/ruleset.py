"""5e: the System Reference Document 5.1 (CC-BY-4.0): Combat › Movement and Position,
Adventuring › Movement (Travel Pace, Jumping) and The Environment › Falling.

The parts are the SRDs' (bot.rules.srd5), built with 5.1's data; what is 5.1's own is
here:
diagonals at 5 ft or the optional 5/10/5 count, any other creature's space as
difficult terrain, passing only a non-hostile creature or one two sizes apart, and
squeezing at 1 extra foot per foot on top of everything else.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

from bot.encounter import Condition, Encounter, Token
from bot.grid.sizes import Size
from bot.names import Vocabulary
from bot.rules.engine.board import Board, Passing, hostile
from bot.rules.engine.kinds import GrappleRule, MountRule, ReactionRule, VerticalRule
from bot.rules.engine.moves import MOVE_MODES, MoveRequest, MoveResult, parse_plain_speed
from bot.rules.engine.steps import ProvokeRule
from bot.rules.five_e import IDENTITY
from bot.rules.identity import Identity
from bot.rules.ruleset import Ruleset
from bot.rules.rulings import (
    FallRequest,
    FallResult,
    JumpRequest,
    JumpResult,
    TravelRequest,
    TravelResult,
)
from bot.rules.srd5 import falling, jumping, travel
from bot.rules.srd5 import grid as srd
from bot.rules.srd5.cite import SRD51, srd_source
from bot.rules.srd5.data import SrdData
from bot.rules.srd5.economy import granted_actions as srd_granted
from bot.rules.srd5.effects import SrdConditions, SrdEconomy, srd_move
from bot.rules.srd5.grid import SrdReach, SrdSpace, SrdSteps, srd_traits
from bot.rules.srd5.sheet import SrdSheet
from bot.state import flag, text

DATA = SrdData(
    srd_name="SRD 5.1",
    movement_section="Movement and Position",
    bonus_section="Bonus Actions",
    conditions_section="Conditions",
    teleport_section="Opportunity Attacks",  # "...when you teleport"
    carrying_section="SRD 5.1 Using Ability Scores › Lifting and Carrying",
    armor_section="SRD 5.1 Armor and Shields › Heavy Armor",
    jump_section="SRD 5.1 Movement › Jumping",
    exhaustion_effect="speed halved from level 2, 0 from level 5 (SRD 5.1 Exhaustion)",
    squeezing_is_extra=True,
    every_creature_hampers=True,
)


class FiveECalculators:
    """/fall, /jump and /travel under SRD 5.1."""

    identity: ClassVar[Identity] = IDENTITY
    id: ClassVar[str] = IDENTITY.id
    name: ClassVar[str] = IDENTITY.name
    square_ft: ClassVar[int] = srd.SQUARE_FT
    travel_names: ClassVar[Mapping[str, Vocabulary]] = travel.TRAVEL_NAMES_51
    travel_min_miles: ClassVar[float] = 0.1
    jump_uses_strength: ClassVar[bool] = True
    travel_options: ClassVar[frozenset[str]] = frozenset({"hours"})  # 5.1 has no road rule

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


class FiveESpace(SrdSpace):
    """SRD 5.1's Moving Around Other Creatures."""

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


class FiveE(Ruleset):
    """SRD 5.1's data; its parts are the SRDs' (bot.rules.srd5) built with ``DATA``, and
    its own space rule (``FiveESpace``)."""

    identity: ClassVar[Identity] = IDENTITY
    document: ClassVar[str] = SRD51
    grid_document: ClassVar[str] = SRD51
    seed_files: ClassVar[tuple[str, ...]] = (SRD51,)
    square_ft: ClassVar[int] = srd.SQUARE_FT
    circle_from_corner: ClassVar[bool] = srd.CIRCLE_FROM_CORNER
    sizes: ClassVar[tuple[Size, ...]] = srd.SIZES
    footprint_squares: ClassVar[Mapping[Size, int]] = srd.FOOTPRINTS
    provoke_rule: ClassVar[ProvokeRule] = "leave-reach"
    move_modes: ClassVar[tuple[str, ...]] = MOVE_MODES  # and teleport (Teleportation)
    vertical: ClassVar[VerticalRule] = srd.VERTICAL
    mount_rule: ClassVar[MountRule | None] = srd.MOUNT_RULE
    readied_move: ClassVar[str | None] = srd.READIED_MOVE
    reaction_rule: ClassVar[ReactionRule | None] = srd.REACTION_RULE
    falling_section: ClassVar[str] = "SRD 5.1 › Movement and Position › Flying Movement"
    traits: ClassVar[Mapping[str, str]] = srd_traits(SRD51)
    # both SRDs' Opportunity Attacks: "a hostile creature that you can see moves out of
    # your reach"; a blinded creature or an invisible mover: no attack (docs/RULINGS.md)
    sight_rule: ClassVar[str | None] = (
        "SRD 5.1 › Combat › Opportunity Attacks: a creature it can see"
    )
    inert_conditions: ClassVar[frozenset[Condition]] = frozenset()  # invisible: above
    granted_actions: ClassVar[Mapping[str, str]] = srd_granted("SRD 5.1")
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

    economy: SrdEconomy  # srd_move asks it (a readied move, a controlled mount)

    def __init__(self, diagonal_rule: str = "5", *, encumbrance: bool = False) -> None:
        super().__init__()
        self.diagonal_rule = diagonal_rule if diagonal_rule in self.diagonal_rules else "5"
        self.diagonal_parity = self.diagonal_rule == "5-10-5"
        self.encumbrance = encumbrance
        self.calculators = FiveECalculators()
        self.economy = SrdEconomy(self, DATA)
        self.sheet = SrdSheet(self, DATA, encumbrance=encumbrance)
        self.steps = SrdSteps(self, DATA, self.diagonal_rule)
        self.space = FiveESpace(self)
        self.reach = SrdReach(self, self.diagonal_rule)
        self.conditions = SrdConditions(self, self.economy)

    def for_encounter(self, encounter: Encounter | None) -> FiveE:
        """With the encounter's diagonal count (5 ft, or the optional 5/10/5) and the
        Encumbrance variant (its encumbrance: option)."""
        rule = (text(encounter.options, "diagonals") if encounter else None) or "5"
        encumbrance = flag(encounter.options, "encumbrance") if encounter else False
        if (rule, encumbrance) == (self.diagonal_rule, self.encumbrance):
            return self
        return FiveE(rule, encumbrance=encumbrance)

    def move(self, encounter: Encounter, request: MoveRequest) -> MoveResult:
        return srd_move(self, self.economy, encounter, request)


__all__ = ["FiveE"]
