"""5e-2024: the System Reference Document 5.2 (CC-BY-4.0): Playing the Game ›
Movement and Position (and its Rules Glossary: Difficult Terrain, Crawling, Prone,
Jumping, Falling, Travel Pace).

The parts are the SRDs' (bot.rules.srd5), built with 5.2's data; what is 5.2's own is
here:
every diagonal costs one square; a creature that is neither Tiny nor an ally, and an
opening sized for one size smaller, are difficult terrain (never more than +1); and a
creature may pass an ally, an Incapacitated or Tiny creature, or one two sizes apart.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

from bot.encounter import Condition, Encounter, Token
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.names import Vocabulary
from bot.rules.engine.board import Board, Passing, hostile
from bot.rules.engine.kinds import GrappleRule, MountRule, ReactionRule, VerticalRule
from bot.rules.engine.moves import MOVE_MODES, MoveRequest, MoveResult, parse_plain_speed
from bot.rules.engine.steps import ProvokeRule
from bot.rules.five_e_2024 import IDENTITY
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
from bot.rules.srd5 import falling, jumping, travel52
from bot.rules.srd5 import grid as srd
from bot.rules.srd5.cite import SRD52, srd_source
from bot.rules.srd5.data import SrdData
from bot.rules.srd5.economy import granted_actions as srd_granted
from bot.rules.srd5.effects import SrdConditions, SrdEconomy, srd_move
from bot.rules.srd5.grid import SrdReach, SrdSpace, SrdSteps, srd_traits
from bot.rules.srd5.sheet import SrdSheet

DATA = SrdData(
    srd_name="SRD 5.2",
    movement_section="Movement and Position",
    bonus_section="Bonus Action",
    conditions_section="Rules Glossary",
    teleport_section="Teleportation",
    carrying_section="SRD 5.2 Rules Glossary › Carrying Capacity",
    armor_section="SRD 5.2 Equipment › Armor",
    jump_section="SRD 5.2 Rules Glossary › Long Jump",
    exhaustion_effect="5 ft less Speed per level (SRD 5.2 Exhaustion)",
    squeezing_is_extra=False,
    every_creature_hampers=False,
    exhaustion_minus_ft=5,
    stunned_can_move=True,  # Stunned: Incapacitated, no Speed 0
    drop_prone_needs_speed=True,  # Prone: not at Speed 0
    incapacitated_grounds=True,  # Flying: Incapacitated makes it fall
)


class FiveE2024Calculators:
    """/fall, /jump and /travel under SRD 5.2."""

    identity: ClassVar[Identity] = IDENTITY
    id: ClassVar[str] = IDENTITY.id
    name: ClassVar[str] = IDENTITY.name
    square_ft: ClassVar[int] = srd.SQUARE_FT
    travel_names: ClassVar[Mapping[str, Vocabulary]] = travel52.TRAVEL_NAMES_52
    travel_min_miles: ClassVar[float] = 0.1
    jump_uses_strength: ClassVar[bool] = True
    travel_options: ClassVar[frozenset[str]] = frozenset({"road", "hours"})

    def fall(self, request: FallRequest, rng: random.Random) -> FallResult:
        return falling.fall(request, rng, srd_source(self.id, SRD52, "Falling"), liquid_check=True)

    def jump(self, request: JumpRequest, rng: random.Random) -> JumpResult:
        return jumping.jump(
            request,
            srd_source(self.id, SRD52, "Long Jump", "High Jump", "Round Down"),
            high_jump_minimum_ft=0,
            round_down=True,
        )

    def travel_speed_ft(self, text: str) -> int:
        return parse_plain_speed(text)

    def travel(self, request: TravelRequest, rng: random.Random) -> TravelResult:
        return travel52.travel_52(request, srd_source(self.id, SRD52))


class FiveE2024Space(SrdSpace):
    """SRD 5.2's Moving Around Other Creatures."""

    def pass_creature(self, board: Board, other: Token) -> Passing:
        """SRD 5.2 Moving Around Other Creatures: through an ally, an Incapacitated or a
        Tiny creature, or one two sizes larger or smaller; difficult terrain unless it is
        Tiny or an ally; never ending there willingly. An ally is on the mover's side:
        the same team (a `team:neutral` bystander is nobody's ally but another
        neutral's; docs/RULINGS.md)."""
        mover = board.mover
        ally = allied(mover, other)
        hampers = not (ally or other.size == Size.TINY)
        if (
            ally
            or other.has(Condition.INCAPACITATED)
            or other.size == Size.TINY
            or abs(other.size - mover.size) >= 2
        ):
            return Passing(True, hampers=hampers)
        side = "hostile creature" if hostile(mover, other) else "creature not on its side"
        return Passing(
            False,
            f"a {side} that isn't Tiny, Incapacitated or two sizes apart blocks its "
            "space (SRD 5.2 Moving Around Other Creatures)",
        )


class FiveE2024(Ruleset):
    """SRD 5.2's data; its parts are the SRDs' (bot.rules.srd5) built with ``DATA``, and
    its own space rule (``FiveE2024Space``)."""

    identity: ClassVar[Identity] = IDENTITY
    document: ClassVar[str] = SRD52
    grid_document: ClassVar[str] = SRD52
    seed_files: ClassVar[tuple[str, ...]] = (SRD52,)
    square_ft: ClassVar[int] = srd.SQUARE_FT
    circle_from_corner: ClassVar[bool] = srd.CIRCLE_FROM_CORNER
    sizes: ClassVar[tuple[Size, ...]] = srd.SIZES
    footprint_squares: ClassVar[Mapping[Size, int]] = srd.FOOTPRINTS
    provoke_rule: ClassVar[ProvokeRule] = "leave-reach"
    move_modes: ClassVar[tuple[str, ...]] = MOVE_MODES  # and teleport (Teleportation)
    vertical: ClassVar[VerticalRule] = srd.VERTICAL
    mount_rule: ClassVar[MountRule | None] = srd.MOUNT_RULE
    grapple_rule: ClassVar[GrappleRule | None] = srd.GRAPPLE_RULE
    readied_move: ClassVar[str | None] = srd.READIED_MOVE
    reaction_rule: ClassVar[ReactionRule | None] = srd.REACTION_RULE
    falling_section: ClassVar[str] = "SRD 5.2 › Rules Glossary › Fly Speed; Flying"
    traits: ClassVar[Mapping[str, str]] = srd_traits(SRD52)
    # both SRDs' Opportunity Attacks: "a hostile creature that you can see moves out of
    # your reach"; a blinded creature or an invisible mover: no attack (docs/RULINGS.md)
    sight_rule: ClassVar[str | None] = (
        "SRD 5.2 › Rules Glossary › Opportunity Attacks: a creature it can see"
    )
    inert_conditions: ClassVar[frozenset[Condition]] = frozenset()  # invisible: above
    granted_actions: ClassVar[Mapping[str, str]] = srd_granted("SRD 5.2")
    # SRD 5.2 Playing on a Grid › Corners: a diagonal can't cut the corner of a wall, a
    # large tree or any terrain feature that fills its space: every blocking square
    # (a pillar, tree or statue here fills its square; docs/RULINGS.md).
    solid_corners: ClassVar[frozenset[Terrain]] = frozenset(
        {Terrain.WALL, Terrain.EARTH, Terrain.PILLAR}
    )
    sharing_rule: ClassVar[str] = (
        "a creature can't willingly end its move in another creature's space "
        "(SRD 5.2 Moving Around Other Creatures)"
    )

    economy: SrdEconomy  # srd_move asks it (a readied move, a controlled mount)

    def __init__(self, diagonal_rule: str = "5") -> None:
        super().__init__()
        self.diagonal_rule = diagonal_rule if diagonal_rule in self.diagonal_rules else "5"
        self.diagonal_parity = self.diagonal_rule == "5-10-5"
        self.calculators = FiveE2024Calculators()
        self.economy = SrdEconomy(self, DATA)
        self.sheet = SrdSheet(self, DATA)
        self.steps = SrdSteps(self, DATA, self.diagonal_rule)
        self.space = FiveE2024Space(self)
        self.reach = SrdReach(self, self.diagonal_rule)
        self.conditions = SrdConditions(self, self.economy)

    def move(self, encounter: Encounter, request: MoveRequest) -> MoveResult:
        return srd_move(self, self.economy, encounter, request)


def allied(mover: Token, other: Token) -> bool:
    """SRD 5.2's ally: on the mover's side, which the board knows as the same team
    (tokens left without a team are all neutral, and pass each other as before)."""
    return mover.team == other.team
