"""5e-2024: the System Reference Document 5.2 (CC-BY-4.0): Playing the Game ›
Movement and Position (and its Rules Glossary: Difficult Terrain, Crawling, Prone,
Jumping, Falling, Travel Pace).

The grid is the SRDs' shared one (bot.rules.srd5.grid); what is 5.2's own is here:
every diagonal costs one square; a creature that is neither Tiny nor an ally, and an
opening sized for one size smaller, are difficult terrain (never more than +1); and a
creature may pass an ally, an Incapacitated or Tiny creature, or one two sizes apart.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

from bot.encounter import Condition, Token
from bot.grid.sizes import Size
from bot.grid.terrain import Terrain
from bot.names import Vocabulary
from bot.rules.engine.board import Board, Passing, hostile
from bot.rules.engine.moves import parse_plain_speed
from bot.rules.five_e_2024 import IDENTITY
from bot.rules.identity import Identity
from bot.rules.rulings import (
    FallRequest,
    FallResult,
    JumpRequest,
    JumpResult,
    TravelRequest,
    TravelResult,
)
from bot.rules.srd5 import falling, jumping, travel52
from bot.rules.srd5.cite import SRD52, srd_source
from bot.rules.srd5.economy import granted_actions as srd_granted
from bot.rules.srd5.grid import SrdRuleset, srd_traits


class FiveE2024(SrdRuleset):
    identity: ClassVar[Identity] = IDENTITY
    document: ClassVar[str] = SRD52
    grid_document: ClassVar[str] = SRD52
    seed_files: ClassVar[tuple[str, ...]] = (SRD52,)
    travel_names: ClassVar[Mapping[str, Vocabulary]] = travel52.TRAVEL_NAMES_52
    movement_section: ClassVar[str] = "Movement and Position"
    srd_name: ClassVar[str] = "SRD 5.2"
    conditions_section: ClassVar[str] = "Rules Glossary"
    bonus_section: ClassVar[str] = "Bonus Action"
    sight_rule: ClassVar[str | None] = (
        "SRD 5.2 › Rules Glossary › Opportunity Attacks: a creature it can see"
    )
    granted_actions: ClassVar[Mapping[str, str]] = srd_granted("SRD 5.2")
    teleport_section: ClassVar[str] = "Teleportation"
    falling_section: ClassVar[str] = "SRD 5.2 › Rules Glossary › Fly Speed; Flying"
    stunned_can_move: ClassVar[bool] = True  # Stunned: Incapacitated, no Speed 0
    drop_prone_needs_speed: ClassVar[bool] = True  # Prone: not at Speed 0
    incapacitated_grounds: ClassVar[bool] = True  # Flying: Incapacitated makes it fall
    traits: ClassVar[Mapping[str, str]] = srd_traits(SRD52)
    squeezing_is_extra: ClassVar[bool] = False
    every_creature_hampers: ClassVar[bool] = False
    exhaustion_minus_ft: ClassVar[int] = 5
    # SRD 5.2 Playing on a Grid › Corners: a diagonal can't cut the corner of a wall, a
    # large tree or any terrain feature that fills its space: every blocking square
    # (a pillar, tree or statue here fills its square; docs/RULINGS.md).
    solid_corners: ClassVar[frozenset[Terrain]] = frozenset(
        {Terrain.WALL, Terrain.EARTH, Terrain.PILLAR}
    )
    exhaustion_effect: ClassVar[str] = "5 ft less Speed per level (SRD 5.2 Exhaustion)"
    sharing_rule: ClassVar[str] = (
        "a creature can't willingly end its move in another creature's space "
        "(SRD 5.2 Moving Around Other Creatures)"
    )

    carrying_section: ClassVar[str] = "SRD 5.2 Rules Glossary › Carrying Capacity"
    armor_section: ClassVar[str] = "SRD 5.2 Equipment › Armor"
    jump_section: ClassVar[str] = "SRD 5.2 Rules Glossary › Long Jump"

    # ---------------------------------------------------------- calculators

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

    # ------------------------------------------------------------ on a grid

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


def allied(mover: Token, other: Token) -> bool:
    """SRD 5.2's ally: on the mover's side, which the board knows as the same team
    (tokens left without a team are all neutral, and pass each other as before)."""
    return mover.team == other.team
